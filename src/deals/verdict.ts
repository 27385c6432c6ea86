/**
 * "Is this deal lost?" is the marketplace's call, not our clock's. Our reading of `publish_deadline` may be off
 * (another zone, a late delivery, a clock that drifts), so before a deal ends `deadline_missed`, and when the
 * marketplace refuses a deal's text or hand-in for its state (409 `spatny_stav`), pressbridge asks
 * `GET /v1/deals/{id}` ONCE per deal and acts on the answer:
 *
 * | the marketplace says | verdict | pressbridge |
 * |---|---|---|
 * | `akceptovano`, no `article_url` | still_wanted | publishes and hands in, marked late (a fresh 60 min from the answer) |
 * | any state, `article_url` = the URL we published | handed_in | records the hand-in (an earlier answer was lost) |
 * | any state, another `article_url` | moved_on | ends `closed`: handed in by hand; publishes nothing more |
 * | `zruseno`, `odmitnuto`, `ke_schvaleni` without URL, … | moved_on | ends `closed` with the state and its reason |
 *
 * The answer is stored in the record (`data.marketplaceCheck`), so a retry or a later give-up reuses it instead
 * of asking again: at most one extra request per deal. A deal still unfinished a further 60 minutes after the
 * marketplace said it waits ends `deadline_missed`, naming that answer.
 *
 * The one home of this rule: the pipeline (its deadline gate, a 409 `spatny_stav`) and the worker (a text still
 * awaiting approval after the deadline) both ask through `createVerdicts` below, and a deal the marketplace
 * closed ends here (`closeDeal`).
 */
import type { Clock } from '../clock.js';
import { AppError, errorMessage, errorPhrase, type Phrase } from '../errors.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { type Deal, ERROR_CODES } from '../marketplace/schema.js';
import { type BoughtService, MarketplaceCheck } from './data.js';
import { DEAL_DEADLINE_MS } from './lifecycle.js';
import { DEAL_LOG } from './log-messages.js';
import { type DealLogger, fieldsSaid } from './logger.js';
import type { DealStore } from './record.js';
import { servicesOf } from './services.js';

export type LostVerdict =
  | { kind: 'still_wanted' }
  | { kind: 'handed_in'; state: string; articleUrl: string }
  | { kind: 'moved_on'; state: string; articleUrl: string | null; reason: string | null; message: string };

/** The same address, however it is spelled (`https://Blog.cz/a` and `https://blog.cz/a`). */
export function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/** The decision, pure: the marketplace's answer and the URL pressbridge published (if any). */
export function judgeLostDeal(
  answer: Pick<MarketplaceCheck, 'state' | 'articleUrl' | 'reason'>,
  ourUrl?: string,
): LostVerdict {
  const { state, articleUrl } = answer;
  const reason = answer.reason?.trim() ? answer.reason.trim() : null;
  if (articleUrl !== null && ourUrl !== undefined && sameUrl(articleUrl, ourUrl)) {
    return { kind: 'handed_in', state, articleUrl };
  }
  if (state === 'akceptovano' && articleUrl === null) return { kind: 'still_wanted' };
  const because = reason ? ` (reason: "${reason}")` : '';
  const message =
    articleUrl !== null
      ? `the marketplace already has ${articleUrl} for this deal (state ${state}): it was handed in by hand; pressbridge publishes nothing more`
      : `the marketplace says the deal is "${state}"${because}: it no longer waits for an article, so pressbridge publishes nothing`;
  return { kind: 'moved_on', state, articleUrl, reason, message };
}

/** The stored answer, read leniently (src/deals/data.ts). */
export function storedCheck(data: Record<string, unknown>): MarketplaceCheck | undefined {
  const parsed = MarketplaceCheck.safeParse(data.marketplaceCheck);
  if (!parsed.success) return undefined;
  const { via, ...check } = parsed.data;
  return via === undefined ? check : { ...check, via };
}

/**
 * The instant after which a deal the marketplace said it still waits for is given up: 60 minutes after that
 * answer. Undefined when no such answer is stored.
 */
export function lateDeadline(data: Record<string, unknown>): number | undefined {
  const check = storedCheck(data);
  if (!check || judgeLostDeal(check).kind !== 'still_wanted') return undefined;
  const at = Date.parse(check.at);
  return Number.isFinite(at) ? at + DEAL_DEADLINE_MS : undefined;
}

