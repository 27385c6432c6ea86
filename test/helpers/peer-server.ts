/**
 * A real local HTTP server (node:http on 127.0.0.1, a random port) playing an odd peer: answers of any size,
 * declared or not, streamed with backpressure (so only what the client reads is ever produced), gzip bombs,
 * bodies that trickle. Each answer records how much of its body went out and whether the client hung up first,
 * which is how a test sees that a reader stopped reading.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';

/** What one answer sent. */
export interface Served {
  /** Body bytes handed to the socket (compressed bytes for a gzip answer). */
  written: number;
  /** The whole body went out. */
  finished: boolean;
  /** The connection closed before the body was complete: the client stopped reading. */
  closedEarly: boolean;
}

export type Route = (req: IncomingMessage, res: ServerResponse, served: Served) => void;

export interface PeerServer {
  url: string;
  /** The last answer served on `path` (without the query). */
  served(path: string): Served | undefined;
  close(): Promise<void>;
}

export async function startPeerServer(routes: Readonly<Record<string, Route>>): Promise<PeerServer> {
  const served = new Map<string, Served>();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const route = routes[path];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no route');
      return;
    }
    const record: Served = { written: 0, finished: false, closedEarly: false };
    served.set(path, record);
    res.on('finish', () => {
      record.finished = true;
    });
    res.on('close', () => {
      if (!record.finished) record.closedEarly = true;
    });
    route(req, res, record);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served: (path) => served.get(path),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Pipes `chunks()` to the answer with backpressure, counting what went out; stops when the client leaves. */
function pipeCounted(res: ServerResponse, served: Served, chunks: () => Iterator<Buffer>): void {
  const source = chunks();
  const stream = new Readable({
    read() {
      const next = source.next();
      if (next.done) this.push(null);
      else {
        served.written += next.value.byteLength;
        this.push(next.value);
      }
    },
  });
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

function* repeat(total: number, fill: number): Generator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, fill);
  for (let left = total; left > 0; left -= chunk.byteLength) {
    yield left >= chunk.byteLength ? chunk : chunk.subarray(0, left);
  }
}

export interface BodyOptions {
  status?: number;
  headers?: Record<string, string>;
  /** Sends `Content-Length` (default: chunked, no length). */
  declareLength?: boolean;
  /** Written before the filler (e.g. `{"data":[` or an error envelope). */
  head?: string;
  /** The filler byte (default a space: still valid JSON whitespace). */
  fill?: number;
}

/** `total` bytes: `head`, then the filler. */
export function sizedBody(total: number, options: BodyOptions = {}): Route {
  return (_req, res, served) => {
    const head = Buffer.from(options.head ?? '');
    res.writeHead(options.status ?? 200, {
      'content-type': 'application/json',
      ...(options.declareLength ? { 'content-length': String(total) } : {}),
      ...options.headers,
    });
    pipeCounted(res, served, function* () {
      yield head;
      yield* repeat(total - head.byteLength, options.fill ?? 0x20);
    });
  };
}

/** A body that, gzip-decoded, is `inflatedBytes` of spaces: 16 MiB members (16 KB each on the wire) in a row. */
export function gzipBomb(inflatedBytes: number, options: Omit<BodyOptions, 'declareLength'> = {}): Route {
  const memberBytes = 16 * 1024 * 1024;
  const member = gzipSync(Buffer.alloc(memberBytes, options.fill ?? 0x20), { level: 9 });
  return (_req, res, served) => {
    res.writeHead(options.status ?? 200, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      ...options.headers,
    });
    pipeCounted(res, served, function* () {
      for (let left = inflatedBytes; left > 0; left -= memberBytes) yield member;
    });
  };
}

/** `head` at once, then one filler byte every `everyMs`, never ending. */
export function trickle(head: string, everyMs: number): Route {
  return (_req, res, served) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(head);
    served.written += Buffer.byteLength(head);
    const timer = setInterval(() => {
      res.write(' ');
      served.written += 1;
    }, everyMs);
    res.on('close', () => clearInterval(timer));
  };
}

/** A small JSON answer. */
export function jsonBody(value: unknown, status = 200): Route {
  return (_req, res, served) => {
    const body = Buffer.from(JSON.stringify(value));
    served.written = body.byteLength;
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  };
}
