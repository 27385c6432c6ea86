import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DeadlineReading } from '../deals/deadline-reading.js';
import { readDealDeadline } from '../deals/lifecycle.js';
import type { DealRecord, DealStore, NewEventRecord } from '../deals/record.js';
import { type AcceptanceSeen, acceptanceStamp } from '../deals/recycled-id.js';
import { AppError, errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { acceptedMoneyData } from '../money/paid.js';
import {
  DEAL_JOB,
  DEAL_QUEUE,
  DEFAULT_DEAL_JOB_SETTINGS,
  DealJobPayload,
  type DealJobSettings,
  dealJobId,
  dealJobOptions,
} from './jobs.js';

/** The BullMQ states the status page and the metrics count (prioritised and waiting-children jobs wait too). */
export const DEAL_JOB_STATES = [
  'waiting',
  'prioritized',
  'waiting-children',
  'active',
  'delayed',
  'failed',
] as const;

export interface EnqueueResult {
  status: 'added' | 'duplicate';
  jobId: string;
  /** A duplicate whose acceptance differs from the finished deal's: the marketplace reused the id (`onSeenAgain`). */
  recycled?: boolean;
}

export interface EnqueueOptions {
  /**
   * The delivery to record in the deal's event log, in the same Redis step that settles the outcome
   * (`enqueued` or `duplicate`): one round trip less per webhook than recording it afterwards.
   */
  event?: Omit<NewEventRecord, 'outcome'>;
  /** ISO 8601: the listing's `changed_at`, when the deal was found in the marketplace's list (poll, reconcile). */
  listedChangedAt?: string | undefined;
}

export interface DealProducer {
  readonly queue: Queue<DealJobPayload, unknown, typeof DEAL_JOB>;
  /**
   * Stores the job durably, once per deal. Resolves only after Redis acknowledged the job (or found that the
   * deal was already queued); rejects when Redis is unreachable.
   */
  enqueueDeal(payload: DealJobPayload, options?: EnqueueOptions): Promise<EnqueueResult>;
  /** The queue's jobs by BullMQ state (`DEAL_JOB_STATES`), for the status page and /metrics. */
  jobCounts(): Promise<Record<string, number>>;
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
  store: Pick<DealStore, 'createIfAbsent' | 'markEnqueued' | 'recordEvent'>;
  log: Logger;
  settings?: Partial<DealJobSettings>;
  queueName?: string;
  /** The zone of the service's wall-clock date-times (config `marketplace.timeZone`); default Europe/Prague. */
  timeZone?: string;
  /**
   * Called once per deal, when its record is first created, with the deadline as read (the plausibility check,
   * src/deals/deadline-offset.ts). Its failure is logged, never the caller's: it must not drop or delay a deal.
   */
  onNewDeal?: (payload: DealJobPayload, reading: DeadlineReading) => Promise<void>;
  /**
   * Called for a deal seen again whose record says it was queued before, with its acceptance as seen now
   * (src/deals/recycled-id.ts `createRecycledIdCheck`): true when the acceptance is another one, which the hook
   * has reported. Its failure is logged, never the caller's.
   */
  onSeenAgain?: (record: DealRecord, seen: AcceptanceSeen) => Promise<boolean>;
}

/** The acceptance a payload carries: a `deal.accepted`'s own `publish_deadline`, or a listing's `changed_at`. */
function acceptanceOf(
  payload: DealJobPayload,
  reading: DeadlineReading,
  listedChangedAt: string | undefined,
): AcceptanceSeen {
  const fromEvent = payload.source === 'webhook';
  return {
    via: payload.source,
    blogId: payload.blogId,
    demandId: payload.event.demand?.id,
    ...(fromEvent ? { publishDeadline: payload.event.publish_deadline } : {}),
    ...(fromEvent && reading.source === 'publish_deadline'
      ? { deadline: reading.deadline.toISOString() }
      : {}),
    ...(listedChangedAt !== undefined ? { changedAt: listedChangedAt } : {}),
  };
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

    async enqueueDeal(input, enqueueOptions = {}) {
      const parsed = DealJobPayload.safeParse(input);
      if (!parsed.success) {
        throw new AppError('job_payload_invalid', `deal job payload is invalid: ${parsed.error.message}`);
      }
      // Read once, in the configured zone, and stamped on the job: every later reader agrees on it.
      const reading = readDealDeadline(parsed.data, options.timeZone);
      const payload: DealJobPayload = { ...parsed.data, deadlineAt: reading.deadline.toISOString() };
      const jobId = dealJobId(payload.dealId);
      const seen = acceptanceOf(payload, reading, enqueueOptions.listedChangedAt);
      const { created, record } = await options.store.createIfAbsent({
        dealId: payload.dealId,
        blogId: payload.blogId,
        receivedAt: payload.receivedAt,
        deadline: payload.deadlineAt ?? reading.deadline.toISOString(),
        source: payload.source,
        state: 'received',
        // The reward is shown before the payment (deals table, Earnings page).
        data: { ...acceptedMoneyData(payload.event), acceptance: acceptanceStamp(seen) },
      });
      const { event } = enqueueOptions;
      if (!created && record.enqueuedAt) {
        const recycled = await (options.onSeenAgain?.(record, seen) ?? Promise.resolve(false)).catch(
          (error: unknown) => {
            options.log.warn(
              { dealId: payload.dealId, err: errorMessage(error) },
              'recycled id check failed',
            );
            return false;
          },
        );
        if (!recycled) {
          options.log.info({ dealId: payload.dealId, jobId, source: payload.source }, 'deal already queued');
        }
        // The event log is a courtesy: a duplicate stays a duplicate (200) when it cannot be written.
        if (event) {
          await options.store
            .recordEvent(payload.dealId, { ...event, outcome: 'duplicate' })
            .catch((error: unknown) =>
              options.log.warn(
                { dealId: payload.dealId, err: errorMessage(error) },
                'event log write failed',
              ),
            );
        }
        return recycled ? { status: 'duplicate', jobId, recycled } : { status: 'duplicate', jobId };
      }
      // For an id that exists BullMQ adds nothing (and does not say so); the record settles who added it.
      await queue.add(DEAL_JOB, payload, dealJobOptions(payload, settings));
      const added = await options.store.markEnqueued(payload.dealId, jobId, event);
      // After the job is stored: the check never stands between a delivery and its job.
      if (created && options.onNewDeal) {
        await options
          .onNewDeal(payload, reading)
          .catch((error: unknown) =>
            options.log.warn({ dealId: payload.dealId, err: errorMessage(error) }, 'deadline check failed'),
          );
      }
      // debug: the caller says what came of it in its own words (the webhook's 'deal.accepted received' line).
      options.log.debug(
        { dealId: payload.dealId, blogId: payload.blogId, jobId, source: payload.source, added },
        added ? 'deal queued' : 'deal already queued',
      );
      return { status: added ? 'added' : 'duplicate', jobId };
    },

    jobCounts: () => queue.getJobCounts(...DEAL_JOB_STATES),

    async close() {
      await queue.close();
    },
  };
}
