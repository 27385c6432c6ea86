/**
 * What the pipeline keeps in the deal record's `data`, typed and validated: its schema is the pipeline's part of
 * src/deals/data.ts (one sub-schema per owner). The record's fields say how far a deal got (see
 * ./resume-point.ts); the publisher plugin's own progress stays opaque (`publisher`), and the marketplace's
 * stored answer (`marketplaceCheck`) belongs to src/deals/verdict.ts.
 *
 * Read leniently, as before: a field that does not match its schema reads as absent, never as an error, so a
 * record written by an older version (or edited by hand) resumes from the earliest point it still proves.
 */
import type { z } from 'zod';
import { LatenessData, PipelineData } from '../deals/data.js';
import type { PublisherProgress } from '../publisher/types.js';

/**
 * The pipeline's view of `data`: its own progress (src/deals/data.ts `PipelineData`) and the late window the
 * verdict granted (owned by src/deals/verdict.ts, read here to know the run is late).
 */
export const PipelineProgress = PipelineData.extend({ late: LatenessData.shape.late });
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
