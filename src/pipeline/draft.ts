/**
 * For `published_by: "bloger"` on a blog with `bloggerPublished: draft`: a draft post holding the brief, for
 * the blogger to write. The keyword URLs are only in the deal detail, so the draft costs one
 * `GET /v1/deals/{id}` (unless `draftDetail` is off); when that fails, the brief from `deal.accepted` is used.
 */

import type { AcceptedDeal } from '../deals/accepted.js';
import { errorMessage } from '../errors.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type {
  DraftResult,
  PublishDeal,
  Publisher,
  PublisherProgress,
  PublishLog,
} from '../publisher/types.js';
import { parseFragmentBlocks } from '../render/html.js';
import { slugify } from '../render/slug.js';
import { type BriefDemand, briefHtml, briefSource, draftTitle } from './brief.js';

export interface DraftStepInput {
  client: Pick<MarketplaceClient, 'getDeal'>;
  publisher: Pick<Publisher, 'createDraft'>;
  event: AcceptedDeal;
  deal: PublishDeal;
  fetchDetail: boolean;
  previous: PublisherProgress;
  progress(patch: PublisherProgress): Promise<void>;
  log: PublishLog;
  signal: AbortSignal;
}

export async function createBriefDraft(
  input: DraftStepInput,
): Promise<DraftResult & { title: string; detail: boolean }> {
  let detail: BriefDemand | undefined;
  if (input.fetchDetail) {
    try {
      detail = (await input.client.getDeal(input.deal.dealId, { signal: input.signal, priority: 'normal' }))
        .demand;
    } catch (error) {
      if (input.signal.aborted) throw error;
      input.log.warn(
        { err: errorMessage(error) },
        'the deal detail (keyword URLs) could not be fetched; the draft holds the brief from deal.accepted',
      );
    }
  }
  // Only a deadline the marketplace stated (Prague wall clock); a hand-published deal may have none.
  const stated = input.event.publish_deadline;
  const source = briefSource(input.event, detail, stated ? `${stated} (Praha)` : undefined);
  const title = draftTitle(source);
  const html = briefHtml(source);
  const result = await input.publisher.createDraft({
    deal: input.deal,
    title,
    briefHtml: html,
    brief: parseFragmentBlocks(html),
    slug: slugify(title),
    previous: input.previous,
    progress: input.progress,
    log: input.log,
    signal: input.signal,
  });
  return { ...result, title, detail: detail !== undefined };
}
