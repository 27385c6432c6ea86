/**
 * One WordPress site's REST API, through `@wordpress/api-fetch`.
 *
 * api-fetch's middlewares and fetch handler are global to the module (one root URL and one credential per
 * process), and pressbridge publishes to several blogs from one process. So no per-site middleware is ever
 * registered: every call carries its full URL and its own `Authorization` header, and one fetch handler, set
 * once, does the HTTP. That handler also keeps what api-fetch's default one loses on Node: the real cause of a
 * failed connection (ECONNREFUSED instead of "Cannot read properties of undefined (reading 'onLine')"), the
 * status of a non-JSON error page, and the headers of every error answer (X-WP-Upload-Attachment-ID).
 */
import apiFetchModule, { type APIFetchOptions, type ApiFetch } from '@wordpress/api-fetch';
import type { z } from 'zod';
import { PublishError } from '../../src/errors.js';
import type { Logger } from '../../src/logger.js';
import {
  BadJsonFailure,
  HttpFailure,
  noRestApiError,
  type RequestContext,
  redactError,
  secretsOf,
  TransportFailure,
  toPublishError,
  unexpectedAnswerError,
  WordPressErrorCode,
} from './errors.js';
import { WpIndex, WpUser } from './wp-schema.js';

/**
 * api-fetch's types describe a CommonJS module (`module.exports.default`), while Node loads its ES module
 * (the function is the default export): take whichever holds the function.
 */
function resolveApiFetch(module: unknown): ApiFetch {
  if (typeof module === 'function') return module as ApiFetch;
  const inner = (module as { default?: unknown } | null)?.default;
  if (typeof inner === 'function') return inner as ApiFetch;
  throw new Error('@wordpress/api-fetch did not load as expected (no default export function)');
}

const apiFetch = resolveApiFetch(apiFetchModule);

/** A per-call fetch (tests may inject one); rides along the api-fetch options under a key no middleware knows. */
const FETCH = Symbol.for('pressbridge.wordpress.fetch');

type HandlerOptions<Parse extends boolean = boolean> = APIFetchOptions<Parse> & { [FETCH]?: typeof fetch };

/**
 * The fetch handler api-fetch uses in this process: like its default one (Accept header, `data` as JSON,
 * `parse`), but errors are classifiable: `HttpFailure` (status, headers, body) for a non-2xx answer,
 * `TransportFailure` (with the real cause) when no answer came, `BadJsonFailure` for a 2xx that is not JSON.
 */
export async function wordPressFetchHandler(options: APIFetchOptions): Promise<unknown> {
  const {
    url,
    path,
    data,
    parse = true,
    headers: given,
    body: givenBody,
    namespace: _namespace,
    endpoint: _endpoint,
    ...init
  } = options as HandlerOptions;
  const fetchImpl = (options as HandlerOptions)[FETCH] ?? globalThis.fetch;
  delete (init as HandlerOptions)[FETCH];
  const headers: Record<string, string> = { Accept: 'application/json, */*;q=0.1', ...given };
  let body = givenBody;
  if (data !== undefined) {
    body = JSON.stringify(data);
    headers['Content-Type'] = 'application/json';
  }
  const target = url ?? path;
  if (target === undefined) throw new TransportFailure(new Error('no URL given'));

  let response: Response;
  try {
    response = await fetchImpl(target, { ...init, headers, body: body ?? null });
  } catch (error) {
    throw new TransportFailure(error);
  }
  if (!response.ok) throw await HttpFailure.read(response);
  if (!parse) return response;
  if (response.status === 204) return null;
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new TransportFailure(error);
  }
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadJsonFailure(response.status, text.slice(0, 500));
  }
}

let handlerInstalled = false;

/** Sets the fetch handler once per process (api-fetch keeps one for the whole module). */
function installFetchHandler(): void {
  if (handlerInstalled) return;
  apiFetch.setFetchHandler(wordPressFetchHandler);
  handlerInstalled = true;
}

/**
 * The URL of a REST route below a root, in either form: `https://x.cz/wp-json/` + `/wp/v2/posts` →
 * `https://x.cz/wp-json/wp/v2/posts`; `https://x.cz/?rest_route=/` → `https://x.cz/?rest_route=/wp/v2/posts`.
 */
