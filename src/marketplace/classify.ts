/**
 * HTTP answer (or no answer) → MarketplaceError. The one place where pressbridge decides whether retrying a
 * marketplace call can help: network errors, timeouts, 429 and 5xx are retryable; other 4xx are permanent,
 * except the few codes the API documents as "try again later".
 */
import { MarketplaceError, type ResponseTooLargeError } from '../errors.js';
import { redact } from '../redact.js';
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
 * `Retry-After` in milliseconds from `nowMs`: delta-seconds (`120`, also `1.5`) or an HTTP date. Undefined when
 * absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.max(0, Math.ceil(Number(trimmed) * 1000));
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** `X-RateLimit-Reset` (Unix seconds) as epoch milliseconds; undefined when absent or unreadable. */
export function parseResetHeader(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 1000);
}

/** Fix-it hints for the codes a blogger can act on. */
function hintFor(status: number, code: string): string {
  if (code === ERROR_CODES.invalidKey || code === ERROR_CODES.missingKey || status === 401) {
    return ' — the marketplace rejected the API key: create a new key in the account settings (API keys) and set marketplace.apiKey';
  }
  if (code === ERROR_CODES.missingScope) {
    return ' — the API key lacks the "write" scope: create a key with read and write permission and set marketplace.apiKey';
  }
  return '';
}

/**
 * Classifies a non-2xx answer whose body has been read as text. The error envelope is parsed leniently: a body
 * that is not the envelope gives code `http_<status>`.
 */
export function classifyResponse(
  context: RequestContext,
  status: number,
  headers: Headers,
  bodyText: string,
  options: { nowMs?: number; secrets?: readonly string[]; defaultRetryAfterMs?: number } = {},
): MarketplaceError {
  const nowMs = options.nowMs ?? Date.now();
  const secrets = options.secrets ?? [];
  let code = `http_${status}`;
  let message = statusText(status);
  let supportCode: string | undefined;
  const envelope = ErrorEnvelope.safeParse(safeJson(bodyText));
  if (envelope.success) {
    code = envelope.data.error.code || code;
    message = envelope.data.error.message ?? message;
    supportCode = envelope.data.error.support_code;
  }
  let retryAfterMs: number | undefined;
  if (status === 429) {
    retryAfterMs = parseRetryAfter(headers.get('retry-after'), nowMs);
    if (retryAfterMs === undefined) {
      const reset = parseResetHeader(headers.get('x-ratelimit-reset'));
      if (reset !== undefined) retryAfterMs = Math.max(0, reset - nowMs);
    }
    retryAfterMs ??= options.defaultRetryAfterMs;
  }
  return new MarketplaceError({
    status,
    code,
    message: redact(`${message}${hintFor(status, code)}`, secrets),
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
  const detail =
    kind === 'timeout'
      ? `no answer within ${options.timeoutMs ?? '?'} ms`
      : kind === 'aborted'
        ? 'the request was cancelled'
        : `network error: ${describeCause(cause)}`;
  return new MarketplaceError({
    status: 0,
    code: kind,
    message: redact(detail, options.secrets ?? []),
    method: context.method,
    path: context.path,
    retryable: true,
    cause,
  });
}

/** A 2xx answer pressbridge cannot use: permanent, since repeating the call returns the same shape. */
export function badResponse(context: RequestContext, status: number, detail: string): MarketplaceError {
  return new MarketplaceError({
    status,
    code: 'bad_response',
    message: `unexpected answer for ${context.path}: ${detail}`,
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

function statusText(status: number): string {
  if (status === 429) return 'too many requests';
  if (status >= 500) return 'server error';
  return 'request rejected';
}
