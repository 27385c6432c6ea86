/**
 * `fetch` for the setup's requests to typed addresses (the marketplace API, WordPress), over node:http(s) with a
 * DNS lookup that applies ./address-guard.ts's policy at connect time: the address checked is the address
 * connected to. Node's own fetch (undici) takes no lookup hook without the undici package, and a check made
 * before the request would let a name resolve to a public address then and to 127.0.0.1 a moment later (DNS
 * rebinding).
 *
 * What it does not do, on purpose: follow redirects (callers follow hop by hop, each hop a connection of its own,
 * checked again), keep connections alive (each request looks its address up anew), or decompress (it sends no
 * Accept-Encoding; a compressed answer stays bytes that nothing inflates, so no gzip bomb).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { assertAllowed, bareHost, checkedFetch, guardedLookup } from './address-guard.js';
import type { AddressPolicy } from './wordpress/types.js';

/** The answer of node:http as a web Response (the body streamed, never buffered here). */
function toResponse(res: IncomingMessage, method: string): Response {
  const status = res.statusCode ?? 0;
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    headers.append(res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? '');
  }
  const empty = method === 'HEAD' || status === 204 || status === 205 || status === 304;
  if (empty) res.resume();
  const body = empty ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, { status, statusText: res.statusMessage ?? '', headers });
}

export function createPinnedFetch(policy: AddressPolicy): typeof fetch {
  const lookup = guardedLookup(policy);
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`fetch: ${url.protocol} addresses are not fetched`);
    }
    // A literal address is connected to without a lookup: checked here.
    const host = bareHost(url);
    if (isIP(host) !== 0) assertAllowed(host, host, policy);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (body) headers['content-length'] = String(body.length);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return await new Promise<Response>((resolve, reject) => {
      const req = send(
        url,
        { method: request.method, headers, lookup, agent: false, signal: request.signal },
        (res) => {
          try {
            resolve(toResponse(res, request.method));
          } catch (error) {
            // A status or a header a web Response cannot carry: no answer pressbridge can read.
            res.destroy();
            reject(error);
          }
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}

/**
 * The setup's fetch under `policy`: pinned (above), or, when a test injects a fetch of its own, that fetch behind
 * the same check made before each request.
 */
export function setupFetch(policy: AddressPolicy, injected?: typeof fetch): typeof fetch {
  return injected ? checkedFetch(policy, injected) : createPinnedFetch(policy);
}
