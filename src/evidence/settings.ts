import { z } from 'zod';

/**
 * `evidence:` in the config: what the article watcher keeps on disk, outside Redis, per deal (src/evidence/,
 * docs/watching.md "The evidence kept"): the checks that changed something, each with a SHA-256 of the fetched
 * page and a gzip copy of the article part at the hand-in and at every change. Bounded: per deal and in total;
 * the oldest snapshots of paid deals whose watch is over go first.
 */
export const EvidenceSettings = z.object({
  enabled: z
    .boolean()
    .default(true)
    .describe('Keep the evidence of each watched article on disk (the article watcher writes it).'),
  dir: z.string().optional().describe('Folder of the evidence. Absent: `<dataDir>/evidence`.'),
  maxDealBytes: z
    .number()
    .int()
    .min(64 * 1024)
    .max(1024 * 1024 * 1024)
    .default(2 * 1024 * 1024)
    .describe(
      "At most this much per deal: beyond it the deal's oldest snapshots (not the hand-in's, not the newest) are dropped.",
    ),
  maxTotalBytes: z
    .number()
    .int()
    .min(1024 * 1024)
    .max(1024 * 1024 * 1024 * 1024)
    .default(512 * 1024 * 1024)
    .describe(
      'At most this much in all: beyond it the oldest snapshots go, those of paid deals whose watch is over first.',
    ),
});
export type EvidenceSettings = z.infer<typeof EvidenceSettings>;
export type EvidenceSettingsInput = z.input<typeof EvidenceSettings>;
