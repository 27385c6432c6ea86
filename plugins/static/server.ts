/**
 * The small file server behind `serve`: the site folder over HTTP, GET and HEAD only. No directory listings (a
 * folder answers with its index.html or 404), nothing outside the folder (`..`, encoded variants, symbolic
 * links pointing out), nothing hidden (any name starting with a dot: drafts, pressbridge's own state).
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, relative, sep } from 'node:path';
import { listenLimited } from '../../src/publisher/kit/index.js';
import type { Logger } from '../../src/publisher/types.js';
import { listenError } from './errors.js';
import { parseRequestPath } from './paths.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

/** The article pages need nothing but their own photos and their inline stylesheet. */
const PAGE_CSP =
  "default-src 'none'; img-src 'self' https: http:; media-src 'self' https: http:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export interface StaticServerOptions {
  root: string;
  host: string;
  /** 0 = any free port. */
  port: number;
  log: Logger;
}

export interface StaticServer {
  /** Where the folder is served, with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Listens, then resolves; a failure to listen rejects with a PublishError (EADDRINUSE is retryable). */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const handler = createStaticHandler(options.root, options.log);
  const server = await listenLimited(
    (req, res) => {
      handler(req, res).catch((error: unknown) => {
        options.log.error({ err: error, url: req.url }, 'static site server failed to answer a request');
        if (!res.headersSent) plain(res, 500, 'Internal Server Error');
        else res.destroy();
      });
    },
    options.host,
    options.port,
  ).catch((error: unknown) => {
    throw listenError(error, options.host, options.port);
  });
  // A side service of the daemon: it must not keep a process alive on its own (e.g. `pressbridge doctor`).
  server.unref();
  const port = (server.address() as AddressInfo).port;
  const url = `http://${urlHost(options.host)}:${port}/`;
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** The host part of the served URL: a wildcard address is reached through loopback; IPv6 in brackets. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The request handler, on its own for tests and for mounting elsewhere. */
export function createStaticHandler(
  root: string,
  log: Logger,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      plain(res, 405, 'Method Not Allowed');
      return;
    }
    const rawUrl = req.url ?? '/';
    const parsed = parseRequestPath(rawUrl);
    if (!parsed.ok) {
      plain(res, parsed.status, parsed.status === 400 ? 'Bad Request' : 'Not Found');
      return;
    }
    const found = await locate(root, parsed.segments, parsed.trailingSlash);
    if (found.kind === 'missing') {
      plain(res, 404, 'Not Found');
      return;
    }
    if (found.kind === 'folder') {
      // `/article` → `/article/`, so that the page's relative photo links resolve inside its folder. Relative
      // (`article/`), so that it stays right behind a reverse proxy that serves the folder under a prefix.
      const [path, query] = splitQuery(rawUrl);
      res.setHeader('Location', `${path.slice(path.lastIndexOf('/') + 1)}/${query}`);
      plain(res, 301, 'Moved Permanently');
      return;
    }
    const type = contentTypeOf(found.file);
    res.statusCode = 200;
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', found.size);
    res.setHeader('Last-Modified', found.mtime.toUTCString());
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', type.startsWith('text/html') ? 'no-cache' : 'public, max-age=3600');
    if (type.startsWith('text/html')) res.setHeader('Content-Security-Policy', PAGE_CSP);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(found.file);
    stream.on('error', (error) => {
      log.warn({ err: error, file: found.file }, 'static site server could not read a file');
      res.destroy(error);
    });
    stream.pipe(res);
  };
}

type Located =
  | { kind: 'file'; file: string; size: number; mtime: Date }
  | { kind: 'folder' }
  | { kind: 'missing' };

async function locate(root: string, segments: readonly string[], trailingSlash: boolean): Promise<Located> {
  let rootReal: string;
  let real: string;
  try {
    rootReal = await realpath(root);
    real = await realpath(join(root, ...segments));
  } catch {
    return { kind: 'missing' };
  }
  // A symbolic link may point anywhere: only what really lies inside the folder is served.
  if (real !== rootReal && !real.startsWith(rootReal + sep)) return { kind: 'missing' };
  // …and nothing hidden, even through a link (`article -> .drafts`).
  if (
    relative(rootReal, real)
      .split(sep)
      .some((name) => name.startsWith('.'))
  )
    return { kind: 'missing' };
  try {
    const info = await stat(real);
    if (info.isDirectory()) {
      if (!trailingSlash && segments.length > 0) return { kind: 'folder' };
      const index = join(real, 'index.html');
      const indexInfo = await stat(index);
      return indexInfo.isFile()
        ? { kind: 'file', file: index, size: indexInfo.size, mtime: indexInfo.mtime }
        : { kind: 'missing' };
    }
    if (!info.isFile() || trailingSlash) return { kind: 'missing' };
    return { kind: 'file', file: real, size: info.size, mtime: info.mtime };
  } catch {
    return { kind: 'missing' };
  }
}

function splitQuery(rawUrl: string): [string, string] {
  const at = rawUrl.search(/[?#]/);
  return at < 0 ? [rawUrl, ''] : [rawUrl.slice(0, at), rawUrl.slice(at)];
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', Buffer.byteLength(`${text}\n`));
  res.end(`${text}\n`);
}
