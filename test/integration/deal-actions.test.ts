/**
 * The operator's actions (status page buttons, `pressbridge retry`) on real BullMQ jobs in the machine's Redis:
 * a failed deal runs again, a waiting one runs now, a handed-in one hands in again, a stuck one is marked handled.
 */
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStore } from '../../src/deals/record.js';
import { createDealStore } from '../../src/deals/store.js';
import { PublishError } from '../../src/errors.js';
import { createSilentLogger } from '../../src/logger.js';
import type { MarketplaceClient } from '../../src/marketplace/api.js';
import { createDealActions, type DealActions } from '../../src/operator/actions.js';
import { createDealRunner } from '../../src/pipeline/runner.js';
import { type DEAL_JOB, type DealJobPayload, dealJobId } from '../../src/queue/jobs.js';
import { createDealProducer, type DealProducer } from '../../src/queue/producer.js';
import { createDealWorker, type DealWorker } from '../../src/queue/worker.js';
import { createRedisClient } from '../../src/redis/client.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

type Behaviour = 'fail-permanent' | 'fail-retryable' | 'succeed';

describe('src/operator/actions on real jobs (integration)', () => {
  const prefix = randomPrefix();
  const log = createSilentLogger();
  let redis: Redis;
  let producerRedis: Redis;
  let workerRedis: Redis;
  let store: DealStore;
  let producer: DealProducer;
  let worker: DealWorker;
  let actions: DealActions;
  const behaviour = new Map<number, Behaviour>();
  const runs: Array<{ dealId: number; source: string; state: string | undefined; handedInAt: unknown }> = [];

  const stateOf = async (dealId: number) => (await store.get(dealId))?.state;
  const jobState = async (dealId: number) =>
    (
      await (producer.queue as Queue<DealJobPayload, unknown, typeof DEAL_JOB>).getJob(dealJobId(dealId))
    )?.getState();

  const enqueue = (dealId: number) =>
    producer.enqueueDeal({
      dealId,
      blogId: 1,
      event: {
        id: dealId,
        blog: { id: 1, name: 'Blog' },
        instant_publish: false,
        published_by: 'agent',
        category_id: null,
      },
      receivedAt: new Date().toISOString(),
      source: 'webhook',
    });

  beforeAll(() => {
    redis = createRedisClient(TEST_REDIS_URL, 'store');
    producerRedis = createRedisClient(TEST_REDIS_URL, 'producer');
    workerRedis = createRedisClient(TEST_REDIS_URL, 'worker');
    store = createDealStore({ redis, prefix });
    // A 30 s backoff: a retryable failure leaves the job delayed long enough to see "retry now" promote it.
    producer = createDealProducer({
      connection: producerRedis,
      prefix,
      store,
      log,
      settings: { backoffMs: 30_000 },
    });
    worker = createDealWorker({
      connection: workerRedis,
      prefix,
      concurrency: 1,
      log,
      runner: createDealRunner({
        client: {} as MarketplaceClient,
        store,
        log,
        process: async ({ dealId, payload, store: s }) => {
          const record = await s.get(dealId);
          runs.push({
            dealId,
            source: payload.source,
            state: record?.state,
            handedInAt: record?.data.handedInAt,
          });
          const mode = behaviour.get(dealId) ?? 'succeed';
          if (mode === 'fail-permanent')
            throw new PublishError('test_permanent', 'refused', { retryable: false });
          if (mode === 'fail-retryable')
            throw new PublishError('test_retryable', 'site down', { retryable: true });
          await s.update(dealId, {
            state: 'handed_in',
            url: `https://blog.example.cz/${dealId}/`,
            data: { handedInAt: new Date().toISOString() },
          });
          return { ok: true };
        },
      }),
    });
    actions = createDealActions({ store, queue: producer.queue, log, language: 'en' });
  });

  afterAll(async () => {
    await worker.close();
    await producer.close();
    await deleteKeys(redis, prefix);
    for (const client of [redis, producerRedis, workerRedis]) client.disconnect();
  });

  it('runs a failed deal again as an operator run, and it can then succeed', async () => {
    behaviour.set(11, 'fail-permanent');
    await enqueue(11);
    await until(async () => (await stateOf(11)) === 'failed', 15_000, 'failed');
    behaviour.set(11, 'succeed');
    const result = await actions.retry(11);
    expect(result).toMatchObject({ ok: true });
    await until(async () => (await stateOf(11)) === 'handed_in', 15_000, 'handed in');
    expect(runs.filter((r) => r.dealId === 11).map((r) => r.source)).toEqual(['webhook', 'manual']);
    expect((await store.get(11))?.error).toBeUndefined();
  });

  it('runs a deal waiting for its next attempt now', async () => {
    behaviour.set(12, 'fail-retryable');
    await enqueue(12);
    await until(async () => (await jobState(12)) === 'delayed', 15_000, 'delayed');
    behaviour.set(12, 'succeed');
    expect((await actions.retry(12)).message).toMatch(/now \(it was waiting for its next attempt\)/);
    await until(async () => (await stateOf(12)) === 'handed_in', 15_000, 'handed in');
  });

  it('hands a handed-in deal in again: the pipeline sees a published deal without its hand-in', async () => {
    await enqueue(13);
    await until(async () => (await stateOf(13)) === 'handed_in', 15_000, 'handed in');
    const before = runs.filter((r) => r.dealId === 13).length;
    expect(await actions.handInAgain(13)).toMatchObject({ ok: true });
    await until(async () => runs.filter((r) => r.dealId === 13).length > before, 15_000, 'ran again');
    const rerun = runs.filter((r) => r.dealId === 13).at(-1);
    // The record still has its URL but no longer its hand-in, so the pipeline verifies and hands in again.
    expect(rerun?.handedInAt).toBeUndefined();
    expect((await store.get(13))?.url).toBe('https://blog.example.cz/13/');
    await until(async () => (await stateOf(13)) === 'handed_in', 15_000, 'handed in again');
  });

  it('runs a finished job again in place: the running deal is never without its job (src/queue/requeue.ts)', async () => {
    await enqueue(16);
    await until(async () => (await stateOf(16)) === 'handed_in', 15_000, 'handed in');
    const queue = producer.queue as Queue<DealJobPayload, unknown, typeof DEAL_JOB>;
    const first = await queue.getJob(dealJobId(16));
    expect(await actions.handInAgain(16)).toMatchObject({ ok: true });
    const again = await queue.getJob(dealJobId(16));
    // The same job (not removed and added anew), now an operator's run counted from its first attempt.
    expect(again?.timestamp).toBe(first?.timestamp);
    expect(again?.data.source).toBe('manual');
    await until(async () => (await stateOf(16)) === 'handed_in', 15_000, 'handed in again');
    expect(runs.filter((r) => r.dealId === 16).map((r) => r.source)).toEqual(['webhook', 'manual']);
    expect((await store.get(16))?.attempts).toBe(1);
  });

  it('marks a waiting deal as handled and drops its pending attempt', async () => {
    behaviour.set(14, 'fail-retryable');
    await enqueue(14);
    await until(async () => (await jobState(14)) === 'delayed', 15_000, 'delayed');
    expect(await actions.markHandled(14)).toMatchObject({ ok: true });
    expect(await stateOf(14)).toBe('handled');
    expect(await jobState(14)).toBeUndefined();
    expect(await actions.retry(14)).toMatchObject({
      ok: false,
      message: 'Deal 14 is handled by hand; there is nothing to retry.',
    });
  });

  it('refuses, changing nothing, for a deal it does not know or one without a URL', async () => {
    expect(await actions.retry(999)).toMatchObject({ ok: false });
    expect((await actions.retry(999)).message).toContain('pressbridge replay 999');
    behaviour.set(15, 'fail-permanent');
    await enqueue(15);
    await until(async () => (await stateOf(15)) === 'failed', 15_000, 'failed');
    expect(await actions.handInAgain(15)).toMatchObject({
      ok: false,
      message: 'Deal 15 has no published URL yet; use retry instead.',
    });
    expect(await stateOf(15)).toBe('failed');
  });
});
