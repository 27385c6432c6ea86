/**
 * The poll intake against the marketplace's odd answers (issue 26), with the machine's Redis: a malformed item
 * never blocks the deals around it nor the cursor and is named; a long listing never delays a fresh acceptance by
 * more than one poll; the door's facts (src/intake/liveness.ts) are kept for the judge.
 */
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { MarketplaceError } from '../../../src/errors.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { intakeKeys, type PollTail, readIntakeFacts } from '../../../src/intake/poll-state.js';
import { createPoller, type Poller } from '../../../src/intake/poller.js';
import { PAGES_PER_POLL } from '../../../src/intake/round.js';
import { createUnreadableStore } from '../../../src/intake/unreadable.js';
import { createSilentLogger } from '../../../src/logger.js';
import { json } from '../../../src/marketplace/readers.js';
import { DealList } from '../../../src/marketplace/schema.js';
import { dealJobId } from '../../../src/queue/jobs.js';
import { createDealProducer, type DealProducer } from '../../../src/queue/producer.js';
import { MAX_PAGES } from '../../../src/reconcile/pages.js';
import { closeRedisClient, createRedisClient } from '../../../src/redis/client.js';
import { foreignWords } from '../../helpers/language.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';
import { scriptedMarketplace } from './scripted-marketplace.js';

const log = createSilentLogger();
const cs = createTranslator('cs');

