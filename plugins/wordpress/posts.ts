/**
 * The deal's post (and its brief draft) in WordPress, exactly once: an earlier attempt's post is found
 * (lookup.ts) and reused, raised to the configured status but never lowered; otherwise the photos are
 * ensured (media.ts) and the post is created with the block markup and the deal's marker.
 *
 * The last look's hold (`holdDraft`) is that same post, made as a draft: it carries the deal's marker (not the
 * brief's, `pressbridge:brief:<id>`, which marks a draft the blogger writes), so `publish` on approve finds it
 * and raises it (one post, its media uploaded once), and `discardDraft` on refuse moves it to the trash.
 */
import { z } from 'zod';
import { PublishError } from '../../src/errors.js';
import { readProgress } from '../../src/publisher/kit/index.js';
import type {
  DiscardDraftInput,
  DiscardDraftResult,
  DraftInput,
  DraftResult,
  PublishDeal,
  PublishImage,
  PublishInput,
  PublishLog,
  PublishResult,
} from '../../src/publisher/types.js';
import { escapeText, firstParagraphExcerpt, type ImageRef } from '../../src/render/index.js';
import { inertShortcodes, toBlockMarkup } from './blocks.js';
import type { SiteCategories } from './categories.js';
import type { WordPressClient } from './client.js';
import { WordPressErrorCode } from './errors.js';
import { findPost, type GetIfExists } from './lookup.js';
import { briefMarker, postMarker, withMarker } from './marker.js';
import { type MediaLibrary, uniqueByNumber } from './media.js';
import type { WordPressOptions } from './options.js';
import type { createTermResolver, ExtraTerms } from './terms.js';
import { POST_FIELDS, type WpMedia, WpPost } from './wp-schema.js';

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

const STATUS_RANK: Record<string, number> = { draft: 0, pending: 1, publish: 2 };

export interface PostsDeps {
  client: WordPressClient;
  options: WordPressOptions;
  getIfExists: GetIfExists;
  categories: Pick<SiteCategories, 'resolveCategory'>;
  terms: Pick<ReturnType<typeof createTermResolver>, 'extraTerms'>;
  media: MediaLibrary;
}

export interface Posts {
  publish(input: PublishInput): Promise<PublishResult>;
  holdDraft(input: PublishInput): Promise<DraftResult>;
  discardDraft(input: DiscardDraftInput): Promise<DiscardDraftResult>;
  createDraft(input: DraftInput): Promise<DraftResult>;
}

