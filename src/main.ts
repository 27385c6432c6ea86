/**
 * The composition root: config → logger → Redis clients → deal store, rate limiter, marketplace client,
 * producer → webhook listener → worker. `startDaemon` returns once everything listens; `close()` stops in the
 * reverse order (no new deliveries, running jobs finish or are released, Redis closed).
 *
 * The daemon starts even when Redis is down: the webhook listener then answers 503 (the marketplace delivers
 * again later) and the worker and clients reconnect on their own when Redis is back.
 */
import type { Server } from 'node:http';
import express from 'express';
import type { Redis } from 'ioredis';
import { createDealServices } from './app/deal-services.js';
import type { Config } from './config/schema.js';
import { closeServer, redisReachable, urlOf } from './daemon/net.js';
import { configSecrets } from './daemon/secrets.js';
import { createDeadlineCheck, readDeadlineFinding } from './deals/deadline-offset.js';
import type { DealStore } from './deals/store.js';
import { errorMessage } from './errors.js';
import { listenLimited } from './http-limits.js';
import type { Logger } from './logger.js';
import type { MarketplaceClient } from './marketplace/api.js';
import { marketplaceClientFromConfig } from './marketplace/from-config.js';
import type { RateLimiter } from './marketplace/rate-limit.js';
import type { AnyEvent } from './marketplace/schema.js';
import { createServiceClock } from './marketplace/service-clock.js';
import { createMetrics, type Metrics } from './metrics.js';
import { createDealPaidHandler } from './money/paid.js';
import { createPayoutPoller, type PayoutPoller } from './money/poller.js';
import { blogNamesOf, createEarningsReader } from './money/reader.js';
import { recentNotificationsReader } from './notify/dispatcher.js';
import type { Dispatcher, Notifier } from './notify/types.js';
import { createDealActions } from './operator/actions.js';
import { createPipelineProcessor } from './pipeline/index.js';
import type { DealProcessor } from './pipeline/port.js';
import { createDealRunner, type DealRunnerOptions } from './pipeline/runner.js';
import { knownPublishers, loadPlugins } from './publisher/plugins.js';
import { createPublishers, type PluginRegistry, type Publishers } from './publisher/registry.js';
import { jobSettingsOf } from './queue/jobs.js';
import { createDealProducer, type DealProducer } from './queue/producer.js';
import { createDealWorker, type DealWorker, type DealWorkerOptions } from './queue/worker.js';
import { createReconciler, type Reconciler, readLastSweep } from './reconcile/index.js';
import { closeRedisClient, createRedisClient } from './redis/client.js';
import { ensureEmbeddedRedis } from './redis/embedded.js';
import { closeRenderPool } from './render/pool.js';
import { createTargetsProbe, type StatusServer, startStatusServer } from './status/index.js';
import { VERSION } from './version.js';
import { type ArticleWatcher, createArticleWatcher } from './watch/index.js';
import { createWebhookRouter } from './webhook/receiver.js';
import { createSecretProvider } from './webhook/secret-file.js';

export { redisReachable } from './daemon/net.js';
export { configSecrets } from './daemon/secrets.js';
export { runUntilSignal } from './daemon/signals.js';

export interface DaemonOptions {
  config: Readonly<Config>;
  log: Logger;
  /** Serve the webhook listener (default true). */
  webhook?: boolean;
  /** Run the deal worker (default true). */
  worker?: boolean;
  /** Serve the status page and /metrics on `status.listen` (default true). */
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
  /** Worker tuning for tests and the demo (approval retry interval, lock duration, …). */
  workerOptions?: Partial<
    Pick<DealWorkerOptions, 'lockDurationMs' | 'stalledIntervalMs' | 'closeTimeoutMs'> &
      Pick<DealRunnerOptions, 'approvalRetryMs' | 'approvalGraceMs'>
  >;
}

export interface Daemon {
  /** Where the webhook listener accepts deliveries (e.g. `http://127.0.0.1:8080/webhook`). */
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
  /** Delivers notifications to the configured channels (a no-op without `notify.channels`). */
  readonly dispatcher: Dispatcher;

  /** The payout overview poller (src/money/), when this process runs it. */
  readonly payoutPoller: PayoutPoller | undefined;
  /** Redis answers and, when this process runs one, the worker is running. */
  ready(): Promise<{ ok: boolean; redis: boolean; worker: boolean | undefined }>;
  close(): Promise<void>;
}

