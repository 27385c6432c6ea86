import type { Redis } from 'ioredis';
import { createRedisClient } from './client.js';

/** Redis' `INFO` text as `field → value` (section headers and blank lines dropped). */
export function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1).trim();
  }
  return out;
}

/** What pressbridge needs to know of a Redis: whether it keeps the queue safe, and where its settings live. */
export interface RedisFacts {
  version: string;
  /** AOF on now (`aof_enabled:1`). */
  aof: boolean;
  maxmemoryPolicy: string;
  /** The redis.conf it was started with; undefined when it runs without one (settings on the command line). */
  configFile: string | undefined;
}

export async function readRedisFacts(redis: Redis): Promise<RedisFacts> {
  const info = parseInfo(await redis.info());
  return {
    version: info.redis_version ?? '?',
    aof: info.aof_enabled === '1',
    maxmemoryPolicy: info.maxmemory_policy ?? 'unknown',
    configFile: info.config_file || undefined,
  };
}

/**
 * Runs `work` on a short-lived connection to `url`; undefined when nothing answers there within `timeoutMs`
 * (an error of `work` itself is thrown). For one-off looks at a Redis pressbridge does not run on.
 */
export async function withRedisAt<T>(
  url: string,
  work: (redis: Redis) => Promise<T>,
  timeoutMs = 2_000,
): Promise<T | undefined> {
  const redis = createRedisClient(url, 'producer', {
    extra: {
      lazyConnect: true,
      connectTimeout: timeoutMs,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
    },
  });
  try {
    try {
      await redis.connect();
    } catch {
      return undefined;
    }
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}
