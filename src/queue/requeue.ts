/**
 * The one way to put a known deal's job (back) in the queue outside the webhook intake (which goes through
 * ./producer.ts `enqueueDeal`): an operator's retry / hand in again / replay, and reconciliation's re-queue of a
 * job Redis lost.
 *
 * The rule that keeps them from racing: **a job of a deal that is not final is never removed**. A finished job is
 * run again in place (`updateData` + `retry`), never removed and re-added; a job is removed only after its record
 * is final (mark as handled writes `handled` first). So a deal whose record is running and whose job is absent
 * really lost its job, and reconciliation may add it again at once; BullMQ's one-id-per-deal refuses a second
 * live job whichever comes first.
 */
import type { Job, Queue } from 'bullmq';
import type { DealStore } from '../deals/record.js';
import { DEAL_JOB, type DealJobPayload, type DealJobSettings, dealJobId, dealJobOptions } from './jobs.js';

export type DealQueue = Queue<DealJobPayload, unknown, typeof DEAL_JOB>;

/** Adds the deal's job and stamps the record (`jobId`, `enqueuedAt`). */
export async function addDealJob(
  queue: DealQueue,
  store: Pick<DealStore, 'update'>,
  payload: DealJobPayload,
  settings: DealJobSettings,
  now: Date,
): Promise<string> {
  const jobId = dealJobId(payload.dealId);
  await queue.add(DEAL_JOB, payload, dealJobOptions(payload, settings));
  await store.update(payload.dealId, { jobId, enqueuedAt: now.toISOString() });
  return jobId;
}

/**
 * Runs a completed job again in place, as a fresh job would run (attempts counted from 1), with `payload`; the
 * record is stamped as for a new job.
 */
export async function rerunCompletedJob(
  job: Job<DealJobPayload, unknown, string>,
  store: Pick<DealStore, 'update'>,
  payload: DealJobPayload,
  now: Date,
): Promise<void> {
  await job.updateData(payload);
  await job.retry('completed', { resetAttemptsMade: true, resetAttemptsStarted: true });
  await store.update(payload.dealId, { jobId: dealJobId(payload.dealId), enqueuedAt: now.toISOString() });
}
