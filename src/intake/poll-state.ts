/**
 * What the poll intake keeps in Redis: its cursor, last result, the listing it reads over several polls (`tail`),
 * the start of the last poll that read every newly accepted deal (`currentAt`, and `fresh`, the cursor of the
 * short listing of fresh acceptances), the start of the failures in a row (`failingSince`) and when this run
 * started (`runningSince`) (all in `<prefix>:intake`; ./liveness.ts judges them), what it saw of each deal
 * (`<prefix>:intake:seen`, one field per deal, pruned after `SEEN_DAYS`), the deals it last saw accepted (a
 * set: while one of them still runs, each poll also lists cancellations) and the lease that lets one process poll
 * (src/redis/lease.ts).
 */
import type { Redis } from 'ioredis';
import { errorMessage, errorPhrase, type Phrase, storedPhrase } from '../errors.js';
import type { SkippedItem } from '../marketplace/list-items.js';
import { startedResult, storedResult, storedTime } from '../reconcile/cursor.js';
import type { ListingCursor } from '../reconcile/pages.js';
import type { ListingRun } from '../reconcile/sweep-state.js';
import type { IntakeFacts } from './liveness.js';
import type { Seen } from './notices.js';

/** A deal unchanged this long is forgotten (a later change counts from zero: at most one extra notice). */
const SEEN_DAYS = 30;

export interface PollResult extends ListingRun {
  /** Marketplace requests this poll made (listings and thread reads). */
  requests: number;
  paid: number[];
  messages: number[];
  claims: number[];
  cancelled: number[];
  errors: PollError[];
  /** Every newly accepted deal was read and acted on (./liveness.ts: the door is open). */
  current: boolean;
  /** The whole listing goes on at the next poll (longer than one poll's page budget). */
  continues: boolean;
  /** List items left out as unreadable (src/marketplace/list-items.ts), named to the blogger (./unreadable.ts). */
  skipped: SkippedItem[];
}

/**
 * A poll's error: its English (the log's, `--json`'s) and, when it is our words (a marketplace error's frame, a
 * network reason), its phrase for the blogger (the home page, `intake_stalled`).
 */
export interface PollError {
  dealId?: number;
  error: string;
  said?: Phrase;
}

/** An error as a poll records it. */
export function pollError(error: unknown, dealId?: number): PollError {
  const said = errorPhrase(error);
  return {
    ...(dealId !== undefined ? { dealId } : {}),
    error: errorMessage(error),
    ...(said !== undefined ? { said } : {}),
  };
}

/** The listing of changes read over several polls when it is longer than one poll's page budget. */
export interface PollTail {
  /** ISO 8601: the start of the poll that began it (the cursor once it is read whole). */
  startedAt: string;
  /** Whether the intake had a history when it began (./notices.ts `known`). */
  known: boolean;
  listings: Array<ListingCursor & { done: boolean }>;
  /** A deal could not be acted on, or the list changed under it: the cursor stays when it ends. */
  failed: boolean;
}

export interface PollFinish {
  /** ISO 8601: the new cursor (the whole listing was read). */
  cursor?: string | undefined;
  /** ISO 8601: the new cursor of the fresh acceptances' listing. */
  fresh?: string | undefined;
  /** The listing to go on with next poll, or null when there is none. */
  tail: PollTail | null;
}

/** A poll's result before it ran: nothing listed, nothing done. */
export function emptyPollResult(started: Date): PollResult {
  return {
    ...startedResult(started),
    requests: 0,
    paid: [],
    messages: [],
    claims: [],
    cancelled: [],
    current: false,
    continues: false,
    skipped: [],
  };
}

function parseTail(raw: string | null): PollTail | undefined {
  if (!raw) return undefined;
  try {
    const tail = JSON.parse(raw) as PollTail;
    return typeof tail.startedAt === 'string' && Array.isArray(tail.listings) ? tail : undefined;
  } catch {
    return undefined;
  }
}

