/**
 * The marketplace's request budget (60 a minute per key), shared through Redis by every process that uses the
 * key.
 *
 * Design: a sliding-window log. Every granted request is a member of a sorted set scored by the Redis clock
 * (`TIME`, so all processes share one clock). One Lua script checks and records atomically: a slot is granted
 * only if fewer than `limit` were granted in the last `windowMs` (plus a small safety margin, see below). That
 * bounds the count in ANY window of that length, so whatever window the server uses (fixed, sliding, bucket)
 * normal operation never provokes a 429.
 *
 * Two more inputs, both learned from the server:
 * - ceiling: `observe()` reads `X-RateLimit-Remaining`/`-Reset`; when the server counts more than we granted
 *   (someone else uses the key), the server's remaining count becomes a ceiling until its reset time, and each
 *   grant spends one.
 * - penalty: `penalize()` after a 429 stops every process until now + Retry-After.
 *
 * Low-priority callers (background sweeps) may fill only `limit * (1 - lowPriorityReserve)` of the window, so the
 * live pipeline always finds a slot soon.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { RequestPriority } from './api.js';
import { parseResetHeader } from './classify.js';
import { sleep } from './http.js';
import { runAcquire, runObserve, runPenalize, runSnapshot } from './rate-limit-scripts.js';

export interface RateLimitSnapshot {
  limit: number;
  /** Requests that may start now (0 while a 429 penalty runs). */
  remaining: number;
  /** When the next slot frees up (the oldest counted request leaves the window, or the penalty/ceiling ends);
   * now when nothing is counted. */
  resetAt: Date;
  /** The last pause the marketplace asked for (Retry-After, Reset), as asked and as kept to (capped). */
  pause?: { until: Date; askedMs: number; cappedMs: number; reason: 'retry_after' | 'reset'; at: Date };
}

export interface RateLimiter {
  /** Waits (abortable, no busy-spin) until a request slot is granted, then records it. */
  acquire(priority?: RequestPriority, signal?: AbortSignal): Promise<void>;
  /** Resyncs with the server's view after an answer (`X-RateLimit-Remaining`, `X-RateLimit-Reset`). */
  observe(headers: Headers, status: number, options?: { elapsedMs?: number }): Promise<void>;
  /** After a 429: nobody acquires until now + retryAfterMs. */
  penalize(retryAfterMs: number): Promise<void>;
  snapshot(): Promise<RateLimitSnapshot>;
}

export interface RateLimiterOptions {
  redis: Redis;
  /** Redis key prefix, e.g. from `rateLimitKey(prefix, apiKey)`; never the raw API key. */
  key: string;
  limit: number;
  windowMs: number;
  log?: Logger;
  /** Fraction of the window kept for high/normal priority; low priority may use the rest. Default 0.2. */
  lowPriorityReserve?: number;
  /**
   * Added to the window. We stamp a slot when it is granted; the server counts the request when it arrives,
   * a few milliseconds later and with varying delay. Without a margin two requests granted exactly `windowMs`
   * apart could land inside one server window. Default: 2 % of the window, within 100 ms .. 1 s (and at most
   * 10 % of the window): 1 s for the real 60 s window.
   */
  safetyMarginMs?: number;
}

/** `${prefix}:ratelimit:<first 12 hex of sha256(apiKey)>`: one budget per key, without storing the key. */
export function rateLimitKey(prefix: string, apiKey: string): string {
  return `${prefix}:ratelimit:${createHash('sha256').update(apiKey).digest('hex').slice(0, 12)}`;
}

/**
 * Waiters wake when the slot they were told about frees; a little jitter, smaller for higher priority, spreads
 * them so the live pipeline tends to win a freed slot over background work.
 */
const JITTER_MS: Record<RequestPriority, [number, number]> = {
  high: [0, 3],
  normal: [2, 10],
  low: [10, 30],
};

function jitter(priority: RequestPriority): number {
  const [min, max] = JITTER_MS[priority];
  return min + Math.floor(Math.random() * (max - min + 1));
}

