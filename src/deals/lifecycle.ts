/**
 * The deal's lifecycle in pressbridge: its run states, which of them are final, and its deadline (and that of a
 * run an operator asked for). The one home of these rules: worker, reconciliation, metrics, status, operator
 * actions and the pipeline read them from here.
 *
 * Issue 12's rule holds: our reading of the deadline only orders the queue, drives the countdown and warns; the
 * marketplace decides whether a deal is lost (src/deals/verdict.ts).
 */
import { AppError, WaitUntilError } from '../errors.js';
import { readPublishDeadline } from '../marketplace/deadline.js';
import { AGENT_DEADLINE_MINUTES, ERROR_CODES, SERVICE_TIME_ZONE } from '../marketplace/schema.js';
import type { DeadlineReading } from './deadline-reading.js';

export const DEAL_RUN_STATES = [
  'received',
  'waiting_approval',
  'processing',
  'fetching',
  'fetched',
  'rendering',
  'publishing',
  'published',
  'verifying',
  'handing_in',
  'handed_in',
  'retrying',
  'skipped',
  /** The operator marked it as dealt with by hand (status page or CLI); pressbridge leaves it alone. */
  'handled',
  'failed',
  'deadline_missed',
  /** The marketplace moved on (cancelled, handed in by hand, …): nothing more is published; see `error`. */
  'closed',
  /**
   * The last look (docs/decisions/0025-the-last-look.md): the real text broke the blogger's rules; the article is
   * kept as a draft and waits for the blogger's approve or refuse (or `rules.onNoAnswer` at the link's expiry).
   */
  'held',
  /** The blogger refused a held deal: nothing is handed in; the advertiser was told why. */
  'refused',
] as const;
/** Where a deal is in pressbridge's own pipeline (not the marketplace's `DealState`). */
export type DealRunState = (typeof DEAL_RUN_STATES)[number];

export function isDealRunState(value: unknown): value is DealRunState {
  return typeof value === 'string' && (DEAL_RUN_STATES as readonly string[]).includes(value);
}

/** States after which nothing more happens to a deal by itself (the operator may still retry a failed one). */
export const FINAL_RUN_STATES: ReadonlySet<DealRunState> = new Set<DealRunState>([
  'handed_in',
  'skipped',
  'handled',
  'failed',
  'deadline_missed',
  'closed',
  'refused',
]);

/** Nothing more happens to the deal by itself: the worker, reconciliation and metrics treat it as done. */
export function isFinal(state: string): boolean {
  return FINAL_RUN_STATES.has(state as DealRunState);
}

/**
 * The deadline no longer matters for the deal, so no countdown is shown: final, except `failed`. A failed deal
 * with time left is exactly what the blogger can still save with "retry now".
 */
export function isPastDeadlineConcern(state: string): boolean {
  return state !== 'failed' && isFinal(state);
}

/**
 * An operator may run the deal again ("retry now"): any state but a deal that is done (handed in, skipped,
 * handled, closed). A failed or missed deal is exactly what a retry is for.
 */
export function canRetry(state: string): boolean {
  return state === 'failed' || state === 'deadline_missed' || !isFinal(state);
}

// ---------------------------------------------------------------------------------------------------------
// Transitions

/** The parts of the program that write a deal's state. */
export const DEAL_WRITERS = ['queue', 'pipeline', 'operator', 'reconcile', 'webhook'] as const;
export type DealWriter = (typeof DEAL_WRITERS)[number];

/**
 * A deal that may still run: on its way, whatever step it is at, or failed or missed (a retry runs it again;
 * `canRetry`). Only a deal that is done (handed in, skipped, handled, closed) refuses the run's states.
 */
const UNDONE: readonly DealRunState[] = DEAL_RUN_STATES.filter((state) => canRetry(state));

/**
 * Which state may follow which, and who writes it: the store refuses any other write of `state` (a rewrite of
 * the current state is always allowed). Derived from what the code does, so read each row as "today's paths":
 *
 * | to | from | written by |
 * |---|---|---|
 * | received | any (a record is created so: the producer, an operator's replay) | queue, operator, reconcile |
 * | processing | any: a job runs whatever its record says (a replayed or retried deal, a stalled job) | pipeline |
 * | waiting_approval, retrying, failed, deadline_missed, closed | a deal not done | pipeline (its runner) |
 * | fetching, rendering … handing_in, handed_in, skipped | a deal not done | pipeline |
 * | fetched | any (written by no step today; older records) | pipeline |
 * | published | a deal not done (the publish step); any (an operator's "hand in again") | pipeline, operator |
 * | handled | any (the operator marks it as dealt with by hand) | operator |
 * | held, refused | a deal not done (the look step; the blogger's decision is data, the job writes the state) | pipeline |
 *
 * One record is created in another state than `received`: a deal Redis lost while its article was still
 * watched is created `handed_in` again from the article evidence on disk (src/watch/evidence.ts `restoreRecord`).
 */
export const TRANSITIONS: Readonly<
  Record<DealRunState, { from: readonly DealRunState[] | 'any'; by: readonly DealWriter[] }>
