import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/i18n/index.js';
import { verifyPublicUrl } from '../../../src/pipeline/verify.js';
import { fakeClock, scriptedFetch } from './fakes.js';

const start = new Date('2026-05-01T10:00:00.000Z');
const settings = { initialBackoffMs: 1_000, maxBackoffMs: 8_000, requestTimeoutMs: 5_000 };
const url = 'https://blog.example.cz/clanek/';

describe('src/pipeline/verify', () => {
  it('asks again with exponential backoff until the URL answers 200', async () => {
    const clock = fakeClock(start);
    const fetch = scriptedFetch([404, 503, new TypeError('fetch failed'), 200]);
    const misses: Array<[number, number]> = [];

    const result = await verifyPublicUrl({
      url,
      deadlineMs: start.getTime() + 60_000,
      settings,
      clock,
      fetch,
      signal: new AbortController().signal,
      onMiss: (miss) => misses.push([miss.status, miss.nextInMs]),
    });

    expect(result).toEqual({ ok: true, tries: 4, finalUrl: url });
    expect(clock.sleeps).toEqual([1_000, 2_000, 4_000]);
    expect(misses).toEqual([
      [404, 1_000],
      [503, 2_000],
      [0, 4_000],
    ]);
    expect(fetch.urls).toEqual([url, url, url, url]);
  });

  it('caps the pause at maxBackoffMs', async () => {
    const clock = fakeClock(start);
    const fetch = scriptedFetch([404, 404, 404, 404, 404, 404, 200]);

    await verifyPublicUrl({
      url,
      deadlineMs: start.getTime() + 3_600_000,
      settings,
      clock,
      fetch,
      signal: new AbortController().signal,
    });

    expect(clock.sleeps).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it('never waits past the deadline and reports the last answer', async () => {
    const clock = fakeClock(start);
    const fetch = scriptedFetch([404]);
    const deadlineMs = start.getTime() + 10_000;

    const result = await verifyPublicUrl({
      url,
      deadlineMs,
      settings,
      clock,
      fetch,
      signal: new AbortController().signal,
    });

    expect(result).toEqual({ ok: false, tries: 5, status: 404 });
    // 1 + 2 + 4 = 7 s, then only the 3 s left; the last try happens at the deadline.
    expect(clock.sleeps).toEqual([1_000, 2_000, 4_000, 3_000]);
    expect(clock.now().getTime()).toBe(deadlineMs);
  });

  it('tries once and stops when the deadline already passed', async () => {
    const clock = fakeClock(start);
    const fetch = scriptedFetch([500]);

    const result = await verifyPublicUrl({
      url,
      deadlineMs: start.getTime() - 1,
      settings,
      clock,
      fetch,
      signal: new AbortController().signal,
    });

    expect(result).toMatchObject({ ok: false, tries: 1, status: 500 });
    expect(clock.sleeps).toEqual([]);
  });

  it('describes a network error without an answer, in English and as the phrase a Czech page says', async () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
    });
    const result = await verifyPublicUrl({
      url,
      deadlineMs: start.getTime(),
      settings,
      clock: fakeClock(start),
      fetch: scriptedFetch([refused]),
      signal: new AbortController().signal,
    });
    expect(result).toEqual({
      ok: false,
      tries: 1,
      status: 0,
      error: 'connection refused [ECONNREFUSED]',
      errorSaid: {
        key: 'net.reason',
        params: { reason: { key: 'net.code.ECONNREFUSED' }, code: 'ECONNREFUSED' },
      },
    });
    if (result.ok || !result.errorSaid) throw new Error('no phrase');
    expect(createTranslator('cs').say(result.errorSaid)).toBe('spojení odmítnuto [ECONNREFUSED]');
    expect(createTranslator('en').say(result.errorSaid)).toBe(result.error);
  });

  it('stops at once when the job is aborted', async () => {
    const controller = new AbortController();
    const fetch = Object.assign(
      async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      },
      { urls: [] },
    ) as unknown as typeof globalThis.fetch;

    await expect(
      verifyPublicUrl({
        url,
        deadlineMs: start.getTime() + 60_000,
        settings,
        clock: fakeClock(start),
        fetch,
        signal: controller.signal,
      }),
    ).rejects.toThrow(/aborted/);
  });
});
