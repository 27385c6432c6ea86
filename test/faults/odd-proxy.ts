/**
 * An odd marketplace: an HTTP proxy on a loopback port in front of the sandbox's API that passes every request on
 * unchanged, except those the scenario's `mode` answers itself: with the sandbox's own JSON rewritten (a poisoned
 * item, endless pages, a wrong type), or with a body the real marketplace should never send (truncated JSON, an
 * HTML page, a redirect to itself, a gzip bomb, a field of 400 MB). Bodies are streamed with back-pressure and
 * never built in memory, so the proxy can serve gigabytes while the daemon is measured.
 *
 * Unlike test/helpers/fault-proxy.ts (an answer replaced by a fixed string, or passed unchanged), the answers
 * here depend on the marketplace's own: the mode may read the sandbox's answer first (`upstream`).
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gzipSync } from 'node:zlib';

export interface OddRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: URLSearchParams;
}

/** The sandbox's answer to a request, its body parsed as JSON. */
export interface UpstreamJson {
  status: number;
  /** The headers worth passing on (the rate-limit counters, the date); no length or encoding. */
  headers: Record<string, string>;
  body: unknown;
}

/** What the proxy answers in the marketplace's place. `label` counts it (see `served`). */
export interface OddAnswer {
  label: string;
  status: number;
  headers?: Record<string, string>;
  /** A string or bytes, or chunks produced as the client reads them. */
  body: string | Buffer | (() => AsyncIterable<Buffer | string>);
}

/**
 * Decides one request: an answer of its own, or undefined to pass the request through. `upstream` asks the
 * sandbox (the same method and headers; another path and query when given).
 */
export type OddMode = (
  request: OddRequest,
  upstream: (pathAndQuery?: string) => Promise<UpstreamJson>,
) => OddAnswer | undefined | Promise<OddAnswer | undefined>;

export interface OddProxy {
  /** `http://127.0.0.1:<port>`: the daemon's `marketplace.baseUrl`. */
  readonly url: string;
  /** The sandbox's service root; until it is set every request answers 502. */
  target: string | undefined;
  /** The odd behaviour in force; undefined: every request passes unchanged. */
  mode: OddMode | undefined;
  /** How many answers with this label were served (counted when the answer started). */
  served(label: string): number;
  /** How many of them are over: sent whole, or cut off by the client. */
  ended(label: string): number;
  /** How many requests for this path (without the query) came, answered oddly or passed on. */
  requested(path: string): number;
  close(): Promise<void>;
}

/** Headers of the sandbox's answer that describe the connection or the bytes, not the answer. */
const HOP_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'etag',
]);

function passable(headers: IncomingMessage['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export async function startOddProxy(): Promise<OddProxy> {
  const state: { target: URL | undefined; mode: OddMode | undefined } = {
    target: undefined,
    mode: undefined,
  };
  const exchanges: Array<{ path: string; label?: string; ended: boolean }> = [];

  function forward(req: IncomingMessage, res: ServerResponse, target: URL): void {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }

  async function askUpstream(req: IncomingMessage, target: URL, pathAndQuery: string): Promise<UpstreamJson> {
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'accept', 'user-agent', 'idempotency-key']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return await new Promise<UpstreamJson>((resolve, reject) => {
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: pathAndQuery, headers },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('error', reject);
          answer.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON (a photo, an empty 204): the mode sees the text
            }
            resolve({ status: answer.statusCode ?? 502, headers: passable(answer.headers), body });
          });
        },
      );
      upstream.on('error', reject);
      upstream.end();
    });
  }

  async function answerWith(res: ServerResponse, answer: OddAnswer, path: string): Promise<void> {
    const exchange = { path, label: answer.label, ended: false };
    exchanges.push(exchange);
    res.once('close', () => {
      exchange.ended = true;
    });
    const { body } = answer;
    const headers = { 'content-type': 'application/json; charset=utf-8', ...answer.headers };
    if (typeof body !== 'function') {
      res.writeHead(answer.status, headers).end(body);
      return;
    }
    res.writeHead(answer.status, headers);
    // The client may stop reading (a byte limit): the stream ends there, the rest is never produced.
    await pipeline(Readable.from(body()), res).catch(() => res.destroy());
  }

  const server: Server = createServer((req, res) => {
    const target = state.target;
    if (!target) {
      req.resume();
      res.writeHead(502).end('no marketplace behind the proxy yet');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://proxy');
    const seen: OddRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams };
    const mode = state.mode;
    if (!mode) {
      exchanges.push({ path: url.pathname, ended: true });
      forward(req, res, target);
      return;
    }
    void (async () => {
      const answer = await mode(seen, (pathAndQuery = req.url ?? '/') =>
        askUpstream(req, target, pathAndQuery),
      );
      if (answer) {
        req.resume();
        await answerWith(res, answer, seen.path);
      } else {
        exchanges.push({ path: seen.path, ended: true });
        forward(req, res, target);
      }
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(502).end(`odd proxy: ${String(error)}`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get target() {
      return state.target?.href;
    },
    set target(value) {
      state.target = value === undefined ? undefined : new URL(value);
    },
    get mode() {
      return state.mode;
    },
    set mode(value) {
      state.mode = value;
    },
    served: (label) => exchanges.filter((e) => e.label === label).length,
    ended: (label) => exchanges.filter((e) => e.label === label && e.ended).length,
    requested: (path) => exchanges.filter((e) => e.path === path).length,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Odd bodies.

const MiB = 1024 * 1024;

/** A JSON answer of the sandbox's with the same status and headers, its body replaced. */
export function jsonAnswer(label: string, upstream: UpstreamJson, body: unknown): OddAnswer {
  return { label, status: upstream.status, headers: upstream.headers, body: JSON.stringify(body) };
}

/**
 * `page` as JSON with one more top-level field `name` of `bytes` ASCII letters first, streamed in 1 MiB chunks:
 * a page of `bytes` plus a little that no one may read whole.
 */
export function hugeFieldBody(page: unknown, name: string, bytes: number): () => AsyncIterable<Buffer> {
  const rest = JSON.stringify(page).slice(1);
  return async function* () {
    yield Buffer.from(`{${JSON.stringify(name)}:"`);
    const chunk = Buffer.alloc(MiB, 'a');
    for (let sent = 0; sent < bytes; sent += chunk.length) {
      yield sent + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - sent);
    }
    yield Buffer.from(rest.length > 1 ? `",${rest}` : `"}`);
  };
}

let bombMember: Buffer | undefined;

/**
 * A gzip body (`Content-Encoding: gzip`) that inflates to about `inflatedBytes`: JSON that opens a string and
 * never closes it. Gzip members of 64 MiB each (about 64 KB compressed) follow one another, which a gzip reader
 * must take as one stream, so a few megabytes on the wire inflate to gigabytes.
 */
export function gzipBombBody(inflatedBytes: number): () => AsyncIterable<Buffer> {
  bombMember ??= gzipSync(Buffer.alloc(64 * MiB, 'a'), { level: 9 });
  const member = bombMember;
  return async function* () {
    yield gzipSync('{"data":[],"strana":1,"na_stranu":200,"celkem":0,"poznamka":"');
    for (let inflated = 0; inflated < inflatedBytes; inflated += 64 * MiB) yield member;
  };
}
