/**
 * The setup page's addresses under attack (issue 26, S-1 and S-2), over real HTTP: a page addressed to another
 * host name (DNS rebinding) gets no token form and spends none of the owner's token tries whatever address setup
 * mode listens on; the API and WordPress address fields connect to this machine only when confirmed, and show a
 * peer's status, never its body.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupMode } from '../../src/app/setup-mode.js';
import { rawRequest } from '../helpers/raw-request.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';
import { createSetupClient, startTestSetupMode } from '../helpers/setup-client.js';

const TOKEN = 'address-setup-token-3m';

describe('setup mode under attack: DNS rebinding, whatever address it listens on', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-setup-attack-host-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // 0.0.0.0: the Docker install (the owner opens http://127.0.0.1:8081, mapped into the container); 127.1: a
  // loopback address spelled so that the old check did not see it as one.
  it.each(['0.0.0.0', '127.1'])(
    "on %s: a page addressed to another name gets no form and spends none of the owner's token tries",
    async (host) => {
      const setup = await startTestSetupMode({ dataDir, token: TOKEN, listen: { host, port: 0 } });
      try {
        const { port } = new URL(setup.url);
        const origin = `http://127.0.0.1:${port}`;
        const rebound = await rawRequest(`${origin}/setup`, { Host: `evil.example:${port}` });
        expect(rebound.status).toBe(403);
        expect(rebound.body).not.toContain('name="token"');
        expect(rebound.body).toContain(`Open http://127.0.0.1:${port}/setup`);
        expect(rebound.headers['set-cookie']).toBeUndefined();

        // The rebinding page's wrong tokens, each a well-formed form (a form token of its own session): refused
        // for the name before the guess limit counts them (12 > the 10 tries of an address).
        const form = await rawRequest(`${origin}/setup`, { Host: `127.0.0.1:${port}` });
        const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
        const cookie = String(form.headers['set-cookie'] ?? '').split(';')[0] ?? '';
        const guesses: string[] = [];
        for (let i = 0; i < 12; i += 1) {
          const body = new URLSearchParams({ csrf, token: `wrong-token-${i}` }).toString();
          const answer = await rawRequest(
            `${origin}/setup/token`,
            {
              Host: `evil.example:${port}`,
              Cookie: cookie,
              'Content-Type': 'application/x-www-form-urlencoded',
              'Content-Length': String(Buffer.byteLength(body)),
            },
            { method: 'POST', body },
          );
          guesses.push(`${answer.status} ${answer.body.split('\n')[0]}`);
        }
        expect(guesses).toEqual(Array(12).fill('403 Not reachable under this name'));

        // The owner, from the very same address, still gets in with the right token.
        const owner = createSetupClient(origin);
        await owner.enterToken(TOKEN);
        expect(owner.jar.has('pb_setup')).toBe(true);
      } finally {
        await setup.close();
      }
    },
  );

  it('answers a name of PRESSBRIDGE_STATUS_HOSTS, and refuses a bad entry before listening', async () => {
    const setup = await startTestSetupMode({
      dataDir,
      token: TOKEN,
      env: { PRESSBRIDGE_STATUS_HOSTS: 'Setup.Example.CZ, nas.local' },
    });
    try {
      const { origin, port } = new URL(setup.url);
      for (const name of ['setup.example.cz', 'SETUP.EXAMPLE.CZ.', 'nas.local', '127.0.0.1']) {
        const answer = await rawRequest(`${origin}/setup`, { Host: `${name}:${port}` });
        expect([name, answer.status]).toEqual([name, 200]);
      }
      expect((await rawRequest(`${origin}/setup`, { Host: 'setup.example.cz.evil.example' })).status).toBe(
        403,
      );
    } finally {
      await setup.close();
    }
    await expect(
      startTestSetupMode({ dataDir, token: TOKEN, env: { PRESSBRIDGE_STATUS_HOSTS: 'ok.example, evil@x' } }),
    ).rejects.toThrow(/PRESSBRIDGE_STATUS_HOSTS: not a host name: evil@x/);
  });
});

describe('setup mode under attack: the address fields fetch only where allowed, and never show a body', () => {
  const INTERNAL = 'internal-secret-of-another-service-4k2';
  let internal: Server;
  let internalUrl = '';
  // The marketplace's blog.url pre-fills the WordPress address: here, an internal service of this machine.
  const world = useSandboxWorld({
    dir: 'pb-setup-attack-ssrf-',
    blog: { id: 1, name: 'Blog', url: 'http://127.0.0.1:1' },
  });
  let setup: SetupMode;
  let origin: string;
  const asked: string[] = [];

  beforeAll(async () => {
    internal = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(req.url?.startsWith('/s500') ? 500 : 200, { 'Content-Type': 'text/html' });
      res.end(`<html><title>${INTERNAL}</title><body>${INTERNAL}</body></html>`);
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
    setup = await startTestSetupMode({ dataDir: world.dir, token: TOKEN });
    origin = new URL(setup.url).origin;
  });
  afterAll(async () => {
    await setup.close();
    await new Promise((resolve) => internal.close(resolve));
  });

  it('refuses an internal address unconfirmed without asking it, and shows only the status when confirmed', async () => {
    const { sandbox } = world;
    const me = createSetupClient(origin);
    const csrf = await me.enterToken(TOKEN, '/setup?lang=en');
    const refused = await me.request('/setup/key', { csrf, baseUrl: `${internalUrl}/s500`, apiKey: 'k' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('leads to this machine itself (127.0.0.1)');
    expect(asked).toEqual([]);
    const confirmed = await me.request('/setup/key', {
      csrf,
      baseUrl: `${internalUrl}/s500`,
      apiKey: 'k',
      allowLocal: 'on',
    });
    expect(confirmed.status).toBe(422);
    expect(confirmed.text).toContain(`answered 500 instead of the account`);
    expect(confirmed.text).not.toContain(INTERNAL);

    await me.request('/setup/key', { csrf, baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: 'on' });
    await me.request('/setup/blogs', { csrf, 'target-1': 'wordpress' });
    asked.length = 0;
    await me.request('/setup/blog/1/wordpress/discover', { csrf, address: internalUrl });
    const unconfirmed = await me.request('/setup/blog/1');
    expect(unconfirmed.text).toContain(`${internalUrl} leads to this machine itself`);
    expect(unconfirmed.text).toContain('name="allowLocal"');
    expect(asked).toEqual([]);
    await me.request('/setup/blog/1/wordpress/discover', { csrf, address: internalUrl, allowLocal: 'on' });
    const page = await me.request('/setup/blog/1');
    expect(asked.length).toBeGreaterThan(0);
    expect(page.text).toContain('answers with a page, not the REST API (200)');
    expect(page.text).not.toContain(INTERNAL);
  });
});
