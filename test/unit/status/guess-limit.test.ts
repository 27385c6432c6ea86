import { describe, expect, it } from 'vitest';
import { clientKey } from '../../../src/status/client-key.js';
import {
  createGuessLimiter,
  DEFAULT_GLOBAL_MAX_FAILURES,
  DEFAULT_SLOWDOWN_MS,
} from '../../../src/status/guess-limit.js';
import { fixedClock } from '../../helpers/clock.js';

describe('src/status/guess-limit', () => {
  const setup = (options: { maxClients?: number; globalMaxFailures?: number } = {}) => {
    let t = 1_000_000;
    const limiter = createGuessLimiter({
      maxFailures: 3,
      windowMs: 60_000,
      clock: fixedClock(() => new Date(t)),
      ...options,
    });
    return { limiter, advance: (ms: number) => (t += ms) };
  };
  const waitOf = (block: { waitMs: number } | undefined) => block?.waitMs ?? 0;

  it('lets a client fail maxFailures times in a window, then blocks it until the oldest failure leaves', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.blocked('192.0.2.1')).toBeUndefined();
      limiter.failed('192.0.2.1');
      advance(10_000);
    }
    // Failures at 0 s, 10 s, 20 s; now 30 s: free again at 60 s.
    expect(limiter.blocked('192.0.2.1')).toEqual({ waitMs: 30_000, scope: 'client' });
    expect(limiter.blocked('192.0.2.2')).toBeUndefined();
    advance(29_999);
    expect(waitOf(limiter.blocked('192.0.2.1'))).toBe(1);
    advance(1);
    expect(limiter.blocked('192.0.2.1')).toBeUndefined();
    limiter.failed('192.0.2.1');
    // 10 s, 20 s and now 60 s are within the window again: blocked until 10 s + 60 s.
    expect(waitOf(limiter.blocked('192.0.2.1'))).toBe(10_000);
  });

  it('a browser that knew the password before is held back by its own guesses all the same', () => {
    const { limiter } = setup();
    for (let i = 0; i < 3; i += 1) limiter.failed('192.0.2.1');
    expect(limiter.blocked('192.0.2.1', { trusted: true })?.scope).toBe('client');
  });

  it('forgets the least recently failing client first beyond maxClients', () => {
    const { limiter } = setup({ maxClients: 2 });
    for (const client of ['10.0.0.1', '10.0.0.1', '10.0.0.1', '10.0.0.2', '10.0.0.3']) limiter.failed(client);
    // 10.0.0.1 failed first and least recently: forgotten when 10.0.0.3 arrived.
    expect(limiter.blocked('10.0.0.1')).toBeUndefined();
    limiter.failed('10.0.0.2');
    limiter.failed('10.0.0.2');
    expect(limiter.blocked('10.0.0.2')?.scope).toBe('client');
  });

  it('counts an IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 address', () => {
    const { limiter } = setup();
    limiter.failed('2001:db8:1:2::1');
    limiter.failed('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    limiter.failed('2001:0db8:0001:0002:ffff::9');
    expect(limiter.blocked('2001:db8:1:2::42')?.scope).toBe('client');
    expect(limiter.blocked('2001:db8:1:3::1')).toBeUndefined();

    limiter.failed('::ffff:198.51.100.7');
    limiter.failed('198.51.100.7');
    limiter.failed('::ffff:c633:6407');
    expect(limiter.blocked('198.51.100.7')?.scope).toBe('client');
    expect(limiter.blocked('::ffff:198.51.100.7')?.scope).toBe('client');
  });

  it('pauses every untrusted password check for a few seconds once many clients failed, and lifts by itself', () => {
    const { limiter, advance } = setup({ globalMaxFailures: 5 });
    // Five attackers, one guess each: none is over its own limit.
    for (let i = 1; i <= 4; i += 1) limiter.failed(`203.0.113.${i}`);
    expect(limiter.blocked('198.51.100.1')).toBeUndefined();
    limiter.failed('203.0.113.5');

    expect(limiter.blocked('198.51.100.1')).toEqual({ waitMs: DEFAULT_SLOWDOWN_MS, scope: 'everyone' });
    expect(limiter.blocked('198.51.100.1', { trusted: true })).toBeUndefined();
    advance(DEFAULT_SLOWDOWN_MS - 1);
    expect(waitOf(limiter.blocked('198.51.100.1'))).toBe(1);
    advance(1);
    // Lifted: no lockout, even though the window is still full.
    expect(limiter.blocked('198.51.100.1')).toBeUndefined();
    // One more wrong password while the window is full pauses again …
    limiter.failed('203.0.113.6');
    expect(limiter.blocked('198.51.100.1')?.scope).toBe('everyone');
    // … but once the minute has passed without a pause-starting failure, a wrong password pauses nothing.
    advance(60_000);
    limiter.failed('203.0.113.7');
    expect(limiter.blocked('198.51.100.1')).toBeUndefined();
  });

  it('uses 100 wrong passwords a minute and 5 s pauses by default', () => {
    let t = 0;
    const limiter = createGuessLimiter({ clock: fixedClock(() => new Date(t)) });
    for (let i = 0; i < DEFAULT_GLOBAL_MAX_FAILURES - 1; i += 1) limiter.failed(`10.1.${i >> 8}.${i & 255}`);
    t += 1_000;
    expect(limiter.blocked('192.0.2.9')).toBeUndefined();
    limiter.failed('10.2.0.1');
    expect(limiter.blocked('192.0.2.9')).toEqual({ waitMs: 5_000, scope: 'everyone' });
  });
});

describe('src/status/client-key', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::FFFF:C000:0207', '192.0.2.7'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:ffff:ffff:ffff:ffff', '2001:db8:0:0::/64'],
    ['2001:DB8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.7', '64:ff9b:0:0::/64'],
    ['not an address', 'not an address'],
  ])('%s counts as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
