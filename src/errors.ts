/**
 * The one error hierarchy of pressbridge. Every error carries a stable `code` and, where it matters, whether
 * retrying can help. Classification happens once, where an HTTP answer is read; the job boundary only maps
 * `retryable === false` to BullMQ's UnrecoverableError.
 */
export class AppError extends Error {
  readonly code: string;
  readonly retryable: boolean;

  constructor(code: string, message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? false;
  }
}

/** One readable line per problem: where, what was expected, what was found. */
export interface ConfigIssue {
  path: string;
  message: string;
}

export class ConfigError extends AppError {
  readonly issues: readonly ConfigIssue[];

  constructor(issues: readonly ConfigIssue[], source?: string) {
    const head = source ? `Invalid configuration in ${source}:` : 'Invalid configuration:';
    super(
      'config_invalid',
      [head, ...issues.map((i) => `  - ${i.path || '(root)'}: ${i.message}`)].join('\n'),
    );
    this.issues = issues;
  }
}

export class SignatureError extends AppError {
  constructor(code: 'signature_missing' | 'signature_invalid', message: string) {
    super(code, message);
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

  constructor(init: {
    status: number;
    code: string;
    message: string;
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
    super(init.code, `Marketplace ${where} failed: ${status}${init.code}: ${init.message}${support}`, {
      cause: init.cause,
      retryable: init.retryable,
    });
    this.status = init.status;
    this.supportCode = init.supportCode;
    this.method = init.method;
    this.path = init.path;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** A publisher (WordPress, GitHub, static) failed; the message tells the blogger what to fix. */
export class PublishError extends AppError {
  constructor(code: string, message: string, options: { cause?: unknown; retryable: boolean }) {
    super(code, message, options);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
