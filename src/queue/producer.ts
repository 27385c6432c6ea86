import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DealStore } from '../deals/store.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import {
  DEAL_JOB,
  DEAL_QUEUE,
  DEFAULT_DEAL_JOB_SETTINGS,
  DealJobPayload,
  type DealJobSettings,
  dealDeadline,
  dealJobId,
  dealJobOptions,
} from './jobs.js';

export interface EnqueueResult {
  status: 'added' | 'duplicate';
  jobId: string;
}

export interface DealProducer {
  readonly queue: Queue<DealJobPayload, unknown, typeof DEAL_JOB>;
  /**
   * Stores the job durably, once per deal. Resolves only after Redis acknowledged the job (or found that the
   * deal was already queued); rejects when Redis is unreachable.
   */
  enqueueDeal(payload: DealJobPayload): Promise<EnqueueResult>;
  /** Closes the queue; the Redis connection belongs to the caller. */
  close(): Promise<void>;
}

export interface DealProducerOptions {
  /**
   * A fail-fast client (`createRedisClient(url, 'producer')`): no offline queue, so a lost Redis errors at once.
   * Before the first connection BullMQ waits for "ready"; callers bound the wait (the receiver does, 2 s).
   */
  connection: Redis;
  prefix: string;
  store: Pick<DealStore, 'createIfAbsent' | 'markEnqueued'>;
  log: Logger;
  settings?: Partial<DealJobSettings>;
  queueName?: string;
}

/**
 * Two layers of dedupe:
 * 1. the deal record (`createIfAbsent`, atomic) carries `enqueuedAt` once the job was stored; it outlives the
 *    BullMQ job (≥ 30 days against 7), so a redelivery days later finds it and adds nothing;
 * 2. the job id `deal-<id>`: while the job exists, BullMQ itself ignores a second add, so two deliveries racing
 *    between the check and `markEnqueued` still make one job (and `markEnqueued` names one of them "added").
 * A record without `enqueuedAt` (a crash between the two writes) gets its job on the next delivery.
 */
export function createDealProducer(options: DealProducerOptions): DealProducer {
  const settings: DealJobSettings = { ...DEFAULT_DEAL_JOB_SETTINGS, ...options.settings };
  const queue = new Queue<DealJobPayload, unknown, typeof DEAL_JOB>(options.queueName ?? DEAL_QUEUE, {
    connection: options.connection,
    prefix: options.prefix,
  });
  // Without a listener an 'error' event would throw; the connection helper already logs connection errors.
  queue.on('error', () => {});

  return {
    queue,

    async enqueueDeal(input) {
      const parsed = DealJobPayload.safeParse(input);
      if (!parsed.success) {
        throw new AppError('job_payload_invalid', `deal job payload is invalid: ${parsed.error.message}`);
      }
      const payload = parsed.data;
      const jobId = dealJobId(payload.dealId);
      const { created, record } = await options.store.createIfAbsent({
        dealId: payload.dealId,
        blogId: payload.blogId,
        receivedAt: payload.receivedAt,
        deadline: dealDeadline(payload).toISOString(),
        source: payload.source,
        state: 'received',
      });
      if (!created && record.enqueuedAt) {
        options.log.info({ dealId: payload.dealId, jobId, source: payload.source }, 'deal already queued');
        return { status: 'duplicate', jobId };
      }
      // For an id that exists BullMQ adds nothing (and does not say so); the record settles who added it.
      await queue.add(DEAL_JOB, payload, dealJobOptions(payload, settings));
      const added = await options.store.markEnqueued(payload.dealId, jobId);
      // debug: the caller says what came of it in its own words (the webhook's 'deal.accepted received' line).
      options.log.debug(
        { dealId: payload.dealId, blogId: payload.blogId, jobId, source: payload.source, added },
        added ? 'deal queued' : 'deal already queued',
      );
      return { status: added ? 'added' : 'duplicate', jobId };
    },

    async close() {
      await queue.close();
    },
  };
}
