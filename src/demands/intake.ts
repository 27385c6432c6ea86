/**
 * The demand intake (issue 30; docs/decisions/0024-demand-intake-pace.md): demands come by `demand.created`
 * (the webhook, `onEvent`: recorded at once, judged by a round started then) and by a poll of each configured
 * blog's list every `demands.pollMinutes` (`GET /v1/blogs/{id}/demands`). A round, under one lease so two
 * daemons never both run one:
 *
 * 1. (poll) lists each blog's demands: a new one is recorded, a kept one no longer listed is marked gone; an
 *    item that cannot be read is left out and named in the log, and not taken for gone;
 * 2. reads each recorded demand's brief once (`GET /v1/demands/{id}`), judges it by the blog's rules and keeps
 *    the verdict, within the round's request budget (the rest waits for the next round);
 * 3. tells the new fits in one notification per blog (each demand once), makes the automatic offers
 *    (./auto-offer.ts), prunes;
 * 4. (poll, while an offer waits for its answer) lists the deals declined since the last such listing
 *    (./refused.ts), marking those offers refused and counting each once (./tally.ts).
 *
 * Every request is of priority `low` (the limiter keeps a fifth of the key's window for deals) and a round
 * spends at most `DEMAND_REQUESTS_PER_MINUTE` per minute of the interval. 422 `blog_neuplny` is logged once per
 * blog until a listing succeeds again (the key `<p>:demands:<blog>:incomplete` holds since when).
 */
import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import { errorMessage, MarketplaceError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient, MarketplaceDemandCalls } from '../marketplace/api.js';
import { type AnyEvent, DemandCreatedEvent, ERROR_CODES } from '../marketplace/schema.js';
import type { Notifier } from '../notify/types.js';
import { createPeriodicTask } from '../periodic.js';
import { type Lease, withLease } from '../redis/lease.js';
import { outageLevel } from '../redis/outage.js';
import type { BlogRules } from '../rules/settings.js';
import { autoOffer } from './auto-offer.js';
import type { DailyCap } from './daily-cap.js';
import { type DemandHealth, recordRound } from './health.js';
import { judgeDemand } from './judge.js';
import type { OfferService } from './offer.js';
import { checkRefused } from './refused.js';
import { DEMAND_REQUESTS_PER_MINUTE } from './settings.js';
import type { DemandStore } from './store.js';
import type { DemandTally, OfferAnswers } from './tally.js';

export interface DemandBlog {
  id: number;
  /** The blog's rules as they are now (src/rules/reader.ts: edited on the status page without a restart). */
  rules(): BlogRules | undefined;
}

export type RoundMode = 'poll' | 'pending';

export interface RoundResult {
  status: 'done' | 'busy' | 'failed';
  mode: RoundMode;
  requests: number;
  /** Per blog, demands seen for the first time. */
  fresh: number;
  judged: number;
  fits: number;
  notified: number;
  offered: number;
  gone: number;
  /** Blogs the marketplace calls incomplete (422 `blog_neuplny`). */
  incomplete: number[];
  /** Judging left for the next round (budget spent, or a brief to read again). */
  left: number;
  /** Offers found declined by the advertiser this round. */
  refused: number;
  error?: string;
  /** The first list that could not be read (not a `blog_neuplny`): the round did not see every demand. */
  listError?: string;
}

export interface DemandIntake {
  /** One round now (or joins the one running). Never throws. */
  runOnce(mode?: RoundMode): Promise<RoundResult>;
  /** A round every `intervalMs`, the first after `firstInMs`. */
  start(intervalMs: number, firstInMs?: number): void;
  stop(): Promise<void>;
  /**
   * `demand.created` (for the event handler the webhook and the poll call): records the demand for each
   * configured blog it names, then starts a round that judges it (not awaited; throttled). Throws only when
   * Redis does (the webhook then answers 503 and the marketplace delivers again).
   */
  onEvent(event: AnyEvent): Promise<void>;
}

