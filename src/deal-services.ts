/**
 * The deal store with its events and subscribers, built alike for the daemon, the CLI and the demo (which runs
 * the daemon), so a write has the same effects wherever it is made: an operator's "mark as handled" from the CLI
 * resolves the deal's notifications exactly as from the status page.
 *
 * Subscribers (src/deals/events.ts), in this order: metrics (when given), the article watcher's enrolment (when
 * `watch.enabled`), notifications (state changes raise and resolve problems).
 *
 * Two catch-ups remain, each for a crash between a committed write and its effect (a subscriber runs after the
 * write, in the writing process, so a process killed in between loses the effect):
 * - the watcher's start-up catch-up (src/watch/index.ts `catchUp`) enrols handed-in deals that are not
 *   scheduled (also those handed in while `watch.enabled` was off);
 * - the notify monitor (src/notify/sources/monitor.ts) resolves a deal's problems once the record says it is
 *   done. Its time-based checks (deadline at risk, approval waiting) are not a catch-up: no write causes them.
 */
import type { Redis } from 'ioredis';
import type { Config } from './config/schema.js';
import { configSecrets } from './daemon/secrets.js';
import type { DealStore } from './deals/record.js';
import { createDealStore } from './deals/store.js';
import type { Logger } from './logger.js';
import { type Metrics, subscribeMetrics } from './metrics.js';
import { createDispatcher, noopDispatcher } from './notify/dispatcher.js';
import { createNotifications, type Notifications } from './notify/index.js';
import type { Dispatcher } from './notify/types.js';
import type { TargetSource } from './status/targets.js';
import { watchEnrolment } from './watch/index.js';

export interface DealServicesOptions {
  /** A `store` client (src/redis/client.ts); owned by the caller. */
  redis: Redis;
  log: Logger;
  /** Where notifications go; default: the configured channels (`notify.channels`), or nowhere without any. */
  dispatcher?: Dispatcher;
  /** The blogs' publishers, for the notifications' site checks (the daemon's). */
  publishers?: TargetSource;
  /** Counts step durations and final states (the daemon's /metrics). */
  metrics?: Metrics;
  /**
   * A short-lived command (the CLI): its dispatcher sends what this process raises and resolves, but leaves
   * messages deferred to later (quiet hours, retries) to the daemon's dispatcher. Default false.
   */
  command?: boolean;
}

export interface DealServices {
  /** The store, unscoped: hand each part of the program its own view (`store.as('operator')`, …). */
  readonly store: DealStore;
  readonly notifications: Notifications;
  readonly dispatcher: Dispatcher;
  /** `notify.channels` are configured (the status page then lists the recent notifications). */
  readonly notifying: boolean;
}

export function createDealServices(config: Readonly<Config>, options: DealServicesOptions): DealServices {
  const { redis, log } = options;
  const prefix = config.redis.prefix;
  const secrets = () => configSecrets(config);
  const notifying = config.notify.channels.length > 0;
  const dispatcher: Dispatcher =
    options.dispatcher ??
    (notifying
      ? createDispatcher({
          settings: config.notify,
          redis,
          prefix,
          log,
          language: config.ui.language,
          timeZone: config.ui.timeZone,
          secrets,
          ...(options.command ? { tickMs: 0 } : {}),
        })
      : noopDispatcher);
  const notifications = createNotifications({
    config,
    redis,
    prefix,
    log,
    dispatcher,
    ...(options.publishers ? { publishers: options.publishers } : {}),
    secrets,
  });
  const store = createDealStore({ redis, prefix, log });
  if (options.metrics) subscribeMetrics(store.events, options.metrics);
  if (config.watch.enabled) {
    store.events.onChanged(watchEnrolment({ redis, prefix, settings: config.watch, log }));
  }
  notifications.attach(store);
  return { store, notifications, dispatcher, notifying };
}
