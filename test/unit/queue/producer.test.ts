import { QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createSilentLogger } from '../../../src/logger.js';
import { DEAL_QUEUE, type DealJobPayload } from '../../../src/queue/jobs.js';
import { createDealProducer, type DealProducer } from '../../../src/queue/producer.js';
import { createRedisClient } from '../../../src/redis/client.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';

const prefix = randomPrefix();
const log = createSilentLogger();
let redis: Redis;
let producerRedis: Redis;
let store: DealStore;
let producer: DealProducer;

function payload(dealId: number, receivedAt = new Date().toISOString()): DealJobPayload {
  return {
    dealId,
    blogId: 7,
    event: { id: dealId, blog: { id: 7 }, instant_publish: false, published_by: 'agent', category_id: null },
    receivedAt,
    source: 'webhook',
  };
}

beforeAll(() => {
  redis = createTestRedis();
  producerRedis = createRedisClient(TEST_REDIS_URL, 'producer');
  store = createDealStore({ redis, prefix });
  producer = createDealProducer({ connection: producerRedis, prefix, store, log });
});

afterEach(async () => {
  await producer.queue.obliterate({ force: true });
  await deleteKeys(redis, prefix);
});

afterAll(async () => {
  await producer.close();
  await producerRedis.quit();
  await redis.quit();
});

describe('src/queue/producer', () => {
  it('adds one job per deal with the deal record marked as queued', async () => {
    const first = await producer.enqueueDeal(payload(1));
    const again = await producer.enqueueDeal(payload(1, new Date(Date.now() + 1000).toISOString()));

    expect(first).toEqual({ status: 'added', jobId: 'deal-1' });
    expect(again).toEqual({ status: 'duplicate', jobId: 'deal-1' });
    expect(await producer.queue.count()).toBe(1);
    expect(await store.get(1)).toMatchObject({ state: 'received', jobId: 'deal-1', source: 'webhook' });
    expect((await store.get(1))?.enqueuedAt).toBeDefined();
  });

  it('settles concurrent deliveries on one job', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => producer.enqueueDeal(payload(2, `2026-11-21T10:00:0${i}.000Z`))),
    );
    expect(results.filter((r) => r.status === 'added')).toHaveLength(1);
    expect(await producer.queue.count()).toBe(1);
  });

  it('stays deduplicated after the job completed and after BullMQ removed it', async () => {
    const queueEvents = new QueueEvents(DEAL_QUEUE, {
      connection: createTestRedis({ maxRetriesPerRequest: null }),
      prefix,
    });
    const worker = new Worker(DEAL_QUEUE, async () => 'done', {
      connection: createTestRedis({ maxRetriesPerRequest: null }),
      prefix,
    });
    try {
      await queueEvents.waitUntilReady();
      await producer.enqueueDeal(payload(3));
      const job = await producer.queue.getJob('deal-3');
      await job?.waitUntilFinished(queueEvents);
      expect(await job?.getState()).toBe('completed');

      // Completed job still there: refused.
      expect(await producer.enqueueDeal(payload(3))).toMatchObject({ status: 'duplicate' });
      // Job gone (as after removeOnComplete's 7 days): the deal record still refuses it.
      await producer.queue.remove('deal-3');
      expect(await producer.queue.getJob('deal-3')).toBeUndefined();
      expect(await producer.enqueueDeal(payload(3))).toMatchObject({ status: 'duplicate' });
      expect(await producer.queue.getJob('deal-3')).toBeUndefined();
    } finally {
      await worker.close();
      await queueEvents.close();
    }
  });

  it('adds the job when a record exists without one (crash between record and job)', async () => {
    await store.createIfAbsent({
      dealId: 4,
      blogId: 7,
      receivedAt: new Date().toISOString(),
      deadline: new Date().toISOString(),
    });
    expect(await producer.enqueueDeal(payload(4))).toEqual({ status: 'added', jobId: 'deal-4' });
    expect(await producer.queue.getJob('deal-4')).toBeDefined();
  });

  it('stores the job with priority from the deadline and the retry settings', async () => {
    await producer.enqueueDeal({
      ...payload(5),
      event: { ...payload(5).event, publish_deadline: '2026-11-22 01:00:00' },
    });
    const job = await producer.queue.getJob('deal-5');
    expect(job?.opts).toMatchObject({ attempts: 8, backoff: { type: 'exponential', delay: 5000 } });
    expect(job?.opts.priority).toBeGreaterThan(0);
    expect(job?.name).toBe('deal');
  });

  it('rejects an invalid payload', async () => {
    await expect(producer.enqueueDeal({ ...payload(6), dealId: -1 })).rejects.toThrow(/invalid/);
  });
});
