import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueueEvents } from 'bullmq';
import express from 'express';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/schema.js';
import type { DealStore } from '../../src/deals/record.js';
import { createDealStore } from '../../src/deals/store.js';
import { MarketplaceError } from '../../src/errors.js';
import { createSilentLogger } from '../../src/logger.js';
import type { MarketplaceClient } from '../../src/marketplace/api.js';
import type { DealPhoto, DealText } from '../../src/marketplace/schema.js';
import { createDealRunner } from '../../src/pipeline/runner.js';
import { DEAL_QUEUE } from '../../src/queue/jobs.js';
import { createDealProducer, type DealProducer } from '../../src/queue/producer.js';
import { createDealWorker, type DealWorker } from '../../src/queue/worker.js';
import { closeRedisClient, createRedisClient } from '../../src/redis/client.js';
import { createWebhookRouter, type WebhookOutcome } from '../../src/webhook/receiver.js';
import { fetchDealProcessor } from '../helpers/fetch-processor.js';
import { randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { sign, signedPost } from '../helpers/sign.js';

const SECRET = 'test-webhook-secret';
const log = createSilentLogger();

function webhookConfig(overrides: Partial<Config['webhook']> = {}): Config['webhook'] {
  return {
    listen: { host: '127.0.0.1', port: 0 },
    path: '/webhook',
    secret: SECRET,
    rotationGraceMinutes: 1440,
    maxBodyBytes: 16 * 1024,
    ...overrides,
  };
}

function dealAccepted(id: number, extra: Record<string, unknown> = {}) {
  return {
    event: 'deal.accepted',
    deal: {
      id,
      blog: { id: 7, name: 'Test blog' },
      demand: { id: 3, name: 'Demand', url: 'https://example.cz' },
      price: 1500,
      reward: 1200,
      instant_publish: false,
      published_by: 'agent',
      category_id: null,
      publish_deadline: '2026-11-22 02:00:00',
      ...extra,
    },
  };
}

/** Everything one test block needs: Redis clients, store, producer, an HTTP server with the router. */
interface Harness {
  prefix: string;
  redis: Redis;
  producerRedis: Redis;
  store: DealStore;
  producer: DealProducer;
  url: string;
  outcomes: Array<[string | undefined, WebhookOutcome]>;
  close(): Promise<void>;
}

async function startHarness(
  options: { producerUrl?: string; storeUrl?: string; config?: Config['webhook'] } = {},
) {
  const prefix = randomPrefix();
  const redis = createRedisClient(options.storeUrl ?? TEST_REDIS_URL, 'store');
  const producerRedis = createRedisClient(options.producerUrl ?? TEST_REDIS_URL, 'producer');
  const store = createDealStore({ redis, prefix });
  const producer = createDealProducer({ connection: producerRedis, prefix, store, log });
  const outcomes: Harness['outcomes'] = [];
  const app = express();
  app.use(
    createWebhookRouter({
      config: options.config ?? webhookConfig(),
      producer,
      store,
      log,
      onOutcome: (event, outcome) => outcomes.push([event, outcome]),
    }),
  );
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const harness: Harness = {
    prefix,
    redis,
    producerRedis,
    store,
    producer,
    url: `http://127.0.0.1:${port}/webhook`,
    outcomes,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      if (producerRedis.status === 'ready') await producer.queue.obliterate({ force: true });
      await producer.close();
      if (redis.status === 'ready') {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          cursor = next;
          if (keys.length) await redis.unlink(...keys);
        } while (cursor !== '0');
      }
      await closeRedisClient(producerRedis);
      await closeRedisClient(redis);
    },
  };
  return harness;
}

