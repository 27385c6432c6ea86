/**
 * One due deal, start to end: read its record, end its watch when it is over (./plan.ts), check the live
 * article (./inspect.ts), record the check on the deal (`data.articleCheck`, the link reference in
 * `data.watch.reference`) and in its log, raise or resolve the `article_check` problem, and book the next check
 * (daily while unpaid, weekly once paid: ./schedule.ts).
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import { type ArticleCheck, readArticleCheck } from '../deals/article-check.js';
import { readDealData } from '../deals/data.js';
import { createDealLogger, fieldsSaid } from '../deals/logger.js';
import type { DealRecord, DealStore } from '../deals/record.js';
import type { Phrase } from '../errors.js';
import type { EvidenceStore } from '../evidence/types.js';
import { sayFrom } from '../i18n/catalog.js';
import { watchMessages } from '../i18n/messages/watch.js';
import type { Logger } from '../logger.js';
import { type Notifier, problemKey } from '../notify/types.js';
import { endEvidence, keepEvidence } from './evidence.js';
import { type Delivered, nextReference, storedReference, storedWatchText } from './findings.js';
import type { Inspection } from './inspect.js';
import { storedLinks } from './links.js';
import { type WatchEnd, watchEnd, watchPhase } from './plan.js';
import { drop, nextCheckAt, reschedule } from './schedule.js';
import type { WatchSettings } from './settings.js';

export type WatchOutcome =
  | { dealId: number; kind: 'checked'; check: ArticleCheck }
  | { dealId: number; kind: 'ended'; reason: 'days' | 'claim_window' | 'gone_record' | 'state' }
  | { dealId: number; kind: 'later' }
  | { dealId: number; kind: 'error'; error: string };

export interface DealCheckerOptions {
  store: Pick<DealStore, 'get' | 'update' | 'appendLog'>;
  redis: Redis;
  prefix: string;
  log: Logger;
  notifier: Notifier;
  settings: WatchSettings;
  clock: Clock;
  random: () => number;
  inspect: (url: string, delivered: Delivered, previous?: ArticleCheck) => Promise<Inspection>;
  /** The evidence on disk (src/evidence/): each check is offered to it; absent when `evidence.enabled` is off. */
  evidence?: EvidenceStore | undefined;
}

function logCheck(dealLog: ReturnType<typeof createDealLogger>, url: string, check: ArticleCheck): void {
  const fields = { url, status: check.status, links: check.links, missing: check.missing };
  const kinds = (check.findings ?? []).map((finding) => finding.kind);
  // The detail's phrase (a network reason, a refused redirect), said by the deal page and `pressbridge deal`.
  const detail = fieldsSaid({ detail: check.detailSaid });
  if (check.refused)
    dealLog.info(fields, 'article check: the site refused the check (bot protection?); nothing is known');
  else if (check.unreadable)
    dealLog.info(
      { ...fields, detail: check.detail },
      'article check: the page could not be read; nothing is known',
      detail,
    );
  else if (check.problem === 'gone')
    dealLog.warn(
      { ...fields, detail: check.detail },
      'article check: the article does not answer 200',
      detail,
    );
  else if (check.problem === 'links')
    dealLog.warn({ ...fields, findings: kinds }, 'article check: advertiser links are missing or changed');
  else if (check.problem === 'page')
    dealLog.warn({ ...fields, findings: kinds }, 'article check: label, indexing or canonical changed');
  else if (kinds.includes('text_edited'))
    dealLog.info(
      { ...fields, findings: kinds },
      "article check: live, links in place; the article's text was edited",
    );
  else if (check.notModified) dealLog.info(fields, 'article check: not modified since the last check (304)');
  else dealLog.info(fields, 'article check: live, every advertiser link in place');
}