export async function startDaemon(options: DaemonOptions): Promise<Daemon> {
  const { config, log } = options;
  const prefix = config.redis.prefix;
  // Before anything connects: a bad blog option stops start-up with the config's own readable messages.
  const publishers = options.plugins
    ? createPublishers(config, options.plugins, { log })
    : createPublishers(
        config,
        await loadPlugins(config.blogs.map((blog) => blog.publisher)),
        { log },
        knownPublishers(),
      );
  const embedded = await ensureEmbeddedRedis({
    url: config.redis.url,
    embedded: config.redis.embedded,
    dataDir: config.dataDir,
    log,
  });
  const redisUrl = embedded?.url ?? config.redis.url;
  const redis = createRedisClient(redisUrl, 'store', { log });
  const producerRedis = createRedisClient(redisUrl, 'producer', { log });
  const workerRedis = createRedisClient(redisUrl, 'worker', { log });

  const metrics = createMetrics();
  // The store, its events and subscribers (metrics, watch enrolment, notifications), as the CLI builds them.
  const { store, notifications, dispatcher, notifying } = createDealServices(config, {
    redis,
    log,
    metrics,
    publishers,
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  const serviceClock = createServiceClock();
  const { client, limiter } = marketplaceClientFromConfig(config, {
    redis,
    log,
    // A 5xx or a dropped connection is tried again twice (0.5 s, 1 s) before it costs a job attempt.
    transientRetries: 2,
    onResponse: (info) => {
      metrics.marketplaceResponse(info);
      serviceClock.observe(info);
      notifications.onMarketplaceResponse(info);
    },
  });
  const jobSettings = jobSettingsOf(config);
  const producer = createDealProducer({
    connection: producerRedis,
    prefix,
    store: store.as('queue'),
    log,
    settings: jobSettings,
    timeZone: config.marketplace.timeZone,
    onNewDeal: createDeadlineCheck({
      redis,
      prefix,
      store,
      log,
      timeZone: config.marketplace.timeZone,
      serviceSkewMs: () => serviceClock.skewMs(),
    }),
  });

  /** Tells the blogger (src/notify/): for sources outside src/notify/ (money, the article watcher). */
  const notifier: Notifier = notifications.notifier;
  /** Acts on webhook events other than deal.accepted, in order, after each is recorded (see the receiver). */
  const eventHandlers: Array<(event: AnyEvent, dealId: number | undefined) => Promise<void>> = [
    createDealPaidHandler({ store: store.as('webhook'), log }),
    notifications.onEvent,
  ];

  let server: Server | undefined;
  let worker: DealWorker | undefined;
  let status: StatusServer | undefined;
  let reconciler: Reconciler | undefined;
  let payoutPoller: PayoutPoller | undefined;

  let watcher: ArticleWatcher | undefined;
  metrics.setSources({
    queueCounts: () => producer.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'),
    rateLimit: () => limiter.snapshot(),
  });
  const ready = async () => {
    const redisUp = await redisReachable(redis);
    const workerUp = worker ? worker.worker.isRunning() : undefined;
    return { ok: redisUp && workerUp !== false, redis: redisUp, worker: workerUp };
  };
  const closeAll = async (): Promise<void> => {
    if (server) await closeServer(server);
    if (reconciler) await reconciler.stop();
    if (payoutPoller) await payoutPoller.stop();

    if (watcher) await watcher.stop();
    if (status) await status.close();
    if (worker) await worker.close();
    await notifications.stop();
    await producer
      .close()
      .catch((error: unknown) => log.warn({ err: errorMessage(error) }, 'queue close failed'));
    await dispatcher.close();
    await Promise.all([redis, producerRedis, workerRedis].map((client) => closeRedisClient(client)));
    await publishers.close();
    await closeRenderPool();
    await embedded?.stop();
  };

  try {
    if (options.webhook !== false) {
      const app = express();
      app.disable('x-powered-by');
      // Trusts no X-Forwarded-For: the webhook only logs req.ip (a rejected signature's sender), its guard is the
      // signature, and a logged address that any client could choose would mislead more than the proxy's own.
      app.set('trust proxy', false);
      // Liveness: the process answers. Readiness: it can take deals now (Redis up, worker running).
      app.get('/healthz', (_req, res) => {
        res.json({ ok: true, version: VERSION });
      });
      app.get('/readyz', async (_req, res) => {
        const state = await ready();
        res.status(state.ok ? 200 : 503).json(state);
      });
      app.use(
        createWebhookRouter({
          config: config.webhook,
          producer,
          store: store.as('webhook'),
          log,
          secrets: createSecretProvider(config, log),
          onOutcome: (event, outcome) => metrics.webhook(event, outcome),
          onEvent: async (event, dealId) => {
            for (const handle of eventHandlers) await handle(event, dealId);
          },
        }),
      );
      app.use((_req, res) => {
        res.status(404).json({ error: { code: 'not_found', message: 'not found' } });
      });
      server = await listenLimited(app, config.webhook.listen.host, config.webhook.listen.port);
    }
    if (options.worker !== false) {
      const { approvalRetryMs, approvalGraceMs, ...tuning } = options.workerOptions ?? {};
      worker = createDealWorker({
        connection: workerRedis,
        prefix,
        concurrency: config.worker.concurrency,
        log,
        runner: createDealRunner({
          process:
            options.process ??
            createPipelineProcessor({
              resolveBlog: (blogId) => publishers.get(blogId),
              settings: config.pipeline,
              render: config.render,
            }),
          client,
          store,
          log,
          approvalGraceMs: approvalGraceMs ?? config.pipeline.deadlineGraceMs,
          ...(approvalRetryMs !== undefined ? { approvalRetryMs } : {}),
          timeZone: config.marketplace.timeZone,
        }),
        ...tuning,
      });
      if (options.reconcile ?? config.reconcile.enabled) {
        reconciler = createReconciler({
          client,
          producer,
          store: store.as('reconcile'),
          redis,
          blogIds: config.blogs.map((b) => b.id),
          log,
          settings: config.reconcile,
          jobSettings,
          timeZone: config.marketplace.timeZone,
          onFound: notifications.onReconcileFound,
        });
      }
      if (config.money.enabled) {
        payoutPoller = createPayoutPoller({ client, redis, prefix, log, settings: config.money });
      }
      if (config.watch.enabled) {
        watcher = createArticleWatcher({
          store,
          redis,
          prefix,
          log,
          settings: config.watch,
          render: config.render,
          notifier,
        });
      }
    }
    if (options.status !== false) {
      const metricsRoute = express.Router();
      metricsRoute.get('/metrics', async (_req, res) => {
        const { contentType, body } = await metrics.render();
        res.type(contentType).send(body);
      });
      const secretFile = createSecretProvider(config, log);
      status = await startStatusServer(
        {
          store,
          queueCounts: () =>
            producer.queue.getJobCounts(
              'waiting',
              'prioritized',
              'waiting-children',
              'active',
              'delayed',
              'failed',
            ),
          rateLimit: () => limiter.snapshot(),
          redisReachable: () => redisReachable(redis),
          targets: createTargetsProbe(publishers),
          lastSweep: () => readLastSweep(redis, prefix),
          deadlineFinding: () => readDeadlineFinding(redis, prefix),
          ...(notifying ? { notifications: recentNotificationsReader(redis, prefix) } : {}),
          actions: createDealActions({
            store: store.as('operator'),
            queue: producer.queue,
            client,
            log,
            jobSettings,
            language: config.ui.language,
          }),
          password: config.status.password,
          trustProxy: config.status.trustProxy,
          blogs: config.blogs,
          secretValues: () => [...configSecrets(config), ...secretFile().map((entry) => entry.secret)],
          extraRoutes: metricsRoute,
          log,
          version: VERSION,
          language: config.ui.language,
          earnings: createEarningsReader({
            store,
            redis,
            prefix,
            timeZone: config.marketplace.timeZone,
            blogNames: blogNamesOf(config.blogs),
          }),
        },
        config.status.listen,
      );
    }
  } catch (error) {
    await closeAll();
    throw error;
  }

  const webhookUrl = server ? urlOf(server, config.webhook.path) : undefined;
  if (!(await redisReachable(redis, 2_000))) {
    log.error(
      { redis: redisUrl.replace(/\/\/[^@]*@/, '//***@') },
      'Redis is not reachable: webhooks are answered 503 (the marketplace delivers again) until it is back',
    );
  }
  log.info(
    {
      version: VERSION,
      webhook: webhookUrl,
      status: status?.url,
      worker: Boolean(worker),
      blogs: config.blogs.map((b) => b.id),
    },
    'pressbridge started',
  );
  // After start-up: the first sweep must not hold the daemon back (the marketplace or Redis may be down).
  reconciler?.start(config.reconcile.intervalMinutes * 60_000);
  notifications.start({ statusUrl: status?.url });

  payoutPoller?.start();

  watcher?.start();

  let closing: Promise<void> | undefined;
  return {
    webhookUrl,
    statusUrl: status?.url,
    store,
    client,
    limiter,
    producer,
    redis,
    metrics,
    publishers,
    reconciler,
    dispatcher,

    payoutPoller,
    ready,
    close() {
      closing ??= closeAll().then(() => log.info('pressbridge stopped'));
      return closing;
    },
  };
}
