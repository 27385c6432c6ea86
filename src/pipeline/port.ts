/**
 * The pipeline's port: what the queue's worker (src/queue/worker.ts) calls for one job, and what it gets back.
 * No BullMQ type crosses it: the worker maps a `RunOutcome` to BullMQ's (complete, move to delayed, retry,
 * UnrecoverableError); everything the outcome means for the deal (its state, the marketplace's verdict) is
 * settled on this side (./runner.ts).
 */
import type { DealRunPayload } from '../deals/accepted.js';
import type { DealLogger } from '../deals/logger.js';
import type { DealStore } from '../deals/record.js';
import type { MarketplaceClient } from '../marketplace/api.js';

/** One run of one deal's job, as the queue hands it over. */
export interface DealRun {
  jobId: string | undefined;
  payload: DealRunPayload;
  /** Aborted when the worker loses the job (lock lost, forced shutdown): stop and let the retry happen. */
  signal: AbortSignal;
  /** 1 on the first attempt; retries after a failure count up, waits for approval do not. */
  attempt: number;
  maxAttempts: number;
}

/** What the queue does with the job once a run ended. */
export type RunOutcome =
  /** Complete the job with this result. */
  | { kind: 'done'; result: unknown }
  /** Wait (no attempt spent) and run it again at `until` (epoch ms). */
  | { kind: 'wait'; until: number }
  /** Fail this attempt; the queue retries with backoff (the last attempt fails the job). */
  | { kind: 'retry'; error: unknown }
  /** Fail the job at once, not retried. */
  | { kind: 'fail'; message: string };

/**
 * A job that failed outside a run, as the queue tells it: `stalled` when its runs stopped in the middle too often
 * (the worker running it was killed or overloaded), `message` the queue's own words, in English.
 */
export interface OutsideFailure {
  stalled: boolean;
  message: string;
}

/** The port the queue calls (./runner.ts `createDealRunner`). */
export interface DealRunner {
  run(run: DealRun): Promise<RunOutcome>;
  /** The job failed outside a run (stalled too often): a running record must not look running forever. */
  failedOutside(dealId: number, failure: OutsideFailure): Promise<void>;
}

/** What a processor gets for one run of one deal. */
export interface DealJobContext {
  payload: DealRunPayload;
  dealId: number;
  deadline: Date;
  /** Aborted when the worker loses the job (lock lost, forced shutdown): stop and let the retry happen. */
  signal: AbortSignal;
  client: MarketplaceClient;
  store: DealStore;
  /** Writes to stdout and to the deal's log on the status page. */
  log: DealLogger;
  attempt: number;
  maxAttempts: number;
}

/**
 * The work done for one deal. Throw a wait signal (`WaitUntilError`, or the marketplace's "awaits approval": see
 * src/deals/lifecycle.ts `isWaitSignal`) to wait; `DeadlineMissedError` ends the deal `deadline_missed`; an error
 * with `retryable === false` (e.g. `PermanentError`) fails the job at once; any other error is retried with
 * backoff.
 */
export type DealProcessor = (ctx: DealJobContext) => Promise<unknown>;
