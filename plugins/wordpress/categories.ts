/**
 * The category of a deal's post: chosen through the options (pure), checked against the site (a category
 * found missing is asked about again after a minute), and the site's categories listed for doctor and setup.
 */
import { z } from 'zod';
import { PublishError } from '../../src/errors.js';
import { pickCategory } from '../../src/publisher/kit/index.js';
import { type PublisherPhrase, phrase } from '../../src/publisher/phrase.js';
import type { Clock, PublishDeal, PublishLog } from '../../src/publisher/types.js';
import type { WordPressClient } from './client.js';
import { HttpFailure } from './failures.js';
import type { GetIfExists } from './lookup.js';
import type { WordPressOptions } from './options.js';
import { WpCategory, WpTermPage } from './wp-schema.js';

/** How long a category found missing stays missing before it is asked about again. */
const MISSING_CATEGORY_TTL_MS = 60_000;

/** Which WordPress category a deal goes to, and why. */
export interface CategoryChoice {
  /** The WordPress term id; undefined: WordPress's own default category (nothing is sent). */
  termId: number | undefined;
  source: 'mapped' | 'identity' | 'default' | 'wordpress-default';
  /** Set when the deal's category could not be honoured: the deal log should say so. */
  warning?: string;
}

/**
 * The category a deal's `category_id` maps to through the options: `identity` takes the id as the WordPress
 * term id; a map looks it up. No category, or one the map does not know, falls back to `defaultCategory`
 * (and, when that is not set either, to WordPress's own default category).
 */
export function chooseCategory(
  options: Pick<WordPressOptions, 'categories' | 'defaultCategory'>,
  categoryId: number | null,
): CategoryChoice {
  const fallback: Pick<CategoryChoice, 'termId' | 'source'> =
    options.defaultCategory === undefined
      ? { termId: undefined, source: 'wordpress-default' }
      : { termId: options.defaultCategory, source: 'default' };
  const pick = pickCategory(options.categories, categoryId, (id) => id);
  if (pick.source !== 'fallback') return { termId: pick.value, source: pick.source };
  if (!pick.unknown) return fallback;
  return {
    ...fallback,
    warning: `marketplace category ${categoryId} is not in the option categories; using ${describeFallback(options.defaultCategory)}`,
  };
}

/** The same as a phrase, for doctor. */
export function fallbackPhrase(defaultCategory: number | undefined): PublisherPhrase {
  return defaultCategory === undefined
    ? phrase('wp.fallback.site_default')
    : phrase('wp.fallback.category', { id: String(defaultCategory) });
}

/** "the default category 7" or "WordPress's default category", for log lines. */
export function describeFallback(defaultCategory: number | undefined): string {
  return defaultCategory === undefined
    ? "WordPress's default category"
    : `the default category ${defaultCategory}`;
}

/** A category of the site (`default: true` on the site's default one, when the user may read settings). */
export interface SiteCategory {
  id: number;
  name: string;
  default?: boolean;
}

export interface SiteCategories {
  categoryExists(termId: number, signal?: AbortSignal): Promise<boolean>;
  /** The term id to send (undefined: let WordPress use its default category), saying in the log why. */
  resolveCategory(deal: PublishDeal, log: PublishLog, signal: AbortSignal): Promise<number | undefined>;
  listCategories(signal?: AbortSignal): Promise<SiteCategory[]>;
}

export function createSiteCategories(deps: {
  client: WordPressClient;
  options: WordPressOptions;
  getIfExists: GetIfExists;
  /** The daemon's clock. */
  clock: Pick<Clock, 'now'>;
}): SiteCategories {
  const { client, options, getIfExists, clock } = deps;
  const now = (): number => clock.now().getTime();
  const site = client.site;
  const categoryCache = new Map<number, { exists: boolean; at: number }>();

  async function categoryExists(termId: number, signal?: AbortSignal): Promise<boolean> {
    const cached = categoryCache.get(termId);
    if (cached && (cached.exists || now() - cached.at < MISSING_CATEGORY_TTL_MS)) return cached.exists;
    const found = await getIfExists(
      WpCategory,
      `/wp/v2/categories/${termId}`,
      { _fields: 'id,name' },
      signal,
    );
    categoryCache.set(termId, { exists: found !== undefined, at: now() });
    return found !== undefined;
  }

  async function resolveCategory(
    deal: PublishDeal,
    log: PublishLog,
    signal: AbortSignal,
  ): Promise<number | undefined> {
    const choice = chooseCategory(options, deal.categoryId);
    const fields = { dealId: deal.dealId, categoryId: deal.categoryId };
    if (choice.warning) log.warn(fields, choice.warning);
    if (choice.termId === undefined || (await categoryExists(choice.termId, signal))) return choice.termId;
    const fallback = options.defaultCategory;
    if (choice.source === 'default' || fallback === undefined || fallback === choice.termId) {
      log.warn(
        { ...fields, termId: choice.termId },
        `WordPress category ${choice.termId} does not exist on ${site}; using WordPress's default category`,
      );
      return undefined;
    }
    log.warn(
      { ...fields, termId: choice.termId },
      `WordPress category ${choice.termId} (for marketplace category ${deal.categoryId}) does not exist on ${site}; using ${describeFallback(fallback)}`,
    );
    if (await categoryExists(fallback, signal)) return fallback;
    log.warn(
      { ...fields, termId: fallback },
      `the default category ${fallback} does not exist on ${site} either; using WordPress's default category`,
    );
    return undefined;
  }

  async function listCategories(signal?: AbortSignal): Promise<SiteCategory[]> {
    // A category WordPress sends malformed is not offered (it could not be chosen anyway); the others are.
    const all: WpCategory[] = [];
    for (let page = 1; page <= 100; page++) {
      const batch = await client
        .request(
          WpTermPage,
          {
            method: 'GET',
            route: '/wp/v2/categories',
            query: { per_page: '100', page: String(page), orderby: 'id', _fields: 'id,name' },
          },
          signal,
        )
        .catch((error: unknown) => {
          // Past the last page WordPress answers 400 rest_post_invalid_page_number.
          if (
            page > 1 &&
            error instanceof PublishError &&
            error.cause instanceof HttpFailure &&
            error.cause.status === 400
          )
            return { items: [], read: 0, left: 0 };
          throw error;
        });
      all.push(...batch.items);
      if (batch.read < 100) break;
    }
    let defaultId: number | undefined;
    try {
      const settings = await client.request(
        z.object({ default_category: z.number().optional().catch(undefined) }),
        { method: 'GET', route: '/wp/v2/settings', query: { _fields: 'default_category' } },
        signal,
      );
      defaultId = settings.default_category;
    } catch (error) {
      // Reading settings needs manage_options; without it the default is simply not marked.
      if (!(error instanceof PublishError) || error.retryable) throw error;
    }
    return all.map((c) =>
      c.id === defaultId ? { id: c.id, name: c.name, default: true } : { id: c.id, name: c.name },
    );
  }

  return { categoryExists, resolveCategory, listCategories };
}
