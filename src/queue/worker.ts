import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { isFinal, isWaitSignal } from '../deals/lifecycle.js';
import { createDealLogger, type DealLogger, type DealStore } from '../deals/store.js';
import { closeDeal, DealClosedError } from '../deals/verdict.js';
import { DeadlineMissedError, errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { closeRedisClient, createRedisClient } from './connection.js';
import { DEAL_QUEUE, DealJobPayload, dealDeadline } from './jobs.js';
import { errorFields, isControlSignal, waitOrGiveUp } from './waiting.js';

/** What a processor gets for one run of one deal's job. */
export interface DealJobContext {
  job: Job<DealJobPayload, unknown, string>;
  /** The job's lock token (needed for `job.moveToDelayed`). */
  token: string | undefined;
  payload: DealJobPayload;
  dealId: number;
  deadline: Date;
  /** Aborted when the worker loses the job (lock lost, forced shutdown): stop and let the retry happen. */
  signal: AbortSignal;
  client: MarketplaceClient;
  store: DealStore;
  /** Writes to stdout and to the deal's log on the status page. */
  log: DealLogger;
  /** 1 on the first attempt; retries after a failure count up, waits for approval do not. */
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

export interface DealWorkerOptions {
  /** A `worker` client (`maxRetriesPerRequest: null`), owned by the caller; or a URL, owned by the worker. */
  connection: Redis | { url: string };
  prefix: string;
  concurrency: number;
  client: MarketplaceClient;
  store: DealStore;
  log: Logger;
  /** The work done for each deal: the publishing pipeline (src/pipeline/), or a test's own processor. */
  process: DealProcessor;
  queueName?: string;
  /** How long to wait before asking again while the text awaits approval (default 60 s). */
  approvalRetryMs?: number;
  /** Keep asking this long after the deadline before giving up as `deadline_missed` (default 0). */
  approvalGraceMs?: number;
  /** A killed worker's job is taken over after the lock runs out and the next stalled check (defaults below). */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  maxStalledCount?: number;
  /** How long `close()` waits for running jobs before it abandons them to the stalled-job check. */
  closeTimeoutMs?: number;
  autorun?: boolean;
  now?: () => Date;
  /** The zone of `publish_deadline` in jobs queued without a stamped deadline (config `marketplace.timeZone`). */
  timeZone?: string;
}

export interface DealWorker {
  readonly worker: Worker<DealJobPayload, unknown, string>;
  /** Stops taking jobs, waits (bounded) for the running ones, closes what the worker opened. */
  close(): Promise<void>;
}

// Moved to src/errors.ts (a control error); re-exported for the pipeline's existing imports.
export { DeadlineMissedError } from '../errors.js';

/**
 * Stalled-job recovery: a worker renews its job's lock every `lockDuration / 2`; once a killed worker's lock has
 * run out, the next stalled check (every `stalledInterval`, by any live worker) puts the job back in the queue.
 * The job is back at most `lockDuration + stalledInterval` after the kill: 45 s with these defaults, within
 * the minute a deal can spare of its 60. A shorter lock costs one more Redis write per job every 15 s.
 */
export const DEFAULT_LOCK_DURATION_MS = 30_000;
export const DEFAULT_STALLED_INTERVAL_MS = 15_000;

function isRedisClient(value: Redis | { url: string }): value is Redis {
  return typeof (value as { duplicate?: unknown }).duplicate === 'function';
}

export function createDealWorker(options: DealWorkerOptions): DealWorker {
  const process = options.process;
  const now = options.now ?? (() => new Date());
  const approvalRetryMs = options.approvalRetryMs ?? 60_000;
  const approvalGraceMs = options.approvalGraceMs ?? 0;
  const closeTimeoutMs = options.closeTimeoutMs ?? 30_000;
  const { log } = options;
  // Each writes only the states the lifecycle gives it (src/deals/lifecycle.ts TRANSITIONS).
  const store = options.store.as('queue');
  const pipelineStore = options.store.as('pipeline');
  const given = options.connection;
  const ownConnection = isRedisClient(given) ? undefined : createRedisClient(given.url, 'worker', { log });
  const connection = ownConnection ?? (given as Redis);

  async function run(
    job: Job<DealJobPayload, unknown, string>,
    token: string | undefined,
    signal: AbortSignal,
  ) {
    const parsed = DealJobPayload.safeParse(job.data);
    if (!parsed.success) {
      log.error({ jobId: job.id, issues: parsed.error.issues }, 'deal job payload invalid');
      throw new UnrecoverableError(`job ${job.id} has an invalid payload: ${parsed.error.message}`);
    }
    const payload = parsed.data;
    const { dealId } = payload;
    const deadline = dealDeadline(payload, options.timeZone);
    const dealLog = createDealLogger(store, log, dealId, payload.blogId);
    const maxAttempts = job.opts.attempts ?? 1;
    const attempt = job.attemptsMade + 1;

    // The record is created once, by the producer (./producer.ts) or an operator's replay; here it is only read.
    // A job added around them (by hand) has none and is refused: nothing would record what it did.
    if (!(await store.get(dealId))) {
      log.error({ dealId, jobId: job.id }, 'deal job without a deal record');
      throw new UnrecoverableError(
        `job ${job.id}: deal ${dealId} has no record; queue deals through the webhook, reconciliation or "pressbridge replay"`,
      );
    }
    await store.update(dealId, { state: 'processing', attempts: attempt });
    dealLog.info({ attempt, maxAttempts, jobId: job.id }, 'processing deal');

    try {
      const result = await process({
        job,
        token,
        payload,
        dealId,
        deadline,
        signal,
        client: options.client,
        store: pipelineStore,
        log: dealLog,
        attempt,
        maxAttempts,
      });
      await dealLog.flush();
      return result;
    } catch (error) {
      if (isControlSignal(error)) throw error;

      let failure: unknown = error;
      if (isWaitSignal(error)) {
        failure = await waitOrGiveUp({
          job,
          token,
          error,
          dealId,
          deadline,
          dealLog,
          signal,
          client: options.client,
          store,
          clock: { now },
          approvalRetryMs,
          approvalGraceMs,
        });
      }

      if (failure instanceof DealClosedError) return await closeDeal(store, dealId, dealLog, failure);

      if (failure instanceof DeadlineMissedError) {
        await store.update(dealId, { state: 'deadline_missed', ...errorFields(failure) });
        dealLog.error(
          { deadline: deadline.toISOString(), error: failure.message },
          'deal missed its deadline',
        );
        await dealLog.flush();
        throw new UnrecoverableError(failure.message);
      }

      const permanent =
        failure instanceof UnrecoverableError || (failure as { retryable?: unknown }).retryable === false;
      const last = permanent || attempt >= maxAttempts;
      await store
        .update(dealId, { state: last ? 'failed' : 'retrying', ...errorFields(failure) })
        .catch((storeError: unknown) =>
          log.warn({ dealId, err: errorMessage(storeError) }, 'deal record update failed'),
        );
      dealLog.error(
        { ...errorFields(failure), attempt, maxAttempts, permanent },
        last ? 'deal failed' : 'deal attempt failed; will retry',
      );
      await dealLog.flush();
      if (permanent && !(failure instanceof UnrecoverableError)) {
        throw new UnrecoverableError(errorMessage(failure));
      }
      throw failure;
    }
  }

  const worker = new Worker<DealJobPayload, unknown, string>(
    options.queueName ?? DEAL_QUEUE,
    // Three parameters: BullMQ passes the abort signal only to processors that declare it.
    async (job, token, signal) => await run(job, token, signal ?? new AbortController().signal),
    {
      connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
      stalledInterval: options.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS,
      maxStalledCount: options.maxStalledCount ?? 2,
      autorun: options.autorun ?? true,
    },
  );

  worker.on('error', (error) => log.warn({ err: errorMessage(error) }, 'deal worker error'));
  worker.on('failed', (job, error) => {
    if (!job) return;
    const dealId = (job.data as Partial<DealJobPayload> | undefined)?.dealId;
    if (typeof dealId !== 'number') return;
    // A job failed outside the processor (stalled too often) must not look "processing" forever.
    void (async () => {
      if (!(await job.isFailed())) return;
      const record = await store.get(dealId);
      if (record && !isFinal(record.state)) {
        await store.update(dealId, { state: 'failed', error: error.message });
      }
      log.warn({ dealId, jobId: job.id, err: error.message }, 'deal job failed');
    })().catch((storeError: unknown) =>
      log.warn({ dealId, err: errorMessage(storeError) }, 'deal record update failed'),
    );
  });

  return {
    worker,
    async close() {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        worker.close().then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), closeTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        log.warn({ closeTimeoutMs }, 'deal worker did not finish in time; running jobs resume after restart');
        worker.cancelAllJobs('shutdown');
        await worker.close(true);
      }
      if (ownConnection) await closeRedisClient(ownConnection);
    },
  };
}
