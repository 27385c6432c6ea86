/**
 * One check of a live article (pure of Redis and the deal store): GET it (./fetch-page.ts), asked again after
 * `retryMs` when it does not answer 200, then read the page in a render thread (src/render/pool.ts) and compare
 * its links with the stored ones (./links.ts). What it finds:
 *
 * - a refusal (401, 403, 407, 429) → `refused`: nothing is known about the article;
 * - no 200 (also after the retry; a refused redirect included) → problem `gone`;
 * - a page that cannot be read within the limits → `unreadable`: nothing is known either. The read runs in a
 *   render thread within the render time budget, so a hostile page (a theme's or an ad's markup) costs a thread
 *   that budget at most, never the daemon's event loop; a page longer than `watch.maxBytes` is read up to it,
 *   and links missing from that part are unknown, not lost (a false alarm would tell the blogger to act);
 * - links missing → problem `links`; else fine.
 */
import type { Clock } from '../clock.js';
import type { PageRead } from '../render/pool.js';
import type { ArticleCheck } from './check-record.js';
import { fetchPage, type PageAnswer } from './fetch-page.js';
import { missingLinks } from './links.js';

/** Answers that refuse the check rather than tell about the article. */
const REFUSALS: ReadonlySet<number> = new Set([401, 403, 407, 429]);

export interface InspectorOptions {
  /** Time of the check, and the pause before the confirming GET. */
  clock: Clock;
  fetch: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
  retryMs: number;
  /** The watcher's current abort signal (a new one after each start). */
  signal: () => AbortSignal;
  /** The page's facts, read off the event loop (src/render/pool.ts `RenderPool.readPage`). */
  readPage: (html: string, links: readonly string[]) => Promise<PageRead>;
  /** The time budget the read runs within, for the detail of an `unreadable` check. */
  timeBudgetMs: number;
}

export function createInspector(options: InspectorOptions) {
  async function answerOf(url: string): Promise<PageAnswer> {
    const fetchOptions = {
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      fetch: options.fetch,
      signal: options.signal(),
    };
    const first = await fetchPage(url, fetchOptions);
    if (first.status === 200) return first;
    if (options.retryMs > 0) await options.clock.sleep(options.retryMs, options.signal());
    return await fetchPage(url, fetchOptions);
  }

  return async function inspect(url: string, links: readonly string[]): Promise<ArticleCheck> {
    const answer = await answerOf(url);
    const base = {
      at: options.clock.now().toISOString(),
      status: answer.status,
      missing: [],
      links: links.length,
    };
    if (REFUSALS.has(answer.status)) {
      return { ...base, ok: false, refused: true, detail: `HTTP ${answer.status}` };
    }
    if (answer.status !== 200 || answer.html === undefined) {
      return { ...base, ok: false, problem: 'gone', detail: answer.error ?? `HTTP ${answer.status}` };
    }
    const read = await options.readPage(answer.html, links);
    if (!read.ok) {
      const detail = `the page could not be read within ${options.timeBudgetMs} ms (render.limits.timeBudgetMs)`;
      return { ...base, ok: false, unreadable: true, detail };
    }
    const missing = missingLinks(links, read.facts.links);
    if (missing.length === 0) return { ...base, ok: true, detail: 'HTTP 200' };
    if (answer.truncated) {
      const detail = `only the first ${options.maxBytes} bytes of the page were read (watch.maxBytes) and ${missing.length} of the links were not in them`;
      return { ...base, ok: false, unreadable: true, detail };
    }
    return { ...base, ok: false, missing, problem: 'links', detail: missing.join(' ') };
  };
}
