import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemandServices } from '../../../src/demands/services.js';
import { MarketplaceError } from '../../../src/errors.js';
import type { MarketplaceClient, MarketplaceDemandCalls } from '../../../src/marketplace/api.js';
import type { DemandBrief, DemandListItem } from '../../../src/marketplace/schema.js';
import { createNotifier } from '../../../src/notify/notifier.js';
import type { BlogRules } from '../../../src/rules/settings.js';
import { fixedClock } from '../../helpers/clock.js';
import { collectingDispatcher } from '../../helpers/notify.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const demand = (id: number, reward: number, name = `Poptávka ${id}`): DemandListItem => ({
  id,
  name,
  reward,
  ns: 1,
});

/** A marketplace of the blogger's side held in memory: the lists per blog, and what each call was. */
type Listed = DemandListItem[] | 'incomplete' | 'down';

function fakeMarket(lists: Map<number, Listed>) {
  const calls: string[] = [];
  const client: Pick<MarketplaceDemandCalls, 'listDemands' | 'getDemand' | 'makeOffer' | 'declineDemands'> &
    Pick<MarketplaceClient, 'listDeals'> = {
    async listDeals(query) {
      calls.push(`deals ${query?.state ?? ''}`);
      return { data: [], skipped: [], overLimit: 0, strana: 1, na_stranu: 200, celkem: 0 };
    },
    async listDemands(blogId) {
      calls.push(`list ${blogId}`);
      const list = lists.get(blogId) ?? [];
      if (list === 'down') {
        throw new MarketplaceError({
          status: 500,
          code: 'server',
          message: 'GET /v1/blogs/1/demands answered 500',
          method: 'GET',
          path: '/',
          retryable: true,
        });
      }
      if (list === 'incomplete') {
        throw new MarketplaceError({
          status: 422,
          code: 'blog_neuplny',
          message: 'incomplete',
          method: 'GET',
          path: '/',
          retryable: false,
        });
      }
      return { data: list, skipped: [], overLimit: 0 };
    },
    async getDemand(demandId): Promise<DemandBrief> {
      calls.push(`brief ${demandId}`);
      const item = [...lists.values()]
        .flatMap((l) => (typeof l === 'string' ? [] : l))
        .find((d) => d.id === demandId);
      return { ...item, id: demandId, keyword_urls: [], links_mode: 1, description: 'Článek o zahradě' };
    },
    async makeOffer(blogId, input) {
      calls.push(`offer ${blogId}/${input.demandId}`);
      return { id: 5000 + input.demandId, state: 'nabidnuto', reward: 1000 };
    },
    async declineDemands() {},
  };
  return { client, calls };
}

