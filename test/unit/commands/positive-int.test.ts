/** The CLI's deal ids (src/commands/context.ts `positiveInt`): digits only, so `1e3` is not deal 1000. */
import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { positiveInt } from '../../../src/commands/context.js';

describe('positiveInt', () => {
  it('takes a positive whole number written in digits', () => {
    expect(positiveInt('1001')).toBe(1001);
    expect(positiveInt(' 7 ')).toBe(7);
    expect(positiveInt('007')).toBe(7);
  });

  it('refuses what Number() would read as something else, with the usage error', () => {
    for (const bad of ['1e3', '0x10', '-1', '0', '1.0', '', 'abc', '1234567890123456', '9'.repeat(20)])
      expect(() => positiveInt(bad), bad).toThrow(InvalidArgumentError);
  });
});
