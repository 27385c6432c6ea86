import { Redis, type RedisOptions } from 'ioredis';
import { configIssue } from '../config/issues.js';
import { ConfigError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { RedisOutage } from './outage.js';

/**
 * What a client is for decides how it behaves while Redis is away:
 * - `worker`: BullMQ workers and queue-events block and must retry forever (`maxRetriesPerRequest: null`).
 * - `producer`: the webhook's enqueue must fail fast so the request can answer 503 (the marketplace retries);
 *   no offline queue, short connect and command timeouts.
 * - `store`: the deal store used by workers, CLI and status page: a few retries, then an error.
 */
export type RedisRole = 'worker' | 'producer' | 'store';

/** ioredis' options minus `replyMapping`, whose `| undefined` the constructor refuses under exactOptionalPropertyTypes. */
export type RedisClientOptions = Omit<RedisOptions, 'replyMapping'>;

/** Parses `redis://[user:pass@]host[:port][/db]`, `rediss://…` (TLS) or `unix:///path/to.sock`. */
export function parseRedisUrl(url: string): RedisClientOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    const said = { key: 'config.redis.not_url', params: { url: JSON.stringify(url) } };
    throw new ConfigError([configIssue('redis.url', said)]);
  }
  const options: RedisClientOptions = {};
  if (parsed.protocol === 'unix:') {
    options.path = decodeURIComponent(parsed.pathname);
    return options;
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    const said = { key: 'config.redis.scheme', params: { found: parsed.protocol } };
    throw new ConfigError([configIssue('redis.url', said)]);
  }
  options.host = parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1';
  options.port = parsed.port ? Number(parsed.port) : 6379;
  if (parsed.username) options.username = decodeURIComponent(parsed.username);
  if (parsed.password) options.password = decodeURIComponent(parsed.password);
  const db = parsed.pathname.replace(/^\//, '');
  if (db) {
    const n = Number(db);
    if (!Number.isInteger(n) || n < 0) {
      throw new ConfigError([configIssue('redis.url', { key: 'config.redis.db', params: { db } })]);
    }
    options.db = n;
  }
  if (parsed.protocol === 'rediss:') options.tls = {};
  return options;
}

const ROLE_OPTIONS: Record<RedisRole, RedisClientOptions> = {
  worker: { maxRetriesPerRequest: null, enableReadyCheck: true },
  producer: {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: (times) => Math.min(250 * times, 2_000),
  },
  store: {
    // Commands issued in the same tick (concurrent deliveries, a deal's record and log writes) go out in one
    // write. Only on this role: BullMQ's connections keep plain pipelines (autopipelining is not supported there).
    enableAutoPipelining: true,
    maxRetriesPerRequest: 3,
    connectTimeout: 5_000,
    retryStrategy: (times) => Math.min(250 * times, 2_000),
  },
};

/**
 * A new ioredis client for one role. The caller owns it and calls `quit()`/`disconnect()` when done.
 * Connection errors never reach ioredis' "unhandled error" console output: with an `outage` (the daemon's
 * clients share one, ./outage.ts) they are said once per outage; without one (a command, which reports its own
 * failure) they are debug lines.
 */
export function createRedisClient(
  url: string,
  role: RedisRole,
  options: { log?: Logger; outage?: RedisOutage; extra?: RedisClientOptions } = {},
): Redis {
  const redisOptions: RedisClientOptions = {
    ...parseRedisUrl(url),
    ...ROLE_OPTIONS[role],
    connectionName: `pressbridge-${role}`,
    ...options.extra,
  };
  const client = new Redis(redisOptions);
  const { outage, log } = options;
  client.on('error', (error: Error) => {
    if (outage) outage.lost(error);
    else log?.debug({ role, err: error.message }, 'redis connection error');
  });
  if (outage) client.on('ready', () => outage.back());
  return client;
}

/** Closes a client politely, falling back to a hard disconnect when Redis does not answer. */
export async function closeRedisClient(client: Redis, timeoutMs = 1_000): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.quit().then(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          client.disconnect();
          resolve();
        }, timeoutMs);
      }),
    ]);
  } catch {
    client.disconnect();
  } finally {
    clearTimeout(timer);
  }
}
