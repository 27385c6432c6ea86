import { describe, expect, it } from 'vitest';
import { KeyAnswer } from '../../../../src/setup/answers/key.js';
import { readAnswer } from '../../../../src/setup/answers/read.js';

function read(schema: Parameters<typeof readAnswer>[0], form: unknown) {
  const answer = readAnswer(schema, form);
  return answer.ok ? answer.value : { refused: answer.problem };
}

describe('src/setup/answers/key', () => {
  it.each([
    [
      'an address and a key, trimmed; no confirmation: no local address',
      { baseUrl: ' https://api.example.cz ', apiKey: ' mk_1 ' },
      { baseUrl: 'https://api.example.cz', apiKey: 'mk_1', allowLocal: false },
    ],
    [
      'a local address confirmed',
      { baseUrl: 'http://127.0.0.1:8090', apiKey: 'k', allowLocal: true },
      { baseUrl: 'http://127.0.0.1:8090', apiKey: 'k', allowLocal: true },
    ],
    [
      'the address is left to the engine (said with where it comes from)',
      { baseUrl: 'muj-blog.cz', apiKey: 'k' },
      { baseUrl: 'muj-blog.cz', apiKey: 'k', allowLocal: false },
    ],
    [
      'no key',
      { baseUrl: 'https://api.example.cz', apiKey: '  ' },
      { refused: { cs: 'Vložte API klíč k tržišti.', en: 'Paste the marketplace API key.' } },
    ],
    [
      'a key missing from the form',
      { baseUrl: 'https://api.example.cz' },
      { refused: { cs: 'Vložte API klíč k tržišti.', en: 'Paste the marketplace API key.' } },
    ],
  ])('key: %s', (_name, form, expected) => {
    expect(read(KeyAnswer, form)).toEqual(expected);
  });
});
