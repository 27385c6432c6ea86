/**
 * Finding in WordPress what an earlier attempt made: an item by id (gone is not an error), and the post that
 * carries a deal's marker (see marker.ts).
 */
import type { z } from 'zod';
import { PublishError } from '../../src/errors.js';
import type { PublishLog } from '../../src/publisher/types.js';
import type { WordPressClient } from './client.js';
import { HttpFailure } from './failures.js';
import { hasMarker } from './marker.js';
import { POST_FIELDS, WpPost, WpPostList } from './wp-schema.js';

/** Every status a post of ours can be in: `status=any` leaves out the trash. */
const ALL_STATUSES = 'publish,future,draft,pending,private,trash';
/** Preference among several posts carrying the same marker (a copy made by a "duplicate post" plugin, …). */
const STATUS_PREFERENCE = ['publish', 'future', 'private', 'pending', 'draft'];

/** `GET /wp/v2/<route>` that answers undefined for a 404 WordPress itself gave (the item is gone). */
export type GetIfExists = <T>(
  schema: z.ZodType<T>,
  route: string,
  query: Record<string, string>,
  signal?: AbortSignal,
) => Promise<T | undefined>;

export function createGetIfExists(client: WordPressClient): GetIfExists {
  return async (schema, route, query, signal) => {
    try {
      return await client.request(schema, { method: 'GET', route, query }, signal);
    } catch (error) {
      if (isRestNotFound(error)) return undefined;
      throw error;
    }
  };
}

/**
 * The post an earlier attempt made for this marker, if any. The recorded id (`hint`) is tried first and
 * accepted when the post carries the marker or still has the deal's slug (saving the post in the editor
 * drops the marker); otherwise WordPress is searched for the marker and the match confirmed exactly.
 */
export async function findPost(
  client: WordPressClient,
  getIfExists: GetIfExists,
  find: { marker: string; hint: number | undefined; slug: string },
  log: PublishLog,
  signal: AbortSignal,
): Promise<WpPost | undefined> {
  const { marker, hint, slug } = find;
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
