import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { AppError } from '../../../src/errors.js';
import { dealErrorText } from '../../../src/i18n/deal-error.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import type { MarketplaceClient } from '../../../src/marketplace/api.js';
import { Deal } from '../../../src/marketplace/schema.js';
import type { DealProcessor } from '../../../src/pipeline/port.js';
import { createDealRunner } from '../../../src/pipeline/runner.js';
import { DEAL_QUEUE, type DealJobPayload } from '../../../src/queue/jobs.js';
import { createDealProducer, type DealProducer } from '../../../src/queue/producer.js';
import { createDealWorker, outsideFailure, STALLED_REASON } from '../../../src/queue/worker.js';
import { closeRedisClient, createRedisClient } from '../../../src/redis/client.js';
import { extractTitle } from '../../helpers/fetch-processor.js';
import { foreignWords } from '../../helpers/language.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';
import { until } from '../../helpers/until.js';

const czech = createTranslator('cs');
const english = createTranslator('en');

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('src/queue/worker extractTitle', () => {
  it.each([
    ['<h1>Title</h1><p>x</p>', 'Title'],
    ['<p>intro</p><h1 class="a">First</h1><h1>Second</h1>', 'First'],
    ['<H1>\n  Multi\n  line &amp; <b>bold</b>\n</H1>', 'Multi line & bold'],
    ['<h1>&#268;esk&#x00E9; &quot;znaky&quot;&nbsp;</h1>', 'České "znaky"'],
    ['<h2>No h1</h2>', undefined],
    ['<h1> </h1>', undefined],
  ])('%j → %j', (html, expected) => {
    expect(extractTitle(html)).toBe(expected);
  });
});

