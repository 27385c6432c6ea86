/**
 * One WordPress site's REST API: the root found once, the user of the Application Password, and each call
 * checked against its schema, failures classified (errors.ts) and redacted. The HTTP goes through
 * `@wordpress/api-fetch` (api-fetch.ts), every call with its full URL and its own Authorization header.
 */
import type { z } from 'zod';
import { PublishError } from '../../src/errors.js';
import type { Logger } from '../../src/publisher/types.js';
import { callApiFetch, type WordPressCall } from './api-fetch.js';
import {
  noRestApiError,
  type RequestContext,
  redactError,
  secretsOf,
  toPublishError,
  unexpectedAnswerError,
  WordPressErrorCode,
} from './errors.js';
import { BadJsonFailure, HttpFailure } from './failures.js';
import { WpIndex, WpUser } from './wp-schema.js';

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
    const call: WordPressCall = {
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
    const started = Date.now();
    try {
      const answer = await callApiFetch(call, options.fetch);
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
