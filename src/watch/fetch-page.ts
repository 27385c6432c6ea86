/**
 * One GET of a live article for the watcher: redirects followed only within the same site (the host, with or
 * without `www.`), a timeout for the whole answer, and at most `maxBytes` of the body read.
 */
import { describe } from '../pipeline/verify.js';
import { USER_AGENT } from '../version.js';

const MAX_REDIRECTS = 5;

export interface PageAnswer {
  /** HTTP status of the last answer; 0 when none came. */
  status: number;
  /** The URL that answered last. */
  finalUrl: string;
  /** The body (at most `maxBytes`), read only for a 200. */
  html?: string;
  /** Why there is no usable answer (network error, timeout, a redirect to another site). */
  error?: string;
}

export interface FetchPageOptions {
  timeoutMs: number;
  maxBytes: number;
  fetch: typeof fetch;
  signal?: AbortSignal;
}

function siteOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^www\./, '');
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, maxBytes));
}

export async function fetchPage(url: string, options: FetchPageOptions): Promise<PageAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let current = new URL(url);
  const site = siteOf(current);
  try {
    for (let hop = 0; ; hop++) {
      const response = await options.fetch(current.href, {
        method: 'GET',
        redirect: 'manual',
        signal,
        headers: { 'User-Agent': USER_AGENT, Accept: 'text/html,*/*;q=0.8', 'Cache-Control': 'no-cache' },
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => {});
        const next = new URL(location, current);
        if (siteOf(next) !== site || !/^https?:$/.test(next.protocol)) {
          return { status: response.status, finalUrl: current.href, error: `redirects to ${next.origin}` };
        }
        if (hop >= MAX_REDIRECTS) {
          return { status: response.status, finalUrl: current.href, error: 'too many redirects' };
        }
        current = next;
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => {});
        return { status: response.status, finalUrl: current.href };
      }
      return { status: 200, finalUrl: current.href, html: await readCapped(response, options.maxBytes) };
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted)
      return { status: 0, finalUrl: current.href, error: `no answer within ${options.timeoutMs} ms` };
    return { status: 0, finalUrl: current.href, error: describe(error) };
  }
}
