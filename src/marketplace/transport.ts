/**
 * The request core of the marketplace client: every call waits for a rate-limiter slot, carries the key, a
 * User-Agent and a timeout, follows redirects only on the marketplace's own origin, pauses every process for a
 * 429's Retry-After (capped at `maxPauseMs`), retries a short 429 once and transient errors of repeatable
 * requests with backoff. The origin rules (the service root, same-origin redirects) are ./origin.ts. Endpoints
 * (client.ts) only describe their `Call` and how to read the answer (readers.ts: every body within the limit of
 * its kind, src/http-body.ts; the timeout covers the body too, since fetch cancels it when the signal fires).
 *
 * A call is a loop of three parts: `attempt` (one request through the limiter, its answer classified into an
 * outcome), `observe` (the one record of each attempt: the report, the log line, the limiter's counters) and
 * the pure `nextMove` (./next-move.ts, whose header has the decision table: read, follow, retry or fail).
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
import { type Budget, budgetAfter, nextMove, type Outcome } from './next-move.js';
import { followRedirect, parseBaseUrl } from './origin.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A 2xx or 3xx answer as the move acts on it; `noAnswer` words a body that broke off while read. */
interface Answer {
  response: Response;
  context: RequestContext;
  noAnswer: (cause: unknown) => MarketplaceError;
}

const failed = (error: MarketplaceError): Outcome<Answer, MarketplaceError> => ({
  kind: 'failed',
  status: error.status,
  retryable: error.retryable,
  error,
});

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

  /** One request, its answer observed and classified; a 429's pause stored for every process. */
  async function attempt(
    call: Call,
    url: URL,
    priority: RequestPriority,
    callerSignal: AbortSignal | undefined,
  ): Promise<Outcome<Answer, MarketplaceError>> {
    const context: RequestContext = { method: call.method, path: displayPath(url) };
    await acquireSlot(context, priority, callerSignal);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    const noAnswer = (cause: unknown): MarketplaceError =>
      classifyNoAnswer(context, noAnswerKind(callerSignal, timeout), cause, { timeoutMs, secrets });
    const started = performance.now();
    let answer: Response;
    try {
      answer = await doFetch(url, buildInit(call, signal));
    } catch (cause) {
      await observe(call, context, Math.round(performance.now() - started));
      return failed(noAnswer(cause));
    }
    await observe(call, context, Math.round(performance.now() - started), answer);
    const { status } = answer;
    if (status >= 200 && status < 300) return { kind: 'ok', answer: { response: answer, context, noAnswer } };
    if (status >= 300 && status < 400)
      return { kind: 'redirect', answer: { response: answer, context, noAnswer } };
    // Only the start of an error answer is used (its code, the first words of its message).
    const text = await readBodyHeadText(answer, BODY_LIMITS.error.bytes).then(
      (head) => head.text,
      () => '',
    );
    const nowMs = Date.now();
    const error = classifyResponse(context, status, answer.headers, text, {
      secrets,
      defaultRetryAfterMs: DEFAULT_429_PAUSE_MS,
      maxRetryAfterMs: maxPauseMs,
      nowMs,
    });
    if (status !== 429) return failed(error);
    // Capped (`maxPauseMs`): a header asking for hours never silences the marketplace for longer; the limiter
    // records what was asked, for the status page.
    const pauseMs = boundedPauseMs(error.retryAfterMs ?? DEFAULT_429_PAUSE_MS, maxPauseMs);
    const pauseStored = await limiter.penalize(pauseMs, askedPause(answer.headers, nowMs)).then(
      () => true,
      (penalizeError: unknown) => {
        log.warn({ err: penalizeError }, 'rate limit: could not record the 429 pause');
        return false;
      },
    );
    return { kind: 'rate_limited', pauseMs, pauseStored, error };
  }

  /** The one record of an attempt: a report, a log line, and the limiter's counters when an answer came. */
  async function observe(call: Call, context: RequestContext, ms: number, response?: Response) {
    const status = response?.status ?? 0;
    const serverDate = response?.headers.get('date') ?? undefined;
    const info: ResponseInfo = {
      operation: call.operation,
      method: call.method,
      path: context.path,
      status,
      ms,
    };
    if (serverDate) info.serverDate = serverDate;
    try {
      options.onResponse?.(info);
    } catch (error) {
      log.warn({ err: error }, 'marketplace: onResponse hook failed');
    }
    const { operation: op, method, path } = info;
    const headers = response?.headers;
    log.debug(
      {
        op,
        method,
        path,
        status,
        ms,
        remaining: headers && headerNumber(headers, 'x-ratelimit-remaining'),
        replayed: headers?.get('idempotency-replayed') === 'true' ? true : undefined,
      },
      'marketplace request',
    );
    if (!response) return;
    await limiter.observe(response.headers, status, { elapsedMs: ms }).catch((error: unknown) => {
      log.warn({ err: error }, 'rate limit: could not record the marketplace counters');
    });
  }

  async function execute<T>(call: Call, requestOptions: RequestOptions, read: Reader<T>): Promise<T> {
    const priority: RequestPriority = requestOptions.priority ?? 'normal';
    const callerSignal = requestOptions.signal;
    let url = urlFor(call);
    let redirects = 0;
    let budget: Budget = {
      transientLeft: call.method === 'GET' || call.idempotencyKey ? transientRetries : 0,
      backoffMs: transientBackoffMs,
      inline429Left: true,
      maxInlineRetryAfterMs,
      aborted: false,
    };
    for (;;) {
      const outcome = await attempt(call, url, priority, callerSignal);
      const move = nextMove(outcome, { ...budget, aborted: callerSignal?.aborted === true });
      budget = budgetAfter(budget, move);
      switch (move.kind) {
        case 'read':
          return readAnswer(move.answer, read);
        case 'follow':
          await discard(move.answer.response);
          url = followRedirect(move.answer.context, move.answer.response, url, ++redirects, base);
          break;
        case 'retry_after_pause':
          log.info(
            { path: move.error.path, retryAfterMs: move.pauseMs },
            'marketplace: 429, retrying once after the pause',
          );
          break;
        case 'retry_after_backoff': {
          const { path, code, status } = move.error;
          log.info({ path, code, status, retryInMs: move.ms }, 'marketplace: transient error, trying again');
          await sleep(move.ms, callerSignal).catch(() => {
            throw move.error;
          });
          break;
        }
        case 'fail':
          throw move.error;
      }
    }
  }

  async function readAnswer<T>(answer: Answer, read: Reader<T>): Promise<T> {
    const { response, context, noAnswer } = answer;
    try {
      return await read(response, context);
    } catch (error) {
      if (error instanceof MarketplaceError) throw error;
      if (error instanceof ResponseTooLargeError) throw responseTooLarge(context, response.status, error);
      // The body broke off: the timeout or the caller's abort fired, or the connection dropped.
      throw noAnswer(error);
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
