import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDailyCap } from '../../../src/demands/daily-cap.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const ZONE = 'Europe/Prague';

describe('src/demands/daily-cap.ts', () => {
  let redis: Redis;
  const prefixes: string[] = [];
  const capFor = () => {
    const prefix = randomPrefix();
    prefixes.push(prefix);
    return createDailyCap(redis, prefix, ZONE);
  };
  beforeAll(() => {
    redis = createTestRedis();
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('grants no more than maxPerDay to two daemons reserving at once', async () => {
    const cap = capFor();
    const at = new Date('2026-12-01T10:00:00Z');
    const limits = { maxPerDay: 3, maxKcPerDay: 1_000_000 };

    const answers = await Promise.all(Array.from({ length: 20 }, () => cap.reserve(1, 500, limits, at)));

    expect(answers.filter((a) => a.ok)).toHaveLength(3);
    expect(await cap.used(1, at)).toEqual({ day: '2026-12-01', count: 3, kc: 1500 });
  });

  it('stops at maxKcPerDay, gives a released slot back, and counts per blog', async () => {
    const cap = capFor();
    const at = new Date('2026-12-01T10:00:00Z');
    const limits = { maxPerDay: 10, maxKcPerDay: 2500 };

    const a = await cap.reserve(1, 1000, limits, at);
    const b = await cap.reserve(1, 1000, limits, at);
    const c = await cap.reserve(1, 1000, limits, at);
    const other = await cap.reserve(2, 1000, limits, at);
    if (b.ok) await b.release();
    const d = await cap.reserve(1, 1000, limits, at);

    expect([a.ok, b.ok, c.ok, other.ok, d.ok]).toEqual([true, true, false, true, true]);
    expect(c).toMatchObject({ ok: false, reason: 'kc' });
    expect(await cap.used(1, at)).toMatchObject({ count: 2, kc: 2000 });
  });

  it('counts by the day in Prague: 23:30 UTC on 1 December is already 2 December there', async () => {
    const cap = capFor();
    const limits = { maxPerDay: 1, maxKcPerDay: 10_000 };

    const late = await cap.reserve(1, 100, limits, new Date('2026-12-01T23:30:00Z'));
    const sameDayThere = await cap.reserve(1, 100, limits, new Date('2026-12-02T08:00:00Z'));
    const dayBefore = await cap.reserve(1, 100, limits, new Date('2026-12-01T20:00:00Z'));

    expect([late.day, sameDayThere.day, dayBefore.day]).toEqual(['2026-12-02', '2026-12-02', '2026-12-01']);
    expect([late.ok, sameDayThere.ok, dayBefore.ok]).toEqual([true, false, true]);
  });
});
