/**
 * The one lease of the background loops against the machine's Redis: busy, renewal per item, expiry mid-run and a
 * lease another process took, each seen by the work before its next item.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LeaseLostError, withLease } from '../../../src/redis/lease.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

describe('src/redis/lease', () => {
  let redis: Redis;
  let prefix: string;
  let key: string;

  beforeAll(() => {
    redis = createTestRedis();
  });

  beforeEach(() => {
    prefix = randomPrefix();
    key = `${prefix}:loop:lock`;
  });

  afterEach(async () => {
    await deleteKeys(redis, prefix);
  });

  afterAll(async () => {
    await redis.quit();
  });

  it('runs the work holding the key, then releases it', async () => {
    const run = await withLease(redis, key, 5_000, async () => {
      const ttl = await redis.pttl(key);
      return { held: (await redis.exists(key)) === 1, ttl };
    });
    expect(run.status).toBe('held');
    expect(run.status === 'held' && run.value.held).toBe(true);
    expect(run.status === 'held' && run.value.ttl).toBeGreaterThan(4_000);
    expect(await redis.exists(key)).toBe(0);
  });

  it('a second holder gets busy and does nothing', async () => {
    let secondRan = false;
    const first = await withLease(redis, key, 5_000, async () => {
      return await withLease(redis, key, 5_000, async () => {
        secondRan = true;
      });
    });
    expect(first).toEqual({ status: 'held', value: { status: 'busy' } });
    expect(secondRan).toBe(false);
    expect(await redis.exists(key)).toBe(0);
  });

  it('renewed per item, a run longer than the lease keeps it: every other try meanwhile is busy', async () => {
    const ms = 300;
    const done: number[] = [];
    const others: string[] = [];
    const startedAt = performance.now();
    const run = await withLease(redis, key, ms, async (lease) => {
      for (let item = 1; item <= 10; item++) {
        await lease.extend();
        const other = await withLease(redis, key, ms, async () => undefined);
        others.push(other.status);
        await delay(50);
        done.push(item);
      }
      return lease.signal.aborted;
    });
    expect(performance.now() - startedAt).toBeGreaterThan(ms);
    expect(run).toEqual({ status: 'held', value: false });
    expect(done).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(others)).toEqual(new Set(['busy']));
  });

  it('expiry mid-run: work that outlasts the lease without renewing notices and stops before the next item', async () => {
    const ms = 200;
    const done: number[] = [];
    let lostBeforeNext: boolean | undefined;
    const run = withLease(redis, key, ms, async (lease) => {
      for (const item of [1, 2, 3]) {
        if (item > 1) lostBeforeNext = lease.signal.aborted;
        await lease.extend();
        done.push(item);
        if (item === 1) await delay(ms * 2);
      }
    });
    await expect(run).rejects.toBeInstanceOf(LeaseLostError);
    expect(done).toEqual([1]);
    expect(lostBeforeNext).toBe(true);
    expect(await redis.exists(key)).toBe(0);
  });

  it('a lost lease (another process took the key) stops the run, and the other keeps its key', async () => {
    const done: number[] = [];
    let reason: unknown;
    const run = withLease(redis, key, 5_000, async (lease) => {
      lease.signal.addEventListener('abort', () => {
        reason = lease.signal.reason;
      });
      for (const item of [1, 2, 3]) {
        await lease.extend();
        done.push(item);
        // The key ran out and another process set it (here: at once).
        if (item === 1) await redis.set(key, 'another-process', 'PX', 5_000);
      }
    });
    await expect(run).rejects.toBeInstanceOf(LeaseLostError);
    expect(done).toEqual([1]);
    expect(reason).toBeInstanceOf(LeaseLostError);
    expect(await redis.get(key)).toBe('another-process');
  });

  it('its signal fires once the lease runs out here: a request in flight is abandoned', async () => {
    const ms = 150;
    const startedAt = performance.now();
    let reason: unknown;
    const run = withLease(redis, key, ms, async (lease) => {
      try {
        await delay(10_000, undefined, { signal: lease.signal });
      } finally {
        reason = lease.signal.reason;
      }
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(reason).toBeInstanceOf(LeaseLostError);
    const elapsed = performance.now() - startedAt;
    expect(elapsed).toBeGreaterThanOrEqual(ms - 20);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('work that throws releases the lease and the error comes through', async () => {
    const run = withLease(redis, key, 5_000, async () => {
      throw new Error('the work failed');
    });
    await expect(run).rejects.toThrow('the work failed');
    expect(await redis.exists(key)).toBe(0);
  });
});
