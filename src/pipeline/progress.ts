/**
 * What the pipeline keeps in the deal record's `data`, typed and validated. The record's fields say how far a
 * deal got (see ./resume-point.ts); the publisher plugin's own progress stays opaque (`publisher`), and the
 * marketplace's stored answer (`marketplaceCheck`) belongs to src/deals/lost.ts.
 *
 * Read leniently, as before: a field that does not match its schema reads as absent, never as an error, so a
 * record written by an older version (or edited by hand) resumes from the earliest point it still proves.
 */
import { z } from 'zod';
import type { PublisherProgress } from '../publisher/types.js';

const lenient = <T extends z.ZodTypeAny>(schema: T) => schema.optional().catch(undefined);

export const HandInProgress = z.object({
  articleUrl: z.string(),
  dealState: z.string(),
  via: z.enum(['answer', 'deal_detail']),
  tries: z.number(),
  late: z.boolean(),
});

export const DraftProgress = z
  .object({
    ref: z.string(),
    reused: lenient(z.boolean()),
    withKeywordUrls: lenient(z.boolean()),
    editUrl: lenient(z.string()),
  })
  .passthrough();

export const PipelineProgress = z.object({
  /** Set once the marketplace took the URL: the deal is done. */
  handedInAt: lenient(z.string()),
  handIn: lenient(HandInProgress),
  /** A draft holding the brief exists (published_by bloger, `bloggerPublished: draft`): the deal is done. */
  draft: lenient(DraftProgress),
  skipReason: lenient(z.string()),
  /** Set with the record's `url` once the article is published: a retry only verifies and hands in. */
  publishedAt: lenient(z.string()),
  publishReused: lenient(z.boolean()),
  verifiedAt: lenient(z.string()),
  /** The text's own flags (the marketplace's latest word). */
  deal: lenient(
    z.object({
      publishedBy: z.string(),
      instantPublish: z.boolean(),
      categoryId: z.number().nullable().optional(),
    }),
  ),
  article: lenient(z.object({ slug: z.string(), titleSource: z.string(), blocks: z.number() })),
  photos: lenient(
    z.array(z.object({ n: z.number(), filename: z.string(), width: z.number(), height: z.number() })),
  ),
  photosDropped: lenient(
    z.array(z.object({ n: z.number(), code: z.string(), message: z.string() })).nullable(),
  ),
  /** Handed in (or being handed in) after our deadline, because the marketplace said it still waits. */
  late: lenient(z.object({ since: z.string() })),
  /** The publisher plugin's progress: opaque to the pipeline (src/publisher/types.ts). */
  publisher: lenient(z.record(z.string(), z.unknown())),
});
export type PipelineProgress = z.infer<typeof PipelineProgress>;

/** A write to the record's `data`: each field replaces the stored one; `null` removes it. */
export type ProgressPatch = {
  [K in keyof PipelineProgress]?: NonNullable<PipelineProgress[K]> | null;
};

/** The pipeline's fields of a record's `data`, validated; fields that do not match read as absent. */
export function readProgress(data: Record<string, unknown> | undefined): PipelineProgress {
  return PipelineProgress.parse(data ?? {});
}

/** A typed patch for `store.update(dealId, { data })`. */
export function progressPatch(patch: ProgressPatch): Record<string, unknown> {
  return patch;
}

/** The plugin's stored progress, as the plugin gets it back. */
export function publisherProgressOf(progress: PipelineProgress): PublisherProgress {
  return { ...(progress.publisher ?? {}) };
}
