/**
 * A listing loop's result as it starts, and the cursor and last result the loop keeps in its Redis hash
 * (reconciliation: ./sweep-state.ts; the poll intake: src/intake/poll-state.ts), one way for both. The lease that lets one process run
 * the loop at a time is src/redis/lease.ts.
 */

import { emptyTally, type SettleTally } from './settle.js';

/** Errors (and left-out items) a stored result keeps: one bad run cannot grow the hash. */
const KEPT_PER_LIST = 20;

/** What both loops' results hold before the run: nothing listed, nothing settled. */
export function startedResult(started: Date): SettleTally & {
  status: 'ok';
  startedAt: string;
  finishedAt: string;
  since: string;
  pages: number;
  listed: number;
  errors: Array<{ dealId?: number; error: string }>;
} {
  const at = started.toISOString();
  return {
    status: 'ok',
    startedAt: at,
    finishedAt: at,
    since: at,
    pages: 0,
    listed: 0,
    ...emptyTally(),
    errors: [],
  };
}

/** A stored ISO 8601 time as epoch ms; undefined when absent or unreadable. */
export function storedTime(raw: string | null | undefined): number | undefined {
  const ms = raw ? Date.parse(raw) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Where the next listing starts (`zmeneno_od`): the cursor less `overlapMs` (clock skew between us and the
 * marketplace; what is listed again changes nothing), or `lookbackMs` before the start of an installation's
 * first run.
 */
export function listingSince(
  cursorMs: number | undefined,
  startedMs: number,
  overlapMs: number,
  lookbackMs: number,
): Date {
  return new Date(cursorMs !== undefined ? cursorMs - overlapMs : startedMs - lookbackMs);
}

/** A run's result as the hash's `last` field keeps it (the status page and the liveness judge read it). */
export function storedResult(result: { errors: readonly unknown[]; skipped?: unknown }): string {
  const { skipped } = result;
  return JSON.stringify({
    ...result,
    errors: result.errors.slice(0, KEPT_PER_LIST),
    // A skipped item's zod issue stays in memory: it is worded when the item is noted (src/intake/unreadable.ts).
    ...(Array.isArray(skipped)
      ? { skipped: skipped.slice(0, KEPT_PER_LIST).map((item: unknown) => withoutIssue(item)) }
      : {}),
  });
}

function withoutIssue(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || !('issue' in item)) return item;
  const { issue: _issue, ...rest } = item as Record<string, unknown>;
  return rest;
}