describe('src/queue/worker', () => {
  const prefix = randomPrefix();
  const log = createSilentLogger();
  let redis: Redis;
  let producerRedis: Redis;
  let eventsRedis: Redis;
  let store: DealStore;
  let producer: DealProducer;
  let queueEvents: QueueEvents;
  const client = {} as MarketplaceClient;

  function payload(dealId: number): DealJobPayload {
    return {
      dealId,
      blogId: 7,
      event: {
        id: dealId,
        blog: { id: 7 },
        instant_publish: false,
        published_by: 'agent',
        category_id: null,
      },
      receivedAt: new Date().toISOString(),
      source: 'manual',
    };
  }

  beforeAll(async () => {
    redis = createRedisClient(TEST_REDIS_URL, 'store');
    producerRedis = createRedisClient(TEST_REDIS_URL, 'producer');
    eventsRedis = createRedisClient(TEST_REDIS_URL, 'worker');
    store = createDealStore({ redis, prefix });
    producer = createDealProducer({ connection: producerRedis, prefix, store, log });
    queueEvents = new QueueEvents(DEAL_QUEUE, { connection: eventsRedis, prefix });
    await queueEvents.waitUntilReady();
  });

  afterAll(async () => {
    await queueEvents.close();
    await producer.queue.obliterate({ force: true });
    await producer.close();
    await deleteKeys(redis, prefix);
    for (const c of [redis, producerRedis, eventsRedis]) await closeRedisClient(c);
  });

  it('runs a plugged-in processor with the deal context and waits for it on close', async () => {
    const gate = deferred<void>();
    const started = deferred<{ dealId: number; attempt: number; deadline: Date }>();
    const worker = createDealWorker({
      connection: { url: TEST_REDIS_URL },
      prefix,
      concurrency: 1,
      log,
      runner: createDealRunner({
        client,
        store,
        log,
        process: async (ctx) => {
          started.resolve({ dealId: ctx.dealId, attempt: ctx.attempt, deadline: ctx.deadline });
          ctx.log.line('info', { step: 'custom' }, 'custom processor ran', undefined);
          await gate.promise;
          await ctx.store.update(ctx.dealId, { state: 'published', url: 'https://blog.cz/a' });
          return 'ok';
        },
      }),
    });
    await producer.enqueueDeal(payload(4001));

    const ctx = await started.promise;
    expect(ctx.dealId).toBe(4001);
    expect(ctx.attempt).toBe(1);
    expect(await store.get(4001)).toMatchObject({ state: 'processing' });
    const closing = worker.close();
    gate.resolve();
    await closing;

    expect(await (await producer.queue.getJob('deal-4001'))?.getState()).toBe('completed');
    expect(await store.get(4001)).toMatchObject({ state: 'published', url: 'https://blog.cz/a' });
    expect((await store.readLog(4001)).map((e) => e.msg)).toContain('custom processor ran');
  });

  it('bounds close() when a job does not finish', async () => {
    const started = deferred<void>();
    const worker = createDealWorker({
      connection: { url: TEST_REDIS_URL },
      prefix,
      concurrency: 1,
      log,
      closeTimeoutMs: 200,
      runner: createDealRunner({
        client,
        store,
        log,
        process: async (ctx) => {
          started.resolve();
          // Never settles by itself; only the abort from the forced close ends it.
          await new Promise((_, reject) =>
            ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))),
          );
        },
      }),
    });
    await producer.enqueueDeal(payload(4002));
    await started.promise;

    const t0 = Date.now();
    await worker.close();
    expect(Date.now() - t0).toBeLessThan(3_000);
  });

  it("BullMQ's stall reason is the one its scripts write", () => {
    const scripts = join('node_modules', 'bullmq', 'dist', 'esm', 'scripts');
    const stalled = readdirSync(scripts).filter((name) => /^moveStalledJobsToWait.*\.js$/.test(name));
    expect(stalled.length).toBeGreaterThan(0);
    for (const name of stalled) expect(readFileSync(join(scripts, name), 'utf8')).toContain(STALLED_REASON);
    expect(outsideFailure(new Error(STALLED_REASON))).toEqual({ stalled: true, message: STALLED_REASON });
    expect(outsideFailure(new Error('job started more than allowable limit')).stalled).toBe(false);
  });

  it('a job that stalled too often ends its deal failed, the reason said in Czech too', async () => {
    // A queue of its own: a stalled check by the workers above throttles every check of their queue for 15 s.
    const queuePrefix = randomPrefix();
    const stallProducer = createDealProducer({ connection: producerRedis, prefix: queuePrefix, store, log });
    await stallProducer.enqueueDeal(payload(4003));
    // A worker that takes the job and dies: nothing renews its lock.
    const connection = { url: TEST_REDIS_URL };
    const dead = new Worker(DEAL_QUEUE, null, { connection, prefix: queuePrefix, lockDuration: 300 });
    expect((await dead.getNextJob('dead-worker'))?.id).toBe('deal-4003');
    const worker = createDealWorker({
      connection,
      prefix: queuePrefix,
      concurrency: 1,
      log,
      lockDurationMs: 300,
      stalledIntervalMs: 200,
      maxStalledCount: 0,
      runner: createDealRunner({ client, store, log, process: async () => 'never runs' }),
    });
    try {
      const record = await until(
        async () => {
          const found = await store.get(4003);
          return found?.state === 'failed' && found;
        },
        10_000,
        'the stalled deal failed',
      );
      expect((await stallProducer.queue.getJob('deal-4003'))?.failedReason).toBe(STALLED_REASON);
      expect(record.errorPhrase).toEqual({ key: 'deal.error.stalled' });
      expect(record.error).toBe(english.say({ key: 'deal.error.stalled' }));
      const czechText = dealErrorText(czech, record);
      expect(czechText).toContain('zastavila uprostřed běhu');
      expect(foreignWords(czechText, 'cs')).toEqual([]);
    } finally {
      await worker.close();
      await dead.close(true);
      await stallProducer.queue.obliterate({ force: true });
      await stallProducer.close();
      await deleteKeys(redis, queuePrefix);
    }
  });

  describe('text awaiting approval past the deadline: the marketplace decides', () => {
    const overdue = (dealId: number): DealJobPayload => ({
      ...payload(dealId),
      source: 'webhook',
      deadlineAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const awaiting = async () => {
      throw new AppError('ceka_na_schvaleni', 'the text awaits approval');
    };
    function answering(state: string, reason?: string) {
      const asked: number[] = [];
      const fake = {
        async getDeal(id: number) {
          asked.push(id);
          return Deal.parse({ id, state, blog: { id: 7 }, demand: { id: 1 }, article_url: null, reason });
        },
      } as unknown as MarketplaceClient;
      return { asked, client: fake };
    }

    function workerAsking(marketplace: MarketplaceClient, process: DealProcessor, approvalRetryMs?: number) {
      return createDealWorker({
        connection: { url: TEST_REDIS_URL },
        prefix,
        concurrency: 1,
        log,
        runner: createDealRunner({
          client: marketplace,
          store,
          log,
          process,
          ...(approvalRetryMs !== undefined ? { approvalRetryMs } : {}),
        }),
      });
    }

    it('still akceptovano: keeps waiting within 60 minutes of the answer, asking once', async () => {
      const { asked, client: marketplace } = answering('akceptovano');
      let runs = 0;
      const twice = deferred<void>();
      const worker = workerAsking(
        marketplace,
        async () => {
          runs += 1;
          if (runs === 3) twice.resolve();
          return await awaiting();
        },
        30,
      );
      await producer.enqueueDeal(overdue(4101));
      await twice.promise;
      await worker.close();

      expect(asked).toEqual([4101]);
      const record = await store.get(4101);
      expect(record).toMatchObject({
        state: 'waiting_approval',
        data: { late: {}, marketplaceCheck: { state: 'akceptovano' } },
      });
    });

    it('cancelled: ends closed with the state and reason, the job completes', async () => {
      const { asked, client: marketplace } = answering('zruseno', 'advertiser gave up');
      const worker = workerAsking(marketplace, awaiting);
      await producer.enqueueDeal(overdue(4102));
      const job = await producer.queue.getJob('deal-4102');
      const result = await job?.waitUntilFinished(queueEvents);
      await worker.close();

      expect(result).toEqual({ outcome: 'closed', marketplaceState: 'zruseno' });
      expect(asked).toEqual([4102]);
      const record = await store.get(4102);
      expect(record).toMatchObject({
        state: 'closed',
        data: { closed: { state: 'zruseno', reason: 'advertiser gave up' } },
      });
      expect(record?.error).toMatch(/"zruseno" \(reason: "advertiser gave up"\)/);
      expect(record && dealErrorText(czech, record)).toMatch(/"zruseno" \(důvod: "advertiser gave up"\)/);
    });

    it('the late window from a stored answer passed too: deadline_missed naming that answer, no new question', async () => {
      const { asked, client: marketplace } = answering('akceptovano');
      const answeredAt = new Date(Date.now() - 61 * 60_000).toISOString();
      await producer.enqueueDeal(overdue(4103));
      await store.update(4103, {
        data: { marketplaceCheck: { at: answeredAt, state: 'akceptovano', articleUrl: null, reason: null } },
      });
      const worker = workerAsking(marketplace, awaiting);
      const job = await producer.queue.getJob('deal-4103');
      await expect(job?.waitUntilFinished(queueEvents)).rejects.toThrow(/still waited for the article/);
      await worker.close();

      expect(asked).toEqual([]);
      const record = await store.get(4103);
      expect(record?.state).toBe('deadline_missed');
      expect(record?.error).toContain(`the marketplace still waited for the article at ${answeredAt}`);
      expect(record && dealErrorText(czech, record)).toContain(
        `tržiště na článek ještě čekalo v ${answeredAt}`,
      );
    });
  });
});