export function routeUrl(
  root: string,
  route: string,
  query: Readonly<Record<string, string | number | boolean | undefined>> = {},
): string {
  const url = new URL(root);
  const normalized = `/${route.replace(/^\/+/, '')}`;
  if (url.searchParams.has('rest_route')) {
    url.searchParams.set('rest_route', normalized);
  } else {
    url.pathname = `${url.pathname.replace(/\/*$/, '/')}${normalized.slice(1)}`;
  }
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** The REST root of a site, found once (and again after a failure). */
export interface RestRoot {
  /** e.g. `https://x.cz/wp-json/` or `https://x.cz/?rest_route=/`. */
  root: string;
  index: WpIndex;
  /** `<siteurl>/wp-admin/`, for edit links. */
  adminUrl: string;
}

export interface WordPressClientOptions {
  /** The blog's address without a trailing slash. */
  url: string;
  username: string;
  applicationPassword: string;
  restRoot?: string | undefined;
  timeoutMs: number;
  fetch?: typeof fetch | undefined;
  log?: Logger | undefined;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  route: string;
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** A JSON body. */
  data?: unknown;
  /** A raw body (a photo upload). */
  body?: Uint8Array;
  headers?: Readonly<Record<string, string>>;
}

export interface WordPressClient {
  /** The blog's address (options.url): what messages name. */
  readonly site: string;
  readonly username: string;
  /** The REST root (discovered and cached). */
  root(signal?: AbortSignal): Promise<RestRoot>;
  /** The user of the Application Password (`users/me`, cached): proves the credentials once per process. */
  me(signal?: AbortSignal): Promise<WpUser>;
  /** One REST call, its JSON answer checked against `schema`. Throws PublishError. */
  request<T>(schema: z.ZodType<T>, spec: RequestSpec, signal?: AbortSignal): Promise<T>;
  /** One request to `users/me` at the known root (or `?rest_route=`, which every WordPress answers). */
  probe(signal?: AbortSignal): Promise<WpUser>;
  /** The root once found, without a request. */
  knownRoot(): RestRoot | undefined;
  /** Forgets the cached root and user (done after a failure that says they may be stale). */
  forget(): void;
}

/**
 * What a failed call says about the cached state. The root is stale when the answer is not the REST API's
 * (a page instead of JSON, a 404 that is not a REST error, an unknown route, a redirect): permalinks or the
 * address changed. The user is stale when the credentials were refused. A 5xx or a lost connection says
 * nothing about either.
 */
function staleAfter(error: unknown): { root: boolean; user: boolean } {
  const unauthorized = error instanceof PublishError && error.code === WordPressErrorCode.unauthorized;
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  if (cause instanceof BadJsonFailure) return { root: true, user: false };
  if (!(cause instanceof HttpFailure)) return { root: false, user: unauthorized };
  const notTheApi =
    (cause.status === 404 && (cause.body === undefined || cause.body.code === 'rest_no_route')) ||
    (cause.status >= 300 && cause.status < 400);
  return { root: notTheApi, user: notTheApi || unauthorized };
}

export function createWordPressClient(options: WordPressClientOptions): WordPressClient {
  installFetchHandler();
  const site = options.url.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.applicationPassword}`).toString('base64')}`;
  const secrets = secretsOf(options.username, options.applicationPassword);
  const fallbackRoot = `${site}/?rest_route=/`;
  let rootPromise: Promise<RestRoot> | undefined;
  let resolvedRoot: RestRoot | undefined;
  let mePromise: Promise<WpUser> | undefined;

  function context(method: string, route: string): RequestContext {
    return { site, method, route, username: options.username, timeoutMs: options.timeoutMs };
  }

  /** One HTTP exchange through api-fetch; any failure becomes a (redacted) PublishError. */
  async function send(root: string, spec: RequestSpec, signal: AbortSignal | undefined): Promise<unknown> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const call: HandlerOptions<true> = {
      url: routeUrl(root, spec.route, spec.query),
      method: spec.method,
      headers: { ...spec.headers, Authorization: authorization },
      signal: combined,
      // Never followed: a redirected POST silently becomes a GET, and fetch drops the Authorization header on a
      // redirect to another origin (http → https), which WordPress would answer as "not logged in". The
      // redirect is reported instead, with where it leads (see classifyHttpFailure).
      redirect: 'manual',
      parse: true,
    };
    if (spec.data !== undefined) call.data = spec.data;
    // A photo's bytes: a Buffer over an ordinary ArrayBuffer, which the DOM typings cannot see.
    if (spec.body !== undefined) call.body = spec.body as Uint8Array<ArrayBuffer>;
    if (options.fetch) call[FETCH] = options.fetch;
    const started = Date.now();
    try {
      const answer = await apiFetch<unknown>(call);
      options.log?.debug(
        { site, method: spec.method, route: spec.route, ms: Date.now() - started },
        'wordpress request',
      );
      return answer;
    } catch (error) {
      const failure = redactError(
        toPublishError(error, context(spec.method, spec.route), { timeout, caller: signal }),
        secrets,
      );
      options.log?.debug(
        { site, method: spec.method, route: spec.route, ms: Date.now() - started, code: failure.code },
        'wordpress request failed',
      );
      throw failure;
    }
  }

  function check<T>(schema: z.ZodType<T>, answer: unknown, method: string, route: string): T {
    const parsed = schema.safeParse(answer);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the answer';
    throw unexpectedAnswerError(site, method, route, `${where}: ${issue?.message ?? 'invalid'}`);
  }

  async function discover(signal: AbortSignal | undefined): Promise<RestRoot> {
    const candidates = options.restRoot ? [options.restRoot] : [`${site}/wp-json/`, fallbackRoot];
    let lastCause: unknown;
    for (const root of candidates) {
      let answer: unknown;
      try {
        answer = await send(
          root,
          { method: 'GET', route: '/', query: { _fields: 'name,url,home,namespaces' } },
          signal,
        );
      } catch (error) {
        const failure = error as PublishError;
        lastCause = failure;
        // Not here (a 404 page, a home page served with 200, another API): try the next form. Anything
        // else (no connection, 5xx, rejected credentials) is the answer for the whole site.
        const notHere =
          failure.cause instanceof BadJsonFailure ||
          (failure.cause instanceof HttpFailure &&
            failure.cause.status >= 400 &&
            failure.cause.status < 500 &&
            !failure.retryable &&
            failure.code !== WordPressErrorCode.unauthorized);
        if (notHere) continue;
        throw failure;
      }
      const index = WpIndex.safeParse(answer);
      if (index.success && index.data.namespaces.includes('wp/v2')) {
        const siteUrl = (index.data.url ?? site).replace(/\/+$/, '');
        return { root, index: index.data, adminUrl: `${siteUrl}/wp-admin/` };
      }
    }
    throw noRestApiError(site, candidates, lastCause);
  }

  const client: WordPressClient = {
    site,
    username: options.username,

    root(signal) {
      if (!rootPromise) {
        const pending = discover(signal);
        rootPromise = pending;
        pending.then(
          (found) => {
            resolvedRoot = found;
          },
          () => {
            if (rootPromise === pending) rootPromise = undefined;
          },
        );
      }
      return rootPromise;
    },

    me(signal) {
      if (!mePromise) {
        const pending = client.request(
          WpUser,
          {
            method: 'GET',
            route: '/wp/v2/users/me',
            query: { context: 'edit', _fields: 'id,name,slug,capabilities' },
          },
          signal,
        );
        mePromise = pending;
        pending.catch(() => {
          if (mePromise === pending) mePromise = undefined;
        });
      }
      return mePromise;
    },

    async request(schema, spec, signal) {
      const { root } = await client.root(signal);
      try {
        return check(schema, await send(root, spec, signal), spec.method, spec.route);
      } catch (error) {
        const stale = staleAfter(error);
        if (stale.root) client.forget();
        else if (stale.user) mePromise = undefined;
        throw error;
      }
    },

    async probe(signal) {
      const root = resolvedRoot?.root ?? options.restRoot ?? fallbackRoot;
      const spec: RequestSpec = {
        method: 'GET',
        route: '/wp/v2/users/me',
        query: { _fields: 'id,name,slug' },
      };
      try {
        return check(WpUser, await send(root, spec, signal), spec.method, spec.route);
      } catch (error) {
        const failure = error as PublishError;
        const absent =
          failure.cause instanceof BadJsonFailure ||
          (failure.cause instanceof HttpFailure && failure.cause.status === 404);
        if (absent) throw noRestApiError(site, [root], failure);
        throw failure;
      }
    },

    knownRoot: () => resolvedRoot,

    forget() {
      rootPromise = undefined;
      resolvedRoot = undefined;
      mePromise = undefined;
    },
  };
  return client;
}
