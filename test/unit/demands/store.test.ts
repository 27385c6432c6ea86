import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDemandStore,
  demandKeys,
  KEEP_GONE_MS,
  MAX_DEMANDS_PER_BLOG,
} from '../../../src/demands/store.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const T0 = new Date('2026-12-01T08:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const item = (id: number, reward = 1000) => ({ id, name: `Poptávka ${id}`, reward });

describe('src/demands/store.ts', () => {
  let redis: Redis;
  const prefixes: string[] = [];
  const storeFor = () => {
    const prefix = randomPrefix();
    prefixes.push(prefix);
    return { store: createDemandStore(redis, prefix), prefix };
  };
  beforeAll(() => {
    redis = createTestRedis();
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('records a demand once, lists newest first per blog, and keeps the first-seen time and source', async () => {
    const { store } = storeFor();

    expect(await store.see(1, item(10), at(0), 'webhook')).toEqual({ isNew: true });
    expect(await store.see(1, item(11), at(1), 'poll')).toEqual({ isNew: true });
    expect(await store.see(1, { ...item(10), name: 'Přejmenovaná' }, at(5), 'poll')).toEqual({
      isNew: false,
    });
    await store.see(2, item(12), at(2), 'poll');

    const list = await store.list(1);
    expect(list.map((r) => r.demandId)).toEqual([11, 10]);
    const ten = await store.get(1, 10);
    expect(ten).toMatchObject({ firstSeenAt: at(0).toISOString(), source: 'webhook', available: true });
    expect(ten?.item.name).toBe('Přejmenovaná');
    expect((await store.list(2)).map((r) => r.demandId)).toEqual([12]);
  });

  it('keeps the verdict with its phrases and the brief summary, and marks an offer', async () => {
    const { store } = storeFor();
    await store.see(1, item(20), at(0), 'poll');
    const verdict = {
      outcome: 'refuse' as const,
      reasons: [
        {
          rule: 'minReward' as const,
          outcome: 'refuse' as const,
          said: { key: 'verdict.x', params: { min: 2000 } },
        },
      ],
    };
    await store.judged(
      1,
      20,
      { readAt: at(1).toISOString(), linksMode: 2, keywordUrls: [{ keyword: 'k', url: 'https://a.cz/' }] },
      verdict,
    );
    await store.markOffered(1, 20, {
      at: at(2).toISOString(),
      reward: 1200,
      dealId: 555,
      state: 'nabidnuto_vyssi',
      by: 'cli',
    });

    const record = await store.get(1, 20);
    expect(record?.verdict).toEqual(verdict);
    expect(record?.brief).toMatchObject({
      linksMode: 2,
      keywordUrls: [{ keyword: 'k', url: 'https://a.cz/' }],
    });
    expect(record?.offer).toEqual({
      at: at(2).toISOString(),
      reward: 1200,
      dealId: 555,
      state: 'nabidnuto_vyssi',
      by: 'cli',
    });
  });

  it('marks what left the list gone, brings it back when listed again, and prunes it after the keeping time', async () => {
    const { store } = storeFor();
    await store.see(1, item(30), at(0), 'poll');
    await store.see(1, item(31), at(0), 'poll');

    expect(await store.markGone(1, new Set([31]), at(10))).toEqual([30]);
    expect(await store.get(1, 30)).toMatchObject({ available: false, goneAt: at(10).toISOString() });
    expect(await store.prune(1, at(11))).toEqual([]);

    await store.see(1, item(31), at(20), 'poll');
    expect(await store.markGone(1, new Set([31]), at(21))).toEqual([]);
    expect(await store.prune(1, new Date(at(10).getTime() + KEEP_GONE_MS + 1))).toEqual([30]);
    expect((await store.list(1)).map((r) => r.demandId)).toEqual([31]);
  });

  it('keeps at most the newest MAX_DEMANDS_PER_BLOG per blog', async () => {
    const { store, prefix } = storeFor();
    for (let id = 1; id <= MAX_DEMANDS_PER_BLOG + 3; id += 1) await store.see(1, item(id), at(id), 'poll');

    const ids = (await store.list(1)).map((r) => r.demandId);
    expect(ids).toHaveLength(MAX_DEMANDS_PER_BLOG);
    expect(ids[0]).toBe(MAX_DEMANDS_PER_BLOG + 3);
    expect(ids).not.toContain(3);
    expect(await redis.exists(demandKeys(prefix, 1).record(1))).toBe(0);
  });

  it('claims each demand for a notice once, also for two callers at once', async () => {
    const { store } = storeFor();
    for (const id of [40, 41, 42]) await store.see(1, item(id), at(0), 'poll');

    const [a, b] = await Promise.all([
      store.claimNotice(1, [40, 41], at(1)),
      store.claimNotice(1, [41, 42], at(1)),
    ]);

    expect([...a, ...b].sort()).toEqual([40, 41, 42]);
    expect(await store.claimNotice(1, [40, 41, 42], at(2))).toEqual([]);
  });

  it('declines every available demand without an offer; a stored part that does not read is left out', async () => {
    const { store, prefix } = storeFor();
    await store.see(1, item(50), at(0), 'poll');
    await store.see(1, item(51), at(0), 'poll');
    await store.markOffered(1, 51, {
      at: at(1).toISOString(),
      reward: 1000,
      dealId: 9,
      state: 'nabidnuto',
      by: 'page',
    });
    await redis.hset(demandKeys(prefix, 1).record(51), 'verdict', '{not json');

    expect(await store.markDeclined(1, at(2))).toEqual([50]);
    const offered = await store.get(1, 51);
    expect(offered?.verdict).toBeUndefined();
    expect(offered?.offer?.dealId).toBe(9);
  });
});