/** What ./liveness.ts judges, as the intake left it in Redis (every process and the status page read the same). */
export async function readIntakeFacts(
  redis: Redis,
  prefix: string,
): Promise<Omit<IntakeFacts, 'now' | 'pollMs' | 'pause'>> {
  const keys = intakeKeys(prefix);
  const [cursor, currentAt, failingSince, runningSince, last] = await redis.hmget(
    keys.state,
    'cursor',
    'currentAt',
    'failingSince',
    'runningSince',
    'last',
  );
  let lastError: string | undefined;
  let lastErrorSaid: Phrase | undefined;
  let lastFinishedAt: number | undefined;
  try {
    const result = last ? (JSON.parse(last) as Partial<PollResult>) : undefined;
    lastError = result?.errors?.[0]?.error;
    // Read leniently: a phrase another release stored that does not read leaves the English.
    lastErrorSaid = lastError === undefined ? undefined : storedPhrase(result?.errors?.[0]?.said);
    lastFinishedAt = storedTime(result?.finishedAt);
  } catch {}
  return {
    cursorAt: storedTime(cursor),
    currentAt: storedTime(currentAt),
    failingSince: storedTime(failingSince),
    runningSince: storedTime(runningSince),
    lastError,
    ...(lastErrorSaid !== undefined ? { lastErrorSaid } : {}),
    lastFinishedAt,
  };
}

export function intakeKeys(prefix: string): { state: string; seen: string; accepted: string; lock: string } {
  return {
    state: `${prefix}:intake`,
    seen: `${prefix}:intake:seen`,
    accepted: `${prefix}:intake:accepted`,
    lock: `${prefix}:intake:lock`,
  };
}

export function createPollState(redis: Redis, prefix: string) {
  const keys = intakeKeys(prefix);
  return {
    keys,
    async cursor(): Promise<number | undefined> {
      return storedTime(await redis.hget(keys.state, 'cursor'));
    },
    async fresh(): Promise<number | undefined> {
      return storedTime(await redis.hget(keys.state, 'fresh'));
    },
    async tail(): Promise<PollTail | undefined> {
      return parseTail(await redis.hget(keys.state, 'tail'));
    },
    /** This run of the intake starts now (./liveness.ts counts a silent intake from here). */
    async running(at: Date): Promise<void> {
      await redis.hset(keys.state, 'runningSince', at.toISOString());
    },
    async finish(result: PollResult, finish: PollFinish): Promise<void> {
      const fields: Record<string, string> = { last: storedResult(result) };
      if (finish.cursor) fields.cursor = finish.cursor;
      if (finish.fresh) fields.fresh = finish.fresh;
      if (finish.tail) fields.tail = JSON.stringify(finish.tail);
      if (result.current) fields.currentAt = result.startedAt;
      const multi = redis.multi().hset(keys.state, fields);
      if (!finish.tail) multi.hdel(keys.state, 'tail');
      if (result.current) multi.hdel(keys.state, 'failingSince');
      else multi.hsetnx(keys.state, 'failingSince', result.startedAt);
      await multi.exec();
    },
    async seen(dealId: number): Promise<Seen | undefined> {
      const raw = await redis.hget(keys.seen, String(dealId));
      if (!raw) return undefined;
      try {
        const { state, unread, claims } = JSON.parse(raw) as Partial<Seen>;
        if (typeof state !== 'string' || typeof unread !== 'number' || typeof claims !== 'number')
          return undefined;
        return { state, unread, claims };
      } catch {
        return undefined;
      }
    },
    async see(dealId: number, seen: Seen, at: Date): Promise<void> {
      const multi = redis
        .multi()
        .hset(keys.seen, String(dealId), JSON.stringify({ ...seen, at: at.toISOString() }));
      if (seen.state === 'akceptovano') multi.sadd(keys.accepted, String(dealId));
      else multi.srem(keys.accepted, String(dealId));
      await multi.exec();
    },
    async acceptedIds(): Promise<number[]> {
      return (await redis.smembers(keys.accepted)).map(Number).filter((id) => Number.isSafeInteger(id));
    },
    async forgetAccepted(dealId: number): Promise<void> {
      await redis.srem(keys.accepted, String(dealId));
    },
    /** Forgets deals unchanged for `SEEN_DAYS` (run now and then; the map stays as small as the active deals). */
    async prune(now: Date): Promise<void> {
      const all = await redis.hgetall(keys.seen);
      const old = Object.entries(all)
        .filter(([, raw]) => {
          let at = Number.NaN;
          try {
            at = Date.parse((JSON.parse(raw) as { at?: string }).at ?? '');
          } catch {}
          return !Number.isFinite(at) || now.getTime() - at > SEEN_DAYS * 86_400_000;
        })
        .map(([id]) => id);
      if (old.length > 0)
        await redis
          .multi()
          .hdel(keys.seen, ...old)
          .srem(keys.accepted, ...old)
          .exec();
    },
  };
}
export type PollState = ReturnType<typeof createPollState>;
