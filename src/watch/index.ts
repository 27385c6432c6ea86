/**
 * The article watcher (issues 15 and 22): after the hand-in the live article is checked about once per
 * `intervalHours` (daily) until the deal is paid (`data.paid`, written on `deal.paid`; at most `watch.days`
 * after the hand-in), then about once per `paidIntervalHours` (weekly) until `afterPayoutMonths` after the
 * payout, the advertiser's claim window (./plan.ts); each deal at its own time of the day or week
 * (./schedule.ts). A check is one GET of the article's own URL (./fetch-page.ts), with the previous answer's
 * validators and in the site's turn (./pace.ts): no marketplace request is spent. What a check proves and the
 * findings it records are in ./findings.ts; in short it finds
 *
 * - `gone`: the page does not answer 200 (404, 410, 5xx, unreachable, a refused redirect), also when
 *   asked again `retrySeconds` later;
 * - `links`: the page answers but lacks advertiser links stored at the render step (./links.ts says how hrefs
 *   are compared), or one's `rel` or href changed;
 * - `page`: the disclosure label is gone, the page is `noindex`, or its canonical points elsewhere;
 * - nothing, when the site refuses the check (401, 403, 407, 429: bot protection in front of a blog, a login
 *   wall, a rate limit): the answer is recorded as `refused` and shown, but no problem is raised, because a
 *   refusal says nothing about the article;
 * - nothing either when the page cannot be read within the limits (`unreadable`, ./inspect.ts): the page is
 *   read in a render thread within the render time budget, never on the daemon's event loop.
 *
 * The check (`CheckResult`, src/deals/article-check.ts) is recorded on the deal (`data.articleCheck`) and in its log; a problem is raised through the
 * Notifier (once per deal until it clears) and resolved by the next good check.
 *
 * Each check is also offered to the evidence on disk (src/evidence/, ./evidence.ts): the first check, every
 * change and the latest, with the page's SHA-256 and the article part as served.
 *
 * The deals are enrolled by `watchEnrolment` (./schedule.ts, a deal-event subscriber) when `handed_in` is
 * written; `catchUp()` (at start, and at a tick that finds the schedule empty while the evidence holds watched
 * deals: Redis came back empty) also enrols handed-in deals that are not scheduled (handed in before the
 * watcher ran, a failed enrolment, or a crash between the write and its enrolment), and deals whose evidence
 * says they are still watched, restoring their record from the evidence when Redis lost it.
 */

import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import { allSettledBounded } from '../concurrency.js';
import type { DealRecord, DealStore } from '../deals/record.js';
import { errorMessage } from '../errors.js';
import type { EvidenceStore } from '../evidence/types.js';
import type { Logger } from '../logger.js';
import type { Notifier } from '../notify/types.js';
import { outageLevel } from '../redis/outage.js';
import { RenderSettings, type RenderSettingsInput } from '../render/limits.js';
import type { RenderPool } from '../render/pool.js';
import { createDealChecker, type WatchOutcome } from './check-deal.js';
import { endEvidence, restoreRecord } from './evidence.js';
import { createInspector } from './inspect.js';
import { createSitePace } from './pace.js';
import { watchEnd, watchPhase } from './plan.js';
import { claimDue, enrol, nextCheckAt, scheduledAt, watchKey } from './schedule.js';
import { WatchSettings, type WatchSettingsInput } from './settings.js';

export {
  ArticleCheck,
  type CheckResult,
  FINDING_KINDS,
  type Finding,
  type FindingKind,
  readArticleCheck,
} from '../deals/article-check.js';
export type { WatchOutcome } from './check-deal.js';
export { watchEnrolment } from './schedule.js';
export { WatchSettings, type WatchSettingsInput } from './settings.js';

