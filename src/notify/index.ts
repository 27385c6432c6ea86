/**
 * Notifications for the daemon (src/main.ts): the notifier (./notifier.ts) and every source that raises and
 * resolves through it, scheduled together:
 *
 * - the deal events (state changes: failed, missed, cleared, services; ./sources/deal-states.ts), subscribed
 *   by `attach`;
 * - every minute: the deals monitor (deadline at risk, approval waiting), the marketplace's health and the digest;
 * - every `siteCheckMinutes`: the blogs' sites;
 * - hooks for the marketplace client (`onResponse`), the webhook receiver (`claim.created`, `message.created`)
 *   and reconciliation (`onFound`).
 *
 * The delivery side (channels, quiet hours, rate limits) is the `Dispatcher` passed in; `stop()` closes it last.
 */
import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import type { Config } from '../config/schema.js';
import { lookKey } from '../deals/look-token.js';
import type { DealStore } from '../deals/record.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import type { ResponseInfo } from '../marketplace/client-options.js';
import type { AnyEvent } from '../marketplace/schema.js';
import { outageLevel } from '../redis/outage.js';
import { createTargetsProbe, type TargetSource } from '../status/targets.js';
import { createNotifier } from './notifier.js';
import { dealStateNotifications } from './sources/deal-states.js';
import { createDigestSchedule } from './sources/digest.js';
import { createIntakeWatch, type IntakeSource } from './sources/intake.js';
import { createMarketplaceWatch } from './sources/marketplace.js';
import { createDealMonitor, type DealMonitor } from './sources/monitor.js';
import { createSiteWatch } from './sources/sites.js';
import { createWebhookEventSource } from './sources/webhook-events.js';
import type { Dispatcher, Notifier } from './types.js';

export interface NotificationsOptions {
  config: Pick<Config, 'notify' | 'ui' | 'marketplace'>;
  redis: Redis;
  prefix: string;
  log: Logger;
  dispatcher: Dispatcher;
  /** The blogs' publishers, for the site checks (src/publisher/registry.ts `Publishers` fits). */
  publishers?: TargetSource;
  /** Secret values no message may contain (src/daemon/secrets.ts `configSecrets`). */
  secrets?: () => readonly string[];
  clock?: Clock;
}

export interface Notifications {
  readonly notifier: Notifier;
  /**
   * Subscribes to the store's deal events (state changes notify) and reads deals through it (the monitor, the
   * digest, the webhook events). Called once, by src/deal-services.ts.
   */
  attach(store: DealStore): void;
  /** The poll intake this process runs: its door is judged every minute and by `checkIntake`. */
  attachIntake(source: IntakeSource): void;
  /** Judges the intake now (after each poll). Never throws. */
  checkIntake(): Promise<void>;
  /** For the marketplace client's `onResponse`. */
  onMarketplaceResponse(info: ResponseInfo): void;
  /** For the daemon's `eventHandlers`. */
  onEvent(event: AnyEvent, dealId: number | undefined): Promise<void>;
  /** For the reconciler's `onFound`. */
  onReconcileFound(dealIds: readonly number[]): Promise<void>;
  /** Starts the timers (unref'd); `statusUrl` is the status page's root, when this process serves one. */
  start(options?: { statusUrl?: string | undefined }): void;
  /** One round of the minute's checks (and the site checks when `sites`); for tests. Never throws. */
  tick(options?: { sites?: boolean }): Promise<void>;
  /** Stops the timers, waits for a running round, closes the dispatcher. */
  stop(): Promise<void>;
}

const MINUTE = 60_000;
const STOP_WAIT_MS = 5_000;

