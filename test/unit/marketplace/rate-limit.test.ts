import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import type { RequestPriority } from '../../../src/marketplace/api.js';
import {
  createRateLimiter,
  defaultSafetyMargin,
  type RateLimiter,
  rateLimitKey,
} from '../../../src/marketplace/rate-limit.js';
import { fixedClock } from '../../helpers/clock.js';
import { until } from '../../helpers/until.js';

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

/** The window the limiter counts in: WINDOW_MS plus its safety margin. */
const EFFECTIVE_WINDOW_MS = WINDOW_MS + defaultSafetyMargin(WINDOW_MS);

/** A wait the limiter computed and logged ('rate limit: waiting for a slot'), once per waiting acquire. */
interface Wait {
  priority: RequestPriority;
  waitMs: number;
  reason: 'window' | 'ceiling' | 'penalty';
}

/** A debug logger that keeps the limiter's computed waits. */
function waitLog(): { log: ReturnType<typeof createLogger>; waits: Wait[] } {
  const waits: Wait[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        const entry = JSON.parse(line) as Wait & { msg: string };
        if (entry.msg === 'rate limit: waiting for a slot') {
          waits.push({ priority: entry.priority, waitMs: entry.waitMs, reason: entry.reason });
        }
      }
      done();
    },
  });
  return { log: createLogger({ level: 'debug', destination }), waits };
}

function limiter(
  key: string,
  redis = redisA,
  extra: { lowPriorityReserve?: number; log?: ReturnType<typeof createLogger> } = {},
): RateLimiter {
  return createRateLimiter({ redis, key, limit: LIMIT, windowMs: WINDOW_MS, ...extra });
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
    const { log, waits } = waitLog();
    const l = limiter(newKey(), redisA, { log });
    const started = Date.now();

    // Act
    await acquireMany(l, LIMIT);
    const burstWaits = [...waits];
    const afterBurst = await l.snapshot();
    await l.acquire();
    const waitedMs = Date.now() - started;

    // Assert: the burst waited for nothing and filled the window; the next one waited for the oldest slot,
    // no longer than the window.
    expect(burstWaits).toEqual([]);
    expect(afterBurst.remaining).toBe(0);
    expect(waitedMs).toBeGreaterThanOrEqual(WINDOW_MS - 20);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatchObject({ priority: 'normal', reason: 'window' });
    expect(waits[0]?.waitMs).toBeGreaterThan(0);
    expect(waits[0]?.waitMs).toBeLessThanOrEqual(EFFECTIVE_WINDOW_MS);
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
    const { log, waits } = waitLog();
    const l = limiter(newKey(), redisA, { lowPriorityReserve: 0.2, log });
    await acquireMany(l, 8, 'low');

    // Act
    const ninthLow = l.acquire('low');
    const lowWait = await until(
      () => waits.find((w) => w.priority === 'low'),
      5_000,
      'the low acquire waiting',
    );
    await l.acquire('high');
    await l.acquire('normal');

    // Assert: only the low one waited (for the window), high and normal were granted from the reserve.
    expect(lowWait.reason).toBe('window');
    expect(waits.filter((w) => w.priority !== 'low')).toEqual([]);
    expect((await l.snapshot()).remaining).toBe(0);
    await ninthLow; // granted once the window moves on
  });

  it('follows the server when it counts more than we sent (another client of the key)', async () => {
    // Arrange
    const { log, waits } = waitLog();
    const l = limiter(newKey(), redisA, { log });
    await l.acquire();

    // Act: we think 9 remain; the server says 2 until its reset
    await l.observe(headers(2, 10_000), 200);
    const snapshot = await l.snapshot();
    await acquireMany(l, 2);
    const waitsForTwo = [...waits];
    const third = l.acquire();

    // Assert: the two the server allows go at once; the third waits for the server's count, not ours.
    expect(snapshot.remaining).toBe(2);
    expect(waitsForTwo).toEqual([]);
    const wait = await until(() => waits[0], 5_000, 'the third acquire waiting');
    expect(wait).toMatchObject({ priority: 'normal', reason: 'ceiling' });
    await third; // the ceiling lasts at most one window
  });

  it.each([
    { after: 0, level: 20, msg: /sent before this process started \(the setup's, for one\)/ },
    { after: EFFECTIVE_WINDOW_MS, level: 30, msg: /another client of the key\?/ },
  ])(
    'a server count above ours $after ms after the start is logged at level $level',
    async ({ after, level, msg }) => {
      // Arrange: the limiter starts now; its clock is then moved on by `after`.
      const lines: Array<{ level: number; msg: string }> = [];
      const destination = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
          done();
        },
      });
      let now = new Date();
      const l = createRateLimiter({
        redis: redisA,
        key: newKey(),
        limit: LIMIT,
        windowMs: WINDOW_MS,
        log: createLogger({ level: 'debug', destination }),
        clock: fixedClock(() => now),
      });
      await l.acquire();
      now = new Date(now.getTime() + after);

      // Act: requests the limiter never granted (the setup's, before it existed) are in the server's count.
      await l.observe(headers(2, 10_000), 200);

      // Assert: followed either way; only a surplus seen after a whole window suggests another client.
      expect((await l.snapshot()).remaining).toBe(2);
      const surplus = lines.filter((line) => /the marketplace (also )?counts/.test(line.msg));
      expect(surplus).toEqual([expect.objectContaining({ level, msg: expect.stringMatching(msg) })]);
    },
  );

  it('ignores a server count that is not below ours', async () => {
    // Arrange
    const { log, waits } = waitLog();
    const l = limiter(newKey(), redisA, { log });
    await acquireMany(l, 3);

    // Act
    await l.observe(headers(7, 10_000), 200);
    await l.observe(new Headers({ 'X-RateLimit-Remaining': 'lots' }), 200);

    // Assert: the seven left are granted without waiting.
    expect((await l.snapshot()).remaining).toBe(7);
    await acquireMany(l, 7);
    expect(waits).toEqual([]);
  });

  it('penalize stops every acquire until Retry-After has passed', async () => {
    // Arrange
    const { log, waits } = waitLog();
    const l = limiter(newKey());
    const other = limiter(keys[0] ?? '', redisB, { log });
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
    // It waited for the penalty, no longer.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatchObject({ priority: 'high', reason: 'penalty' });
    expect(waits[0]?.waitMs).toBeLessThanOrEqual(300);
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
    const { log, waits } = waitLog();
    const a = limiter(key, redisA, { log });
    const b = limiter(key, redisB, { log });

    // Act
    await acquireMany(a, 6);
    await acquireMany(b, 4);
    const waitsForTen = [...waits];
    const eleventh = b.acquire();

    // Assert: ten go at once across both; the eleventh waits for the shared window.
    expect(waitsForTen).toEqual([]);
    const wait = await until(() => waits[0], 5_000, 'the eleventh acquire waiting');
    expect(wait.reason).toBe('window');
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
    // Exactly when the oldest slot (scored by the Redis clock) leaves the window.
    const [, oldest] = await redisA.zrange(`${keys[0]}:log`, '0', '0', 'WITHSCORES');
    expect(snapshot.resetAt.getTime()).toBe(Number(oldest) + EFFECTIVE_WINDOW_MS);
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
