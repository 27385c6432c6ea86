/**
 * A logged-in browser of the status page without a browser: Basic auth with the page's password, the page's
 * cookies kept (the form token's), redirects not followed, each answer read and parsed. For the tests that post
 * the page's forms over HTTP (the Rules page, the Demands pages, the whole-daemon market tests).
 */
import * as cheerio from 'cheerio';

export interface StatusAnswer {
  res: Response;
  status: number;
  /** The redirect's target ('' when none). */
  location: string;
  text: string;
  $: cheerio.CheerioAPI;
}

export interface StatusClient {
  /** GET `path` (relative to the page's base, or a whole URL); with `form`, POST it urlencoded. */
  page(path: string, form?: Record<string, string>, options?: { auth?: boolean }): Promise<StatusAnswer>;
}

/** `base`: the status page's address (read at each request: a test's server may start after the client). */
export function statusClient(base: () => string, password: string, user = 'blogger'): StatusClient {
  const jar = new Map<string, string>();
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  return {
    async page(path, form, options = {}) {
      const root = base().endsWith('/') ? base() : `${base()}/`;
      const res = await fetch(new URL(path.replace(/^\//, ''), root), {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          ...(options.auth === false ? {} : { Authorization: authorization }),
          ...(jar.size > 0 ? { Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
          ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      const text = await res.text();
      return {
        res,
        status: res.status,
        location: res.headers.get('location') ?? '',
        text,
        $: cheerio.load(text),
      };
    },
  };
}
