import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemandStore } from '../../../src/demands/store.js';
import {
  createDemandTally,
  createOfferAnswers,
  cutoffMonth,
  TALLY_MONTHS,
} from '../../../src/demands/tally.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const ZONE = 'Europe/Prague';

describe('src/demands/tally.ts', () => {
  let redis: Redis;
  const prefixes: string[] = [];
  const fresh = () => {
    const prefix = randomPrefix();
    prefixes.push(prefix);
    return { prefix, tally: createDemandTally(redis, prefix, ZONE) };
  };
  beforeAll(() => {
    redis = createTestRedis();
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it("counts by the month of the service's time zone, not UTC's", async () => {
    const { tally } = fresh();
    // 23:30 UTC on 31 January is 00:30 on 1 February in Prague.
    await tally.count('made', new Date('2026-01-31T23:30:00Z'));
    await tally.count('made', new Date('2026-01-31T22:30:00Z'));
    await tally.count('refused', new Date('2026-02-10T10:00:00Z'));
    await tally.seen(3000, 2, new Date('2026-02-10T10:00:00Z'));
    await tally.seen(1000, undefined, new Date('2026-02-10T10:00:00Z'));
    expect(await tally.read()).toEqual([
      { month: '2026-01', made: 1, accepted: 0, refused: 0, kc: 0, ns: 0 },
      { month: '2026-02', made: 1, accepted: 0, refused: 1, kc: 3000, ns: 2 },
    ]);
  });

  it(`keeps ${TALLY_MONTHS} months: a count drops the older ones`, async () => {
    const { tally, prefix } = fresh();
    await tally.count('made', new Date('2024-01-15T12:00:00Z'));
    await tally.count('made', new Date('2024-02-15T12:00:00Z'));
    expect(cutoffMonth('2026-01')).toBe('2024-02');
    await tally.count('accepted', new Date('2026-01-15T12:00:00Z'));
    expect((await tally.read()).map((m) => m.month)).toEqual(['2024-02', '2026-01']);
    expect(await redis.hlen(`${prefix}:demands:tally`)).toBe(2);
  });

  it("counts an offer's answer once, and only for a deal that is one of our offers", async () => {
    const { tally, prefix } = fresh();
    const store = createDemandStore(redis, prefix);
    const answers = createOfferAnswers({ store, tally, log: createSilentLogger() });
    const at = new Date('2026-03-02T10:00:00Z');
    await store.see(1, { id: 7, name: 'Sekačky', reward: 1500, ns: 1 }, at, 'poll');
    await store.markOffered(1, 7, {
      at: at.toISOString(),
      reward: 1500,
      dealId: 900,
      state: 'nabidnuto',
      by: 'page',
    });

    const input = { blogId: 1, demandId: 7, dealId: 900, at };
    expect(await answers.accepted({ ...input, dealId: 901 })).toBe(false);
    expect(await answers.accepted({ ...input, demandId: undefined })).toBe(false);
    expect(await answers.accepted(input)).toBe(true);
    expect(await answers.accepted(input)).toBe(false);
    // An answer is one: the deal accepted is not refused later.
    expect(await answers.refused(input)).toBe(false);
    expect(await answers.accepted({ ...input, demandId: 8 })).toBe(false);

    expect((await store.get(1, 7))?.answer).toEqual({ outcome: 'accepted', at: at.toISOString() });
    expect(await tally.read()).toEqual([
      { month: '2026-03', made: 0, accepted: 1, refused: 0, kc: 0, ns: 0 },
    ]);
  });
});
