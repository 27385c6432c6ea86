/**
 * The pipeline's side of one job (the port of ./port.ts): the record says `processing`, the processor runs,
 * and its end is settled in the record before the queue hears what to do with the job:
 *
 * | the run | the record | the queue |
 * |---|---|---|
 * | returned | as the processor left it | done |
 * | the look step's hold (`deal_held`) | `held`, as the step left it | wait until the links expire (an approve or refuse wakes it) |
 * | a wait signal, before the deadline (and any late window) | `waiting_approval` | wait until the next ask |
 * | a wait signal past them: the marketplace decides (src/deals/verdict.ts) | `waiting_approval`, or `deadline_missed` | wait, or fail |
 * | DealClosedError (the marketplace moved on) | `closed` with its state and reason | done |
 * | DeadlineMissedError | `deadline_missed` | fail |
 * | a permanent error (`retryable: false`) | `failed` | fail |
 * | any other error | `retrying`, or `failed` at the last attempt | retry |
 */
import { type Clock, systemClock } from '../clock.js';
import { type DealRunState, dealDeadline, isFinal, isWaitSignal } from '../deals/lifecycle.js';
import { DEAL_LOG } from '../deals/log-messages.js';
import { createDealLogger, type DealLogger, fieldsSaid } from '../deals/logger.js';
import type { DealStore } from '../deals/record.js';
import { closeDeal, createVerdicts, DealClosedError, lateDeadline } from '../deals/verdict.js';
import {
  AppError,
  DeadlineMissedError,
  errorMessage,
  type Phrase,
  supportCodeOf,
  WaitUntilError,
} from '../errors.js';
import { createTranslator } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { AGENT_DEADLINE_MINUTES } from '../marketplace/schema.js';
import type { DealProcessor, DealRunner, OutsideFailure, RunOutcome } from './port.js';
import { HELD_WAIT } from './steps/look-step.js';

export interface DealRunnerOptions {
  /** The work done for each deal: the publishing pipeline (./processor.ts), or a test's own processor. */
  process: DealProcessor;
  client: MarketplaceClient;
  store: DealStore;
  log: Logger;
  /** How long to wait before asking again while the text awaits approval (default 60 s). */
  approvalRetryMs?: number;
  /** Keep asking this long after the deadline before the marketplace decides (default 0). */
  approvalGraceMs?: number;
  /** The zone of `publish_deadline` in jobs queued without a stamped deadline (config `marketplace.timeZone`). */
  timeZone?: string;
  clock?: Pick<Clock, 'now'>;
}

/** The record's error fields for an error: its English, its phrase for the blogger (when it has one), its codes. */
export function errorFields(error: unknown): {
  error: string;
  errorPhrase: Phrase | null;
  errorCode: string | null;
  supportCode: string | null;
} {
  return {
    error: errorMessage(error),
    errorPhrase: error instanceof AppError && error.phrase ? error.phrase : null,
    errorCode: error instanceof AppError ? error.code : null,
    supportCode: supportCodeOf(error) ?? null,
  };
}

const english = createTranslator('en').say;

/**
 * Why a job failed outside its run, for the blogger (the catalog's `deal.error.*`): a stall in our words (BullMQ's
 * own stay in the worker's log line), anything else with the queue's words inside.
 */
export function outsideFailureSaid(failure: OutsideFailure): Phrase {
  return failure.stalled
    ? { key: 'deal.error.stalled' }
    : { key: 'deal.error.failed_outside', params: { message: failure.message } };
}