export function createPosts(deps: PostsDeps): Posts {
  const { client, options, getIfExists, categories, terms, media: library } = deps;
  const site = client.site;

  function trashedError(deal: PublishDeal, post: WpPost, what: string): PublishError {
    return new PublishError(
      WordPressErrorCode.postTrashed,
      `The ${what} for deal ${deal.dealId} (post ${post.id}) is in the trash of ${site}: restore it (Posts → Trash → Restore) to use it again, or delete it permanently to let pressbridge create a new one`,
      { retryable: false },
    );
  }

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
    const ids = [...new Set([category, extra.category])].filter((id) => id !== undefined);
    if (ids.length > 0) fields.categories = ids;
    if (extra.tags.length > 0) fields.tags = extra.tags;
    if (options.author !== undefined) fields.author = options.author;
    if (options.commentStatus !== undefined) fields.comment_status = options.commentStatus;
    return fields;
  }

  /**
   * The deal's post with the article: found (an earlier attempt's, or the last look's held draft) and raised to
   * the configured status, or made. `hold` keeps it a draft: found, it is left as it is; made, it is a draft.
   */
  async function storeArticle(
    input: PublishInput,
    hold: boolean,
  ): Promise<{ post: WpPost; reused: boolean }> {
    const { deal, log, signal } = input;
    const started = Date.now();
    const previous = readProgress(WordPressProgress, input.previous);
    const marker = postMarker(deal.dealId);
    await client.me(signal);

    const find = { marker, hint: previous.wpPostId, slug: input.slug };
    const existing = await findPost(client, getIfExists, find, log, signal);
    if (existing) {
      if (existing.status === 'trash') throw trashedError(deal, existing, 'post');
      if (previous.wpPostId !== existing.id) await input.progress({ wpPostId: existing.id });
      const post = hold ? existing : await raiseStatus(existing, log, signal);
      if (post.status === 'future') {
        log.warn({ postId: post.id }, 'the deal’s post is scheduled for later in WordPress; leaving it so');
      }
      // A draft raised now (the last look's hold, approved) is made live by this call, not an earlier one.
      const raised = post.status !== existing.status;
      log.info(
        {
          dealId: deal.dealId,
          postId: post.id,
          status: post.status,
          url: post.link,
          ms: Date.now() - started,
        },
        raised
          ? 'the deal’s draft in WordPress is now the live post'
          : 'the deal’s post already exists in WordPress; reusing it',
      );
      return { post, reused: !raised };
    }

    const media = await library.ensureMedia(input);
    const refs = new Map<number, ImageRef>();
    for (const image of uniqueByNumber(input.images)) {
      const stored = media.get(image.n);
      if (stored) refs.set(image.n, imageRef(stored, image));
    }
    const category = await categories.resolveCategory(deal, log, signal);
    const extra = await terms.extraTerms(deal, log, signal);
    const data: Record<string, unknown> = {
      title: postTitle(input.article.title),
      content: withMarker(toBlockMarkup(input.article, refs), marker),
      status: hold ? 'draft' : options.status,
      slug: input.slug,
      ...postFields(category, extra),
    };
    // Plain text, escaped: WordPress stores an excerpt as HTML (as written, for users with unfiltered_html),
    // and themes and plugins often run shortcodes in it.
    const excerpt = options.excerpt ? firstParagraphExcerpt(input.article.blocks) : undefined;
    if (excerpt !== undefined) data.excerpt = inertShortcodes(escapeText(excerpt));
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
      hold ? 'the held article is a draft in WordPress (not public)' : 'published to WordPress',
    );
    return { post, reused: false };
  }

  async function publish(input: PublishInput): Promise<PublishResult> {
    const { post, reused } = await storeArticle(input, false);
    return { url: post.link, ref: `wp:${post.id}`, reused };
  }

  const editUrlOf = async (id: number, signal: AbortSignal) =>
    `${(await client.root(signal)).adminUrl}post.php?post=${id}&action=edit`;

  async function holdDraft(input: PublishInput): Promise<DraftResult> {
    const { post, reused } = await storeArticle(input, true);
    return { ref: `wp:${post.id}`, editUrl: await editUrlOf(post.id, input.signal), reused };
  }

  /** A refused deal's held draft to the trash (the blogger can restore it); a live post is never touched. */
  async function discardDraft(input: DiscardDraftInput): Promise<DiscardDraftResult> {
    const { deal, log, signal } = input;
    const previous = readProgress(WordPressProgress, input.previous);
    const hint = previous.wpPostId ?? postIdOfRef(input.ref);
    const find = { marker: postMarker(deal.dealId), hint, slug: input.slug };
    const post = await findPost(client, getIfExists, find, log, signal);
    if (post === undefined || post.status === 'trash') return { outcome: 'gone' };
    if (post.status !== 'draft' && post.status !== 'pending') {
      return { outcome: 'kept', detail: `post ${post.id} is ${post.status} on ${site}: left as it is` };
    }
    // POST with `_method=DELETE`: WordPress's own override, for hosts that refuse the DELETE method. Without
    // `force` WordPress moves the post to the trash instead of deleting it.
    await client.request(
      WpPost,
      {
        method: 'POST',
        route: `/wp/v2/posts/${post.id}`,
        query: { _method: 'DELETE', _fields: POST_FIELDS },
      },
      signal,
    );
    log.info(
      { dealId: deal.dealId, postId: post.id },
      'moved the refused deal’s draft to the WordPress trash',
    );
    return { outcome: 'trashed', detail: `post ${post.id} on ${site}` };
  }

  async function createDraft(input: DraftInput): Promise<DraftResult> {
    const { deal, log, signal } = input;
    const previous = readProgress(WordPressProgress, input.previous);
    const marker = briefMarker(deal.dealId);
    await client.me(signal);
    const editUrl = (id: number) => editUrlOf(id, signal);

    const find = { marker, hint: previous.wpDraftId, slug: input.slug };
    const existing = await findPost(client, getIfExists, find, log, signal);
    if (existing) {
      if (existing.status === 'trash') throw trashedError(deal, existing, 'brief draft');
      if (previous.wpDraftId !== existing.id) await input.progress({ wpDraftId: existing.id });
      log.info(
        { dealId: deal.dealId, postId: existing.id, status: existing.status },
        'the deal’s brief draft already exists in WordPress; reusing it',
      );
      return { ref: `wp:${existing.id}`, editUrl: await editUrl(existing.id), reused: true };
    }

    const category = await categories.resolveCategory(deal, log, signal);
    const extra = await terms.extraTerms(deal, log, signal);
    const blocks = toBlockMarkup(
      { title: undefined, blocks: [...input.brief], cover: undefined, notes: [] },
      new Map(),
    );
    const post = await client.request(
      WpPost,
      {
        method: 'POST',
        route: '/wp/v2/posts',
        query: { _fields: POST_FIELDS },
        data: {
          title: postTitle(input.title),
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

  return { publish, holdDraft, discardDraft, createDraft };
}

/**
 * The post title as WordPress stores it, HTML: escaped, so WordPress shows markup in it as characters for
 * every user role, and `[` as `&#91;`, so no theme or plugin that runs shortcodes in titles runs one from it
 * (the block editor's title field and the page both show `[`).
 */
export function postTitle(title: string): string {
  return inertShortcodes(escapeText(title));
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

/** The post id of a `wp:<id>` reference. */
function postIdOfRef(ref: string): number | undefined {
  const match = /^wp:(\d+)$/.exec(ref);
  return match ? Number(match[1]) : undefined;
}
