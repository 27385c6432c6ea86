/**
 * Reconciliation: the sweep that finds accepted deals whose `deal.accepted` webhook never reached us (the daemon
 * was down longer than the marketplace's 75 minutes of retries, the secret was rotated, the webhook was deleted)
 * and queues them through the same dedupe as the webhook path.
 *
 * One sweep: `GET /v1/deals?state=akceptovano&zmeneno_od=<since>`, every page, at LOW priority (the live
 * pipeline's requests go first; the rate limiter keeps 20 % of the window from low-priority work). For each
 * listed deal of a configured blog:
 *
 * | pressbridge knows | the sweep |
 * |---|---|
 * | nothing (no deal record) | queues it (`enqueueDeal`, source `reconcile`) |
 * | a record without `enqueuedAt` (a crash between the record and the job) | queues it (same call) |
 * | a final record (src/deals/lifecycle.ts `isFinal`) | nothing |
 * | a running record (`waiting_approval`, `retrying`, …) whose BullMQ job is GONE (src/queue/requeue.ts) | adds the job again |
 * | a running record with its job | nothing |
 *
 * The deal list carries neither `published_by` nor `instant_publish`: a queued deal goes to the pipeline as
 * agent-published, and the pipeline's second decision (on the text's own flags) skips what the marketplace or
 * the blogger publishes. Nor does it carry `publish_deadline`: the deadline is taken as `changed_at` (for an
 * accepted deal: the acceptance, or later) + 60 minutes, read in `marketplace.timeZone`. The list entry itself
 * (`akceptovano`, no `article_url`) is the marketplace's answer to "is this deal still wanted?": it is stored
 * with the deal (`data.marketplaceCheck`, src/deals/verdict.ts), so a deal found past that estimate is published
 * late, within 60 minutes of the sweep, without a further request.
 *
 * Where the next sweep starts (`zmeneno_od`): the start of the last sweep that read every page and queued
 * every deal it had to, minus `overlapMs` (clock skew between us and the marketplace; relisting costs nothing,
 * the dedupe absorbs it). It is kept in Redis (`<prefix>:reconcile`), so a daemon that was down for hours
 * sweeps the whole outage at start-up. An installation's very first sweep looks `lookbackMinutes` back.
 * A failed sweep does not move the cursor and is tried again after `retryMs`.
 *
 * Several processes (split webhook/worker processes) may run it: a lease (src/redis/lease.ts: 60 s, renewed before
 * each page and deal) lets one sweep at a time; a process that finds it taken tries again after `retryMs`. A sweep
 * that loses its lease (a deal outlasted it, Redis stalled) stops before the next deal, fails, and leaves the
 * cursor and the last result to the process that holds it now.
 */

import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import type { DealStore } from '../deals/record.js';
import { errorMessage } from '../errors.js';
import { createUnreadableStore } from '../intake/unreadable.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { createPeriodicTask } from '../periodic.js';
import { DEFAULT_DEAL_JOB_SETTINGS, type DealJobSettings } from '../queue/jobs.js';
import type { DealProducer } from '../queue/producer.js';
import { type Lease, withLease } from '../redis/lease.js';
import { outageLevel } from '../redis/outage.js';
import { listingSince, startedResult, storedResult, storedTime } from './cursor.js';
import { forEachListedDeal } from './pages.js';
import { ReconcileSettings, type ReconcileSettingsInput } from './settings.js';
import { createSettler } from './settle.js';
import { type ReconcileResult, reconcileKeys } from './sweep-state.js';

export { payloadFromListedDeal } from './listed.js';
export { ReconcileSettings, type ReconcileSettingsInput } from './settings.js';
export { type LastSweep, type ReconcileResult, readLastSweep, reconcileKeys } from './sweep-state.js';

export interface Reconciler {
  /** One sweep now (or the one already running in this process). Never throws; see `status`. */
  runOnce(): Promise<ReconcileResult>;
  /** A sweep now, then every `intervalMs` (after a failed or `busy` sweep: sooner, `retryMs`). */
  start(intervalMs: number): void;
  /** No further sweeps; a running one is aborted and awaited. */
  stop(): Promise<void>;
  /** The last sweep of this process. */
  lastResult(): ReconcileResult | undefined;
}

export interface ReconcilerOptions {
  client: Pick<MarketplaceClient, 'listDeals'>;
  producer: Pick<DealProducer, 'enqueueDeal' | 'queue'>;
  store: Pick<DealStore, 'prefix' | 'get' | 'update' | 'appendLog' | 'readEvents'>;
  /** For the cursor and the lease (the store's client is fine). */
  redis: Redis;
  /** Marketplace blog ids that pressbridge publishes (config `blogs[].id`). */
  blogIds: readonly number[];
  log: Logger;
  /** `reconcile:` from the config; `intervalMinutes` is used by the caller (`start`). */
  settings?: ReconcileSettingsInput;
  /** Relisting margin before the cursor (default 10 minutes). */
  overlapMs?: number;
  /** A running deal without its job is re-queued only after its record was quiet this long (default 0: at once). */
  quietMs?: number;
  /** After a failed or `busy` sweep, the next one comes this soon (default 60 s, never later than the interval). */
  retryMs?: number;
  /** The lease's time to live, renewed at every page and deal (default 60 s): a killed sweeper blocks no longer. */
  lockMs?: number;
  jobSettings?: Partial<DealJobSettings>;
  clock?: Clock;
  /** The zone of `changed_at` (config `marketplace.timeZone`); default Europe/Prague. */
  timeZone?: string;
  /** After a sweep that queued deals whose webhook never came (a notification); must not throw. */
  onFound?: (dealIds: readonly number[]) => Promise<void>;
}

