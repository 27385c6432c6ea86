/**
 * What a sweep leaves in Redis: its result (read back by the status page), the cursor's hash (./cursor.ts) and
 * the key of the lease that lets one process sweep at a time (src/redis/lease.ts).
 */
import type { Redis } from 'ioredis';
import type { SettleTally } from './settle.js';

/**
 * What a run over the marketplace's listing came to, a sweep's or a poll's (src/intake/poll-state.ts): the settled
 * deals' tally and the listing's own counts.
 */
export interface ListingRun extends SettleTally {
  /** `ok`: every page read and every deal settled, the cursor moved; `busy`: another process held the lease. */
  status: 'ok' | 'failed' | 'busy';
  startedAt: string;
  finishedAt: string;
  /** The `zmeneno_od` used (ISO 8601). */
  since: string;
  /** Pages read (every listing, every size). */
  pages: number;
  listed: number;
}

export interface ReconcileResult extends ListingRun {
  /** Whether `since` came from an earlier sweep (false: the first-sweep lookback). */
  fromCursor: boolean;
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