async function jobCount(producer: DealProducer): Promise<number> {
  const counts = await producer.queue.getJobCounts();
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

describe('src/webhook/receiver (integration)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });

  afterAll(async () => {
    await h.close();
  });

  it('queues a deal delivered three times exactly once', async () => {
    // Arrange
    const body = JSON.stringify(dealAccepted(1001));

    // Act
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await signedPost(h.url, body, SECRET));

    // Assert
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await answers[0]?.json()).toEqual({ ok: true, outcome: 'enqueued', jobId: 'deal-1001' });
    expect(await answers[1]?.json()).toMatchObject({ outcome: 'duplicate' });
    expect(await jobCount(h.producer)).toBe(1);
    const job = await h.producer.queue.getJob('deal-1001');
    expect(job?.data).toMatchObject({ dealId: 1001, blogId: 7, source: 'webhook', event: { id: 1001 } });
    expect(await h.store.get(1001)).toMatchObject({
      state: 'received',
      blogId: 7,
      deadline: '2026-11-22T01:00:00.000Z',
    });
    const events = await h.store.readEvents(1001);
    expect(events.map((e) => e.outcome)).toEqual(['duplicate', 'duplicate', 'enqueued']);
    expect(await h.store.lastWebhook()).toMatchObject({ event: 'deal.accepted', dealId: 1001 });
  });

  it('accepts a custom signature header name and the sha256= form', async () => {
    const body = JSON.stringify(dealAccepted(1002));
    const res = await fetch(h.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Placla-Signature': `sha256=${sign(body, SECRET)}` },
      body,
    });
    expect(res.status).toBe(200);
  });

  it('answers 401 to a bad or missing signature and stores nothing', async () => {
    const body = JSON.stringify(dealAccepted(1003));
    const before = await h.store.readGlobalEvents();

    const wrong = await signedPost(h.url, body, 'not-the-secret');
    const missing = await fetch(h.url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });

    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: { code: 'signature_invalid', message: 'webhook signature invalid' },
    });
    expect(missing.status).toBe(401);
    expect(await h.producer.queue.getJob('deal-1003')).toBeUndefined();
    expect(await h.store.get(1003)).toBeUndefined();
    expect(await h.store.readGlobalEvents()).toHaveLength(before.length);
  });

  it('answers 413 with a JSON error to a body over maxBodyBytes and stores nothing', async () => {
    const body = JSON.stringify(dealAccepted(1004, { padding: 'x'.repeat(20 * 1024) }));
    const res = await signedPost(h.url, body, SECRET);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'too_large' } });
    expect(await h.producer.queue.getJob('deal-1004')).toBeUndefined();
    expect(await h.store.get(1004)).toBeUndefined();
  });

  it('answers 400 to malformed JSON with a valid signature', async () => {
    const res = await signedPost(h.url, '{"event":"deal.accepted",', SECRET);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'bad_json' } });
  });

  it('answers 400 to a body without event and to a deal.accepted of the wrong shape', async () => {
    const noEvent = await signedPost(h.url, { deal: { id: 1 } }, SECRET);
    const badShape = await signedPost(h.url, { event: 'deal.accepted', deal: { id: 'x' } }, SECRET);

    expect(noEvent.status).toBe(400);
    expect(badShape.status).toBe(400);
    const error = ((await badShape.json()) as { error: { message: string } }).error;
    expect(error.message).toMatch(/deal\.accepted has an unexpected shape: deal\.id/);
    expect(await jobCount(h.producer)).toBe(2);
  });

  it('records unknown and other known events and answers 200', async () => {
    const unknown = await signedPost(h.url, { event: 'deal.teleported', deal_id: 1005, extra: true }, SECRET);
    const message = await signedPost(
      h.url,
      { event: 'message.created', deal_id: 1005, message: { text: 'Hi' } },
      SECRET,
    );
    const test = await signedPost(
      h.url,
      { event: 'webhook.test', message: 'ping', sent_at: '2026-11-21 12:00:00' },
      SECRET,
    );

    expect([unknown.status, message.status, test.status]).toEqual([200, 200, 200]);
    expect((await h.store.readEvents(1005)).map((e) => e.event)).toEqual([
      'message.created',
      'deal.teleported',
    ]);
    expect((await h.store.readGlobalEvents({ limit: 1 }))[0]).toMatchObject({
      event: 'webhook.test',
      outcome: 'recorded',
    });
    expect(await h.store.lastWebhook()).toMatchObject({ event: 'webhook.test', outcome: 'recorded' });
    expect(await h.store.get(1005)).toBeUndefined();
  });

  it('reports every outcome to the hook', () => {
    const seen = new Set(h.outcomes.map(([, outcome]) => outcome));
    for (const outcome of [
      'enqueued',
      'duplicate',
      'unauthorized',
      'too_large',
      'bad_json',
      'invalid',
      'recorded',
    ]) {
      expect(seen).toContain(outcome);
    }
  });
});