describe('src/intake/poller against odd answers', () => {
  let redis: Redis;
  let producerRedis: Redis;
  let prefix: string;
  let store: DealStore;
  let producer: DealProducer;
  let market: ReturnType<typeof scriptedMarketplace>;
  let poller: Poller;
  let polled: number;

  beforeAll(() => {
    redis = createRedisClient(TEST_REDIS_URL, 'store');
    producerRedis = createRedisClient(TEST_REDIS_URL, 'producer');
  });

  beforeEach(() => {
    prefix = randomPrefix();
    store = createDealStore({ redis, prefix });
    producer = createDealProducer({ connection: producerRedis, prefix, store, log });
    market = scriptedMarketplace();
    polled = 0;
    poller = createPoller({
      client: market.client,
      producer,
      store,
      redis,
      blogIds: [1],
      log,
      onEvent: async () => {},
      onPolled: async () => {
        polled += 1;
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

  const queued = async (id: number) => (await producer.queue.getJob(dealJobId(id))) !== undefined;

  it('P-1: malformed items are left out and named; the deals around them are queued and the cursor moves', async () => {
    // Arrange: three well-formed deals and the three poisons, one of them the blogger's deal 602.
    market.put(601);
    market.put(603);
    market.put(604);
    market.extra.push(
      { id: 'abc', state: 'akceptovano', blog: { id: 1, name: 'Blog' } },
      { id: 602, state: 'akceptovano', blog: { id: 1, name: 'Blog' }, article_url: null },
      { id: 1e20, state: 'akceptovano', blog: { id: 1, name: 'Blog' }, demand: { id: 9, name: 'x' } },
      { id: 605, state: 'akceptovano', blog: { id: 77, name: 'Cizí' } },
    );

    // Act
    const result = await poller.runOnce();

    // Assert
    expect(result).toMatchObject({ status: 'ok', current: true, enqueued: [601, 603, 604] });
    for (const id of [601, 603, 604]) expect(await queued(id)).toBe(true);
    const named = await createUnreadableStore(redis, prefix).list();
    expect(named.map((i) => i.key).sort()).toEqual(
      ['deal:602', 'raw:100000000000000000000', 'raw:abc'].sort(),
    );
    expect(named.find((i) => i.id === 602)?.reason).toMatch(/^demand: /);
    // The home page and the notification say why in the blogger's language; zod's English stays `reason`.
    for (const item of named) {
      if (item.reasonSaid === undefined) throw new Error(`${item.key}: no phrase`);
      const czech = cs.say(item.reasonSaid, item.reason);
      expect(czech).not.toBe(item.reason);
      expect(foreignWords(czech, 'cs')).toEqual([]);
    }
    const said602 = named.find((i) => i.id === 602)?.reasonSaid;
    expect(said602 && cs.say(said602)).toBe('demand: očekáváno: mapa (klíč: hodnota)');
    // The blogger's deal 602 had its own page read once (it is just as malformed there: 404 in the script).
    expect(market.calls.deals).toEqual([602]);
    expect((await readIntakeFacts(redis, prefix)).cursorAt).toBe(Date.parse(result.startedAt));
    expect(polled).toBe(1);

    // A second poll: the same poison is not read again by its own page, nothing is queued twice.
    const second = await poller.runOnce();
    expect(second).toMatchObject({ status: 'ok', enqueued: [] });
    expect(market.calls.deals).toEqual([602]);
  });

  it('P-1: a deal whose list item is malformed but whose own page reads is queued from its own page', async () => {
    market.put(611);
    market.extra.push({ id: 611, state: 'akceptovano', blog: { id: 1, name: 'Blog' }, demand: 'broken' });
    // The scripted list shows 611 twice: once well-formed (from `put`) would hide the case, so drop that one.
    market.deals.delete(611);
    market.put(612);
    const own = market.client.getDeal;
    market.client.getDeal = async (id, o) => {
      if (id === 611) {
        market.calls.deals.push(id);
        return (await import('../../../src/marketplace/schema.js')).Deal.parse({
          id: 611,
          state: 'akceptovano',
          blog: { id: 1, name: 'Blog' },
          demand: { id: 9, name: 'Poptávka' },
          article_url: null,
        });
      }
      return own(id, o);
    };

    const result = await poller.runOnce();

    expect(result.enqueued.sort()).toEqual([611, 612]);
    expect(await createUnreadableStore(redis, prefix).list()).toEqual([]);
  });

  it("reads the deal's own page even when reconciliation noted the unreadable item first", async () => {
    market.extra.push({ id: 621, state: 'akceptovano', blog: { id: 1, name: 'Blog' }, demand: 'broken' });
    await createUnreadableStore(redis, prefix).note(
      { list: 'data', index: 0, id: 621, blogId: 1, reason: 'demand: Invalid input' },
      new Date(),
    );

    await poller.runOnce();
    await poller.runOnce();

    expect(market.calls.deals).toEqual([621]);
    expect((await createUnreadableStore(redis, prefix).list())[0]?.triedAt).toBeDefined();
  });

  it('a listing cut at its last page is named in the blogger’s language too', async () => {
    market.put(641);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const tail: PollTail = {
      startedAt: since,
      known: true,
      listings: [
        { since, offset: 0, perPage: 200, pages: MAX_PAGES, total: 9999, unstable: false, done: false },
      ],
      failed: false,
    };
    await redis.hset(intakeKeys(prefix).state, 'tail', JSON.stringify(tail));

    await poller.runOnce();

    const [cut] = await createUnreadableStore(redis, prefix).list();
    expect(cut?.reason).toBe(
      `the list of deals did not end after ${MAX_PAGES} pages (celkem 9999); the rest is left out`,
    );
    expect(cut?.reasonSaid && cs.say(cut.reasonSaid)).toBe(
      `seznam obchodů neskončil ani po ${cs.number(MAX_PAGES)} stránkách (celkem ${cs.number(9999)}); zbytek je vynechán`,
    );
  });

  it("names at most the store's bound of unreadable items a poll, however many a page holds", async () => {
    market.put(631);
    for (let id = 2000; id < 2060; id++)
      market.extra.push({ id, state: 'akceptovano', blog: { id: 1, name: 'Blog' }, demand: 'broken' });

    const result = await poller.runOnce();

    expect(result.enqueued).toEqual([631]);
    expect(await createUnreadableStore(redis, prefix).list()).toHaveLength(50);
    expect(market.calls.deals).toHaveLength(50);
  });

  it('P-4: a listing longer than a poll reads at most the budget; a deal accepted meanwhile is queued at the next poll', async () => {
    // Arrange: 12 pages' worth of other deals of the blogger's (already paid, nothing to do) at 1 per page.
    for (let id = 700; id < 700 + 20 * 12; id++) market.put(id, { state: 'proplaceno' });
    const list = market.client.listDeals;
    market.client.listDeals = async (query = {}, o) => list({ ...query, perPage: 1 }, o);

    // Act
    const first = await poller.runOnce();
    market.put(999);
    const second = await poller.runOnce();

    // Assert
    expect(first).toMatchObject({ status: 'ok', continues: true, pages: PAGES_PER_POLL });
    expect(second.enqueued).toEqual([999]);
    expect(second).toMatchObject({ continues: true, current: true });
    expect(await queued(999)).toBe(true);
    // The fresh listing came first, and asked for accepted deals only.
    const secondCalls = market.calls.list.slice(PAGES_PER_POLL);
    expect(secondCalls[0]).toMatchObject({ state: 'akceptovano', page: 1 });
    // The cursor does not move until the whole listing was read.
    expect((await readIntakeFacts(redis, prefix)).cursorAt).toBeUndefined();
  });

  it('a long listing is read to its end over polls; then the cursor moves and the tail is gone', async () => {
    for (let id = 800; id < 825; id++) market.put(id, { state: 'proplaceno' });
    const list = market.client.listDeals;
    market.client.listDeals = async (query = {}, o) => list({ ...query, perPage: 1 }, o);

    const results = [await poller.runOnce()];
    while (results.at(-1)?.continues && results.length < 5) results.push(await poller.runOnce());

    // 25 pages: 10, then a fresh listing and 9, then a fresh listing and the last 6.
    expect(results.map((r) => r.continues)).toEqual([true, true, false]);
    const facts = await readIntakeFacts(redis, prefix);
    expect(facts.cursorAt).toBe(Date.parse(results[0]?.startedAt ?? ''));
    expect(await redis.hget(`${prefix}:intake`, 'tail')).toBeNull();
  });

  it('keeps the door facts: failures in a row since the first, cleared by the next current poll', async () => {
    market.put(901);
    const list = market.client.listDeals;
    let down = true;
    market.client.listDeals = async (query = {}, o) => {
      if (down) {
        throw new MarketplaceError({
          status: 0,
          code: 'no_answer',
          message: 'connection refused',
          method: 'GET',
          path: '/v1/deals',
          retryable: true,
        });
      }
      return list(query, o);
    };

    const a = await poller.runOnce();
    await poller.runOnce();
    const failing = await readIntakeFacts(redis, prefix);
    down = false;
    const ok = await poller.runOnce();
    const open = await readIntakeFacts(redis, prefix);

    expect(a).toMatchObject({ status: 'failed', current: false });
    expect(failing.failingSince).toBe(Date.parse(a.startedAt));
    expect(failing.lastError).toContain('connection refused');
    expect(ok).toMatchObject({ status: 'ok', current: true, enqueued: [901] });
    expect(open.failingSince).toBeUndefined();
    expect(open.currentAt).toBe(Date.parse(ok.startedAt));
  });

  it("keeps the failed poll's error with its phrase: the door says it in Czech, the log's English beside it", async () => {
    // The marketplace's client reading an HTML page where a list of deals was expected.
    const page = new Response('<html>Maintenance</html>', { headers: { 'content-type': 'text/html' } });
    const notJson = await json(DealList)(page, { method: 'GET', path: '/v1/deals' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    market.client.listDeals = async () => {
      throw notJson;
    };

    const result = await poller.runOnce();
    const facts = await readIntakeFacts(redis, prefix);

    expect(result.status).toBe('failed');
    expect(facts.lastError).toContain('unexpected answer for /v1/deals: not JSON (content-type text/html)');
    expect(facts.lastErrorSaid).toBeDefined();
    const said = cs.say(facts.lastErrorSaid ?? '');
    expect(said).toContain('nečekaná odpověď na /v1/deals: není JSON (content-type text/html)');
    expect(said).not.toContain('unexpected answer');
  });

  it('a listing that changed while it was paged is said in Czech at the door too', async () => {
    market.put(651);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const tail: PollTail = {
      startedAt: since,
      known: true,
      listings: [{ since, offset: 0, perPage: 200, pages: 1, total: 1, unstable: true, done: false }],
      failed: false,
    };
    await redis.hset(intakeKeys(prefix).state, 'tail', JSON.stringify(tail));

    await poller.runOnce();

    const facts = await readIntakeFacts(redis, prefix);
    expect(facts.lastError).toBe('the list changed while it was paged; listed again next time');
    expect(facts.lastErrorSaid && cs.say(facts.lastErrorSaid)).toBe(
      'seznam se během stránkování změnil; příště se načte znovu',
    );
  });
});