export interface AskInput {
  client: Pick<MarketplaceClient, 'getDeal'>;
  store: Pick<DealStore, 'get' | 'update'>;
  dealId: number;
  log: Pick<DealLogger, 'info' | 'warn'>;
  clock: Pick<Clock, 'now'>;
  signal?: AbortSignal;
  /** The URL pressbridge published, when it did. */
  ourUrl?: string;
  /** Why we ask, for the log: "the deadline passed", "the marketplace refused the text (spatny_stav)". */
  why: string;
  /**
   * The marketplace just refused a request for the deal's state: an answer reconciliation took from the list
   * (which cost no request of its own) is asked again, once; one from `GET /v1/deals/{id}` stands.
   */
  refused?: boolean;
}

export interface AskResult {
  verdict: LostVerdict;
  check: MarketplaceCheck;
  /** False when the stored answer was reused (no request). */
  asked: boolean;
}

/** Asks `GET /v1/deals/{id}` unless an answer is stored; stores it (with `web_url` and services), logs it. */
export async function askMarketplaceOnce(input: AskInput): Promise<AskResult> {
  const record = await input.store.get(input.dealId);
  const stored = record ? storedCheck(record.data) : undefined;
  if (stored && !(input.refused === true && stored.via === 'list')) {
    return { verdict: judgeLostDeal(stored, input.ourUrl), check: stored, asked: false };
  }

  let deal: Deal;
  try {
    deal = await input.client.getDeal(input.dealId, {
      priority: 'high',
      ...(input.signal ? { signal: input.signal } : {}),
    });
  } catch (error) {
    input.log.warn(
      { why: input.why, err: errorMessage(error) },
      DEAL_LOG.verdict_ask_failed,
      fieldsSaid({ err: errorPhrase(error) }),
    );
    throw error;
  }
  const check: MarketplaceCheck = {
    at: input.clock.now().toISOString(),
    state: deal.state,
    articleUrl: deal.article_url,
    reason: deal.reason ?? null,
    via: 'detail',
  };
  const services: BoughtService[] = servicesOf(deal);
  await input.store.update(input.dealId, {
    data: {
      marketplaceCheck: check,
      ...(deal.web_url ? { webUrl: deal.web_url } : {}),
      ...(services.length > 0 ? { services } : {}),
    },
  });
  const verdict = judgeLostDeal(check, input.ourUrl);
  const fields = { why: input.why, state: check.state, articleUrl: check.articleUrl, reason: check.reason };
  if (verdict.kind === 'still_wanted') input.log.warn(fields, DEAL_LOG.verdict_still_wanted);
  else if (verdict.kind === 'handed_in') input.log.info(fields, DEAL_LOG.verdict_has_our_url);
  else
    input.log.warn(
      fields,
      verdict.articleUrl !== null ? DEAL_LOG.verdict_handed_in_by_hand : DEAL_LOG.verdict_moved_on,
    );
  return { verdict, check, asked: true };
}

/**
 * Thrown when the marketplace says the deal moved on: the worker ends it `closed` with the marketplace's state
 * as the reason (not `failed`, not `deadline_missed`), and it is not retried.
 */
export class DealClosedError extends AppError {
  readonly marketplaceState: string;
  readonly marketplaceReason: string | null;
  /** The URL the marketplace has (handed in by hand), or null. */
  readonly articleUrl: string | null;
  constructor(verdict: Extract<LostVerdict, { kind: 'moved_on' }>, publishedUrl?: string) {
    const post = publishedUrl
      ? `. The post at ${publishedUrl} stays published: take it down if the deal was cancelled`
      : '';
    super('deal_closed', `${capitalise(verdict.message)}${post}`, {
      retryable: false,
      phrase: closedPhrase(verdict, publishedUrl),
    });
    this.marketplaceState = verdict.state;
    this.marketplaceReason = verdict.reason;
    this.articleUrl = verdict.articleUrl;
  }
}

/**
 * The same for the blogger: the catalog's `deal.error.closed_*` (src/i18n/messages/deal-errors.ts), whose English
 * is the message above (test/unit/deals/verdict.test.ts compares; the deal domain imports no catalog).
 */
