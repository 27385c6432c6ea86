/**
 * The service's per-key request limit, as a fixed window: the first request after a window has ended opens the
 * next one. The sandbox also remembers the most requests it admitted in any one window per key, which is what
 * benchmarks and the daemon's limiter tests want to prove (the daemon must never be the one that trips it).
 */
import { type Clock, systemClock } from '../clock.js';
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix time in seconds when the window resets (`X-RateLimit-Reset`). */
  resetSeconds: number;
  /** Whole seconds until the reset, at least 1 (`Retry-After`). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  take(bucket: string): RateLimitDecision;
  /** Most requests admitted in any window, per bucket. */
  maxAdmitted(): Record<string, number>;
  reset(): void;
}

interface Window {
  startedAt: number;
  admitted: number;
}

export function createRateLimiter(
  settings: { limit: number; windowMs: number },
  clock: Clock = systemClock,
): RateLimiter {
  const windows = new Map<string, Window>();
  const peaks = new Map<string, number>();

  return {
    take(bucket) {
      const at = clock.now().getTime();
      let window = windows.get(bucket);
      if (!window || at >= window.startedAt + settings.windowMs) {
        window = { startedAt: at, admitted: 0 };
        windows.set(bucket, window);
      }
      const resetAt = window.startedAt + settings.windowMs;
      const allowed = window.admitted < settings.limit;
      if (allowed) {
        window.admitted += 1;
        peaks.set(bucket, Math.max(peaks.get(bucket) ?? 0, window.admitted));
      }
      return {
        allowed,
        limit: settings.limit,
        remaining: Math.max(0, settings.limit - window.admitted),
        resetSeconds: Math.ceil(resetAt / 1000),
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt - at) / 1000)),
      };
    },
    maxAdmitted() {
      return Object.fromEntries(peaks);
    },
    reset() {
      windows.clear();
      peaks.clear();
    },
  };
}