> = {
  received: { from: 'any', by: ['queue', 'operator', 'reconcile'] },
  processing: { from: 'any', by: ['pipeline'] },
  waiting_approval: { from: UNDONE, by: ['pipeline'] },
  retrying: { from: UNDONE, by: ['pipeline'] },
  // A job that stalled too often fails outside the processor; the runner then ends a running record `failed`.
  failed: { from: UNDONE, by: ['pipeline'] },
  deadline_missed: { from: UNDONE, by: ['pipeline'] },
  closed: { from: UNDONE, by: ['pipeline'] },
  fetching: { from: UNDONE, by: ['pipeline'] },
  // No step writes it today (the text and photos go straight on to rendering); records and stand-in processors
  // of older versions do, from any state.
  fetched: { from: 'any', by: ['pipeline'] },
  rendering: { from: UNDONE, by: ['pipeline'] },
  publishing: { from: UNDONE, by: ['pipeline'] },
  published: { from: 'any', by: ['pipeline', 'operator'] },
  verifying: { from: UNDONE, by: ['pipeline'] },
  handing_in: { from: UNDONE, by: ['pipeline'] },
  handed_in: { from: UNDONE, by: ['pipeline'] },
  skipped: { from: UNDONE, by: ['pipeline'] },
  handled: { from: 'any', by: ['operator'] },
  held: { from: UNDONE, by: ['pipeline'] },
  refused: { from: UNDONE, by: ['pipeline'] },
};

/** Why `from → to` by `by` is refused, or undefined when the lifecycle allows it (`by` unknown: not checked). */
export function refusedTransition(from: DealRunState, to: DealRunState, by?: DealWriter): string | undefined {
  const rule = TRANSITIONS[to];
  if (by !== undefined && !rule.by.includes(by)) {
    return `the ${by} may not write the state ${to} (only ${rule.by.join(', ')})`;
  }
  if (from === to || rule.from === 'any' || rule.from.includes(from)) return undefined;
  return `the state ${to} may not follow ${from} (only ${rule.from.join(', ')})`;
}

/** A write of `state` the lifecycle does not allow: a bug in the writer, never retried. */
export class TransitionRefusedError extends AppError {
  constructor(dealId: number, reason: string) {
    super('transition_refused', `deal ${dealId}: ${reason}; nothing was written`, { retryable: false });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Deadlines

/** How long the marketplace gives an agent-mode deal from its acceptance to the handed-in URL. */
export const DEAL_DEADLINE_MS = AGENT_DEADLINE_MINUTES * 60_000;

/** What the deadline is read from: a job payload (src/queue/jobs.ts `DealJobPayload`) or anything shaped so. */
export interface DeadlineSource {
  event: { publish_deadline?: string | undefined };
  /** ISO 8601: when pressbridge first heard of the deal. */
  receivedAt: string;
  /** ISO 8601: the deadline stamped when the deal came in, if it was. */
  deadlineAt?: string | undefined;
}

/**
 * When the URL is due: the stamped `deadlineAt`, else `publish_deadline` read in `timeZone`, else 60 minutes
 * after we received the deal (src/marketplace/deadline.ts).
 */
export function dealDeadline(payload: DeadlineSource, timeZone: string = SERVICE_TIME_ZONE): Date {
  return readDealDeadline(payload, timeZone).deadline;
}

/** `dealDeadline` with how it was found (and a warning when `publish_deadline` was unreadable). */
export function readDealDeadline(
  payload: DeadlineSource,
  timeZone: string = SERVICE_TIME_ZONE,
): DeadlineReading {
  const stamped = payload.deadlineAt ? Date.parse(payload.deadlineAt) : Number.NaN;
  if (Number.isFinite(stamped)) return { deadline: new Date(stamped), source: 'publish_deadline' };
  return readPublishDeadline(payload.event.publish_deadline, new Date(payload.receivedAt), timeZone);
}

/** The deadline of a deal accepted (or, lacking that, first seen) at `at`: 60 minutes later. */
export function deadlineFrom(at: Date): Date {
  return new Date(at.getTime() + DEAL_DEADLINE_MS);
}

/** The reverse: when a deal due at `deadline` was accepted (60 minutes before). */
export function acceptedAtOf(deadline: Date): Date {
  return new Date(deadline.getTime() - DEAL_DEADLINE_MS);
}

/**
 * The instant after which nothing more is tried: the deal's deadline plus the grace. A run an operator asked
 * for (`source: manual`: retry, hand in again, replay) gets at least a fresh 60-minute window from when it was
 * queued (`enqueuedAt`, else now): a person decided it is still worth it, and the marketplace judges a late URL
 * itself.
 */
export function runDeadlineMs(input: {
  deadline: Date;
  source: string;
  enqueuedAt?: string | undefined;
  graceMs: number;
  nowMs: number;
}): number {
  const stated = input.deadline.getTime() + input.graceMs;
  if (input.source !== 'manual') return stated;
  const queuedAt = input.enqueuedAt ? Date.parse(input.enqueuedAt) : Number.NaN;
  const from = Number.isFinite(queuedAt) ? queuedAt : input.nowMs;
  return Math.max(stated, from + DEAL_DEADLINE_MS);
}

// ---------------------------------------------------------------------------------------------------------
// Waiting

/**
 * The job should wait, not fail: a `WaitUntilError`, or the marketplace's "the text awaits the advertiser's
 * approval" (`ceka_na_schvaleni`). The worker asks this, so it needs to know no marketplace code.
 */
export function isWaitSignal(error: unknown): boolean {
  return (
    error instanceof WaitUntilError ||
    (error instanceof AppError && error.code === ERROR_CODES.awaitingApproval)
  );
}
