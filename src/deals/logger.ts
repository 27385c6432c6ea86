/** A logger for one deal: pino (stdout) and the deal log (status page) at once. */
import type { Logger } from '../logger.js';
import type { DealStore } from './record.js';

type LogMethod = {
  (msg: string): void;
  (fields: Record<string, unknown>, msg: string): void;
};

export interface DealLogger {
  readonly dealId: number;
  /** The pino child (bound to dealId/blogId), for code that wants pino itself. */
  readonly pino: Logger;
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
  /** Resolves when every write to the deal log so far has settled (tests, shutdown). */
  flush(): Promise<void>;
}

/**
 * Writes to pino and, fire-and-forget, to the deal log. A failing Redis write never fails the caller: it is
 * swallowed with one pino warning. Debug lines reach the deal log only when pino's level lets them through.
 */
export function createDealLogger(
  store: Pick<DealStore, 'appendLog'>,
  baseLogger: Logger,
  dealId: number,
  blogId?: number,
): DealLogger {
  const pinoLog = baseLogger.child(blogId === undefined ? { dealId } : { dealId, blogId });
  const pending = new Set<Promise<void>>();

  const method =
    (level: 'debug' | 'info' | 'warn' | 'error'): LogMethod =>
    (a: string | Record<string, unknown>, b?: string) => {
      const fields = typeof a === 'string' ? {} : a;
      const msg = typeof a === 'string' ? a : (b ?? '');
      pinoLog[level](fields, msg);
      if (level === 'debug' && !pinoLog.isLevelEnabled('debug')) return;
      const write = store
        .appendLog(dealId, { level, msg, fields, ...(blogId !== undefined ? { blogId } : {}) })
        .catch((error: unknown) => {
          pinoLog.warn({ err: (error as Error)?.message ?? String(error) }, 'deal log write failed');
        })
        .finally(() => pending.delete(write));
      pending.add(write);
    };

  return {
    dealId,
    pino: pinoLog,
    debug: method('debug'),
    info: method('info'),
    warn: method('warn'),
    error: method('error'),
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
