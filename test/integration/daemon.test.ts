/**
 * The daemon as `pressbridge start` runs it (startDaemon), fed by the sandbox marketplace over real HTTP:
 * registration through the client, signed deliveries, the queue in a real Redis, and a Redis outage during
 * which the receiver answers 503 and the sandbox's retry delivers the deal once Redis is back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Daemon } from '../../src/app/types.js';
import { parseConfig } from '../../src/config/load.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { DEAL_QUEUE, dealJobId } from '../../src/queue/jobs.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { writeSecretFile } from '../../src/webhook/secret-file.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { type PrivateRedis, startPrivateRedis } from '../helpers/redis-server.js';
import { until } from '../helpers/until.js';

interface Setup {
  sandbox: Sandbox;
  daemon: Daemon;
  prefix: string;
  dataDir: string;
}

async function setUp(redisUrl: string, sandboxOptions: { timeScale?: number } = {}): Promise<Setup> {
  const sandbox = await createSandbox({ allowHttpWebhooks: true, ...sandboxOptions });
  const prefix = randomPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-daemon-'));
  const config = parseConfig(
    {
      marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
      redis: { url: redisUrl, prefix },
      webhook: { listen: { host: '127.0.0.1', port: 0 }, secretFile: join(dataDir, 'secret.json') },
      status: { listen: { host: '127.0.0.1', port: 0 } },
      dataDir,
    },
    {},
  );
  const daemon = await startDaemon({ config, log: createSilentLogger(), worker: false });
  const registered = await daemon.client.putWebhook(daemon.webhookUrl as string);
  writeSecretFile(join(dataDir, 'secret.json'), {
    secret: registered.secret,
    updatedAt: new Date().toISOString(),
  });
  return { sandbox, daemon, prefix, dataDir };
}

async function tearDown(setup: Setup | undefined, redisUrl: string): Promise<void> {
  if (!setup) return;
  await setup.daemon.close();
  await setup.sandbox.close();
  rmSync(setup.dataDir, { recursive: true, force: true });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  await deleteKeys(redis, setup.prefix).catch(() => 0);
  redis.disconnect();
}

async function jobCount(redisUrl: string, prefix: string): Promise<number> {
  const queue = new Queue(DEAL_QUEUE, { connection: { url: redisUrl, maxRetriesPerRequest: 1 }, prefix });
  try {
    const counts = await queue.getJobCounts(
      'waiting',
      'prioritized',
      'active',
      'delayed',
      'completed',
      'failed',
    );
    return Object.values(counts).reduce((a, b) => a + b, 0);
  } finally {
    await queue.close();
  }
}

describe('daemon fed by the sandbox marketplace (integration)', () => {
  let setup: Setup | undefined;
  afterEach(async () => {
    await tearDown(setup, TEST_REDIS_URL);
    setup = undefined;
  });

  it('queues a delivered deal exactly once, also when the sandbox delivers it three times', async () => {
    setup = await setUp(TEST_REDIS_URL);
    const { sandbox, daemon, prefix } = setup;
    const deal = await sandbox.createDeal({ blogId: 1 });
    await until(async () => ((await daemon.store.get(deal.id))?.enqueuedAt ? true : undefined), 15_000);
    await sandbox.deliverDeal(deal.id);
    await sandbox.deliverDeal(deal.id);

    const answered = sandbox
      .deliveries()
      .filter((d) => d.event === 'deal.accepted')
      .flatMap((d) => d.history.map((a) => a.status));
    expect(answered).toEqual([200, 200, 200]);
    expect(await jobCount(TEST_REDIS_URL, prefix)).toBe(1);
    const events = await daemon.store.readEvents(deal.id);
    expect(events.map((e) => e.outcome).sort()).toEqual(['duplicate', 'duplicate', 'enqueued']);
  });

  it('answers liveness and readiness, and counts webhooks in the metrics', async () => {
    setup = await setUp(TEST_REDIS_URL);
    const health = await fetch(new URL('/healthz', setup.daemon.webhookUrl));
    expect(health.status).toBe(200);
    const ready = await fetch(new URL('/readyz', setup.daemon.webhookUrl));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true, redis: true });

    const deal = await setup.sandbox.createDeal({ blogId: 1 });
    const daemon = setup.daemon;
    await until(async () => ((await daemon.store.get(deal.id))?.enqueuedAt ? true : undefined), 15_000);
    const { body } = await daemon.metrics.render();
    expect(body).toMatch(/pressbridge_webhooks_total\{event="deal.accepted",result="enqueued"\} 1/);
    expect(body).toMatch(/pressbridge_marketplace_requests_total\{operation="putWebhook",status="200"\} 1/);
    expect(body).toMatch(/pressbridge_queue_jobs\{state="prioritized"\} 1/);
  });

  it('refuses a delivery signed with a secret that is not the registered one', async () => {
    setup = await setUp(TEST_REDIS_URL);
    const { sandbox, daemon, prefix } = setup;
    // Re-registering issues a new secret in the sandbox, which the daemon does not know.
    await daemon.client.putWebhook(daemon.webhookUrl as string);
    const deal = await sandbox.createDeal({ blogId: 1 });
    const attempt = await until(
      async () => sandbox.deliveries().find((d) => d.deal_id === deal.id)?.history[0],
      15_000,
    );
    expect(attempt.status).toBe(401);
    expect(await daemon.store.get(deal.id)).toBeUndefined();
    expect(await jobCount(TEST_REDIS_URL, prefix)).toBe(0);
  });
});

describe('daemon during a Redis outage (integration)', () => {
  let redis: PrivateRedis;
  let setup: Setup | undefined;
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(async () => {
    await tearDown(setup, redis.url);
    await redis.close();
  });

  it('answers 503 while Redis is down and takes the sandbox retry once it is back', async () => {
    // 5 min → 300 ms: the sandbox retries after 0.3, 0.6, 1.2 and 2.4 s.
    setup = await setUp(redis.url, { timeScale: 1 / 1000 });
    const { sandbox, daemon, prefix } = setup;
    await redis.stop();

    const deal = await sandbox.createDeal({ blogId: 1 });
    const first = await until(
      async () => sandbox.deliveries().find((d) => d.deal_id === deal.id)?.history[0],
      15_000,
    );
    expect(first.status).toBe(503);
    expect(first.durationMs).toBeLessThan(5_000);

    const ready = await fetch(new URL('/readyz', daemon.webhookUrl));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ok: false, redis: false });

    await redis.start();
    const delivered = await until(async () => {
      const record = sandbox.deliveries().find((d) => d.deal_id === deal.id);
      return record?.history.some((a) => a.status === 200) ? record : undefined;
    }, 20_000);
    expect(delivered.history.length).toBeGreaterThan(1);
    expect(delivered.history.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await jobCount(redis.url, prefix)).toBe(1);
    const record = await daemon.store.get(deal.id);
    expect(record?.jobId).toBe(dealJobId(deal.id));
  });
});
