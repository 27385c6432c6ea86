import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The machine's shared Redis; tests isolate themselves by key prefix. */
export const TEST_REDIS_URL = process.env.PB_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A prefix no other test file uses: `pbtest-<random>`. */
export function randomPrefix(): string {
  return `pbtest-${randomBytes(6).toString('hex')}`;
}

export function createTestRedis(options: { maxRetriesPerRequest?: number | null } = {}): Redis {
  const maxRetriesPerRequest = options.maxRetriesPerRequest === undefined ? 1 : options.maxRetriesPerRequest;
  return new Redis(TEST_REDIS_URL, { maxRetriesPerRequest });
}

/** Deletes every key under `prefix:` (store keys and BullMQ keys alike). */
export async function deleteKeys(redis: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}
