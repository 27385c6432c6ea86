/**
 * The article watcher (issue 15, item 3): after the hand-in and until the deal is paid (`data.paid`, written on
 * `deal.paid`) or `watch.days` have passed, the live article is checked about once per `intervalHours`, each
 * deal at its own time of day (./schedule.ts). A check is one GET of the article's own URL (./fetch-page.ts):
 * no marketplace request is spent. It finds
 *
 * - `gone`: the page does not answer 200 (404, 410, 5xx, unreachable, a refused redirect), also when
 *   asked again `retrySeconds` later;
 * - `links`: the page answers but lacks advertiser links stored at the render step (./links.ts says how hrefs
 *   are compared);
 * - nothing, when the site refuses the check (401, 403, 407, 429: bot protection in front of a blog, a login
 *   wall, a rate limit): the answer is recorded as `refused` and shown, but no problem is raised, because a
 *   refusal says nothing about the article;
 * - nothing either when the page cannot be read within the limits (`unreadable`, ./inspect.ts): the page is
 *   read in a render thread within the render time budget, never on the daemon's event loop.
 *
 * The finding is recorded on the deal (`data.articleCheck`) and in its log; a problem is raised through the
 * Notifier (once per deal until it clears) and resolved by the next good check.
 *
 * The deals are enrolled by `watchEnrolment` (./schedule.ts, a deal-event subscriber) when `handed_in` is
 * written; `start()` also enrols handed-in deals that are not scheduled (handed in before the watcher ran, a
 * failed enrolment, or a crash between the write and its enrolment).
 */

import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import { allSettledBounded } from '../concurrency.js';
import { readDealData } from '../deals/data.js';
import { isFinal } from '../deals/lifecycle.js';
import { createDealLogger } from '../deals/logger.js';
import type { DealRecord, DealStore } from '../deals/record.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { type Notifier, problemKey } from '../notify/types.js';
import { RenderSettings, type RenderSettingsInput } from '../render/limits.js';
import type { RenderPool } from '../render/pool.js';
import { type ArticleCheck, readArticleCheck } from './check-record.js';
import { createInspector } from './inspect.js';
import { storedLinks } from './links.js';
import { claimDue, drop, enrol, nextCheckAt, reschedule, scheduledAt } from './schedule.js';
import { WatchSettings, type WatchSettingsInput } from './settings.js';

export { ArticleCheck, readArticleCheck } from './check-record.js';
export { watchEnrolment } from './schedule.js';
export { WatchSettings, type WatchSettingsInput } from './settings.js';

export type WatchOutcome =
  | { dealId: number; kind: 'checked'; check: ArticleCheck }
  | { dealId: number; kind: 'ended'; reason: 'paid' | 'days' | 'gone_record' | 'state' }
  | { dealId: number; kind: 'later' }
  | { dealId: number; kind: 'error'; error: string };

export interface ArticleWatcher {
  /** Enrols missed deals, checks what is due now, then every `tickMinutes`. */
  start(): void;
  /** No further ticks; a running one is aborted and awaited. */
  stop(): Promise<void>;
  /** One tick now: the due checks (or the tick already running). */
  runOnce(): Promise<WatchOutcome[]>;
  /** Schedules handed-in deals that are not scheduled; returns how many were added. */
  catchUp(): Promise<number>;
}

export interface ArticleWatcherOptions {
  store: Pick<DealStore, 'get' | 'update' | 'appendLog' | 'list'>;
  redis: Redis;
  prefix: string;
  log: Logger;
  settings?: WatchSettingsInput;
  /** The render time budget (config `render`): the live page is read within it, in `renderPool`. */
  render?: RenderSettingsInput;
  /** The render threads (src/render/pool.ts), made and closed by the composition root. */
  renderPool: RenderPool;
  notifier: Notifier;
  /** Time, and the pause before the confirming GET. */
  clock?: Clock;
  fetch?: typeof fetch;
  /** For the jitter (tests: a fixed value). */
  random?: () => number;
}

const BATCH = 50;
const HOUR_MS = 3_600_000;

