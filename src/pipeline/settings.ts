/**
 * The pipeline's plain-data settings (a zod schema, so the config file can carry them). Apart from
 * options.ts so that src/config/schema.ts can embed them without importing the pipeline's wiring (which needs
 * the config's BlogConfig type back).
 */
import { z } from 'zod';
import { PUBLISH_NEEDS_MS } from '../deals/look.js';
import { DEFAULT_MAX_INPUT_PIXELS, DEFAULT_MAX_WIDTH, DEFAULT_QUALITY } from '../render/images.js';

export const PipelineSettings = z.object({
  images: z
    .object({
      maxWidth: z
        .number()
        .int()
        .min(16)
        .max(10_000)
        .default(DEFAULT_MAX_WIDTH)
        .describe('Wider photos are scaled down to this width, smaller ones never enlarged.'),
      format: z.enum(['jpeg', 'webp']).default('jpeg').describe('The format photos are re-encoded to.'),
      quality: z.number().int().min(1).max(100).default(DEFAULT_QUALITY).describe('Encoder quality.'),
      encoder: z
        .enum(['fast', 'compact'])
        .default('fast')
        .describe(
          'JPEG encoding: `fast` (baseline, ~150 ms per 12 MP photo) or `compact` (mozjpeg, ~20 % smaller, ~2× slower).',
        ),
      maxInputPixels: z
        .number()
        .int()
        .positive()
        .default(DEFAULT_MAX_INPUT_PIXELS)
        .describe('Photos with more pixels are refused (decompression bombs).'),
    })
    .prefault({}),
  verify: z
    .object({
      initialBackoffMs: z
        .number()
        .int()
        .min(1)
        .default(1_000)
        .describe('First pause after the public URL did not answer 200; doubles up to `maxBackoffMs`.'),
      maxBackoffMs: z.number().int().min(1).default(30_000).describe('The longest pause between two GETs.'),
      requestTimeoutMs: z.number().int().min(100).default(10_000).describe('One GET of the public URL.'),
    })
    .prefault({}),
  handIn: z
    .object({
      initialBackoffMs: z
        .number()
        .int()
        .min(1)
        .default(5_000)
        .describe('Pause after 422 `clanek_nedostupny`; doubles up to `maxBackoffMs`.'),
      maxBackoffMs: z
        .number()
        .int()
        .min(1)
        .default(60_000)
        .describe('The longest pause between two hand-in tries.'),
      triesPerAttempt: z
        .number()
        .int()
        .min(1)
        .max(20)
        .default(4)
        .describe(
          "Hand-in tries within one job attempt before the job's own retry (with its backoff) takes over.",
        ),
      afterDeadline: z
        .boolean()
        .default(true)
        .describe(
          'Hand in after our reading of the deadline when the marketplace says it still waits for the article (`GET /v1/deals/{id}`: `akceptovano`, no URL). Off: such a deal ends `deadline_missed` instead.',
        ),
    })
    .prefault({}),
  filesTtlSeconds: z
    .number()
    .int()
    .min(60)
    .default(24 * 3600)
    .describe('How long fetched text and normalised photos are kept in Redis for a retry.'),
  deadlineGraceMs: z
    .number()
    .int()
    .min(0)
    .default(0)
    .describe(
      "Keep working this long after the deal's deadline; keep it equal to the worker's `approvalGraceMs`.",
    ),
  draftDetail: z
    .boolean()
    .default(true)
    .describe("A draft's brief includes the keyword URLs, which cost one `GET /v1/deals/{id}`."),
  look: z
    .object({
      publishNeedsMs: z
        .number()
        .int()
        .min(0)
        .default(PUBLISH_NEEDS_MS)
        .describe(
          "The last look: a held deal's approve/refuse links expire this long before the deadline, the time " +
            'publishing needs after an approval (docs/decisions/0025-the-last-look.md).',
        ),
    })
    .prefault({})
    .describe("The last look at a deal before it goes live (the blog's `rules`)."),
});
/** Plain-data settings; every field has a default. */
export type PipelineSettings = z.infer<typeof PipelineSettings>;
export type PipelineSettingsInput = z.input<typeof PipelineSettings>;
