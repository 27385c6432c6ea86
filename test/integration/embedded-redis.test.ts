import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../src/logger.js';
import { ensureEmbeddedRedis } from '../../src/redis/embedded.js';
import { TEST_REDIS_URL } from '../helpers/redis.js';
import { freePort } from '../helpers/redis-server.js';

describe('src/redis/embedded (integration, real redis-server)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-embedded-'));
  const log = createSilentLogger();
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('does nothing when embedding is off or the configured Redis answers', async () => {
    const dead = `redis://127.0.0.1:${await freePort()}`;
    expect(await ensureEmbeddedRedis({ url: dead, embedded: false, dataDir, log })).toBeUndefined();
    expect(await ensureEmbeddedRedis({ url: TEST_REDIS_URL, embedded: true, dataDir, log })).toBeUndefined();
  });

  it('starts one redis-server per data folder, with AOF on, and stops it', async () => {
    const dead = `redis://127.0.0.1:${await freePort()}`;
    const first = await ensureEmbeddedRedis({ url: dead, embedded: true, dataDir, log });
    expect(first?.owned).toBe(true);
    const client = new Redis(first?.url as string, { maxRetriesPerRequest: 1 });
    try {
      expect(await client.ping()).toBe('PONG');
      expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
      expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
      expect(await client.config('GET', 'bind')).toEqual(['bind', '127.0.0.1']);
    } finally {
      client.disconnect();
    }
    const second = await ensureEmbeddedRedis({ url: dead, embedded: true, dataDir, log });
    expect(second).toMatchObject({ url: first?.url, owned: false });
    await second?.stop();
    expect(existsSync(join(dataDir, 'redis', 'embedded.json'))).toBe(true);

    await first?.stop();
    expect(existsSync(join(dataDir, 'redis', 'embedded.json'))).toBe(false);
    const after = new Redis(first?.url as string, {
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    after.on('error', () => {});
    await expect(after.connect()).rejects.toThrow();
    after.disconnect();
  });

  it('says how to get a Redis when there is no redis-server to start', async () => {
    const dead = `redis://127.0.0.1:${await freePort()}`;
    await expect(
      ensureEmbeddedRedis({ url: dead, embedded: true, dataDir, log, command: 'no-such-redis-server' }),
    ).rejects.toThrow(/no redis-server on the PATH .*apt-get install redis-server.*redis\.url/);
  });
});
