import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { ConfigError } from '../../../src/errors.js';
import { createLogger } from '../../../src/logger.js';
import { startDaemon } from '../../../src/main.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';

const marketplace = { baseUrl: 'http://127.0.0.1:9', apiKey: 'window-test-key' };

describe('marketplace.rateLimitWindowMs', () => {
  let redis: Redis;
  let dataDir: string;
  const prefix = randomPrefix();

  beforeAll(() => {
    redis = createTestRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'pb-window-'));
  });

  afterAll(async () => {
    await deleteKeys(redis, prefix);
    await redis.quit();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the marketplace minute unless set', () => {
    expect(parseConfig({ marketplace }, {}).marketplace.rateLimitWindowMs).toBe(60_000);
    expect(
      parseConfig({ marketplace: { ...marketplace, rateLimitWindowMs: 6_000 } }, {}).marketplace
        .rateLimitWindowMs,
    ).toBe(6_000);
  });

  it.each([0, 999, 1.5, '6000'])('refuses %j', (value) => {
    expect(() => parseConfig({ marketplace: { ...marketplace, rateLimitWindowMs: value } }, {})).toThrow(
      ConfigError,
    );
  });

  it("is the window of the daemon's limiter", async () => {
    // 3 requests per 2 s: after three grants the next slot frees when the first leaves the 2 s window (+ the
    // limiter's 100 ms margin), not after a minute.
    const config = parseConfig(
      {
        marketplace: { ...marketplace, requestsPerMinute: 3, rateLimitWindowMs: 2_000 },
        redis: { url: TEST_REDIS_URL, prefix },
        reconcile: { enabled: false },
        dataDir,
        blogs: [],
      },
      {},
    );
    const daemon = await startDaemon({
      config,
      log: createLogger({ level: 'silent' }),
      webhook: false,
      worker: false,
      status: false,
    });
    try {
      const before = Date.now();
      for (let i = 0; i < 3; i++) await daemon.limiter.acquire();
      const snapshot = await daemon.limiter.snapshot();
      expect(snapshot).toMatchObject({ limit: 3, remaining: 0 });
      const after = Date.now();
      const freesInMs = snapshot.resetAt.getTime() - before;
      expect(freesInMs).toBeGreaterThan(1_900);
      // The oldest slot was granted by now at the latest, so it leaves the 2 s window (+ margin) from here on.
      expect(snapshot.resetAt.getTime()).toBeLessThanOrEqual(after + 2_100 + 10);
    } finally {
      await daemon.close();
    }
  });
});
