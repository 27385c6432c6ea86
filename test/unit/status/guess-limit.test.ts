import { describe, expect, it } from 'vitest';
import { createGuessLimiter } from '../../../src/status/guess-limit.js';

describe('src/status/guess-limit', () => {
  const setup = (maxClients?: number) => {
    let t = 1_000_000;
    const limiter = createGuessLimiter({
      maxFailures: 3,
      windowMs: 60_000,
      now: () => t,
      ...(maxClients === undefined ? {} : { maxClients }),
    });
    return { limiter, advance: (ms: number) => (t += ms) };
  };

  it('lets a client fail maxFailures times in a window, then blocks it until the oldest failure leaves', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.blockedFor('a')).toBe(0);
      limiter.failed('a');
      advance(10_000);
    }
    // Failures at 0 s, 10 s, 20 s; now 30 s: free again at 60 s.
    expect(limiter.blockedFor('a')).toBe(30_000);
    expect(limiter.blockedFor('b')).toBe(0);
    advance(29_999);
    expect(limiter.blockedFor('a')).toBe(1);
    advance(1);
    expect(limiter.blockedFor('a')).toBe(0);
    limiter.failed('a');
    // 10 s, 20 s and now 60 s are within the window again: blocked until 10 s + 60 s.
    expect(limiter.blockedFor('a')).toBe(10_000);
  });

  it('forgets the least recently failing client first beyond maxClients', () => {
    const { limiter } = setup(2);
    for (const client of ['a', 'a', 'a', 'b', 'c']) limiter.failed(client);
    // 'a' failed first and least recently: forgotten when 'c' arrived.
    expect(limiter.blockedFor('a')).toBe(0);
    limiter.failed('b');
    limiter.failed('b');
    expect(limiter.blockedFor('b')).toBeGreaterThan(0);
  });
});