export function createArticleWatcher(options: ArticleWatcherOptions): ArticleWatcher {
  const { store, redis, prefix, log, notifier } = options;
  const settings = WatchSettings.parse(options.settings ?? {});
  const render = RenderSettings.parse(options.render ?? {});
  const clock = options.clock ?? systemClock;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const random = options.random ?? Math.random;
  const intervalMs = settings.intervalHours * HOUR_MS;
  const timeoutMs = settings.timeoutSeconds * 1000;
  const retryMs = settings.retrySeconds * 1000;
  // Longer than any one check (two GETs and the pause between): a check that died comes back after this.
  const leaseMs = 2 * timeoutMs + retryMs + 10 * 60_000;
  let abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<WatchOutcome[]> | undefined;
  let startup: Promise<void> | undefined;

  function watchedSinceMs(record: DealRecord): number {
    const { handedInAt } = readDealData(record.data);
    const at = handedInAt !== undefined ? Date.parse(handedInAt) : Number.NaN;
    return Number.isNaN(at) ? Date.parse(record.receivedAt) : at;
  }

  /** Why the deal is no longer watched, or undefined while it is. */
  function endOf(record: DealRecord, nowMs: number): 'paid' | 'days' | 'state' | undefined {
    if (readDealData(record.data).paid !== undefined) return 'paid';
    if (nowMs - watchedSinceMs(record) > settings.days * 24 * HOUR_MS) return 'days';
    if (record.state !== 'handed_in' && isFinal(record.state)) return 'state';
    return undefined;
  }

  const inspect = createInspector({
    clock,
    fetch: doFetch,
    timeoutMs,
    maxBytes: settings.maxBytes,
    retryMs,
    signal: () => abort.signal,
    timeBudgetMs: render.limits.timeBudgetMs,
    readPage: (html, links) =>
      options.renderPool.readPage(html, { links, timeBudgetMs: render.limits.timeBudgetMs }),
  });

  async function checkDeal(dealId: number): Promise<WatchOutcome> {
    const record = await store.get(dealId);
    const nowMs = clock.now().getTime();
    if (!record?.url) {
      await drop(redis, prefix, dealId);
      return { dealId, kind: 'ended', reason: 'gone_record' };
    }
    const dealLog = createDealLogger(store, log, dealId, record.blogId);
    const ended = endOf(record, nowMs);
    if (ended) {
      await drop(redis, prefix, dealId);
      const why = {
        paid: 'the deal is paid',
        days: `${settings.days} days after the hand-in`,
        state: `the deal is ${record.state}`,
      };
      dealLog.info({ reason: ended }, `article watch ended: ${why[ended]}`);
      await dealLog.flush();
      return { dealId, kind: 'ended', reason: ended };
    }
    const next = nextCheckAt(dealId, nowMs, intervalMs, random);
    if (record.state !== 'handed_in') {
      // Being handed in again (an operator's action): the next check sees how it ended.
      await reschedule(redis, prefix, dealId, next);
      return { dealId, kind: 'later' };
    }
    const links = storedLinks(record.data);
    const check = await inspect(record.url, links);
    const previous = readArticleCheck(record.data);
    await store.update(dealId, { data: { articleCheck: check } });
    const fields = { url: record.url, status: check.status, links: check.links, missing: check.missing };
    if (check.ok) dealLog.info(fields, 'article check: live, every advertiser link in place');
    else if (check.refused)
      dealLog.info(fields, 'article check: the site refused the check (bot protection?); nothing is known');
    else if (check.unreadable)
      dealLog.info(
        { ...fields, detail: check.detail },
        'article check: the page could not be read; nothing is known',
      );
    else if (check.problem === 'gone')
      dealLog.warn({ ...fields, detail: check.detail }, 'article check: the article does not answer 200');
    else dealLog.warn(fields, 'article check: advertiser links are missing from the live article');
    await dealLog.flush();
    const ref = {
      topic: 'article_check' as const,
      dealId,
      blogId: record.blogId,
      url: record.url,
      title: record.title,
      webUrl: readDealData(record.data).webUrl,
    };
    if (check.problem) await notifier.raise({ ...ref, problem: check.problem, detail: check.detail });
    // Only a fine check clears a problem: a refused or unreadable one knows nothing.
    else if (check.ok && previous && previous.ok === false) {
      await notifier.resolve(problemKey({ ...ref, problem: 'gone', detail: '' }));
    }
    await reschedule(redis, prefix, dealId, next);
    return { dealId, kind: 'checked', check };
  }

  async function tick(): Promise<WatchOutcome[]> {
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

  async function catchUp(): Promise<number> {
    const nowMs = clock.now().getTime();
    let added = 0;
    for (let offset = 0; ; offset += 500) {
      const { items } = await store.list({ state: 'handed_in', offset, limit: 500 });
      for (const record of items) {
        if (!record.url || endOf(record, nowMs)) continue;
        if ((await scheduledAt(redis, prefix, record.dealId)) !== undefined) continue;
        const at = nextCheckAt(record.dealId, nowMs, intervalMs, random);
        if (await enrol(redis, prefix, record.dealId, at)) added += 1;
      }
      if (items.length < 500) break;
    }
    if (added > 0) log.info({ added }, 'article watch: handed-in deals scheduled');
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
          if (!abort.signal.aborted) log.warn({ err: errorMessage(error) }, 'article watch tick failed');
        }
      };
      timer = setInterval(() => void loop(), settings.tickMinutes * 60_000);
      timer.unref();
      startup = catchUp()
        .catch((error: unknown) => log.warn({ err: errorMessage(error) }, 'article watch: catch-up failed'))
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
