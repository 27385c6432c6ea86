/**
 * Where the setup may connect (src/setup/address-guard.ts, pinned-fetch.ts), against real local servers: a local
 * address only when confirmed, the metadata service never, a name checked on what it resolves to when connecting,
 * and a test's own fetch checked before each request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkedFetch,
  LocalAddressError,
  localAddressCheck,
  localKind,
} from '../../../src/setup/address-guard.js';
import { createPinnedFetch } from '../../../src/setup/pinned-fetch.js';

describe('src/setup/address-guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['169.254.10.20', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['10.0.0.5', undefined],
    ['192.168.1.10', undefined],
    ['fd12::1', undefined],
    ['93.184.216.34', undefined],
    ['blog.example.cz', undefined],
  ])('localKind(%j) → %s', (address, kind) => {
    expect(localKind(address)).toBe(kind);
  });

  it('names the refusal in both languages with its fix; the metadata service has no confirmation to offer', () => {
    const local = localAddressCheck(
      'http://127.0.0.1:8090',
      new LocalAddressError('127.0.0.1', '127.0.0.1', 'loopback'),
    );
    expect(local).toMatchObject({ id: 'local-address', status: 'fail' });
    expect(local.detail.en).toBe(
      'http://127.0.0.1:8090 leads to this machine itself (127.0.0.1). pressbridge connects there only when you confirm that it is meant.',
    );
    expect(local.fix?.en).toContain('tick “Connect to a local address”');
    expect(local.fix?.cs).toContain('--allow-local');
    const metadata = localAddressCheck(
      'http://169.254.169.254/',
      new LocalAddressError('169.254.169.254', '169.254.169.254', 'metadata'),
    );
    expect(metadata.id).toBe('metadata-address');
    expect(metadata.detail.en).toContain('never connects there');
  });
});

describe('src/setup/pinned-fetch', () => {
  let server: Server;
  let port: number;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': ['a=1', 'b=2'] });
        res.end(
          JSON.stringify({ method: req.method, body, encoding: req.headers['accept-encoding'] ?? null }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses this machine under every name and spelling unless confirmed, before anything is sent', async () => {
    const refuse = createPinnedFetch({ allowLocal: false });
    seen.length = 0;
    for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '127.1', '0.0.0.0', '2130706433']) {
      const url = `http://${host}:${port}/x`;
      await expect(refuse(url), url).rejects.toBeInstanceOf(LocalAddressError);
    }
    expect(seen).toEqual([]);
  });

  it('connects when confirmed: method, body, headers and several Set-Cookie kept; nothing asked compressed', async () => {
    const allow = createPinnedFetch({ allowLocal: true });
    const answer = await allow(`http://localhost:${port}/post`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await answer.json()).toEqual({ method: 'POST', body: '{"a":1}', encoding: null });
  });

  it('never connects to the metadata service, confirmed or not', async () => {
    for (const allowLocal of [false, true]) {
      await expect(
        createPinnedFetch({ allowLocal })('http://169.254.169.254/latest/meta-data/'),
      ).rejects.toThrow(/metadata service/);
    }
  });

  it("checks a test's own fetch before each request, on the literal or on what the name resolves to", async () => {
    const asked: string[] = [];
    const base = (async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response('ok');
    }) as typeof fetch;
    const checked = checkedFetch({ allowLocal: false }, base);
    await expect(checked('http://127.0.0.1:1/')).rejects.toBeInstanceOf(LocalAddressError);
    await expect(checked('http://localhost:1/')).rejects.toBeInstanceOf(LocalAddressError);
    await expect(checked('http://[fe80::1]/')).rejects.toBeInstanceOf(LocalAddressError);
    expect(asked).toEqual([]);
    expect((await checked('http://192.0.2.10/')).status).toBe(200);
    expect(asked).toEqual(['http://192.0.2.10/']);
  });
});
