/**
 * When the real service differs (issue 12, items 1 and 2): the daemon as `pressbridge start` runs it, fed by the
 * sandbox over real HTTP (signed deliveries, the API, the built-in static site as the blog), with the sandbox
 * sending its date-times in UTC or ISO 8601, delivering a deal 70 minutes after its acceptance, or cancelling a
 * deal before its deadline passed. Every request the daemon spends is counted through `/_sandbox/stats`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { Daemon } from '../../src/app/types.js';
import { parseConfig } from '../../src/config/load.js';
import { readDeadlineFinding } from '../../src/deals/deadline-offset.js';
import { FINAL_RUN_STATES } from '../../src/deals/lifecycle.js';
import type { DealRecord } from '../../src/deals/record.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { reconcileKeys } from '../../src/reconcile/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import type { SandboxOptions } from '../../src/sandbox/types.js';
import { writeSecretFile } from '../../src/webhook/secret-file.js';
import { runCli } from '../helpers/cli-runner.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

const BLOG = 1;

/** `pressbridge doctor` as a user runs it: a real process. */
function doctor(configFile: string): Promise<{ code: number; stdout: string }> {
  return runCli(['doctor', '--config', configFile], {
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
}

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Setup {
  sandbox: Sandbox;
  daemon: Daemon;
  prefix: string;
  dataDir: string;
  /** The config as a file, for the CLI. */
  configFile: string;
}

async function setUp(
  sandboxOptions: SandboxOptions,
  marketplace: Record<string, unknown> = {},
  reconcile = false,
): Promise<Setup> {
  const sitePort = await freePort();
  const sandbox = await createSandbox({
    allowHttpWebhooks: true,
    blogs: [{ id: BLOG, name: 'Statický blog', url: `http://127.0.0.1:${sitePort}` }],
    ...sandboxOptions,
  });
  const prefix = randomPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-field-'));
  const raw = {
    marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey, ...marketplace },
    redis: { url: TEST_REDIS_URL, prefix },
    webhook: { listen: { host: '127.0.0.1', port: 0 }, secretFile: join(dataDir, 'secret.json') },
    status: { listen: { host: '127.0.0.1', port: 0 } },
    reconcile: { enabled: reconcile },
    // The webhook intake is what these tests count; the poll's own requests are test/integration/poll-intake.test.ts's.
    intake: { mode: 'webhook' },
    // The assertions read the English texts of the status page and `pressbridge doctor`.
    ui: { language: 'en' },
    dataDir,
    blogs: [
      {
        id: BLOG,
        publisher: 'static',
        options: {
          dir: join(dataDir, 'site'),
          serve: { host: '127.0.0.1', port: sitePort },
          indexPage: false,
        },
      },
    ],
  };
  const configFile = join(dataDir, 'pressbridge.yaml');
  writeFileSync(configFile, JSON.stringify(raw)); // JSON is YAML
  const config = parseConfig(raw, {});
  const daemon = await startDaemon({ config, log: createSilentLogger() });
  const registered = await daemon.client.putWebhook(daemon.webhookUrl as string);
  writeSecretFile(join(dataDir, 'secret.json'), {
    secret: registered.secret,
    updatedAt: new Date().toISOString(),
  });
  // Registration cost requests of its own: count only the deals' from here.
  await fetch(`${sandbox.url}/_sandbox/stats`, { method: 'DELETE' });
  return { sandbox, daemon, prefix, dataDir, configFile };
}

async function tearDown(setup: Setup | undefined): Promise<void> {
  if (!setup) return;
  await setup.daemon.close();
  await setup.sandbox.close();
  rmSync(setup.dataDir, { recursive: true, force: true });
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  await deleteKeys(redis, setup.prefix).catch(() => 0);
  redis.disconnect();
}

async function untilFinal(
  setup: Setup,
  dealIds: readonly number[],
  timeoutMs = 30_000,
): Promise<DealRecord[]> {
  let records: Array<DealRecord | undefined> = [];
  try {
    return await until(
      async () => {
        records = await Promise.all(dealIds.map((id) => setup.daemon.store.get(id)));
        return records.every((r) => r && FINAL_RUN_STATES.has(r.state)) && (records as DealRecord[]);
      },
      timeoutMs,
      'deals final',
    );
  } catch (error) {
    throw new Error(`not final in time: ${records.map((r) => `${r?.dealId}:${r?.state}`).join(', ')}`, {
      cause: error,
    });
  }
}

interface Budget {
  text: number;
  textRefused: number;
  photos: number;
  handIns: number;
  dealDetail: number;
  total: number;
}

/** The requests the sandbox answered, read through its control API. */
async function budget(sandbox: Sandbox): Promise<Budget> {
  const stats = (await (await fetch(`${sandbox.url}/_sandbox/stats`)).json()) as {
    requests: Array<{ method: string; route: string; status: number; count: number }>;
    totalRequests: number;
  };
  const count = (method: string, route: string, ok?: boolean) =>
    stats.requests
      .filter((r) => r.method === method && r.route === route && (ok === undefined || r.status < 300 === ok))
      .reduce((sum, r) => sum + r.count, 0);
  return {
    text: count('GET', '/v1/deals/:id/text', true),
    textRefused: count('GET', '/v1/deals/:id/text', false),
    photos: count('GET', '/v1/deals/:id/photos/:n'),
    handIns: count('POST', '/v1/deals/:id/article'),
    dealDetail: count('GET', '/v1/deals/:id'),
    total: stats.totalRequests,
  };
}

function handInsOf(sandbox: Sandbox, dealId: number) {
  return sandbox.handIns().filter((h) => h.dealId === dealId);
}

async function published(url: string | undefined): Promise<number> {
  if (!url) return 0;
  return (await fetch(url)).status;
}

describe('the marketplace decides, whatever its date-times (integration: daemon, sandbox, static site)', () => {
  let setup: Setup | undefined;
  afterEach(async () => {
    await tearDown(setup);
    setup = undefined;
  });

  it('UTC date-times read as Prague: every deal published once and handed in late after one question; the fix is shown', async () => {
    setup = await setUp({ dateFormat: 'utc' });
    const { sandbox, daemon } = setup;
    const deals = [
      await sandbox.createDeal({ blogId: BLOG, photos: 2 }),
      await sandbox.createDeal({ blogId: BLOG, photos: 1 }),
    ];

    const records = await untilFinal(
      setup,
      deals.map((d) => d.id),
    );

    for (const record of records) {
      expect(record, `deal ${record.dealId}`).toMatchObject({
        state: 'handed_in',
        data: { handIn: { late: true } },
      });
      expect(handInsOf(sandbox, record.dealId)).toHaveLength(1);
      expect(await published(record.url)).toBe(200);
    }
    // Per deal: 1 text + its photos (2 + 1, each with a cover) + 1 hand-in, and the one question when our reading
    // of the deadline passed.
    expect(await budget(sandbox)).toMatchObject({
      text: 2,
      photos: 3 + 2,
      handIns: 2,
      dealDetail: 2,
      total: 11,
    });
    const finding = await readDeadlineFinding(daemon.redis, setup.prefix);
    expect(finding).toMatchObject({ offsetMinutes: -60, suggestedZone: 'UTC', timeZone: 'Europe/Prague' });
    expect(finding?.message).toMatch(
      /^publish_deadline reads 60 min early .*: the service seems to send UTC; set marketplace.timeZone: UTC$/,
    );
    // The home page names it among what needs the blogger; the System page has the card with the reading.
    const home = await (await fetch(daemon.statusUrl as string)).text();
    expect(home).toContain('data-need="dates"');
    expect(home).toContain('set marketplace.timeZone: UTC');
    const page = await (await fetch(`${daemon.statusUrl}system`)).text();
    expect(page).toContain('Marketplace date-times');
    expect(page).toContain('set marketplace.timeZone: UTC');
    const checked = await doctor(setup.configFile);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(
      /FAIL marketplace date-times: publish_deadline reads 60 min early .*the service seems to send UTC; set marketplace.timeZone: UTC/,
    );
    expect(checked.stdout).toContain(
      'fix: set marketplace.timeZone: UTC in the config and restart pressbridge',
    );
  });

  it('UTC date-times with marketplace.timeZone: UTC: the happy path, exactly 1 text + 1 per photo + 1 hand-in', async () => {
    setup = await setUp({ dateFormat: 'utc' }, { timeZone: 'UTC' });
    const { sandbox } = setup;
    const deal = await sandbox.createDeal({ blogId: BLOG, photos: 2 });

    const [record] = await untilFinal(setup, [deal.id]);

    expect(record).toMatchObject({ state: 'handed_in', data: { handIn: { late: false } } });
    expect(await budget(sandbox)).toEqual({
      text: 1,
      textRefused: 0,
      photos: 3,
      handIns: 1,
      dealDetail: 0,
      total: 5,
    });
    expect(await readDeadlineFinding(setup.daemon.redis, setup.prefix)).toBeUndefined();
  });

  it('ISO 8601 date-times: read as they say, whatever the zone; the happy path budget', async () => {
    setup = await setUp({ dateFormat: 'iso' });
    const { sandbox } = setup;
    const deals = [
      await sandbox.createDeal({ blogId: BLOG, photos: 1 }),
      await sandbox.createDeal({ blogId: BLOG, photos: 1 }),
    ];

    const records = await untilFinal(
      setup,
      deals.map((d) => d.id),
    );

    for (const record of records) {
      expect(record).toMatchObject({ state: 'handed_in', data: { handIn: { late: false } } });
      expect(handInsOf(sandbox, record.dealId)).toHaveLength(1);
      // The deadline as read: the sandbox's own (acceptance + 60 min), to the second.
      const stated = sandbox.getDeal(record.dealId)?.publishDeadline;
      expect(Math.abs(Date.parse(record.deadline) - Date.parse(stated ?? ''))).toBeLessThan(1_000);
    }
    expect(await budget(sandbox)).toMatchObject({ text: 2, photos: 4, handIns: 2, dealDetail: 0, total: 8 });
    expect(await readDeadlineFinding(setup.daemon.redis, setup.prefix)).toBeUndefined();
  });

  it('a deal delivered 70 minutes after its acceptance, still awaited: published once, handed in, marked late', async () => {
    const running = await setUp({});
    setup = running;
    const { sandbox } = running;
    const deal = await sandbox.createDeal({ blogId: BLOG, photos: 1, acceptedMinutesAgo: 70 });

    const [record] = await untilFinal(setup, [deal.id]);

    expect(record).toMatchObject({
      state: 'handed_in',
      data: {
        late: {},
        handIn: { late: true },
        marketplaceCheck: { state: 'akceptovano', articleUrl: null },
      },
    });
    expect(handInsOf(sandbox, deal.id)).toHaveLength(1);
    expect(await published(record?.url)).toBe(200);
    expect(await budget(sandbox)).toMatchObject({ text: 1, photos: 2, handIns: 1, dealDetail: 1, total: 5 });
    // The deal log is written beside the state (fire-and-forget): its last line may land just after it.
    const log = await until(
      async () => {
        const msgs = (await running.daemon.store.readLog(deal.id, { limit: 100 })).map((e) => e.msg);
        return msgs.includes('URL handed in after the deadline') && msgs;
      },
      10_000,
      'the late hand-in logged',
    );
    expect(log.some((m) => m.includes('the marketplace still waits for the article'))).toBe(true);
    // Seventy minutes late reads as 10 minutes in the past: recorded, without blaming a zone.
    const finding = await readDeadlineFinding(setup.daemon.redis, setup.prefix);
    expect(finding).toMatchObject({ dealId: deal.id, offsetMinutes: -70, suggestedZone: null });
    const page = await (await fetch(`${setup.daemon.statusUrl}deals/${deal.id}`)).text();
    expect(page).toContain('data-late="true"');
    const list = await (await fetch(`${setup.daemon.statusUrl}deals`)).text();
    expect(list).toContain('<span class="tag late" data-late="true">late</span>');
  });

  it('a deal found by reconciliation 70 minutes after its acceptance: the list is the answer, no extra request', async () => {
    setup = await setUp({}, {}, true);
    const { sandbox, daemon } = setup;
    // The start-up sweep is done; forget its cursor, as for an installation whose daemon was down (the next
    // sweep looks reconcile.lookbackMinutes, 120, back).
    await daemon.reconciler?.runOnce();
    await daemon.redis.hdel(reconcileKeys(setup.prefix).state, 'cursor');
    await fetch(`${sandbox.url}/_sandbox/stats`, { method: 'DELETE' });
    const deal = await sandbox.createDeal({
      blogId: BLOG,
      photos: 1,
      acceptedMinutesAgo: 70,
      deliver: false,
    });

    const sweep = await daemon.reconciler?.runOnce();
    const [record] = await untilFinal(setup, [deal.id]);

    expect(sweep?.enqueued).toEqual([deal.id]);
    expect(record).toMatchObject({
      state: 'handed_in',
      source: 'reconcile',
      data: { handIn: { late: true }, marketplaceCheck: { state: 'akceptovano', via: 'list' } },
    });
    expect(handInsOf(sandbox, deal.id)).toHaveLength(1);
    const spent = await budget(sandbox);
    expect(spent).toMatchObject({ text: 1, photos: 2, handIns: 1, dealDetail: 0 });
    expect(spent.total).toBe(1 + 1 + 2 + 1); // the list, the text, two photos, the hand-in
  });

  it('a deal the marketplace cancelled before its deadline passed: nothing published, the state says why', async () => {
    setup = await setUp({});
    const { sandbox } = setup;
    const deal = await sandbox.createDeal({ blogId: BLOG, photos: 2, deliver: false });
    sandbox.setDealState(deal.id, 'zruseno', 'Inzerent zrušil objednávku');
    await sandbox.deliverDeal(deal.id);

    const [record] = await untilFinal(setup, [deal.id]);

    expect(record).toMatchObject({
      state: 'closed',
      errorCode: 'deal_closed',
      data: { closed: { state: 'zruseno' } },
    });
    expect(record?.error).toMatch(/"zruseno" \(reason: "Inzerent zrušil objednávku"\)/);
    expect(record?.url).toBeUndefined();
    expect(handInsOf(sandbox, deal.id)).toHaveLength(0);
    // The text refused (409 spatny_stav), one question, nothing else.
    expect(await budget(sandbox)).toEqual({
      text: 0,
      textRefused: 1,
      photos: 0,
      handIns: 0,
      dealDetail: 1,
      total: 2,
    });
    const page = await (await fetch(`${setup.daemon.statusUrl}deals/${deal.id}`)).text();
    expect(page).toContain('Closed by the marketplace');
  });

  it('a late delivery of a deal cancelled meanwhile: one question, nothing fetched or published', async () => {
    setup = await setUp({});
    const { sandbox } = setup;
    const deal = await sandbox.createDeal({
      blogId: BLOG,
      photos: 1,
      acceptedMinutesAgo: 70,
      deliver: false,
    });
    sandbox.setDealState(deal.id, 'zruseno', 'Nestihli jste to');
    await sandbox.deliverDeal(deal.id);

    const [record] = await untilFinal(setup, [deal.id]);

    expect(record).toMatchObject({
      state: 'closed',
      data: { closed: { state: 'zruseno', reason: 'Nestihli jste to' } },
    });
    expect(await budget(sandbox)).toEqual({
      text: 0,
      textRefused: 0,
      photos: 0,
      handIns: 0,
      dealDetail: 1,
      total: 1,
    });
  });
});
