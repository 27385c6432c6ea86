/**
 * The one error hierarchy of pressbridge. Every error carries a stable `code` and, where it matters, whether
 * retrying can help. Classification happens once, where an HTTP answer is read; the job boundary only maps
 * `retryable === false` to BullMQ's UnrecoverableError.
 */
/**
 * A sentence for the blogger made deep in the code (a plugin's check, an error that reaches the CLI or the status
 * page): a key of the message catalog (src/i18n/messages/) and its values, said in the reader's language by the
 * caller's translator (`t.say`). A value may itself be a phrase. The code that makes it keeps an English text
 * for the daemon's log; a key the catalog does not know is shown as that text.
 */
export interface Phrase {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number | Phrase>>;
}

/** What a check or a message says: a phrase, or a text as it came (a peer's own words, a name). */
export type Said = Phrase | string;

/**
 * A phrase as stored (JSON written by this or another release) read back, or undefined when it does not read as
 * one: a key and values, each a text, a number or such a phrase, at most `depth` deep. The reader then shows the
 * English stored beside it.
 */
export function storedPhrase(value: unknown, depth = 8): Phrase | undefined {
  if (depth <= 0 || typeof value !== 'object' || value === null) return undefined;
  const { key, params } = value as { key?: unknown; params?: unknown };
  if (typeof key !== 'string') return undefined;
  if (params === undefined) return { key };
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  const read: Record<string, string | number | Phrase> = {};
  for (const [name, param] of Object.entries(params)) {
    if (typeof param === 'string' || typeof param === 'number') read[name] = param;
    else {
      const inner = storedPhrase(param, depth - 1);
      if (inner === undefined) return undefined;
      read[name] = inner;
    }
  }
  return { key, params: read };
}

/** `storedPhrase`, or a stored text as it came. */
export function storedSaid(value: unknown): Said | undefined {
  return typeof value === 'string' ? value : storedPhrase(value);
}

/** An error's phrase, when it carries one (an `AppError` made with a phrase). */
export function errorPhrase(error: unknown): Phrase | undefined {
  return error instanceof AppError ? error.phrase : undefined;
}

export class AppError extends Error {
  readonly code: string;
  readonly retryable: boolean;
  /** The message for the blogger as a phrase (`message` stays English, for the log and `--json`). */
  readonly phrase: Phrase | undefined;

  constructor(
    code: string,
    message: string,
    options: { cause?: unknown; retryable?: boolean; phrase?: Phrase | undefined } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.phrase = options.phrase;
  }
}

/** An error as a blogger reads it: its phrase when it has one, else its message. */
export function errorSaid(error: unknown): Said {
  return errorPhrase(error) ?? errorMessage(error);
}

/** One readable line per problem: where, what was expected, what was found. */
export interface ConfigIssue {
  path: string;
  /** In English, for the log and `--json`. */
  message: string;
  /** The same for the blogger (src/config/issues.ts `configIssue` makes both); absent: `message` as it is. */
  said?: Said;
}

export class ConfigError extends AppError {
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[], source?: string) {
    const head = source ? `Invalid configuration in ${source}:` : 'Invalid configuration:';
    // The catalog's `config.*` (src/i18n/messages/config.ts) says the same frame, a line per issue.
    const lines = issues.reduceRight<Said>(
      (rest, issue) => ({
        key: 'config.issue.line',
        params: { path: issue.path || { key: 'config.issue.root' }, said: issue.said ?? issue.message, rest },
      }),
      '',
    );
    const phrase: Phrase = source
      ? { key: 'config.invalid_in', params: { source, lines } }
      : { key: 'config.invalid', params: { lines } };
    super(
      'config_invalid',
      [head, ...issues.map((i) => `  - ${i.path || '(root)'}: ${i.message}`)].join('\n'),
      { phrase },
    );
    this.issues = issues;
  }
}

export class SignatureError extends AppError {
  constructor(code: 'signature_missing' | 'signature_invalid', message: string) {
    super(code, message);
  }
}

/** The daemon's listeners: the status page (also the setup page and the health routes) and the webhook. */
export type ListenerName = 'status' | 'webhook';

/**
 * A listener could not take its address: the port is taken (`port_in_use`) or not allowed (`port_not_allowed`,
 * below 1024 without the permission). The CLI words it in the blogger's language with the ways to choose
 * another port (src/config/listeners.ts); the message here is the log's.
 */
export class ListenError extends AppError {
  readonly listener: ListenerName;
  readonly address: string;
  readonly port: number;

  constructor(init: { listener: ListenerName; address: string; port: number; cause: unknown }) {
    const inUse = (init.cause as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
    const where = `${init.address}:${init.port}`;
    super(
      inUse ? 'port_in_use' : 'port_not_allowed',
      inUse
        ? `the ${init.listener} listener's address ${where} is already in use`
        : `not allowed to listen on ${where} (the ${init.listener} listener)`,
      { cause: init.cause },
    );
    this.listener = init.listener;
    this.address = init.address;
    this.port = init.port;
  }
}

/** An answer (or no answer) from the marketplace API, classified. */
export class MarketplaceError extends AppError {
  /** HTTP status; 0 when no answer arrived (network error, timeout). */
  readonly status: number;
  /** The marketplace's `support_code` (`PC-xxxxxx`), quoted when contacting its support. */
  readonly supportCode: string | undefined;
  readonly method: string;
  readonly path: string;
  /** Milliseconds the marketplace asked us to wait (Retry-After on a 429), when it said. */
  readonly retryAfterMs: number | undefined;
  /** What went wrong inside the frame, in English (`init.message`), and the same for the blogger. */
  readonly detail: string;
  readonly detailSaid: Said;

