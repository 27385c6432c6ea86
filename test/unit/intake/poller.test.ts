/**
 * The poll intake's decisions, one poll after another, against a scripted marketplace list and the machine's
 * Redis (the real store and producer): what it queues, which events it hands on, and what each costs.
 */
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { MarketplaceError } from '../../../src/errors.js';
import { createPoller, type Poller } from '../../../src/intake/poller.js';
import { createSilentLogger } from '../../../src/logger.js';
import type { AnyEvent } from '../../../src/marketplace/schema.js';
import { dealJobId } from '../../../src/queue/jobs.js';
import { createDealProducer, type DealProducer } from '../../../src/queue/producer.js';
import { closeRedisClient, createRedisClient } from '../../../src/redis/client.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';
import { scriptedMarketplace } from './scripted-marketplace.js';

const log = createSilentLogger();

describe('src/intake/poller', () => {
  let redis: Redis;
  let producerRedis: Redis;
  let prefix: string;
  let store: DealStore;
  let producer: DealProducer;
  let market: ReturnType<typeof scriptedMarketplace>;
  let events: Array<{ event: AnyEvent; dealId: number | undefined }>;
  let poller: Poller;

  beforeAll(() => {
    redis = createRedisClient(TEST_REDIS_URL, 'store');
    producerRedis = createRedisClient(TEST_REDIS_URL, 'producer');
  });

  beforeEach(() => {
    prefix = randomPrefix();
    store = createDealStore({ redis, prefix });
    producer = createDealProducer({ connection: producerRedis, prefix, store, log });
    market = scriptedMarketplace();
    events = [];
    poller = createPoller({
      client: market.client,
      producer,
      store,
      redis,
      blogIds: [1],
      log,
      onEvent: async (event, dealId) => {
        events.push({ event, dealId });
      },
    });
  });

  afterEach(async () => {
    await poller.stop();
    await producer.queue.obliterate({ force: true });
    await producer.close();
    await deleteKeys(redis, prefix);
  });

  afterAll(async () => {
    await closeRedisClient(producerRedis);
    await closeRedisClient(redis);
  });

  it('queues a new accepted deal once, through the producer (job deal-<id>, source poll)', async () => {
    market.put(501);
    const first = await poller.runOnce();
    const second = await poller.runOnce();
    expect(first).toMatchObject({ status: 'ok', enqueued: [501], requests: 1 });
    expect(second).toMatchObject({ status: 'ok', enqueued: [], known: 1 });
    const job = await producer.queue.getJob(dealJobId(501));
    expect(job?.data).toMatchObject({ dealId: 501, blogId: 1, source: 'poll' });
    const counts = await producer.queue.getJobCounts();
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await store.get(501))?.source).toBe('poll');
  });

  it('leaves deals of blogs it does not publish alone', async () => {
    market.put(502, { blog: { id: 99, name: 'Cizí' } });
    expect(await poller.runOnce()).toMatchObject({ enqueued: [], otherBlogs: 1 });
    expect(await producer.queue.getJob(dealJobId(502))).toBeUndefined();
  });

  it('notices the move to proplaceno once, as the deal.paid the webhook would have brought', async () => {
    market.put(503, { state: 'ke_schvaleni', article_url: 'https://blog.example/a' });
    await poller.runOnce();
    market.put(503, { state: 'proplaceno' });
    expect(await poller.runOnce()).toMatchObject({ paid: [503] });
    expect(await poller.runOnce()).toMatchObject({ paid: [] });
    expect(events).toEqual([
      {
        dealId: 503,
        event: {
          event: 'deal.paid',
          deal: {
            id: 503,
            blog: { id: 1, name: 'Blog' },
            demand: { id: 9, name: 'Poptávka' },
            price: 2500,
            reward: 1800,
          },
        },
      },
    ]);
  });

  it('a growing unread_messages: one read of the thread, then message.created with the newest post', async () => {
    market.put(504, { state: 'ke_schvaleni' });
    await poller.runOnce();
    market.post(504, 'messages', 'Moje odpověď', 'bloger');
    market.post(504, 'messages', 'Prosím doplňte odkaz\ndruhý řádek');
    market.put(504, { unread_messages: 1 });
    const result = await poller.runOnce();
    expect(result).toMatchObject({ messages: [504], requests: 2 });
    expect(market.calls.threads).toEqual(['504/messages']);
    expect(events).toEqual([
      {
        dealId: 504,
        event: {
          event: 'message.created',
          deal_id: 504,
          message: { text: 'Prosím doplňte odkaz\ndruhý řádek', created_at: '2026-11-25 10:01:00' },
        },
      },
    ]);
    // Unchanged count: no second read, no second event.
    await poller.runOnce();
    expect(market.calls.threads).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('a growing claim count: one read of the claim thread, then claim.created', async () => {
    market.put(505, { state: 'ke_schvaleni', claim: { open: true, count: 1 } });
    market.post(505, 'claims', 'První výhrada');
    await poller.runOnce();
    expect(events).toHaveLength(0);
    market.post(505, 'claims', 'Odkaz chybí');
    market.put(505, { claim: { open: true, count: 2 } });
    expect(await poller.runOnce()).toMatchObject({ claims: [505] });
    expect(market.calls.threads).toEqual(['505/claims']);
    expect(events.map((e) => e.event)).toEqual([
      {
        event: 'claim.created',
        deal_id: 505,
        claim: { text: 'Odkaz chybí', created_at: '2026-11-25 10:01:00' },
      },
    ]);
  });

  it('the very first poll raises nothing for old threads; a deal first seen later counts from zero', async () => {
    market.put(506, { state: 'ke_schvaleni', unread_messages: 4 });
    expect(await poller.runOnce()).toMatchObject({ messages: [] });
    market.put(507, { state: 'ke_schvaleni', unread_messages: 1 });
    market.post(507, 'messages', 'Dobrý den');
    expect(await poller.runOnce()).toMatchObject({ messages: [507] });
    expect(market.calls.threads).toEqual(['507/messages']);
  });

  it('lists cancellations only while a deal it saw accepted is open; a cancelled deal in progress gets the answer', async () => {
    market.put(508);
    await poller.runOnce();
    expect(market.calls.list.map((q) => q.state ?? 'all')).toEqual(['all']);
    market.put(508, { state: 'zruseno', reason: 'Inzerent to zrušil' });
    const result = await poller.runOnce();
    expect(market.calls.list.map((q) => q.state ?? 'all')).toEqual(['all', 'all', 'zruseno']);
    expect(result).toMatchObject({ cancelled: [508], requests: 2 });
    const record = await store.get(508);
    expect(record?.data.marketplaceCheck).toMatchObject({
      state: 'zruseno',
      reason: 'Inzerent to zrušil',
      via: 'list',
    });
    const lines = await store.readLog(508);
    expect(lines.map((l) => l.msg)).toContain(
      'the poll found the deal cancelled in the marketplace (zruseno); its run ends at its next step',
    );
    // Noticed once; and with no accepted deal left, back to one request a poll.
    expect(await poller.runOnce()).toMatchObject({ cancelled: [], requests: 1 });
  });

  it('a thread the marketplace refuses (the deal closed meanwhile) is passed, not read again every poll', async () => {
    market.put(510, { state: 'ke_schvaleni' });
    await poller.runOnce();
    market.put(510, { unread_messages: 1 });
    market.client.getDealThread = async () => {
      throw new MarketplaceError({
        status: 409,
        code: 'obchod_uzavren',
        message: 'closed',
        method: 'GET',
        path: '/v1/deals/510/messages',
        retryable: false,
      });
    };
    expect(await poller.runOnce()).toMatchObject({ status: 'ok', messages: [], requests: 2 });
    expect(await poller.runOnce()).toMatchObject({ status: 'ok', requests: 1 });
    expect(events).toHaveLength(0);
  });

  it('stops listing cancellations once the deals it saw accepted are final here, though still accepted there', async () => {
    market.put(511);
    await poller.runOnce();
    expect(await poller.runOnce()).toMatchObject({ requests: 2 });
    await store.as('pipeline').update(511, { state: 'processing' });
    await store.as('pipeline').update(511, { state: 'skipped' });
    market.calls.list.length = 0;
    // Still akceptovano in the marketplace (the blogger publishes it), done here: one listing a poll.
    expect(await poller.runOnce()).toMatchObject({ requests: 1 });
    expect(await poller.runOnce()).toMatchObject({ requests: 1 });
    expect(market.calls.list.map((q) => q.state ?? 'all')).toEqual(['all', 'all']);
  });

  it('a failed thread read keeps the cursor: the next poll reads again and hands the event on', async () => {
    market.put(509, { state: 'ke_schvaleni' });
    await poller.runOnce();
    market.post(509, 'messages', 'Ahoj');
    market.put(509, { unread_messages: 1 });
    const { getDealThread } = market.client;
    let fail = true;
    market.client.getDealThread = async (...args) => {
      if (fail) throw new Error('marketplace down');
      return await getDealThread(...args);
    };
    expect(await poller.runOnce()).toMatchObject({ status: 'failed', messages: [] });
    fail = false;
    expect(await poller.runOnce()).toMatchObject({ status: 'ok', messages: [509] });
    expect(events).toHaveLength(1);
  });
});
