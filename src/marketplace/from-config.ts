/**
 * The one marketplace client built from a configuration, for the daemon (src/main.ts), the CLI (src/cli.ts) and
 * the operator commands (src/commands/context.ts): the shared rate-limit budget in Redis, the timeout, the
 * longest pause the marketplace can impose (the limiter and the client share it) and the zone of the service's
 * date-times. The daemon's extras (transient retries, `onResponse` for metrics and the service clock) are
 * options.
 */
import type { Redis } from 'ioredis';
import type { Config } from '../config/schema.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from './api.js';
import { createMarketplaceClient } from './client.js';
import type { MarketplaceClientOptions } from './client-options.js';
import { createRateLimiter, type RateLimiter, rateLimitKey } from './rate-limit.js';

export interface ClientFromConfigOptions
  extends Partial<Pick<MarketplaceClientOptions, 'transientRetries' | 'onResponse' | 'fetch'>> {
  /** Holds the rate-limit budget shared by every process using the same API key. */
  redis: Redis;
  log: Logger;
}

export function marketplaceClientFromConfig(
  config: Pick<Config, 'marketplace' | 'redis'>,
  options: ClientFromConfigOptions,
): { client: MarketplaceClient; limiter: RateLimiter } {
  const { redis, log, ...extras } = options;
  const maxPauseMs = config.marketplace.maxPauseSeconds * 1000;
  const limiter = createRateLimiter({
    redis,
    key: rateLimitKey(config.redis.prefix, config.marketplace.apiKey),
    limit: config.marketplace.requestsPerMinute,
    windowMs: config.marketplace.rateLimitWindowMs,
    maxPauseMs,
    log,
  });
  const client = createMarketplaceClient({
    baseUrl: config.marketplace.baseUrl,
    apiKey: config.marketplace.apiKey,
    timeoutMs: config.marketplace.timeoutMs,
    timeZone: config.marketplace.timeZone,
    maxPauseMs,
    limiter,
    log,
    ...(extras.transientRetries !== undefined ? { transientRetries: extras.transientRetries } : {}),
    ...(extras.onResponse ? { onResponse: extras.onResponse } : {}),
    ...(extras.fetch ? { fetch: extras.fetch } : {}),
  });
  return { client, limiter };
}