/** 2 % of the window, but at least 100 ms (delays are absolute, not proportional), at most 1 s and 10 %. */
export function defaultSafetyMargin(windowMs: number): number {
  return Math.round(Math.min(windowMs * 0.1, Math.max(100, Math.min(1000, windowMs * 0.02))));
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { redis, limit, windowMs, log } = options;
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError('rate limiter: limit must be an integer ≥ 1');
  if (!(windowMs > 0)) throw new RangeError('rate limiter: windowMs must be > 0');
  const reserve = options.lowPriorityReserve ?? 0.2;
  if (!(reserve >= 0 && reserve < 1))
    throw new RangeError('rate limiter: lowPriorityReserve must be in [0, 1)');

  const margin = options.safetyMarginMs ?? defaultSafetyMargin(windowMs);
  const effectiveWindow = Math.ceil(windowMs + margin);
  // Slots kept free of low-priority work; low priority always keeps at least one usable slot.
  const reserveSlots = Math.min(limit - 1, Math.ceil(limit * reserve));
  const keys = {
    log: `${options.key}:log`,
    ceiling: `${options.key}:ceiling`,
    penalty: `${options.key}:penalty`,
  };
  let warnedLimit = false;

  return {
    async acquire(priority = 'normal', signal) {
      const cap = priority === 'low' ? limit - reserveSlots : limit;
      const ceilingKeep = priority === 'low' ? reserveSlots : 0;
      const member = `${Date.now()}-${randomUUID()}`;
      for (let attempt = 0; ; attempt++) {
        signal?.throwIfAborted();
        const reply = await runAcquire(
          redis,
          [keys.log, keys.ceiling, keys.penalty],
          [effectiveWindow, cap, ceilingKeep, member],
        );
        const wait = Number(reply[0]);
        const reason = String(reply[1]);
        if (!Number.isFinite(wait)) throw new Error('rate limiter: unexpected reply from Redis');
        if (wait <= 0) return;
        if (attempt === 0) log?.debug({ priority, waitMs: wait, reason }, 'rate limit: waiting for a slot');
        await sleep(wait + jitter(priority), signal);
      }
    },

    async observe(headers, _status, observeOptions = {}) {
      const serverLimit = Number(headers.get('x-ratelimit-limit') ?? Number.NaN);
      if (!warnedLimit && Number.isFinite(serverLimit) && serverLimit < limit) {
        warnedLimit = true;
        log?.warn(
          { serverLimit, limit },
          'rate limit: the marketplace allows fewer requests than configured; lower marketplace.requestsPerMinute',
        );
      }
      const remainingHeader = headers.get('x-ratelimit-remaining');
      if (remainingHeader === null || !/^\s*\d+\s*$/.test(remainingHeader)) return;
      const reset = parseResetHeader(headers.get('x-ratelimit-reset')) ?? 0;
      const [stored, value] = (
        await runObserve(
          redis,
          [keys.log, keys.ceiling],
          [
            limit,
            effectiveWindow,
            Number(remainingHeader),
            reset,
            Math.max(0, Math.ceil(observeOptions.elapsedMs ?? 0)),
          ],
        )
      ).map(Number);
      if (stored === 1) {
        log?.info(
          { serverRemaining: value, resetAt: reset ? new Date(reset).toISOString() : undefined },
          'rate limit: the marketplace counts more requests than we sent (another client of the key?); following its count',
        );
      }
    },

    async penalize(retryAfterMs) {
      const ms = Math.max(1, Math.ceil(retryAfterMs));
      await runPenalize(redis, [keys.penalty], [ms]);
      log?.warn({ retryAfterMs: ms }, 'rate limit: the marketplace answered 429; pausing all requests');
    },

    async snapshot() {
      const reply = await runSnapshot(redis, [keys.log, keys.ceiling, keys.penalty], [effectiveWindow]);
      const [now = 0, count = 0, oldest = -1, ceiling = -1, ceilingTtl = -1, penaltyTtl = -1] =
        reply.map(Number);
      let remaining = Math.max(0, limit - count);
      let resetAt = oldest >= 0 ? oldest + effectiveWindow : now;
      if (ceiling >= 0 && ceiling < remaining) {
        remaining = ceiling;
        if (ceiling === 0 && ceilingTtl > 0) resetAt = Math.max(resetAt, now + ceilingTtl);
      }
      if (penaltyTtl > 0) {
        remaining = 0;
        resetAt = Math.max(resetAt, now + penaltyTtl);
      }
      return { limit, remaining, resetAt: new Date(resetAt) };
    },
  };
}
