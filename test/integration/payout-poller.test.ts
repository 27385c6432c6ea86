/**
 * The payout overview poller against the sandbox marketplace over real HTTP, with the real client, the real
 * shared rate limiter and Redis, and an injected clock: at most one read per interval across processes and
 * restarts, at low priority, and a failed read that is harmless (logged, kept for the page, tried again at the
 * next interval, the stored overview and the deals untouched).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealStore } from '../../src/deals/store.js';
import { createTranslator } from '../../src/i18n/index.js';
import { createSilentLogger } from '../../src/logger.js';
import type { RequestPriority } from '../../src/marketplace/api.js';
import { createMarketplaceClient } from '../../src/marketplace/client.js';
import { createRateLimiter, type RateLimiter, rateLimitKey } from '../../src/marketplace/rate-limit.js';
import { moneyKeys, readOverview, readPollState } from '../../src/money/overview.js';
import { createPayoutPoller } from '../../src/money/poller.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { fixedClock } from '../helpers/clock.js';
import { foreignWords } from '../helpers/language.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

const MINUTE = 60_000;

describe('payout overview poller (integration)', () => {
  let sandbox: Sandbox;
  let redis: Redis;
  const prefix = randomPrefix();
  const priorities: Array<RequestPriority | undefined> = [];
  let limiter: RateLimiter;

  const payoutReads = (): number =>
    sandbox
      .stats()
      .requests.filter((r) => r.route === '/v1/payouts')
      .reduce((sum, r) => sum + r.count, 0);

  /** A poller as one process would run it, on the shared Redis and clock `now`. */
  const poller = (now: () => Date, settings = {}) =>
    createPayoutPoller({
      client: createMarketplaceClient({
        baseUrl: sandbox.url,
        apiKey: sandbox.apiKey,
        limiter,
        log: createSilentLogger(),
      }),
      redis,
      prefix,
      log: createSilentLogger(),
      settings,
      clock: fixedClock(now),
    });

  beforeAll(async () => {
    sandbox = await createSandbox({ rateLimit: { limit: 1_000, windowMs: 60_000 } });
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    const real = createRateLimiter({
      redis,
      key: rateLimitKey(prefix, sandbox.apiKey),
      limit: 60,
      windowMs: MINUTE,
    });
    limiter = {
      ...real,
      acquire: (priority, signal) => {
        priorities.push(priority);
        return real.acquire(priority, signal);
      },
    };
    await sandbox.createDeal({ reward: 1800, state: 'ke_schvaleni', deliver: false });
  });
  afterAll(async () => {
    await sandbox.close();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('reads at most once an hour, whichever process asks and across restarts, at low priority', async () => {
    const start = Date.parse('2026-11-23T10:00:00Z');
    let now = start;
    const clock = () => new Date(now);
    const first = poller(clock);
    const read = await first.runOnce();
    expect(read.status).toBe('read');
    expect(payoutReads()).toBe(1);
    const stored = await readOverview(redis, moneyKeys(prefix));
    expect(stored?.fetchedAt).toBe(new Date(start).toISOString());
    expect(stored?.overview.pending).toHaveLength(1);

    now = start + 30 * MINUTE;
    expect((await first.runOnce()).status).toBe('skipped');
    // Another process (or this one after a restart) at 59 minutes: still within the hour.
    now = start + 59 * MINUTE;
    expect((await poller(clock).runOnce()).status).toBe('skipped');
    expect(payoutReads()).toBe(1);

    now = start + 60 * MINUTE;
    const second = poller(clock);
    const [a, b] = await Promise.all([second.runOnce(), poller(clock).runOnce()]);
    expect([a.status, b.status].sort()).toEqual(['read', 'skipped']);
    expect(payoutReads()).toBe(2);
    expect(priorities).toEqual(['low', 'low']);
  });

  it('a failed read is logged and kept for the page, retried at the next interval, and touches no deal', async () => {
    const store = createDealStore({ redis, prefix });
    await store.createIfAbsent({
      dealId: 77,
      blogId: 1,
      receivedAt: '2026-11-23T09:00:00.000Z',
      deadline: '2026-11-23T10:00:00.000Z',
      state: 'handed_in',
    });
    const dealBefore = await store.get(77);
    const before = await readOverview(redis, moneyKeys(prefix));
    let now = Date.parse('2026-11-23T13:00:00Z');
    const clock = () => new Date(now);
    sandbox.setFailureMode({ serverErrorEvery: 1, routes: ['GET /v1/payouts'] });
    try {
      const failed = await poller(clock).runOnce();
      expect(failed.status).toBe('failed');
      expect(await readOverview(redis, moneyKeys(prefix))).toEqual(before);
      const poll = await readPollState(redis, moneyKeys(prefix));
      expect(poll.error?.message).toMatch(/500|server/i);
      // The Earnings page and `earnings` say it from its phrase: in Czech for a Czech blogger.
      expect(poll.error?.said).toMatchObject({ key: 'market.failed' });
      expect(failed.status === 'failed' && failed.said).toEqual(poll.error?.said);
      const czech = createTranslator('cs').say(poll.error?.said ?? '', poll.error?.message);
      expect(czech).toMatch(/^Tržiště: GET \/v1\/payouts selhalo: 5\d\d /);
      expect(foreignWords(czech, 'cs')).toEqual([]);
      expect(await store.get(77)).toEqual(dealBefore);
      // Not hammered: the next try waits for the next interval.
      now += 20 * MINUTE;
      expect((await poller(clock).runOnce()).status).toBe('skipped');
    } finally {
      sandbox.setFailureMode({});
    }
    now += 40 * MINUTE;
    const again = await poller(clock).runOnce();
    expect(again.status).toBe('read');
    expect((await readPollState(redis, moneyKeys(prefix))).error).toBeUndefined();
    expect((await readOverview(redis, moneyKeys(prefix)))?.fetchedAt).toBe(new Date(now).toISOString());
  });

  it('`force` (pressbridge earnings --refresh) reads at once; start() reads after its first delay, stop() ends it', async () => {
    const now = Date.parse('2026-11-23T14:01:00Z');
    const readsBefore = payoutReads();
    expect((await poller(() => new Date(now)).runOnce({ force: true })).status).toBe('read');
    expect(payoutReads()).toBe(readsBefore + 1);

    const later = Date.parse('2026-11-23T16:00:00Z');
    const running = poller(() => new Date(later), { firstReadDelaySeconds: 0 });
    running.start();
    try {
      await until(() => payoutReads() === readsBefore + 2, 10_000, 'the scheduled read');
    } finally {
      await running.stop();
    }
    expect(priorities.every((p) => p === 'low')).toBe(true);
  });

  it('refuses an interval under an hour', () => {
    expect(() => poller(() => new Date(), { intervalMinutes: 30 })).toThrow();
  });
});
