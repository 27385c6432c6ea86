/** What the marketplace client is built from, and its defaults. */
import type { Logger } from '../logger.js';
import type { RateLimiter } from './rate-limit.js';

/** One answer (or failed attempt, status 0), for metrics. */
export interface ResponseInfo {
  /** The client method, e.g. `getDeal`: a low-cardinality label. */
  operation: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The answer's HTTP `Date` header (the service's clock, to the second), when it sent one. */
  serverDate?: string;
}

export interface MarketplaceClientOptions {
  /** The service root ({base_url}); API paths (`/v1/…`) are appended to it. */
  baseUrl: string;
  apiKey: string;
  /** Per HTTP request, not counting the wait for a rate-limit slot. Default 15 000. */
  timeoutMs?: number;
  /** The zone of the service's wall-clock date-times sent in queries (`zmeneno_od`); default Europe/Prague. */
  timeZone?: string;
  limiter: RateLimiter;
  log: Logger;
  fetch?: typeof fetch;
  userAgent?: string;
  /** Called after every HTTP attempt (status 0 when no answer arrived); must not throw. */
  onResponse?: (info: ResponseInfo) => void;
  /** Largest photo accepted. Default 25 MiB. */
  maxPhotoBytes?: number;
  /**
   * A 429 is retried once inside the client when the marketplace asks for at most this long a pause (default
   * 30 000 ms); a longer pause surfaces as a retryable error carrying `retryAfterMs`.
   */
  maxInlineRetryAfterMs?: number;
  /**
   * The longest pause a 429 can impose (its `Retry-After`, or its `X-RateLimit-Reset`): pressbridge waits
   * min(asked, this) (default `DEFAULT_MAX_PAUSE_MS`, 5 minutes; `marketplace.maxPauseSeconds`). Give the
   * limiter the same value.
   */
  maxPauseMs?: number;
  /**
   * A 5xx, a network error or a timeout of a request that is safe to repeat (a GET, or a write carrying an
   * Idempotency-Key) is tried again this many times inside the call, after `transientBackoffMs`, then twice
   * that, … (default 0: the error goes to the caller at once). The daemon sets it: a momentary hiccup then
   * costs a second, not a whole job attempt and its growing backoff.
   */
  transientRetries?: number;
  /** First pause before a transient retry (default 500 ms). */
  transientBackoffMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_PHOTO_BYTES = 25 * 1024 * 1024;
export const DEFAULT_MAX_INLINE_RETRY_AFTER_MS = 30_000;
/** Pause after a 429 that names no Retry-After and no reset time. */
export const DEFAULT_429_PAUSE_MS = 5_000;
export const MAX_PAGE_SIZE = 200;
export const MAX_REDIRECTS = 3;
