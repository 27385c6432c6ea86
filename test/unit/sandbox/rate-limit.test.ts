import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/sandbox/rate-limit.js';
import { fixedClock } from '../../helpers/clock.js';

describe('src/sandbox/rate-limit', () => {
  it('admits the limit per window, then refuses with the seconds until the reset', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(
      { limit: 3, windowMs: 60_000 },
      fixedClock(() => new Date(now)),
    );

    const admitted = [limiter.take('k'), limiter.take('k'), limiter.take('k')];
    now += 20_500;
    const refused = limiter.take('k');

    expect(admitted.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toBe(0);
    expect(refused.resetSeconds).toBe(Math.ceil((1_000_000 + 60_000) / 1000));
    expect(refused.retryAfterSeconds).toBe(40); // 39.5 s rounded up
  });

  it('opens a fresh window after the old one ended and keeps buckets apart', () => {
    let now = 0;
    const limiter = createRateLimiter(
      { limit: 2, windowMs: 1_000 },
      fixedClock(() => new Date(now)),
    );

    limiter.take('a');
    limiter.take('a');
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
    now = 1_000;
    const next = limiter.take('a');

    expect(next.allowed).toBe(true);
    expect(next.remaining).toBe(1);
    expect(limiter.maxAdmitted()).toEqual({ a: 2, b: 1 });
  });
});
