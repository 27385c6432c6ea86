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
 *   grant spends one. In the first window after this limiter was created that is expected rather than odd: the
 *   server's window still holds what was sent before this process counted in Redis, above all the setup's own
 *   requests (it runs before a config or Redis exists: src/setup/marketplace.ts), so it is only a debug line.
 * - penalty: `penalize()` after a 429 stops every process until now + Retry-After, at most `maxPauseMs`
 *   (5 minutes): a deal has 60, so a header asking for hours is never honoured in full. What the server asked is
 *   kept beside the penalty for the snapshot (`pause`), so every process and the status page can say so.
 *
 * Every wait is slept in slices of `waitSliceMs` (2 s) that run the check again, so a pause shortened or removed
 * in Redis (another process, an operator deleting the key) is seen within a slice, whatever this process was told.
 *
 * Low-priority callers (background sweeps) may fill only `limit * (1 - lowPriorityReserve)` of the window, so the
 * live pipeline always finds a slot soon.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { RequestPriority } from './api.js';
import {
  boundedPauseMs,
  DEFAULT_MAX_PAUSE_MS,
  MAX_DATE_MS,
  parseResetHeader,
  type ServerPause,
} from './classify.js';
import { sleep } from './http.js';
import { runAcquire, runObserve, runPenalize, runSnapshot } from './rate-limit-scripts.js';

export interface RateLimitSnapshot {
  limit: number;
  /** Requests that may start now (0 while a 429 penalty runs). */
  remaining: number;
  /** When the next slot frees up (the oldest counted request leaves the window, or the penalty/ceiling ends);
   * now when nothing is counted. */
  resetAt: Date;
  /**
   * The last pause the marketplace asked for (a 429's `Retry-After`, or its `X-RateLimit-Reset`), read from
   * Redis, so every process sees it. Present from the 429 for as long as the asked pause would have lasted (at
   * least the capped pause, at most `PAUSE_MEMORY_MAX_MS`); absent when no 429 named a pause in that time.
   */
  pause?: RateLimitPause;
}

/** A server-asked pause as the limiter recorded it. */
export interface RateLimitPause {
  /**
   * When pressbridge tries again: `at + cappedMs`, or earlier when the penalty was removed in Redis meanwhile. Not
   * after now: the pause is over (the record stays, so `askedMs` still tells what the server wanted).
   */
  until: Date;
  /** What the server asked for, in ms (`Retry-After: 86400` → 86 400 000). */
  askedMs: number;
  /** What pressbridge waits: min(askedMs, maxPauseMs). */
  cappedMs: number;
  /** Which header asked: `Retry-After` or, without it, `X-RateLimit-Reset`. */
  reason: ServerPause['reason'];
  /** When the 429 arrived (the Redis clock). */
  at: Date;
}

export interface RateLimiter {
  /** Waits (abortable, no busy-spin) until a request slot is granted, then records it. */
  acquire(priority?: RequestPriority, signal?: AbortSignal): Promise<void>;
  /** Resyncs with the server's view after an answer (`X-RateLimit-Remaining`, `X-RateLimit-Reset`). */
  observe(headers: Headers, status: number, options?: { elapsedMs?: number }): Promise<void>;
  /**
   * After a 429: nobody acquires until now + retryAfterMs, capped at `maxPauseMs`. `asked`, when the answer named
   * a pause, is what the server asked for; it is kept for the snapshot's `pause`.
   */
  penalize(retryAfterMs: number, asked?: ServerPause): Promise<void>;
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
  /** The longest pause a 429 or a reset can impose (`marketplace.maxPauseSeconds`). Default 300 000 (5 min). */
  maxPauseMs?: number;
  /** The longest single sleep of a waiting `acquire` before it checks Redis again. Default 2 000. */
  waitSliceMs?: number;
  /** When this limiter started, for the first window's ceiling (see the header). Default the system clock. */
  clock?: Clock;
}

/** How long one sleep of a waiting acquire lasts at most before it looks at Redis again. */
export const DEFAULT_WAIT_SLICE_MS = 2_000;

