/**
 * The limiter's bounded waits against real Redis: a pause the marketplace asks for is capped, waited in slices
 * that look at Redis again, and remembered as asked for the snapshot (every process and the status page).
 */
import { Writable } from 'node:stream';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import {
  createRateLimiter,
  PAUSE_MEMORY_MAX_MS,
  type RateLimiter,
} from '../../../src/marketplace/rate-limit.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { until } from '../../helpers/until.js';

const DAY_MS = 86_400_000;
const CAP_MS = 300_000;

let redis: Redis;
let other: Redis;
let prefix: string;

/** The limiter's keys under this test's prefix. */
const keyOf = () => `${prefix}:ratelimit:test`;
const penaltyKey = () => `${keyOf()}:penalty`;
const pauseKey = () => `${keyOf()}:pause`;

/** A debug logger that counts the acquires that had to wait ('rate limit: waiting for a slot'). */
function waitCounter(): {
  log: ReturnType<typeof createLogger>;
  waits: Array<{ waitMs: number; reason: string }>;
} {
  const waits: Array<{ waitMs: number; reason: string }> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        const entry = JSON.parse(line) as { msg: string; waitMs: number; reason: string };
        if (entry.msg === 'rate limit: waiting for a slot')
          waits.push({ waitMs: entry.waitMs, reason: entry.reason });
      }
      done();
    },
  });
  return { log: createLogger({ level: 'debug', destination }), waits };
}

function limiter(
  options: { maxPauseMs?: number; waitSliceMs?: number; log?: ReturnType<typeof createLogger> } = {},
  connection = redis,
): RateLimiter {
  return createRateLimiter({ redis: connection, key: keyOf(), limit: 10, windowMs: 500, ...options });
}

/** 'granted' when the acquire resolves within `ms` (far beyond a slice, far below the pause), else 'waiting'. */
async function settlesWithin(acquiring: Promise<void>, ms: number): Promise<'granted' | 'waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'waiting'>((resolve) => {
    timer = setTimeout(() => resolve('waiting'), ms);
  });
  try {
    return await Promise.race([acquiring.then(() => 'granted' as const), bound]);
  } finally {
    clearTimeout(timer);
  }
}

