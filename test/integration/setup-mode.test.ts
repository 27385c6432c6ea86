/**
 * Setup mode over real HTTP (issue 21): every /setup action without the setup token is refused with 403 and
 * writes nothing; with the token the steps go through to a running daemon; then /setup is gone (404).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupMode } from '../../src/app/setup-mode.js';
import type { Daemon } from '../../src/app/types.js';
import { loadConfig } from '../../src/config/load.js';
import { freePort } from '../helpers/redis-server.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';
import { createSetupClient as createClient, startTestSetupMode } from '../helpers/setup-client.js';

const TOKEN = 'test-setup-token-7f3k';

describe('src/app/setup-mode (over HTTP)', () => {
  const world = useSandboxWorld({
    dir: 'pb-setup-mode-',
    blog: { id: 1, name: 'Můj <i>blog</i>', url: 'http://127.0.0.1:1' },
  });
  const { prefix, dir: dataDir } = world;
  let setup: SetupMode;
  let daemon: Daemon | undefined;
  let origin: string;
  const siteDir = mkdtempSync(join(tmpdir(), 'pb-setup-site-'));
  const printed: string[] = [];

  beforeAll(async () => {
    setup = await startTestSetupMode({
      dataDir,
      token: TOKEN,
      daemonPrefix: prefix,
      print: (line) => printed.push(line),
    });
    origin = new URL(setup.url).origin;
  });
  // Runs before the world's own afterAll (after-hooks run as a stack).
  afterAll(async () => {
    await setup.close();
    await daemon?.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('prints one line with the address and the token', () => {
    expect(printed).toEqual([
      `pressbridge is not set up yet: open ${setup.url} and enter the token ${TOKEN}`,
    ]);
  });

  it('answers /healthz while waiting for the setup (for the HEALTHCHECK of the Docker image)', async () => {
    const health = await createClient(origin).request('/healthz');
    expect(health.status).toBe(200);
    expect(health.text).toBe('ok: waiting for setup');
  });

  it('refuses every action without the token (403) and writes nothing', async () => {
    const { sandbox } = world;
    const stranger = createClient(origin);
    const page = await stranger.request('/setup');
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="token"');
    const csrf = page.csrf ?? '';
    const attempts: Array<[string, Record<string, string> | undefined]> = [
      ['/setup/key', undefined],
      ['/setup/blogs', undefined],
      ['/setup/finish', undefined],
      ['/setup/blog/1/wordpress/back?site_url=x&user_login=a&password=b', undefined],
      ['/setup/key', { csrf, baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: 'on' }],
      ['/setup/blogs', { csrf, 'target-1': 'static' }],
      ['/setup/blog/1/static', { csrf, dir: siteDir, baseUrl: 'http://127.0.0.1:1/' }],
      ['/setup/intake', { csrf, intake: 'poll' }],
      ['/setup/notify', { csrf, channel: 'none', action: 'save' }],
      ['/setup/finish', { csrf }],
      ['/setup/token', { csrf, token: 'wrong-token' }],
      ['/setup/token', { token: TOKEN }],
    ];
    for (const [path, form] of attempts) {
      const answer = await stranger.request(path, form);
      expect([path, answer.status]).toEqual([path, 403]);
    }
    expect(stranger.jar.has('pb_setup')).toBe(false);
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.yaml') || f.endsWith('.json'))).toEqual([]);
  });

  it('with the token: the steps, the daemon started, doctor shown, and /setup gone', async () => {
    const { sandbox } = world;
    const me = createClient(origin);
    const first = await me.request('/setup?lang=en');
    const granted = await me.request('/setup/token', { csrf: first.csrf ?? '', token: TOKEN, lang: 'en' });
    expect(granted).toMatchObject({ status: 303, location: '/setup/key' });
    const cookie = me.jar.get('pb_setup');
    expect(cookie).toBeTruthy();
    // The token cookie alone does not pass a POST: the form token is required too.
    expect((await me.request('/setup/key', { baseUrl: sandbox.url, apiKey: sandbox.apiKey })).status).toBe(
      403,
    );

    const key = await me.request('/setup/key');
    const csrf = key.csrf ?? '';
    expect(key.text).not.toContain('name="allowLocal"');
    // The sandbox listens on 127.0.0.1: refused until the blogger confirms a local address is meant.
    const local = await me.request('/setup/key', { csrf, baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    expect(local.status).toBe(422);
    expect(local.text).toContain(`${sandbox.url} leads to this machine itself (127.0.0.1)`);
    expect(local.text).toContain('name="allowLocal"');
    expect(local.text).not.toContain(sandbox.apiKey);
    const wrong = await me.request('/setup/key', {
      csrf,
      baseUrl: sandbox.url,
      apiKey: 'wrong',
      allowLocal: 'on',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('The marketplace refused the key (401)');
    const webhookPort = await freePort();
    const steps: Array<[string, Record<string, string>, string]> = [
      ['/setup/key', { baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: 'on' }, '/setup/blogs'],
      ['/setup/blogs', { 'target-1': 'static' }, '/setup/blog/1'],
      ['/setup/blog/1/static', { dir: siteDir, baseUrl: 'http://127.0.0.1:1/' }, '/setup'],
      ['/setup/categories', { 'mode-1': 'default' }, '/setup/rules/1'],
      ['/setup/rules/1', { choice: 'skip' }, '/setup/intake'],
      ['/setup/intake', { intake: 'poll', webhookPort: String(webhookPort) }, '/setup/notify'],
      ['/setup/notify', { channel: 'none', action: 'save' }, '/setup/finish'],
    ];
    for (const [path, form, next] of steps) {
      const answer = await me.request(path, { csrf, ...form });
      expect([path, answer.status, answer.location]).toEqual([path, 303, next]);
    }
    // The webhook's port is chosen on the intake step; what is no port is refused there.
    const intake = await me.request('/setup/intake');
    expect(intake.text).toContain(`name="webhookPort" type="number" value="${webhookPort}"`);
    expect(intake.text).toContain('With polling nothing listens on it');
    const badPort = await me.request('/setup/intake', { csrf, intake: 'poll', webhookPort: '99999' });
    expect(badPort.status).toBe(422);
    expect(badPort.text).toContain('The port must be a whole number from 1 to 65535.');
    const blogs = await me.request('/setup/blogs');
    expect(blogs.text).toContain('Můj &lt;i&gt;blog&lt;/i&gt;');
    expect(blogs.text).not.toContain('<i>blog</i>');

    const done = await me.request('/setup/finish', { csrf, 'agent-1': 'on' });
    expect(done.status).toBe(200);
    expect(done.text).toContain('pressbridge is running');
    expect(done.text).toContain('Blog Můj &lt;i&gt;blog&lt;/i&gt;: agent publishing switched on.');
    expect(done.text).toMatch(/id="doctor">\s*<li/);
    daemon = await setup.daemon;
    expect(existsSync(join(dataDir, 'pressbridge.yaml'))).toBe(true);
    expect(daemon.statusUrl).toBe(`${origin}/`);
    // Poll intake: no intake.mode pinned, the chosen port kept for a webhook registered later, nothing listening.
    const config = loadConfig({ path: join(dataDir, 'pressbridge.yaml'), env: {} });
    expect(config.intake.mode).toBeUndefined();
    expect(config.webhook.listen.port).toBe(webhookPort);
    expect(daemon.webhookUrl).toBeUndefined();

    const after = createClient(origin);
    expect((await after.request('/setup')).status).toBe(404);
    expect((await me.request('/setup/key')).status).toBe(404);
    expect((await after.request('/')).status).toBe(200);
  });
});

describe('src/app/setup-mode: the finish fails after the files were written', () => {
  const world = useSandboxWorld({
    dir: 'pb-setup-mode-nostart-',
    blog: { id: 1, name: 'Blog', url: 'http://127.0.0.1:1' },
  });
  const { dir: dataDir } = world;
  let setup: SetupMode;
  let origin: string;

  beforeAll(async () => {
    // No daemon can start in this test: startTestSetupMode's startDaemon throws "not in this test". The Redis of
    // the environment, as in the container (docker-compose.yml).
    setup = await startTestSetupMode({
      dataDir,
      token: TOKEN,
      env: { PRESSBRIDGE_REDIS_URL: 'redis://redis:6379' },
    });
    origin = new URL(setup.url).origin;
  });
  afterAll(async () => {
    await setup.close();
  });

  it('says where the setup was written and how to start with it, not that it could not be written', async () => {
    const { sandbox } = world;
    const me = createClient(origin);
    const csrf = await me.enterToken(TOKEN, '/setup?lang=en');
    const steps: Array<[string, Record<string, string>]> = [
      ['/setup/key', { baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: 'on' }],
      ['/setup/blogs', { 'target-1': 'static' }],
      ['/setup/blog/1/static', { dir: join(dataDir, 'site'), baseUrl: 'http://127.0.0.1:1/' }],
      ['/setup/categories', { 'mode-1': 'default' }],
      ['/setup/rules/1', {}],
      ['/setup/intake', { intake: 'poll' }],
      ['/setup/notify', { channel: 'none', action: 'save' }],
    ];
    for (const [path, form] of steps) {
      expect([path, (await me.request(path, { csrf, ...form })).status]).toEqual([path, 303]);
    }
    const failed = await me.request('/setup/finish', { csrf });
    const daemon = setup.daemon.then(
      () => 'started',
      (error: unknown) => String(error),
    );

    expect(failed.status).toBe(500);
    const configPath = join(dataDir, 'pressbridge.yaml');
    const secretsPath = join(dataDir, 'secrets.json');
    expect(failed.text).toContain(
      `The setup is saved in ${configPath} (secrets in ${secretsPath}), but pressbridge did not start with it: not in this test.`,
    );
    expect(failed.text).toContain('start pressbridge again (pressbridge start, or restart the container)');
    expect(failed.text).not.toMatch(/could not be (saved|written)|This step failed/);
    expect(existsSync(configPath)).toBe(true);
    expect(existsSync(secretsPath)).toBe(true);
    expect(await daemon).toContain('not in this test');
    // The config says which Redis runs, and that pressbridge starts none of its own beside it.
    expect(loadConfig({ path: configPath, env: {} }).redis).toMatchObject({
      url: 'redis://redis:6379',
      embedded: false,
    });
  });
});
