/**
 * WordPress discovery at an address someone else chose (the marketplace's `blog.url`, a typed one), against real
 * local servers (src/setup/wordpress/discover.ts): a local address only when confirmed, each redirect hop checked,
 * an answer read up to its limit, a redirect loop bounded, and of what a site said only its status (and
 * WordPress's error code), never the text of its pages.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES } from '../../../../src/setup/wordpress/discover.js';
import { createWordPressConnection } from '../../../../src/setup/wordpress/index.js';

const SECRET = 'DB_PASSWORD=hunter2-internal';
const LOCAL = { allowLocal: true };

describe('src/setup/wordpress/discover under attack', () => {
  let server: Server | undefined;
  const requests: string[] = [];
  afterEach(async () => {
    requests.length = 0;
    if (server) await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  async function serve(
    handler: (req: IncomingMessage, res: ServerResponse, origin: string) => void,
  ): Promise<string> {
    let origin = '';
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      handler(req, res, origin);
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return origin;
  }

  it('refuses a WordPress on this machine unless confirmed, before asking it anything', async () => {
    const origin = await serve((_req, res) => res.end('{}'));
    const found = await createWordPressConnection().discover(origin);
    expect(found.restRoot).toBe('');
    expect(found.checks).toEqual([
      expect.objectContaining({
        id: 'local-address',
        status: 'fail',
        detail: expect.objectContaining({
          en: `${origin} leads to this machine itself (127.0.0.1). pressbridge connects there only when you confirm that it is meant.`,
        }),
      }),
    ]);
    expect(requests).toEqual([]);
  });

  it('checks every redirect hop: a public site that redirects to this machine is refused at that hop', async () => {
    const origin = await serve((_req, res) => res.end(SECRET));
    const asked: string[] = [];
    // A public site (played by a fetch of the test's own) whose every answer redirects to the local service.
    const fetchImpl = (async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(null, { status: 302, headers: { Location: `${origin}/wp-json/` } });
    }) as typeof fetch;
    const found = await createWordPressConnection({ fetch: fetchImpl }).discover('https://blog.example');
    expect(found.checks.map((c) => c.id)).toEqual(['local-address']);
    expect(found.checks[0]?.detail.en).toContain('https://blog.example leads to this machine itself');
    expect(requests).toEqual([]);
    expect(asked.every((url) => url.startsWith('https://blog.example/'))).toBe(true);
  });

  it('shows the status of an internal 5xx or page, never its text', async () => {
    const origin = await serve((req, res) => {
      if (req.url?.startsWith('/wp-json/')) {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ code: SECRET, message: SECRET }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<html><title>${SECRET}</title><body>${SECRET}</body></html>`);
    });
    const found = await createWordPressConnection().discover(origin, LOCAL);
    const shown = JSON.stringify(found.checks);
    expect(found.checks[0]?.detail.en).toBe(`${origin.replace('http://', '')} does not answer (500).`);
    expect(shown).not.toContain('hunter2');

    const page = await createWordPressConnection().discover(`${origin}/blog`, LOCAL);
    expect(JSON.stringify(page.checks)).not.toContain('hunter2');
  });

  it('stops reading an answer past its limit, while it streams', async () => {
    let sent = 0;
    const origin = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const push = (): void => {
        // Far more than the limit, unless the reader hangs up first.
        while (sent < 64 * MAX_ANSWER_BYTES) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', push);
        }
        res.end();
      };
      push();
    });
    const found = await createWordPressConnection().discover(origin, LOCAL);
    expect(found.checks[0]?.detail.en).toMatch(
      /is larger than 1 MiB \(the limit for a web page\); read stopped/,
    );
    expect(sent).toBeLessThan(16 * MAX_ANSWER_BYTES);
  });

  it('follows at most 5 redirects of a request (a loop ends, named)', async () => {
    const origin = await serve((req, res) => {
      res.writeHead(302, { Location: req.url ?? '/' });
      res.end();
    });
    const found = await createWordPressConnection().discover(origin, LOCAL);
    expect(found.checks[0]?.detail.en).toMatch(/does not answer \(more than 5 redirects\)/);
    // Each root tried: the first request and 5 hops, no more.
    expect(requests.length).toBeLessThanOrEqual(6);
  });
});
