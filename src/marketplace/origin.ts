/**
 * The marketplace's own origin: the service root as configured, and the redirect rule that keeps the API key on
 * that origin (the transport, ./transport.ts, follows redirects only through here).
 */
import { MarketplaceError } from '../errors.js';
import type { RequestContext } from './classify.js';
import { MAX_REDIRECTS } from './client-options.js';

/** The service root as configured: an http(s) URL, its query and fragment dropped. */
export function parseBaseUrl(value: string): URL {
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

/**
 * Redirects are followed by hand so the key never travels to another host: only GETs, only on the
 * marketplace's own origin, at most MAX_REDIRECTS hops, each through the rate limiter.
 */
export function followRedirect(
  context: RequestContext,
  response: Response,
  from: URL,
  hop: number,
  base: URL,
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
  if (context.method !== 'GET' || !location)
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
