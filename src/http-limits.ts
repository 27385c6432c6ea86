import { createServer, type RequestListener, type Server } from 'node:http';
import { ListenError, type ListenerName } from './errors.js';

/**
 * Time and size limits for every HTTP listener of the daemon (webhook, status page, static site).
 *
 * Node's own defaults are generous (a request may take 5 minutes, headers 60 s), so a client that trickles its
 * headers or body byte by byte (slowloris) would hold a socket and a little memory for that long; a few hundred
 * of them and the webhook stops answering the marketplace. A marketplace delivery is a small JSON body sent at
 * once: 10 s for the headers and 30 s for the whole request are ample even on a slow link. Body sizes are
 * limited per route (the webhook's `maxBodyBytes`, the status page's 4 kB forms).
 */
export interface ServerLimits {
  /** Time to receive the request headers (Node default 60 s). */
  headersTimeoutMs: number;
  /** Time to receive the whole request (Node default 300 s). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (Node default 5 s). */
  keepAliveTimeoutMs: number;
  /** At most this many header lines are read (Node default 2000). */
  maxHeadersCount: number;
  /** Requests served on one kept-alive connection before it is closed (Node default: unlimited). */
  maxRequestsPerSocket: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeadersCount: 100,
  maxRequestsPerSocket: 1_000,
};

/**
 * An HTTP server with the limits. Node checks the header and request timeouts every
 * `connectionsCheckingInterval` (30 s by default, fixed at creation), so the server is created here with a 1 s
 * check rather than limited afterwards: a slow client is cut off within a second of its limit.
 */
function createLimitedServer(handler: RequestListener, limits: Partial<ServerLimits> = {}): Server {
  const l = { ...DEFAULT_SERVER_LIMITS, ...limits };
  const server = createServer(
    {
      headersTimeout: l.headersTimeoutMs,
      requestTimeout: l.requestTimeoutMs,
      keepAliveTimeout: l.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, l.headersTimeoutMs),
    },
    handler,
  );
  server.maxHeadersCount = l.maxHeadersCount;
  server.maxRequestsPerSocket = l.maxRequestsPerSocket;
  return server;
}

/** Listens on host:port with the limits; resolves once listening. */
export async function listenLimited(
  handler: RequestListener,
  host: string,
  port: number,
  limits: Partial<ServerLimits> = {},
): Promise<Server> {
  const server = createLimitedServer(handler, limits);
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ host, port });
  });
  return server;
}

/**
 * `listenLimited` for one of the daemon's named listeners: a port that is taken or not allowed becomes a
 * `ListenError` naming the listener, so the blogger is told which port to change and how.
 */
export async function listenAs(
  listener: ListenerName,
  handler: RequestListener,
  host: string,
  port: number,
): Promise<Server> {
  try {
    return await listenLimited(handler, host, port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      throw new ListenError({ listener, address: host, port, cause: error });
    }
    throw error;
  }
}
