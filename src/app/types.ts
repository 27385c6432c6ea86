/** What `startDaemon` (src/main.ts) takes and gives. */
import type { Redis } from 'ioredis';
import type { Config } from '../config/schema.js';
import type { DealStore } from '../deals/record.js';
import type { DemandServices } from '../demands/services.js';
import type { EvidenceServices } from '../evidence/services.js';
import type { Poller } from '../intake/poller.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type { RateLimiter } from '../marketplace/rate-limit.js';
import type { Metrics } from '../metrics.js';
import type { PayoutPoller } from '../money/poller.js';
import type { Notifications } from '../notify/index.js';
import type { Dispatcher } from '../notify/types.js';
import type { DealProcessor } from '../pipeline/port.js';
import type { DealRunnerOptions } from '../pipeline/runner.js';
import type { PluginRegistry, Publishers } from '../publisher/registry.js';
import type { DealJobSettings } from '../queue/jobs.js';
import type { DealProducer } from '../queue/producer.js';
import type { DealWorkerOptions } from '../queue/worker.js';
import type { Reconciler } from '../reconcile/index.js';
import type { RenderPool } from '../render/pool.js';
import type { RulesReader } from '../rules/reader.js';
import type { Readiness } from './http.js';
import type { DaemonRedis } from './redis.js';

export interface DaemonOptions {
  config: Readonly<Config>;
  /**
   * The file `config` was loaded from (`--config`, PRESSBRIDGE_CONFIG or the installation's pressbridge.yaml:
   * src/config/paths.ts `findConfigPath`). The status page's Rules page writes into it and the rules reader
   * (src/rules/reader.ts) reads it again when it changes; absent: the rules are shown, not edited.
   */
  configPath?: string | undefined;
  log: Logger;
  /**
   * The webhook listener: `true` listens whatever the intake; `false` never; absent (`pressbridge start`):
   * while the intake takes webhooks (src/intake/mode.ts; a webhook registered later starts it after the next
   * poll), and always in a process without a worker (a webhook-only process).
   */
  webhook?: boolean;
  /** Run the deal worker (default true). */
  worker?: boolean;
  /** Serve the status page, /metrics and the health routes on `status.listen` (default true). */
  status?: boolean;
  /** Run the reconciliation sweep, at start-up and every `reconcile.intervalMinutes` (default: the config's
   * `reconcile.enabled`; only in a process that runs the worker). */
  reconcile?: boolean;
  /** The work done per deal; default: the publishing pipeline over the configured blogs' publishers. */
  process?: DealProcessor;
  /** Publisher plugins by name (default: every plugin of this build). */
  plugins?: PluginRegistry;
  /** Where notifications go (src/notify/types.ts); default: the configured channels. */
  dispatcher?: Dispatcher;
  /** Poll intake tuning for tests: how long a poll's lease lasts unrenewed (default 60 s). */
  intakeOptions?: { lockMs?: number };
  /** Worker tuning for tests and the demo (approval retry interval, lock duration, …). */
  workerOptions?: Partial<
    Pick<DealWorkerOptions, 'lockDurationMs' | 'stalledIntervalMs' | 'closeTimeoutMs'> &
      Pick<DealRunnerOptions, 'approvalRetryMs' | 'approvalGraceMs'>
  >;
}

export interface Daemon {
  /**
   * Where the webhook listener accepts deliveries (e.g. `http://127.0.0.1:8080/webhook`); undefined while it
   * does not listen (poll mode).
   */
  readonly webhookUrl: string | undefined;
  /** The status page, when this process serves it. */
  readonly statusUrl: string | undefined;
  readonly store: DealStore;
  readonly client: MarketplaceClient;
  readonly limiter: RateLimiter;
  readonly producer: DealProducer;
  readonly redis: Redis;
  readonly metrics: Metrics;
  readonly publishers: Publishers;
  /** The reconciliation sweep, when this process runs it. */
  readonly reconciler: Reconciler | undefined;
  /** The poll intake, when this process runs it (src/intake/). */
  readonly poller: Poller | undefined;
  /** Delivers notifications to the configured channels (a no-op without `notify.channels`). */
  readonly dispatcher: Dispatcher;

  /** The payout overview poller (src/money/), when this process runs it. */
  readonly payoutPoller: PayoutPoller | undefined;
  /** Redis answers and, when this process runs one, the worker is running. */
  ready(): Promise<Readiness>;
  close(): Promise<void>;
}

/** What the daemon built before its services: handed to the modules that construct them (./background.ts, …). */
export interface DaemonParts {
  options: DaemonOptions;
  redis: DaemonRedis;
  store: DealStore;
  client: MarketplaceClient;
  limiter: RateLimiter;
  producer: DealProducer;
  publishers: Publishers;
  notifications: Notifications;
  metrics: Metrics;
  jobSettings: DealJobSettings;
  /** The render threads of this process (the pipeline renders and the watcher reads pages there). */
  renderPool: RenderPool;
  /** `notify.channels` are configured (src/deal-services.ts). */
  notifying: boolean;
  /** The demand side (src/demands/), unless `demands.enabled` is off. */
  demands: DemandServices | undefined;
  /** The blogs' rules as they are now (src/rules/reader.ts): the demand intake, the last look, the Rules page. */
  rules: RulesReader;
  /** The article evidence on disk and its bundler (src/evidence/), unless `evidence.enabled` is off. */
  evidence: EvidenceServices | undefined;
}
