/**
 * The tags and the extra category of a post: the deal's keywords as tags (option `tags: keywords`, existing
 * tags matched by name, new ones only with `createTags: true`) and the blogger's mark for paid content
 * (option `sponsored: { category, tag }`).
 *
 * A term that cannot be had (a category name the site does not know, a tag WordPress refuses to create) is
 * left out with a warning in the deal's log: a tag is never worth a missed deal. A fault that a retry can fix
 * (network, 5xx) is thrown, and the whole publish is tried again; nothing here is made twice, as every name
 * is looked up before it is created.
 */
import { errorMessage, PublishError } from '../../src/errors.js';
import type { PublishDeal, PublishLog } from '../../src/publisher/types.js';
import { escapeText } from '../../src/render/index.js';
import type { WordPressClient } from './client.js';
import { HttpFailure } from './failures.js';
import type { WordPressOptions } from './options.js';
import { WpTerm, WpTermPage } from './wp-schema.js';

/** What a post gets besides its own category. */
export interface ExtraTerms {
  /** Tag ids, keyword tags first, then the sponsored tag; no repeats. */
  tags: number[];
  /** The sponsored category's id, when the option names one that exists. */
  category: number | undefined;
}

type Taxonomy = 'tags' | 'categories';

export interface TermResolverDeps {
  client: Pick<WordPressClient, 'request' | 'site'>;
  options: Pick<WordPressOptions, 'tags' | 'createTags' | 'sponsored'>;
  /** Whether category `id` exists (the publisher's cached lookup). */
  categoryExists(id: number, signal?: AbortSignal): Promise<boolean>;
}

export function createTermResolver(deps: TermResolverDeps) {
  const { client, options } = deps;
  const site = client.site;

  /**
   * The id of the term named `name` (case-insensitively), if there is one. WordPress searches the stored
   * names, which are HTML-escaped (`&amp;`): the search text is escaped the same way.
   */
  async function findByName(
    taxonomy: Taxonomy,
    name: string,
    signal: AbortSignal,
  ): Promise<number | undefined> {
    const { items: candidates } = await client.request(
      WpTermPage,
      {
        method: 'GET',
        route: `/wp/v2/${taxonomy}`,
        query: {
          search: escapeText(name),
          per_page: '100',
          hide_empty: 'false',
          orderby: 'id',
          _fields: 'id,name',
        },
      },
      signal,
    );
    const wanted = termKey(name);
    return candidates.find((term) => termKey(term.name) === wanted)?.id;
  }

  /** Creates tag `name`; a tag of that name made meanwhile (`term_exists`) is used instead. */
  async function createTag(name: string, signal: AbortSignal): Promise<number> {
    try {
      const term = await client.request(
        WpTerm,
        { method: 'POST', route: '/wp/v2/tags', query: { _fields: 'id,name' }, data: { name } },
        signal,
      );
      return term.id;
    } catch (error) {
      const existing = existingTermId(error);
      if (existing !== undefined) return existing;
      throw error;
    }
  }

  /**
   * The tag named `name`: found, else created when `create`. Undefined when it does not exist and may not be
   * created, or when WordPress refused to create it (warned).
   */
  async function tagId(
    name: string,
    create: boolean,
    log: PublishLog,
    signal: AbortSignal,
  ): Promise<number | undefined> {
    const found = await findByName('tags', name, signal);
    if (found !== undefined || !create) return found;
    try {
      const id = await createTag(name, signal);
      log.info({ tag: name, tagId: id }, `created the tag "${name}" in WordPress`);
      return id;
    } catch (error) {
      if (isRetryable(error)) throw error;
      log.warn(
        { tag: name, error: errorMessage(error) },
        `could not create the tag "${name}" on ${site}; the post goes without it (a user with the Editor role may create tags)`,
      );
      return undefined;
    }
  }

  async function sponsoredCategory(
    deal: PublishDeal,
    log: PublishLog,
    signal: AbortSignal,
  ): Promise<number | undefined> {
    const wanted = options.sponsored?.category;
    if (wanted === undefined) return undefined;
    const id =
      typeof wanted === 'number'
        ? (await deps.categoryExists(wanted, signal))
          ? wanted
          : undefined
        : await findByName('categories', wanted, signal);
    if (id === undefined) {
      log.warn(
        { dealId: deal.dealId, category: wanted },
        `the sponsored category ${typeof wanted === 'number' ? wanted : `"${wanted}"`} does not exist on ${site}; the post goes without it (create it in Posts → Categories or correct the option sponsored.category)`,
      );
    }
    return id;
  }

  /** The extra tags and category of the deal's post, as the options ask. */
  async function extraTerms(deal: PublishDeal, log: PublishLog, signal: AbortSignal): Promise<ExtraTerms> {
    const tags: number[] = [];
    const add = (id: number | undefined) => {
      if (id !== undefined && !tags.includes(id)) tags.push(id);
    };
    if (options.tags === 'keywords') {
      const missing: string[] = [];
      for (const keyword of tagNames(deal.keywords ?? [])) {
        const id = await tagId(keyword, options.createTags, log, signal);
        if (id === undefined && !options.createTags) missing.push(keyword);
        add(id);
      }
      if (missing.length > 0) {
        log.info(
          { dealId: deal.dealId, keywords: missing },
          `keywords without a tag on ${site} were left out: ${missing.join(', ')} (set createTags: true to create them)`,
        );
      }
    }
    const sponsoredTag = options.sponsored?.tag;
    if (sponsoredTag !== undefined) add(await tagId(sponsoredTag, true, log, signal));
    return { tags, category: await sponsoredCategory(deal, log, signal) };
  }

  return { extraTerms };
}

/** Keywords usable as tag names: WordPress's 200-character limit, no repeats (case-insensitively). */
export function tagNames(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const keyword of keywords) {
    const name = keyword.replace(/\s+/g, ' ').trim();
    const key = termKey(name);
    if (name === '' || name.length > 200 || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/**
 * How names compare: WordPress stores a term name HTML-escaped (`&` as `&amp;`) and answers it so; names are
 * matched without case and with whitespace collapsed, as WordPress itself refuses a second tag differing
 * only in case.
 */
export function termKey(name: string): string {
  return name
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('cs');
}

function existingTermId(error: unknown): number | undefined {
  if (!(error instanceof PublishError) || !(error.cause instanceof HttpFailure)) return undefined;
  const body = error.cause.body;
  return body?.code === 'term_exists' ? body.data?.term_id : undefined;
}

function isRetryable(error: unknown): boolean {
  return !(error instanceof PublishError) || error.retryable;
}
