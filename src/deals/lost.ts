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
 */
import { AppError, errorMessage } from '../errors.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type { Deal } from '../marketplace/schema.js';
import { DEAL_DEADLINE_MS } from './lifecycle.js';
import { type BoughtService, servicesOf } from './services.js';
import type { DealLogger, DealStore } from './store.js';

export type LostVerdict =
  | { kind: 'still_wanted' }
  | { kind: 'handed_in'; state: string; articleUrl: string }
  | { kind: 'moved_on'; state: string; articleUrl: string | null; reason: string | null; message: string };

/** The marketplace's answer as the record keeps it (`data.marketplaceCheck`). */
export interface MarketplaceCheck {
  /** ISO 8601: when the marketplace answered. */
  at: string;
  state: string;
  articleUrl: string | null;
  reason: string | null;
  /** `list`: taken from `GET /v1/deals` by reconciliation (no request of its own); else `GET /v1/deals/{id}`. */
  via?: 'list' | 'detail';
}

function sameUrl(a: string, b: string): boolean {
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

/** The stored answer, read leniently. */
export function storedCheck(data: Record<string, unknown>): MarketplaceCheck | undefined {
  const value = data.marketplaceCheck;
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.at !== 'string' || typeof v.state !== 'string') return undefined;
  return {
    at: v.at,
    state: v.state,
    articleUrl: typeof v.articleUrl === 'string' ? v.articleUrl : null,
    reason: typeof v.reason === 'string' ? v.reason : null,
    ...(v.via === 'list' || v.via === 'detail' ? { via: v.via } : {}),
  };
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
  now: () => Date;
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
      { err: errorMessage(error) },
      `${input.why}; asking the marketplace about the deal failed`,
    );
    throw error;
  }
  const check: MarketplaceCheck = {
    at: input.now().toISOString(),
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
  const fields = { state: check.state, articleUrl: check.articleUrl, reason: check.reason };
  if (verdict.kind === 'still_wanted') {
    input.log.warn(
      fields,
      `${input.why}; the marketplace still waits for the article (akceptovano, no URL): publishing and handing in late`,
    );
  } else if (verdict.kind === 'handed_in') {
    input.log.info(fields, `${input.why}; the marketplace already has our URL`);
  } else input.log.warn(fields, `${input.why}; ${verdict.message}`);
  return { verdict, check, asked: true };
}

/**
 * Thrown when the marketplace says the deal moved on: the worker ends it `closed` with the marketplace's state
 * as the reason (not `failed`, not `deadline_missed`), and it is not retried.
 */
export class DealClosedError extends AppError {
  readonly marketplaceState: string;
  readonly marketplaceReason: string | null;
  constructor(verdict: Extract<LostVerdict, { kind: 'moved_on' }>, publishedUrl?: string) {
    const post = publishedUrl
      ? `. The post at ${publishedUrl} stays published: take it down if the deal was cancelled`
      : '';
    super('deal_closed', `${capitalise(verdict.message)}${post}`, { retryable: false });
    this.marketplaceState = verdict.state;
    this.marketplaceReason = verdict.reason;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
