/**
 * The recipe of docs/remote-access.md, run for real: Debian's caddy with the page's own Caddyfile block, in front
 * of the first-run setup and then of a daemon configured with the page's own `status:` block, reached over HTTPS
 * by "phones" (each from a loopback address of its own) that trust Caddy's root certificate. Only the ports and
 * Caddy's certificate authority differ from what the blogger runs (test/helpers/caddy.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { SetupMode } from '../../src/app/setup-mode.js';
import type { Daemon } from '../../src/app/types.js';
import { loadConfig } from '../../src/config/load.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { writeSecretFile } from '../../src/webhook/secret-file.js';
import { assertCaddyInstalled, type Caddy, createVisitor, startCaddy } from '../helpers/caddy.js';
import { runCli } from '../helpers/cli-runner.js';
import { startHttpReceiver } from '../helpers/notify-receivers.js';
import { TEST_REDIS_URL } from '../helpers/redis.js';
import { freePort } from '../helpers/redis-server.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';
import { startTestSetupMode } from '../helpers/setup-client.js';
import { until } from '../helpers/until.js';

const DOC = resolve(import.meta.dirname, '../../docs/remote-access.md');
const HOST = 'status.blog.example.cz';
const TOPIC = 'pb-remote-access-test';

/** The first fenced block of `lang` in the page, without the indentation of the list item it sits in. */
function fenced(doc: string, lang: string): string {
  const match = new RegExp(`^( *)\`\`\`${lang}\\n([\\s\\S]*?)^\\1\`\`\``, 'm').exec(doc);
  if (!match) throw new Error(`${DOC} has no \`\`\`${lang} block`);
  const indent = match[1] ?? '';
  return (match[2] ?? '')
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join('\n');
}

