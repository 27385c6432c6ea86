/**
 * The watcher's GET stays on the article's site: the redirect rule as a table, then against real local servers
 * (a blog that redirects to another port of its host, an https blog that redirects to http), where the target
 * must never be asked. The https blog uses a certificate made for this run with the system's openssl.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/i18n/index.js';
import { fetchPage, redirectRefusal } from '../../../src/watch/fetch-page.js';
import { foreignWords } from '../../helpers/language.js';

const cs = createTranslator('cs');
const en = createTranslator('en');

describe('src/watch/fetch-page redirectRefusal', () => {
  it.each([
    ['https://blog.cz/a', 'https://blog.cz/b', undefined],
    ['https://blog.cz/a', 'https://www.blog.cz/a', undefined],
    ['https://www.blog.cz/a', 'https://BLOG.cz:443/a', undefined],
    ['http://blog.cz/a', 'https://blog.cz/a', undefined],
    ['http://blog.cz/a', 'https://www.blog.cz/a', undefined],
    ['http://blog.cz:8080/a', 'http://blog.cz:8080/b', undefined],
    ['https://blog.cz/a', 'http://blog.cz/a', 'a downgrade from https://blog.cz to unencrypted http'],
    ['https://blog.cz/a', 'https://blog.cz:6379/', "another port than the article's site https://blog.cz"],
    ['http://blog.cz/a', 'http://blog.cz:8080/', "another port than the article's site http://blog.cz"],
    ['http://blog.cz:8080/a', 'http://blog.cz/', "another port than the article's site http://blog.cz:8080"],
    [
      'http://blog.cz:8080/a',
      'https://blog.cz:8443/',
      'http → https is followed only between the default ports',
    ],
    ['http://blog.cz/a', 'https://blog.cz:8443/', 'http → https is followed only between the default ports'],
    ['https://blog.cz/a', 'https://shop.blog.cz/', "another site than the article's https://blog.cz"],
    ['https://blog.cz/a', 'https://blog.cz.evil.example/', "another site than the article's https://blog.cz"],
    ['https://blog.cz/a', 'ftp://blog.cz/a', 'the watcher reads only http and https addresses'],
    ['https://blog.cz/a', 'file:///etc/passwd', 'the watcher reads only http and https addresses'],
    ['https://blog.cz/a', 'gopher://blog.cz:6379/_INFO', 'the watcher reads only http and https addresses'],
  ])('%s → %s: %s', (from, to, why) => {
    const refusal = redirectRefusal(new URL(from), new URL(to));
    if (why === undefined) expect(refusal).toBeUndefined();
    else {
      if (!refusal) throw new Error('not refused');
      expect(en.say(refusal)).toContain(why);
      // The status page and `deal <id>` say the same in Czech.
      const czech = cs.say(refusal);
      expect(czech).toMatch(/^přesměrování na \S+ odmítnuto: /);
      expect(foreignWords(czech, 'cs')).toEqual([]);
    }
  });
});

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('src/watch/fetch-page against real servers', () => {
  /** Stands in for Redis or an admin API on the blog's host: it must never be asked. */
  const internalHits: string[] = [];
  const internal = createServer((req, res) => {
    internalHits.push(req.url ?? '/');
    res.end('+OK\r\n');
  });
  let redirectTo = '';
  const redirecting: RequestListener = (req, res) => {
    if (req.url === '/clanek') res.writeHead(302, { location: redirectTo }).end();
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="https://shop.example.cz/">x</a>');
  };
  const blog = createServer(redirecting);
  const dir = mkdtempSync(join(tmpdir(), 'pb-watch-tls-'));
  let tlsBlog: Server;
  let agent: Agent;
  let internalPort: number;
  let blogPort: number;
  let tlsPort: number;

  beforeAll(async () => {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const cert = readFileSync(join(dir, 'cert.pem'));
    tlsBlog = createTlsServer({ cert, key: readFileSync(join(dir, 'key.pem')) }, redirecting);
    agent = new Agent({ connect: { ca: cert } });
    internalPort = await listen(internal);
    blogPort = await listen(blog);
    tlsPort = await listen(tlsBlog);
  });
  afterAll(async () => {
    await Promise.all([close(internal), close(blog), close(tlsBlog)]);
    await agent.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) =>
    fetchPage(url, {
      timeoutMs: 5_000,
      maxBytes: 64 * 1024,
      // The test's own certificate authority, for the https blog only.
      fetch: (input, init) => {
        const withAgent: RequestInit & { dispatcher: Agent } = { ...init, dispatcher: agent };
        return fetch(input, withAgent);
      },
    });

  it('follows a redirect within the site', async () => {
    redirectTo = `http://127.0.0.1:${blogPort}/jinde`;
    const answer = await get(`http://127.0.0.1:${blogPort}/clanek`);
    expect(answer).toMatchObject({ status: 200, finalUrl: `http://127.0.0.1:${blogPort}/jinde` });
  });

  it('refuses a redirect to another port of the same host, naming it; the port is never asked', async () => {
    redirectTo = `http://127.0.0.1:${internalPort}/`;
    const answer = await get(`http://127.0.0.1:${blogPort}/clanek`);
    expect(answer).toMatchObject({
      status: 302,
      finalUrl: `http://127.0.0.1:${blogPort}/clanek`,
      error: `redirect to http://127.0.0.1:${internalPort} refused: another port than the article's site http://127.0.0.1:${blogPort}`,
    });
    expect(answer.errorSaid && cs.say(answer.errorSaid)).toBe(
      `přesměrování na http://127.0.0.1:${internalPort} odmítnuto: jiný port, než má web článku http://127.0.0.1:${blogPort}`,
    );
    expect(answer.html).toBeUndefined();
    expect(internalHits).toEqual([]);
  });

  it('refuses https → http, naming it; the http address is never asked', async () => {
    redirectTo = `http://127.0.0.1:${internalPort}/clanek`;
    const answer = await get(`https://127.0.0.1:${tlsPort}/clanek`);
    expect(answer).toMatchObject({ status: 302, finalUrl: `https://127.0.0.1:${tlsPort}/clanek` });
    expect(answer.error).toBe(
      `redirect to http://127.0.0.1:${internalPort} refused: a downgrade from https://127.0.0.1:${tlsPort} to unencrypted http`,
    );
    expect(internalHits).toEqual([]);
    // The same https blog without the redirect reads fine: the refusal is the redirect's, not the TLS setup's.
    expect(await get(`https://127.0.0.1:${tlsPort}/jinde`)).toMatchObject({ status: 200 });
  });

  it('refuses a redirect to a scheme other than http(s)', async () => {
    redirectTo = `gopher://127.0.0.1:${internalPort}/_INFO`;
    const answer = await get(`http://127.0.0.1:${blogPort}/clanek`);
    expect(answer.error).toBe('redirect to gopher: refused: the watcher reads only http and https addresses');
    expect(internalHits).toEqual([]);
  });

  it('a site nobody answers at: the network reason, in Czech as `net.code.*` says it', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await close(closed);
    const answer = await get(`http://127.0.0.1:${port}/clanek`);
    expect(answer).toMatchObject({ status: 0, error: 'connection refused [ECONNREFUSED]' });
    expect(answer.errorSaid && cs.say(answer.errorSaid)).toBe('spojení odmítnuto [ECONNREFUSED]');
  });

  it('marks a page longer than maxBytes as truncated, and one of exactly maxBytes not', async () => {
    const sizes = createServer((req, res) => res.end('x'.repeat(Number(req.url?.slice(1)))));
    const port = await listen(sizes);
    try {
      const long = await get(`http://127.0.0.1:${port}/${64 * 1024 + 1}`);
      expect([long.html?.length, long.truncated]).toEqual([64 * 1024, true]);
      const exact = await get(`http://127.0.0.1:${port}/${64 * 1024}`);
      expect([exact.html?.length, exact.truncated]).toEqual([64 * 1024, undefined]);
    } finally {
      await close(sizes);
    }
  });
});
