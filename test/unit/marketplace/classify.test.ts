import { describe, expect, it } from 'vitest';
import {
  askedPause,
  boundedPauseMs,
  classifyNoAnswer,
  classifyResponse,
  DEFAULT_MAX_PAUSE_MS,
  isRetryableStatus,
  parseResetHeader,
  parseRetryAfter,
} from '../../../src/marketplace/classify.js';
import { redact } from '../../../src/redact.js';

const context = { method: 'GET', path: '/v1/deals/7' };
const NOW = Date.parse('2026-11-21T12:00:00Z');

function envelope(code: string, message = 'zpráva', support = 'PC-ABC123'): string {
  return JSON.stringify({ error: { code, message, support_code: support } });
}

describe('src/marketplace/classify', () => {
  it.each([
    ['120', 120_000],
    ['0', 0],
    ['1.5', 1_500],
    [' 3 ', 3_000],
    ['Sat, 21 Nov 2026 12:00:30 GMT', 30_000],
    ['Sat, 21 Nov 2026 11:59:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
    // Hostile or odd values: as asked (the cap comes later), or unreadable; never negative, never NaN.
    ['86400', 86_400_000],
    ['99999999999999999999', 1e23],
    ['-5', undefined], // Date.parse reads it as the year 2001
    ['1e20', undefined],
    ['Infinity', undefined],
    ['2026-11-21T12:01:00Z', 60_000],
  ])('parseRetryAfter(%j) → %j ms', (value, expected) => {
    // Act
    const ms = parseRetryAfter(value, NOW);

    // Assert
    expect(ms).toBe(expected);
  });

  it('parseResetHeader reads Unix seconds', () => {
    expect(parseResetHeader('1795000000')).toBe(1_795_000_000_000);
    expect(parseResetHeader('tomorrow')).toBeUndefined();
    expect(parseResetHeader(null)).toBeUndefined();
    // Beyond any date: `new Date(reset)` would be Invalid Date (and toISOString throw).
    expect(parseResetHeader('99999999999999999999')).toBeUndefined();
  });

  it.each([
    [86_400_000, 300_000, 300_000],
    [1_500, 300_000, 1_500],
    [1.2, 300_000, 2],
    [0, 300_000, 0],
    [-5, 300_000, 0],
    [Number.NaN, 300_000, 0],
    [Number.POSITIVE_INFINITY, 300_000, 300_000],
    [1e23, 300_000, 300_000],
    // A cap beyond what a timer holds (it would fire at once) is the timer's limit; a nonsense cap waits nothing.
    [1e23, 2 ** 40, 2 ** 31 - 1],
    [5_000, Number.NaN, 0],
  ])('boundedPauseMs(%j, %j) → %j', (asked, max, expected) => {
    expect(boundedPauseMs(asked, max)).toBe(expected);
  });

  it.each([
    ['Retry-After seconds', { 'retry-after': '86400' }, { askedMs: 86_400_000, reason: 'retry_after' }],
    [
      'Retry-After before X-RateLimit-Reset',
      { 'retry-after': '30', 'x-ratelimit-reset': String(NOW / 1000 + 90) },
      { askedMs: 30_000, reason: 'retry_after' },
    ],
    [
      'X-RateLimit-Reset a week ahead',
      { 'x-ratelimit-reset': String(NOW / 1000 + 7 * 86_400) },
      { askedMs: 7 * 86_400_000, reason: 'reset' },
    ],
    [
      'X-RateLimit-Reset in the past',
      { 'x-ratelimit-reset': String(NOW / 1000 - 60) },
      { askedMs: 0, reason: 'reset' },
    ],
    [
      'an absurd Retry-After',
      { 'retry-after': '9'.repeat(400) },
      { askedMs: 8.64e15, reason: 'retry_after' },
    ],
    ['garbage in both', { 'retry-after': 'soon', 'x-ratelimit-reset': 'later' }, undefined],
    ['neither header', {}, undefined],
  ])('askedPause: %s', (_name, headers, expected) => {
    expect(askedPause(new Headers(headers), NOW)).toEqual(expected);
  });

  it.each([
    [0, undefined, true],
    [400, 'spatny_parametr', false],
    [401, 'neplatny_klic', false],
    [404, 'nenalezeno', false],
    [408, undefined, true],
    [409, 'clanek_odevzdan', false],
    [409, 'ceka_na_schvaleni', true],
    [422, 'cizi_domena', false],
    [429, 'rate_limit', true],
    [500, 'server', true],
    [503, undefined, true],
  ])('isRetryableStatus(%i, %s) → %s', (status, code, expected) => {
    expect(isRetryableStatus(status, code)).toBe(expected);
  });

  it('reads the error envelope into code, message and support code', () => {
    // Act
    const error = classifyResponse(context, 409, new Headers(), envelope('clanek_odevzdan', 'Již odevzdáno'));

    // Assert
    expect(error).toMatchObject({
      status: 409,
      code: 'clanek_odevzdan',
      supportCode: 'PC-ABC123',
      method: 'GET',
      path: '/v1/deals/7',
      retryable: false,
    });
    expect(error.message).toBe(
      'Marketplace GET /v1/deals/7 failed: 409 clanek_odevzdan: Již odevzdáno (support code PC-ABC123)',
    );
  });

  it.each([
    ['<html>Bad gateway</html>'],
    [''],
    ['{"error": "string instead of object"}'],
    ['{"message": "no envelope"}'],
  ])('a body that is not the envelope (%j) gives code http_<status>', (body) => {
    // Act
    const error = classifyResponse(context, 502, new Headers(), body);

    // Assert
    expect(error.code).toBe('http_502');
    expect(error.retryable).toBe(true);
    expect(error.supportCode).toBeUndefined();
  });

  it('keeps an envelope whose optional parts are off', () => {
    // Act
    const error = classifyResponse(
      context,
      404,
      new Headers(),
      JSON.stringify({ error: { code: 'nenalezeno', message: 5, support_code: null, extra: true } }),
    );

    // Assert
    expect(error.code).toBe('nenalezeno');
    expect(error.supportCode).toBeUndefined();
  });

  it('a 429 without Retry-After falls back to X-RateLimit-Reset, then to the default', () => {
    // Arrange
    const withReset = new Headers({ 'x-ratelimit-reset': String((NOW + 12_000) / 1000) });

    // Act
    const fromReset = classifyResponse(context, 429, withReset, envelope('rate_limit'), { nowMs: NOW });
    const fromDefault = classifyResponse(context, 429, new Headers(), envelope('rate_limit'), {
      nowMs: NOW,
      defaultRetryAfterMs: 5_000,
    });

    // Assert
    expect(fromReset.retryAfterMs).toBe(12_000);
    expect(fromDefault.retryAfterMs).toBe(5_000);
  });

  it.each([
    ['Retry-After: 86400', { 'retry-after': '86400' }],
    ['Retry-After a year ahead', { 'retry-after': new Date(NOW + 365 * 86_400_000).toUTCString() }],
    ['X-RateLimit-Reset a day ahead', { 'x-ratelimit-reset': String(NOW / 1000 + 86_400) }],
  ])('a 429 asking for hours carries the capped pause: %s', (_name, headers) => {
    // Act
    const byDefault = classifyResponse(context, 429, new Headers(headers), envelope('rate_limit'), {
      nowMs: NOW,
    });
    const configured = classifyResponse(context, 429, new Headers(headers), envelope('rate_limit'), {
      nowMs: NOW,
      maxRetryAfterMs: 60_000,
    });

    // Assert
    expect(DEFAULT_MAX_PAUSE_MS).toBe(300_000);
    expect(byDefault.retryAfterMs).toBe(DEFAULT_MAX_PAUSE_MS);
    expect(configured.retryAfterMs).toBe(60_000);
  });

  it('the default pause of a 429 without headers is capped too', () => {
    // Act
    const error = classifyResponse(context, 429, new Headers(), envelope('rate_limit'), {
      nowMs: NOW,
      defaultRetryAfterMs: 5_000,
      maxRetryAfterMs: 1_000,
    });

    // Assert
    expect(error.retryAfterMs).toBe(1_000);
  });

  it('adds a fix-it hint to a rejected key', () => {
    const error = classifyResponse(context, 401, new Headers(), envelope('neplatny_klic', 'Neplatný klíč'));
    expect(error.message).toMatch(/set marketplace\.apiKey/);
  });

  it('redacts secrets echoed in a message', () => {
    // Act
    const error = classifyResponse(
      context,
      400,
      new Headers(),
      envelope('spatny_parametr', 'bad header Bearer sk-secret-key-1234'),
      { secrets: ['sk-secret-key-1234'] },
    );

    // Assert
    expect(error.message).not.toContain('sk-secret-key-1234');
    expect(error.message).toContain('[redacted]');
    expect(redact('abc', ['ab'])).toBe('abc'); // too short to be a secret worth hiding
  });

  it.each([
    ['timeout', /no answer within 50 ms/],
    ['aborted', /cancelled/],
    ['network', /ECONNREFUSED/],
  ] as const)('no answer (%s) is status 0 and retryable', (kind, message) => {
    // Arrange
    const cause = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
    });

    // Act
    const error = classifyNoAnswer(context, kind, cause, { timeoutMs: 50 });

    // Assert
    expect(error).toMatchObject({ status: 0, code: kind, retryable: true });
    expect(error.message).toMatch(message);
  });
});
