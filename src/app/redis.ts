/** The daemon's Redis: the embedded server when configured so, and one client per role (src/redis/client.ts). */
import type { Redis } from 'ioredis';
import type { Config } from '../config/schema.js';
import type { Logger } from '../logger.js';
import { closeRedisClient, createRedisClient } from '../redis/client.js';
import { ensureEmbeddedRedis } from '../redis/embedded.js';
import { createRedisOutage, type RedisOutage } from '../redis/outage.js';
import type { ServiceList } from './shutdown.js';

export interface DaemonRedis {
  /** The URL the clients use (the embedded server's, when it runs). */
  url: string;
  /** The deal store, the limiter, notifications, the status page. */
  store: Redis;
  /** The webhook's enqueue: fails fast. */
  producer: Redis;
  /** BullMQ's worker: retries forever. */
  worker: Redis;
  /** Said once when Redis is out of reach, once when it is back (src/redis/outage.ts). */
  outage: RedisOutage;
}

/** Starts what Redis needs and connects; each is added to `services`, so `stopAll` closes it. */
export async function connectRedis(
  config: Pick<Config, 'redis' | 'dataDir'>,
  log: Logger,
  services: ServiceList,
): Promise<DaemonRedis> {
  const { url, embedded: embed } = config.redis;
  const embedded = await ensureEmbeddedRedis({ url, embedded: embed, dataDir: config.dataDir, log });
  services.add('embedded redis', embedded);
  const used = embedded?.url ?? url;
  const outage = createRedisOutage({ url: used, log, embedded });
  const store = createRedisClient(used, 'store', { log, outage });
  const producer = createRedisClient(used, 'producer', { log, outage });
  const worker = createRedisClient(used, 'worker', { log, outage });
  const clients = [store, producer, worker];
  services.add('redis', { stop: () => Promise.all(clients.map((client) => closeRedisClient(client))) });
  return { url: used, store, producer, worker, outage };
}
