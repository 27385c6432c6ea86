import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_LIMITS, listenLimited } from '../../../src/http-limits.js';

/** Opens a raw connection, writes `chunks` one by one `gapMs` apart, and resolves with what came back. */
async function slowClient(
  server: Server,
  chunks: string[],
  gapMs: number,
): Promise<{ answer: string; closedAfterMs: number }> {
  const { port } = server.address() as AddressInfo;
  const socket: Socket = connect(port, '127.0.0.1');
  const started = Date.now();
  let answer = '';
  socket.on('data', (d) => {
    answer += d.toString('latin1');
  });
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  socket.on('error', () => {});
  void (async () => {
    for (const chunk of chunks) {
      if (socket.destroyed) return;
      socket.write(chunk);
      await new Promise((r) => setTimeout(r, gapMs));
    }
  })();
  const closedAfterMs = await closed;
  return { answer, closedAfterMs };
}

describe('src/http-limits', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections();
    server = undefined;
  });

  it('has limits far below Node defaults (60 s headers, 300 s request)', () => {
    expect(DEFAULT_SERVER_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(10_000);
    expect(DEFAULT_SERVER_LIMITS.requestTimeoutMs).toBeLessThanOrEqual(30_000);
  });

  it('answers 408 and closes a client that trickles its headers (slowloris)', async () => {
    server = await listenLimited((_req, res) => res.end('ok'), '127.0.0.1', 0, {
      headersTimeoutMs: 600,
      requestTimeoutMs: 1_200,
    });
    // 30 header lines, 100 ms apart: 3 s, far past the 0.6 s limit.
    const lines = [
      'POST /webhook HTTP/1.1\r\nHost: x\r\n',
      ...Array.from({ length: 30 }, (_, i) => `X-${i}: y\r\n`),
    ];
    const { answer, closedAfterMs } = await slowClient(server, lines, 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(3_000);
  });

  it('answers 408 and closes a client that trickles its body', async () => {
    let handlerSawEnd = false;
    server = await listenLimited(
      (req, res) => {
        req.resume();
        req.on('end', () => {
          handlerSawEnd = true;
          res.end('ok');
        });
      },
      '127.0.0.1',
      0,
      { headersTimeoutMs: 500, requestTimeoutMs: 1_000 },
    );
    const head =
      'POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n';
    const { answer, closedAfterMs } = await slowClient(
      server,
      [head, ...'{"event":"deal.accepted","x":1}'.split('')],
      150,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(handlerSawEnd).toBe(false);
    expect(closedAfterMs).toBeLessThan(4_000);
  });

  it('serves a normal request', async () => {
    server = await listenLimited((_req, res) => res.end('ok'), '127.0.0.1', 0);
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(await res.text()).toBe('ok');
    expect(server.headersTimeout).toBe(DEFAULT_SERVER_LIMITS.headersTimeoutMs);
    expect(server.requestTimeout).toBe(DEFAULT_SERVER_LIMITS.requestTimeoutMs);
  });
});
