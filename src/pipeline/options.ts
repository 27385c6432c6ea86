/**
 * What the pipeline can be told. `PipelineSettings` is plain data (a zod schema, so the config file can carry
 * it); `PipelineOptions` adds what only code can give: the blogs' publishers, a fetch and a clock.
 */
import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { BlogConfig } from '../config/schema.js';
import { AppError } from '../errors.js';
import type { Publisher } from '../publisher/types.js';
import { DEFAULT_MAX_INPUT_PIXELS, DEFAULT_MAX_WIDTH, DEFAULT_QUALITY } from '../render/images.js';
import type { RenderSettingsInput } from '../render/limits.js';

export const PipelineSettings = z.object({
  images: z
    .object({
      /** Wider photos are scaled down to this width, smaller ones never enlarged. */
      maxWidth: z.number().int().min(16).max(10_000).default(DEFAULT_MAX_WIDTH),
      format: z.enum(['jpeg', 'webp']).default('jpeg'),
      quality: z.number().int().min(1).max(100).default(DEFAULT_QUALITY),
      /** JPEG encoding: `fast` (baseline, ~150 ms per 12 MP photo) or `compact` (mozjpeg, ~20 % smaller, ~2× slower). */
      encoder: z.enum(['fast', 'compact']).default('fast'),
      /** Photos with more pixels are refused (decompression bombs). */
      maxInputPixels: z.number().int().positive().default(DEFAULT_MAX_INPUT_PIXELS),
    })
    .prefault({}),
  verify: z
    .object({
      /** First pause after the public URL did not answer 200; doubles up to `maxBackoffMs`. */
      initialBackoffMs: z.number().int().min(1).default(1_000),
      maxBackoffMs: z.number().int().min(1).default(30_000),
      /** One GET of the public URL. */
      requestTimeoutMs: z.number().int().min(100).default(10_000),
    })
    .prefault({}),
  handIn: z
    .object({
      /** Pause after 422 `clanek_nedostupny`; doubles up to `maxBackoffMs`. */
      initialBackoffMs: z.number().int().min(1).default(5_000),
      maxBackoffMs: z.number().int().min(1).default(60_000),
      /** Hand-in tries within one job attempt before the job's own retry (with its backoff) takes over. */
      triesPerAttempt: z.number().int().min(1).max(20).default(4),
      /**
       * Hand in after our reading of the deadline when the marketplace says it still waits for the article
       * (`GET /v1/deals/{id}`: `akceptovano`, no URL). Off: such a deal ends `deadline_missed` instead.
       */
      afterDeadline: z.boolean().default(true),
    })
    .prefault({}),
  /** How long fetched text and normalised photos are kept in Redis for a retry. */
  filesTtlSeconds: z
    .number()
    .int()
    .min(60)
    .default(24 * 3600),
  /** Keep working this long after the deal's deadline; keep it equal to the worker's `approvalGraceMs`. */
  deadlineGraceMs: z.number().int().min(0).default(0),
  /** A draft's brief includes the keyword URLs, which cost one `GET /v1/deals/{id}`. */
  draftDetail: z.boolean().default(true),
});
/** Plain-data settings; every field has a default. */
export type PipelineSettings = z.infer<typeof PipelineSettings>;
export type PipelineSettingsInput = z.input<typeof PipelineSettings>;

/** A configured blog and the publisher built for it at start-up. */
export interface ResolvedBlog {
  blog: BlogConfig;
  publisher: Publisher;
}

export interface PipelineOptions {
  /** The blog's configuration and publisher; `undefined` when the blog id is not configured. */
  resolveBlog(blogId: number): ResolvedBlog | undefined;
  /** Partial settings; the rest take their defaults (see `PipelineSettings`). */
  settings?: PipelineSettingsInput;
  /** Render limits and threads (config `render`; see src/render/limits.ts). */
  render?: RenderSettingsInput;
  /** Used to GET the public URL (default: the global fetch, looked up per call). */
  fetch?: typeof fetch;
  /** Default: the system clock. */
  clock?: Clock;
}

/**
 * `resolveBlog` over the configured blogs and the publishers created for them (keyed by blog id). A configured
 * blog without a publisher is a start-up fault, reported as such rather than as "not configured".
 */
export function blogResolver(
  blogs: readonly BlogConfig[],
  publishers: ReadonlyMap<number, Publisher>,
): PipelineOptions['resolveBlog'] {
  const byId = new Map(blogs.map((blog) => [blog.id, blog]));
  return (blogId) => {
    const blog = byId.get(blogId);
    if (!blog) return undefined;
    const publisher = publishers.get(blogId);
    if (!publisher) {
      throw new AppError(
        'publisher_missing',
        `Blog ${blogId} is configured with publisher "${blog.publisher}", but no publisher was started for it; ` +
          'check the start-up log for the plugin error and restart pressbridge',
      );
    }
    return { blog, publisher };
  };
}