describe('src/demands/intake.ts', () => {
  let redis: Redis;
  const prefixes: string[] = [];
  beforeAll(() => {
    redis = createTestRedis();
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  function world(lists: Map<number, Listed>, rules: BlogRules, now?: () => Date) {
    const prefix = randomPrefix();
    prefixes.push(prefix);
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const dispatcher = collectingDispatcher();
    const clock = fixedClock(now ?? '2026-12-01T09:00:00Z');
    const notifier = createNotifier({
      dispatcher,
      redis,
      prefix,
      language: 'en',
      log,
      statusUrl: 'http://s.test',
      clock,
    });
    const market = fakeMarket(lists);
    const config = {
      blogs: [...lists.keys()].map((id) => ({ id, rules })) as never,
      demands: { enabled: true, pollMinutes: 5 },
      redis: { prefix } as never,
      marketplace: { timeZone: 'Europe/Prague' } as never,
    };
    const services = createDemandServices(config, { redis, client: market.client, notifier, log, clock });
    return { ...services, ...market, dispatcher, lines };
  }

  it('tells the new fits of a round in one message per blog, each demand once, refused ones not at all', async () => {
    const lists = new Map([[1, [demand(11, 1500), demand(12, 2500), demand(13, 500)]]]);
    const w = world(lists, { minReward: 1000 });

    const first = await w.intake.runOnce();
    lists.set(1, [...(lists.get(1) ?? []), demand(14, 3000)]);
    const second = await w.intake.runOnce();
    const third = await w.intake.runOnce();

    expect(first).toMatchObject({ status: 'done', fresh: 3, judged: 3, fits: 2, notified: 2 });
    expect(second).toMatchObject({ fresh: 1, judged: 1, notified: 1 });
    expect(third).toMatchObject({ fresh: 0, judged: 0, notified: 0 });
    expect(w.dispatcher.messages.map((m) => m.key)).toEqual(['demand:1:11,12', 'demand:1:14']);
    expect(w.dispatcher.messages[0]?.body).toContain('http://s.test/demands/1/11');
    expect((await w.store.get(1, 13))?.verdict?.outcome).toBe('refuse');
    expect(w.calls.filter((c) => c.startsWith('brief'))).toEqual([
      'brief 11',
      'brief 12',
      'brief 13',
      'brief 14',
    ]);
  });

  it('judges a demand.created once, and the poll that lists it later tells nothing more', async () => {
    const lists = new Map([[1, [demand(21, 1500)]]]);
    const w = world(lists, {});

    await w.intake.onEvent({
      event: 'demand.created',
      demand: demand(21, 1500),
      blogs: [{ id: 1 }, { id: 99 }],
    });
    await w.intake.runOnce('pending');
    await w.intake.onEvent({ event: 'demand.created', demand: demand(21, 1500), blogs: [{ id: 1 }] });
    await w.intake.runOnce();

    expect((await w.store.list(1)).map((r) => [r.demandId, r.source])).toEqual([[21, 'webhook']]);
    expect(await w.store.list(99)).toEqual([]);
    expect(w.calls.filter((c) => c.startsWith('brief'))).toEqual(['brief 21']);
    expect(w.dispatcher.messages.map((m) => m.key)).toEqual(['demand:1:21']);
  });

  it('offers automatically only on fits, once, within the day’s count, and tells each offer', async () => {
    const lists = new Map([[1, [demand(31, 1500), demand(32, 1600), demand(33, 1700), demand(34, 100)]]]);
    const w = world(lists, {
      minReward: 1000,
      autoOffer: { enabled: true, maxPerDay: 2, maxKcPerDay: 100_000 },
    });

    await w.intake.runOnce();
    await w.intake.runOnce();

    expect(w.calls.filter((c) => c.startsWith('offer'))).toEqual(['offer 1/31', 'offer 1/32']);
    expect((await w.store.get(1, 31))?.offer).toMatchObject({ by: 'auto', dealId: 5031 });
    expect((await w.store.get(1, 33))?.offer).toBeUndefined();
    expect(w.dispatcher.messages.filter((m) => m.topic === 'demand_offered').map((m) => m.key)).toEqual([
      'demand_offered:1:31',
      'demand_offered:1:32',
    ]);
  });

  it('tells 422 blog_neuplny once in the log, and marks a demand that left the list gone', async () => {
    const lists = new Map<number, Listed>([
      [1, [demand(41, 1500)]],
      [2, 'incomplete'],
    ]);
    const w = world(lists, {});

    await w.intake.runOnce();
    lists.set(1, []);
    const second = await w.intake.runOnce();

    expect(second.incomplete).toEqual([2]);
    expect(w.lines.filter((l) => l.includes('blog_neuplny'))).toHaveLength(1);
    expect(await w.store.get(1, 41)).toMatchObject({ available: false });
    // The home page reads since when (src/status/views/home-needs.ts); a listing that succeeds clears it.
    expect(await w.store.incompleteSince(2)).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await w.store.incompleteSince(1)).toBeUndefined();
    lists.set(2, []);
    await w.intake.runOnce();
    expect(await w.store.incompleteSince(2)).toBeUndefined();
    // An incomplete blog is its own line, no stall of the intake.
    expect(w.dispatcher.messages.filter((m) => m.topic === 'demands_stalled')).toEqual([]);
  });

  it('tells a stall when the lists fail for 3 rounds (at least 15 min), once, and resolves it when they read', async () => {
    let now = new Date('2026-12-01T09:00:00Z');
    const lists = new Map<number, Listed>([
      [1, 'down'],
      [2, [demand(51, 1500)]],
    ]);
    const w = world(lists, {}, () => now);
    const stalled = () => w.dispatcher.messages.filter((m) => m.topic === 'demands_stalled');

    expect((await w.intake.runOnce()).listError).toContain('blog 1');
    expect(await w.health.read()).toMatchObject({ failingSince: '2026-12-01T09:00:00.000Z' });
    now = new Date('2026-12-01T09:14:00Z');
    await w.intake.runOnce();
    expect(stalled()).toEqual([]);
    now = new Date('2026-12-01T09:15:00Z');
    await w.intake.runOnce();
    now = new Date('2026-12-01T09:20:00Z');
    await w.intake.runOnce();
    expect(stalled().map((m) => m.kind)).toEqual(['problem']);
    expect(stalled()[0]?.body).toContain('answered 500');
    // The other blog's demands were read meanwhile: a failing list stops nothing else.
    expect((await w.store.list(2)).map((r) => r.demandId)).toEqual([51]);

    lists.set(1, []);
    now = new Date('2026-12-01T09:25:00Z');
    await w.intake.runOnce();
    expect(stalled().map((m) => m.kind)).toEqual(['problem', 'resolved']);
    expect(await w.health.read()).toEqual({ lastOkAt: '2026-12-01T09:25:00.000Z' });
  });
});
