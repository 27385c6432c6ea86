/**
 * The render pool: articles are parsed, sanitised and rendered in worker threads (piscina), never on the event
 * loop that serves the webhook, the status page and `/healthz`. A hostile text can cost a render thread its time
 * budget at most: past it the thread is ended (and replaced) and the deal fails with a RenderLimitError naming
 * the limit. The article watcher reads live pages in the same threads, within the same budget.
 *
 * One pool a process: the composition root creates it (`createRenderPool`, src/main.ts), hands it to the pipeline
 * and the watcher, and closes it at shutdown.
 *
 * Piscina over tinypool: it ends the thread of an aborted running task (what the time budget needs), queues
 * tasks, replaces dead threads, and is maintained by Node.js core contributors.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { checkTextSize, RenderLimitError, type RenderLimits } from './limits.js';
import type { LivePageFacts } from './page-facts.js';
import type { ArticlePolicy } from './policy.js';
import type { PageTask, RenderReply, RenderTask } from './render-worker.js';
import type { Article } from './types.js';

/**
 * From source (tsx, vitest) the thread loads the TypeScript module through a shim that registers tsx; from
 * dist/ (`npm run build`) it loads the compiled module next to this one.
 */
export function workerFile(moduleUrl: string = import.meta.url): string {
  const fromSource = moduleUrl.endsWith('.ts');
  return new URL(fromSource ? './render-worker-dev.mjs' : './render-worker.js', moduleUrl).href;
}

type ThreadTask = RenderTask | PageTask;
type ThreadReply = RenderReply | LivePageFacts;

const OUT_OF_TIME = Symbol('out of time');

export interface IsolatedRenderOptions {
  photoNumbers: readonly number[];
  limits: RenderLimits;
  /** The blog's disclosure label and link policy, applied in the thread too (src/render/policy.ts). */
  policy?: ArticlePolicy;
}

export interface PageReadOptions {
  /** The hrefs whose presence is asked. */
  links: readonly string[];
  /** Texts of the advertiser's links, to find one whose href changed. */
  texts?: readonly string[];
  /** The disclosure label as published, to tell whether it is still on the page. */
  label?: string;
  /** Wall time of the read in a thread (the render time budget, `render.limits.timeBudgetMs`). */
  timeBudgetMs: number;
}

export type PageRead = { ok: true; facts: LivePageFacts } | { ok: false; limit: 'timeBudgetMs' };

/** The render threads of one process: created by the composition root (src/main.ts), closed at its shutdown. */
export interface RenderPool {
  /** `parseArticle` (and the blog's policy) in a render thread, within the limits. */
  parseArticle(html: string, options: IsolatedRenderOptions): Promise<Article>;
  /** The watcher's read of a live page (`readLivePage`, ./page-facts.ts) in a render thread, within the time budget. */
  readPage(html: string, options: PageReadOptions): Promise<PageRead>;
  /** Ends the render threads; a later task starts new ones. */
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** Threads at most (config `render.threads`); they start with the first task. */
  threads: number;
}

export function createRenderPool(options: RenderPoolOptions): RenderPool {
  let pool: Piscina<ThreadTask, ThreadReply> | undefined;

  function threads(): Piscina<ThreadTask, ThreadReply> {
    pool ??= new Piscina<ThreadTask, ThreadReply>({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: options.threads,
      // Threads stay warm between deals for a while, then go (a deal is rendered every few minutes at most).
      idleTimeout: 60_000,
    });
    return pool;
  }

  /**
   * One task in a render thread, ended (with its thread) `budgetMs` after the thread took it. `name` is the
   * worker module's export that runs it; its reply type is the caller's to name (piscina cannot tell).
   */
  async function runBudgeted<Reply extends ThreadReply>(
    name: 'default' | 'readPage',
    task: (started: MessagePort) => ThreadTask,
    budgetMs: number,
  ): Promise<Reply | typeof OUT_OF_TIME> {
    const { port1, port2 } = new MessageChannel();
    const budget = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => budget.abort(), budgetMs);
    });
    try {
      return (await threads().run(task(port2), {
        name,
        transferList: [port2],
        signal: budget.signal,
      })) as Reply;
    } catch (error) {
      if (budget.signal.aborted) return OUT_OF_TIME;
      throw error;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  return {
    async parseArticle(html, { limits, photoNumbers, policy }) {
      // Refused before the text is even copied to a thread.
      checkTextSize(html, limits);
      const reply = await runBudgeted<RenderReply>(
        'default',
        (started) => ({
          html,
          photoNumbers: [...photoNumbers],
          limits,
          started,
          ...(policy === undefined ? {} : { policy }),
        }),
        limits.timeBudgetMs,
      );
      if (reply === OUT_OF_TIME) throw RenderLimitError.time(limits.timeBudgetMs);
      if (!reply.ok) throw new RenderLimitError(reply.limit, reply.message, reply.phrase);
      return reply.article;
    },
    async readPage(html, { links, texts, label, timeBudgetMs }) {
      const facts = await runBudgeted<LivePageFacts>(
        'readPage',
        (started) => ({
          html,
          links: [...links],
          ...(texts ? { texts: [...texts] } : {}),
          ...(label !== undefined ? { label } : {}),
          started,
        }),
        timeBudgetMs,
      );
      return facts === OUT_OF_TIME ? { ok: false, limit: 'timeBudgetMs' } : { ok: true, facts };
    },
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}
