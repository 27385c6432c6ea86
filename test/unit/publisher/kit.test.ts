import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formatServiceDateTime as marketplaceDateTime,
  toIsoWithServiceOffset as marketplaceIso,
  SERVICE_TIME_ZONE,
} from '../../../src/marketplace/schema.js';
import {
  categoriesOption,
  formatServiceDateTime,
  networkReason,
  PUBLISH_TIME_ZONE,
  pickCategory,
  plainText,
  readProgress,
  redact,
  safeSlug,
  toIsoWithServiceOffset,
} from '../../../src/publisher/kit/index.js';

describe('plugin kit', () => {
  it('names a known system error code anywhere in the cause chain, with the plugin’s hint first', () => {
    // Arrange
    const refused = new Error('fetch failed', {
      cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
    });
    const dns = Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' });

    // Act / Assert
    expect(networkReason(refused)).toBe('connection refused [ECONNREFUSED]');
    expect(networkReason(dns, { ENOTFOUND: 'host name not found (check the option url)' })).toBe(
      'host name not found (check the option url) [ENOTFOUND]',
    );
    expect(networkReason(new Error('outer', { cause: new Error('inner words') }))).toBe('inner words');
    expect(networkReason(undefined)).toBe('no answer');
  });

  it('says a time limit ran out (AbortSignal.timeout), also when it is the cause of a fetch failure', () => {
    // Arrange
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');

    // Act / Assert
    expect(networkReason(timeout)).toBe('no answer in time (timeout)');
    expect(networkReason(new TypeError('fetch failed', { cause: timeout }))).toBe(
      'no answer in time (timeout)',
    );
  });

  it('makes taken-over text one short line and removes secrets from it', () => {
    expect(plainText(`  a\n\n b ${'x'.repeat(400)}`)).toHaveLength(300);
    expect(plainText(' a \n b ')).toBe('a b');
    expect(redact('token abcd1234 and abc', ['abcd1234', 'abc'])).toBe('token [redacted] and abc');
  });

  it('keeps a plain slug and makes any other into one', () => {
    expect(safeSlug('vylet-do-tater')).toBe('vylet-do-tater');
    expect(safeSlug('Výlet do Tater!')).toBe('vylet-do-tater');
    expect(safeSlug('a'.repeat(121))).not.toHaveLength(121);
  });

  it('reads recorded progress through the plugin’s schema, unreadable as nothing', () => {
    const Progress = z.object({ postId: z.number().optional() });
    expect(readProgress(Progress, { postId: 5, other: 'x' })).toEqual({ postId: 5 });
    expect(readProgress(Progress, { postId: 'five' })).toEqual({});
  });

  it('parses the categories option and picks a deal’s category through it', () => {
    // Arrange
    const option = categoriesOption(z.number().int().positive(), (n) => n, 'a term id, e.g. { 12: 5 }');

    // Act
    const map = option.parse({ ' 12 ': 5 });
    const bad = option.safeParse({ twelve: 5 });
    const word = option.safeParse('names');

    // Assert
    expect(map).toEqual(new Map([[12, 5]]));
    expect(option.parse('identity')).toBe('identity');
    expect(bad.error?.issues[0]?.message).toBe('keys must be marketplace category ids (whole numbers)');
    expect(word.error?.issues[0]?.message).toBe(
      `must be 'identity' or a map from marketplace category id to a term id, e.g. { 12: 5 } (found "names")`,
    );
    expect(pickCategory(map, 12, (id) => id)).toEqual({ source: 'mapped', value: 5 });
    expect(pickCategory(map, 13, (id) => id)).toEqual({ source: 'fallback', unknown: true });
    expect(pickCategory(map, null, (id) => id)).toEqual({ source: 'fallback', unknown: false });
    expect(pickCategory('identity', 13, (id) => id)).toEqual({ source: 'identity', value: 13 });
  });

  it.each([
    ['winter', '2026-11-21T22:40:00Z', '2026-11-21 23:40:00', '2026-11-21T23:40:00+01:00'],
    ['summer', '2026-07-01T10:00:00Z', '2026-07-01 12:00:00', '2026-07-01T12:00:00+02:00'],
  ])(
    'writes dates on the Prague wall clock, as the marketplace does (%s)',
    (_season, iso, wall, withOffset) => {
      // Arrange
      const date = new Date(iso);

      // Act
      const written = [formatServiceDateTime(date), toIsoWithServiceOffset(date)];

      // Assert
      expect(written).toEqual([wall, withOffset]);
      expect(written).toEqual([marketplaceDateTime(date), marketplaceIso(date)]);
      expect(PUBLISH_TIME_ZONE).toBe(SERVICE_TIME_ZONE);
    },
  );
});
