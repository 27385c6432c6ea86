/**
 * Is the demand intake reading? Each poll round (./intake.ts) records whether every blog's list could be read;
 * rounds failing for `STALL_ROUNDS` × `demands.pollMinutes` (at least `MIN_STALL_MS`) are a stall the blogger is
 * told of: a line on the home page (src/status/views/home-needs.ts) and the `demands_stalled` problem, resolved
 * by the next round that reads every list. A blog the marketplace calls incomplete (422 `blog_neuplny`) is no
 * failure here: it has its own line (./store.ts `incompleteSince`). Deals never depend on this: it only says
 * that new demands are not seen.
 *
 * Kept in one hash, `<p>:demands:health`: `failingSince` and `lastError` (both cleared by a round that read
 * every list), `lastOkAt`.
 */
import type { Redis } from 'ioredis';
import type { Notifier } from '../notify/types.js';

/** Poll rounds in a row that failed before it counts as a stall… */
export const STALL_ROUNDS = 3;
/** …and never sooner than this. */
export const MIN_STALL_MS = 15 * 60_000;
/** The last error is kept this long at most (one line, redacted by the logger's caller). */
const MAX_ERROR_CHARS = 300;

export interface DemandHealthState {
  failingSince?: string | undefined;
  lastError?: string | undefined;
  lastOkAt?: string | undefined;
}

export interface DemandStall {
  /** ISO 8601: since when the rounds fail. */
  since: string;
  /** The last round's first error, one line. */
  detail: string;
}

export interface DemandHealth {
  /** A poll round's outcome: `error` undefined when every list was read. */
  record(at: Date, error: string | undefined): Promise<void>;
  read(): Promise<DemandHealthState>;
}

export function createDemandHealth(redis: Redis, prefix: string): DemandHealth {
  const key = `${prefix}:demands:health`;
  return {
    async record(at, error) {
      if (error === undefined) {
        await redis
          .multi()
          .hset(key, 'lastOkAt', at.toISOString())
          .hdel(key, 'failingSince', 'lastError')
          .exec();
        return;
      }
      const line = error.replace(/\s+/g, ' ').slice(0, MAX_ERROR_CHARS);
      await redis.multi().hsetnx(key, 'failingSince', at.toISOString()).hset(key, 'lastError', line).exec();
    },
    async read() {
      const [failingSince, lastError, lastOkAt] = await redis.hmget(
        key,
        'failingSince',
        'lastError',
        'lastOkAt',
      );
      return {
        ...(failingSince ? { failingSince } : {}),
        ...(lastError ? { lastError } : {}),
        ...(lastOkAt ? { lastOkAt } : {}),
      };
    },
  };
}

/** The stall, if the rounds have failed long enough. Pure. */
export function judgeDemandHealth(
  state: DemandHealthState,
  now: Date,
  pollMinutes: number,
): DemandStall | undefined {
  if (state.failingSince === undefined) return undefined;
  const since = Date.parse(state.failingSince);
  if (!Number.isFinite(since)) return undefined;
  const limit = Math.max(MIN_STALL_MS, STALL_ROUNDS * pollMinutes * 60_000);
  if (now.getTime() - since < limit) return undefined;
  return { since: state.failingSince, detail: state.lastError ?? '' };
}

/** After a poll round: its outcome recorded, then `demands_stalled` raised or resolved. */
export async function recordRound(input: {
  health: DemandHealth;
  notifier: Notifier;
  at: Date;
  /** The round's first error; undefined when every list was read. */
  error: string | undefined;
  pollMinutes: number;
}): Promise<void> {
  const { health, notifier, at } = input;
  await health.record(at, input.error);
  const stall = judgeDemandHealth(await health.read(), at, input.pollMinutes);
  if (stall) await notifier.raise({ topic: 'demands_stalled', since: stall.since, detail: stall.detail });
  else await notifier.resolve('demands_stalled');
}
