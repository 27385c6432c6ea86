/**
 * The WordPress publisher: photos to the media library, the article as a block-editor post, exactly once per
 * deal (see marker.ts for how an earlier attempt's work is recognised in WordPress itself).
 */
import { z } from 'zod';
import { errorMessage, PublishError } from '../../src/errors.js';
import type { Logger } from '../../src/logger.js';
import type {
  DraftInput,
  DraftResult,
  PublishDeal,
  Publisher,
  PublishImage,
  PublishInput,
  PublishLog,
  PublishResult,
  ReachabilityResult,
} from '../../src/publisher/types.js';
import { toBlockMarkup } from '../../src/render/blocks.js';
import { parseFragmentBlocks } from '../../src/render/html.js';
import { escapeText } from '../../src/render/sanitize.js';
import type { ImageRef } from '../../src/render/types.js';
import { chooseCategory, describeFallback } from './categories.js';
import { createWordPressClient, type WordPressClient } from './client.js';
import { HttpFailure, WordPressErrorCode } from './errors.js';
import { firstParagraphExcerpt } from './excerpt.js';
import { briefMarker, hasMarker, postMarker, withMarker } from './marker.js';
import { createMediaLibrary, uniqueByNumber } from './media.js';
import type { WordPressOptions } from './options.js';
import { createTermResolver, type ExtraTerms } from './terms.js';
import { POST_FIELDS, WpCategory, WpCategoryList, type WpMedia, WpPost, WpPostList } from './wp-schema.js';

export { asciiFilename, storedAttachmentId } from './media.js';