export interface ArticleWatcher {
  /** Enrols missed deals, checks what is due now, then every `tickMinutes`. */
  start(): void;
  /** No further ticks; a running one is aborted and awaited. */
  stop(): Promise<void>;
  /** One tick now: the due checks (or the tick already running). */
  runOnce(): Promise<WatchOutcome[]>;
  /**
   * Schedules handed-in deals that are not scheduled, and deals the evidence says are still watched (their
   * record restored from it when Redis lost it); returns how many were added.
   */
  catchUp(): Promise<number>;
}

export interface ArticleWatcherOptions {
  store: Pick<DealStore, 'get' | 'update' | 'appendLog' | 'list' | 'createIfAbsent'>;
  redis: Redis;
  prefix: string;
  log: Logger;
  settings?: WatchSettingsInput;
  /** The render time budget (config `render`): the live page is read within it, in `renderPool`. */
  render?: RenderSettingsInput;
  /** The render threads (src/render/pool.ts), made and closed by the composition root. */
  renderPool: RenderPool;
  notifier: Notifier;
  /** Time, the pause before the confirming GET and the site's pace. */
  clock?: Clock;
  fetch?: typeof fetch;
  /** For the jitter (tests: a fixed value). */
  random?: () => number;
  /** The evidence on disk (src/evidence/); absent when `evidence.enabled` is off. */
  evidence?: EvidenceStore | undefined;
}

const BATCH = 50;

