/**
 * Setup mode attacked over real HTTP (issue 21, item 2): hostile marketplace and blogger values stay inert in
 * the written pressbridge.yaml, secrets appear in no page, log line or the YAML, the files get their modes,
 * errors show no stack, a hostile WordPress callback is named on the page, two browsers racing to finish start
 * one daemon, and /setup is gone afterwards.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { SetupMode } from '../../src/app/setup-mode.js';
import type { Daemon } from '../../src/app/types.js';
import { createLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { createWordPressConnection, type WordPressConnection } from '../../src/setup/wordpress/index.js';
import { runCliOk } from '../helpers/cli-runner.js';
import { rawRequest } from '../helpers/raw-request.js';
import { TEST_REDIS_URL } from '../helpers/redis.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';
import { createSetupClient, type SetupAnswer, startTestSetupMode } from '../helpers/setup-client.js';

const TOKEN = 'attack-setup-token-9q';
const API_KEY = 'mk_attack_SECRET_key_0123';
const EVIL_NAME = 'Evil\nstatus:\n  password: x # <script>alert(1)</script> " \' {{x}}';
const EVIL_CATEGORY = 'Cat\n- evil: 1 # c';
const TOPIC = 'pb_topic-1';

describe('setup mode under attack (over HTTP)', () => {
  const world = useSandboxWorld({
    dir: 'pb-setup-attack-',
    sandbox: {
      apiKey: API_KEY,
      blogs: [
        {
          id: 1,
          name: EVIL_NAME,
          url: 'http://127.0.0.1:1/\n#x: y',
          mode: 'manual',
          categories: [
            { id: 1, name: EVIL_CATEGORY, default: true },
            { id: 2, name: '<img src=x onerror=alert(1)>' },
          ],
        },
        { id: 2, name: 'Blog ]]></a>', url: 'javascript:alert(1)', mode: 'manual' },
      ],
    },
  });
  const { prefix, dir: dataDir } = world;
  let setup: SetupMode;
  let origin: string;
  const daemons: Daemon[] = [];
  const startedWith: string[] = [];
  const siteDir = mkdtempSync(join(tmpdir(), 'pb-setup-attack-site-'));
  const evilDir = join(siteDir, 'x: y # z\n- status: {password: pw}');
  const logLines: string[] = [];
  const pages: string[] = [];
  const log = createLogger({ level: 'debug', destination: { write: (line: string) => logLines.push(line) } });

  beforeAll(async () => {
    setup = await startTestSetupMode({
      dataDir,
      token: TOKEN,
      // The environment wins over what the setup wrote, from the first start on (as Docker's does).
      env: { PRESSBRIDGE_REDIS_URL: TEST_REDIS_URL },
      log,
      startDaemon: async (config) => {
        startedWith.push(config.redis.url);
        const daemon = await startDaemon({ config, log });
        daemons.push(daemon);
        return daemon;
      },
      defaults: {
        redis: { url: 'redis://127.0.0.1:1', prefix, embedded: false },
        webhookListen: { host: '127.0.0.1', port: 0 },
      },
    });
    origin = new URL(setup.url).origin;
  });
  // Runs before the world's own afterAll (after-hooks run as a stack).
  afterAll(async () => {
    await setup.close();
    for (const daemon of daemons) await daemon.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  const holder = async () => {
    const client = createSetupClient(origin);
    const csrf = await client.enterToken(TOKEN, '/setup?lang=en');
    const go = async (path: string, form?: Record<string, string>): Promise<SetupAnswer> => {
      const answer = await client.request(path, form ? { csrf, ...form } : undefined);
      pages.push(answer.text);
      return answer;
    };
    return { client, csrf, go };
  };

  it('answers a malformed or huge body with a plain error, never a stack trace or a file path', async () => {
    for (const body of ['a=%zz&b=%', `token=${'a'.repeat(200_000)}`]) {
      const answer = await fetch(`${origin}/setup/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      const text = await answer.text();
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(text).not.toMatch(/node_modules|\/src\/|at \w+ \(|Error:/);
    }
  });

  it('refuses a PRESSBRIDGE_SETUP_TOKEN that is easy to guess, before listening', async () => {
    for (const weak of ['1234', ' secret ', 'short-token']) {
      await expect(startTestSetupMode({ dataDir, token: weak, log })).rejects.toThrow(
        /PRESSBRIDGE_SETUP_TOKEN: at least 12 characters/,
      );
    }
  });

  it('on loopback answers only requests addressed to a loopback name (DNS rebinding gets no token form)', async () => {
    const { port } = new URL(origin);
    const rebound = await rawRequest(`${origin}/setup`, { Host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('name="token"');
    expect(rebound.headers['set-cookie']).toBeUndefined();
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect([host, (await rawRequest(`${origin}/setup`, { Host: host })).status]).toEqual([host, 200]);
    }
  });

  it('refuses a form from another origin or site even with the token cookie', async () => {
    const { sandbox } = world;
    const { client, csrf } = await holder();
    const evil = { Origin: 'http://evil.example' };
    const form = { csrf, baseUrl: sandbox.url, apiKey: API_KEY, allowLocal: 'on' };
    expect((await client.request('/setup/key', form, evil)).status).toBe(403);
    expect((await client.request('/setup/key', form, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
  });

  it('keeps hostile values inert in pressbridge.yaml and secrets out of pages, logs and the YAML', async () => {
    const { sandbox } = world;
    const { go } = await holder();
    const steps: Array<[string, Record<string, string>, number]> = [
      ['/setup/key', { baseUrl: sandbox.url, apiKey: API_KEY, allowLocal: 'on' }, 303],
      ['/setup/blogs', { 'target-1': 'static', 'target-2': 'none' }, 303],
      ['/setup/blog/1/static', { dir: evilDir, baseUrl: 'http://127.0.0.1:1/' }, 303],
      ['/setup/categories', { 'mode-1': 'default' }, 303],
      ['/setup/rules/1', {}, 303],
      ['/setup/intake', { intake: 'poll' }, 303],
      [
        '/setup/notify',
        { channel: 'ntfy', topic: TOPIC, server: 'https://ntfy.example', action: 'save' },
        303,
      ],
    ];
    for (const [path, form, status] of steps) {
      expect([path, (await go(path, form)).status]).toEqual([path, status]);
    }
    // A hostile ntfy topic tried: a plain refusal naming the rule, not a failure page.
    const evilTopic = 'topic\nmarketplace: {baseUrl: "http://evil"} # x';
    const tried = await go('/setup/notify', { channel: 'ntfy', topic: evilTopic, action: 'test' });
    expect(tried.status).toBe(422);
    expect(tried.text).toContain('topic: letters, digits, - and _ only');
    expect(tried.text).not.toContain('http://evil');
    // Saved rather than tried: refused now the same way, not first as a failure when the setup finishes.
    const saved = await go('/setup/notify', { channel: 'ntfy', topic: evilTopic, action: 'save' });
    expect(saved.status).toBe(422);
    expect(saved.text).toContain('topic: letters, digits, - and _ only');
    expect(saved.text).not.toContain('http://evil');
    for (const path of ['/setup/key', '/setup/blog/2', '/setup/notify', '/setup/finish']) await go(path);

    // Two browsers holding the token race to finish: one daemon starts, the other gets no second setup.
    const [a, b] = await Promise.all([holder(), holder()]);
    const answers = await Promise.all([a.go('/setup/finish', {}), b.go('/setup/finish', {})]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 404]);
    await setup.daemon;
    expect(daemons).toHaveLength(1);
    expect(startedWith).toEqual([TEST_REDIS_URL]);

    const yamlText = readFileSync(join(dataDir, 'pressbridge.yaml'), 'utf8');
    const config = parse(yamlText) as Record<string, unknown> & {
      status: Record<string, unknown>;
      notify: { channels: Array<Record<string, unknown>> };
      blogs: Array<{ name: string; options: Record<string, unknown> }>;
    };
    expect(Object.keys(config).sort()).toEqual(
      ['blogs', 'dataDir', 'intake', 'marketplace', 'notify', 'redis', 'status', 'ui', 'webhook'].sort(),
    );
    expect(Object.keys(config.status)).toEqual(['listen']);
    expect(config.marketplace).toEqual({ baseUrl: sandbox.url, apiKey: { stored: 'marketplace-api-key' } });
    // The marketplace client flattens control characters; the rest of the name is kept as it is.
    expect(config.blogs[0]?.name).toBe(EVIL_NAME.replace(/\n/g, ' '));
    expect(config.blogs[0]?.options).toEqual({
      dir: evilDir,
      baseUrl: 'http://127.0.0.1:1/',
    });
    expect(config.notify.channels[0]?.topic).toBe(TOPIC);
    // The only comments are the writer's own.
    const comments = yamlText.split('\n').filter((line) => line.trim().startsWith('#'));
    expect(comments.every((line) => !/[Ee]vil|x: y|pw}/.test(line))).toBe(true);

    for (const secret of [API_KEY, TOKEN]) {
      expect([secret, yamlText.includes(secret)]).toEqual([secret, false]);
      expect([secret, logLines.some((l) => l.includes(secret))]).toEqual([secret, false]);
      expect([secret, pages.some((p) => p.includes(secret))]).toEqual([secret, false]);
    }
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o077).toBe(0);

    const after = createSetupClient(origin);
    for (const path of ['/setup', '/setup/key', '/setup/finish', '/setup/blog/1/wordpress/back?state=x']) {
      expect([path, (await after.request(path)).status]).toEqual([path, 404]);
    }
    // The daemon's status page, now on the setup's address, shows no secret either.
    for (const path of ['/', '/system', '/logs', '/notifications', '/earnings', '/deals']) {
      const page = await after.request(path);
      expect([path, page.status]).toEqual([path, 200]);
      for (const secret of [API_KEY, TOKEN])
        expect([path, page.text.includes(secret)]).toEqual([path, false]);
    }
    expect(logLines.some((l) => l.includes(API_KEY) || l.includes(TOKEN))).toBe(false);
  });
});

describe('setup mode under attack: the WordPress authorization callback', () => {
  const site = 'http://blog.example.cz';
  const world = useSandboxWorld({ dir: 'pb-setup-attack-wp-', blog: { id: 1, name: 'Blog', url: site } });
  const dataDir = world.dir;
  let setup: SetupMode;
  let origin: string;
  const verified: string[] = [];
  const wordpress: WordPressConnection = {
    ...createWordPressConnection(),
    discover: async () => ({
      siteUrl: site,
      restRoot: `${site}/wp-json/`,
      authorizationUrl: `${site}/wp-admin/authorize-application.php`,
      checks: [{ id: 'rest-api', status: 'ok', detail: { cs: 'REST API', en: 'REST API' } }],
    }),
    verify: async (credentials) => {
      verified.push(credentials.username);
      return [{ id: 'password', status: 'ok', detail: { cs: 'ok', en: 'ok' } }];
    },
  };

  beforeAll(async () => {
    setup = await startTestSetupMode({ dataDir, token: TOKEN, wordpress });
    origin = new URL(setup.url).origin;
  });
  afterAll(async () => {
    await setup.close();
  });

  it('names a hostile or foreign answer on the page (no 500, nothing verified, nothing echoed)', async () => {
    const { sandbox } = world;
    const me = createSetupClient(origin);
    const csrf = await me.enterToken(TOKEN);
    await me.request('/setup/key', { csrf, baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: 'on' });
    await me.request('/setup/blogs', { csrf, 'target-1': 'wordpress' });
    await me.request('/setup/blog/1/wordpress/discover', { csrf, address: site });
    const page = await me.request('/setup/blog/1');
    const href = /id="authorize" href="([^"]+)"/.exec(page.text)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const back = new URL(new URL(href).searchParams.get('success_url') ?? '');
    expect(back.pathname).toBe('/setup/blog/1/wordpress/back');

    const password = 'abcd EFGH 1234 ijkl MNOP 5678';
    const hostile: Array<[Record<string, string>, RegExp]> = [
      [{ site_url: 'https://evil.example', user_login: 'admin', password }, /another site/],
      [{ site_url: site, user_login: '<script>alert(1)</script>', password }, /user name WordPress sent/],
      [{ site_url: site, user_login: 'admin', password: 'x"><img src=x>' }, /not shaped like/],
      [{ site_url: site }, /did not send back/],
    ];
    for (const [query, message] of hostile) {
      const url = `${back.pathname}${back.search}&${new URLSearchParams(query).toString()}`;
      // WordPress's redirect is a navigation from another site: only the SameSite=Lax cookie comes along.
      const answer = await me.request(url, undefined, {}, { crossSite: true });
      expect([query, answer.status]).toEqual([query, 200]);
      const shown = await me.request('/setup/blog/1');
      expect(shown.text).toMatch(message);
      expect(shown.text).not.toMatch(/<script>alert|<img src=x>|evil\.example/);
    }
    expect(verified).toEqual([]);
  });
});

describe('setup mode under attack: where it listens', () => {
  it('listens where PRESSBRIDGE_STATUS_HOST says (Docker: 0.0.0.0) unless PRESSBRIDGE_SETUP_HOST is set', async () => {
    const help = async (env: Record<string, string>): Promise<string> => {
      const base = {
        ...process.env,
        PRESSBRIDGE_SETUP_HOST: undefined,
        PRESSBRIDGE_STATUS_HOST: undefined,
        // The help in English, whatever the machine's locale (src/i18n/process-language.ts).
        PRESSBRIDGE_LANGUAGE: 'en',
      };
      const { stdout } = await runCliOk(['start', '--help'], { env: { ...base, ...env } });
      return stdout.replace(/\s+/g, ' ');
    };
    expect(await help({ PRESSBRIDGE_STATUS_HOST: '0.0.0.0' })).toContain(
      'where the setup page listens (default: "0.0.0.0")',
    );
    expect(await help({ PRESSBRIDGE_STATUS_HOST: '0.0.0.0', PRESSBRIDGE_SETUP_HOST: '127.0.0.2' })).toContain(
      '(default: "127.0.0.2")',
    );
  });
});
