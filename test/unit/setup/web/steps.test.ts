/**
 * The setup's steps as one list (src/setup/web/steps/index.ts): a step added to a copy of `STEPS` (one file, here
 * the object below, and one line) is mounted on the /setup page in its place, becomes the next step when the
 * ones before it are answered, is asked by the terminal in the same place, and its answer is in the written
 * pressbridge.yaml.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../src/logger.js';
import { createSandbox, type Sandbox } from '../../../../src/sandbox/index.js';
import { newDraft } from '../../../../src/setup/draft.js';
import { createSetupEngine } from '../../../../src/setup/engine.js';
import { runTerminalSetup } from '../../../../src/setup/terminal.js';
import { setupRoutes } from '../../../../src/setup/web/router.js';
import { nextStep, STEPS } from '../../../../src/setup/web/steps/index.js';
import type { SetupStep } from '../../../../src/setup/web/steps/step.js';
import { messagePage } from '../../../../src/setup/web/views/page.js';
import { createFakeWordPress, FAKE_WORDPRESS_PASSWORD } from '../../../helpers/fake-wordpress.js';
import { createSetupClient, type SetupAnswer } from '../../../helpers/setup-client.js';

type SetupClient = ReturnType<typeof createSetupClient>;

import { streamText } from '../../../helpers/stream-text.js';

const TOKEN = 'steps-test-token-4k2m';

/**
 * The one file a new step is: its page, when it is answered, its form and its question, and what its answer
 * writes into pressbridge.yaml (the draft's `configParts`: here the status page's time zone).
 */
function dummyStep(): SetupStep & { asked: number } {
  const zoneOf = (typed: string | undefined): string => typed || 'Europe/Bratislava';
  return {
    asked: 0,
    path: '/dummy',
    done: (draft) => draft.configParts.has('/dummy'),
    get: (ctx) => ctx.send(200, messagePage(ctx.view(), 'The dummy step asks its question here.')),
    post(ctx) {
      ctx.draft.configParts.set('/dummy', { ui: { timeZone: zoneOf(ctx.body.timeZone) } });
      ctx.next();
    },
    async ask(term) {
      this.asked += 1;
      term.say(`dummy asked with the categories ${term.draft.categoriesDone ? 'answered' : 'open'}`);
      const typed = await term.ask('Time zone', undefined, '--time-zone', zoneOf(undefined));
      term.draft.configParts.set('/dummy', { ui: { timeZone: zoneOf(typed) } });
    },
  };
}

/** The one line: the step in its place, after the categories. */
function withDummy(dummy: SetupStep): SetupStep[] {
  const at = STEPS.findIndex((s) => s.path === '/categories') + 1;
  return [...STEPS.slice(0, at), dummy, ...STEPS.slice(at)];
}

