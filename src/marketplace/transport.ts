/**
 * The request core of the marketplace client: every call waits for a rate-limiter slot, carries the key, a
 * User-Agent and a timeout, follows redirects only on the marketplace's own origin, pauses every process for a
 * 429's Retry-After (capped at `maxPauseMs`), retries a short 429 once and
 * transient errors of repeatable requests with backoff, and reports each attempt. The origin rules (the service
 * root, same-origin redirects) are ./origin.ts. Endpoints (client.ts) only
 * describe their `Call` and how to read the answer (readers.ts: every body within the limit of its kind,
 * src/http-body.ts; the timeout covers the body too, since fetch cancels it when the signal fires).
 */
import { MarketplaceError, ResponseTooLargeError } from '../errors.js';
import { BODY_LIMITS, readBodyHeadText } from '../http-body.js';
import { redact } from '../redact.js';
import { USER_AGENT } from '../version.js';
import type { RequestOptions, RequestPriority } from './api.js';
import {
  askedPause,
  boundedPauseMs,
  classifyNoAnswer,
  classifyResponse,
  DEFAULT_MAX_PAUSE_MS,
  english,
  type RequestContext,
  responseTooLarge,
} from './classify.js';
import {
  DEFAULT_429_PAUSE_MS,
  DEFAULT_MAX_INLINE_RETRY_AFTER_MS,
  DEFAULT_TIMEOUT_MS,
  type MarketplaceClientOptions,
  type ResponseInfo,
} from './client-options.js';
import { discard, errorText, headerNumber, noAnswerKind, sleep } from './http.js';
import { followRedirect, parseBaseUrl } from './origin.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Call {
  operation: string;
  method: Method;
  /** API path relative to the service root (`/v1/…`), or an absolute same-origin URL (photos). */
  target: string | URL;
  query?: URLSearchParams;
  body?: unknown;
  idempotencyKey?: string;
  accept?: string;
}

/** Reads a 2xx answer; `context` names the request for errors. */
export type Reader<T> = (response: Response, context: RequestContext) => Promise<T>;

export interface Transport {
  /** The service root as parsed (origin and path prefix). */
  base: URL;
  /** The service root without a trailing slash. */
  baseUrl: string;
  /** The service root's path prefix without a trailing slash ('' at the origin's root). */
  basePath: string;
  execute<T>(call: Call, requestOptions: RequestOptions, read: Reader<T>): Promise<T>;
}

