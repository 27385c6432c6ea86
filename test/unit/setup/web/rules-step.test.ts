/**
 * The rules step (src/setup/web/steps/rules.ts) on both fronts: the /setup page over HTTP and `pressbridge setup`
 * with scripted answers. Skip is the default; a refused value is said with the same sentence on both (the config's
 * own `BlogRules` message, named by the field); a good one is written as `blogs[i].rules`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import * as cheerio from 'cheerio';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/config/load.js';
import { createSilentLogger } from '../../../../src/logger.js';
import { createSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { createSetupEngine } from '../../../../src/setup/engine.js';
import { runTerminalSetup } from '../../../../src/setup/terminal.js';
import { setupRoutes } from '../../../../src/setup/web/router.js';
import { createFakeWordPress } from '../../../helpers/fake-wordpress.js';
import { createSetupClient } from '../../../helpers/setup-client.js';
import { streamText } from '../../../helpers/stream-text.js';

const TOKEN = 'rules-step-test-token-7q';
const REFUSAL =
  'Refused top-level domains: must be a top-level domain such as ru or xyz (one label, no dots)';

describe('src/setup/web/steps/rules', () => {
  let sandbox: Sandbox;
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-setup-rules-'));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    sandbox = await createSandbox({
      blogs: [{ id: 1, name: 'Blog A', url: 'https://a.cz', mode: 'manual' }],
    });
  });
  afterAll(async () => {
    await sandbox.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('the page: after the categories, skip checked; a refused value is said; a good one is written', async () => {
    const log = createSilentLogger();
    const engine = createSetupEngine({ wordpress: createFakeWordPress(), dataDir: tempDir(), log });
    let configPath = '';
    const app = express();
    app.use(
      setupRoutes({
        engine,
        log,
        token: TOKEN,
        language: 'en',
        defaults: { status: { host: '127.0.0.1', port: 0 } },
        onFinished: async (result) => {
          configPath = result.configPath;
          return { doctor: [], statusUrl: '/' };
        },
      }),
    );
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const me = createSetupClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const csrf = await me.enterToken(TOKEN);
      const post = (path: string, form: Record<string, string>) => me.request(path, { csrf, ...form });
      await post('/setup/key', { baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: 'on' });
      await post('/setup/blogs', { 'target-1': 'static' });
      await post('/setup/blog/1/static', { dir: tempDir(), baseUrl: 'https://a.cz/' });
      expect(await post('/setup/categories', {})).toMatchObject({ status: 303, location: '/setup/rules/1' });
      const page = cheerio.load((await me.request('/setup/rules/1')).text);
      expect(page('input[name="choice"][checked]').attr('value')).toBe('skip');
      expect(page('label').text()).toContain('Skip: no rules, everything fits');
      expect(page('input[name="minReward"]')).toHaveLength(1);

      const refused = await post('/setup/rules/1', { choice: 'set', minReward: '900', refusedTlds: 'co.uk' });
      expect(refused.status).toBe(422);
      expect(cheerio.load(refused.text)('[role="alert"]').text()).toBe(REFUSAL);
      expect(await me.request('/setup')).toMatchObject({ location: '/setup/rules/1' });

      const saved = await post('/setup/rules/1', {
        choice: 'set',
        minReward: '900',
        refusedTlds: 'ru',
        vip: 'no',
      });
      expect(saved).toMatchObject({ status: 303, location: '/setup/intake' });
      await post('/setup/intake', { intake: 'poll' });
      await post('/setup/notify', { channel: 'none' });
      await post('/setup/finish', {});
      expect(loadConfig({ path: configPath, env: {} }).blogs[0]?.rules).toEqual({
        minReward: 900,
        refusedTlds: ['ru'],
        vip: false,
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('the terminal: the same fields, the same refusal, asked again; the answer written', async () => {
    const engine = createSetupEngine({
      wordpress: createFakeWordPress(),
      dataDir: tempDir(),
      log: createSilentLogger(),
    });
    const input = new PassThrough();
    const output = new PassThrough();
    const printed = streamText(output);
    // minReward, minRewardPerPage, expectations, refusedWords, refusedDomains, refusedTlds, maxLinks, vip, express
    const fields = (tlds: string) => ['900', '', '1, 4', 'kasino', '-', tlds, '', 'no', ''];
    const lines = ['static', tempDir(), '', 'set', ...fields('co.uk'), 'set', ...fields('ru'), '', '-'];
    input.write(`${lines.join('\n')}\n`);
    const options = { baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: true };
    const result = await runTerminalSetup(engine, options, 'en', { input, output });
    expect(printed()).toContain('Minimum reward (Kč) (A smaller reward is refused. -: no rule)');
    expect(printed()).toContain(`✗ ${REFUSAL}`);
    expect(result.config.blogs[0]?.rules).toEqual({
      minReward: 900,
      expectations: [1, 4],
      refusedWords: ['kasino'],
      refusedTlds: ['ru'],
      vip: false,
    });
  });

  it('the terminal with --yes: skipped, no rules written', async () => {
    const engine = createSetupEngine({
      wordpress: createFakeWordPress(),
      dataDir: tempDir(),
      log: createSilentLogger(),
    });
    const options = {
      yes: true,
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      allowLocal: true,
      wordpressUrl: 'https://a.cz',
      wordpressUser: 'jana',
      wordpressPassword: 'good pass word',
    };
    const result = await runTerminalSetup(engine, options, 'en', {
      input: new PassThrough(),
      output: new PassThrough(),
    });
    expect(result.config.blogs[0]).not.toHaveProperty('rules');
  });
});
