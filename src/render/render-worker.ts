/**
 * A render thread (see pool.ts): parses, sanitises and renders one article off the daemon's event loop. Tells
 * the pool when it starts, so the time budget counts the work, not a wait for a free thread.
 */
import type { MessagePort } from 'node:worker_threads';
import { parseArticle } from './html.js';
import { RenderLimitError, type RenderLimitName, type RenderLimits } from './limits.js';
import type { Article } from './types.js';

export interface RenderTask {
  html: string;
  photoNumbers: number[];
  limits: RenderLimits;
  /** Gets one message, 'started', when this thread takes the task. */
  started: MessagePort;
}

/** A refusal travels as data: class and fields of a thrown error do not survive the thread boundary. */
export type RenderReply =
  | { ok: true; article: Article }
  | { ok: false; limit: RenderLimitName; message: string };

export default function renderTask(task: RenderTask): RenderReply {
  task.started.postMessage('started');
  task.started.close();
  try {
    return {
      ok: true,
      article: parseArticle(task.html, { photoNumbers: task.photoNumbers, limits: task.limits }),
    };
  } catch (error) {
    if (error instanceof RenderLimitError) return { ok: false, limit: error.limit, message: error.message };
    throw error;
  }
}
