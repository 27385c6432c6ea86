import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import {
  assertStatusListenAllowed,
  type StatusServer,
  startStatusServer,
} from '../../../src/status/index.js';
import {
  basicPassword,
  createCookieSigner,
  SECURITY_HEADERS,
  safeEqual,
} from '../../../src/status/security.js';
import { rawRequest } from '../../helpers/raw-request.js';
import { emptyStore, recordingActions } from './fixtures.js';

function deps(password?: string) {
  return {
    store: emptyStore,
    queueCounts: async () => ({}),
    rateLimit: async () => ({ limit: 60, remaining: 60, resetAt: new Date() }),
    redisReachable: async () => true,
    targets: async () => [],
    actions: recordingActions().actions,
    log: createSilentLogger(),
    version: 'test',
    language: 'en' as const,
    ...(password === undefined ? {} : { password }),
  };
}

/** A raw request, so the Host header can be anything. */
const raw = rawRequest;

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

let server: StatusServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('src/status/security', () => {
  it.each([
    [basic('anyone', 'pässwörd:with:colons'), 'pässwörd:with:colons'],
    [basic('', 'x'), 'x'],
    [`basic   ${Buffer.from('u:p').toString('base64')}`, 'p'],
    ['Bearer abc', undefined],
    [`Basic ${Buffer.from('no-colon').toString('base64')}`, undefined],
    [undefined, undefined],
  ])('basicPassword(%j) → %j', (header, expected) => {
    expect(basicPassword(header)).toBe(expected);
  });

  it('compares strings of any length', () => {
    expect(safeEqual('correct horse', 'correct horse')).toBe(true);
    expect(safeEqual('correct horse', 'correct hors')).toBe(false);
    expect(safeEqual('', 'x')).toBe(false);
  });

  it('signs per purpose and per key', () => {
    const signer = createCookieSigner(Buffer.alloc(32, 1));
    const other = createCookieSigner(Buffer.alloc(32, 2));
    const signature = signer.sign('csrf', 'value');

    expect(signer.verify('csrf', 'value', signature)).toBe(true);
    expect(signer.verify('flash', 'value', signature)).toBe(false);
    expect(signer.verify('csrf', 'value2', signature)).toBe(false);
    expect(other.verify('csrf', 'value', signature)).toBe(false);
  });

  it.each([
    ['0.0.0.0', undefined],
    ['::', undefined],
    ['192.168.1.10', ''],
  ])('refuses to listen on %s without a password', async (host, password) => {
    expect(() => assertStatusListenAllowed({ host }, password)).toThrow(ConfigError);
    await expect(startStatusServer(deps(password), { host, port: 0 })).rejects.toThrow(
      /status\.password.*without a password/,
    );
  });

  it('listens on a loopback address without a password', async () => {
    expect(() => assertStatusListenAllowed({ host: '127.0.0.1' }, undefined)).not.toThrow();
    server = await startStatusServer(deps(), { host: '127.0.0.1', port: 0 });

    const res = await fetch(server.url);

    expect(res.status).toBe(200);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('listens on every interface when a password is set, and then asks for it (401 without, 200 with)', async () => {
    server = await startStatusServer(deps('correct horse battery'), { host: '0.0.0.0', port: 0 });

    const without = await fetch(server.url);
    const wrong = await fetch(server.url, { headers: { Authorization: basic('admin', 'wrong') } });
    const right = await fetch(server.url, {
      headers: { Authorization: basic('whoever', 'correct horse battery') },
    });
    const asset = await fetch(`${server.url}assets/status.css`);

    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toMatch(/^Basic realm="pressbridge status"/);
    expect(await without.text()).toContain('Password required');
    expect(without.headers.get('set-cookie')).toBeNull();
    expect(wrong.status).toBe(401);
    expect(right.status).toBe(200);
    expect(await right.text()).toMatch(/<h1[^>]*>Overview<\/h1>/);
    expect(asset.status).toBe(401);
  });

  it('limits wrong passwords to 10 a minute per address: then 429 with Retry-After, even for the right one', async () => {
    // A local reverse proxy, trusted by configuration, tells the clients apart.
    server = await startStatusServer(
      { ...deps('correct horse battery'), trustProxy: ['loopback'] },
      { host: '127.0.0.1', port: 0 },
    );
    const attempt = (password: string, from?: string) =>
      raw(server!.url, {
        Authorization: basic('admin', password),
        ...(from === undefined ? {} : { 'X-Forwarded-For': from }),
      });

    const wrong = [];
    for (let i = 0; i < 10; i += 1) wrong.push((await attempt(`guess-${i}`)).status);
    const blocked = await attempt('guess-10');
    const rightWhileBlocked = await attempt('correct horse battery');
    const otherClient = await attempt('correct horse battery', '198.51.100.9');
    const withoutPassword = await fetch(server.url);

    expect(wrong).toEqual(Array(10).fill(401));
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(blocked.body).toContain('Too many wrong passwords');
    expect(rightWhileBlocked.status).toBe(429);
    // Another address (through the local proxy) is not held back by this one's guesses.
    expect(otherClient.status).toBe(200);
    // A browser's first request without credentials is no guess: it still gets the 401 that makes it ask.
    expect(withoutPassword.status).toBe(401);
  });

  it("a page rebinding its own name spends its own wrong passwords, never the owner's on 127.0.0.1", async () => {
    // Docker: every client comes from the network's gateway, so all share one address.
    server = await startStatusServer(deps('correct horse battery'), { host: '127.0.0.1', port: 0 });
    const port = new URL(server.url).port;
    const rebound = [];
    for (let i = 0; i < 12; i += 1) {
      const answer = await raw(server.url, {
        Host: `attacker.example:${port}`,
        Authorization: basic('admin', `guess-${i}`),
      });
      rebound.push(answer.status);
    }
    const owner = await raw(server.url, {
      Host: `127.0.0.1:${port}`,
      Authorization: basic('admin', 'correct horse battery'),
    });
    // Every other spelling of loopback shares the owner's one bucket: no fresh tries by respelling 127.0.0.1.
    const respelled = [];
    for (const host of ['127.1', '127.0.0.2', 'localhost', '0x7f.1', '[::1]', 'LOCALHOST.', '2130706433']) {
      respelled.push(
        (await raw(server.url, { Host: `${host}:${port}`, Authorization: basic('a', 'x') })).status,
      );
    }
    const fourth = await raw(server.url, { Host: `127.0.0.3:${port}`, Authorization: basic('a', 'y') });

    expect(rebound).toEqual([...Array(10).fill(401), 429, 429]);
    expect(owner.status).toBe(200);
    expect(respelled).toEqual(Array(7).fill(401));
    // Seven respelled wrong tries + this one and two more fill the same bucket (10): not yet, still counted.
    expect(fourth.status).toBe(401);
    const more = [];
    for (let i = 0; i < 3; i += 1)
      more.push(
        (await raw(server.url, { Host: `localhost:${port}`, Authorization: basic('a', `z${i}`) })).status,
      );
    expect(more).toEqual([401, 401, 429]);
  });

  it('answers only loopback host names without a password (DNS rebinding, a proxy publishing it)', async () => {
    server = await startStatusServer(
      { ...deps(), allowedHosts: ['pressbridge'] },
      { host: '127.0.0.1', port: 0 },
    );
    const port = new URL(server.url).port;

    const local = await raw(server.url, { Host: `localhost:${port}` });
    const allowed = await raw(server.url, { Host: `pressbridge:${port}` });
    const rebound = await raw(server.url, { Host: 'attacker.example' });
    const proxied = await raw(server.url, { Host: 'status.blog.example.cz' });
    const proxiedLocal = await raw(server.url, {
      Host: `127.0.0.1:${port}`,
      'X-Forwarded-For': '203.0.113.7',
    });
    const forwarded = await raw(server.url, { Host: `localhost:${port}`, Forwarded: 'for=203.0.113.7' });

    expect(local.status).toBe(200);
    expect(allowed.status).toBe(200);
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('Set status.password');
    expect(proxied.status).toBe(403);
    expect(proxiedLocal.status).toBe(403);
    expect(forwarded.status).toBe(403);
  });

  it('lets a reverse proxy through when a password is set, and believes its https only when trusted', async () => {
    const proxied = {
      Host: 'status.blog.example.cz',
      'X-Forwarded-For': '203.0.113.7',
      'X-Forwarded-Proto': 'https',
      Authorization: basic('u', 'proxy-password'),
    };
    server = await startStatusServer(
      { ...deps('proxy-password'), trustProxy: ['127.0.0.1'] },
      { host: '127.0.0.1', port: 0 },
    );
    const trusted = await raw(server.url, proxied);
    await server.close();
    server = await startStatusServer(deps('proxy-password'), { host: '127.0.0.1', port: 0 });
    const untrusted = await raw(server.url, proxied);

    expect(trusted.status).toBe(200);
    // The configured proxy said https: the form cookie is marked Secure.
    expect(String(trusted.headers['set-cookie'])).toMatch(/pb_csrf=[^;]+;[^,]*; Secure/);
    // By default nobody's X-Forwarded-Proto counts: the connection itself was plain http.
    expect(untrusted.status).toBe(200);
    expect(String(untrusted.headers['set-cookie'])).toMatch(/pb_csrf=/);
    expect(String(untrusted.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('sends the security headers on pages, assets and refusals', async () => {
    server = await startStatusServer(deps('pw-for-headers'), { host: '127.0.0.1', port: 0 });
    const auth = { Authorization: basic('u', 'pw-for-headers') };

    for (const [path, headers] of [
      ['', auth],
      ['assets/status.js', auth],
      ['deals/abc', auth],
      ['', {}],
    ] as const) {
      const res = await fetch(server.url + path, { headers });
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(res.headers.get(name), `${name} on /${path}`).toBe(value);
      }
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    const csp = SECURITY_HEADERS['Content-Security-Policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
