import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import {
  claimDue,
  enrol,
  maxJitterMs,
  nextCheckAt,
  phaseOf,
  scheduledAt,
  watchEnrolment,
} from '../../../src/watch/schedule.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const DAY = 24 * 3_600_000;
const T0 = Date.parse('2026-11-01T00:00:00.000Z');

describe('spread', () => {
  it('gives each deal its own phase, spread over the whole interval', () => {
    const phases = Array.from({ length: 2000 }, (_, i) => phaseOf(90_000 + i, DAY));
    // 24 hourly buckets: each holds some deals, none holds a crowd.
    const buckets = new Array<number>(24).fill(0);
    for (const phase of phases) {
      const hour = Math.floor(phase / 3_600_000);
      buckets[hour] = (buckets[hour] ?? 0) + 1;
    }
    expect(Math.min(...buckets)).toBeGreaterThan(40);
    expect(Math.max(...buckets)).toBeLessThan(130);
    expect(phaseOf(1234, DAY)).toBe(phaseOf(1234, DAY));
  });

  it('checks a deal about once an interval, at its own time of day plus jitter', () => {
    const id = 4242;
    const phase = phaseOf(id, DAY);
    let from = T0;
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const at = nextCheckAt(id, from, DAY, () => 0.999);
      times.push(at);
      // The check itself takes a while.
      from = at + 60_000;
    }
    for (const at of times) {
      const offset = (((at - phase) % DAY) + DAY) % DAY;
      expect(offset).toBeLessThanOrEqual(maxJitterMs(DAY));
    }
    for (let i = 1; i < times.length; i++) {
      const gap = (times[i] as number) - (times[i - 1] as number);
      expect(gap).toBeGreaterThan(DAY - maxJitterMs(DAY));
      expect(gap).toBeLessThan(DAY + maxJitterMs(DAY));
    }
  });

  it('puts the first check between half and one and a half intervals after the hand-in', () => {
    for (let id = 1; id < 200; id++) {
      const at = nextCheckAt(id, T0, DAY, () => 0);
      expect(at - T0).toBeGreaterThanOrEqual(DAY / 2);
      expect(at - T0).toBeLessThan(1.5 * DAY);
    }
  });
});

describe('the schedule in Redis', () => {
  const redis: Redis = createTestRedis();
  let prefix: string;
  beforeEach(async () => {
    prefix = randomPrefix();
  });
  afterAll(async () => {
    await deleteKeys(redis, 'pbtest-');
    redis.disconnect();
  });

  it('claims only what is due, earliest first, and leases it so a second claim gets nothing', async () => {
    await enrol(redis, prefix, 1, T0 + 3000);
    await enrol(redis, prefix, 2, T0 + 1000);
    await enrol(redis, prefix, 3, T0 + 9000);
    expect(await claimDue(redis, prefix, T0 + 5000, T0 + 60_000, 10)).toEqual([2, 1]);
    expect(await claimDue(redis, prefix, T0 + 5000, T0 + 60_000, 10)).toEqual([]);
    expect(await scheduledAt(redis, prefix, 1)).toBe(T0 + 60_000);
    // The lease runs out: a check that died is due again (equal times: in id order).
    expect(await claimDue(redis, prefix, T0 + 60_000, T0 + 120_000, 10)).toEqual([3, 1, 2]);
    expect(await claimDue(redis, prefix, T0 + 200_000, T0 + 300_000, 2)).toHaveLength(2);
  });

  it('keeps the first schedule when a deal is enrolled again', async () => {
    expect(await enrol(redis, prefix, 5, T0)).toBe(true);
    expect(await enrol(redis, prefix, 5, T0 + DAY)).toBe(false);
    expect(await scheduledAt(redis, prefix, 5)).toBe(T0);
  });

  it('enrols a deal when the store writes handed_in, and only then', async () => {
    const store: DealStore = createDealStore({ redis, prefix });
    store.events.onChanged(
      watchEnrolment({
        redis,
        prefix,
        settings: { intervalHours: 24 },
        log: pino({ level: 'silent' }),
        clock: { now: () => new Date(T0) },
      }),
    );
    await store.createIfAbsent({
      dealId: 9,
      blogId: 1,
      receivedAt: new Date(T0).toISOString(),
      deadline: new Date(T0).toISOString(),
    });
    await store.update(9, { state: 'publishing' });
    expect(await scheduledAt(redis, prefix, 9)).toBeUndefined();
    await store.update(9, { state: 'handed_in', url: 'https://blog.example/a' });
    // The first check comes firstCheckMinutes (10) after the hand-in: it records the article as handed in.
    expect(await scheduledAt(redis, prefix, 9)).toBe(T0 + 10 * 60_000);
    // A deal without a record is not enrolled (nothing was written).
    await store.update(10, { state: 'handed_in' });
    expect(await scheduledAt(redis, prefix, 10)).toBeUndefined();
  });

  it('enrols a paid deal whose unpaid watch ran out, at the weekly interval', async () => {
    const store: DealStore = createDealStore({ redis, prefix });
    store.events.onChanged(
      watchEnrolment({
        redis,
        prefix,
        settings: { intervalHours: 24, paidIntervalHours: 168 },
        log: pino({ level: 'silent' }),
        clock: { now: () => new Date(T0) },
      }),
    );
    await store.createIfAbsent({
      dealId: 11,
      blogId: 1,
      receivedAt: new Date(T0).toISOString(),
      deadline: new Date(T0).toISOString(),
    });
    await store.update(11, { data: { paid: { reward: 1, price: 2, at: new Date(T0).toISOString() } } });
    const at = (await scheduledAt(redis, prefix, 11)) as number;
    expect(at - T0).toBeGreaterThanOrEqual(3.5 * DAY);
    expect(at - T0).toBeLessThanOrEqual(7.5 * DAY);
  });
});
