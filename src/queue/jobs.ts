/**
 * The one queue and its one job kind: name → payload schema, job id, attempts, backoff, priority.
 */
import type { JobsOptions } from 'bullmq';
import { z } from 'zod';
import { AcceptedDeal } from '../deals/accepted.js';
import { dealDeadline } from '../deals/lifecycle.js';

export const DEAL_QUEUE = 'deals';
export const DEAL_JOB = 'deal';

export const JobSource = z.enum(['webhook', 'poll', 'reconcile', 'manual']);
export type JobSource = z.infer<typeof JobSource>;

export const DealJobPayload = z.object({
  dealId: z.number().int().positive(),
  blogId: z.number().int(),
  event: AcceptedDeal,
  /** ISO 8601: when pressbridge first heard of the deal. */
  receivedAt: z.iso.datetime({ offset: true }),
  source: JobSource,
  /**
   * ISO 8601: the deadline as read when the deal came in (`publish_deadline` in `marketplace.timeZone`, or
   * the receipt-based fallback), so every later reader agrees on it. Absent in jobs of older versions.
   */
  deadlineAt: z.iso.datetime({ offset: true }).optional(),
});
export type DealJobPayload = z.infer<typeof DealJobPayload>;

/** BullMQ job ids may not contain ':'; one id per deal makes BullMQ itself refuse a second live job. */
export function dealJobId(dealId: number): string {
  return `deal-${dealId}`;
}

export interface DealJobSettings {
  attempts: number;
  /** First retry delay of the exponential backoff (5 s, 10 s, 20 s, …). */
  backoffMs: number;
  /** Finished jobs stay this long so BullMQ keeps refusing duplicates (the deal record covers the rest). */
  keepFinishedSeconds: number;
}

export const DEFAULT_DEAL_JOB_SETTINGS: DealJobSettings = {
  attempts: 8,
  backoffMs: 5_000,
  keepFinishedSeconds: 7 * 24 * 3600,
};

/** The job settings a configuration asks for (`worker.attempts`, `worker.backoffMs`). */
export function jobSettingsOf(config: { worker: { attempts: number; backoffMs: number } }): DealJobSettings {
  return {
    ...DEFAULT_DEAL_JOB_SETTINGS,
    attempts: config.worker.attempts,
    backoffMs: config.worker.backoffMs,
  };
}

/** BullMQ's largest priority (2^21 − 1); lower numbers run first, 0 would mean "before every prioritised job". */
export const MAX_PRIORITY = 2 ** 21 - 1;

/**
 * Priority from the deadline, so that among waiting deals the one due first runs first.
 *
 * Why absolute minutes and not "minutes from now": a relative number depends on when the job was added, so a
 * deal added later with a later deadline could overtake an earlier one. BullMQ offers 2^21 − 1 levels, which
 * at one-minute resolution is ≈ 4 years; we take the deadline's minute since the Unix epoch modulo that range
 * (+1, since 0 means "no priority"). Order is exact except for deadlines on either side of the wrap point once
 * every ≈ 4 years, which at worst swaps the order of a few deals for that hour. Equal minutes run FIFO.
 */
export function priorityForDeadline(deadline: Date): number {
  const minute = Math.floor(deadline.getTime() / 60_000);
  if (!Number.isFinite(minute)) return MAX_PRIORITY;
  return (((minute % MAX_PRIORITY) + MAX_PRIORITY) % MAX_PRIORITY) + 1;
}

export function dealJobOptions(payload: DealJobPayload, settings: DealJobSettings): JobsOptions {
  return {
    jobId: dealJobId(payload.dealId),
    attempts: settings.attempts,
    backoff: { type: 'exponential', delay: settings.backoffMs },
    priority: priorityForDeadline(dealDeadline(payload)),
    removeOnComplete: { age: settings.keepFinishedSeconds },
    removeOnFail: { age: settings.keepFinishedSeconds },
  };
}