export function createTransport(options: MarketplaceClientOptions): Transport {
  const base = parseBaseUrl(options.baseUrl);
  const baseUrl = base.href.replace(/\/+$/, '');
  const basePath = base.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxInlineRetryAfterMs = options.maxInlineRetryAfterMs ?? DEFAULT_MAX_INLINE_RETRY_AFTER_MS;
  const maxPauseMs = options.maxPauseMs ?? DEFAULT_MAX_PAUSE_MS;
  const transientRetries = Math.max(0, Math.floor(options.transientRetries ?? 0));
  const transientBackoffMs = options.transientBackoffMs ?? 500;
  const userAgent = options.userAgent ?? USER_AGENT;
  const secrets = [options.apiKey];
  const { limiter, log } = options;
  // Looked up per call, so a fetch patched after the client was built (test interceptors) is honoured.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  /** `/v1/x` → `{base}/v1/x`; an absolute URL is used as given (already checked to be on our origin). */
  function urlFor(call: Call): URL {
    const url = call.target instanceof URL ? new URL(call.target) : new URL(`${baseUrl}${call.target}`);
    if (call.query) for (const [k, v] of call.query) url.searchParams.append(k, v);
    return url;
  }

  /** The path a log line or error names: relative to the service root when possible, without credentials. */
  function displayPath(url: URL): string {
    const path = url.pathname;
    const rel = basePath && path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : path;
    return `${rel}${url.search}`;
  }

  function report(info: ResponseInfo): void {
    try {
      options.onResponse?.(info);
    } catch (error) {
      log.warn({ err: error }, 'marketplace: onResponse hook failed');
    }
  }

  async function execute<T>(call: Call, requestOptions: RequestOptions, read: Reader<T>): Promise<T> {
    const priority: RequestPriority = requestOptions.priority ?? 'normal';
    const callerSignal = requestOptions.signal;
    let url = urlFor(call);
    let redirects = 0;
    let retried429 = false;
    let transientLeft = call.method === 'GET' || call.idempotencyKey ? transientRetries : 0;
    /** Whether to try again after this error: a repeatable request, a transient error, tries left. */
    const retryTransient = async (error: MarketplaceError): Promise<boolean> => {
      if (transientLeft <= 0 || !error.retryable || error.code === 'aborted' || callerSignal?.aborted) {
        return false;
      }
      const pauseMs = transientBackoffMs * 2 ** (transientRetries - transientLeft);
      transientLeft -= 1;
      log.info(
        { path: error.path, code: error.code, status: error.status, retryInMs: pauseMs },
        'marketplace: transient error, trying again',
      );
      try {
        await sleep(pauseMs, callerSignal);
      } catch {
        return false;
      }
      return true;
    };

    for (;;) {
      const context: RequestContext = { method: call.method, path: displayPath(url) };
      await acquireSlot(context, priority, callerSignal);

      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
      const noAnswer = (cause: unknown): MarketplaceError =>
        classifyNoAnswer(context, noAnswerKind(callerSignal, timeout), cause, { timeoutMs, secrets });

      const started = performance.now();
      let response: Response;
      try {
        response = await doFetch(url, buildInit(call, signal));
      } catch (cause) {
        const ms = Math.round(performance.now() - started);
        report({ operation: call.operation, method: call.method, path: context.path, status: 0, ms });
        log.debug(
          { op: call.operation, method: call.method, path: context.path, status: 0, ms },
          'marketplace request',
        );
        const error = noAnswer(cause);
        if (await retryTransient(error)) continue;
        throw error;
      }
      const ms = Math.round(performance.now() - started);
      const { status } = response;
      const serverDate = response.headers.get('date') ?? undefined;
      report({
        operation: call.operation,
        method: call.method,
        path: context.path,
        status,
        ms,
        ...(serverDate ? { serverDate } : {}),
      });
      log.debug(
        {
          op: call.operation,
          method: call.method,
          path: context.path,
          status,
          ms,
          remaining: headerNumber(response.headers, 'x-ratelimit-remaining'),
          replayed: response.headers.get('idempotency-replayed') === 'true' ? true : undefined,
        },
        'marketplace request',
      );
      await limiter.observe(response.headers, status, { elapsedMs: ms }).catch((error: unknown) => {
        log.warn({ err: error }, 'rate limit: could not record the marketplace counters');
      });

      if (status >= 300 && status < 400) {
        await discard(response);
        url = followRedirect(context, response, url, ++redirects, base);
        continue;
      }

      if (!response.ok) {
        // Only the start of an error answer is used (its code, the first words of its message).
        const text = await readBodyHeadText(response, BODY_LIMITS.error.bytes).then(
          (head) => head.text,
          () => '',
        );
        const nowMs = Date.now();
        const error = classifyResponse(context, status, response.headers, text, {
          secrets,
          defaultRetryAfterMs: DEFAULT_429_PAUSE_MS,
          maxRetryAfterMs: maxPauseMs,
          nowMs,
        });
        if (status !== 429) {
          if (status >= 500 && (await retryTransient(error))) continue;
          throw error;
        }
        // Capped (`maxPauseMs`): a header asking for hours never silences the marketplace for longer; the limiter
        // records what was asked, for the status page.
        const pauseMs = boundedPauseMs(error.retryAfterMs ?? DEFAULT_429_PAUSE_MS, maxPauseMs);
        try {
          await limiter.penalize(pauseMs, askedPause(response.headers, nowMs));
        } catch (penalizeError) {
          log.warn({ err: penalizeError }, 'rate limit: could not record the 429 pause');
          throw error;
        }
        // Why retry a 429 here, once: the marketplace executed nothing, and the penalty just stored makes every
        // process (this retry included, through acquire) wait out Retry-After, so the retry is safe and cheap,
        // whereas failing would cost the pipeline a whole job attempt and BullMQ backoff on a 60-minute deadline.
        // Only once, and only for a short pause; a second 429 or a long pause goes up to the job layer, which
        // retries retryable errors with backoff (and can read `retryAfterMs`). The caller's signal still bounds
        // the wait, since acquire is abortable.
        if (retried429 || pauseMs > maxInlineRetryAfterMs || callerSignal?.aborted) {
          throw error;
        }
        retried429 = true;
        log.info(
          { path: context.path, retryAfterMs: pauseMs },
          'marketplace: 429, retrying once after the pause',
        );
        continue;
      }

      try {
        return await read(response, context);
      } catch (error) {
        if (error instanceof MarketplaceError) throw error;
        if (error instanceof ResponseTooLargeError) throw responseTooLarge(context, status, error);
        // The body broke off: the timeout or the caller's abort fired, or the connection dropped.
        throw noAnswer(error);
      }
    }
  }

  async function acquireSlot(
    context: RequestContext,
    priority: RequestPriority,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    try {
      await limiter.acquire(priority, signal);
    } catch (error) {
      if (signal?.aborted) throw classifyNoAnswer(context, 'aborted', error, { secrets });
      const said = {
        key: 'market.limiter_unavailable',
        params: { error: redact(errorText(error), secrets) },
      };
      throw new MarketplaceError({
        status: 0,
        code: 'rate_limiter_unavailable',
        message: english(said),
        said,
        method: context.method,
        path: context.path,
        retryable: true,
        cause: error,
      });
    }
  }

  function buildInit(call: Call, signal: AbortSignal): RequestInit {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${options.apiKey}`,
      'User-Agent': userAgent,
      Accept: call.accept ?? 'application/json',
    };
    if (call.idempotencyKey) headers['Idempotency-Key'] = call.idempotencyKey;
    const init: RequestInit = { method: call.method, headers, signal, redirect: 'manual' };
    if (call.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(call.body);
    }
    return init;
  }

  return { base, baseUrl, basePath, execute };
}
