/**
 * Step 1, decide: whether pressbridge publishes the deal at all. Pure: it reads the `deal.accepted` payload
 * (or, after the text arrived, the text's own flags) and the blog's configuration, and calls nothing.
 */

import type { BlogConfig } from '../config/schema.js';
import type { DealLogMessage } from '../deals/log-messages.js';
import type { Phrase } from '../errors.js';
import { createTranslator } from '../i18n/index.js';
import type { PublishedBy } from '../marketplace/schema.js';

export type SkipReason = 'instant_publish' | 'published_by_placla' | 'published_by_bloger';

export type Decision =
  /** The marketplace publishes the article itself, or the blogger does by hand: record it, do nothing. */
  | { kind: 'skip'; reason: SkipReason; message: DealLogMessage }
  /** The blogger writes by hand, and the blog asked for a draft holding the brief. */
  | { kind: 'draft' }
  /** pressbridge publishes, verifies and hands in the URL. */
  | { kind: 'publish' }
  /** The deal needs the blog's publisher, and the blog is not in the configuration. */
  | { kind: 'unknown_blog'; message: string; said: Phrase };

export interface DecisionInput {
  dealId: number;
  blogId: number;
  blogName?: string | undefined;
  instantPublish: boolean;
  publishedBy: PublishedBy;
}

/**
 * The decision table (issue "The pipeline", step 1):
 *
 * | instant_publish | published_by | blog configured | → |
 * |---|---|---|---|
 * | true            | any          | any             | skip (the marketplace publishes) |
 * | false           | placla       | any             | skip (the marketplace publishes) |
 * | false           | bloger       | no              | skip (the blogger publishes by hand; nothing to draft into) |
 * | false           | bloger       | yes, `skip`     | skip |
 * | false           | bloger       | yes, `draft`    | draft |
 * | false           | agent        | no              | unknown_blog (fails, permanent) |
 * | false           | agent        | yes             | publish |
 */
export function decide(
  input: DecisionInput,
  blog: Pick<BlogConfig, 'bloggerPublished'> | undefined,
): Decision {
  if (input.instantPublish) {
    return {
      kind: 'skip',
      reason: 'instant_publish',
      message: 'the marketplace publishes this article itself (instant_publish); nothing to do',
    };
  }
  if (input.publishedBy === 'placla') {
    return {
      kind: 'skip',
      reason: 'published_by_placla',
      message: 'the marketplace publishes this article itself (published_by: placla); nothing to do',
    };
  }
  if (input.publishedBy === 'bloger') {
    if (blog?.bloggerPublished === 'draft') return { kind: 'draft' };
    return {
      kind: 'skip',
      reason: 'published_by_bloger',
      message:
        blog === undefined
          ? 'the blogger publishes this article by hand (published_by: bloger); the blog is not configured, so no draft is made'
          : 'the blogger publishes this article by hand (published_by: bloger); set bloggerPublished: draft on the blog to get a draft with the brief',
    };
  }
  if (blog === undefined) {
    const said = unknownBlogPhrase(input);
    return { kind: 'unknown_blog', message: createTranslator('en').say(said), said };
  }
  return { kind: 'publish' };
}

/** What to do about a deal for a blog the config does not have (the catalog's `deal.error.unknown_blog`). */
export function unknownBlogPhrase(input: Pick<DecisionInput, 'dealId' | 'blogId' | 'blogName'>): Phrase {
  const name = input.blogName ? ` ("${input.blogName}")` : '';
  return {
    key: 'deal.error.unknown_blog',
    params: { deal: String(input.dealId), blog: String(input.blogId), name },
  };
}