export function createArticleWatcher(options: ArticleWatcherOptions): ArticleWatcher {
  const { store, redis, prefix, log } = options;
  const settings = WatchSettings.parse(options.settings ?? {});
  const render = RenderSettings.parse(options.render ?? {});
  const clock = options.clock ?? systemClock;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const random = options.random ?? Math.random;
  const timeoutMs = settings.timeoutSeconds * 1000;
  const retryMs = settings.retrySeconds * 1000;
  const gapMs = settings.siteGapSeconds * 1000;
  // Longer than any one check (two GETs, the pause between, the site's turns, a batch of one site's deals
  // waiting for theirs): a check that died comes back after this.
  const leaseMs = 2 * timeoutMs + retryMs + (BATCH + 2) * gapMs + 10 * 60_000;
  let abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<WatchOutcome[]> | undefined;
  let startup: Promise<void> | undefined;

  const inspect = createInspector({
    clock,
    fetch: doFetch,
    timeoutMs,
    maxBytes: settings.maxBytes,
    retryMs,
    signal: () => abort.signal,
    timeBudgetMs: render.limits.timeBudgetMs,
    pace: createSitePace(clock, gapMs),
    readPage: (html, ask) =>
      options.renderPool.readPage(html, { ...ask, timeBudgetMs: render.limits.timeBudgetMs }),
  });
  const checkDeal = createDealChecker({
    store,
    redis,
    prefix,
    log,
    notifier: options.notifier,
    settings,
    clock,
    random,
    inspect,
    evidence: options.evidence,
  });
  /** Deals the last catch-up found still watched in the evidence: an empty schedule then means Redis forgot. */
  let watchedOnDisk = 0;

  async function tick(): Promise<WatchOutcome[]> {
    if (watchedOnDisk > 0 && (await redis.zcard(watchKey(prefix))) === 0) {
      log.warn(
        { watchedOnDisk },
        'article watch: the schedule is empty (Redis lost its data?); rebuilt from the evidence',
      );
      await catchUp();
    }
    const nowMs = clock.now().getTime();
    const ids = await claimDue(redis, prefix, nowMs, nowMs + leaseMs, BATCH);
    const settled = await allSettledBounded(ids, settings.concurrency, (id) => checkDeal(id));
    return settled.map((outcome, i): WatchOutcome => {
      const dealId = ids[i] as number;
      if (outcome.status === 'fulfilled') return outcome.value;
      const error = errorMessage(outcome.reason);
      // Left leased: the deal is due again when the lease runs out.
      if (!abort.signal.aborted) log.warn({ dealId, err: error }, 'article check failed; tried again later');
      return { dealId, kind: 'error', error };
    });
  }

  const runOnce = (): Promise<WatchOutcome[]> => {
    running ??= tick().finally(() => {
      running = undefined;
    });
    return running;
  };

  /** Schedules the deal unless its watch is over or it is scheduled; true when it was added. */
  async function schedule(record: DealRecord, nowMs: number): Promise<boolean> {
    if (!record.url || watchEnd(record, nowMs, settings)) return false;
    if ((await scheduledAt(redis, prefix, record.dealId)) !== undefined) return false;
    const at = nextCheckAt(record.dealId, nowMs, watchPhase(record, settings).intervalMs, random);
    return await enrol(redis, prefix, record.dealId, at);
  }

  /** One deal of the evidence: scheduled (its record restored when Redis lost it) unless its watch is over. */
  async function catchUpOne(
    evidence: EvidenceStore,
    dealId: number,
    nowMs: number,
  ): Promise<'skipped' | { watched: boolean; added: boolean; restored: boolean }> {
    if ((await scheduledAt(redis, prefix, dealId)) !== undefined)
      return { watched: true, added: false, restored: false };
    // A watch noted over stays over: its record may have expired from Redis long ago, and is not restored.
    if ((await evidence.read(dealId))?.deal?.watchEnded !== undefined) return 'skipped';
    let record = await store.get(dealId);
    let restored = false;
    if (!record) {
      record = await restoreRecord(store, evidence, dealId);
      restored = record !== undefined;
    }
    if (!record) return 'skipped';
    const ended = watchEnd(record, nowMs, settings);
    if (ended) {
      await endEvidence(evidence, dealId, ended, log);
      return { watched: false, added: false, restored };
    }
    return { watched: true, added: await schedule(record, nowMs), restored };
  }

  /** The deals the evidence says are watched; their record restored when Redis lost it. */
  async function catchUpFromEvidence(evidence: EvidenceStore, nowMs: number): Promise<number> {
    let added = 0;
    let watched = 0;
    let restored = 0;
    for (const dealId of await evidence.dealIds()) {
      try {
        const outcome = await catchUpOne(evidence, dealId, nowMs);
        if (outcome === 'skipped') continue;
        watched += outcome.watched ? 1 : 0;
        added += outcome.added ? 1 : 0;
        restored += outcome.restored ? 1 : 0;
      } catch (error) {
        // One unreadable deal folder (a refused link, a damaged file) never stops the others' catch-up.
        log.warn({ dealId, err: errorMessage(error) }, 'article watch: evidence not read; deal skipped');
      }
    }
    watchedOnDisk = watched;
    if (restored > 0)
      log.warn({ restored }, 'article watch: deal records restored from the evidence on disk');
    return added;
  }

  async function catchUp(): Promise<number> {
    const nowMs = clock.now().getTime();
    let added = 0;
    for (let offset = 0; ; offset += 500) {
      const { items } = await store.list({ state: 'handed_in', offset, limit: 500 });
      for (const record of items) if (await schedule(record, nowMs)) added += 1;
      if (items.length < 500) break;
    }
    if (options.evidence) added += await catchUpFromEvidence(options.evidence, nowMs);
    if (added > 0) log.info({ added }, 'article watch: watched deals scheduled');
    return added;
  }

  return {
    runOnce,
    catchUp,
    start() {
      if (timer) return;
      abort = new AbortController();
      const loop = async (): Promise<void> => {
        if (abort.signal.aborted) return;
        try {
          await runOnce();
        } catch (error) {
          if (!abort.signal.aborted)
            log[outageLevel(error)]({ err: errorMessage(error) }, 'article watch tick failed');
        }
      };
      timer = setInterval(() => void loop(), settings.tickMinutes * 60_000);
      timer.unref();
      startup = catchUp()
        .catch((error: unknown) =>
          log[outageLevel(error)]({ err: errorMessage(error) }, 'article watch: catch-up failed'),
        )
        .then(loop);
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      abort.abort(new Error('article watch stopped'));
      await startup;
      await running?.catch(() => undefined);
    },
  };
}