  constructor(init: {
    status: number;
    code: string;
    /** What went wrong: the marketplace's own words, or ours in English (with `hint` already appended). */
    message: string;
    /** The same for the blogger when it is ours: a phrase (default: `message` as it came). */
    said?: Said | undefined;
    /** What to do, as a phrase (its English is part of `message`). */
    hint?: Phrase | undefined;
    supportCode?: string | undefined;
    method: string;
    path: string;
    retryable: boolean;
    retryAfterMs?: number | undefined;
    cause?: unknown;
  }) {
    const where = `${init.method} ${init.path}`;
    const support = init.supportCode ? ` (support code ${init.supportCode})` : '';
    const status = init.status ? `${init.status} ` : '';
    // The catalog's `market.*` (src/i18n/messages/marketplace.ts) says the same frame in both languages.
    const phrase: Phrase = {
      key: 'market.failed',
      params: {
        where,
        status,
        code: init.code,
        message: init.said ?? init.message,
        hint: init.hint ? { key: 'market.hint', params: { hint: init.hint } } : '',
        support: init.supportCode ? { key: 'market.support', params: { code: init.supportCode } } : '',
      },
    };
    super(init.code, `Marketplace ${where} failed: ${status}${init.code}: ${init.message}${support}`, {
      cause: init.cause,
      retryable: init.retryable,
      phrase,
    });
    this.status = init.status;
    this.supportCode = init.supportCode;
    this.method = init.method;
    this.path = init.path;
    this.retryAfterMs = init.retryAfterMs;
    this.detail = init.message;
    this.detailSaid = init.said ?? init.message;
  }
}

/**
 * A peer's answer over its byte limit (src/http-body.ts): the read was stopped as soon as the limit was passed,
 * or not started when the answer declared a longer length. Permanent: the same request gets the same answer.
 * Each caller that classifies its peer's answers wraps it in its own error (the marketplace's
 * `response_too_large`, WordPress's and GitHub's `…_answer_too_large`), keeping this one as the cause.
 */
export class ResponseTooLargeError extends AppError {
  /** The limit that was passed, in bytes. */
  readonly limitBytes: number;
  /** What the limit is for, in words ("a list"): messages say "the limit for a list". */
  readonly kind: string;
  /** The answer's own `Content-Length`, when it declared one over the limit (then nothing was read). */
  readonly declaredBytes: number | undefined;

  constructor(
    message: string,
    init: { limitBytes: number; kind: string; declaredBytes?: number | undefined },
    /** The same for the blogger (the catalog's `body.too_large.*`). */
    phrase?: Phrase,
  ) {
    super('response_too_large', message, { retryable: false, phrase });
    this.limitBytes = init.limitBytes;
    this.kind = init.kind;
    this.declaredBytes = init.declaredBytes;
  }
}

/** A publisher (WordPress, GitHub, static) failed; the message tells the blogger what to fix. */
export class PublishError extends AppError {
  constructor(
    code: string,
    message: string,
    options: { cause?: unknown; retryable: boolean; phrase?: Phrase | undefined },
  ) {
    super(code, message, options);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Control errors: how a deal's work tells the worker (src/queue/worker.ts) what to do with its job. The worker
// knows these and nothing of the marketplace.

/** Retrying cannot help: the job fails at once (the deal ends `failed`), whatever attempts are left. */
export class PermanentError extends AppError {
  constructor(code: string, message: string, options: { cause?: unknown } = {}) {
    super(code, message, { ...options, retryable: false });
  }
}

/**
 * Not a failure: the work cannot go on yet. The job waits (without spending an attempt) and runs again, until
 * `until` at the latest when given. The marketplace's "the text awaits approval" is read as one
 * (src/deals/lifecycle.ts `isWaitSignal`).
 */
export class WaitUntilError extends AppError {
  readonly until: Date | undefined;

  constructor(code: string, message: string, options: { until?: Date; cause?: unknown } = {}) {
    super(code, message, { cause: options.cause, retryable: true });
    this.until = options.until;
  }
}

/**
 * The deal's deadline passed before its URL could be handed in: the deal ends `deadline_missed` (not `failed`),
 * with this message as its error, and is not retried. The same end as the worker's own give-up while the text
 * awaits approval.
 */
export class DeadlineMissedError extends AppError {
  constructor(message: string, options: { cause?: unknown; phrase?: Phrase } = {}) {
    super('deadline_missed', message, { ...options, retryable: false });
  }
}

/** The marketplace's `support_code` of an error, when it carries one. */
export function supportCodeOf(error: unknown): string | undefined {
  return error instanceof MarketplaceError ? error.supportCode : undefined;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
