/**
 * The poll intake: no inbound port needed. Every `intervalMs` one `GET /v1/deals?zmeneno_od=<cursor>` (every
 * page, normal priority) lists the deals that changed; each is compared with what the poll saw of it before
 * (./notices.ts) and acted on through the same code as the webhook path: an accepted deal is queued by the
 * settle reconciliation uses (the producer's dedupe and job id `deal-<id>`), a paid one, a new message or claim
 * post go to the one event handler (src/app/deal-events.ts) as the `deal.paid`, `message.created` or
 * `claim.created` the webhook would have brought. While a deal the poll saw accepted is still open, a second
 * listing (`state=zruseno`: the default list leaves cancelled deals out) notices a cancellation.
 *
 * The cursor: the start of the last poll that read everything and acted on every deal, minus `overlapMs`
 * (clock skew; what is listed again is compared with what was seen and changes nothing). The very first poll
 * of an installation looks `lookbackMinutes` back. A failed poll keeps the cursor; the next one lists again.
 * A Redis lock lets one process poll at a time.
 */

import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DealEventHandler } from '../app/deal-events.js';
import { type Clock, systemClock } from '../clock.js';
import { isFinal } from '../deals/lifecycle.js';
import { createDealLogger } from '../deals/logger.js';
import type { DealStore } from '../deals/record.js';
import { errorMessage, MarketplaceError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type { SkippedItem } from '../marketplace/list-items.js';
import type { Deal } from '../marketplace/schema.js';
import { createPeriodicTask } from '../periodic.js';
import { DEFAULT_DEAL_JOB_SETTINGS, type DealJobSettings, dealJobId } from '../queue/jobs.js';
import type { DealProducer } from '../queue/producer.js';
import { listedDealData } from '../reconcile/listed.js';
import { createSettler } from '../reconcile/settle.js';
import { runExtendLock, runReleaseLock } from '../reconcile/sweep-state.js';
import { outageLevel } from '../redis/outage.js';
import { paidEventOf, postEventOf } from './events.js';
import { type Notice, noticesFor, seenOf } from './notices.js';
import { createPollState, emptyPollResult, type PollFinish, type PollResult } from './poll-state.js';
import { readRound } from './round.js';
import { createUnreadableStore, MAX_ITEMS as MAX_UNREADABLE } from './unreadable.js';

export type { PollResult } from './poll-state.js';

export interface Poller {
  /** One poll now (or the one already running). Never throws; see `status`. */
  runOnce(): Promise<PollResult>;
  /**
   * A poll after `firstInMs` (default 0: now), then every `intervalMs`; a function is asked after each poll (the
   * daemon's: a webhook registered meanwhile slows the poll to its backstop pace without a restart).
   */
  start(intervalMs: number | (() => number), firstInMs?: number): void;
  stop(): Promise<void>;
  lastResult(): PollResult | undefined;
}

export interface PollerOptions {
  client: Pick<MarketplaceClient, 'listDeals' | 'getDealThread' | 'getDeal'>;
  producer: Pick<DealProducer, 'enqueueDeal' | 'queue'>;
  store: Pick<DealStore, 'prefix' | 'get' | 'update' | 'appendLog' | 'readEvents'>;
  redis: Redis;
  blogIds: readonly number[];
  log: Logger;
  /** The event handler the webhook receiver calls for everything but `deal.accepted`. */
  onEvent: DealEventHandler;
  /** The installation's first poll looks this far back (config `reconcile.lookbackMinutes`; default 120). */
  lookbackMinutes?: number;
  /** Relisting margin before the cursor (default 2 minutes). */
  overlapMs?: number;
  lockMs?: number;
  jobSettings?: Partial<DealJobSettings>;
  timeZone?: string;
  clock?: Clock;
  /** After each poll this process ran (the intake watch judges the door: src/notify/sources/intake.ts). */
  onPolled?: (result: PollResult) => Promise<void>;
}

const PRUNE_EVERY_MS = 60 * 60_000;

export function createPoller(options: PollerOptions): Poller {
  const { client, producer, store, redis, log } = options;
  const clock = options.clock ?? systemClock;
  const overlapMs = options.overlapMs ?? 2 * 60_000;
  const lockMs = options.lockMs ?? 60_000;
  const lookbackMs = (options.lookbackMinutes ?? 120) * 60_000;
  const blogIds = new Set(options.blogIds);
  const state = createPollState(redis, store.prefix);
  const unreadable = createUnreadableStore(redis, store.prefix);
  const settle = createSettler({
    producer,
    store,
    blogIds,
    log,
    clock,
    jobSettings: { ...DEFAULT_DEAL_JOB_SETTINGS, ...options.jobSettings },
    quietMs: 0,
    timeZone: options.timeZone,
    source: 'poll',
  });

  let last: PollResult | undefined;
  const task = createPeriodicTask('poll intake', async () => {
    const result = await poll();
    if (result.status !== 'busy') last = result;
    return result;
  });
  let prunedAt = Number.NEGATIVE_INFINITY;

  /** A thread read, then the event the webhook would have brought. */
  async function announcePost(deal: Deal, kind: 'message' | 'claim', result: PollResult): Promise<void> {
    result.requests += 1;
    let thread: Awaited<ReturnType<typeof client.getDealThread>>;
    try {
      thread = await client.getDealThread(deal.id, kind === 'message' ? 'messages' : 'claims', {
        priority: 'normal',
        signal: task.signal,
      });
    } catch (error) {
      // A refusal (409 obchod_uzavren: the deal closed meanwhile) would refuse every later poll too: noted and
      // passed; a retryable failure keeps the cursor and is read again next poll.
      if (!(error instanceof MarketplaceError) || error.retryable) throw error;
      log.warn(
        { dealId: deal.id, kind, err: errorMessage(error) },
        'poll: the thread could not be read; not notified',
      );
      return;
    }
    const event = postEventOf(deal.id, kind, thread.data);
    if (!event) return;
    await options.onEvent(event, deal.id);
    (kind === 'message' ? result.messages : result.claims).push(deal.id);
  }

  /** The marketplace cancelled a deal pressbridge runs: its answer stored, a waiting job brought forward. */
  async function cancelled(deal: Deal, result: PollResult): Promise<void> {
    const record = await store.get(deal.id);
    if (!record || isFinal(record.state)) return;
    // The pipeline's next request meets 409 spatny_stav and the verdict (src/deals/verdict.ts) ends it `closed`:
    // the one home of that rule. A job waiting for its approval retry runs now instead of later.
    await store.update(deal.id, { data: listedDealData(deal, clock.now()) });
    const job = await producer.queue.getJob(dealJobId(deal.id));
    if (job && (await job.isDelayed())) await job.promote().catch(() => undefined);
    const dealLog = createDealLogger(store, log, deal.id, deal.blog.id);
    dealLog.warn(
      { reason: deal.reason ?? null },
      'the poll found the deal cancelled in the marketplace (zruseno); its run ends at its next step',
    );
    await dealLog.flush();
    result.cancelled.push(deal.id);
  }

  /**
   * A cancellation matters only to a deal pressbridge still runs: deals seen accepted whose record is final (or
   * absent) leave the set, so a deal the marketplace keeps `akceptovano` (published by the blogger, failed here)
   * does not keep the second listing going.
   */
  async function anyAcceptedRunning(): Promise<boolean> {
    let running = false;
    for (const id of await state.acceptedIds()) {
      const record = await store.get(id);
      if (record && !isFinal(record.state)) running = true;
      else await state.forgetAccepted(id);
    }
    return running;
  }

  async function act(deal: Deal, notice: Notice, result: PollResult): Promise<void> {
    if (notice === 'accepted') await settle(deal, result);
    else if (notice === 'paid') {
      await options.onEvent(paidEventOf(deal), deal.id);
      result.paid.push(deal.id);
    } else if (notice === 'cancelled') await cancelled(deal, result);
    else await announcePost(deal, notice, result);
  }

  /** An item of the list that could not be read: named to the blogger; a deal of its own page read once. */
  async function leftOut(skipped: SkippedItem, known: boolean, result: PollResult): Promise<void> {
    if (skipped.blogId !== undefined && !blogIds.has(skipped.blogId)) {
      result.otherBlogs += 1;
      return;
    }
    const item = await unreadable.note(skipped, clock.now());
    result.skipped.push(skipped);
    log.warn(
      { dealId: skipped.id ?? null, id: skipped.rawId ?? null, reason: skipped.reason },
      'poll: a listed deal could not be read; left out (named on the home page)',
    );
    if (item.triedAt || skipped.id === undefined) return;
    // The deal's own page may read where the list's item did not: one request, once per item (reconciliation,
    // which may have noted the item first, only notes it).
    await unreadable.tried(item, clock.now());
    result.requests += 1;
    const deal = await client
      .getDeal(skipped.id, { priority: 'normal', signal: task.signal })
      .catch((error: unknown) => {
        log.warn(
          { dealId: skipped.id, err: errorMessage(error) },
          "poll: the deal's own page could not be read either",
        );
        return undefined;
      });
    if (deal && blogIds.has(deal.blog.id)) await onDeal(deal, known, result);
  }

  async function onDeal(deal: Deal, known: boolean, result: PollResult): Promise<void> {
    if (!blogIds.has(deal.blog.id)) {
      result.otherBlogs += 1;
      return;
    }
    try {
      const before = await state.seen(deal.id);
      for (const notice of noticesFor(deal, before, known)) await act(deal, notice, result);
      await state.see(deal.id, seenOf(deal), clock.now());
      await unreadable.clear(deal.id);
    } catch (error) {
      // Not marked seen: the cursor stays, the next poll lists the deal and acts again.
      result.errors.push({ dealId: deal.id, error: errorMessage(error) });
      log.warn({ dealId: deal.id, err: errorMessage(error) }, 'poll: deal not acted on');
    }
  }

  async function poll(): Promise<PollResult> {
    const started = clock.now();
    const token = randomBytes(8).toString('hex');
    const result = emptyPollResult(started);
    const finish: PollFinish = { tail: null };
    let locked = false;
    try {
      locked = (await redis.set(state.keys.lock, token, 'PX', lockMs, 'NX')) === 'OK';
      if (!locked) {
        result.status = 'busy';
        return result;
      }
      const known = await readRound(
        {
          client,
          state,
          result,
          started,
          overlapMs,
          lookbackMs,
          options: { priority: 'normal', signal: task.signal },
          beforePage: async () => {
            result.requests += 1;
            await runExtendLock(redis, [state.keys.lock], [token, String(lockMs)]);
          },
          onDeal: (deal, dealKnown) => onDeal(deal, dealKnown, result),
          cancellationsToo: anyAcceptedRunning,
        },
        finish,
      );
      // The store keeps at most MAX_UNREADABLE items: a page of a thousand poisoned items is named that far, the
      // rest counted in one line rather than a thousand writes, reads of their own pages and log lines.
      const skipped = result.skipped.splice(0);
      for (const item of skipped.slice(0, MAX_UNREADABLE)) await leftOut(item, known, result);
      if (skipped.length > MAX_UNREADABLE)
        log.warn({ more: skipped.length - MAX_UNREADABLE }, 'poll: more listed deals could not be read');
      if (result.errors.length > 0) {
        result.status = 'failed';
        result.current = false;
      }
      const pruneDue = started.getTime() - prunedAt >= PRUNE_EVERY_MS;
      if (pruneDue) {
        prunedAt = started.getTime();
        await state.prune(started);
      }
      if (pruneDue || skipped.length > 0) await unreadable.prune(started);
    } catch (error) {
      result.status = 'failed';
      result.current = false;
      result.errors.push({ error: errorMessage(error) });
    } finally {
      result.finishedAt = clock.now().toISOString();
      if (locked) {
        await state.finish(result, finish).catch(() => {});
        await runReleaseLock(redis, [state.keys.lock], [token]).catch(() => {});
      }
    }
    report(result);
    if (result.status !== 'busy')
      await options.onPolled?.(result).catch((error: unknown) => {
        log.warn({ err: errorMessage(error) }, 'poll: the intake watch failed');
      });
    return result;
  }

  function report(result: PollResult): void {
    if (result.status === 'busy') return;
    const { status, since, listed, requests, enqueued, paid, messages, claims, cancelled: gone } = result;
    const fields = { status, since, listed, requests, enqueued, paid, messages, claims, cancelled: gone };
    if (status === 'failed')
      log[outageLevel(...result.errors)](
        { ...fields, errors: result.errors.slice(0, 5) },
        'poll failed; it is tried again',
      );
    else if (enqueued.length + paid.length + messages.length + claims.length + gone.length > 0)
      log.info(fields, 'poll: the marketplace had news');
    else log.debug(fields, 'poll: nothing new');
  }

  return {
    runOnce: () => task.runOnce(),
    start(intervalMs, firstInMs = 0) {
      state.running(clock.now()).catch((error: unknown) => {
        log[outageLevel(error)]({ err: errorMessage(error) }, 'poll: the intake start could not be recorded');
      });
      task.start(() => (typeof intervalMs === 'number' ? intervalMs : intervalMs()), firstInMs);
    },
    stop: () => task.stop(),
    lastResult: () => last,
  };
}
