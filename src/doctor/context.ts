/**
 * What doctor's checks read of an installation: an opened command context (src/command-context.ts) is one; each
 * group of checks takes only the part it reads, so a test hands it just that.
 */
import type { Redis } from 'ioredis';
import type { Config } from '../config/schema.js';
import type { Translator } from '../i18n/index.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type { Publishers } from '../publisher/registry.js';

export interface DoctorContext {
  config: Readonly<Config>;
  /** The language the checks are said in (the config's `ui.language`). */
  t: Translator;
  /** The Redis it talks to: `redis.url`, or the embedded server a pressbridge runs for the data folder. */
  redisUrl: string;
  redis: Redis;
  client: MarketplaceClient;
  /** The configured blogs' publishers (their plugins are loaded on the first call). */
  publishers(): Promise<Publishers>;
}
