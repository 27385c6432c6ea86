/**
 * Two daemons on one Redis and one marketplace key (issue 29): both run the poll intake, one poll at a time. A
 * poll holds a lease (src/redis/lease.ts) renewed before each deal, so a poll that outlasts the lease's time keeps
 * it, and the other daemon's polls find it busy instead of reading the same threads from the same `seen`. Here
 * the lease lasts 1.5 s unrenewed and the marketplace answers every thread read 400 ms late, so one poll over
 * four deals (a message and a claim each) takes about 3 s while the other daemon asks to poll every 150 ms.
 * Before the lease was renewed per deal (once per 200-deal page) the second daemon polled after 1.5 s and read
 * the threads again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Daemon } from '../../src/app/types.js';
import { parseConfig } from '../../src/config/load.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { collectingDispatcher } from '../helpers/notify.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { freePort } from '../helpers/redis-server.js';
import { until } from '../helpers/until.js';

const DEALS = 4;
const LEASE_MS = 1_500;
const THREAD_LATENCY_MS = 400;
const THREAD_ROUTES = ['GET /v1/deals/:id/messages', 'GET /v1/deals/:id/claims'];

describe('two daemons poll one marketplace key (integration)', () => {
  const prefix = randomPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-two-polls-'));
  const dispatchers = [collectingDispatcher(), collectingDispatcher()];
  let sandbox: Sandbox;
  let daemons: Daemon[] = [];
  let dealIds: number[] = [];

  const reads = (route: string): number =>
    sandbox
      .stats()
      .requests.filter((r) => `${r.method} ${r.route}` === route)
      .reduce((sum, r) => sum + r.count, 0);

  beforeAll(async () => {
    const sitePort = await freePort();
    sandbox = await createSandbox({
      blogs: [{ id: 1, name: 'Statický blog', url: `http://127.0.0.1:${sitePort}` }],
      photoSize: { width: 320, height: 200 },
    });
    // The first daemon serves the blog's folder; the second writes to the same folder and hands in the same
    // address (only one process can bind the port).
    const docFor = (serves: boolean): Record<string, unknown> => ({
      marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
      redis: { url: TEST_REDIS_URL, prefix },
      webhook: { listen: { host: '127.0.0.1', port: 0 } },
      status: { listen: { host: '127.0.0.1', port: 0 } },
      intake: { pollSeconds: 10 },
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
            ...(serves
              ? { serve: { host: '127.0.0.1', port: sitePort } }
              : { baseUrl: `http://127.0.0.1:${sitePort}/` }),
            indexPage: false,
          },
        },
      ],
    });
    daemons = [];
    for (const [index, doc] of [docFor(true), docFor(false)].entries()) {
      const dispatcher = dispatchers[index];
      if (!dispatcher) throw new Error(`no dispatcher ${index}`);
      daemons.push(
        await startDaemon({
          config: parseConfig(doc, {}),
          log: createSilentLogger(),
          dispatcher,
          status: false,
          intakeOptions: { lockMs: LEASE_MS },
        }),
      );
    }
    const deals = await Promise.all(
      Array.from({ length: DEALS }, () => sandbox.createDeal({ blogId: 1, photos: 1 })),
    );
    dealIds = deals.map((d) => d.id);
    await until(() => sandbox.handIns().length === DEALS, 60_000, 'every deal handed in', 200);
    // Both daemons have polled since: every deal is seen with its empty threads.
    for (const daemon of daemons) await daemon.poller?.runOnce();
  }, 90_000);

  afterAll(async () => {
    for (const daemon of daemons) await daemon.close();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await deleteKeys(redis, prefix).catch(() => 0);
    redis.disconnect();
  });

  it('reads each new thread once and sends one notification per post, whichever daemon polls', async () => {
    const [first, second] = daemons as [Daemon, Daemon];
    const before = THREAD_ROUTES.map(reads);
    sandbox.setFailureMode({ latencyMs: THREAD_LATENCY_MS, routes: THREAD_ROUTES });
    for (const id of dealIds) {
      await sandbox.addPost(id, 'messages', `Zpráva k obchodu ${id}`);
      await sandbox.addPost(id, 'claims', `Reklamace k obchodu ${id}`);
    }

    // The first daemon's poll reads eight threads 400 ms late each; meanwhile the second asks to poll again and
    // again (runOnce joins its own poll in flight, so each ask is a new attempt once the last one ended).
    const long = first.poller?.runOnce();
    let done = false;
    const polled = long?.finally(() => {
      done = true;
    });
    const secondResults: string[] = [];
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      const result = await second.poller?.runOnce();
      if (result) secondResults.push(result.status);
    }
    const result = await polled;
    sandbox.setFailureMode({});

    expect(result?.status, JSON.stringify(result?.errors)).toBe('ok');
    const tookMs = Date.parse(result?.finishedAt ?? '') - Date.parse(result?.startedAt ?? '');
    expect(tookMs).toBeGreaterThan(LEASE_MS);
    expect(secondResults).toContain('busy');
    // Each thread read once: by the poll that held the lease, not again by the other daemon.
    expect(THREAD_ROUTES.map(reads).map((n, i) => n - (before[i] ?? 0))).toEqual([DEALS, DEALS]);
    const sent = dispatchers.flatMap((d) => d.messages.map((m) => m.key));
    for (const id of dealIds) {
      expect(
        sent.filter((key) => key.startsWith(`message:${id}:`)),
        `deal ${id}`,
      ).toHaveLength(1);
      expect(
        sent.filter((key) => key.startsWith(`claim:${id}:`)),
        `deal ${id}`,
      ).toHaveLength(1);
    }

    // Later polls of either daemon find nothing new.
    for (const daemon of daemons) await daemon.poller?.runOnce();
    expect(THREAD_ROUTES.map(reads).map((n, i) => n - (before[i] ?? 0))).toEqual([DEALS, DEALS]);
  }, 60_000);
});