export function createReconciler(options: ReconcilerOptions): Reconciler {
  const { client, producer, store, redis, log } = options;
  const settings = ReconcileSettings.parse(options.settings ?? {});
  const clock = options.clock ?? systemClock;
  const overlapMs = options.overlapMs ?? 10 * 60_000;
  const quietMs = options.quietMs ?? 0;
  const retryMs = options.retryMs ?? 60_000;
  const lockMs = options.lockMs ?? 60_000;
  const jobSettings: DealJobSettings = { ...DEFAULT_DEAL_JOB_SETTINGS, ...options.jobSettings };
  const blogIds = new Set(options.blogIds);
  const keys = reconcileKeys(store.prefix);
  const unreadable = createUnreadableStore(redis, store.prefix);

  let last: ReconcileResult | undefined;
  const task = createPeriodicTask('reconciliation', async () => {
    const result = await sweep();
    if (result.status !== 'busy') last = result;
    return result;
  });

  const settle = createSettler({
    producer,
    store,
    blogIds,
    log,
    clock,
    jobSettings,
    quietMs,
    timeZone: options.timeZone,
    source: 'reconcile',
  });

  /** One sweep under the lease, renewed before each page and deal; a lost lease ends it and writes nothing more. */
  async function sweepHeld(lease: Lease, result: ReconcileResult, started: Date): Promise<void> {
    try {
      const cursorMs = storedTime(await redis.hget(keys.state, 'cursor'));
      result.fromCursor = cursorMs !== undefined;
      const lookbackMs = settings.lookbackMinutes * 60_000;
      const since = listingSince(cursorMs, started.getTime(), overlapMs, lookbackMs);
      result.since = since.toISOString();
      const listing = await forEachListedDeal({
        client,
        query: { state: 'akceptovano', changedSince: since },
        options: { priority: 'low', signal: AbortSignal.any([task.signal, lease.signal]) },
        beforePage: lease.extend,
        onDeal: async (deal) => {
          result.listed += 1;
          await lease.extend();
          try {
            await settle(deal, result);
          } catch (error) {
            result.errors.push({ dealId: deal.id, error: errorMessage(error) });
            log.warn({ dealId: deal.id, err: errorMessage(error) }, 'reconciliation: deal not settled');
          }
        },
      });
      result.pages = listing.pages;
      // What could not be read is named to the blogger as the poll names it (src/intake/unreadable.ts).
      for (const skipped of listing.skipped) {
        if (skipped.blogId !== undefined && !blogIds.has(skipped.blogId)) continue;
        result.skipped += 1;
        await unreadable.note(skipped, clock.now());
        log.warn(
          { dealId: skipped.id ?? null, id: skipped.rawId ?? null, reason: skipped.reason },
          'reconciliation: a listed deal could not be read; left out (named on the home page)',
        );
      }
      // Deals leaving `akceptovano` while we paged shift the pages: one may have been skipped. Sweep again
      // from the same cursor rather than move past it.
      if (listing.unstable)
        result.errors.push({ error: 'the list changed while it was paged; swept again next time' });
      await lease.extend();
      if (result.errors.length > 0) result.status = 'failed';
      else await redis.hset(keys.state, 'cursor', result.startedAt);
    } catch (error) {
      result.status = 'failed';
      result.errors.push({ error: errorMessage(error) });
    }
    result.finishedAt = clock.now().toISOString();
    if (lease.signal.aborted) return;
    await redis.hset(keys.state, 'last', storedResult(result)).catch((error: unknown) => {
      log[outageLevel(error)]({ err: errorMessage(error) }, 'reconciliation: its result could not be saved');
    });
  }

  async function sweep(): Promise<ReconcileResult> {
    const started = clock.now();
    const result: ReconcileResult = { ...startedResult(started), fromCursor: false, skipped: 0 };
    try {
      const run = await withLease(redis, keys.lock, lockMs, (lease) => sweepHeld(lease, result, started));
      if (run.status === 'busy') {
        result.status = 'busy';
        result.finishedAt = clock.now().toISOString();
        log.debug('reconciliation: another process is sweeping');
        return result;
      }
    } catch (error) {
      result.status = 'failed';
      result.errors.push({ error: errorMessage(error) });
      result.finishedAt = clock.now().toISOString();
    }
    const fields = {
      status: result.status,
      since: result.since,
      listed: result.listed,
      enqueued: result.enqueued,
      requeued: result.requeued,
      known: result.known,
      otherBlogs: result.otherBlogs,
      ...(result.unusable.length > 0 ? { unusable: result.unusable } : {}),
      ...(result.errors.length > 0 ? { errors: result.errors.slice(0, 5) } : {}),
    };
    if (result.status === 'failed')
      log[outageLevel(...result.errors)](fields, 'reconciliation sweep failed; it is tried again');
    else if (result.enqueued.length > 0 || result.requeued.length > 0)
      log.warn(fields, 'reconciliation queued deals whose webhook or job was missing');
    else log.info(fields, 'reconciliation sweep: nothing missing');
    if (result.enqueued.length > 0 && options.onFound) {
      await options.onFound(result.enqueued).catch((error: unknown) => {
        log.warn({ err: errorMessage(error) }, 'reconciliation: onFound failed');
      });
    }
    return result;
  }

  return {
    runOnce: () => task.runOnce(),
    start(intervalMs) {
      // A failed sweep, or one another process held (it may have died holding the lock), comes back soon.
      task.start((result) => (result.status === 'ok' ? intervalMs : Math.min(intervalMs, retryMs)));
    },
    stop: () => task.stop(),
    lastResult: () => last,
  };
}
