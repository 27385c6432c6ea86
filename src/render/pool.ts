/**
 * The render pool: articles are parsed, sanitised and rendered in worker threads (piscina), never on the event
 * loop that serves the webhook, the status page and `/healthz`. A hostile text can cost a render thread its time
 * budget at most: past it the thread is ended (and replaced) and the deal fails with a RenderLimitError naming
 * the limit.
 *
 * Piscina over tinypool: it ends the thread of an aborted running task (what the time budget needs), queues
 * tasks, replaces dead threads, and is maintained by Node.js core contributors.
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { checkTextSize, RenderLimitError, type RenderLimits } from './limits.js';
import type { ArticlePolicy } from './policy.js';
import type { RenderReply, RenderTask } from './render-worker.js';
import type { Article } from './types.js';

/**
 * From source (tsx, vitest) the thread loads the TypeScript module through a shim that registers tsx; from
 * dist/ (`npm run build`) it loads the compiled module next to this one.
 */
export function workerFile(moduleUrl: string = import.meta.url): string {
  const fromSource = moduleUrl.endsWith('.ts');
  return new URL(fromSource ? './render-worker-dev.mjs' : './render-worker.js', moduleUrl).href;
}

let pool: Piscina<RenderTask, RenderReply> | undefined;

function renderPool(threads: number): Piscina<RenderTask, RenderReply> {
  pool ??= new Piscina<RenderTask, RenderReply>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: threads,
    // Threads stay warm between deals for a while, then go (a deal is rendered every few minutes at most).
    idleTimeout: 60_000,
  });
  return pool;
}

export interface IsolatedRenderOptions {
  photoNumbers: readonly number[];
  limits: RenderLimits;
  /** Threads of the pool, fixed when it is first created. */
  threads: number;
  /** The blog's disclosure label and link policy, applied in the thread too (src/render/policy.ts). */
  policy?: ArticlePolicy;
}

/** `parseArticle` (and the blog's policy) in a render thread, within the limits. */
export async function parseArticleIsolated(html: string, options: IsolatedRenderOptions): Promise<Article> {
  const { limits } = options;
  // Refused before the text is even copied to a thread.
  checkTextSize(html, limits);
  const { port1, port2 } = new MessageChannel();
  const budget = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  port1.once('message', () => {
    timer = setTimeout(() => budget.abort(), limits.timeBudgetMs);
  });
  try {
    const reply = await renderPool(options.threads).run(
      {
        html,
        photoNumbers: [...options.photoNumbers],
        limits,
        started: port2,
        ...(options.policy === undefined ? {} : { policy: options.policy }),
      },
      { transferList: [port2], signal: budget.signal },
    );
    if (!reply.ok) throw new RenderLimitError(reply.limit, reply.message);
    return reply.article;
  } catch (error) {
    if (budget.signal.aborted) throw RenderLimitError.time(limits.timeBudgetMs);
    throw error;
  } finally {
    clearTimeout(timer);
    port1.close();
  }
}

/** Ends the render threads (daemon shutdown). */
export async function closeRenderPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
