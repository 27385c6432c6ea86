/**
 * Step a of the setup with a wrong API address (found by the issue-21 trial): an address that is not the
 * marketplace's API (the blog's own address, or `{base_url}` with a path too many) answers 404, and the page must
 * not blame the key ("refused (401): copy the key again") but say the address is wrong. An answer that is no
 * http(s) address at all is refused before anything is sent, with what the address is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../src/logger.js';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { createSetupEngine } from '../../../src/setup/engine.js';
import { createWordPressConnection } from '../../../src/setup/wordpress/index.js';

const SECRET = 'internal-secret-9f2c';

describe('src/setup/engine checkKey: a wrong API address is not a refused key', () => {
  let sandbox: Sandbox;
  let blog: Server;
  let blogUrl: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-setup-addr-'));
  const engine = () =>
    createSetupEngine({ wordpress: createWordPressConnection(), dataDir, log: createSilentLogger() });

  beforeAll(async () => {
    sandbox = await createSandbox({});
    // A WordPress-like site: every unknown path is an HTML 404.
    blog = createServer((req, res) => {
      // An internal service behind the same host: its errors carry what must never reach a page.
      const failing = /^\/s(500|429)\//.exec(req.url ?? '');
      if (failing) {
        res.writeHead(Number(failing[1]), { 'Content-Type': 'application/json', 'Retry-After': '1' });
        res.end(JSON.stringify({ error: { code: SECRET, message: SECRET } }));
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/html; charset=UTF-8' });
      res.end('<!DOCTYPE html><html><body>Page not found</body></html>');
    });
    await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
    blogUrl = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await sandbox.close();
    await new Promise((resolve) => blog.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['the blog address given as the API address', () => blogUrl],
    ['the API address with /v1 added', () => `${sandbox.url}/v1`],
  ])('%s: the check names the address, not the key', async (_name, address) => {
    // Both listen on 127.0.0.1: confirmed as local, as the blogger would.
    const result = await engine().checkKey({ baseUrl: address(), apiKey: sandbox.apiKey, allowLocal: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toBe('address');
    expect(result.check.detail.en).not.toContain('401');
    expect(result.check.detail.en).toContain(address());
  });

  it.each(['muj-blog.cz', 'ftp://api.example.cz', 'javascript:alert(1)', ''])(
    '%j is no http(s) address: named with where the address comes from, nothing sent',
    async (baseUrl) => {
      const sent: string[] = [];
      const recording: typeof fetch = async (input) => {
        sent.push(String(input));
        return new Response('{}', { status: 500 });
      };
      const deps = { wordpress: createWordPressConnection(), dataDir, log: createSilentLogger() };
      const result = await createSetupEngine({ ...deps, fetch: recording }).checkKey({
        baseUrl,
        apiKey: 'k',
      });
      expect(result).toMatchObject({ ok: false, problem: 'address', check: { id: 'key', status: 'fail' } });
      expect(result.check.detail.en).toBe(
        `“${baseUrl}” is not an http(s) address to connect to: the key was not sent anywhere.`,
      );
      expect(result.check.detail.cs).toContain(`„${baseUrl}“ není adresa http(s)`);
      for (const language of ['cs', 'en'] as const) {
        expect(result.check.fix?.[language]).toContain('{base_url}');
        expect(result.check.fix?.[language]).toContain('/v1');
        expect(result.check.fix?.[language]).toContain('http://127.0.0.1:8090');
      }
      expect(sent).toEqual([]);
    },
  );

  it.each(['500', '429'])(
    'an API address answering %s: the status only, never what its body said',
    async (status) => {
      const baseUrl = `${blogUrl}/s${status}`;
      const result = await engine().checkKey({ baseUrl, apiKey: 'k', allowLocal: true });
      expect(result).toMatchObject({ ok: false, problem: 'unreachable' });
      expect(result.check.detail.en).toBe(
        `The marketplace at ${baseUrl} answered ${status} instead of the account; the key was not checked.`,
      );
      expect(JSON.stringify(result.check)).not.toContain(SECRET);
    },
  );

  it('an API address on this machine is refused unless confirmed, naming it; nothing is asked there', async () => {
    const result = await engine().checkKey({ baseUrl: `${blogUrl}/s500`, apiKey: 'k' });
    expect(result).toMatchObject({ ok: false, problem: 'local', check: { id: 'local-address' } });
    expect(result.check.detail.en).toContain(`${blogUrl}/s500 leads to this machine itself (127.0.0.1)`);
    expect(JSON.stringify(result.check)).not.toContain(SECRET);
  });
});