describe('docs/remote-access.md: the status page from a phone through Caddy (integration)', () => {
  const world = useSandboxWorld({ dir: 'pb-remote-', sandbox: { allowHttpWebhooks: true } });
  const doc = readFileSync(DOC, 'utf8');
  const caddyfile = fenced(doc, 'caddyfile');
  const documented = (parse(fenced(doc, 'yaml')) as { status: Record<string, unknown> }).status;
  const password = String(documented.password);
  const ntfy: { current?: Awaited<ReturnType<typeof startHttpReceiver>> } = {};
  const { dir } = world;
  let statusPort: number;
  let caddy: Caddy;
  let setup: SetupMode | undefined;
  let daemon: Daemon | undefined;
  let configFile: string;
  let publicUrl: string;
  let failFirst = true;

  const phone = (n: number) => createVisitor({ caddy, host: HOST, localAddress: `127.0.0.${n}` });

  beforeAll(async () => {
    // Fails every test with the package to install, before anything starts.
    assertCaddyInstalled();
    statusPort = await freePort();
    const [httpPort, httpsPort] = [await freePort(), await freePort()];
    publicUrl = `https://${HOST}:${httpsPort}/`;
    // The page's block, pointed at this test's status port.
    expect(caddyfile).toContain(`${HOST} {`);
    expect(caddyfile).toContain('reverse_proxy 127.0.0.1:8081');
    const site = caddyfile.replace('127.0.0.1:8081', `127.0.0.1:${statusPort}`);
    // First the blogger's first run: the setup page on the address the status page takes over later.
    setup = await startTestSetupMode({
      dataDir: dir,
      token: 'remote-access-token-7f3k',
      listen: { host: '127.0.0.1', port: statusPort },
    });
    caddy = await startCaddy({ site, httpPort, httpsPort });
  }, 60_000);

  afterAll(async () => {
    await setup?.close();
    await daemon?.close();
    await caddy?.close();
    await ntfy.current?.close();
  });

  it('setup mode behind Caddy: the setup page refuses the public name (403), before a token is tried', async () => {
    const stranger = phone(5);
    const page = await stranger.request('/setup');
    expect(page.status).toBe(403);
    expect(page.text).toContain('The setup page answers only to localhost or 127.0.0.1');
    const guess = await stranger.request('/setup/token', { form: { token: 'remote-access-token-7f3k' } });
    expect(guess.status).toBe(403);
    await setup?.close();
    setup = undefined;
  });

  it("starts the daemon with the page's status block (the public address with the test's port)", async () => {
    expect(documented.publicUrl).toBe(`https://${HOST}/`);
    expect(documented.trustProxy).toEqual(['127.0.0.1']);
    ntfy.current = await startHttpReceiver();
    const secretFile = join(dir, 'webhook-secret.json');
    configFile = join(dir, 'pressbridge.json');
    const { sandbox, prefix } = world;
    const config = {
      marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
      redis: { url: TEST_REDIS_URL, prefix },
      webhook: { listen: { host: '127.0.0.1', port: 0 }, secretFile },
      status: { ...documented, publicUrl, listen: { host: '127.0.0.1', port: statusPort } },
      notify: { channels: [{ name: 'phone', type: 'ntfy', server: ntfy.current.url, topic: TOPIC }] },
      reconcile: { enabled: false },
      ui: { language: 'en' },
      dataDir: dir,
    };
    writeFileSync(configFile, JSON.stringify(config), { mode: 0o600 });
    daemon = await startDaemon({
      config: loadConfig({ path: configFile, env: {} }),
      log: createSilentLogger(),
      // Registered below, after the start: listen from the start (a poll-only daemon has no webhook listener).
      webhook: true,
      process: async (ctx) => {
        if (failFirst) {
          failFirst = false;
          throw new UnrecoverableError('WordPress refused the login: set blogs[0].options.appPassword');
        }
        await ctx.store.update(ctx.dealId, { state: 'handed_in' });
      },
    });
    const registered = await daemon.client.putWebhook(daemon.webhookUrl as string);
    writeSecretFile(secretFile, { secret: registered.secret, updatedAt: new Date().toISOString() });
    expect(daemon.statusUrl).toBe(`http://127.0.0.1:${statusPort}/`);
  });

  it('plain http is sent to https on the public name', async () => {
    const answer = await new Promise<{ status: number; location: string | undefined }>((done, fail) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: caddy.httpPort,
          path: '/deals',
          headers: { host: HOST },
          localAddress: '127.0.0.8',
        },
        (res) => {
          res.resume();
          done({ status: res.statusCode ?? 0, location: res.headers.location });
        },
      );
      req.on('error', fail);
      req.end();
    });
    expect(answer.status).toBe(308);
    // To the public name over https (on the blogger's port 443; this test's Caddy listens on another).
    const to = new URL(String(answer.location));
    expect([to.protocol, to.hostname, to.pathname]).toEqual(['https:', HOST, '/deals']);
  });

  it("without the password 401, with it the overview, over HTTPS with Caddy's certificate", async () => {
    const me = phone(3);
    const refused = await me.request('/');
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toMatch(/^Basic realm="pressbridge status"/);
    const wrongName = await me.request('/', { password: 'not-the-password' });
    expect(wrongName.status).toBe(401);
    const home = await me.request('/', { password });
    expect(home.status).toBe(200);
    expect(home.text).toContain('<a href="/deals"');
    // Its links stay on the public name: no loopback address, no listener port in any of them.
    expect(home.text).not.toContain('127.0.0.1');
    expect(home.text).not.toContain(`:${statusPort}`);
    // The page knows it is served over HTTPS (X-Forwarded-Proto from the trusted proxy): cookies are Secure.
    const known = me.cookies.find((line) => line.startsWith('pb_known='));
    expect(known).toMatch(/; Secure$/);
    // The first-run setup is no page of the running daemon, behind the password or not.
    expect((await me.request('/setup', { password })).status).toBe(404);
    expect((await phone(6).request('/setup')).status).toBe(401);
  });

  it('the alert of a failed deal links the public address; tapped, its page and Retry work through Caddy', async () => {
    const { sandbox } = world;
    const deal = await sandbox.createDeal({ blogId: 1 });
    const alert = await until(
      () =>
        ntfy.current?.requests.find(
          (r) => r.path === `/${TOPIC}` && String(r.headers.title).includes(`#${deal.id}`),
        ),
      20_000,
      'the ntfy alert of the failed deal',
    );
    const link = String(alert.headers.click);
    expect(link).toBe(`${publicUrl}deals/${deal.id}`);

    const me = phone(4);
    const page = await me.open(link, { password });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`/deals/${deal.id}/retry`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    expect(csrf).not.toBe('');
    // As a phone's browser posts the form: from this very origin.
    const retried = await me.request(`/deals/${deal.id}/retry`, {
      password,
      form: { csrf },
      headers: { origin: me.origin, 'sec-fetch-site': 'same-origin' },
    });
    expect(retried.status).toBe(303);
    expect(new URL(String(retried.headers.location), publicUrl).href).toBe(link);
    const after = await me.open(link, { password });
    expect(after.text).toMatch(/<p class="flash ok" role="status">/);
    await until(async () => (await daemon?.store.get(deal.id))?.state === 'handed_in', 20_000, 'handed in');
  });

  it('`pressbridge notify test` links the public address', async () => {
    const before = ntfy.current?.requests.length ?? 0;
    const result = await runCli(['notify', 'test', '--config', configFile], {
      env: { ...process.env, PRESSBRIDGE_CONFIG: '', NO_COLOR: '1' },
      timeout: 60_000,
    });
    expect(result.stdout).toContain('phone: sent');
    expect(result.code).toBe(0);
    const test = ntfy.current?.requests
      .slice(before)
      .find((r) => r.path === `/${TOPIC}` && r.headers.title === 'pressbridge: test notification');
    expect(test?.headers.click).toBe(publicUrl);
  });

  it('the guess limit counts each phone, not Caddy: ten wrong passwords lock out that one only', async () => {
    const guesser = phone(2);
    for (let i = 0; i < 10; i += 1) {
      expect((await guesser.request('/', { password: `guess-${i}` })).status).toBe(401);
    }
    const locked = await guesser.request('/', { password });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // A header of its own changes nothing: Caddy replaces it with the address it saw.
    const forged = await guesser.request('/', { password, headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forged.status).toBe(429);
    // Another phone (another address behind the same Caddy) gets in.
    expect((await phone(7).request('/', { password })).status).toBe(200);
  });
});
