/**
 * One GET of a live article for the watcher: redirects followed only within the article's own site, a timeout
 * for the whole answer, and at most `maxBytes` of the body read.
 *
 * The article's site is its URL's scheme, host and port. A redirect is followed only to the same scheme and
 * port, and to the same host or the same host with or without `www.`; the one change of scheme allowed is
 * http → https between the default ports (80 → 443), the usual upgrade, after which the site is https. Any
 * other redirect is refused and named: a redirect to another port of the blog's host reached services that
 * listen only for the host's own programs (Redis, an admin API), and https → http would read the page
 * unencrypted. The `www.` pair is kept because it is the same DNS owner's usual alias of one site, and it is
 * only allowed with the scheme and port unchanged, so it cannot reach anything the first URL could not.
 */
import { createHash } from 'node:crypto';
import type { Phrase, Said } from '../errors.js';
import { readBodyHead } from '../http-body.js';
import { sayFrom } from '../i18n/catalog.js';
import { marketplaceMessages } from '../i18n/messages/marketplace.js';
import { watchMessages } from '../i18n/messages/watch.js';
import { networkFailure } from '../network-reason.js';
import { USER_AGENT } from '../version.js';

const MAX_REDIRECTS = 5;

export interface PageAnswer {
  /** HTTP status of the last answer; 0 when none came. */
  status: number;
  /** The URL that answered last. */
  finalUrl: string;
  /** The body (at most `maxBytes`), read only for a 200. */
  html?: string;
  /** Why there is no usable answer (network error, timeout, a refused redirect), in English. */
  error?: string;
  /** The same for the blogger (`net.*`, `watch.fetch.*`). */
  errorSaid?: Said;
  /** SHA-256 (hex) of the body's bytes as read (the first `maxBytes`), with `html`. */
  bodySha256?: string;
  /** The body was longer than `maxBytes`: `html` holds its beginning only. */
  truncated?: boolean;
  /** The answer's `X-Robots-Tag` header(s), when any. */
  robotsTag?: string;
  /** The answer's validators (`ETag`, `Last-Modified`), when any. */
  validators?: Validators;
}

/** What a site gives to ask "changed since?" next time (RFC 9110 §8.8). */
export interface Validators {
  etag?: string | undefined;
  lastModified?: string | undefined;
}

export interface FetchPageOptions {
  timeoutMs: number;
  maxBytes: number;
  fetch: typeof fetch;
  signal?: AbortSignal;
  /** The `User-Agent` sent (./pace.ts `watchUserAgent`); pressbridge's own when absent. */
  userAgent?: string;
  /** The previous answer's validators: sent as `If-None-Match` / `If-Modified-Since`, so a 304 may come. */
  validators?: Validators;
}

function conditionalHeaders(validators: Validators | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (validators?.etag) headers['If-None-Match'] = validators.etag;
  if (validators?.lastModified) headers['If-Modified-Since'] = validators.lastModified;
  return headers;
}

function answerFacts(response: Response): Pick<PageAnswer, 'robotsTag' | 'validators'> {
  const robotsTag = response.headers.get('x-robots-tag') ?? undefined;
  const etag = response.headers.get('etag') ?? undefined;
  const lastModified = response.headers.get('last-modified') ?? undefined;
  const validators: Validators = {
    ...(etag ? { etag } : {}),
    ...(lastModified ? { lastModified } : {}),
  };
  return {
    ...(robotsTag ? { robotsTag } : {}),
    ...(etag || lastModified ? { validators } : {}),
  };
}

const WEB = new Set(['http:', 'https:']);

const hostOf = (url: URL): string => url.hostname.toLowerCase().replace(/^www\./, '');

/** Why there is no answer, in English for the log and as the phrase the blogger reads. */
function failed(said: Phrase): { error: string; errorSaid: Phrase } {
  return { error: sayFrom({ ...watchMessages, ...marketplaceMessages }, 'en', said), errorSaid: said };
}

/**
 * Why a redirect from the article's site `site` (its first URL, or that URL upgraded to https) to `next` is
 * not followed (the catalog's `watch.fetch.*`), or undefined when it is (see the module comment).
 */
export function redirectRefusal(site: URL, next: URL): Phrase | undefined {
  const refused = (key: string): Phrase => ({
    key: 'watch.fetch.redirect_refused',
    params: {
      target: WEB.has(next.protocol) ? next.origin : next.protocol,
      why: { key: `watch.fetch.${key}`, params: { site: site.origin } },
    },
  });
  if (!WEB.has(next.protocol)) return refused('not_web');
  if (site.protocol === 'https:' && next.protocol === 'http:') return refused('downgrade');
  const upgrade = site.protocol === 'http:' && next.protocol === 'https:';
  if (upgrade && (site.port !== '' || next.port !== '')) return refused('upgrade_port');
  if (!upgrade && next.port !== site.port) return refused('other_port');
  if (hostOf(next) !== hostOf(site)) return refused('other_site');
  return undefined;
}

/** The first `maxBytes` of the page (src/http-body.ts), its SHA-256, and whether there was more. */
async function readPage(
  response: Response,
  maxBytes: number,
): Promise<{ html: string; truncated: boolean; sha256: string }> {
  const { bytes, truncated } = await readBodyHead(response, maxBytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { html: new TextDecoder().decode(bytes), truncated, sha256 };
}

export async function fetchPage(url: string, options: FetchPageOptions): Promise<PageAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let current = new URL(url);
  if (!WEB.has(current.protocol))
    return { status: 0, finalUrl: url, ...failed({ key: 'watch.fetch.address_not_web' }) };
  let site = current;
  try {
    for (let hop = 0; ; hop++) {
      const response = await options.fetch(current.href, {
        method: 'GET',
        redirect: 'manual',
        signal,
        headers: {
          'User-Agent': options.userAgent ?? USER_AGENT,
          Accept: 'text/html,*/*;q=0.8',
          'Cache-Control': 'no-cache',
          ...conditionalHeaders(options.validators),
        },
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => {});
        const next = new URL(location, current);
        const refusal = redirectRefusal(site, next);
        if (refusal !== undefined)
          return { status: response.status, finalUrl: current.href, ...failed(refusal) };
        if (hop >= MAX_REDIRECTS) {
          const tooMany = failed({ key: 'watch.fetch.too_many_redirects' });
          return { status: response.status, finalUrl: current.href, ...tooMany };
        }
        if (next.protocol !== site.protocol) site = next;
        current = next;
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => {});
        return { status: response.status, finalUrl: current.href, ...answerFacts(response) };
      }
      const { html, truncated, sha256 } = await readPage(response, options.maxBytes);
      return {
        status: 200,
        finalUrl: current.href,
        html,
        bodySha256: sha256,
        ...(truncated ? { truncated } : {}),
        ...answerFacts(response),
      };
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) {
      const timedOut = failed({ key: 'market.no_answer.timeout', params: { ms: options.timeoutMs } });
      return { status: 0, finalUrl: current.href, ...timedOut };
    }
    // The one wording of network errors, in English and as its phrase (`net.*`).
    return { status: 0, finalUrl: current.href, ...networkFailure(error) };
  }
}
