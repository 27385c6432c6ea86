/**
 * status.trustProxy against real connections: a loopback TCP pass-through (as stunnel, haproxy in TCP mode or
 * `ssh -L` would be) in front of the page, and a tiny real HTTP reverse proxy that appends the client's address
 * to X-Forwarded-For as nginx's `$proxy_add_x_forwarded_for` does. Clients play different machines by binding
 * their own loopback addresses (127.0.0.0/8 is all loopback on Linux).
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../src/logger.js';
import { createGuessLimiter } from '../../../src/status/guess-limit.js';
import { type StatusServer, startStatusServer } from '../../../src/status/index.js';
import type { StatusDeps } from '../../../src/status/types.js';
import { rawRequest } from '../../helpers/raw-request.js';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.js';
import { emptyStore, recordingActions } from './fixtures.js';

const PASSWORD = 'correct horse battery';
/** The address the reverse proxy connects from, as a proxy's own address would be. */
const PROXY_ADDRESS = '127.0.0.9';

const basic = (password: string) => `Basic ${Buffer.from(`u:${password}`).toString('base64')}`;

function deps(extra: Partial<StatusDeps> = {}): StatusDeps {
  return {
    store: emptyStore,
    queueCounts: async () => ({}),
    rateLimit: async () => ({ limit: 60, remaining: 60, resetAt: new Date() }),
    redisReachable: async () => true,
    targets: async () => [],
    actions: recordingActions().actions,
    log: createSilentLogger(),
    version: 'test',
    language: 'en',
    password: PASSWORD,
    ...extra,
  };
}

/** A minimal HTTP reverse proxy: appends the peer to X-Forwarded-For, connects upstream from PROXY_ADDRESS. */
async function startReverseProxy(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const before = req.headers['x-forwarded-for'];
    const peer = req.socket.remoteAddress ?? '';
    const headers = {
      ...req.headers,
      'x-forwarded-for': before ? `${String(before)}, ${peer}` : peer,
      'x-forwarded-proto': 'http',
    };
    const out = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers,
        localAddress: PROXY_ADDRESS,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

async function statusPage(extra: Partial<StatusDeps> = {}): Promise<StatusServer> {
  const server = await startStatusServer(deps(extra), { host: '127.0.0.1', port: 0 });
  cleanups.push(() => server.close());
  return server;
}

/** 10 wrong passwords, each claiming another address, then an 11th: their statuses. */
async function forgedGuesses(url: string, localAddress?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i += 1) {
    const headers = { Authorization: basic(`guess-${i}`), 'X-Forwarded-For': `203.0.113.${i + 1}` };
    statuses.push((await rawRequest(url, headers, localAddress ? { localAddress } : {})).status);
  }
  return statuses;
}

describe('status.trustProxy (src/status/access-control)', () => {
  it('off (default): through a loopback TCP pass-through, forged X-Forwarded-For still ends in 429', async () => {
    const page = await statusPage();
    const { port } = new URL(page.url);
    const passThrough: TcpProxy = await startTcpProxy({ host: '127.0.0.1', port: Number(port) });
    cleanups.push(() => passThrough.close());

    const statuses = await forgedGuesses(`${passThrough.url}/`);

    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('a proxy address: a real reverse proxy tells clients apart, and their forged headers are ignored', async () => {
    const page = await statusPage({ trustProxy: [PROXY_ADDRESS] });
    const proxy = await startReverseProxy(page.url);
    cleanups.push(() => proxy.close());

    const first = await forgedGuesses(proxy.url, '127.0.0.2');
    const second = await rawRequest(
      proxy.url,
      { Authorization: basic(PASSWORD) },
      { localAddress: '127.0.0.3' },
    );
    // A client that bypasses the proxy is not believed either: its peer address is not the proxy's.
    const direct = await forgedGuesses(page.url, '127.0.0.4');

    expect(first).toEqual([...Array(10).fill(401), 429]);
    expect(second.status).toBe(200);
    expect(direct).toEqual([...Array(10).fill(401), 429]);
  });

  it('a hop count: the address one hop back counts, whatever the client wrote before it', async () => {
    const page = await statusPage({ trustProxy: 1 });
    const proxy = await startReverseProxy(page.url);
    cleanups.push(() => proxy.close());

    const first = await forgedGuesses(proxy.url, '127.0.0.5');
    const second = await rawRequest(
      proxy.url,
      { Authorization: basic('wrong') },
      { localAddress: '127.0.0.6' },
    );

    expect(first).toEqual([...Array(10).fill(401), 429]);
    expect(second.status).toBe(401);
  });

  it('the global slowdown pauses new browsers for seconds, not one that gave the password before', async () => {
    const page = await statusPage({
      trustProxy: [PROXY_ADDRESS],
      guesses: createGuessLimiter({ globalMaxFailures: 5 }),
    });
    const proxy = await startReverseProxy(page.url);
    cleanups.push(() => proxy.close());
    const known = await rawRequest(
      proxy.url,
      { Authorization: basic(PASSWORD) },
      { localAddress: '127.0.0.20' },
    );
    const cookie = String(known.headers['set-cookie'])
      .split(/,\s*(?=pb_)/)
      .find((c) => c.startsWith('pb_known='))
      ?.split(';')[0];

    for (let i = 0; i < 5; i += 1) {
      await rawRequest(proxy.url, { Authorization: basic('wrong') }, { localAddress: `127.0.1.${i + 1}` });
    }
    const newcomer = await rawRequest(
      proxy.url,
      { Authorization: basic(PASSWORD) },
      { localAddress: '127.0.0.21' },
    );
    const loggedIn = await rawRequest(
      proxy.url,
      { Authorization: basic(PASSWORD), Cookie: cookie ?? '' },
      { localAddress: '127.0.0.22' },
    );
    const forgedCookie = await rawRequest(
      proxy.url,
      {
        Authorization: basic(PASSWORD),
        Cookie: `pb_known=${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`,
      },
      { localAddress: '127.0.0.23' },
    );

    expect(known.status).toBe(200);
    expect(cookie).toMatch(/^pb_known=\d+\.[\w-]{43}$/);
    expect(newcomer.status).toBe(429);
    expect(Number(newcomer.headers['retry-after'])).toBeLessThanOrEqual(5);
    expect(newcomer.body).toContain('from many addresses');
    expect(loggedIn.status).toBe(200);
    expect(forgedCookie.status).toBe(429);
  });
});
