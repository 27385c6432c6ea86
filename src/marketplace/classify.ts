/**
 * HTTP answer (or no answer) → MarketplaceError. The one place where pressbridge decides whether retrying a
 * marketplace call can help: network errors, timeouts, 429 and 5xx are retryable; other 4xx are permanent,
 * except the few codes the API documents as "try again later".
 */
import { MarketplaceError, type Phrase, type ResponseTooLargeError, type Said } from '../errors.js';
import { createTranslator } from '../i18n/index.js';
import { redact, redactPhrase } from '../redact.js';
import { ERROR_CODES, ErrorEnvelope } from './schema.js';

/** 4xx codes that mean "not yet" rather than "never" (assumption 8: the text awaits the advertiser). */
const RETRYABLE_4XX_CODES: ReadonlySet<string> = new Set([ERROR_CODES.awaitingApproval]);

/** Plain 4xx statuses that generic HTTP treats as transient. */
const RETRYABLE_4XX_STATUSES: ReadonlySet<number> = new Set([408, 425, 429]);

export interface RequestContext {
  method: string;
  /** Path relative to the service root, e.g. `/v1/deals/42`; never carries credentials. */
  path: string;
}

export function isRetryableStatus(status: number, code?: string): boolean {
  if (status === 0 || status >= 500) return true;
  if (RETRYABLE_4XX_STATUSES.has(status)) return true;
  return code !== undefined && RETRYABLE_4XX_CODES.has(code);
}

/**
 * `Retry-After` in milliseconds from `nowMs`: delta-seconds (`120`, also `1.5`) or an HTTP date (which names a day
 * or a month: `-5` is no date, though `Date.parse` reads it as 2001). Undefined when absent or unreadable; never
 * negative; as asked, not capped (`boundedPauseMs`).
 */
