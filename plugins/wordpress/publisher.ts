/**
 * The WordPress publisher: photos to the media library (media.ts), the article as a block-editor post
 * (posts.ts), exactly once per deal (see marker.ts for how an earlier attempt's work is recognised in
 * WordPress itself); categories (categories.ts) and the doctor's checks (diagnose.ts). This file only wires
 * them to one site's client (client.ts).
 */
import type { Clock, Logger, Publisher } from '../../src/publisher/types.js';
import { createSiteCategories, type SiteCategory } from './categories.js';
import { createWordPressClient } from './client.js';
import { checkReachable, diagnose, isLocalUrl, type WordPressCheck } from './diagnose.js';
import { createGetIfExists } from './lookup.js';
import { createMediaLibrary } from './media.js';
import type { WordPressOptions } from './options.js';
import { createPosts } from './posts.js';
import { createTermResolver } from './terms.js';

/**
 * A publisher for one WordPress site. Beyond the contract's required part: the last look's `holdDraft` and
 * `discardDraft` (posts.ts), `diagnose` and `listCategories`.
 */
export interface WordPressPublisher extends Publisher {
  holdDraft: NonNullable<Publisher['holdDraft']>;
  discardDraft: NonNullable<Publisher['discardDraft']>;
  /** Thorough checks for `pressbridge doctor`: REST API, credentials, permissions, transport, categories. */
  diagnose(signal?: AbortSignal): Promise<WordPressCheck[]>;
  /** Every category of the site (`default: true` on the site's default one, when the user may read settings). */
  listCategories(signal?: AbortSignal): Promise<SiteCategory[]>;
}

export interface WordPressPublisherContext {
  log: Logger;
  fetch?: typeof fetch | undefined;
  /** The daemon's clock (a missing category is asked about again after a while by it); default: the system's. */
  clock?: Clock | undefined;
}

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
  const getIfExists = createGetIfExists(client);
  const categories = createSiteCategories({
    client,
    options,
    getIfExists,
    clock: context.clock ?? { now: () => new Date() },
  });
  const terms = createTermResolver({ client, options, categoryExists: categories.categoryExists });
  const media = createMediaLibrary({ client, getIfExists });
  const posts = createPosts({ client, options, getIfExists, categories, terms, media });

  if (!isLocalUrl(options.url)) {
    const protocol = new URL(options.url).protocol;
    if (protocol === 'http:') {
      context.log.warn(
        { site },
        'WordPress url is plain http: the Application Password travels unencrypted; use https',
      );
    }
  }

  return {
    kind: 'wordpress',
    target: site,
    publish: posts.publish,
    createDraft: posts.createDraft,
    holdDraft: posts.holdDraft,
    discardDraft: posts.discardDraft,
    checkReachable: (signal) => checkReachable(client, signal),
    listCategories: categories.listCategories,
    diagnose: (signal) => diagnose({ client, options, categories, fetch: context.fetch }, signal),
  };
}