/** One line of `pressbridge doctor` (the shape of the contract's DiagnosticCheck). */
export interface WordPressCheck {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

/** Apache (CGI/FastCGI, PHP-FPM) and some proxies drop the header unless told to pass it on. */
export const AUTHORIZATION_HEADER_FIX =
  'make the web server pass the Authorization header to PHP: Apache — add `SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1` to .htaccess (or `CGIPassAuth On`); nginx with PHP-FPM — `fastcgi_param HTTP_AUTHORIZATION $http_authorization;`; a proxy in front — let it forward Authorization';
const PASSWORD_FIX =
  'create a new Application Password (Users → Profile → Application Passwords) for that user and set username and applicationPassword';

/**
 * What to do about credentials WordPress did not accept, told apart by what WordPress answered:
 * `incorrect_password` / `invalid_username` / `invalid_email` mean the Authorization header arrived and was
 * refused (a wrong user name or password); `rest_not_logged_in` means WordPress saw no credentials at all,
 * which with a password that is right is the web server or proxy stripping the Authorization header.
 */
export function credentialsFix(message: string): string {
  if (/\b(incorrect_password|invalid_username|invalid_email)\b/.test(message)) {
    return `WordPress received the credentials and refused them: ${PASSWORD_FIX}`;
  }
  if (/\brest_not_logged_in\b/.test(message)) {
    return (
      'WordPress saw no credentials at all. Most often the web server or a proxy strips the Authorization ' +
      `header: ${AUTHORIZATION_HEADER_FIX}. If the header does arrive, the password is wrong: ${PASSWORD_FIX}`
    );
  }
  return PASSWORD_FIX;
}

/** A publisher for one WordPress site. Beyond the contract: `diagnose` and `listCategories`. */
export interface WordPressPublisher extends Publisher {
  /** Thorough checks for `pressbridge doctor`: REST API, credentials, permissions, transport, categories. */
  diagnose(signal?: AbortSignal): Promise<WordPressCheck[]>;
  /** Every category of the site (`default: true` on the site's default one, when the user may read settings). */
  listCategories(signal?: AbortSignal): Promise<Array<{ id: number; name: string; default?: boolean }>>;
}

export interface WordPressPublisherContext {
  log: Logger;
  fetch?: typeof fetch | undefined;
}

/** What this plugin records through `progress` (and reads back from `previous` as a hint). */
export const WordPressProgress = z.object({
  /** The post of the article, once it exists. */
  wpPostId: z.number().int().positive().optional().catch(undefined),
  /** The brief draft, once it exists. */
  wpDraftId: z.number().int().positive().optional().catch(undefined),
  /** Photo number → attachment id, as each upload finishes. */
  wpMedia: z.record(z.string(), z.number().int().positive()).optional().catch(undefined),
});
export type WordPressProgress = z.infer<typeof WordPressProgress>;

/** Every status a post of ours can be in: `status=any` leaves out the trash. */
const ALL_STATUSES = 'publish,future,draft,pending,private,trash';
/** Preference among several posts carrying the same marker (a copy made by a "duplicate post" plugin, …). */
const STATUS_PREFERENCE = ['publish', 'future', 'private', 'pending', 'draft'];
const STATUS_RANK: Record<string, number> = { draft: 0, pending: 1, publish: 2 };
/** How long a category found missing stays missing before it is asked about again. */
const MISSING_CATEGORY_TTL_MS = 60_000;

export function createWordPressPublisher(
  options: WordPressOptions,
  context: WordPressPublisherContext,
): WordPressPublisher {
  const client = createWordPressClient({
    url: options.url,
    username: options.username,
    applicationPassword: options.applicationPassword,
    restRoot: options.restRoot,
    timeoutMs: options.timeoutMs,
    fetch: context.fetch,
    log: context.log,
  });
  const site = client.site;
  const categoryCache = new Map<number, { exists: boolean; at: number }>();
  const terms = createTermResolver({
    client,
    options,
    categoryExists: (id, signal) => categoryExists(id, signal),
  });

  if (!isLocalUrl(options.url)) {
    const protocol = new URL(options.url).protocol;
    if (protocol === 'http:') {
      context.log.warn(
        { site },
        'WordPress url is plain http: the Application Password travels unencrypted; use https',
      );
    }
  }

  // --- lookups --------------------------------------------------------------------------------------------

  /** `GET /wp/v2/<route>` that answers undefined for a 404 WordPress itself gave (the item is gone). */
  async function getIfExists<T>(
    schema: z.ZodType<T>,
    route: string,
    query: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<T | undefined> {
    try {
      return await client.request(schema, { method: 'GET', route, query }, signal);
    } catch (error) {
      if (isRestNotFound(error)) return undefined;
      throw error;
    }
  }

  /**
   * The post an earlier attempt made for this marker, if any. The recorded id (`hint`) is tried first and
   * accepted when the post carries the marker or still has the deal's slug (saving the post in the editor
   * drops the marker); otherwise WordPress is searched for the marker and the match confirmed exactly.
   */
  async function findPost(
    marker: string,
    hint: number | undefined,
    slug: string,
    log: PublishLog,
    signal: AbortSignal,
  ): Promise<WpPost | undefined> {
    if (hint !== undefined) {
      const post = await getIfExists(
        WpPost,
        `/wp/v2/posts/${hint}`,
        { context: 'edit', _fields: POST_FIELDS },
        signal,
      );
      if (post && (hasMarker(post.content?.raw ?? '', marker) || slugMatches(post.slug, slug))) return post;
      log.info(
        { postId: hint, found: post !== undefined },
        'the post recorded for this deal is gone or is not this deal’s; looking it up in WordPress',
      );
    }
    const candidates = await client.request(
      WpPostList,
      {
        method: 'GET',
        route: '/wp/v2/posts',
        query: {
          search: marker,
          status: ALL_STATUSES,
          context: 'edit',
          per_page: '20',
          orderby: 'id',
          order: 'asc',
          _fields: POST_FIELDS,
        },
      },
      signal,
    );
    const matches = candidates.filter((post) => hasMarker(post.content?.raw ?? '', marker));
    if (matches.length > 1) {
      log.warn(
        { marker, postIds: matches.map((p) => p.id) },
        'several WordPress posts carry this deal’s marker; using the first published one',
      );
    }
    return pickPost(matches);
  }

  function trashedError(deal: PublishDeal, post: WpPost, what: string): PublishError {
    return new PublishError(
      WordPressErrorCode.postTrashed,
      `The ${what} for deal ${deal.dealId} (post ${post.id}) is in the trash of ${site}: restore it (Posts → Trash → Restore) to use it again, or delete it permanently to let pressbridge create a new one`,
      { retryable: false },
    );
  }

  // --- categories -----------------------------------------------------------------------------------------

  async function categoryExists(termId: number, signal?: AbortSignal): Promise<boolean> {
    const cached = categoryCache.get(termId);
    if (cached && (cached.exists || Date.now() - cached.at < MISSING_CATEGORY_TTL_MS)) return cached.exists;
    const found = await getIfExists(
      WpCategory,
      `/wp/v2/categories/${termId}`,
      { _fields: 'id,name' },
      signal,
    );
    categoryCache.set(termId, { exists: found !== undefined, at: Date.now() });
    return found !== undefined;
  }

  /** The term id to send (undefined: let WordPress use its default category), saying in the log why. */
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

  // --- media (media.ts) ------------------------------------------------------------------------------------

  const { ensureMedia } = createMediaLibrary({ client, getIfExists });

  // --- posts ----------------------------------------------------------------------------------------------

  /** Raises a draft or pending post to the configured status (never lowers one). */
  async function raiseStatus(post: WpPost, log: PublishLog, signal: AbortSignal): Promise<WpPost> {
    const current = STATUS_RANK[post.status];
    const wanted = STATUS_RANK[options.status];
    if (current === undefined || wanted === undefined || wanted <= current) return post;
    log.info(
      { postId: post.id, from: post.status, to: options.status },
      'the deal’s post exists with a lower status; updating it',
    );
    return await client.request(
      WpPost,
      {
        method: 'POST',
        route: `/wp/v2/posts/${post.id}`,
        query: { _fields: POST_FIELDS },
        data: { status: options.status },
      },
      signal,
    );
  }

  function postFields(category: number | undefined, extra: ExtraTerms): Record<string, unknown> {
    const fields: Record<string, unknown> = {};
    const categories = [...new Set([category, extra.category])].filter((id) => id !== undefined);
    if (categories.length > 0) fields.categories = categories;
    if (extra.tags.length > 0) fields.tags = extra.tags;
    if (options.author !== undefined) fields.author = options.author;
    if (options.commentStatus !== undefined) fields.comment_status = options.commentStatus;
    return fields;
  }

  async function publish(input: PublishInput): Promise<PublishResult> {
    const { deal, log, signal } = input;
    const started = Date.now();
    const previous = parsePrevious(input.previous);
    const marker = postMarker(deal.dealId);
    await client.me(signal);

    const existing = await findPost(marker, previous.wpPostId, input.slug, log, signal);
    if (existing) {
      if (existing.status === 'trash') throw trashedError(deal, existing, 'post');
      if (previous.wpPostId !== existing.id) await input.progress({ wpPostId: existing.id });
      const post = await raiseStatus(existing, log, signal);
      if (post.status === 'future') {
        log.warn({ postId: post.id }, 'the deal’s post is scheduled for later in WordPress; leaving it so');
      }
      log.info(
        {
          dealId: deal.dealId,
          postId: post.id,
          status: post.status,
          url: post.link,
          ms: Date.now() - started,
        },
        'the deal’s post already exists in WordPress; reusing it',
      );
      return { url: post.link, ref: `wp:${post.id}`, reused: true };
    }

    const media = await ensureMedia(input);
    const refs = new Map<number, ImageRef>();
    for (const image of uniqueByNumber(input.images)) {
      const stored = media.get(image.n);
      if (stored) refs.set(image.n, imageRef(stored, image));
    }
    const category = await resolveCategory(deal, log, signal);
    const extra = await terms.extraTerms(deal, log, signal);
    const data: Record<string, unknown> = {
      // The title is text: escaped, so WordPress shows markup in it as characters for every user role.
      title: escapeText(input.article.title),
      content: withMarker(toBlockMarkup(input.article, refs), marker),
      status: options.status,
      slug: input.slug,
      ...postFields(category, extra),
    };
    // Plain text, escaped: WordPress stores an excerpt as HTML (as written, for users with unfiltered_html).
    const excerpt = options.excerpt ? firstParagraphExcerpt(input.article.blocks) : undefined;
    if (excerpt !== undefined) data.excerpt = escapeText(excerpt);
    const cover = media.get(0);
    if (cover) data.featured_media = cover.id;
    const post = await client.request(
      WpPost,
      { method: 'POST', route: '/wp/v2/posts', query: { _fields: POST_FIELDS }, data },
      signal,
    );
    await input.progress({ wpPostId: post.id });
    log.info(
      {
        dealId: deal.dealId,
        postId: post.id,
        status: post.status,
        url: post.link,
        media: media.size,
        ms: Date.now() - started,
      },
      'published to WordPress',
    );
    return { url: post.link, ref: `wp:${post.id}`, reused: false };
  }

  async function createDraft(input: DraftInput): Promise<DraftResult> {
    const { deal, log, signal } = input;
    const previous = parsePrevious(input.previous);
    const marker = briefMarker(deal.dealId);
    await client.me(signal);
    const editUrl = async (id: number) =>
      `${(await client.root(signal)).adminUrl}post.php?post=${id}&action=edit`;

    const existing = await findPost(marker, previous.wpDraftId, input.slug, log, signal);
    if (existing) {
      if (existing.status === 'trash') throw trashedError(deal, existing, 'brief draft');
      if (previous.wpDraftId !== existing.id) await input.progress({ wpDraftId: existing.id });
      log.info(
        { dealId: deal.dealId, postId: existing.id, status: existing.status },
        'the deal’s brief draft already exists in WordPress; reusing it',
      );
      return { ref: `wp:${existing.id}`, editUrl: await editUrl(existing.id), reused: true };
    }

    const category = await resolveCategory(deal, log, signal);
    const extra = await terms.extraTerms(deal, log, signal);
    const blocks = toBlockMarkup(
      { title: undefined, blocks: parseFragmentBlocks(input.briefHtml), cover: undefined, notes: [] },
      new Map(),
    );
    const post = await client.request(
      WpPost,
      {
        method: 'POST',
        route: '/wp/v2/posts',
        query: { _fields: POST_FIELDS },
        data: {
          title: escapeText(input.title),
          content: withMarker(blocks, marker),
          status: 'draft',
          slug: input.slug,
          ...postFields(category, extra),
        },
      },
      signal,
    );
    await input.progress({ wpDraftId: post.id });
    log.info({ dealId: deal.dealId, postId: post.id }, 'created the brief draft in WordPress');
    return { ref: `wp:${post.id}`, editUrl: await editUrl(post.id), reused: false };
  }

  // --- health ---------------------------------------------------------------------------------------------

  async function checkReachable(signal?: AbortSignal): Promise<ReachabilityResult> {
    try {
      const user = await client.probe(signal);
      return { ok: true, detail: `WordPress at ${site}: signed in as ${user.name ?? client.username}` };
    } catch (error) {
      return { ok: false, detail: errorMessage(error) };
    }
  }

  async function listCategories(
    signal?: AbortSignal,
  ): Promise<Array<{ id: number; name: string; default?: boolean }>> {
    const all: WpCategory[] = [];
    for (let page = 1; page <= 100; page++) {
      const batch = await client
        .request(
          WpCategoryList,
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
            return [];
          throw error;
        });
      all.push(...batch);
      if (batch.length < 100) break;
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

  async function diagnose(signal?: AbortSignal): Promise<WordPressCheck[]> {
    const checks: WordPressCheck[] = [];
    const fail = (name: string, error: unknown, fix: string): WordPressCheck[] => {
      checks.push({ name, status: 'fail', detail: errorMessage(error), fix });
      return checks;
    };
    const apiName = `WordPress REST API of ${site}`;
    let rootUrl: string;
    try {
      rootUrl = (await client.root(signal)).root;
    } catch (error) {
      return fail(apiName, error, 'set the option url to the address of the blog’s home page (or restRoot)');
    }
    checks.push({ name: apiName, status: 'ok', detail: `found at ${rootUrl}` });

    const credentialsName = `WordPress credentials for ${site}`;
    let user: Awaited<ReturnType<WordPressClient['me']>>;
    try {
      user = await client.me(signal);
    } catch (error) {
      return fail(credentialsName, error, credentialsFix(errorMessage(error)));
    }
    checks.push({
      name: credentialsName,
      status: 'ok',
      detail: `signed in as ${user.name ?? client.username} (user ${user.id})`,
    });

    const needed = ['upload_files', options.status === 'publish' ? 'publish_posts' : 'edit_posts'];
    if (options.author !== undefined && options.author !== user.id) needed.push('edit_others_posts');
    const missing = user.capabilities ? needed.filter((cap) => user.capabilities?.[cap] !== true) : [];
    checks.push(
      missing.length === 0
        ? {
            name: `WordPress permissions of ${client.username}`,
            status: 'ok',
            detail: `may ${needed.join(', ')}`,
          }
        : {
            name: `WordPress permissions of ${client.username}`,
            status: 'fail',
            detail: `the user lacks ${missing.join(', ')}`,
            fix: 'give the user the Author role (Editor when the option author names someone else)',
          },
    );

    if (new URL(options.url).protocol === 'http:' && !isLocalUrl(options.url)) {
      checks.push({
        name: `Connection to ${site}`,
        status: 'warn',
        detail: 'plain http: the Application Password travels unencrypted',
        fix: 'use the https address of the blog',
      });
    }

    const wanted = new Set<number>();
    if (options.categories !== 'identity') for (const id of options.categories.values()) wanted.add(id);
    if (options.defaultCategory !== undefined) wanted.add(options.defaultCategory);
    try {
      const existing = new Set((await listCategories(signal)).map((c) => c.id));
      const absent = [...wanted].filter((id) => !existing.has(id)).sort((a, b) => a - b);
      checks.push(
        absent.length === 0
          ? {
              name: `WordPress categories of ${site}`,
              status: 'ok',
              detail:
                options.categories === 'identity'
                  ? 'identity mapping: marketplace category ids are WordPress category ids'
                  : `all ${wanted.size} configured categories exist`,
            }
          : {
              name: `WordPress categories of ${site}`,
              status: 'warn',
              detail: `categories ${absent.join(', ')} do not exist; deals for them get ${describeFallback(options.defaultCategory)}`,
              fix: 'create them in WordPress (Posts → Categories) or correct the options categories and defaultCategory',
            },
      );
    } catch (error) {
      checks.push({ name: `WordPress categories of ${site}`, status: 'warn', detail: errorMessage(error) });
    }
    return checks;
  }

  return {
    kind: 'wordpress',
    target: site,
    publish,
    createDraft,
    checkReachable,
    listCategories,
    diagnose,
  };
}

// --- helpers --------------------------------------------------------------------------------------------

function parsePrevious(previous: unknown): WordPressProgress {
  const parsed = WordPressProgress.safeParse(previous);
  return parsed.success ? parsed.data : {};
}

function isRestNotFound(error: unknown): boolean {
  return (
    error instanceof PublishError &&
    error.cause instanceof HttpFailure &&
    error.cause.status === 404 &&
    error.cause.body !== undefined &&
    error.cause.body.code !== 'rest_no_route'
  );
}

/** The slug WordPress gave a post made with `slug`: itself, `-2`, `-3` … when taken, `__trashed` in the trash. */
function slugMatches(actual: string, wanted: string): boolean {
  if (wanted === '') return false;
  const escaped = wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}(-\\d+)?(__trashed)?$`).test(actual);
}

function pickPost(matches: readonly WpPost[]): WpPost | undefined {
  const rank = (post: WpPost) => {
    const index = STATUS_PREFERENCE.indexOf(post.status);
    if (post.status === 'trash') return STATUS_PREFERENCE.length + 1;
    return index === -1 ? STATUS_PREFERENCE.length : index;
  };
  return [...matches].sort((a, b) => rank(a) - rank(b) || a.id - b.id)[0];
}

/** The image block's reference: the `large` size as the block editor picks it, else the full file. */
function imageRef(media: WpMedia, image: PublishImage): ImageRef {
  const large = media.media_details?.sizes?.large;
  const ref: ImageRef = { id: media.id, url: large?.source_url ?? media.source_url, alt: image.alt };
  const width = large ? large.width : (media.media_details?.width ?? image.width);
  const height = large ? large.height : (media.media_details?.height ?? image.height);
  if (width !== undefined) ref.width = width;
  if (height !== undefined) ref.height = height;
  return ref;
}

/** Loopback, private networks and single-label or `.local`/`.localhost` names: where plain http is fine. */
export function isLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (host === '[::1]' || host === '::1') return true;
  if (!host.includes('.')) return true;
  const octets = host.split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return false;
  const [a = -1, b = -1] = octets;
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}
