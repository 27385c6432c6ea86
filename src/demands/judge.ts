/**
 * One demand's brief read and judged (issue 30): `GET /v1/demands/{id}` once, the blog's rules applied
 * (`rulesVerdict(rules, subjectOfDemand(brief))`), the parts the page shows kept in the store. Not the text: a
 * publication demand's text is judged here and only its length and link count are kept.
 */
import { MarketplaceError } from '../errors.js';
import type { MarketplaceDemandCalls } from '../marketplace/api.js';
import { ERROR_CODES } from '../marketplace/schema.js';
import { subjectOfDemand, webLinksOf } from '../rules/from-demand.js';
import { plainOfHtml } from '../rules/normalise.js';
import type { BlogRules } from '../rules/settings.js';
import { type RulesVerdict, rulesVerdict } from '../rules/verdict.js';
import type { BriefSummary } from './store.js';

export type Judged =
  | { status: 'judged'; brief: BriefSummary; verdict: RulesVerdict }
  /** 404: no longer available to the blog. */
  | { status: 'gone' }
  /** A permanent refusal other than 404: kept as "ask me" (the blogger judges it in the web application). */
  | { status: 'unreadable'; brief: BriefSummary; verdict: RulesVerdict }
  /** Try again next round (429, 5xx, no answer). */
  | { status: 'later'; error: unknown };

export async function judgeDemand(
  client: Pick<MarketplaceDemandCalls, 'getDemand'>,
  demandId: number,
  rules: BlogRules | undefined,
  at: Date,
  signal?: AbortSignal,
): Promise<Judged> {
  try {
    const brief = await client.getDemand(demandId, { priority: 'low', ...(signal ? { signal } : {}) });
    const html = brief.publication === true ? brief.materials?.text : undefined;
    const summary: BriefSummary = {
      readAt: at.toISOString(),
      ...(brief.keyword_urls ? { keywordUrls: brief.keyword_urls } : {}),
      ...(brief.links_mode !== undefined ? { linksMode: brief.links_mode } : {}),
      ...(html !== undefined
        ? { textChars: [...plainOfHtml(html)].length, textLinks: new Set(webLinksOf(html)).size }
        : {}),
    };
    return { status: 'judged', brief: summary, verdict: rulesVerdict(rules, subjectOfDemand(brief)) };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof MarketplaceError && !error.retryable) {
      if (error.status === 404 || error.code === ERROR_CODES.demandUnavailable) return { status: 'gone' };
      return {
        status: 'unreadable',
        brief: { readAt: at.toISOString(), unreadable: error.code },
        verdict: { outcome: 'ask', reasons: [] },
      };
    }
    return { status: 'later', error };
  }
}
