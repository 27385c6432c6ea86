/** Redis for the bench: one prefix per run (`pbbench-<time>-<random>`), one sub-prefix per benchmark, all removed. */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.PB_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function runPrefix(): string {
  return `pbbench-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

export function connect(): Redis {
  return new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
}

/** Deletes every key matching `pattern` (e.g. `pbbench-x-burst:*`); returns how many. */
export async function deletePattern(redis: Redis, pattern: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}