/** Why a watch ended, for the deal log: its English (pino's `why`) and its phrase (the deal log's reader). */
function whyEnded(
  ended: WatchEnd,
  state: DealRecord['state'],
  settings: WatchSettings,
): { english: string; said: Phrase } {
  const english = (phrase: Phrase) => sayFrom(watchMessages, 'en', phrase);
  if (ended === 'state') {
    return {
      english: english({ key: 'watch.ended.state', params: { state } }),
      said: { key: 'watch.ended.state', params: { state: { key: `state.${state}` } } },
    };
  }
  const said: Phrase =
    ended === 'days'
      ? { key: 'watch.ended.days', params: { days: settings.days } }
      : { key: 'watch.ended.claim_window', params: { months: settings.afterPayoutMonths } };
  return { english: english(said), said };
}

export function createDealChecker(options: DealCheckerOptions) {
  const { store, redis, prefix, log, notifier, settings, clock, random, evidence } = options;

  return async function checkDeal(dealId: number): Promise<WatchOutcome> {
    const record = await store.get(dealId);
    const nowMs = clock.now().getTime();
    if (!record?.url) {
      await drop(redis, prefix, dealId);
      return { dealId, kind: 'ended', reason: 'gone_record' };
    }
    const dealLog = createDealLogger(store, log, dealId, record.blogId);
    const ended = watchEnd(record, nowMs, settings);
    if (ended) {
      await drop(redis, prefix, dealId);
      const why = whyEnded(ended, record.state, settings);
      dealLog.info({ reason: ended, why: why.english }, 'article watch ended', { why: why.said });
      if (evidence) await endEvidence(evidence, dealId, ended, log);
      await dealLog.flush();
      return { dealId, kind: 'ended', reason: ended };
    }
    const plan = watchPhase(record, settings);
    const next = nextCheckAt(dealId, nowMs, plan.intervalMs, random);
    if (record.state !== 'handed_in' && plan.phase === 'unpaid') {
      // Being handed in again (an operator's action): the next check sees how it ended.
      await reschedule(redis, prefix, dealId, next);
      return { dealId, kind: 'later' };
    }
    const previous = readArticleCheck(record.data);
    const reference = storedReference(record.data);
    const label = storedWatchText(record.data, 'label');
    const lastText = storedWatchText(record.data, 'lastText');
    const delivered: Delivered = {
      links: storedLinks(record.data),
      reference,
      ...(label === undefined ? {} : { label }),
      ...(lastText === undefined ? {} : { lastText }),
    };
    const inspection = await options.inspect(record.url, delivered, previous);
    const { check } = inspection;
    const watch = readDealData(record.data).watch;
    const seen = nextReference(reference, check.advertiserLinks);
    const text = check.textSha256 ?? lastText;
    const watchChanged = seen.length > reference.length || text !== lastText;
    await store.update(dealId, {
      data: {
        articleCheck: check,
        // The link reference and the last text's fingerprint outlive a check that could not read the page.
        ...(watchChanged
          ? {
              watch: {
                links: delivered.links.slice(),
                ...watch,
                reference: seen,
                ...(text === undefined ? {} : { lastText: text }),
              },
            }
          : {}),
      },
    });
    if (evidence) {
      const watched = await store.get(dealId);
      if (watched) await keepEvidence(evidence, watched, inspection, log);
    }
    logCheck(dealLog, record.url, check);
    await dealLog.flush();
    const ref = {
      topic: 'article_check' as const,
      dealId,
      blogId: record.blogId,
      url: record.url,
      title: record.title,
      webUrl: readDealData(record.data).webUrl,
    };
    if (check.problem) {
      const claimUntil = plan.phase === 'paid' ? new Date(plan.untilMs).toISOString() : undefined;
      await notifier.raise({
        ...ref,
        problem: check.problem,
        detail: check.detail,
        ...(check.detailSaid !== undefined ? { detailSaid: check.detailSaid } : {}),
        ...(claimUntil && !Number.isNaN(plan.untilMs) ? { claimUntil } : {}),
      });
    }
    // Only a fine check clears a problem: a refused or unreadable one knows nothing.
    else if (check.ok && previous && previous.ok === false) {
      await notifier.resolve(problemKey({ ...ref, problem: 'gone', detail: '' }));
    }
    await reschedule(redis, prefix, dealId, next);
    return { dealId, kind: 'checked', check };
  };
}
