/**
 * Two poll intakes (two daemons) on one Redis and one marketplace, with a lease shorter than a poll's thread
 * reads: every event is handed on exactly once, whether the first poll keeps its lease by renewing it per deal or
 * loses it to a stall in the middle of a deal.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDealStore } from '../../../src/deals/store.js';
import { createPoller, type Poller, type PollResult } from '../../../src/intake/poller.js';
import { createSilentLogger } from '../../../src/logger.js';
import type { MarketplaceClient } from '../../../src/marketplace/api.js';
import { createDealProducer, type DealProducer } from '../../../src/queue/producer.js';
import { closeRedisClient, createRedisClient } from '../../../src/redis/client.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';
import { scriptedMarketplace } from './scripted-marketplace.js';

const log = createSilentLogger();
const DEALS = [601, 602, 603, 604, 605, 606];
/**
 * The lease's time, and a thread read's below (READ_MS). A renewal comes before each deal, so what must fit in
 * the lease is one deal's read and the machine's scheduling: 200 ms with 80 ms reads lost the lease once in eight
 * runs on a machine at load 10; 1 s with 400 ms reads leaves 600 ms.
 */
const LOCK_MS = 1_000;
const READ_MS = 400;

describe('src/intake/poller (two processes, one lease)', () => {
  const redis: Redis[] = [];
  const producers: DealProducer[] = [];
  let prefix: string;
  let market: ReturnType<typeof scriptedMarketplace>;
  let events: Array<{ by: string; event: string; dealId: number | undefined }>;
  /** How long the next thread read of a deal takes (ms; once), else `readMs`. */
  let stalls: Map<number, number>;
  let readMs: number;

  beforeAll(() => {
    for (let i = 0; i < 4; i++) redis.push(createRedisClient(TEST_REDIS_URL, 'store'));
  });

  beforeEach(() => {
    prefix = randomPrefix();
    market = scriptedMarketplace();
    events = [];
    stalls = new Map();
    readMs = 0;
  });

  afterEach(async () => {
    for (const producer of producers.splice(0)) {
      await producer.queue.obliterate({ force: true });
      await producer.close();
    }
    await deleteKeys(redis[0] as Redis, prefix);
  });

  afterAll(async () => {
    for (const client of redis) await closeRedisClient(client);
  });

  /** A thread read at the marketplace's pace: `readMs`, or a stall once; abandoned when the signal fires. */
  const slowClient = (): Pick<MarketplaceClient, 'listDeals' | 'getDealThread' | 'getDeal'> => ({
    ...market.client,
    async getDealThread(dealId, kind, options = {}) {
      const ms = stalls.get(dealId) ?? readMs;
      stalls.delete(dealId);
      await delay(ms, undefined, options.signal ? { signal: options.signal } : {});
      return await market.client.getDealThread(dealId, kind, options);
    },
  });

  /** A daemon's poll intake: its own Redis connections, store and producer on the shared prefix. */
  const daemon = (name: string, index: number): Poller => {
    const connection = redis[index * 2] as Redis;
    const store = createDealStore({ redis: connection, prefix });
    const producer = createDealProducer({ connection: redis[index * 2 + 1] as Redis, prefix, store, log });
    producers.push(producer);
    return createPoller({
      client: slowClient(),
      producer,
      store,
      redis: connection,
      blogIds: [1],
      log,
      lockMs: LOCK_MS,
      onEvent: async (event, dealId) => {
        events.push({ by: name, event: event.event, dealId });
      },
    });
  };

  /** Polls with `poller` every 20 ms while `busy` runs, as a second daemon's timer would. */
  const pollAlongside = async (poller: Poller, busy: Promise<PollResult>): Promise<PollResult[]> => {
    const results: PollResult[] = [];
    let done = false;
    void busy.finally(() => {
      done = true;
    });
    while (!done) {
      results.push(await poller.runOnce());
      await delay(20);
    }
    return results;
  };

  /** Every deal has a new message from the advertiser since the last poll. */
  const messagesArrive = (): void => {
    for (const id of DEALS) {
      market.post(id, 'messages', `Zpráva k ${id}`);
      market.put(id, { unread_messages: 1 });
    }
  };

  it('a poll longer than the lease renews it per deal: the other daemon is busy throughout, each message once', async () => {
    const [a, b] = [daemon('a', 0), daemon('b', 1)];
    for (const id of DEALS) market.put(id, { state: 'ke_schvaleni' });
    await a.runOnce();
    messagesArrive();
    readMs = READ_MS;

    const first = a.runOnce();
    const alongside = await pollAlongside(b, first);
    const result = await first;

    // Six reads of 400 ms: the poll outlasted its lease more than twice over, and kept it.
    expect(Date.parse(result.finishedAt) - Date.parse(result.startedAt)).toBeGreaterThan(2 * LOCK_MS);
    expect(result).toMatchObject({ status: 'ok', messages: DEALS });
    // Every try of the other daemon while the poll held its lease found it busy.
    const meanwhile = alongside.filter((r) => Date.parse(r.startedAt) < Date.parse(result.finishedAt));
    expect(meanwhile.length).toBeGreaterThan(3);
    expect(new Set(meanwhile.map((r) => r.status))).toEqual(new Set(['busy']));
    expect(await b.runOnce()).toMatchObject({ status: 'ok', messages: [] });
    expect(events.filter((e) => e.by === 'b')).toEqual([]);
    expect(events.map((e) => e.dealId).sort()).toEqual(DEALS);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a poll that loses its lease in a stalled read acts no further: the other daemon hands each message on once', async () => {
    const [a, b] = [daemon('a', 0), daemon('b', 1)];
    for (const id of DEALS) market.put(id, { state: 'ke_schvaleni' });
    await a.runOnce();
    messagesArrive();
    // The third deal's read hangs for longer than the lease; every other read is quick.
    stalls.set(603, 3 * LOCK_MS);

    const first = a.runOnce();
    const alongside = await pollAlongside(b, first);
    const result = await first;

    expect(result.status).toBe('failed');
    expect(result.errors.map((e) => e.error).join('\n')).toContain('lease');
    expect(result.messages).toEqual([601, 602]);
    // The other daemon takes over once the lease ran out (or was released by the poll that lost it).
    const after = [await b.runOnce(), await a.runOnce(), await b.runOnce()];
    const byB = [...alongside, ...after].filter((r) => r.status === 'ok' && r.messages.length > 0);
    expect(byB.flatMap((r) => r.messages).sort()).toEqual([603, 604, 605, 606]);
    // Each message exactly once, by whichever daemon held the lease.
    expect(events.map((e) => e.dealId).sort()).toEqual(DEALS);
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(['message.created']));
    await Promise.all([a.stop(), b.stop()]);
  });
});