export function parseRetryAfter(value: string | null | undefined, nowMs = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.max(0, Math.ceil(Number(trimmed) * 1000));
  const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** The last instant a `Date` can hold (ms): a reset beyond it is no date at all, a longer ask is recorded as it. */
export const MAX_DATE_MS = 8.64e15;

/**
 * `X-RateLimit-Reset` (Unix seconds) as epoch milliseconds; undefined when absent, unreadable or beyond any date
 * (`99999999999999999999`).
 */
export function parseResetHeader(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const ms = Math.round(Number(trimmed) * 1000);
  return ms <= MAX_DATE_MS ? ms : undefined;
}

/**
 * The longest pause the marketplace can impose by default (`marketplace.maxPauseSeconds`): 5 minutes. A deal has
 * 60; one probe every few minutes costs nothing against 60 requests a minute, and a wrong or hostile header can
 * never silence intake for longer (docs/guarantees.md, "Bounded waits").
 */
export const DEFAULT_MAX_PAUSE_MS = 300_000;

/** The largest delay a Node timer holds (2^31 - 1 ms, about 24.8 days); a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the marketplace asked for in a 429's headers: how long, and from which header. */
export interface ServerPause {
  askedMs: number;
  reason: 'retry_after' | 'reset';
}

/**
 * The pause a 429 asks for: `Retry-After` (seconds or an HTTP date), else until `X-RateLimit-Reset`. As asked,
 * not capped (a past date is 0); undefined when neither header can be read.
 */
export function askedPause(headers: Headers, nowMs = Date.now()): ServerPause | undefined {
  const retryAfter = parseRetryAfter(headers.get('retry-after'), nowMs);
  if (retryAfter !== undefined) return { askedMs: Math.min(retryAfter, MAX_DATE_MS), reason: 'retry_after' };
  const reset = parseResetHeader(headers.get('x-ratelimit-reset'));
  if (reset !== undefined) return { askedMs: Math.max(0, reset - nowMs), reason: 'reset' };
  return undefined;
}

/**
 * A pause as pressbridge waits it: min(asked, max), whole milliseconds; NaN and negative are 0, and no cap
 * exceeds what a timer can hold. Every server-asked wait goes through here.
 */
export function boundedPauseMs(askedMs: number, maxMs: number): number {
  const cap = Number.isFinite(maxMs) && maxMs > 0 ? Math.min(Math.ceil(maxMs), MAX_TIMER_MS) : 0;
  if (Number.isNaN(askedMs) || askedMs <= 0) return 0;
  return Math.min(Math.ceil(askedMs), cap);
}

/** Fix-it hints for the codes a blogger can act on (the catalog's `market.hint.*`). */
function hintFor(status: number, code: string): Phrase | undefined {
  if (code === ERROR_CODES.invalidKey || code === ERROR_CODES.missingKey || status === 401) {
    return { key: 'market.hint.invalid_key' };
  }
  if (code === ERROR_CODES.missingScope) return { key: 'market.hint.missing_scope' };
  return undefined;
}

/** The English of a phrase, for the error's message (the daemon's log). */
export const english = createTranslator('en').say;

/**
 * Classifies a non-2xx answer whose body has been read as text. The error envelope is parsed leniently: a body
 * that is not the envelope gives code `http_<status>`. A 429's `retryAfterMs` is the pause pressbridge waits:
 * what the headers ask, capped by `maxRetryAfterMs`.
 */
export function classifyResponse(
  context: RequestContext,
  status: number,
  headers: Headers,
  bodyText: string,
  options: {
    nowMs?: number;
    secrets?: readonly string[];
    defaultRetryAfterMs?: number;
    /** `retryAfterMs` is at most this (default `DEFAULT_MAX_PAUSE_MS`), whatever the headers ask. */
    maxRetryAfterMs?: number;
  } = {},
): MarketplaceError {
  const nowMs = options.nowMs ?? Date.now();
  const secrets = options.secrets ?? [];
  let code = `http_${status}`;
  let said: Said = statusSaid(status);
  let supportCode: string | undefined;
  const envelope = ErrorEnvelope.safeParse(safeJson(bodyText));
  if (envelope.success) {
    code = envelope.data.error.code || code;
    said = envelope.data.error.message ?? said;
    supportCode = envelope.data.error.support_code;
  }
  const message = english(said);
  let retryAfterMs: number | undefined;
  if (status === 429) {
    const asked = askedPause(headers, nowMs)?.askedMs ?? options.defaultRetryAfterMs;
    if (asked !== undefined) {
      retryAfterMs = boundedPauseMs(asked, options.maxRetryAfterMs ?? DEFAULT_MAX_PAUSE_MS);
    }
  }
  const hint = hintFor(status, code);
  return new MarketplaceError({
    status,
    code,
    message: redact(`${message}${hint ? ` — ${english(hint)}` : ''}`, secrets),
    said: typeof said === 'string' ? redact(said, secrets) : said,
    hint,
    supportCode,
    method: context.method,
    path: context.path,
    retryable: isRetryableStatus(status, code),
    retryAfterMs,
  });
}

export type NoAnswerKind = 'timeout' | 'aborted' | 'network';

/** No answer at all: status 0, always retryable (a caller's own abort included: nothing was decided). */
export function classifyNoAnswer(
  context: RequestContext,
  kind: NoAnswerKind,
  cause: unknown,
  options: { timeoutMs?: number; secrets?: readonly string[] } = {},
): MarketplaceError {
  const said: Phrase =
    kind === 'timeout'
      ? { key: 'market.no_answer.timeout', params: { ms: String(options.timeoutMs ?? '?') } }
      : kind === 'aborted'
        ? { key: 'market.no_answer.aborted' }
        : { key: 'market.no_answer.network', params: { cause: describeCause(cause) } };
  const secrets = options.secrets ?? [];
  return new MarketplaceError({
    status: 0,
    code: kind,
    message: redact(english(said), secrets),
    said: redactPhrase(said, secrets),
    method: context.method,
    path: context.path,
    retryable: true,
    cause,
  });
}

/**
 * A 2xx answer pressbridge cannot use: permanent, since repeating the call returns the same shape. `detail` says
 * what is wrong with it (./http.ts words a shape's first issue and a content type).
 */
export function badResponse(context: RequestContext, status: number, detail: Said): MarketplaceError {
  const said: Phrase = { key: 'market.bad_response', params: { path: context.path, detail } };
  return new MarketplaceError({
    status,
    code: 'bad_response',
    message: english(said),
    said,
    method: context.method,
    path: context.path,
    retryable: false,
  });
}

/**
 * An answer over its byte limit (src/http-body.ts): permanent, since repeating the call returns the same answer;
 * a list page that is always too large has to be skipped by its caller, not retried.
 */
export function responseTooLarge(
  context: RequestContext,
  status: number,
  error: ResponseTooLargeError,
): MarketplaceError {
  return new MarketplaceError({
    status,
    code: 'response_too_large',
    message: error.message,
    said: error.phrase,
    method: context.method,
    path: context.path,
    retryable: false,
    cause: error,
  });
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // undici hides the useful part (ECONNREFUSED, ENOTFOUND…) in `cause`.
  const inner = cause.cause;
  if (inner instanceof Error) {
    const errno = (inner as Error & { code?: unknown }).code;
    return typeof errno === 'string' ? `${errno} (${inner.message})` : inner.message;
  }
  return cause.message;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What a status says when the answer carries no message of the marketplace's own. */
function statusSaid(status: number): Phrase {
  if (status === 429) return { key: 'market.status.too_many' };
  if (status >= 500) return { key: 'market.status.server_error' };
  return { key: 'market.status.rejected' };
}
