/**
 * The marketplace's own origin: the service root as configured, and the redirect rule that keeps the API key on
 * that origin (the transport, ./transport.ts, follows redirects only through here).
 */
import { MarketplaceError, type Phrase } from '../errors.js';
import { english, type RequestContext } from './classify.js';
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
  const fail = (code: string, said: Phrase): MarketplaceError =>
    new MarketplaceError({
      status: response.status,
      code,
      message: english(said),
      said,
      method: context.method,
      path: context.path,
      retryable: false,
    });
  if (context.method !== 'GET' || !location)
    throw fail('unexpected_redirect', { key: 'market.redirect.unexpected' });
  if (hop > MAX_REDIRECTS) {
    throw fail('too_many_redirects', {
      key: 'market.redirect.too_many',
      params: { max: String(MAX_REDIRECTS) },
    });
  }
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw fail('unexpected_redirect', { key: 'market.redirect.not_url' });
  }
  if (next.origin !== base.origin) {
    const params = { host: next.host, ours: base.host };
    throw fail('foreign_redirect', { key: 'market.redirect.foreign', params });
  }
  return next;
}