describe('src/marketplace/rate-limit (bounded waits)', () => {
  beforeAll(() => {
    redis = createTestRedis();
    other = createTestRedis();
  });

  afterEach(async () => {
    await deleteKeys(redis, prefix);
  });

  afterAll(async () => {
    await redis.quit();
    await other.quit();
  });

  beforeEach(() => {
    prefix = randomPrefix();
  });

  it('Retry-After 86400 pauses every process at most the cap, and the snapshot tells what was asked', async () => {
    // Arrange
    const l = limiter();
    const [seconds] = await redis.time();
    const before = Number(seconds) * 1000;

    // Act
    await l.penalize(DAY_MS, { askedMs: DAY_MS, reason: 'retry_after' });
    const penaltyTtl = await redis.pttl(penaltyKey());
    const rememberedTtl = await redis.pttl(pauseKey());
    const snapshot = await limiter({}, other).snapshot();

    // Assert: the penalty is the cap, not a day; the ask is kept for as long as it would have lasted.
    expect(penaltyTtl).toBeGreaterThan(0);
    expect(penaltyTtl).toBeLessThanOrEqual(CAP_MS);
    expect(rememberedTtl).toBeGreaterThan(CAP_MS);
    expect(rememberedTtl).toBeLessThanOrEqual(DAY_MS);
    const { pause } = snapshot;
    expect(pause).toMatchObject({ askedMs: DAY_MS, cappedMs: CAP_MS, reason: 'retry_after' });
    const at = pause?.at.getTime() ?? Number.NaN;
    expect(at).toBeGreaterThanOrEqual(before);
    expect((pause?.until.getTime() ?? 0) - at).toBe(CAP_MS);
    expect(snapshot.remaining).toBe(0);
    expect(snapshot.resetAt.getTime() - at).toBeLessThanOrEqual(CAP_MS);
  });

  it('an ask beyond a day is remembered for a day; a reset-derived ask is named as such', async () => {
    // Arrange
    const l = limiter();

    // Act
    await l.penalize(7 * DAY_MS, { askedMs: 7 * DAY_MS, reason: 'reset' });
    const rememberedTtl = await redis.pttl(pauseKey());
    const { pause } = await l.snapshot();

    // Assert
    expect(rememberedTtl).toBeGreaterThan(DAY_MS - 60_000);
    expect(rememberedTtl).toBeLessThanOrEqual(PAUSE_MEMORY_MAX_MS);
    expect(pause).toMatchObject({ askedMs: 7 * DAY_MS, cappedMs: CAP_MS, reason: 'reset' });
  });

  it('a server reset far in the future makes a ceiling no longer than the cap', async () => {
    // Arrange: a cap below the window, so the window is not what bounds it
    const l = limiter({ maxPauseMs: 200 });
    await l.acquire();
    const resetInADay = String(Math.ceil((Date.now() + DAY_MS) / 1000));

    // Act: we think 9 remain; the server says none until tomorrow
    await l.observe(new Headers({ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': resetInADay }), 200);
    const ceilingTtl = await redis.pttl(`${keyOf()}:ceiling`);

    // Assert
    expect(ceilingTtl).toBeGreaterThan(0);
    expect(ceilingTtl).toBeLessThanOrEqual(200);
    expect(await settlesWithin(l.acquire(), 5_000)).toBe('granted');
  });

  it.each([
    ['deleted by an operator', (r: Redis) => r.del(penaltyKey())],
    ['shortened by another process', (r: Redis) => r.pexpire(penaltyKey(), 50)],
  ])('a pause %s in Redis ends the wait within a slice', async (_name, change) => {
    // Arrange: a pause of a minute, slices of 50 ms
    const { log, waits } = waitCounter();
    const l = limiter({ maxPauseMs: 60_000, waitSliceMs: 50, log });
    await l.penalize(60_000, { askedMs: DAY_MS, reason: 'retry_after' });
    const acquiring = l.acquire('high');
    await until(() => waits[0], 5_000, 'the acquire waiting for the penalty');

    // Act
    await change(other);
    const outcome = await settlesWithin(acquiring, 10_000);

    // Assert: granted long before the minute; the snapshot says the pause is over, and what was asked.
    expect(waits[0]).toMatchObject({ reason: 'penalty' });
    expect(waits[0]?.waitMs).toBeGreaterThan(50_000);
    expect(outcome).toBe('granted');
    const { pause } = await l.snapshot();
    expect(pause?.askedMs).toBe(DAY_MS);
    expect(pause?.until.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a penalty longer than the cap already in Redis (an older version, a larger cap) is cut to the cap', async () => {
    // Arrange
    const { log, waits } = waitCounter();
    await redis.set(penaltyKey(), '1', 'PX', DAY_MS);
    const l = limiter({ maxPauseMs: 200, log });

    // Act
    const outcome = await settlesWithin(l.acquire(), 10_000);

    // Assert
    expect(outcome).toBe('granted');
    expect(waits[0]).toMatchObject({ reason: 'penalty' });
    expect(waits[0]?.waitMs).toBeLessThanOrEqual(200);
  });

  it('a sliced wait is still abortable and takes no slot', async () => {
    // Arrange
    const { log, waits } = waitCounter();
    const l = limiter({ waitSliceMs: 50, log });
    await l.penalize(DAY_MS, { askedMs: DAY_MS, reason: 'retry_after' });
    const controller = new AbortController();
    const acquiring = l.acquire('normal', controller.signal);
    await until(() => waits[0], 5_000, 'the acquire waiting');

    // Act
    controller.abort(new Error('job cancelled'));

    // Assert
    await expect(acquiring).rejects.toThrow('job cancelled');
    expect(await redis.zcard(`${keyOf()}:log`)).toBe(0);
  });

  it.each([
    ['NaN', Number.NaN],
    ['negative', -5_000],
  ])(
    'a %s pause never throws and is the shortest pause (1 ms), remembered as asking for nothing',
    async (_name, ms) => {
      // Arrange
      const l = limiter();

      // Act
      await l.penalize(ms, { askedMs: ms, reason: 'retry_after' });
      const penaltyTtl = await redis.pttl(penaltyKey());
      const { pause } = await l.snapshot();

      // Assert: PTTL -2 means the 1 ms penalty already ended; its record lasts as long (1 ms), so may be gone too
      expect(penaltyTtl).toBeLessThanOrEqual(1);
      expect([undefined, 0]).toContain(pause?.askedMs);
    },
  );

  it.each([
    ['infinite', Number.POSITIVE_INFINITY],
    ['absurd (1e23)', 1e23],
  ])(
    'an %s pause never throws, waits the cap and is remembered as the last instant a date holds',
    async (_name, ms) => {
      // Arrange
      const l = limiter();

      // Act
      await l.penalize(ms, { askedMs: ms, reason: 'retry_after' });
      const penaltyTtl = await redis.pttl(penaltyKey());
      const { pause } = await l.snapshot();

      // Assert
      expect(penaltyTtl).toBeGreaterThan(0);
      expect(penaltyTtl).toBeLessThanOrEqual(CAP_MS);
      expect(pause).toMatchObject({ askedMs: 8.64e15, cappedMs: CAP_MS, reason: 'retry_after' });
    },
  );

  it('a shorter ask while a longer pause runs changes neither the pause nor its record', async () => {
    // Arrange
    const l = limiter();
    await l.penalize(DAY_MS, { askedMs: DAY_MS, reason: 'retry_after' });

    // Act
    await l.penalize(1_000, { askedMs: 1_000, reason: 'reset' });
    const penaltyTtl = await redis.pttl(penaltyKey());
    const { pause } = await l.snapshot();

    // Assert
    expect(penaltyTtl).toBeGreaterThan(1_000);
    expect(pause).toMatchObject({ askedMs: DAY_MS, cappedMs: CAP_MS, reason: 'retry_after' });
  });

  it('no pause is reported before any 429 named one, nor after a 429 without a readable header', async () => {
    // Arrange
    const l = limiter();

    // Act
    const before = await l.snapshot();
    await l.penalize(5_000);
    const after = await l.snapshot();

    // Assert
    expect(before.pause).toBeUndefined();
    expect(after.remaining).toBe(0);
    expect(after.pause).toBeUndefined();
  });

  it('a record not as the limiter writes it is no pause', async () => {
    // Arrange
    const l = limiter();
    await redis.hset(pauseKey(), { at: 'x', until: '1', asked: '1', capped: '1', reason: 'retry_after' });

    // Act
    const snapshot = await l.snapshot();

    // Assert
    expect(snapshot.pause).toBeUndefined();
  });

  it.each([
    [{ maxPauseMs: 0 }, 'maxPauseMs'],
    [{ maxPauseMs: Number.NaN }, 'maxPauseMs'],
    [{ waitSliceMs: 0 }, 'waitSliceMs'],
  ])('refuses %j', (options, name) => {
    expect(() => limiter(options)).toThrow(name);
  });
});
