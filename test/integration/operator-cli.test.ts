/**
 * The operator's commands as a user runs them (a real `pressbridge` process per command) against the sandbox
 * marketplace, the machine's Redis and a real WordPress: doctor, blogs, agent, categories sync, replay, deals,
 * deal. The deal actions behind the status page's buttons are tested in-process in deal-actions.test.ts.
 * The config says `ui: { language: en }` where the tests read English; `csConfig` (no `ui:`) shows the
 * default, Czech.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_QUEUE, dealJobId } from '../../src/queue/jobs.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { runCli } from '../helpers/cli-runner.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { startWordPress, type WordPressSite } from '../helpers/wordpress.js';

describe('operator commands (integration)', () => {
  let wp: WordPressSite;
  let sandbox: Sandbox;
  let dir: string;
  let config: string;
  let csConfig: string;
  const prefix = randomPrefix();

  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli(args, {
      env: {
        ...process.env,
        PRESSBRIDGE_CONFIG: config,
        PRESSBRIDGE_LANGUAGE: 'en',
        WP_PASSWORD: wp.applicationPassword,
        ...env,
      },
      timeout: 60_000,
    });

  beforeAll(async () => {
    wp = await startWordPress({ name: 'operator' });
    sandbox = await createSandbox({ blogs: [{ id: 1, name: 'Testovací blog', url: wp.url }] });
    dir = mkdtempSync(join(tmpdir(), 'pb-operator-'));
    config = join(dir, 'pressbridge.yaml');
    csConfig = join(dir, 'pressbridge-cs.yaml');
    const lines = [
      'marketplace:',
      `  baseUrl: ${sandbox.url}`,
      `  apiKey: ${sandbox.apiKey}`,
      'redis:',
      `  url: ${TEST_REDIS_URL}`,
      `  prefix: ${prefix}`,
      `dataDir: ${join(dir, 'data')}`,
      'blogs:',
      '  - id: 1',
      '    publisher: wordpress',
      '    options:',
      `      url: ${wp.url}`,
      `      username: ${wp.username}`,
      '      applicationPassword: { env: WP_PASSWORD }',
      '      categories: identity',
      '',
    ];
    writeFileSync(config, [...lines, 'ui:', '  language: en', ''].join('\n'));
    writeFileSync(csConfig, lines.join('\n'));
  });

  afterAll(async () => {
    await sandbox?.close();
    await wp?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('doctor passes without a webhook (the poll intake needs none) and says what the intake costs', async () => {
    const czech = await cli(['doctor'], { PRESSBRIDGE_CONFIG: csConfig, PRESSBRIDGE_LANGUAGE: '' });
    expect(czech.code, czech.stdout).toBe(0);
    expect(czech.stdout).toMatch(
      /^OK {4}příjem obchodů: dotazy na tržiště každých 30 s: 2 z 60 požadavků klíče za minutu; žádný otevřený port není potřeba$/m,
    );
    expect(czech.stdout).toMatch(/^OK {4}webhook: žádný webhook: při dotazování není potřeba$/m);
    expect(czech.stdout).toMatch(/^OK {4}API klíč: účet \S+ \(role bloger, oprávnění read, write\)$/m);

    const before = await cli(['doctor']);
    expect(before.code, before.stdout).toBe(0);
    expect(before.stdout).toMatch(
      /OK {3}intake: polling the marketplace every 30 s: 2 of the key's 60 requests a minute/,
    );
    expect(before.stdout).toMatch(/OK {3}blog 1: WordPress credentials for .*: signed in as/);
    expect(before.stdout).toMatch(/OK {3}API key: account \S+ \(role bloger, scopes read, write\)/);

    const registered = await cli(['webhook', 'register', 'https://pressbridge.example.cz/webhook']);
    expect(registered.code).toBe(0);
    const after = await cli(['doctor', '--json']);
    expect(after.code, after.stdout).toBe(0);
    const checks = JSON.parse(after.stdout) as Array<{ name: string; status: string }>;
    expect(checks.filter((c) => c.status === 'fail')).toEqual([]);
    expect(checks.map((c) => c.name)).toEqual(
      expect.arrayContaining(['config', 'Redis', 'Redis eviction', 'API key', 'intake', 'webhook']),
    );
    // Registered: the webhook is the fast path, the poll its backstop at the reconciliation interval.
    expect(checks.find((c) => c.name === 'intake')).toMatchObject({
      detail: "the webhook, backed by polling every 5 min: 0.2 of the key's 60 requests a minute",
    });
  }, 120_000);

  it('doctor names a wrong WordPress password and how to fix it', async () => {
    const result = await cli(['doctor'], { WP_PASSWORD: 'aaaa bbbb cccc dddd eeee ffff' });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAIL blog 1: WordPress credentials for/);
    expect(result.stdout).toMatch(/fix: .*(Application Password|Authorization header)/);
    expect(result.stdout).not.toContain('aaaa bbbb');
  });

  it('lists the blogs, switches agent publishing off and on', async () => {
    const listed = await cli(['blogs', '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ id: 1, mode: 'agent', pressbridge: 'wordpress' }),
    ]);
    expect((await cli(['agent', 'off', '1'])).stdout).toContain('Agent publishing is off for blog 1.');
    expect(JSON.parse((await cli(['blogs', '--json'])).stdout)[0].mode).toBe('manual');
    expect((await cli(['agent', 'on', '1'])).code).toBe(0);
    expect(JSON.parse((await cli(['blogs', '--json'])).stdout)[0].mode).toBe('agent');
    const bad = await cli(['agent', 'maybe', '1']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('expected "on" or "off"');
  }, 90_000);

  it('syncs the WordPress categories to the marketplace, after a dry run that sends nothing', async () => {
    const dry = await cli(['categories', 'sync', '1', '--dry-run', '--json']);
    expect(dry.code).toBe(0);
    const planned = JSON.parse(dry.stdout) as {
      dryRun: boolean;
      categories: Array<{ id: number; name: string }>;
    };
    expect(planned.dryRun).toBe(true);
    expect(planned.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Cestování', 'Technika']));
    const marketplaceCategories = async (): Promise<number[]> => {
      const answer = await fetch(`${sandbox.url}/v1/blogs`, {
        headers: { Authorization: `Bearer ${sandbox.apiKey}` },
      });
      const blogs = (await answer.json()) as {
        data: Array<{ publishing: { categories: Array<{ id: number }> } }>;
      };
      return (blogs.data[0]?.publishing.categories ?? []).map((c) => c.id).sort((x, y) => x - y);
    };
    const wordpressIds = wp.categories.map((c) => c.id).sort((x, y) => x - y);
    expect(await marketplaceCategories()).not.toEqual(wordpressIds);

    const sent = await cli(['categories', 'sync', '1']);
    expect(sent.code).toBe(0);
    expect(await marketplaceCategories()).toEqual(wordpressIds);
  });

  it('replays a deal whose webhook never came, then shows it in deals and deal', async () => {
    const deal = await sandbox.createDeal({ blogId: 1, deliver: false });
    const replayed = await cli(['replay', String(deal.id)]);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.stdout).toContain(`Deal ${deal.id} fetched from the marketplace and queued.`);
    const queue = new Queue(DEAL_QUEUE, { connection: { url: TEST_REDIS_URL }, prefix });
    try {
      const job = await queue.getJob(dealJobId(deal.id));
      expect(job?.data).toMatchObject({ dealId: deal.id, blogId: 1, source: 'manual' });
    } finally {
      await queue.close();
    }
    const again = await cli(['replay', String(deal.id)]);
    expect(again.stdout).toContain(`Deal ${deal.id} is already queued`);

    const listed = JSON.parse((await cli(['deals', '--json'])).stdout) as {
      items: Array<{ dealId: number }>;
    };
    expect(listed.items.map((d) => d.dealId)).toContain(deal.id);
    const table = (await cli(['deals'])).stdout;
    expect(table).toMatch(/^DEAL +BLOG +STATE +ACCEPTED +TITLE +URL \/ ERROR$/m);
    expect(table).toMatch(new RegExp(`^${deal.id} +1 +received +\\d+s ago`, 'm'));
    const story = await cli(['deal', String(deal.id)]);
    expect(story.stdout).toContain(`Deal ${deal.id}  received`);
    expect(story.stdout).toContain(`operator: Deal ${deal.id} fetched from the marketplace and queued.`);

    const missing = await cli(['deal', '424242']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('pressbridge has no record of deal 424242');
  }, 90_000);

  it('speaks Czech by default: the operator confirmations, the deals table, the deal story', async () => {
    const czech = { PRESSBRIDGE_CONFIG: csConfig, PRESSBRIDGE_LANGUAGE: '' };
    const deal = await sandbox.createDeal({ blogId: 1, deliver: false });
    const replayed = await cli(['replay', String(deal.id)], czech);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.stdout).toBe(`Obchod ${deal.id} byl stažen z tržiště a zařazen do fronty.\n`);
    const retried = await cli(['retry', String(deal.id)], czech);
    expect(retried.stdout).toBe(
      `Obchod ${deal.id} už je ve frontě; spustí se, jakmile na něj přijde řada.\n`,
    );

    const table = (await cli(['deals'], czech)).stdout;
    expect(table).toMatch(/^OBCHOD +BLOG +STAV +PŘIJATO +TITULEK +ADRESA \/ CHYBA$/m);
    expect(table).toMatch(new RegExp(`^${deal.id} +1 +přijato +před \\d+ s`, 'm'));

    const story = await cli(['deal', String(deal.id)], czech);
    expect(story.stdout).toContain(`Obchod ${deal.id}  přijato`);
    expect(story.stdout).toMatch(/^blog 1 · přijato \d{1,2}\. \d{1,2}\. \d{4} \d{1,2}:\d{2} · termín /m);
    expect(story.stdout).toContain('Záznam (od nejstaršího)');
    // The deal's own log in the blogger's language too (issue 28), the operator's action by its sentence.
    expect(story.stdout).toContain(`obsluha: Obchod ${deal.id} byl stažen z tržiště a zařazen do fronty.`);
    expect(story.stdout).not.toContain('operator: Deal');
    const missing = await cli(['deal', '424242'], czech);
    expect(missing.stderr).toContain('Chyba: pressbridge o obchodu 424242 nemá záznam');
  }, 120_000);

  it('reads the deals without the WordPress password; building the publisher still names the variable', async () => {
    const listed = await cli(['deals', '--json'], { WP_PASSWORD: '' });
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toHaveProperty('items');

    const sync = await cli(['categories', 'sync', '1', '--dry-run'], { WP_PASSWORD: '' });
    expect(sync.code).not.toBe(0);
    expect(sync.stderr).toContain('environment variable WP_PASSWORD is not set');
  });
});
