/**
 * A logger for one deal: pino (stdout) and the deal log (status page) at once. It takes the deal log's fixed
 * messages (./log-messages.ts), which the status page says in the blogger's language; values go in the fields.
 * A field whose value is our words (an error's, a network reason) may carry its phrase beside it (`said`, kept
 * in the entry's params under the field's name): the status page and `pressbridge deal` say it instead of the
 * value, which stays English for pino.
 */
import type { Phrase, Said } from '../errors.js';
import type { Logger } from '../logger.js';
import type { DealLogMessage } from './log-messages.js';
import type { DealStore } from './record.js';

type LogLevelName = 'debug' | 'info' | 'warn' | 'error';

/** The phrases of some of a line's field values, by the field's name. */
export type FieldsSaid = Readonly<Record<string, Phrase>>;

/** The phrases among `values` (a text as it came, or none, is left to the field's own value). */
export function fieldsSaid(values: Readonly<Record<string, Said | undefined>>): FieldsSaid {
  return Object.fromEntries(
    Object.entries(values).filter((pair): pair is [string, Phrase] => typeof pair[1] === 'object'),
  );
}

type LogMethod = {
  (msg: DealLogMessage): void;
  (fields: Record<string, unknown>, msg: DealLogMessage, said?: FieldsSaid): void;
};

export interface DealLogger {
  readonly dealId: number;
  /** The pino child (bound to dealId/blogId), for code that wants pino itself. */
  readonly pino: Logger;
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
  /**
   * A line written elsewhere (a plugin's `PublishLog`), with its catalog key when the caller knows one: without,
   * the deal log shows it as written.
   */
  line(
    level: LogLevelName,
    fields: Record<string, unknown>,
    msg: string,
    key: string | undefined,
    said?: FieldsSaid,
  ): void;
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

  const line: DealLogger['line'] = (level, fields, msg, key, said = {}) => {
    pinoLog[level](fields, msg);
    if (level === 'debug' && !pinoLog.isLevelEnabled('debug')) return;
    const write = store
      .appendLog(dealId, {
        level,
        msg,
        fields,
        ...(key !== undefined ? { key } : {}),
        ...(Object.keys(said).length > 0 ? { params: said } : {}),
        ...(blogId !== undefined ? { blogId } : {}),
      })
      .catch((error: unknown) => {
        pinoLog.warn({ err: (error as Error)?.message ?? String(error) }, 'deal log write failed');
      })
      .finally(() => pending.delete(write));
    pending.add(write);
  };
  // A fixed message: the journal stores it with its key (./log-messages.ts).
  const method =
    (level: LogLevelName): LogMethod =>
    (a: DealLogMessage | Record<string, unknown>, b?: DealLogMessage, said?: FieldsSaid) => {
      const fields = typeof a === 'string' ? {} : a;
      const msg = typeof a === 'string' ? a : (b ?? '');
      line(level, fields, msg, undefined, said);
    };

  return {
    dealId,
    pino: pinoLog,
    line,
    debug: method('debug'),
    info: method('info'),
    warn: method('warn'),
    error: method('error'),
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