export function createDealRunner(options: DealRunnerOptions): DealRunner {
  const { process, client, log } = options;
  const store = options.store.as('pipeline');
  const clock = options.clock ?? systemClock;
  const approvalRetryMs = options.approvalRetryMs ?? 60_000;
  const approvalGraceMs = options.approvalGraceMs ?? 0;

  async function settle(state: DealRunState, dealId: number, error: unknown) {
    await store
      .update(dealId, { state, ...errorFields(error) })
      .catch((storeError: unknown) =>
        log.warn({ dealId, err: errorMessage(storeError) }, 'deal record update failed'),
      );
  }

  /** A wait signal: wait until the next ask, or, past the deadline, as the marketplace decides. */
  async function waitOrGiveUp(
    dealId: number,
    deadline: Date,
    dealLog: DealLogger,
    error: unknown,
    signal: AbortSignal,
  ) {
    const at = clock.now().getTime();
    const record = await store.get(dealId);
    const giveUpAt = Math.max(deadline.getTime() + approvalGraceMs, lateDeadline(record?.data ?? {}) ?? 0);
    const overdue =
      at >= giveUpAt
        ? await createVerdicts({ client, store, dealId, log: dealLog, clock, signal }).overdue(
            'the text still awaits the advertiser approval after the deadline',
          )
        : undefined;
    if (overdue?.kind === 'missed') {
      const { at, state } = overdue.check;
      const said: Phrase = {
        key: 'deal.error.text_waits_too_long',
        params: { at, state, minutes: String(AGENT_DEADLINE_MINUTES) },
      };
      const message = english(said);
      await store.update(dealId, {
        state: 'deadline_missed',
        ...errorFields(error),
        error: message,
        errorPhrase: said,
      });
      const facts = {
        deadline: deadline.toISOString(),
        checkedAt: overdue.check.at,
        state: overdue.check.state,
      };
      dealLog.error({ ...facts, minutes: AGENT_DEADLINE_MINUTES }, DEAL_LOG.text_waits_too_long);
      await dealLog.flush();
      return { kind: 'fail', message: `deal ${dealId}: ${message}` } satisfies RunOutcome;
    }
    const until = overdue?.kind === 'late' ? overdue.until : giveUpAt;
    const next = Math.min(at + approvalRetryMs, until);
    await store.update(dealId, {
      state: 'waiting_approval',
      error: null,
      errorCode: null,
      supportCode: null,
    });
    dealLog.info({ retryAt: new Date(next).toISOString() }, 'text awaits the advertiser approval');
    await dealLog.flush();
    return { kind: 'wait', until: next } satisfies RunOutcome;
  }

  return {
    async run({ jobId, payload, signal, attempt, maxAttempts }) {
      const { dealId } = payload;
      // The record is created once, by the producer (src/queue/producer.ts) or an operator's replay; here it is
      // only read. A job added around them (by hand) has none and is refused: nothing would record what it did.
      if (!(await store.get(dealId))) {
        log.error({ dealId, jobId }, 'deal job without a deal record');
        const hint = 'queue deals through the webhook, reconciliation or "pressbridge replay"';
        return { kind: 'fail', message: `job ${jobId}: deal ${dealId} has no record; ${hint}` };
      }
      const deadline = dealDeadline(payload, options.timeZone);
      const dealLog = createDealLogger(store, log, dealId, payload.blogId);
      await store.update(dealId, { state: 'processing', attempts: attempt });
      dealLog.info({ attempt, maxAttempts, jobId }, 'processing deal');

      let failure: unknown;
      try {
        const result = await process({
          payload,
          dealId,
          deadline,
          signal,
          client,
          store,
          log: dealLog,
          attempt,
          maxAttempts,
        });
        await dealLog.flush();
        return { kind: 'done', result };
      } catch (error) {
        failure = error;
      }
      if (failure instanceof WaitUntilError && failure.code === HELD_WAIT && failure.until) {
        await dealLog.flush();
        return { kind: 'wait', until: failure.until.getTime() };
      }
      if (isWaitSignal(failure)) {
        try {
          return await waitOrGiveUp(dealId, deadline, dealLog, failure, signal);
        } catch (asked) {
          // The marketplace moved on (DealClosedError), or asking it failed: retryable, not a missed deadline.
          failure = asked;
        }
      }
      if (failure instanceof DealClosedError) {
        return { kind: 'done', result: await closeDeal(store, dealId, dealLog, failure) };
      }
      if (failure instanceof DeadlineMissedError) {
        await store.update(dealId, { state: 'deadline_missed', ...errorFields(failure) });
        dealLog.error(
          { deadline: deadline.toISOString(), error: failure.message },
          'deal missed its deadline',
          fieldsSaid({ error: failure.phrase }),
        );
        await dealLog.flush();
        return { kind: 'fail', message: failure.message };
      }
      // BullMQ's UnrecoverableError, thrown by a processor, is permanent too (recognised by name: no BullMQ here).
      const permanent =
        (failure as { retryable?: unknown }).retryable === false ||
        (failure instanceof Error && failure.name === 'UnrecoverableError');
      const last = permanent || attempt >= maxAttempts;
      await settle(last ? 'failed' : 'retrying', dealId, failure);
      const { error, errorPhrase, errorCode, supportCode } = errorFields(failure);
      dealLog.error(
        { error, errorCode, supportCode, attempt, maxAttempts, permanent },
        last ? 'deal failed' : 'deal attempt failed; will retry',
        fieldsSaid({ error: errorPhrase ?? undefined }),
      );
      await dealLog.flush();
      return permanent ? { kind: 'fail', message: errorMessage(failure) } : { kind: 'retry', error: failure };
    },

    async failedOutside(dealId, failure) {
      const record = await store.get(dealId);
      if (!record || isFinal(record.state)) return;
      const said = outsideFailureSaid(failure);
      await store.update(dealId, { state: 'failed', error: english(said), errorPhrase: said });
    },
  };
}
