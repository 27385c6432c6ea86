/**
 * The poll intake end to end (issue 21, Deliver 1): the daemon as `pressbridge start` runs it with NO webhook
 * registered, the sandbox marketplace over real HTTP, the machine's Redis and the static publisher serving its
 * site. Accepted deals are found by the poll and handed in; a payout, a message and a claim post are noticed
 * through the handlers the webhook uses; every marketplace request is counted by the sandbox and held to the
 * intake's budget.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Daemon } from '../../src/app/types.js';
import { parseConfig } from '../../src/config/load.js';
import { intakeOf } from '../../src/intake/mode.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { readPaid } from '../../src/money/paid.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { collectingDispatcher } from '../helpers/notify.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

const POLL_SECONDS = 10;
/** Two polls and the work between them, with room for a slow machine. */
const WAIT_MS = 3 * POLL_SECONDS * 1000 + 15_000;

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

describe('the poll intake (integration): no webhook registered', () => {
  const prefix = randomPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-poll-'));
  const dispatcher = collectingDispatcher();
  let sandbox: Sandbox;
  let daemon: Daemon;
  let startedAt = 0;
  let dealIds: number[] = [];

  const count = (method: string, route: string): number =>
    sandbox
      .stats()
      .requests.filter((r) => r.method === method && r.route === route)
      .reduce((sum, r) => sum + r.count, 0);

  /** A poll that starts after this call: runOnce() joins one in flight, so the second call is a new one. */
  let asked = 0;
  const pollNow = async (): Promise<void> => {
    asked += 2;
    await daemon.poller?.runOnce();
    await daemon.poller?.runOnce();
  };

  beforeAll(async () => {
    const sitePort = await freePort();
    sandbox = await createSandbox({
      blogs: [{ id: 1, name: 'Statický blog', url: `http://127.0.0.1:${sitePort}` }],
      photoSize: { width: 320, height: 200 },
    });
    const raw = {
      marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
      redis: { url: TEST_REDIS_URL, prefix },
      // No secret, no secret file: nothing is registered, so the intake is the poll (the default).
      webhook: { listen: { host: '127.0.0.1', port: 0 } },
      status: { listen: { host: '127.0.0.1', port: 0 } },
      intake: { pollSeconds: POLL_SECONDS },
      // Only the intake lists deals here, so every GET /v1/deals below is the poll's.
      reconcile: { enabled: false },
      money: { enabled: false },
      ui: { language: 'en' },
      dataDir,
      blogs: [
        {
          id: 1,
          publisher: 'static',
          options: {
            dir: join(dataDir, 'site'),
            serve: { host: '127.0.0.1', port: sitePort },
            indexPage: false,
          },
        },
      ],
    };
    const config = parseConfig(raw, {});
    expect(intakeOf(config)).toMatchObject({
      mode: 'poll',
      pollMs: POLL_SECONDS * 1000,
      requestsPerMinute: 6,
    });
    startedAt = Date.now();
    daemon = await startDaemon({ config, log: createSilentLogger(), dispatcher });
  }, 60_000);

  afterAll(async () => {
    await daemon?.close();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await deleteKeys(redis, prefix).catch(() => 0);
    redis.disconnect();
  });

  it('finds accepted deals by polling and hands them in, with no webhook registered', async () => {
    expect(sandbox.webhook()).toBeUndefined();
    expect(daemon.poller).toBeDefined();
    const deals = await Promise.all([
      sandbox.createDeal({ blogId: 1, photos: 1 }),
      sandbox.createDeal({ blogId: 1, photos: 1 }),
    ]);
    dealIds = deals.map((d) => d.id);
    await until(
      () => sandbox.handIns().length === 2 && sandbox.handIns(),
      WAIT_MS,
      'both deals handed in',
      200,
    );
    for (const id of dealIds) {
      const record = await until(async () => {
        const r = await daemon.store.get(id);
        return r?.state === 'handed_in' && r;
      }, 10_000);
      expect(record.source).toBe('poll');
      expect(sandbox.getDeal(id)?.state).toBe('ke_schvaleni');
    }
    // No delivery was ever attempted: there was nowhere to deliver to.
    expect(sandbox.deliveries()).toEqual([]);
  }, 120_000);

  it('notices a payout: data.paid on the deal, as the deal.paid webhook records it', async () => {
    const [paidId] = dealIds as [number];
    await sandbox.payDeal(paidId);
    // The daemon's own timer finding deals is the first test's; here a poll is asked for at once (the first call
    // joins a poll in flight, which may have listed before the payout) instead of waiting up to POLL_SECONDS.
    await pollNow();
    const record = await until(
      async () => {
        const r = await daemon.store.get(paidId);
        return r?.data.paid ? r : undefined;
      },
      WAIT_MS,
      'deal paid',
      200,
    );
    expect(readPaid(record.data)).toMatchObject({ reward: 1800, price: 2500 });
    const lines = (await daemon.store.readLog(paidId)).filter((l) => l.msg.startsWith('paid out'));
    expect(lines).toHaveLength(1);
  }, 120_000);

  it('notices a message and a claim post: one read of each thread, one notification each', async () => {
    const [, openId] = dealIds as [number, number];
    await sandbox.addPost(openId, 'messages', 'Dobrý den, můžete doplnit fotku?\nDíky');
    await sandbox.addPost(openId, 'claims', 'V článku chybí odkaz na klíčové slovo');
    await pollNow();
    const [message, claim] = await until(
      () => {
        const m = dispatcher.messages.find((x) => x.key.startsWith(`message:${openId}:`));
        const c = dispatcher.messages.find((x) => x.key.startsWith(`claim:${openId}:`));
        return m && c ? ([m, c] as const) : undefined;
      },
      WAIT_MS,
      'message and claim notifications',
      200,
    );
    expect(JSON.stringify(message)).toContain('Dobrý den, můžete doplnit fotku?');
    expect(JSON.stringify(claim)).toContain('V článku chybí odkaz na klíčové slovo');
    // Nothing more on later polls: the counts did not grow again. The notifications go out during a poll, so the
    // poll that sent them may still be running here, and runOnce() joins a poll in flight: let it end first.
    await daemon.poller?.runOnce();
    const polled = await daemon.poller?.runOnce();
    expect(polled).toMatchObject({ status: 'ok', messages: [], claims: [] });
    expect(dispatcher.messages.filter((x) => x.key.startsWith(`message:${openId}:`))).toHaveLength(1);
    expect(dispatcher.messages.filter((x) => x.key.startsWith(`claim:${openId}:`))).toHaveLength(1);
    expect(count('GET', '/v1/deals/:id/messages')).toBe(1);
    expect(count('GET', '/v1/deals/:id/claims')).toBe(1);
  }, 120_000);

  it('keeps to its budget: one request a poll when idle, within the key’s 60 a minute throughout', async () => {
    const before = count('GET', '/v1/deals');
    const idle = await daemon.poller?.runOnce();
    expect(idle).toMatchObject({ status: 'ok', requests: 1 });
    // The daemon's own timer may have polled meanwhile too: one more at most.
    expect(count('GET', '/v1/deals') - before).toBeGreaterThanOrEqual(1);
    expect(count('GET', '/v1/deals') - before).toBeLessThanOrEqual(2);

    // Over the whole run: a listing per poll, and a second (cancellations) only while a deal was accepted
    // and not yet handed in; polls every POLL_SECONDS plus the ones the tests asked for (two here, two in each
    // pollNow()).
    const polls = Math.ceil((Date.now() - startedAt) / (POLL_SECONDS * 1000)) + 1 + 2 + asked;
    const listings = count('GET', '/v1/deals');
    expect(listings).toBeGreaterThanOrEqual(3);
    expect(listings).toBeLessThanOrEqual(2 * polls);
    const stats = sandbox.stats();
    expect(stats.rateLimited).toBe(0);
    expect(stats.maxRequestsPerWindow[sandbox.apiKey] ?? 0).toBeLessThanOrEqual(60);
    // The cost as the status page shows it to the blogger.
    const page = await (await fetch(`${daemon.statusUrl as string}system`)).text();
    expect(page).toContain('Polling the marketplace every 10 s: 6 of 60 requests a minute.');
    // Nothing but the deals' own work and the poll: no other listing, no webhook management.
    const routes = new Set(stats.requests.map((r) => `${r.method} ${r.route}`));
    for (const route of routes) expect(route).toMatch(/^(GET|POST) \/v1\/(deals|me|blogs)/);
  });
});
