/**
 * The reconciliation sweep against the sandbox marketplace over real HTTP and the machine's Redis: which listed
 * deals it queues, which it leaves alone, where the next sweep starts, what a failed sweep does, and that the
 * daemon runs it at start-up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import type { DealStore } from '../../src/deals/record.js';
import { createDealStore } from '../../src/deals/store.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import type { ListDealsQuery, MarketplaceClient, RequestOptions } from '../../src/marketplace/api.js';
import { createMarketplaceClient } from '../../src/marketplace/client.js';
import { createRateLimiter } from '../../src/marketplace/rate-limit.js';
import { parseServiceDateTime } from '../../src/marketplace/schema.js';
import { createNotifier } from '../../src/notify/notifier.js';
import { type DealJobPayload, dealJobId } from '../../src/queue/jobs.js';
import { createDealProducer, type DealProducer } from '../../src/queue/producer.js';
import {
  createReconciler,
  type Reconciler,
  readLastSweep,
  reconcileKeys,
} from '../../src/reconcile/index.js';
import { closeRedisClient, createRedisClient } from '../../src/redis/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { collectingDispatcher } from '../helpers/notify.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

const log = createSilentLogger();

describe('src/reconcile (integration)', () => {
  let sandbox: Sandbox;
  let redis: Redis;
  let producerRedis: Redis;
  let prefix: string;
  let store: DealStore;
  let producer: DealProducer;
  let client: MarketplaceClient;
  const listCalls: Array<{ query: ListDealsQuery; options: RequestOptions }> = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-reconcile-'));

  const reconciler = (options: Partial<Parameters<typeof createReconciler>[0]> = {}): Reconciler =>
    createReconciler({
      client: {
        listDeals: (query = {}, requestOptions = {}) => {
          listCalls.push({ query, options: requestOptions });
          return client.listDeals(query, requestOptions);
        },
      },
      producer,
      store,
      redis,
      blogIds: [1],
      log,
      quietMs: 0,
      ...options,
    });

  const job = async (dealId: number) => await producer.queue.getJob(dealJobId(dealId));
  /** Queues a sandbox deal as its webhook would have. */
  const enqueueAsWebhook = async (
    deal: { id: number; acceptedEvent: { deal: DealJobPayload['event'] } },
    receivedAt = new Date().toISOString(),
  ) =>
    await producer.enqueueDeal({
      dealId: deal.id,
      blogId: 1,
      event: deal.acceptedEvent.deal,
      receivedAt,
      source: 'webhook',
    });

  beforeAll(async () => {
    sandbox = await createSandbox({
      rateLimit: { limit: 600, windowMs: 60_000 },
      blogs: [
        { id: 1, name: 'Nastavený blog', url: 'http://127.0.0.1' },
        { id: 2, name: 'Jiný blog', url: 'http://127.0.0.2' },
      ],
    });
    redis = createRedisClient(TEST_REDIS_URL, 'store');
    producerRedis = createRedisClient(TEST_REDIS_URL, 'producer');
    client = createMarketplaceClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      limiter: createRateLimiter({
        redis,
        key: `${randomPrefix()}:limit`,
        limit: 600,
        windowMs: 60_000,
        log,
      }),
      log,
    });
  });

  beforeEach(() => {
    prefix = randomPrefix();
    store = createDealStore({ redis, prefix });
    producer = createDealProducer({ connection: producerRedis, prefix, store, log });
    listCalls.length = 0;
    sandbox.setFailureMode({});
  });

  afterEach(async () => {
    // The sandbox is shared: what one test accepted must not be listed in the next one.
    for (const deal of sandbox.listDeals()) {
      if (deal.state === 'akceptovano') sandbox.setDealState(deal.id, 'zruseno');
    }
    await producer.queue.obliterate({ force: true });
    await producer.close();
    await deleteKeys(redis, prefix);
  });

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await sandbox?.close();
    await closeRedisClient(producerRedis);
    await closeRedisClient(redis);
  });

  it('tells onFound which deals it queued, once per sweep that found any (a notification)', async () => {
    const a = await sandbox.createDeal({ blogId: 1, deliver: false });
    const found: number[][] = [];
    const dispatcher = collectingDispatcher();
    const notifier = createNotifier({ dispatcher, redis, prefix, language: 'cs', log });
    const sweeper = reconciler({
      onFound: async (dealIds) => {
        found.push([...dealIds]);
        await notifier.raise({ topic: 'reconcile_found', dealIds });
      },
    });
    await sweeper.runOnce();
    await sweeper.runOnce();
    expect(found).toEqual([[a.id]]);
    expect(dispatcher.messages.map((m) => m.key)).toEqual([`reconcile_found:${a.id}`]);
    expect(dispatcher.messages[0]?.body).toContain(String(a.id));
  });

  it('queues the accepted deals of configured blogs that have no record, once, at low priority', async () => {
    const a = await sandbox.createDeal({ blogId: 1, deliver: false });
    const b = await sandbox.createDeal({ blogId: 1, deliver: false, publishedBy: 'placla' });
    const other = await sandbox.createDeal({ blogId: 2, deliver: false });
    const done = await sandbox.createDeal({ blogId: 1, deliver: false, state: 'ke_schvaleni' });
    const sweeper = reconciler();

    const first = await sweeper.runOnce();
    expect(first).toMatchObject({ status: 'ok', otherBlogs: 1, known: 0, requeued: [] });
    expect(first.enqueued.sort((x, y) => x - y)).toEqual([a.id, b.id]);
    for (const deal of [a, b]) {
      const record = await store.get(deal.id);
      expect(record).toMatchObject({ source: 'reconcile', state: 'received', jobId: dealJobId(deal.id) });
      expect(record?.data.webUrl).toBe(`${sandbox.url}/_sandbox/deals/${deal.id}`);
      expect((await job(deal.id))?.data).toMatchObject({ dealId: deal.id, blogId: 1, source: 'reconcile' });
    }
    // Agent-published until the text says otherwise: the pipeline's decision on the text skips deal b.
    expect((await job(b.id))?.data.event).toMatchObject({ published_by: 'agent', instant_publish: false });
    expect(await store.get(other.id)).toBeUndefined();
    expect(await store.get(done.id)).toBeUndefined();
    expect(listCalls[0]?.query).toMatchObject({ state: 'akceptovano', page: 1 });
    expect(listCalls.every((c) => c.options.priority === 'low')).toBe(true);

    // What the status page shows of it.
    const shown = await readLastSweep(redis, prefix);
    expect(shown).toMatchObject({ status: 'ok', finishedAt: first.finishedAt, requeued: [], errors: [] });
    expect(shown?.enqueued.sort((x, y) => x - y)).toEqual([a.id, b.id]);

    const second = await sweeper.runOnce();
    expect(second).toMatchObject({ status: 'ok', enqueued: [], requeued: [], known: 2, otherBlogs: 1 });
    expect(await producer.queue.getJobCounts('prioritized', 'waiting')).toEqual({
      prioritized: 2,
      waiting: 0,
    });
  });

  it('takes the deadline from changed_at + 60 minutes, the list having no publish_deadline', async () => {
    const deal = await sandbox.createDeal({ blogId: 1, deliver: false });
    await reconciler().runOnce();
    const payload = (await job(deal.id))?.data as DealJobPayload;
    const deadline = parseServiceDateTime(payload.event.publish_deadline ?? '');
    const changed = Math.floor(Date.parse(deal.changedAt) / 1000) * 1000;
    expect(deadline?.getTime()).toBe(changed + 60 * 60_000);
  });

  it('leaves a deal the webhook already queued alone, through the same dedupe', async () => {
    const deal = await sandbox.createDeal({ blogId: 1, deliver: false });
    await enqueueAsWebhook(deal);
    const result = await reconciler().runOnce();
    expect(result).toMatchObject({ status: 'ok', enqueued: [], known: 1 });
    expect(await store.get(deal.id)).toMatchObject({ source: 'webhook' });
    expect((await job(deal.id))?.data.source).toBe('webhook');
  });

  it('queues a deal whose record was written but whose job was not (a crash between the two)', async () => {
    const deal = await sandbox.createDeal({ blogId: 1, deliver: false });
    await store.createIfAbsent({
      dealId: deal.id,
      blogId: 1,
      receivedAt: new Date().toISOString(),
      deadline: new Date(Date.now() + 3_600_000).toISOString(),
      source: 'webhook',
    });
    const result = await reconciler().runOnce();
    expect(result.enqueued).toEqual([deal.id]);
    expect((await store.get(deal.id))?.enqueuedAt).toBeDefined();
    expect(await job(deal.id)).toBeDefined();
  });

  it('queues again a deal waiting for approval whose job is gone, with its original event', async () => {
    const deal = await sandbox.createDeal({ blogId: 1, deliver: false });
    const receivedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    await enqueueAsWebhook(deal, receivedAt);
    await store.recordEvent(deal.id, {
      event: 'deal.accepted',
      receivedAt,
      body: deal.acceptedEvent,
      outcome: 'enqueued',
    });
    await store.update(deal.id, { state: 'waiting_approval' });
    await (await job(deal.id))?.remove();

    const result = await reconciler().runOnce();
    expect(result).toMatchObject({ status: 'ok', enqueued: [], requeued: [deal.id] });
    const payload = (await job(deal.id))?.data as DealJobPayload;
    expect(payload.event.publish_deadline).toBe(deal.acceptedEvent.deal.publish_deadline);
    expect(payload.receivedAt).toBe(receivedAt);
    expect(payload.source).toBe('reconcile');
    const log = await store.readLog(deal.id);
    expect(log[0]?.msg).toMatch(/job was gone/);
  });

  it('does not touch a running deal whose record changed lately, nor a finished one without a job', async () => {
    const recent = await sandbox.createDeal({ blogId: 1, deliver: false });
    const finished = await sandbox.createDeal({ blogId: 1, deliver: false });
    for (const deal of [recent, finished]) {
      await enqueueAsWebhook(deal);
      await (await job(deal.id))?.remove();
    }
    await store.update(recent.id, { state: 'retrying' });
    await store.update(finished.id, { state: 'failed' });
    const result = await reconciler({ quietMs: 60_000 }).runOnce();
    expect(result).toMatchObject({ status: 'ok', enqueued: [], requeued: [], known: 2 });
    expect(await job(recent.id)).toBeUndefined();
    expect(await job(finished.id)).toBeUndefined();
  });

  it('starts where the last successful sweep started (minus the overlap); a failed sweep moves nothing', async () => {
    const lookback = 90;
    const sweeper = reconciler({ settings: { lookbackMinutes: lookback }, overlapMs: 60_000 });
    const first = await sweeper.runOnce();
    expect(first.fromCursor).toBe(false);
    expect(Date.parse(first.startedAt) - Date.parse(first.since)).toBe(lookback * 60_000);
    expect(await redis.hget(reconcileKeys(prefix).state, 'cursor')).toBe(first.startedAt);

    sandbox.setFailureMode({ serverErrorNext: 1 });
    const failed = await sweeper.runOnce();
    expect(failed.status).toBe('failed');
    expect(failed.errors[0]?.error).toMatch(/500/);
    expect(await redis.hget(reconcileKeys(prefix).state, 'cursor')).toBe(first.startedAt);

    const third = await sweeper.runOnce();
    expect(third).toMatchObject({ status: 'ok', fromCursor: true });
    expect(third.since).toBe(new Date(Date.parse(first.startedAt) - 60_000).toISOString());
    expect(JSON.parse((await redis.hget(reconcileKeys(prefix).state, 'last')) ?? '{}')).toMatchObject({
      status: 'ok',
      startedAt: third.startedAt,
    });
  });

  it('reads every page, and does not move past a list that changed while it was paged', async () => {
    const created = [];
    for (let i = 0; i < 5; i++) created.push((await sandbox.createDeal({ blogId: 1, deliver: false })).id);
    let calls = 0;
    const shifting = reconciler({
      client: {
        listDeals: async (query = {}, requestOptions = {}) => {
          calls += 1;
          const page = await client.listDeals({ ...query, perPage: 2 }, requestOptions);
          // Another deal was accepted meanwhile: the second page reports one more.
          return calls === 2 ? { ...page, celkem: page.celkem + 1 } : page;
        },
      },
    });
    const result = await shifting.runOnce();
    expect(result.pages).toBeGreaterThanOrEqual(3);
    expect(result.status).toBe('failed');
    expect(result.errors).toEqual([{ error: 'the list changed while it was paged; swept again next time' }]);
    for (const id of created) expect(result.enqueued).toContain(id);
    expect(await redis.hget(reconcileKeys(prefix).state, 'cursor')).toBeNull();
  });

  it('lets one process sweep at a time', async () => {
    for (let i = 0; i < 3; i++) await sandbox.createDeal({ blogId: 1, deliver: false });
    sandbox.setFailureMode({ latencyMs: 300 });
    const [one, two] = await Promise.all([reconciler().runOnce(), reconciler().runOnce()]);
    expect([one.status, two.status].sort()).toEqual(['busy', 'ok']);
    expect(await redis.exists(reconcileKeys(prefix).lock)).toBe(0);
  });

  it('takes over from a sweeper that died holding the lock once the lock lapses, retrying soon', async () => {
    const deal = await sandbox.createDeal({ blogId: 1, deliver: false });
    await redis.set(reconcileKeys(prefix).lock, 'a-dead-process', 'PX', 400);
    const sweeper = reconciler({ retryMs: 100 });
    expect((await sweeper.runOnce()).status).toBe('busy');
    sweeper.start(60 * 60_000);
    try {
      const deadline = Date.now() + 10_000;
      while (sweeper.lastResult()?.status !== 'ok' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(sweeper.lastResult()).toMatchObject({ status: 'ok', enqueued: [deal.id] });
    } finally {
      await sweeper.stop();
    }
  });

  it('a sweep that loses its lease settles no further deal and leaves the cursor and result to the holder', async () => {
    for (let i = 0; i < 2; i++) await sandbox.createDeal({ blogId: 1, deliver: false });
    const lock = reconcileKeys(prefix).lock;
    const sweeper = reconciler({
      client: {
        listDeals: async (query = {}, requestOptions = {}) => {
          const page = await client.listDeals(query, requestOptions);
          // The lease ran out while the page was read and another process took it.
          await redis.set(lock, 'another-process', 'PX', 5_000);
          return page;
        },
      },
    });
    const result = await sweeper.runOnce();
    expect(result).toMatchObject({ status: 'failed', enqueued: [], listed: 1 });
    expect(result.errors.map((e) => e.error).join('\n')).toContain('lease');
    expect(await redis.hget(reconcileKeys(prefix).state, 'cursor')).toBeNull();
    expect(await readLastSweep(redis, prefix)).toBeUndefined();
    expect(await redis.get(lock)).toBe('another-process');
  });

  it('runs at the daemon start-up', async () => {
    const deal = await sandbox.createDeal({ blogId: 1, deliver: false });
    const processed: number[] = [];
    const daemon = await startDaemon({
      config: parseConfig(
        {
          marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
          redis: { url: TEST_REDIS_URL, prefix },
          webhook: { listen: { host: '127.0.0.1', port: 0 }, secret: 'unused' },
          dataDir,
          blogs: [{ id: 1, publisher: 'static', options: { baseUrl: 'http://127.0.0.1/clanky/' } }],
        },
        {},
      ),
      log,
      status: false,
      process: async (ctx) => {
        processed.push(ctx.dealId);
        await ctx.store.update(ctx.dealId, { state: 'handed_in' });
      },
    });
    try {
      expect(daemon.reconciler).toBeDefined();
      await until(() => processed.includes(deal.id), 15_000, 'the deal processed', 50);
      expect(await store.get(deal.id)).toMatchObject({ source: 'reconcile', state: 'handed_in' });
      // The sweep's result is kept once the whole sweep is over, which may be after the job ran.
      const result = await until(() => daemon.reconciler?.lastResult(), 15_000, 'the sweep over', 50);
      expect(result).toMatchObject({ status: 'ok', enqueued: [deal.id] });
    } finally {
      await daemon.close();
    }
  });

  it('is off with reconcile.enabled: false', async () => {
    const daemon = await startDaemon({
      config: parseConfig(
        {
          marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
          redis: { url: TEST_REDIS_URL, prefix },
          webhook: { listen: { host: '127.0.0.1', port: 0 }, secret: 'unused' },
          reconcile: { enabled: false },
          dataDir,
        },
        {},
      ),
      log,
      status: false,
    });
    try {
      expect(daemon.reconciler).toBeUndefined();
    } finally {
      await daemon.close();
    }
  });
});
