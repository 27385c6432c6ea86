/**
 * What a short-lived process opens of an installation: the config, Redis, the rate-limited client, the store (with
 * the daemon's events and subscribers), the queue, the publishers. The operator commands run in one
 * (src/commands/context.ts `withContext`, which loads this module only when a command runs, not before), and so
 * does doctor's run at the end of the setup (src/doctor/).
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { loadConfig } from './config/load.js';
import type { Config } from './config/schema.js';
import { createDealServices } from './deal-services.js';
import type { DealStore } from './deals/record.js';
import { createDemandServices, type DemandServices } from './demands/services.js';
import { createTranslator, type Translator } from './i18n/index.js';
import { createLogger, type Logger } from './logger.js';
import type { MarketplaceClient } from './marketplace/api.js';
import { marketplaceClientFromConfig } from './marketplace/from-config.js';
import { knownPublishers, loadPlugins } from './publisher/plugins.js';
import { createPublishers, type PluginRegistry, type Publishers } from './publisher/registry.js';
import { type DEAL_JOB, DEAL_QUEUE, type DealJobPayload } from './queue/jobs.js';
import { closeRedisClient, createRedisClient } from './redis/client.js';
import { commandRedisUrl } from './redis/embedded.js';

export interface CommandContext {
  config: Readonly<Config>;
  /** The blogger's language (`ui.language`) for the command's messages. */
  t: Translator;
  log: Logger;
  /** The Redis it talks to: `redis.url`, or the embedded server a pressbridge runs for the data folder. */
  redisUrl: string;
  redis: Redis;
  client: MarketplaceClient;
  store: DealStore;
  queue: Queue<DealJobPayload, unknown, typeof DEAL_JOB>;
  /** The configured blogs' publishers (their plugins are loaded on the first call). */
  publishers(): Promise<Publishers>;
  /**
   * The demand side as the daemon builds it (src/demands/services.ts): the store and the one offer service;
   * undefined when the demand intake is off (`demands.enabled: false`). Nothing runs until a command calls it.
   */
  demands(): DemandServices | undefined;
  close(): Promise<void>;
}

export function openContext(
  options: {
    config?: string | undefined;
    plugins?: PluginRegistry;
    /** The marketplace client's fetch (doctor --live records the raw answers through it). */
    fetch?: typeof fetch;
  },
  env: NodeJS.ProcessEnv = process.env,
): CommandContext {
  // Reading deals needs no blog secret; building a publisher loads the config strictly again (below), so a
  // missing `{ env: NAME }` in a blog's options still fails there with its name.
  const config = loadConfig({ path: options.config, env, lenientBlogSecrets: true });
  const t = createTranslator(config.ui.language, config.ui.timeZone);
  // Commands print their own results; the library's log lines are for problems only.
  const log = createLogger({ level: 'warn', destination: process.stderr });
  const redisUrl = commandRedisUrl(config);
  const redis = createRedisClient(redisUrl, 'store', { log });
  const { client } = marketplaceClientFromConfig(config, {
    redis,
    log,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // The same store, events and subscribers as the daemon's: an operator action here notifies and enrols the
  // article watcher exactly as from the status page.
  const services = createDealServices(config, { redis, log, command: true });
  const store = services.store.as('operator');
  let queue: Queue<DealJobPayload, unknown, typeof DEAL_JOB> | undefined;
  let publishers: Promise<Publishers> | undefined;
  let demands: DemandServices | undefined;
  return {
    config,
    t,
    log,
    redisUrl,
    redis,
    client,
    store,
    get queue() {
      queue ??= new Queue(DEAL_QUEUE, { connection: redis, prefix: config.redis.prefix });
      return queue;
    },
    publishers() {
      publishers ??= Promise.resolve().then(() => {
        const strict = loadConfig({ path: options.config, env });
        return options.plugins
          ? createPublishers(strict, options.plugins, { log })
          : loadPlugins(strict.blogs.map((blog) => blog.publisher)).then((plugins) =>
              createPublishers(strict, plugins, { log }, knownPublishers()),
            );
      });
      return publishers;
    },
    demands() {
      if (!config.demands.enabled) return undefined;
      demands ??= createDemandServices(config, {
        redis,
        client,
        notifier: services.notifications.notifier,
        log,
      });
      return demands;
    },
    async close() {
      await (await publishers?.catch(() => undefined))?.close();
      await queue?.close();
      // Sends what this command raised or resolved before the connection goes.
      await services.notifications.stop();
      await closeRedisClient(redis);
    },
  };
}