export interface DemandIntakeOptions {
  client: Pick<MarketplaceDemandCalls, 'listDemands' | 'getDemand'> & Pick<MarketplaceClient, 'listDeals'>;
  store: DemandStore;
  offers: OfferService;
  cap: DailyCap;
  tally: Pick<DemandTally, 'seen'>;
  /** Whether the poll rounds read every list (./health.ts): a stall told on the home page and by notification. */
  health: DemandHealth;
  answers: Pick<OfferAnswers, 'refused'>;
  notifier: Notifier;
  redis: Redis;
  prefix: string;
  blogs: readonly DemandBlog[];
  log: Logger;
  /** `demands.pollMinutes`: also sets the round's budget. */
  pollMinutes: number;
  lockMs?: number;
  clock?: Clock;
}

/** The least time between two rounds started by webhooks: a burst of events is one round. */
const KICK_EVERY_MS = 60_000;

export function createDemandIntake(options: DemandIntakeOptions): DemandIntake {
  const { client, store, redis, prefix, log, notifier } = options;
  const clock = options.clock ?? systemClock;
  const lockMs = options.lockMs ?? 60_000;
  const blogs = new Map(options.blogs.map((b) => [b.id, b]));
  const leaseKey = `${prefix}:demands:lease`;
  let lastKick = Number.NEGATIVE_INFINITY;

  const task = createPeriodicTask<RoundResult, RoundMode>('demand intake', async (signal, mode) => {
    const result = emptyResult(mode ?? 'poll');
    try {
      const run = await withLease(redis, leaseKey, lockMs, (lease) => round(result, lease, signal));
      if (run.status === 'busy') result.status = 'busy';
    } catch (error) {
      result.status = 'failed';
      result.error = errorMessage(error);
      log[outageLevel(error)]({ err: result.error, mode: result.mode }, 'demand intake: round failed');
    }
    if (result.mode === 'poll' && result.status !== 'busy') {
      const error = result.status === 'failed' ? result.error : result.listError;
      await recordRound({
        health: options.health,
        notifier,
        at: clock.now(),
        error,
        pollMinutes: options.pollMinutes,
      }).catch((failed: unknown) =>
        log.warn({ err: errorMessage(failed) }, 'demand intake: health not recorded'),
      );
    }
    return result;
  });

  async function round(result: RoundResult, lease: Lease, stopSignal: AbortSignal): Promise<void> {
    const signal = AbortSignal.any([stopSignal, lease.signal]);
    let budget =
      result.mode === 'poll' ? options.pollMinutes * DEMAND_REQUESTS_PER_MINUTE : DEMAND_REQUESTS_PER_MINUTE;
    for (const blog of blogs.values()) {
      await lease.extend();
      if (result.mode === 'poll' && budget > 0) {
        budget -= 1;
        result.requests += 1;
        if (!(await listBlog(blog.id, result, signal))) continue;
      }
      const waiting = (await store.list(blog.id)).filter((r) => r.available && !r.verdict).reverse();
      const fits: number[] = [];
      for (const record of waiting) {
        if (budget <= 0) {
          result.left += 1;
          continue;
        }
        await lease.extend();
        budget -= 1;
        result.requests += 1;
        const judged = await judgeDemand(client, record.demandId, blog.rules(), clock.now(), signal);
        if (judged.status === 'gone') {
          await store.gone(blog.id, record.demandId, clock.now());
          result.gone += 1;
        } else if (judged.status === 'later') {
          result.left += 1;
          log.warn(
            { blogId: blog.id, demandId: record.demandId, err: errorMessage(judged.error) },
            'demand intake: the brief could not be read now; read again next round',
          );
        } else {
          await store.judged(blog.id, record.demandId, judged.brief, judged.verdict);
          result.judged += 1;
          if (judged.verdict.outcome === 'fits') fits.push(record.demandId);
          log.info(
            { blogId: blog.id, demandId: record.demandId, verdict: judged.verdict.outcome },
            'demand judged',
          );
        }
      }
      result.fits += fits.length;
      await tell(blog.id, fits, result);
      await lease.extend();
      const records = await store.list(blog.id);
      const offered = await autoOffer({
        blogId: blog.id,
        settings: blog.rules()?.autoOffer,
        records: records.filter((r) => fits.includes(r.demandId)).reverse(),
        offers: options.offers,
        cap: options.cap,
        log,
        clock,
        signal,
      });
      result.offered += offered.offered.length;
      await store.prune(blog.id, clock.now());
    }
    if (result.mode === 'poll' && budget > 0) {
      await lease.extend();
      const checked = await checkRefused({
        client,
        store,
        answers: options.answers,
        redis,
        cursorKey: `${prefix}:demands:refused-since`,
        blogIds: [...blogs.keys()],
        budget,
        log,
        clock,
        signal,
      });
      result.requests += checked.requests;
      result.refused += checked.refused;
    }
    log.info({ ...result }, 'demand intake: round done');
  }

  /** Lists one blog's demands; false when the list could not be read (nothing then is taken for gone). */
  async function listBlog(blogId: number, result: RoundResult, signal: AbortSignal): Promise<boolean> {
    try {
      const list = await client.listDemands(blogId, { priority: 'low', signal });
      const now = clock.now();
      const listed = new Set<number>();
      for (const item of list.data) {
        listed.add(item.id);
        if ((await store.see(blogId, item, now, 'poll')).isNew) {
          result.fresh += 1;
          await options.tally.seen(item.reward, item.ns, now);
        }
      }
      for (const skipped of list.skipped) {
        if (skipped.id !== undefined) listed.add(skipped.id);
        log.warn(
          { blogId, demandId: skipped.id ?? null, id: skipped.rawId ?? null, reason: skipped.reason },
          'demand intake: a listed demand could not be read; left out',
        );
      }
      // A list cut at its limit is not the whole truth: nothing is taken for gone from it.
      if (list.overLimit === 0) result.gone += (await store.markGone(blogId, listed, now)).length;
      if (await store.listed(blogId)) {
        log.info({ blogId }, 'demand intake: the marketplace lists demands for the blog again');
      }
      return true;
    } catch (error) {
      if (signal.aborted) throw error;
      if (error instanceof MarketplaceError && error.code === ERROR_CODES.blogIncomplete) {
        result.incomplete.push(blogId);
        if (await store.markIncomplete(blogId, clock.now())) {
          log.warn(
            { blogId },
            'demand intake: the marketplace gives this blog no demands (422 blog_neuplny): set a minimum price, ' +
              'update the monthly visitors (older than a month blocks it) or wait for the editors to approve the ' +
              'blog; told once, the list is read again each round',
          );
        }
        return false;
      }
      log.warn({ blogId, err: errorMessage(error) }, 'demand intake: the demand list could not be read');
      result.listError ??= `blog ${blogId}: ${errorMessage(error)}`;
      return false;
    }
  }

  /** One message per blog for the demands that fit, each demand in one message only. */
  async function tell(blogId: number, fits: readonly number[], result: RoundResult): Promise<void> {
    const fresh = await store.claimNotice(blogId, fits, clock.now());
    if (fresh.length === 0) return;
    const records = await Promise.all(fresh.map((id) => store.get(blogId, id)));
    await notifier.raise({
      topic: 'demand',
      blogId,
      demands: records.flatMap((r) =>
        r ? [{ id: r.demandId, name: r.item.name, reward: r.item.reward }] : [],
      ),
    });
    result.notified += fresh.length;
  }

  return {
    runOnce: (mode = 'poll') => task.runOnce(mode),
    start(intervalMs, firstInMs = 0) {
      task.start(() => intervalMs, firstInMs);
    },
    stop: () => task.stop(),
    async onEvent(event) {
      if (event.event !== 'demand.created') return;
      const parsed = DemandCreatedEvent.safeParse(event);
      if (!parsed.success) {
        log.warn({ event: event.event }, 'demand intake: demand.created without a readable demand; ignored');
        return;
      }
      const { demand } = parsed.data;
      const now = clock.now();
      let recorded = 0;
      for (const blog of parsed.data.blogs) {
        if (!blogs.has(blog.id)) continue;
        if ((await store.see(blog.id, demand, now, 'webhook')).isNew) {
          await options.tally.seen(demand.reward, demand.ns, now);
        }
        recorded += 1;
      }
      log.info({ demandId: demand.id, blogs: recorded }, 'demand intake: demand.created recorded');
      if (recorded === 0 || now.getTime() - lastKick < KICK_EVERY_MS) return;
      lastKick = now.getTime();
      void task.runOnce('pending');
    },
  };
}

function emptyResult(mode: RoundMode): RoundResult {
  return {
    status: 'done',
    mode,
    requests: 0,
    fresh: 0,
    judged: 0,
    fits: 0,
    notified: 0,
    offered: 0,
    gone: 0,
    incomplete: [],
    left: 0,
    refused: 0,
  };
}
