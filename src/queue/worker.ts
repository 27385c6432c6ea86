/**
 * The deal worker: BullMQ plumbing around the pipeline's port (src/pipeline/port.ts). It parses the job, hands
 * the run to the `DealRunner`, and maps what comes back to BullMQ: done → the job completes; wait →
 * `moveToDelayed` (no attempt spent); retry → the error is rethrown (backoff); fail → `UnrecoverableError`.
 * It asks the marketplace nothing and writes no deal state: the runner settles the record.
 */
import { DelayedError, type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import type { DealRunner, OutsideFailure } from '../pipeline/port.js';
import { closeRedisClient, createRedisClient } from '../redis/client.js';
import { isRedisConnectionError } from '../redis/outage.js';
import { DEAL_QUEUE, DealJobPayload } from './jobs.js';

export interface DealWorkerOptions {
  /** A `worker` client (`maxRetriesPerRequest: null`), owned by the caller; or a URL, owned by the worker. */
  connection: Redis | { url: string };
  prefix: string;
  concurrency: number;
  log: Logger;
  /** The pipeline's port (src/pipeline/runner.ts `createDealRunner`): runs a deal and settles its record. */
  runner: DealRunner;
  queueName?: string;
  /** A killed worker's job is taken over after the lock runs out and the next stalled check (defaults below). */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  maxStalledCount?: number;
  /** How long `close()` waits for running jobs before it abandons them to the stalled-job check. */
  closeTimeoutMs?: number;
  autorun?: boolean;
}

export interface DealWorker {
  readonly worker: Worker<DealJobPayload, unknown, string>;
  /** Stops taking jobs, waits (bounded) for the running ones, closes what the worker opened. */
  close(): Promise<void>;
}

/**
 * Stalled-job recovery: a worker renews its job's lock every `lockDuration / 2`; once a killed worker's lock has
 * run out, the next stalled check (every `stalledInterval`, by any live worker) puts the job back in the queue.
 * The job is back at most `lockDuration + stalledInterval` after the kill: 45 s with these defaults, within
 * the minute a deal can spare of its 60. A shorter lock costs one more Redis write per job every 15 s.
 */
export const DEFAULT_LOCK_DURATION_MS = 30_000;
export const DEFAULT_STALLED_INTERVAL_MS = 15_000;

/** BullMQ's reason for a job whose runs stalled more often than `maxStalledCount` (its Lua scripts' own words). */
export const STALLED_REASON = 'job stalled more than allowable limit';

/** A job's failure outside the processor, as the pipeline's port takes it. */
export function outsideFailure(error: Pick<Error, 'message'>): OutsideFailure {
  return { stalled: error.message === STALLED_REASON, message: error.message };
}

function isRedisClient(value: Redis | { url: string }): value is Redis {
  return typeof (value as { duplicate?: unknown }).duplicate === 'function';
}

export function createDealWorker(options: DealWorkerOptions): DealWorker {
  const { runner, log } = options;
  const closeTimeoutMs = options.closeTimeoutMs ?? 30_000;
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
    const outcome = await runner.run({
      jobId: job.id,
      payload: parsed.data,
      signal,
      attempt: job.attemptsMade + 1,
      maxAttempts: job.opts.attempts ?? 1,
    });
    switch (outcome.kind) {
      case 'done':
        return outcome.result;
      case 'wait':
        await job.moveToDelayed(outcome.until, token);
        throw new DelayedError();
      case 'retry':
        throw outcome.error;
      case 'fail':
        throw new UnrecoverableError(outcome.message);
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

  // Its connections' errors while Redis is out of reach: said once by the outage line (src/redis/outage.ts).
  worker.on('error', (error) =>
    log[isRedisConnectionError(error) ? 'debug' : 'warn']({ err: errorMessage(error) }, 'deal worker error'),
  );
  worker.on('failed', (job, error) => {
    if (!job) return;
    const dealId = (job.data as Partial<DealJobPayload> | undefined)?.dealId;
    if (typeof dealId !== 'number') return;
    // A job failed outside the processor (stalled too often) must not look "processing" forever.
    void (async () => {
      if (!(await job.isFailed())) return;
      await runner.failedOutside(dealId, outsideFailure(error));
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
