/**
 * Password guesses on the status page, limited two ways.
 *
 * Per client (an IPv4 address, or an IPv6 /64: see client-key.ts): at most `maxFailures` wrong passwords in
 * `windowMs`, then every password attempt from that client answers 429 with `Retry-After` until the oldest
 * failure leaves the window. While a client is blocked its passwords are not even compared, so a blocked
 * guesser learns nothing. Only requests that carry a wrong password count: a browser's first request without
 * credentials (answered 401 to make it ask) costs nothing, and the right password resets nothing either, so an
 * attacker cannot interleave it.
 *
 * Across all clients: an attacker with many addresses gets `maxFailures` per address. Once `globalMaxFailures`
 * wrong passwords arrived within `windowMs` from anyone, password checks pause for `slowdownMs` (a short global
 * slowdown, not a lockout): it lifts by itself, and only a further wrong password while the window is still
 * full starts the next pause, so a distributed guesser gets about one guess per pause. A browser that proved the
 * password before (the caller says so: `trusted`, see known-browser.ts) is not paused, so a blogger already
 * logged in keeps the page during such an attack; the per-client limit applies to it all the same.
 *
 * A caller may split a client's count by `scope` (the host name the request was addressed to: hosts.ts
 * `hostScope`), so that a page rebinding its own name to this machine fills only its own bucket.
 *
 * Hand-written rather than express-rate-limit: the rule is "count wrong passwords, refuse before comparing",
 * which that library expresses only through response hooks after the comparison has run; the whole state is a
 * small in-memory map, bounded by `maxClients` (the oldest client is forgotten first).
 */
import { type Clock, systemClock } from '../clock.js';
import { clientKey } from './client-key.js';

export interface GuessLimitOptions {
  /** Wrong passwords allowed per client in one window (default 10). */
  maxFailures?: number;
  /** The window, in milliseconds (default one minute). */
  windowMs?: number;
  /** Wrong passwords from all clients together in one window before the global slowdown (default 100). */
  globalMaxFailures?: number;
  /** How long one global pause lasts, in milliseconds (default 5 s). */
  slowdownMs?: number;
  /** Clients remembered at once (default 10 000). */
  maxClients?: number;
  clock?: Clock;
}

/** Why a password is not compared now, and for how long. */
export type GuessBlock = { waitMs: number; scope: 'client' | 'everyone' };

export interface GuessLimiter {
  /**
   * Undefined when `client` (its address) may try a password now; else how long it must wait and whether it is
   * held back for its own guesses or by the global slowdown (which skips `trusted` browsers). `scope` splits the
   * client's count (see the module comment).
   */
  blocked(client: string, options?: { trusted?: boolean; scope?: string }): GuessBlock | undefined;
  /** Records one wrong password of `client` (in `scope`, when given). */
  failed(client: string, scope?: string): void;
}

export const DEFAULT_MAX_FAILURES = 10;
export const DEFAULT_WINDOW_MS = 60_000;
export const DEFAULT_GLOBAL_MAX_FAILURES = 100;
export const DEFAULT_SLOWDOWN_MS = 5_000;

export function createGuessLimiter(options: GuessLimitOptions = {}): GuessLimiter {
  const maxFailures = options.maxFailures ?? DEFAULT_MAX_FAILURES;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const globalMax = options.globalMaxFailures ?? DEFAULT_GLOBAL_MAX_FAILURES;
  const slowdownMs = options.slowdownMs ?? DEFAULT_SLOWDOWN_MS;
  const maxClients = options.maxClients ?? 10_000;
  const clock = options.clock ?? systemClock;
  /** Failure times per client key, oldest first; Map order = least recently failed first. */
  const failures = new Map<string, number[]>();
  /** The latest `globalMax` failure times of anyone, oldest first (older ones cannot matter). */
  const global: number[] = [];
  let pausedUntil = Number.NEGATIVE_INFINITY;

  const recent = (key: string): number[] => {
    const since = clock.now().getTime() - windowMs;
    const times = (failures.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };

  const keyOf = (client: string, scope: string | undefined): string =>
    scope === undefined ? clientKey(client) : `${clientKey(client)} ${scope}`;

  return {
    blocked(client, blockOptions = {}) {
      const times = recent(keyOf(client, blockOptions.scope));
      if (times.length >= maxFailures) {
        // Free again once enough failures have left the window for one more to fit.
        const freeAt = times[times.length - maxFailures]! + windowMs;
        return { waitMs: Math.max(1, freeAt - clock.now().getTime()), scope: 'client' };
      }
      const pause = pausedUntil - clock.now().getTime();
      if (pause > 0 && !blockOptions.trusted) return { waitMs: pause, scope: 'everyone' };
      return undefined;
    },
    failed(client, scope) {
      const key = keyOf(client, scope);
      const times = recent(key);
      const at = clock.now().getTime();
      times.push(at);
      failures.delete(key);
      failures.set(key, times);
      while (failures.size > maxClients) {
        const oldest = failures.keys().next().value;
        if (oldest === undefined) break;
        failures.delete(oldest);
      }
      global.push(at);
      if (global.length > globalMax) global.shift();
      if (global.length >= globalMax && global[0]! > at - windowMs) pausedUntil = at + slowdownMs;
    },
  };
}
