/**
 * The poll intake: no inbound port needed. Every `intervalMs` one `GET /v1/deals?zmeneno_od=<cursor>` (every
 * page, normal priority) lists the deals that changed; each is compared with what the poll saw of it before
 * (./notices.ts) and acted on through the same code as the webhook path (./acts.ts: an accepted deal is queued by
 * the settle reconciliation uses, a paid one, a new message or claim post go to the one event handler
 * (src/app/deal-events.ts) as the event the webhook would have brought). While a deal the poll saw accepted is
 * still open, a second listing (`state=zruseno`: the default list leaves cancelled deals out) notices a
 * cancellation.
 *
 * The cursor: the start of the last poll that read everything and acted on every deal, minus `overlapMs`
 * (clock skew; what is listed again is compared with what was seen and changes nothing). The very first poll
 * of an installation looks `lookbackMinutes` back. A failed poll keeps the cursor; the next one lists again.
 * A lease (src/redis/lease.ts), renewed before each page and each deal, lets one process poll at a time: a poll
 * that loses it (a deal outlasted `lockMs`) acts on no further deal, saves nothing and fails; the holder goes on.
 */

import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import type { DealEventHandler, DealStore } from '../deals/record.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type { SkippedItem } from '../marketplace/list-items.js';
import type { Deal } from '../marketplace/schema.js';
import { createPeriodicTask } from '../periodic.js';
import { DEFAULT_DEAL_JOB_SETTINGS, type DealJobSettings } from '../queue/jobs.js';
import type { DealProducer } from '../queue/producer.js';
import { type Lease, withLease } from '../redis/lease.js';
import { outageLevel } from '../redis/outage.js';
import { createPollActs } from './acts.js';
import { noticesFor, seenOf } from './notices.js';
import {
  createPollState,
  emptyPollResult,
  type PollFinish,
  type PollResult,
  pollError,
} from './poll-state.js';
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
  /** The event handler the webhook receiver calls for everything but `deal.accepted` (src/app/deal-events.ts). */
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

/** One poll under its lease: what it found, and the signal its requests stop on (lease lost, intake stopped). */
interface Run {
  result: PollResult;
  lease: Lease;
  signal: AbortSignal;
}

export function createPoller(options: PollerOptions): Poller {
  const { client, producer, store, redis, log } = options;
  const clock = options.clock ?? systemClock;
  const overlapMs = options.overlapMs ?? 2 * 60_000;
  const lockMs = options.lockMs ?? 60_000;
  const lookbackMs = (options.lookbackMinutes ?? 120) * 60_000;
  const blogIds = new Set(options.blogIds);
  const state = createPollState(redis, store.prefix);
  const unreadable = createUnreadableStore(redis, store.prefix);
  const acts = createPollActs({
    client,
    producer,
    store,
    state,
    blogIds,
    log,
    clock,
    onEvent: options.onEvent,
    jobSettings: { ...DEFAULT_DEAL_JOB_SETTINGS, ...options.jobSettings },
    timeZone: options.timeZone,
  });

  let last: PollResult | undefined;
  const task = createPeriodicTask('poll intake', async () => {
    const result = await poll();
    if (result.status !== 'busy') last = result;
    return result;
  });
  let prunedAt = Number.NEGATIVE_INFINITY;

  /** An item of the list that could not be read: named to the blogger; a deal of its own page read once. */
  async function leftOut(skipped: SkippedItem, known: boolean, run: Run): Promise<void> {
    const { result } = run;
    await run.lease.extend();
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
      .getDeal(skipped.id, { priority: 'normal', signal: run.signal })
      .catch((error: unknown) => {
        log.warn(
          { dealId: skipped.id, err: errorMessage(error) },
          "poll: the deal's own page could not be read either",
        );
        return undefined;
      });
    if (deal && blogIds.has(deal.blog.id)) await onDeal(deal, known, run);
  }

  async function onDeal(deal: Deal, known: boolean, run: Run): Promise<void> {
    const { result } = run;
    // Renewed per deal (thread reads at the marketplace's pace can outlast the lease within one page); a lost lease
    // throws here and ends the poll before this deal is acted on.
    await run.lease.extend();
    if (!blogIds.has(deal.blog.id)) {
      result.otherBlogs += 1;
      return;
    }
    try {
      const before = await state.seen(deal.id);
      for (const notice of noticesFor(deal, before, known)) await acts.act(deal, notice, result, run.signal);
      // Marked seen only while the lease is still held: the next holder may be reading this deal's `seen` now.
      run.signal.throwIfAborted();
      await state.see(deal.id, seenOf(deal), clock.now());
      await unreadable.clear(deal.id);
    } catch (error) {
      // Not marked seen: the cursor stays, the next poll lists the deal and acts again.
      result.errors.push(pollError(error, deal.id));
      log.warn({ dealId: deal.id, err: errorMessage(error) }, 'poll: deal not acted on');
    }
  }

  function fail(result: PollResult, error: unknown): void {
    result.status = 'failed';
    result.current = false;
    result.errors.push(pollError(error));
  }

  /** One poll under the lease: its round, the items left out, the prunes; then its cursor and result saved. */
  async function pollHeld(run: Run, started: Date): Promise<void> {
    const { result, lease } = run;
    const finish: PollFinish = { tail: null };
    try {
      const known = await readRound(
        {
          client,
          state,
          result,
          started,
          overlapMs,
          lookbackMs,
          options: { priority: 'normal', signal: run.signal },
          beforePage: async () => {
            result.requests += 1;
            await lease.extend();
          },
          onDeal: (deal, dealKnown) => onDeal(deal, dealKnown, run),
          cancellationsToo: acts.anyAcceptedRunning,
        },
        finish,
      );
      // The store keeps at most MAX_UNREADABLE items: a page of a thousand poisoned items is named that far, the
      // rest counted in one line rather than a thousand writes, reads of their own pages and log lines.
      const skipped = result.skipped.splice(0);
      for (const item of skipped.slice(0, MAX_UNREADABLE)) await leftOut(item, known, run);
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
      await lease.extend();
    } catch (error) {
      fail(result, error);
    }
    result.finishedAt = clock.now().toISOString();
    // A lost lease writes nothing more: the cursor and the last result are the next holder's.
    if (lease.signal.aborted) return;
    // Said, not swallowed: a poll that keeps failing to save it is also judged by the door (no poll finishes).
    await state.finish(result, finish).catch((error: unknown) => {
      log[outageLevel(error)](
        { err: errorMessage(error) },
        'poll: its cursor could not be saved; the next poll lists from the one before',
      );
    });
  }

  async function poll(): Promise<PollResult> {
    const started = clock.now();
    const result = emptyPollResult(started);
    try {
      const run = await withLease(redis, state.keys.lock, lockMs, (lease) =>
        pollHeld({ result, lease, signal: AbortSignal.any([task.signal, lease.signal]) }, started),
      );
      if (run.status === 'busy') {
        result.status = 'busy';
        result.finishedAt = clock.now().toISOString();
      }
    } catch (error) {
      // Redis did not answer the lease itself.
      fail(result, error);
      result.finishedAt = clock.now().toISOString();
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
        { ...fields, errors: result.errors.slice(0, 5).map(({ said: _said, ...logged }) => logged) },
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