/** What the server asked is remembered at most this long (a day), however long it asked for. */
export const PAUSE_MEMORY_MAX_MS = 24 * 60 * 60 * 1000;

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

  const maxPauseMs = options.maxPauseMs ?? DEFAULT_MAX_PAUSE_MS;
  if (!(maxPauseMs >= 1)) throw new RangeError('rate limiter: maxPauseMs must be ≥ 1');
  const waitSliceMs = options.waitSliceMs ?? DEFAULT_WAIT_SLICE_MS;
  if (!(waitSliceMs >= 1)) throw new RangeError('rate limiter: waitSliceMs must be ≥ 1');
  // Whole milliseconds a timer can hold: Redis's PX and PEXPIRE take integers.
  const pauseCap = Math.max(1, boundedPauseMs(maxPauseMs, maxPauseMs));

  const margin = options.safetyMarginMs ?? defaultSafetyMargin(windowMs);
  const effectiveWindow = Math.ceil(windowMs + margin);
  // Slots kept free of low-priority work; low priority always keeps at least one usable slot.
  const reserveSlots = Math.min(limit - 1, Math.ceil(limit * reserve));
  const keys = {
    log: `${options.key}:log`,
    ceiling: `${options.key}:ceiling`,
    penalty: `${options.key}:penalty`,
    pause: `${options.key}:pause`,
  };
  let warnedLimit = false;
  const clock = options.clock ?? systemClock;
  const createdAt = clock.now().getTime();

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
          [effectiveWindow, cap, ceilingKeep, member, pauseCap],
        );
        const wait = Number(reply[0]);
        const reason = String(reply[1]);
        if (!Number.isFinite(wait)) throw new Error('rate limiter: unexpected reply from Redis');
        if (wait <= 0) return;
        if (attempt === 0) log?.debug({ priority, waitMs: wait, reason }, 'rate limit: waiting for a slot');
        // One slice at a time: a pause removed or shortened in Redis meanwhile is seen at the next check.
        await sleep(wait > waitSliceMs ? waitSliceMs : wait + jitter(priority), signal);
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
            pauseCap,
          ],
        )
      ).map(Number);
      if (stored === 1) {
        const fields = { serverRemaining: value, resetAt: reset ? new Date(reset).toISOString() : undefined };
        // Requests older than this limiter can still be in the server's window only during its first window.
        const lookBack = effectiveWindow + Math.max(0, observeOptions.elapsedMs ?? 0);
        if (clock.now().getTime() - createdAt < lookBack) {
          log?.debug(
            fields,
            "rate limit: the marketplace also counts requests sent before this process started (the setup's, for one); following its count",
          );
        } else {
          log?.info(
            fields,
            'rate limit: the marketplace counts more requests than we sent (another client of the key?); following its count',
          );
        }
      }
    },

    async penalize(retryAfterMs, asked) {
      const ms = Math.max(1, boundedPauseMs(retryAfterMs, pauseCap));
      // As asked, but a number Redis stores as written: NaN and negative are 0, beyond any date is the last one.
      const askedMs = asked ? Math.min(MAX_DATE_MS, Math.max(0, Math.round(asked.askedMs) || 0)) : undefined;
      const remember = Math.max(ms, Math.min(askedMs ?? 0, PAUSE_MEMORY_MAX_MS));
      await runPenalize(
        redis,
        [keys.penalty, keys.pause],
        [ms, askedMs === undefined ? '' : String(askedMs), asked?.reason ?? '', remember],
      );
      log?.warn(
        { retryAfterMs: ms, askedMs, reason: asked?.reason, capped: askedMs !== undefined && askedMs > ms },
        'rate limit: the marketplace answered 429; pausing all requests',
      );
    },

    async snapshot() {
      const reply = await runSnapshot(
        redis,
        [keys.log, keys.ceiling, keys.penalty, keys.pause],
        [effectiveWindow],
      );
      const [now = 0, count = 0, oldest = -1, ceiling = -1, ceilingTtl = -1, penaltyTtl = -1] = reply
        .slice(0, 6)
        .map(Number);
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
      // A penalty that is gone (removed in Redis, or run out) ends the pause now; one still running keeps the
      // recorded end (its PTTL, read in whole ms, may say a millisecond less).
      const pause = readPause(reply[6], penaltyTtl > 0 ? Number.POSITIVE_INFINITY : now);
      return { limit, remaining, resetAt: new Date(resetAt), ...(pause ? { pause } : {}) };
    },
  };
}

/**
 * The pause record (`at`, `until`, `asked`, `capped`, `reason` as Redis strings) as a `RateLimitPause`; undefined
 * when absent or not as this module writes it. `penaltyEnd`: now when no penalty runs in Redis (a penalty removed
 * early ends the pause early), else unbounded.
 */
function readPause(fields: unknown, penaltyEnd: number): RateLimitPause | undefined {
  if (!Array.isArray(fields)) return undefined;
  const numbers = fields.slice(0, 4).map((f) => (typeof f === 'string' ? Number(f) : Number.NaN));
  const [at = -1, until = -1, askedMs = -1, cappedMs = -1] = numbers;
  const reason = fields[4];
  if (reason !== 'retry_after' && reason !== 'reset') return undefined;
  if (!(at >= 0 && until >= 0 && askedMs >= 0 && cappedMs >= 0)) return undefined;
  return { until: new Date(Math.min(until, penaltyEnd)), askedMs, cappedMs, reason, at: new Date(at) };
}
