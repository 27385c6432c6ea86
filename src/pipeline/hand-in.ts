/**
 * Step 7, hand in: `POST /v1/deals/{id}/article {url}` with the deal's stable Idempotency-Key (the client
 * derives it from the deal id, so a repeat after a lost answer is answered from the marketplace's store).
 *
 * | answer | meaning | here |
 * |---|---|---|
 * | 2xx | taken | success |
 * | 409 `clanek_odevzdan` | handed in before (by us or by hand) | confirm with `GET /v1/deals/{id}`, success |
 * | 422 `clanek_nedostupny` | the marketplace could not reach the URL | retry with backoff, then the job retries |
 * | 422 `cizi_domena` | not on the blog's domain | permanent, tells what to fix |
 * | 409 `url_pouzita` | URL used for another deal | permanent, tells what to fix |
 * | 409 `spatny_stav` | the deal no longer takes a URL | permanent, tells what to check |
 * | other | as the client classified it (network, 5xx, 429 retryable; other 4xx permanent) | rethrown |
 */

import type { Clock } from '../clock.js';
import { sameUrl } from '../deals/verdict.js';
import { MarketplaceError, type Phrase } from '../errors.js';
import { createTranslator } from '../i18n/index.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { ERROR_CODES } from '../marketplace/schema.js';
import { backoffDelay } from './backoff.js';

const english = createTranslator('en').say;

export interface HandInSettings {
  initialBackoffMs: number;
  maxBackoffMs: number;
  triesPerAttempt: number;
}

export interface HandInLog {
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
}

export interface HandInInput {
  client: Pick<MarketplaceClient, 'handInArticle' | 'getDeal'>;
  dealId: number;
  url: string;
  signal: AbortSignal;
  clock: Clock;
  /** Epoch ms: no pause reaches past it (the job's retry or the late hand-in takes over). */
  deadlineMs: number;
  settings: HandInSettings;
  log: HandInLog;
  /** For the fix-it messages: the blog and the site the publisher writes to. */
  blog: { id: number; name?: string | undefined; target: string };
  /** One try only (the late hand-in after the deadline). */
  once?: boolean;
}

export interface HandInResult {
  /** What the marketplace stores as the deal's article URL. */
  articleUrl: string;
  /** The marketplace's deal state after the hand-in (normally `ke_schvaleni`). */
  dealState: string;
  /** `answer`: the hand-in itself succeeded; `deal_detail`: confirmed after 409 `clanek_odevzdan`. */
  via: 'answer' | 'deal_detail';
  tries: number;
}

export async function handInArticle(input: HandInInput): Promise<HandInResult> {
  const { client, dealId, url, signal, settings } = input;
  for (let tries = 1; ; tries++) {
    try {
      const answer = await client.handInArticle(dealId, { url }, { signal, priority: 'high' });
      return { articleUrl: answer.article_url ?? url, dealState: answer.state, via: 'answer', tries };
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      if (error.code === ERROR_CODES.articleHandedIn) return await confirmHandedIn(input, error, tries);
      if (error.code !== ERROR_CODES.articleUnreachable) throw explainHandInError(error, input);

      const pause = backoffDelay(tries - 1, settings.initialBackoffMs, settings.maxBackoffMs);
      const last =
        input.once === true ||
        tries >= settings.triesPerAttempt ||
        input.clock.now().getTime() + pause >= input.deadlineMs;
      input.log.warn(
        { url, tries, retryInMs: last ? undefined : pause, supportCode: error.supportCode },
        'the marketplace could not reach the article yet (clanek_nedostupny)',
      );
      if (last) throw explainHandInError(error, input);
      await input.clock.sleep(pause, signal);
    }
  }
}

/** 409 `clanek_odevzdan`: the hand-in happened before; the deal detail says which URL the marketplace has. */
async function confirmHandedIn(
  input: HandInInput,
  conflict: MarketplaceError,
  tries: number,
): Promise<HandInResult> {
  const deal = await input.client.getDeal(input.dealId, { signal: input.signal, priority: 'high' });
  if (deal.article_url === null) {
    throw withHint(conflict, { key: 'market.hint.no_url_yet', params: { deal: String(input.dealId) } }, true);
  }
  if (!sameUrl(deal.article_url, input.url)) {
    input.log.warn(
      { ours: input.url, marketplace: deal.article_url, dealState: deal.state },
      'the marketplace already has another URL for this deal (handed in by hand?); keeping it',
    );
  } else {
    input.log.info(
      { dealState: deal.state },
      'the URL had been handed in already (clanek_odevzdan); confirmed',
    );
  }
  return { articleUrl: deal.article_url, dealState: deal.state, via: 'deal_detail', tries };
}

/** The marketplace's refusal with a sentence that tells the blogger what to fix (the catalog's `market.hint.*`). */
export function explainHandInError(
  error: MarketplaceError,
  input: Pick<HandInInput, 'dealId' | 'url' | 'blog'>,
) {
  const { url, blog } = input;
  const hint = (key: string, params: Record<string, string>): Phrase => ({ key, params: { url, ...params } });
  switch (error.code) {
    case ERROR_CODES.foreignDomain: {
      const name = blog.name ? ` ("${blog.name}")` : '';
      const params = { blog: String(blog.id), name, target: blog.target };
      return withHint(error, hint('market.hint.foreign_domain', params), false);
    }
    case ERROR_CODES.urlUsed:
      return withHint(error, hint('market.hint.url_used', { target: blog.target }), false);
    case ERROR_CODES.wrongState:
      return withHint(error, hint('market.hint.wrong_state', { deal: String(input.dealId) }), false);
    case ERROR_CODES.articleUnreachable:
      return withHint(error, hint('market.hint.unreachable', {}), true);
    default:
      return error;
  }
}

/**
 * A copy of a marketplace error with a fix-it sentence after the marketplace's own words, and the given retry
 * classification.
 */
function withHint(error: MarketplaceError, hint: Phrase, retryable: boolean): MarketplaceError {
  return new MarketplaceError({
    status: error.status,
    code: error.code,
    message: `${error.detail} — ${english(hint)}`,
    said: error.detailSaid,
    hint,
    supportCode: error.supportCode,
    method: error.method,
    path: error.path,
    retryable,
    retryAfterMs: error.retryAfterMs,
    cause: error,
  });
}
