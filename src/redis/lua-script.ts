import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run with EVALSHA (its 40-byte hash instead of its whole text on every call), falling back to
 * EVAL once when Redis has forgotten it (a restart, SCRIPT FLUSH), which also loads it again.
 */
export function luaScript(
  source: string,
): (redis: Redis, keys: readonly string[], args: readonly (string | number)[]) => Promise<unknown> {
  const sha = createHash('sha1').update(source).digest('hex');
  return async (redis, keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error;
      return await redis.eval(source, keys.length, ...keys, ...args);
    }
  };
}
