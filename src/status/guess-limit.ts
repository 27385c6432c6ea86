/**
 * Password guesses on the status page, limited per client address: at most `maxFailures` wrong passwords in
 * `windowMs`, then every password attempt from that address answers 429 with `Retry-After` until the oldest
 * failure leaves the window. While an address is blocked its passwords are not even compared, so a blocked
 * guesser learns nothing. Only requests that carry a wrong password count: a browser's first request without
 * credentials (answered 401 to make it ask) costs nothing, and the right password resets nothing either, so an
 * attacker cannot interleave it.
 *
 * Hand-written rather than express-rate-limit: the rule is "count wrong passwords, refuse before comparing",
 * which that library expresses only through response hooks after the comparison has run; the whole state is a
 * small in-memory map, bounded by `maxClients` (the oldest client is forgotten first).
 */
export interface GuessLimitOptions {
  /** Wrong passwords allowed per client in one window (default 10). */
  maxFailures?: number;
  /** The window, in milliseconds (default one minute). */
  windowMs?: number;
  /** Clients remembered at once (default 10 000). */
  maxClients?: number;
  now?: () => number;
}

export interface GuessLimiter {
  /** Milliseconds until `client` may try a password again; 0 when it may now. */
  blockedFor(client: string): number;
  /** Records one wrong password of `client`. */
  failed(client: string): void;
}

export const DEFAULT_MAX_FAILURES = 10;
export const DEFAULT_WINDOW_MS = 60_000;

export function createGuessLimiter(options: GuessLimitOptions = {}): GuessLimiter {
  const maxFailures = options.maxFailures ?? DEFAULT_MAX_FAILURES;
  const windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
  const maxClients = options.maxClients ?? 10_000;
  const now = options.now ?? Date.now;
  /** Failure times per client, oldest first; Map order = least recently failed first. */
  const failures = new Map<string, number[]>();

  const recent = (client: string): number[] => {
    const since = now() - windowMs;
    const times = (failures.get(client) ?? []).filter((t) => t > since);
    if (times.length === 0) failures.delete(client);
    else failures.set(client, times);
    return times;
  };

  return {
    blockedFor(client) {
      const times = recent(client);
      if (times.length < maxFailures) return 0;
      // Free again once enough failures have left the window for one more to fit.
      const freeAt = times[times.length - maxFailures]! + windowMs;
      return Math.max(1, freeAt - now());
    },
    failed(client) {
      const times = recent(client);
      times.push(now());
      failures.delete(client);
      failures.set(client, times);
      while (failures.size > maxClients) {
        const oldest = failures.keys().next().value;
        if (oldest === undefined) break;
        failures.delete(oldest);
      }
    },
  };
}
