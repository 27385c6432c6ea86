import { describe, expect, it } from 'vitest';
import { IntakeAnswer, proposedWebhookPort, webhookListen } from '../../../../src/setup/answers/intake.js';
import { readAnswer } from '../../../../src/setup/answers/read.js';

function read(proposed: { port: number; host?: string }, form: unknown) {
  const answer = readAnswer(IntakeAnswer(proposed), form);
  return answer.ok ? answer.value : { refused: answer.problem };
}

const PORT = {
  cs: 'Port musí být celé číslo od 1 do 65535.',
  en: 'The port must be a whole number from 1 to 65535.',
};
const URL = { cs: 'Pro webhook zadejte adresu https://…', en: 'For a webhook enter an https://… address' };

describe('src/setup/answers/intake', () => {
  it.each([
    ['nothing chosen: the poll, the proposed port', {}, { mode: 'poll', listen: { port: 8080 } }],
    [
      'the poll with a port typed',
      { mode: 'poll', port: ' 9100 ' },
      { mode: 'poll', listen: { port: 9100 } },
    ],
    [
      'a webhook at an https address',
      { mode: 'webhook', webhookUrl: 'https://hook.jana.cz/webhook', port: '' },
      { mode: 'webhook', webhookUrl: 'https://hook.jana.cz/webhook', listen: { port: 8080 } },
    ],
    ['a webhook over plain http', { mode: 'webhook', webhookUrl: 'http://hook.jana.cz/' }, { refused: URL }],
    ['a webhook without an address', { mode: 'webhook', webhookUrl: '' }, { refused: URL }],
    ['a webhook address with a space', { mode: 'webhook', webhookUrl: 'https://a b.cz/' }, { refused: URL }],
    ['a port out of range', { mode: 'poll', port: '99999' }, { refused: PORT }],
    ['a port 0 typed', { mode: 'poll', port: '0' }, { refused: PORT }],
    ['a port that is no number', { mode: 'poll', port: '80a' }, { refused: PORT }],
    [
      'another mode',
      { mode: 'both' },
      { refused: { cs: 'Příjem obchodů: zvolte poll nebo webhook.', en: 'Intake: choose poll or webhook.' } },
    ],
  ])('%s', (_name, form, expected) => {
    expect(read({ port: 8080 }, form)).toEqual(expected);
  });

  it('keeps a proposed port 0 (a test: any free port) and the address given beforehand', () => {
    expect(read({ port: 0, host: '127.0.0.1' }, { mode: 'poll', port: '' })).toEqual({
      mode: 'poll',
      listen: { host: '127.0.0.1', port: 0 },
    });
    expect(read({ port: 0 }, { mode: 'poll', port: '0' })).toEqual({ mode: 'poll', listen: { port: 0 } });
  });

  it('proposes the first port given, else the default', () => {
    expect(proposedWebhookPort(undefined, 9000, 9001)).toBe(9000);
    expect(proposedWebhookPort(undefined, undefined)).toBe(8080);
  });

  it.each([
    ['poll: loopback', { mode: 'poll' }, { host: '127.0.0.1', port: 8080 }],
    [
      'webhook: every address',
      { mode: 'webhook', webhookUrl: 'https://x.cz' },
      { host: '0.0.0.0', port: 8080 },
    ],
    [
      'as answered',
      { mode: 'webhook', listen: { host: '10.0.0.2', port: 9 } },
      { host: '10.0.0.2', port: 9 },
    ],
  ] as const)('the listener when nobody said: %s', (_name, intake, expected) => {
    expect(webhookListen(intake)).toEqual(expected);
  });
});
