/**
 * The typed marketplace API client (contract: api.ts). Every request waits for a slot of the shared rate
 * limiter, carries the key, a User-Agent and a timeout, and every answer is classified once (classify.ts) and
 * parsed with the lenient schemas of schema.ts.
 */
import type { z } from 'zod';
import { MarketplaceError } from '../errors.js';
import type { Logger } from '../logger.js';
import { USER_AGENT } from '../version.js';
import type {
  HandInInput,
  ListDealsQuery,
  MarketplaceClient,
  PhotoFile,
  RequestOptions,
  RequestPriority,
} from './api.js';
import {
  badResponse,
  classifyNoAnswer,
  classifyResponse,
  type NoAnswerKind,
  type RequestContext,
  redact,
} from './classify.js';
import { dealIdempotencyKey, freshIdempotencyKey } from './idempotency.js';
import type { RateLimiter } from './rate-limit.js';
import {
  ArticleResult,
  BlogList,
  Deal,
  DealList,
  type DealPhoto,
  DealText,
  defaultPhotoPath,
  formatChangedSince,
  Me,
  WebhookDeliveries,
  WebhookSecret,
  WebhookState,
  WebhookTestResult,
} from './schema.js';

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
const DEFAULT_429_PAUSE_MS = 5_000;
const MAX_PAGE_SIZE = 200;
const MAX_REDIRECTS = 3;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Call {
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
type Reader<T> = (response: Response, context: RequestContext) => Promise<T>;

export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  const base = parseBaseUrl(options.baseUrl);
  const baseUrl = base.href.replace(/\/+$/, '');
  const basePath = base.pathname.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxPhotoBytes = options.maxPhotoBytes ?? DEFAULT_MAX_PHOTO_BYTES;
  const maxInlineRetryAfterMs = options.maxInlineRetryAfterMs ?? DEFAULT_MAX_INLINE_RETRY_AFTER_MS;
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
        url = followRedirect(call, context, response, url, ++redirects);
        continue;
      }

      if (!response.ok) {
        const text = await response.text().catch(() => '');
        const error = classifyResponse(context, status, response.headers, text, {
          secrets,
          defaultRetryAfterMs: DEFAULT_429_PAUSE_MS,
        });
        if (status !== 429) {
          if (status >= 500 && (await retryTransient(error))) continue;
          throw error;
        }
        const pauseMs = error.retryAfterMs ?? DEFAULT_429_PAUSE_MS;
        try {
          await limiter.penalize(pauseMs);
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
      throw new MarketplaceError({
        status: 0,
        code: 'rate_limiter_unavailable',
        message: `could not reserve a request slot in Redis: ${redact(errorText(error), secrets)}`,
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

  /**
   * Redirects are followed by hand so the key never travels to another host: only GETs, only on the
   * marketplace's own origin, at most MAX_REDIRECTS hops, each through the rate limiter.
   */
  function followRedirect(
    call: Call,
    context: RequestContext,
    response: Response,
    from: URL,
    hop: number,
  ): URL {
    const location = response.headers.get('location');
    const fail = (code: string, message: string): MarketplaceError =>
      new MarketplaceError({
        status: response.status,
        code,
        message,
        method: context.method,
        path: context.path,
        retryable: false,
      });
    if (call.method !== 'GET' || !location)
      throw fail('unexpected_redirect', 'the marketplace answered a redirect');
    if (hop > MAX_REDIRECTS) throw fail('too_many_redirects', `more than ${MAX_REDIRECTS} redirects`);
    let next: URL;
    try {
      next = new URL(location, from);
    } catch {
      throw fail('unexpected_redirect', 'the redirect target is not a URL');
    }
    if (next.origin !== base.origin) {
      throw fail(
        'foreign_redirect',
        `the marketplace redirected to another host (${next.host}); pressbridge only talks to ${base.host}`,
      );
    }
    return next;
  }

  function json<S extends z.ZodType>(schema: S): Reader<z.infer<S>> {
    return async (response, context) => {
      const text = await response.text();
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw badResponse(context, response.status, `not JSON (${describeContentType(response)})`);
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) throw badResponse(context, response.status, describeIssues(parsed.error));
      return parsed.data;
    };
  }

  const ignoreBody: Reader<void> = async (response) => {
    await discard(response);
  };

  const photoReader: Reader<PhotoFile> = async (response, context) => {
    const contentType = response.headers.get('content-type')?.trim() || 'image/jpeg';
    if (/^text\/|json/i.test(contentType)) {
      await discard(response);
      throw badResponse(context, response.status, `expected an image, got ${contentType}`);
    }
    const tooLarge = (): MarketplaceError =>
      new MarketplaceError({
        status: response.status,
        code: 'photo_too_large',
        message: `the photo is larger than ${maxPhotoBytes} bytes`,
        method: context.method,
        path: context.path,
        retryable: false,
      });
    const declared = headerNumber(response.headers, 'content-length');
    if (declared !== undefined && declared > maxPhotoBytes) {
      await discard(response);
      throw tooLarge();
    }
    const bytes = await readCapped(response, maxPhotoBytes, tooLarge);
    return { bytes, contentType };
  };

  /** Assumption 2: missing → default path; relative → on the service root; absolute → only on our origin. */
  function photoUrl(dealId: number, photo: DealPhoto): URL {
    const fallback = defaultPhotoPath(dealId, photo.n);
    const raw = photo.url?.trim() || fallback;
    const refuse = (code: string, message: string): MarketplaceError =>
      new MarketplaceError({ status: 0, code, message, method: 'GET', path: fallback, retryable: false });
    let url: URL;
    try {
      if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) {
        url = new URL(raw, base);
      } else {
        const rel = raw.startsWith('/') ? raw : `/${raw}`;
        // A path that already carries the service root's own path prefix is taken as is.
        const path =
          basePath && (rel === basePath || rel.startsWith(`${basePath}/`)) ? rel : `${basePath}${rel}`;
        url = new URL(path, base.origin);
      }
    } catch {
      throw refuse('bad_response', `photo ${photo.n} of deal ${dealId} has an unusable URL`);
    }
    if (url.origin !== base.origin) {
      throw refuse(
        'foreign_photo_host',
        `photo ${photo.n} of deal ${dealId} is on another host (${url.host || url.protocol}); ` +
          `photos are fetched only from ${base.host}`,
      );
    }
    return url;
  }

  const client: MarketplaceClient = {
    baseUrl,

    me: async (o = {}) => execute({ operation: 'me', method: 'GET', target: '/v1/me' }, o, json(Me)),

    listBlogs: async (o = {}) =>
      (await execute({ operation: 'listBlogs', method: 'GET', target: '/v1/blogs' }, o, json(BlogList))).data,

    patchBlog: async (blogId, patch, o = {}) =>
      execute(
        {
          operation: 'patchBlog',
          method: 'PATCH',
          target: `/v1/blogs/${id(blogId)}`,
          body: patch,
          idempotencyKey: freshIdempotencyKey('blog-patch'),
        },
        o,
        ignoreBody,
      ),

    listDeals: async (query = {}, o = {}) =>
      execute(
        {
          operation: 'listDeals',
          method: 'GET',
          target: '/v1/deals',
          query: dealsQuery(query, options.timeZone),
        },
        o,
        json(DealList),
      ),

    async *listAllDeals(query = {}, o = {}) {
      const perPage = query.perPage ?? MAX_PAGE_SIZE;
      let read = 0;
      for (let page = 1; ; page++) {
        const result = await client.listDeals({ ...query, page, perPage }, o);
        yield* result.data;
        read += result.data.length;
        if (result.data.length === 0 || read >= result.celkem) return;
      }
    },

    getDeal: async (dealId, o = {}) =>
      execute({ operation: 'getDeal', method: 'GET', target: `/v1/deals/${id(dealId)}` }, o, json(Deal)),

    getDealText: async (dealId, o = {}) =>
      execute(
        { operation: 'getDealText', method: 'GET', target: `/v1/deals/${id(dealId)}/text` },
        o,
        json(DealText),
      ),

    getDealPhoto: async (dealId, photo, o = {}) =>
      execute(
        {
          operation: 'getDealPhoto',
          method: 'GET',
          target: photoUrl(id(dealId), photo),
          // Photos answer image bytes; JSON stays acceptable for the error envelope.
          accept: 'image/*, application/json;q=0.5',
        },
        o,
        photoReader,
      ),

    handInArticle: async (dealId, input: HandInInput, o = {}) =>
      execute(
        {
          operation: 'handInArticle',
          method: 'POST',
          target: `/v1/deals/${id(dealId)}/article`,
          body: input.extraUrls ? { url: input.url, extra_urls: input.extraUrls } : { url: input.url },
          idempotencyKey: dealIdempotencyKey(dealId, 'article'),
        },
        o,
        json(ArticleResult),
      ),

    getWebhook: async (o = {}) =>
      execute({ operation: 'getWebhook', method: 'GET', target: '/v1/webhook' }, o, json(WebhookState)),

    putWebhook: async (url, o = {}) =>
      execute(
        {
          operation: 'putWebhook',
          method: 'PUT',
          target: '/v1/webhook',
          body: { url },
          idempotencyKey: freshIdempotencyKey('webhook-put'),
        },
        o,
        json(WebhookSecret),
      ),

    deleteWebhook: async (o = {}) =>
      execute(
        {
          operation: 'deleteWebhook',
          method: 'DELETE',
          target: '/v1/webhook',
          idempotencyKey: freshIdempotencyKey('webhook-delete'),
        },
        o,
        ignoreBody,
      ),

    rotateWebhookSecret: async (o = {}) =>
      execute(
        {
          operation: 'rotateWebhookSecret',
          method: 'POST',
          target: '/v1/webhook/rotate-secret',
          idempotencyKey: freshIdempotencyKey('webhook-rotate'),
        },
        o,
        json(WebhookSecret),
      ),

    testWebhook: async (o = {}) =>
      execute(
        {
          operation: 'testWebhook',
          method: 'POST',
          target: '/v1/webhook/test',
          idempotencyKey: freshIdempotencyKey('webhook-test'),
        },
        o,
        json(WebhookTestResult),
      ),

    webhookDeliveries: async (o = {}) =>
      (
        await execute(
          { operation: 'webhookDeliveries', method: 'GET', target: '/v1/webhook/deliveries' },
          o,
          json(WebhookDeliveries),
        )
      ).data,
  };
  return client;
}

// ---------------------------------------------------------------------------------------------------------

function parseBaseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`marketplace baseUrl is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`marketplace baseUrl must be http(s): ${value}`);
  }
  url.search = '';
  url.hash = '';
  return url;
}

/** Ids go into paths: only positive integers, so a bad id can never reshape the URL. */
function id(value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new MarketplaceError({
      status: 0,
      code: 'invalid_id',
      message: `not a marketplace id: ${String(value)}`,
      method: '-',
      path: '-',
      retryable: false,
    });
  }
  return value;
}

export function dealsQuery(query: ListDealsQuery, timeZone?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (query.state !== undefined) params.set('state', query.state);
  if (query.blogId !== undefined) params.set('blog_id', String(query.blogId));
  if (query.demandId !== undefined) params.set('demand_id', String(query.demandId));
  if (query.changedSince !== undefined)
    params.set('zmeneno_od', formatChangedSince(query.changedSince, timeZone));
  if (query.page !== undefined) params.set('strana', String(Math.max(1, Math.trunc(query.page))));
  if (query.perPage !== undefined) {
    params.set('na_stranu', String(Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(query.perPage)))));
  }
  return params;
}

/** Resolves after `ms`, or rejects when the signal aborts. */
async function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function noAnswerKind(callerSignal: AbortSignal | undefined, timeout: AbortSignal): NoAnswerKind {
  if (callerSignal?.aborted) return 'aborted';
  if (timeout.aborted) return 'timeout';
  return 'network';
}

function headerNumber(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

async function readCapped(
  response: Response,
  maxBytes: number,
  tooLarge: () => MarketplaceError,
): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

function describeContentType(response: Response): string {
  return `content-type ${response.headers.get('content-type') ?? 'missing'}`;
}

function describeIssues(error: z.ZodError): string {
  const [first] = error.issues;
  if (!first) return 'does not match the expected shape';
  const where = first.path.length > 0 ? first.path.join('.') : '(root)';
  const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : '';
  return `${where}: ${first.message}${more}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
