/**
 * A render thread (see pool.ts): parses, sanitises and renders one article off the daemon's event loop, and
 * reads the facts of a live page for the article watcher (`readPage`). Tells the pool when it starts, so the
 * time budget counts the work, not a wait for a free thread.
 */
import type { MessagePort } from 'node:worker_threads';
import type { Phrase } from '../errors.js';
import { articleLinks } from './article-links.js';
import { parseArticle } from './html.js';
import { RenderLimitError, type RenderLimitName, type RenderLimits } from './limits.js';
import { type LivePageFacts, readLivePage } from './page-facts.js';
import { type ArticlePolicy, applyPolicy } from './policy.js';
import type { Article } from './types.js';

export interface RenderTask {
  html: string;
  photoNumbers: number[];
  limits: RenderLimits;
  /** Gets one message, 'started', when this thread takes the task. */
  started: MessagePort;
  /** Applied to the parsed article here, so the link rewrite does not run on the daemon's event loop either. */
  policy?: ArticlePolicy;
}

/** A refusal travels as data: class and fields of a thrown error do not survive the thread boundary. */
export type RenderReply =
  | { ok: true; article: Article }
  | { ok: false; limit: RenderLimitName; message: string; phrase?: Phrase | undefined };

export default function renderTask(task: RenderTask): RenderReply {
  task.started.postMessage('started');
  task.started.close();
  try {
    const article = parseArticle(task.html, { photoNumbers: task.photoNumbers, limits: task.limits });
    const published = task.policy === undefined ? article : applyPolicy(article, task.policy);
    return { ok: true, article: { ...published, links: articleLinks(published) } };
  } catch (error) {
    if (error instanceof RenderLimitError) {
      return { ok: false, limit: error.limit, message: error.message, phrase: error.phrase };
    }
    throw error;
  }
}

export interface PageTask {
  /** The live page as read (at most `watch.maxBytes`). */
  html: string;
  /** The hrefs whose presence is asked. */
  links: string[];
  /** Texts of the advertiser's links, to find one whose href changed (./page-facts.ts). */
  texts?: string[];
  /** The disclosure label as published. */
  label?: string;
  /** Gets one message, 'started', when this thread takes the task. */
  started: MessagePort;
}

/** The named task `readPage` (piscina's `name` option): the watcher's parse of a live page. */
export function readPage(task: PageTask): LivePageFacts {
  task.started.postMessage('started');
  task.started.close();
  return readLivePage(task.html, {
    links: task.links,
    ...(task.texts ? { texts: task.texts } : {}),
    ...(task.label !== undefined ? { label: task.label } : {}),
  });
}
