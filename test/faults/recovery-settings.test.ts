/**
 * The settings the crash and outage scenarios rely on, checked where they are made:
 * - the deal worker's stalled-job recovery brings a killed worker's job back within a minute;
 * - the daemon's marketplace client absorbs a momentary 5xx inside the call (repeatable requests only).
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealStore } from '../../src/deals/store.js';
import { createSilentLogger } from '../../src/logger.js';
import type { MarketplaceClient } from '../../src/marketplace/api.js';
import { createMarketplaceClient } from '../../src/marketplace/client.js';
import { createRateLimiter } from '../../src/marketplace/rate-limit.js';
import { createDealRunner } from '../../src/pipeline/runner.js';
import {
  createDealWorker,
  DEFAULT_LOCK_DURATION_MS,
  DEFAULT_STALLED_INTERVAL_MS,
} from '../../src/queue/worker.js';
import { closeRedisClient, createRedisClient } from '../../src/redis/client.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { fetchDealProcessor } from '../helpers/fetch-processor.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';

const log = createSilentLogger();

describe('recovery settings', () => {
  let redis: Redis;
  let sandbox: Sandbox;
  const prefix = randomPrefix();

  beforeAll(async () => {
    redis = createRedisClient(TEST_REDIS_URL, 'store');
    sandbox = await createSandbox({ rateLimit: { limit: 600, windowMs: 60_000 } });
  });

  afterAll(async () => {
    await sandbox?.close();
    await deleteKeys(redis, prefix);
    await closeRedisClient(redis);
  });

  it("a killed worker's job is back in the queue within a minute (lock + one stalled check)", async () => {
    const worker = createDealWorker({
      connection: { url: TEST_REDIS_URL },
      prefix,
      concurrency: 1,
      log,
      autorun: false,
      runner: createDealRunner({
        client: {} as MarketplaceClient,
        store: createDealStore({ redis, prefix }),
        log,
        process: fetchDealProcessor,
      }),
    });
    try {
      const { lockDuration, stalledInterval, maxStalledCount } = worker.worker.opts;
      expect([lockDuration, stalledInterval]).toEqual([
        DEFAULT_LOCK_DURATION_MS,
        DEFAULT_STALLED_INTERVAL_MS,
      ]);
      // The lock runs out at most lockDuration after the kill; the next check, at most stalledInterval later,
      // moves the job back (it was marked at the check before, after its last lock renewal).
      expect((lockDuration ?? Number.POSITIVE_INFINITY) + (stalledInterval ?? 0)).toBeLessThanOrEqual(60_000);
      // Renewed every lockDuration / 2: a busy event loop has 15 s before a live job is taken for dead.
      expect(lockDuration).toBeGreaterThanOrEqual(20_000);
      // A deal that crashes its worker again and again is failed, not retried forever.
      expect(maxStalledCount).toBe(2);
    } finally {
      await worker.close();
    }
  });

  describe('the marketplace client with transient retries', () => {
    const client = (transientRetries: number, market: Sandbox = sandbox) =>
      createMarketplaceClient({
        baseUrl: market.url,
        apiKey: market.apiKey,
        limiter: createRateLimiter({ redis, key: `${prefix}:limit`, limit: 600, windowMs: 60_000, log }),
        log,
        transientRetries,
        transientBackoffMs: 10,
      });

    it('a GET that meets two 500s succeeds on the third try', async () => {
      const deal = await sandbox.createDeal({ deliver: false });
      sandbox.resetStats();
      sandbox.setFailureMode({ serverErrorNext: 2 });
      await expect(client(2).getDeal(deal.id)).resolves.toMatchObject({ id: deal.id });
      expect(
        sandbox
          .stats()
          .requests.map((r) => [r.status, r.count])
          .sort(),
      ).toEqual([
        [200, 1],
        [500, 2],
      ]);
    });

    it('a third 500 reaches the caller as a retryable error', async () => {
      const deal = await sandbox.createDeal({ deliver: false });
      sandbox.setFailureMode({ serverErrorNext: 3 });
      await expect(client(2).getDeal(deal.id)).rejects.toMatchObject({ status: 500, retryable: true });
      sandbox.setFailureMode({});
    });

    it('the hand-in (an Idempotency-Key write) is repeated too, and taken once', async () => {
      const market = await createSandbox({ checkReachability: false });
      try {
        const deal = await market.createDeal({ deliver: false });
        market.setFailureMode({ serverErrorNext: 1 });
        const handIn = await client(2, market).handInArticle(deal.id, {
          url: `http://127.0.0.1/clanek-${deal.id}`,
        });
        expect(handIn).toMatchObject({ id: deal.id, state: 'ke_schvaleni' });
        expect(
          market
            .stats()
            .requests.map((r) => [r.status, r.count])
            .sort(),
        ).toEqual([
          [200, 1],
          [500, 1],
        ]);
        expect(market.handIns().map((h) => h.dealId)).toEqual([deal.id]);
      } finally {
        await market.close();
      }
    });

    it('without transient retries (the default) the first 500 reaches the caller', async () => {
      const deal = await sandbox.createDeal({ deliver: false });
      sandbox.setFailureMode({ serverErrorNext: 1 });
      await expect(client(0).getDeal(deal.id)).rejects.toMatchObject({ status: 500 });
      sandbox.setFailureMode({});
    });
  });
});
