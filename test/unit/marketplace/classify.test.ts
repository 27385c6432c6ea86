import { describe, expect, it } from 'vitest';
import {
  classifyNoAnswer,
  classifyResponse,
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
