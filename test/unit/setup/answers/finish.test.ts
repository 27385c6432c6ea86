import { describe, expect, it } from 'vitest';
import { needsStatusPassword, StatusPassword } from '../../../../src/setup/answers/finish.js';
import { readAnswer } from '../../../../src/setup/answers/read.js';

describe('src/setup/answers/finish', () => {
  it.each([
    ['127.0.0.1', false],
    ['localhost', false],
    ['::1', false],
    ['0.0.0.0', true],
    ['192.168.1.5', true],
  ])('the status page on %s needs a password: %s', (host, needed) => {
    expect(needsStatusPassword(host)).toBe(needed);
  });

  it('a password of at least 12 characters', () => {
    expect(readAnswer(StatusPassword, 'twelve chars')).toEqual({ ok: true, value: 'twelve chars' });
    expect(readAnswer(StatusPassword, 'eleven char')).toEqual({
      ok: false,
      problem: { cs: 'Heslo musí mít aspoň 12 znaků.', en: 'The password must have at least 12 characters.' },
    });
  });
});
