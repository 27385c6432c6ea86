/**
 * What the poll intake keeps in Redis: its cursor and last result (`<prefix>:intake`), what it saw of each deal
 * (`<prefix>:intake:seen`, one field per deal, pruned after `SEEN_DAYS`), the deals it last saw accepted (a
 * set: while one of them still runs, each poll also lists cancellations) and the lock that lets one process poll.
 */
import type { Redis } from 'ioredis';
import type { Seen } from './notices.js';

/** A deal unchanged this long is forgotten (a later change counts from zero: at most one extra notice). */
const SEEN_DAYS = 30;

export interface PollResult {
  /** `ok`: every listing read and every deal acted on, the cursor moved; `busy`: another process polled. */
  status: 'ok' | 'failed' | 'busy';
  startedAt: string;
  finishedAt: string;
  since: string;
  /** Marketplace requests this poll made (listings and thread reads). */
  requests: number;
  listed: number;
  enqueued: number[];
  requeued: number[];
  known: number;
  otherBlogs: number;
  unusable: number[];
  paid: number[];
  messages: number[];
  claims: number[];
  cancelled: number[];
  errors: Array<{ dealId?: number; error: string }>;
}

/** A poll's result before it ran: nothing listed, nothing done. */
export function emptyPollResult(started: Date): PollResult {
  const at = started.toISOString();
  return {
    status: 'ok',
    startedAt: at,
    finishedAt: at,
    since: at,
    requests: 0,
    listed: 0,
    enqueued: [],
    requeued: [],
    known: 0,
    otherBlogs: 0,
    unusable: [],
    paid: [],
    messages: [],
    claims: [],
    cancelled: [],
    errors: [],
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
      const raw = await redis.hget(keys.state, 'cursor');
      const ms = raw ? Date.parse(raw) : Number.NaN;
      return Number.isFinite(ms) ? ms : undefined;
    },
    async finish(result: PollResult, moveCursor: boolean): Promise<void> {
      const fields: Record<string, string> = {
        last: JSON.stringify({ ...result, errors: result.errors.slice(0, 20) }),
      };
      if (moveCursor) fields.cursor = result.startedAt;
      await redis.hset(keys.state, fields);
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
