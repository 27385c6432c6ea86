import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestPriority } from '../../../src/marketplace/api.js';
import { createRateLimiter, type RateLimiter, rateLimitKey } from '../../../src/marketplace/rate-limit.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const LIMIT = 10;
const WINDOW_MS = 500;

let redisA: Redis;
let redisB: Redis;
let keys: string[] = [];

function newKey(): string {
  const key = `pb-test:ratelimit:${randomUUID()}`;
  keys.push(key);
  return key;
}

function limiter(key: string, redis = redisA, extra: { lowPriorityReserve?: number } = {}): RateLimiter {
  return createRateLimiter({ redis, key, limit: LIMIT, windowMs: WINDOW_MS, ...extra });
}

/** Whether a promise settles within `ms` (used to show that an acquire is still waiting). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function acquireMany(l: RateLimiter, n: number, priority: RequestPriority = 'normal'): Promise<void> {
  await Promise.all(Array.from({ length: n }, () => l.acquire(priority)));
}

function headers(remaining: number, resetInMs: number): Headers {
  return new Headers({
    'X-RateLimit-Limit': String(LIMIT),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(Math.ceil((Date.now() + resetInMs) / 1000)),
  });
}

describe('src/marketplace/rate-limit', () => {
  beforeAll(() => {
    redisA = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    redisB = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  });

  afterEach(async () => {
    for (const key of keys) await redisA.del(`${key}:log`, `${key}:ceiling`, `${key}:penalty`);
    keys = [];
  });

  afterAll(async () => {
    await redisA.quit();
    await redisB.quit();
  });

  it('names the budget by a hash of the API key, never the key itself', () => {
    // Act
    const key = rateLimitKey('pressbridge', 'pk_live_secret');

    // Assert
    expect(key).toMatch(/^pressbridge:ratelimit:[0-9a-f]{12}$/);
    expect(key).not.toContain('pk_live_secret');
    expect(rateLimitKey('pressbridge', 'pk_live_secret')).toBe(key);
  });

  it('grants `limit` slots at once; the next one waits until the oldest slot leaves the window', async () => {
    // Arrange
    const l = limiter(newKey());
    const started = Date.now();

    // Act
    await acquireMany(l, LIMIT);
    const burstMs = Date.now() - started;
    await l.acquire();
    const waitedMs = Date.now() - started;

    // Assert
    expect(burstMs).toBeLessThan(WINDOW_MS / 2);
    expect(waitedMs).toBeGreaterThanOrEqual(WINDOW_MS - 20);
    expect(waitedMs).toBeLessThan(WINDOW_MS * 4);
  });

  it('never grants more than `limit` in any window under contention, and grants them all', async () => {
    // Arrange
    const l = limiter(newKey());
    const grants: number[] = [];

    // Act
    await Promise.all(
      Array.from({ length: 3 * LIMIT }, async () => {
        await l.acquire();
        grants.push(Date.now());
      }),
    );

    // Assert: sliding windows slightly shorter than the limiter's, to allow for local clock reading jitter
    grants.sort((a, b) => a - b);
    expect(grants).toHaveLength(3 * LIMIT);
    for (let i = 0; i < grants.length; i++) {
      const start = grants[i] ?? 0;
      const inWindow = grants.filter((t) => t >= start && t < start + WINDOW_MS - 30).length;
      expect(inWindow).toBeLessThanOrEqual(LIMIT);
    }
  });

  it('keeps the reserve for high and normal priority: low priority fills only limit * (1 - reserve)', async () => {
    // Arrange
    const l = limiter(newKey(), redisA, { lowPriorityReserve: 0.2 });
    await acquireMany(l, 8, 'low');

    // Act
    const ninthLow = l.acquire('low');
    const lowWaits = !(await settlesWithin(ninthLow, 100));
    const highStarted = Date.now();
    await l.acquire('high');
    await l.acquire('normal');
    const highMs = Date.now() - highStarted;

    // Assert
    expect(lowWaits).toBe(true);
    expect(highMs).toBeLessThan(100);
    expect((await l.snapshot()).remaining).toBe(0);
    await ninthLow; // granted once the window moves on
  });

  it('follows the server when it counts more than we sent (another client of the key)', async () => {
    // Arrange
    const l = limiter(newKey());
    await l.acquire();

    // Act: we think 9 remain; the server says 2 until its reset
    await l.observe(headers(2, 10_000), 200);
    const snapshot = await l.snapshot();
    await acquireMany(l, 2);
    const third = l.acquire();

    // Assert
    expect(snapshot.remaining).toBe(2);
    expect(await settlesWithin(third, 150)).toBe(false);
    await third; // the ceiling lasts at most one window
  });

  it('ignores a server count that is not below ours', async () => {
    // Arrange
    const l = limiter(newKey());
    await acquireMany(l, 3);

    // Act
    await l.observe(headers(7, 10_000), 200);
    await l.observe(new Headers({ 'X-RateLimit-Remaining': 'lots' }), 200);

    // Assert
    expect((await l.snapshot()).remaining).toBe(7);
    const started = Date.now();
    await acquireMany(l, 7);
    expect(Date.now() - started).toBeLessThan(WINDOW_MS / 2);
  });

  it('penalize stops every acquire until Retry-After has passed', async () => {
    // Arrange
    const l = limiter(newKey());
    const other = limiter(keys[0] ?? '', redisB);
    const started = Date.now();

    // Act
    await l.penalize(300);
    const during = await l.snapshot();
    await other.acquire('high');
    const waitedMs = Date.now() - started;

    // Assert
    expect(during.remaining).toBe(0);
    expect(during.resetAt.getTime()).toBeGreaterThan(started + 200);
    expect(waitedMs).toBeGreaterThanOrEqual(280);
    expect(waitedMs).toBeLessThan(2_000);
  });

  it('a shorter penalty never shortens a running one', async () => {
    // Arrange
    const l = limiter(newKey());
    await l.penalize(400);

    // Act
    await l.penalize(50);
    const started = Date.now();
    await l.acquire();

    // Assert
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('two instances on two connections share one budget', async () => {
    // Arrange
    const key = newKey();
    const a = limiter(key, redisA);
    const b = limiter(key, redisB);

    // Act
    await acquireMany(a, 6);
    await acquireMany(b, 4);
    const eleventh = b.acquire();

    // Assert
    expect(await settlesWithin(eleventh, 100)).toBe(false);
    expect((await a.snapshot()).remaining).toBe(0);
    await eleventh;
  });

  it('an aborted acquire rejects with the reason and takes no slot', async () => {
    // Arrange
    const l = limiter(newKey());
    await acquireMany(l, LIMIT);
    const controller = new AbortController();

    // Act
    const waiting = l.acquire('normal', controller.signal);
    controller.abort(new Error('job cancelled'));

    // Assert
    await expect(waiting).rejects.toThrow('job cancelled');
    const count = await redisA.zcard(`${keys[0]}:log`);
    expect(count).toBe(LIMIT);
  });

  it('snapshot tells how many remain and when the oldest slot frees', async () => {
    // Arrange
    const l = limiter(newKey());
    const before = Date.now();

    // Act
    await acquireMany(l, 3);
    const snapshot = await l.snapshot();

    // Assert
    expect(snapshot).toMatchObject({ limit: LIMIT, remaining: LIMIT - 3 });
    expect(snapshot.resetAt.getTime()).toBeGreaterThanOrEqual(before + WINDOW_MS - 20);
    expect(snapshot.resetAt.getTime()).toBeLessThan(before + WINDOW_MS * 2);
  });

  it('survives Redis forgetting its scripts', async () => {
    // Arrange
    const l = limiter(newKey());
    await l.acquire();

    // Act
    await redisA.script('FLUSH');
    await l.acquire();

    // Assert
    expect((await l.snapshot()).remaining).toBe(LIMIT - 2);
  });
});
