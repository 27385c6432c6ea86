/**
 * What a sweep leaves in Redis: its result (read back by the status page), the cursor's hash (./cursor.ts) and
 * the key of the lease that lets one process sweep at a time (src/redis/lease.ts).
 */
import type { Redis } from 'ioredis';

export interface ReconcileResult {
  /** `ok`: every page read and every deal settled, the cursor moved; `busy`: another process was sweeping. */
  status: 'ok' | 'failed' | 'busy';
  startedAt: string;
  finishedAt: string;
  /** The `zmeneno_od` used (ISO 8601). */
  since: string;
  /** Whether `since` came from an earlier sweep (false: the first-sweep lookback). */
  fromCursor: boolean;
  pages: number;
  listed: number;
  /** Deals queued by this sweep: the webhook never arrived. */
  enqueued: number[];
  /** Deals whose job was gone and was added again. */
  requeued: number[];
  /** Deals pressbridge already had in hand. */
  known: number;
  /** Deals of blogs not in the configuration (left alone). */
  otherBlogs: number;
  /** Listed deals whose list entry cannot make a job (logged; they do not hold the cursor back). */
  unusable: number[];
  /** Listed items that could not be read (left out and named: src/intake/unreadable.ts). */
  skipped: number;
  errors: Array<{ dealId?: number; error: string }>;
}

/** The last sweep as the status page shows it (the stored `ReconcileResult`, read leniently). */
export interface LastSweep {
  status: 'ok' | 'failed';
  finishedAt: string;
  listed: number;
  enqueued: number[];
  requeued: number[];
  errors: string[];
}

/** The last finished sweep of any process of this installation, or undefined before the first one. */
export async function readLastSweep(redis: Redis, prefix: string): Promise<LastSweep | undefined> {
  const raw = await redis.hget(reconcileKeys(prefix).state, 'last');
  if (!raw) return undefined;
  let parsed: Partial<ReconcileResult>;
  try {
    parsed = JSON.parse(raw) as Partial<ReconcileResult>;
  } catch {
    return undefined;
  }
  const ids = (value: unknown): number[] =>
    Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  if (typeof parsed.finishedAt !== 'string') return undefined;
  return {
    status: parsed.status === 'ok' ? 'ok' : 'failed',
    finishedAt: parsed.finishedAt,
    listed: typeof parsed.listed === 'number' ? parsed.listed : 0,
    enqueued: ids(parsed.enqueued),
    requeued: ids(parsed.requeued),
    errors: Array.isArray(parsed.errors)
      ? parsed.errors.map((e) => (e.dealId !== undefined ? `deal ${e.dealId}: ${e.error}` : String(e.error)))
      : [],
  };
}

/** Where the sweep keeps its cursor and last result: `<prefix>:reconcile` (hash), and its lease. */
export function reconcileKeys(prefix: string): { state: string; lock: string } {
  return { state: `${prefix}:reconcile`, lock: `${prefix}:reconcile:lock` };
}