describe('src/webhook/receiver with Redis unreachable (integration)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ producerUrl: 'redis://127.0.0.1:1', storeUrl: 'redis://127.0.0.1:1' });
  });

  afterAll(async () => {
    await h.close();
  });

  it('answers 503 within 3 s so the marketplace delivers again', async () => {
    const started = Date.now();
    const res = await signedPost(h.url, dealAccepted(2001), SECRET);
    const elapsed = Date.now() - started;

    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { code: 'unavailable' } });
    expect(elapsed).toBeLessThan(3_000);
  });

  it('answers 503 for other events it cannot record', async () => {
    const res = await signedPost(h.url, { event: 'deal.paid', deal: { id: 2001 } }, SECRET);
    expect(res.status).toBe(503);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Worker

/** A marketplace client in memory: the text calls go through `text`, photos are n+1 KiB of 0xff. */
function fakeClient(
  text: (dealId: number, call: number) => DealText,
): MarketplaceClient & { textCalls: number } {
  const notUsed = (): never => {
    throw new Error('not used by this test');
  };
  const client = {
    baseUrl: 'http://marketplace.test',
    textCalls: 0,
    me: notUsed,
    listBlogs: notUsed,
    patchBlog: notUsed,
    listDeals: notUsed,
    getDeal: notUsed,
    async getDealText(dealId: number) {
      client.textCalls += 1;
      return text(dealId, client.textCalls);
    },
    async getDealPhoto(_dealId: number, photo: DealPhoto) {
      return { bytes: Buffer.alloc((photo.n + 1) * 1024, 0xff), contentType: 'image/jpeg' };
    },
    handInArticle: notUsed,
    getWebhook: notUsed,
    putWebhook: notUsed,
    deleteWebhook: notUsed,
    rotateWebhookSecret: notUsed,
    testWebhook: notUsed,
    webhookDeliveries: notUsed,
    getDealThread: notUsed,
    payouts: notUsed,
    listDemands: notUsed,
    getDemand: notUsed,
    makeOffer: notUsed,
    declineDemands: notUsed,
    postDealMessage: notUsed,
  };
  return client;
}

const articleText: DealText = {
  deal_id: 1,
  text: '<h1>Jak vybrat &amp; <em>kolo</em></h1><p>[foto1] Text.</p>',
  photos: [
    { n: 1, url: '/v1/deals/1/photos/1' },
    { n: 0, url: '/v1/deals/1/photos/0' },
  ],
  instant_publish: false,
  published_by: 'agent',
  category_id: 4,
};

function marketplaceError(code: string, status: number, retryable: boolean): MarketplaceError {
  return new MarketplaceError({
    status,
    code,
    message: `test ${code}`,
    supportCode: 'PC-TEST01',
    method: 'GET',
    path: '/v1/deals/1/text',
    retryable,
  });
}

describe('src/queue/worker (integration)', () => {
  const prefix = randomPrefix();
  let redis: Redis;
  let producerRedis: Redis;
  let workerRedis: Redis;
  let eventsRedis: Redis;
  let store: DealStore;
  let producer: DealProducer;
  let queueEvents: QueueEvents;
  let worker: DealWorker | undefined;

  function startWorker(client: MarketplaceClient, approvalRetryMs = 60_000): DealWorker {
    worker = createDealWorker({
      connection: workerRedis,
      prefix,
      concurrency: 1,
      log,
      runner: createDealRunner({
        client,
        store,
        log,
        approvalRetryMs,
        process: fetchDealProcessor,
      }),
    });
    return worker;
  }

  function payload(dealId: number) {
    return {
      dealId,
      blogId: 7,
      event: dealAccepted(dealId, { publish_deadline: undefined }).deal as never,
      receivedAt: new Date().toISOString(),
      source: 'webhook' as const,
    };
  }

  beforeAll(async () => {
    redis = createRedisClient(TEST_REDIS_URL, 'store');
    producerRedis = createRedisClient(TEST_REDIS_URL, 'producer');
    workerRedis = createRedisClient(TEST_REDIS_URL, 'worker');
    eventsRedis = createRedisClient(TEST_REDIS_URL, 'worker');
    store = createDealStore({ redis, prefix });
    producer = createDealProducer({
      connection: producerRedis,
      prefix,
      store,
      log,
      settings: { backoffMs: 10, attempts: 3 },
    });
    queueEvents = new QueueEvents(DEAL_QUEUE, { connection: eventsRedis, prefix });
    await queueEvents.waitUntilReady();
  });

  afterEach(async () => {
    await worker?.close();
    worker = undefined;
  });

  afterAll(async () => {
    await queueEvents.close();
    await producer.queue.obliterate({ force: true });
    await producer.close();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
    for (const client of [redis, producerRedis, workerRedis, eventsRedis]) await closeRedisClient(client);
  });

  it('fetches the text and then the photos and records the deal as fetched', async () => {
    const client = fakeClient(() => articleText);
    startWorker(client);

    await producer.enqueueDeal(payload(3001));
    const job = await producer.queue.getJob('deal-3001');
    const result = await job?.waitUntilFinished(queueEvents);

    const record = await store.get(3001);
    expect(record).toMatchObject({
      state: 'fetched',
      title: 'Jak vybrat & kolo',
      attempts: 1,
      data: {
        photos: [
          { n: 0, bytes: 1024, contentType: 'image/jpeg' },
          { n: 1, bytes: 2048, contentType: 'image/jpeg' },
        ],
        categoryId: 4,
        publishedBy: 'agent',
      },
    });
    expect(record?.steps.text?.outcome).toBe('ok');
    expect(record?.steps.photos?.outcome).toBe('ok');
    expect(result).toMatchObject({ title: 'Jak vybrat & kolo' });
    const messages = (await store.readLog(3001)).map((e) => e.msg);
    expect(messages).toContain('photos ready');
  });

  it('waits for the advertiser approval, then fetches', async () => {
    const client = fakeClient((_id, call) => {
      if (call <= 2) throw marketplaceError('ceka_na_schvaleni', 409, false);
      return articleText;
    });
    startWorker(client);
    const delayedOnce = (): Promise<void> =>
      new Promise((resolve) => {
        const listener = ({ jobId }: { jobId: string }) => {
          if (jobId !== 'deal-3002') return;
          queueEvents.off('delayed', listener);
          resolve();
        };
        queueEvents.on('delayed', listener);
      });

    let delayed = delayedOnce();
    await producer.enqueueDeal(payload(3002));
    const job = await producer.queue.getJob('deal-3002');
    await delayed;
    expect(await store.get(3002)).toMatchObject({ state: 'waiting_approval' });
    expect(await job?.getState()).toBe('delayed');

    delayed = delayedOnce();
    await job?.promote();
    await delayed;
    expect(await store.get(3002)).toMatchObject({ state: 'waiting_approval' });

    await job?.promote();
    await job?.waitUntilFinished(queueEvents);
    expect(client.textCalls).toBe(3);
    expect(await store.get(3002)).toMatchObject({ state: 'fetched', attempts: 1 });
    const messages = (await store.readLog(3002)).map((e) => e.msg);
    expect(messages.filter((m) => m === 'text awaits the advertiser approval')).toHaveLength(2);
  });

  it('fails a permanent error at once, without retries', async () => {
    const client = fakeClient(() => {
      throw marketplaceError('nenalezeno', 404, false);
    });
    startWorker(client);

    await producer.enqueueDeal(payload(3003));
    const job = await producer.queue.getJob('deal-3003');
    await expect(job?.waitUntilFinished(queueEvents)).rejects.toThrow(/nenalezeno/);

    expect(client.textCalls).toBe(1);
    expect(await job?.getState()).toBe('failed');
    expect(await store.get(3003)).toMatchObject({
      state: 'failed',
      errorCode: 'nenalezeno',
      supportCode: 'PC-TEST01',
    });
    expect((await store.get(3003))?.error).toMatch(/404 nenalezeno/);
  });

  it('retries a retryable error with backoff and marks the last attempt failed', async () => {
    const client = fakeClient(() => {
      throw marketplaceError('server', 500, true);
    });
    startWorker(client);

    await producer.enqueueDeal(payload(3004));
    const job = await producer.queue.getJob('deal-3004');
    await expect(job?.waitUntilFinished(queueEvents)).rejects.toThrow(/server/);

    expect(client.textCalls).toBe(3);
    expect(await store.get(3004)).toMatchObject({ state: 'failed', attempts: 3, errorCode: 'server' });
  });

  it('recovers when a retry succeeds', async () => {
    const client = fakeClient((_id, call) => {
      if (call === 1) throw marketplaceError('rate_limit', 429, true);
      return articleText;
    });
    startWorker(client);

    await producer.enqueueDeal(payload(3005));
    const job = await producer.queue.getJob('deal-3005');
    await job?.waitUntilFinished(queueEvents);

    const record = await store.get(3005);
    expect(record).toMatchObject({ state: 'fetched', attempts: 2 });
    expect(record?.error).toBeUndefined();
  });
});
