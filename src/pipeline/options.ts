/**
 * What the pipeline can be told. `PipelineSettings` is plain data (a zod schema, so the config file can carry
 * it); `PipelineOptions` adds what only code can give: the blogs' publishers, the render pool, a fetch and a clock.
 */
import type { Clock } from '../clock.js';
import type { BlogConfig } from '../config/schema.js';
import { AppError } from '../errors.js';
import { createTranslator } from '../i18n/index.js';
import type { Publisher } from '../publisher/types.js';
import type { RenderSettingsInput } from '../render/limits.js';
import type { RenderPool } from '../render/pool.js';
import type { PipelineSettingsInput } from './settings.js';

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
  /** Render limits (config `render`; see src/render/limits.ts); the threads are the pool's. */
  render?: RenderSettingsInput;
  /** The render threads (src/render/pool.ts), made and closed by the composition root. */
  renderPool: RenderPool;
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
      const said = {
        key: 'deal.error.publisher_missing',
        params: { blog: String(blogId), publisher: blog.publisher },
      };
      throw new AppError('publisher_missing', createTranslator('en').say(said), { phrase: said });
    }
    return { blog, publisher };
  };
}