function closedPhrase(verdict: Extract<LostVerdict, { kind: 'moved_on' }>, publishedUrl?: string): Phrase {
  const post: Phrase | '' = publishedUrl
    ? { key: 'deal.error.post_stays', params: { url: publishedUrl } }
    : '';
  if (verdict.articleUrl !== null) {
    return {
      key: 'deal.error.closed_by_hand',
      params: { url: verdict.articleUrl, state: verdict.state, post },
    };
  }
  const because: Phrase | '' = verdict.reason
    ? { key: 'deal.error.closed_reason', params: { reason: verdict.reason } }
    : '';
  return { key: 'deal.error.closed_moved_on', params: { state: verdict.state, because, post } };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the marketplace's answer means once our deadline (or the late window) passed. */
export type OverdueOutcome =
  | { kind: 'late'; until: number; since: string }
  | Extract<LostVerdict, { kind: 'handed_in' }>
  | { kind: 'missed'; check: MarketplaceCheck };

export interface VerdictDeps {
  client: Pick<MarketplaceClient, 'getDeal'>;
  store: Pick<DealStore, 'get' | 'update'>;
  dealId: number;
  log: DealLogger;
  clock: Pick<Clock, 'now'>;
  signal?: AbortSignal;
}

export interface Verdicts {
  /**
   * Our deadline passed: the marketplace decides (one `GET /v1/deals/{id}` per deal). `late` with the late
   * window's end when it still waits (stored as `data.late`), `handed_in` when it already has our URL, `missed`
   * when even the late window passed; throws DealClosedError when it moved on.
   */
  overdue(why: string, ourUrl?: string): Promise<OverdueOutcome>;
  /** Runs a marketplace step; a 409 `spatny_stav` (the deal's state changed) asks whether it moved on. */
  unlessClosed<T>(run: () => Promise<T>, ourUrl?: string): Promise<T>;
}

export function createVerdicts(deps: VerdictDeps): Verdicts {
  const { store, dealId, clock } = deps;
  async function ask(why: string, ourUrl: string | undefined, refused: boolean) {
    return await askMarketplaceOnce({
      client: deps.client,
      store,
      dealId,
      log: deps.log,
      clock,
      ...(deps.signal ? { signal: deps.signal } : {}),
      why,
      refused,
      ...(ourUrl !== undefined ? { ourUrl } : {}),
    });
  }

  return {
    async overdue(why, ourUrl) {
      const { verdict, check } = await ask(why, ourUrl, false);
      if (verdict.kind === 'moved_on') throw new DealClosedError(verdict, ourUrl);
      if (verdict.kind === 'handed_in') return verdict;
      const until = lateDeadline({ marketplaceCheck: check }) ?? 0;
      if (clock.now().getTime() >= until) return { kind: 'missed', check };
      await store.update(dealId, { data: { late: { since: check.at } } });
      return { kind: 'late', until, since: check.at };
    },

    async unlessClosed(run, ourUrl) {
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== ERROR_CODES.wrongState) throw error;
        const why = "the marketplace refused the request for the deal's state (spatny_stav)";
        const { verdict } = await ask(why, ourUrl, true);
        if (verdict.kind === 'moved_on') throw new DealClosedError(verdict, ourUrl);
        throw error;
      }
    },
  };
}

/** The marketplace moved on: the deal ends `closed` with its state and reason; the job completes. */
export async function closeDeal(
  store: Pick<DealStore, 'update'>,
  dealId: number,
  dealLog: DealLogger,
  closed: DealClosedError,
): Promise<{ outcome: 'closed'; marketplaceState: string }> {
  await store.update(dealId, {
    state: 'closed',
    error: closed.message,
    errorPhrase: closed.phrase ?? null,
    errorCode: closed.code,
    supportCode: null,
    data: { closed: { state: closed.marketplaceState, reason: closed.marketplaceReason } },
  });
  const moved = closed.articleUrl !== null ? DEAL_LOG.verdict_handed_in_by_hand : DEAL_LOG.verdict_moved_on;
  dealLog.warn({ marketplaceState: closed.marketplaceState, reason: closed.marketplaceReason }, moved);
  await dealLog.flush();
  return { outcome: 'closed', marketplaceState: closed.marketplaceState };
}