export function createNotifications(options: NotificationsOptions): Notifications {
  const { config, redis, prefix, log, dispatcher } = options;
  const settings = config.notify.events;
  // One zone for the blogger (ui.timeZone); the digest's hour may name its own.
  const digestZone = settings.digest.timeZone ?? config.ui.timeZone;
  const clock = options.clock ?? systemClock;
  let statusUrl: string | undefined;
  const notifier = createNotifier({
    dispatcher,
    redis,
    prefix,
    language: config.ui.language,
    log,
    statusUrl: () => statusUrl,
    timeZone: config.ui.timeZone,
    serviceTimeZone: config.marketplace.timeZone,
    ...(options.secrets ? { secrets: options.secrets } : {}),
    off: settings.off,
    clock,
  });
  const marketplace = createMarketplaceWatch({
    notifier,
    downMinutes: settings.marketplaceDownMinutes,
    clock,
  });
  const sites = options.publishers
    ? createSiteWatch({
        probe: createTargetsProbe(options.publishers, { clock, language: config.ui.language }),
        notifier,
        downMinutes: settings.siteDownMinutes,
        clock,
      })
    : undefined;
  const webhookEvents = (store: Pick<DealStore, 'get'>) => createWebhookEventSource({ notifier, store, log });
  let store: DealStore | undefined;
  let monitor: DealMonitor | undefined;
  let digest: ReturnType<typeof createDigestSchedule> | undefined;
  let onEvent: ((event: AnyEvent, dealId: number | undefined) => Promise<void>) | undefined;
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> = Promise.resolve();
  let lastSiteCheck = Number.NEGATIVE_INFINITY;
  let intake: { check(): Promise<void> } | undefined;

  async function guarded(name: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      log[outageLevel(error)]({ check: name, err: errorMessage(error) }, 'notification check failed');
    }
  }

  async function round(withSites: boolean): Promise<void> {
    if (monitor) await guarded('deals', () => monitor?.check() ?? Promise.resolve());
    await guarded('marketplace', () => marketplace.check());
    if (intake) await guarded('intake', () => intake?.check() ?? Promise.resolve());
    if (digest) await guarded('digest', () => digest?.check() ?? Promise.resolve());
    if (withSites && sites) await guarded('sites', () => sites.check());
  }

  const tick = (tickOptions: { sites?: boolean } = {}): Promise<void> => {
    running = running.then(() => round(tickOptions.sites ?? false));
    return running;
  };

  return {
    notifier,
    attach(dealStore) {
      store = dealStore;
      const key = config.marketplace.apiKey ? lookKey(config.marketplace.apiKey) : undefined;
      store.events.onChanged(dealStateNotifications({ notifier, redis, prefix, log, clock, lookKey: key }));
      monitor = createDealMonitor({
        store,
        notifier,
        redis,
        prefix,
        deadlineAtRiskMinutes: settings.deadlineAtRiskMinutes,
        approvalWaitingMinutes: settings.approvalWaitingMinutes,
        clock,
      });
      if (settings.digest.enabled) {
        digest = createDigestSchedule({
          store,
          notifier,
          hour: settings.digest.hour,
          timeZone: digestZone,
          redis,
          prefix,
          clock,
        });
      }
      onEvent = webhookEvents(store);
    },
    attachIntake(source) {
      intake = createIntakeWatch({ notifier, redis, prefix, source, clock });
    },
    async checkIntake() {
      if (intake) await guarded('intake', () => intake?.check() ?? Promise.resolve());
    },
    onMarketplaceResponse: (info) => marketplace.observe(info),
    async onEvent(event, dealId) {
      await (onEvent ?? webhookEvents({ get: async () => undefined }))(event, dealId);
    },
    async onReconcileFound(dealIds) {
      await notifier.raise({ topic: 'reconcile_found', dealIds });
    },
    start(startOptions = {}) {
      statusUrl = startOptions.statusUrl;
      let busy = false;
      const minute = (): void => {
        // A slow round (a site that times out) is not stacked on by the next minute.
        if (busy) return;
        busy = true;
        const at = clock.now().getTime();
        const withSites = at - lastSiteCheck >= settings.siteCheckMinutes * MINUTE;
        if (withSites) lastSiteCheck = at;
        void tick({ sites: withSites }).finally(() => {
          busy = false;
        });
      };
      minute();
      const timer = setInterval(minute, MINUTE);
      timer.unref();
      timers.push(timer);
    },
    tick,
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      // A round stuck on a dead site or Redis does not hold the shutdown longer than this.
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([running, marketplace.settled()]),
        new Promise<void>((resolve) => {
          bound = setTimeout(resolve, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(bound);
      await dispatcher.close().catch((error: unknown) => {
        log.warn({ err: errorMessage(error) }, 'notification dispatcher did not close cleanly');
      });
    },
  };
}
