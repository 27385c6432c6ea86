/**
 * Is the door open? Whether the poll intake is making progress, judged from what it keeps in Redis
 * (./poll-state.ts) and the rate limiter's memory of a pause the marketplace asked for. Pure: the daemon's
 * intake watch (./watch.ts) raises and resolves the `intake_stalled` problem from it, and the home page shows the
 * same answer as a red line (src/status/views/home-needs.ts): "All is well" means deals can get in.
 *
 * | fact | reason | why it matters |
 * |---|---|---|
 * | the marketplace asked for a pause longer than `PAUSE_ALARM_MS`, and no poll has read the list since | `paused` | nothing is asked while the pause runs; pressbridge waits at most `marketplace.maxPauseSeconds` |
 * | polls have failed for `STALL_POLLS` × the poll interval (at least `MIN_STALL_MS`) | `failing` | a deal accepted meanwhile is not seen; the reason is the last poll's first error |
 * | no poll has finished for `STALL_POLLS` × the interval (at least `MIN_STALL_MS`) since the intake started | `silent` | the poll itself hangs or does not run |
 * | fresh deals are read, but the whole listing has not completed for `CURSOR_STUCK_POLLS` × the interval (at least `MIN_CURSOR_MS`) | `cursor_stuck` | payments, messages, claims and cancellations are seen late |
 * | otherwise | none | |
 *
 * Only the poll intake is judged: with the webhook alone nothing arrives when nobody accepts, and reconciliation
 * (src/reconcile/) is its backstop.
 */

/** Polls in a row without progress before the intake counts as stalled. */
export const STALL_POLLS = 3;
/** …but never sooner than this: a short interval and one slow answer are no stall. */
export const MIN_STALL_MS = 2 * 60_000;
/** A server-asked pause longer than this is news to the blogger. */
export const PAUSE_ALARM_MS = 3 * 60_000;
/** Polls (and at least `MIN_CURSOR_MS`) the whole listing may take before its cursor counts as stuck. */
export const CURSOR_STUCK_POLLS = 20;
export const MIN_CURSOR_MS = 30 * 60_000;

import type { Phrase } from '../errors.js';

export type StallReason = 'paused' | 'failing' | 'silent' | 'cursor_stuck';

export interface IntakeFacts {
  now: number;
  /** The poll interval; undefined: no poll intake (webhook only): nothing to judge. */
  pollMs: number | undefined;
  /** When this run of the intake started (ms). */
  runningSince?: number | undefined;
  /** Start of the last poll that read every newly accepted deal (ms). */
  currentAt?: number | undefined;
  /** Start of the first of the polls that have failed in a row since the last good one (ms). */
  failingSince?: number | undefined;
  /** The last poll's first error, as logged (already redacted). */
  lastError?: string | undefined;
  /** The same for the blogger, when it is our words (a marketplace error's frame, a network reason). */
  lastErrorSaid?: Phrase | undefined;
  /** When the last poll finished (ms). */
  lastFinishedAt?: number | undefined;
  /** The whole listing's cursor (ms): the start of the last poll that read everything. */
  cursorAt?: number | undefined;
  /** A pause the marketplace asked for (the rate limiter's memory). */
  pause?: { at: number; askedMs: number; cappedMs: number; until: number } | undefined;
}

export interface Stall {
  reason: StallReason;
  /** Since when (ms). */
  since: number;
  /** What went wrong, in the peer's words where there are some (redacted, one line). */
  detail: string;
  /** The same for the blogger, when it is our words: the reader says it, else shows `detail`. */
  detailSaid?: Phrase;
  /** For `paused`: what was asked and what is kept to. */
  askedMs?: number;
  cappedMs?: number;
}

function stallMs(pollMs: number): number {
  return Math.max(MIN_STALL_MS, STALL_POLLS * pollMs);
}

/** The one stall that matters most, or undefined when the door is open. */
export function judgeIntake(facts: IntakeFacts): Stall | undefined {
  const { now, pollMs } = facts;
  if (pollMs === undefined) return undefined;
  const current = facts.currentAt ?? Number.NEGATIVE_INFINITY;
  const last = {
    detail: facts.lastError ?? '',
    ...(facts.lastErrorSaid !== undefined ? { detailSaid: facts.lastErrorSaid } : {}),
  };
  const pause = facts.pause;
  if (pause && pause.askedMs > PAUSE_ALARM_MS && pause.at >= current) {
    return {
      reason: 'paused',
      since: pause.at,
      ...last,
      askedMs: pause.askedMs,
      cappedMs: pause.cappedMs,
    };
  }
  const limit = stallMs(pollMs);
  if (facts.failingSince !== undefined && now - facts.failingSince >= limit && facts.failingSince > current) {
    return { reason: 'failing', since: facts.failingSince, ...last };
  }
  const reference = Math.max(current, facts.runningSince ?? Number.NEGATIVE_INFINITY);
  const finished = facts.lastFinishedAt ?? Number.NEGATIVE_INFINITY;
  if (Number.isFinite(reference) && now - reference >= limit && now - finished >= limit) {
    return { reason: 'silent', since: Math.max(reference, finished), detail: '' };
  }
  const cursorLimit = Math.max(MIN_CURSOR_MS, CURSOR_STUCK_POLLS * pollMs);
  if (facts.runningSince !== undefined) {
    const since = Math.max(facts.cursorAt ?? Number.NEGATIVE_INFINITY, facts.runningSince);
    if (now - since >= cursorLimit) return { reason: 'cursor_stuck', since, ...last };
  }
  return undefined;
}
