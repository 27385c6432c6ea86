/**
 * The worker's answer to a wait signal (the text awaits the advertiser's approval, src/deals/lifecycle.ts
 * `isWaitSignal`): the job waits (`moveToDelayed`, no attempt spent) until the next ask, or, once the deadline
 * (and any late window the marketplace granted) passed, the marketplace decides (src/deals/verdict.ts).
 */
import { DelayedError, type Job, UnrecoverableError, WaitingChildrenError, WaitingError } from 'bullmq';
import type { Clock } from '../clock.js';
import type { DealLogger, DealStore } from '../deals/store.js';
import { createVerdicts, lateDeadline } from '../deals/verdict.js';
import { AppError, errorMessage, supportCodeOf } from '../errors.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { AGENT_DEADLINE_MINUTES } from '../marketplace/schema.js';
import type { DealJobPayload } from './jobs.js';

/** BullMQ's own control flow (delayed, waiting, rate-limited): passed through, never a failure. */
export function isControlSignal(error: unknown): boolean {
  return (
    error instanceof DelayedError ||
    error instanceof WaitingChildrenError ||
    error instanceof WaitingError ||
    (error instanceof Error && error.name === 'RateLimitError')
  );
}

/** The record's error fields for an error. */
export function errorFields(error: unknown): {
  error: string;
  errorCode: string | null;
  supportCode: string | null;
} {
  return {
    error: errorMessage(error),
    errorCode: error instanceof AppError ? error.code : null,
    supportCode: supportCodeOf(error) ?? null,
  };
}

export interface WaitInput {
  job: Job<DealJobPayload, unknown, string>;
  token: string | undefined;
  /** The wait signal the processor threw. */
  error: unknown;
  dealId: number;
  deadline: Date;
  dealLog: DealLogger;
  signal: AbortSignal;
  client: MarketplaceClient;
  store: DealStore;
  clock: Pick<Clock, 'now'>;
  approvalRetryMs: number;
  approvalGraceMs: number;
}

/**
 * Throws BullMQ's DelayedError once the job waits, UnrecoverableError when the deal ended `deadline_missed`;
 * returns the failure to handle otherwise (DealClosedError when the marketplace moved on, or the error of asking
 * it: retryable, not a missed deadline).
 */
export async function waitOrGiveUp(input: WaitInput): Promise<unknown> {
  const { job, token, error, dealId, deadline, dealLog, signal, store, clock } = input;
  try {
    const at = clock.now().getTime();
    const record = await store.get(dealId);
    const giveUpAt = Math.max(
      deadline.getTime() + input.approvalGraceMs,
      lateDeadline(record?.data ?? {}) ?? 0,
    );
    const overdue =
      at >= giveUpAt
        ? await createVerdicts({ client: input.client, store, dealId, log: dealLog, clock, signal }).overdue(
            'the text still awaits the advertiser approval after the deadline',
          )
        : undefined;
    if (overdue?.kind === 'missed') {
      const message =
        `the text still awaits the advertiser's approval; the marketplace still waited for the article at ${overdue.check.at} ` +
        `(${overdue.check.state}), and the further ${AGENT_DEADLINE_MINUTES} minutes passed too: giving up. If the deal ` +
        'still takes a URL, "retry" on the status page runs it again';
      await store.update(dealId, {
        state: 'deadline_missed',
        ...errorFields(error),
        error: message,
      });
      dealLog.error({ deadline: deadline.toISOString() }, message);
      await dealLog.flush();
      throw new UnrecoverableError(`deal ${dealId}: ${message}`);
    }
    const until = overdue?.kind === 'late' ? overdue.until : giveUpAt;
    const next = Math.min(at + input.approvalRetryMs, until);
    await store.update(dealId, {
      state: 'waiting_approval',
      error: null,
      errorCode: null,
      supportCode: null,
    });
    dealLog.info({ retryAt: new Date(next).toISOString() }, 'text awaits the advertiser approval');
    await dealLog.flush();
    await job.moveToDelayed(next, token);
    throw new DelayedError();
  } catch (settled) {
    if (isControlSignal(settled) || settled instanceof UnrecoverableError) throw settled;
    return settled;
  }
}