describe('src/setup/web/steps: one list for both fronts', () => {
  let sandbox: Sandbox;
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-setup-steps-'));
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

  /** The /setup router alone on a free port, with `steps`; `use` gets a client that holds the token. */
  async function onPage(
    steps: readonly SetupStep[],
    use: (
      post: (path: string, form: Record<string, string>) => Promise<SetupAnswer>,
      me: SetupClient,
    ) => Promise<void>,
  ): Promise<void> {
    const log = createSilentLogger();
    const engine = createSetupEngine({ wordpress: createFakeWordPress(), dataDir: tempDir(), log });
    const app = express();
    app.use(
      setupRoutes({
        engine,
        log,
        token: TOKEN,
        language: 'en',
        steps,
        defaults: { status: { host: '127.0.0.1', port: 0 } },
        onFinished: async () => {
          throw new Error('not in this test');
        },
      }),
    );
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const me = createSetupClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const csrf = await me.enterToken(TOKEN);
      await use((path, form) => me.request(path, { csrf, ...form }), me);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('the page: a step added to the list is mounted and comes next in its place', async () => {
    await onPage(withDummy(dummyStep()), async (post, me) => {
      await post('/setup/key', { baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: 'on' });
      await post('/setup/blogs', { 'target-1': 'static' });
      await post('/setup/blog/1/static', { dir: tempDir(), baseUrl: 'https://a.cz/' });
      expect(await post('/setup/categories', {})).toMatchObject({ status: 303, location: '/setup/dummy' });
      expect(await me.request('/setup')).toMatchObject({ status: 303, location: '/setup/dummy' });
      const page = await me.request('/setup/dummy');
      expect(page.status).toBe(200);
      expect(page.text).toContain('The dummy step asks its question here.');
      // Its form needs the token too, as every step's does.
      expect((await me.request('/setup/dummy', {})).status).toBe(403);
      expect(await post('/setup/dummy', {})).toMatchObject({ status: 303, location: '/setup/rules/1' });
    });
  });

  it('both fronts refuse a category mapping with a bad line, with the same sentence', async () => {
    const refusal =
      'Blog Blog A: for your own mapping write at least one line, each as "marketplace number = blog category", e.g. 3 = 12.';
    await onPage(STEPS, async (post) => {
      await post('/setup/key', { baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: 'on' });
      await post('/setup/blogs', { 'target-1': 'wordpress' });
      await post('/setup/blog/1/wordpress/discover', { address: 'https://a.cz' });
      await post('/setup/blog/1/wordpress/paste', { username: 'jana', password: FAKE_WORDPRESS_PASSWORD });
      const refused = await post('/setup/categories', { 'mode-1': 'map', 'map-1': '3 = 12\nfour = 7' });
      expect(refused.status).toBe(422);
      expect(refused.text).toContain(refusal.replaceAll('"', '&quot;'));
    });
    const engine = createSetupEngine({
      wordpress: createFakeWordPress(),
      dataDir: tempDir(),
      log: createSilentLogger(),
    });
    const input = new PassThrough();
    const output = new PassThrough();
    const printed = streamText(output);
    const answers = [
      'wordpress',
      '',
      'jana',
      FAKE_WORDPRESS_PASSWORD,
      'map',
      '3 = 12, four = 7',
      'default',
      '',
      '', // rules: skip
      '',
      '-',
    ];
    input.write(`${answers.join('\n')}\n`);
    const options = { baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: true };
    const result = await runTerminalSetup(engine, options, 'en', { input, output });
    expect(printed()).toContain(`✗ ${refusal}`);
    expect(result.config.blogs[0]?.options).not.toHaveProperty('categories');
  });

  it('the terminal: the same list, asked in its order', async () => {
    const dummy = dummyStep();
    const asked: string[] = [];
    const steps = withDummy(dummy).map((step) => ({
      ...step,
      ask: async (term: Parameters<SetupStep['ask']>[0]) => {
        asked.push(step.path);
        await step.ask.call(step, term);
      },
    }));
    const engine = createSetupEngine({
      wordpress: createFakeWordPress(),
      dataDir: tempDir(),
      log: createSilentLogger(),
    });
    const output = new PassThrough();
    const printed = streamText(output);
    const options = {
      yes: true,
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      allowLocal: true,
      wordpressUrl: 'https://a.cz',
      wordpressUser: 'jana',
      wordpressPassword: FAKE_WORDPRESS_PASSWORD,
    };
    const result = await runTerminalSetup(engine, options, 'en', { input: new PassThrough(), output }, steps);
    expect(asked).toEqual([
      '/key',
      '/blogs',
      '/blog/:id',
      '/categories',
      '/dummy',
      '/rules/:id',
      '/intake',
      '/notify',
      '/finish',
    ]);
    expect(dummy.asked).toBe(1);
    expect(printed()).toContain('dummy asked with the categories answered');
    // Its answer is in the installation the finish wrote, beside the engine's own (the language it set).
    expect(result.config.ui).toMatchObject({ timeZone: 'Europe/Bratislava', language: 'en' });
    expect(readFileSync(result.configPath, 'utf8')).toMatch(/^ {2}timeZone: Europe\/Bratislava$/m);
  });

  it('the next step is the first one not answered, with its own page for the blog it waits for', () => {
    const draft = newDraft('en');
    expect(nextStep(draft)).toBe('/key');
    draft.marketplace = { baseUrl: 'https://api.example', apiKey: 'k', login: 'jana' };
    draft.blogs = [
      { id: 1, name: 'A', url: 'https://a.cz', target: 'none', agent: false },
      { id: 2, name: 'B', url: 'https://b.cz', target: 'static', agent: true },
    ];
    expect(nextStep(draft)).toBe('/blog/2');
    draft.blogs[1] = { ...draft.blogs[1]!, static: { dir: '/srv', baseUrl: 'https://b.cz/' } };
    expect(nextStep(draft)).toBe('/categories');
    draft.categoriesDone = true;
    expect(nextStep(draft, withDummy(dummyStep()))).toBe('/dummy');
    expect(nextStep(draft)).toBe('/rules/2');
    draft.configParts.set('/rules/2', {});
    expect(nextStep(draft)).toBe('/intake');
    draft.intake = { mode: 'poll' };
    draft.notify = { type: 'none' };
    expect(nextStep(draft)).toBe('/finish');
  });
});
