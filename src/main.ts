/**
 * The composition root: wiring only. config → publishers → Redis → the deal services (store, events,
 * subscribers) → marketplace client → producer → background services (worker, reconciliation, payouts, the
 * article watcher) → status page → webhook listener (only while the intake takes webhooks: ./app/webhook-listener.ts).
 * Each service joins one list right after it is constructed
 * (src/app/shutdown.ts): the background ones start once everything listens, and `close()` stops them all in the
 * reverse order (no new deliveries, timers, running jobs finish or are released, the queue, Redis).
 *
 * The daemon starts even when Redis is down: the webhook listener then answers 503 (the marketplace delivers
 * again later), `/readyz` 503, and the worker and clients reconnect on their own when Redis is back.
 *
 * Without a config, `startWithoutConfig` (below) serves the setup first and then starts the daemon the same way.
 */
import { startBackground } from './app/background.js';
import { createWebhook, healthRoutes, type Readiness } from './app/http.js';
import { publishersFor } from './app/publishers.js';
import { connectRedis } from './app/redis.js';
import { createServiceList } from './app/shutdown.js';
import { startStatusPage } from './app/status-page.js';
import type { Daemon, DaemonOptions, DaemonParts } from './app/types.js';
import { createWebhookListener } from './app/webhook-listener.js';
import { redisReachable } from './daemon/net.js';
import { runUntilSignal } from './daemon/signals.js';
import { createDealServices } from './deal-services.js';
import { createDeadlineCheck } from './deals/deadline-offset.js';
import { createRecycledIdCheck } from './deals/recycled-id.js';
import { createDemandServices, type DemandServices } from './demands/services.js';
import { errorMessage } from './errors.js';
import { lookEvidence } from './evidence/look.js';
import { createEvidenceServices } from './evidence/services.js';
import { processLanguage } from './i18n/process-language.js';
import { takesWebhooks } from './intake/mode.js';
import { createLogger, type Logger } from './logger.js';
import { marketplaceClientFromConfig } from './marketplace/from-config.js';
import { createServiceClock } from './marketplace/service-clock.js';
import { createMetrics } from './metrics.js';
import type { DealJobPayload } from './queue/jobs.js';
import { jobSettingsOf } from './queue/jobs.js';
import { createDealProducer, type DealProducerOptions } from './queue/producer.js';
import { createRenderPool } from './render/pool.js';
import { createRulesReader } from './rules/reader.js';
import { VERSION } from './version.js';

/**
 * The producer's once-per-deal hook: the deadline check, then, with the demand side on, a deal that is one of
 * our offers counted accepted (src/demands/tally.ts). Each failure is its own: the producer logs the first's.
 */
function onNewDeal(
  deadlineCheck: NonNullable<DealProducerOptions['onNewDeal']>,
  demands: Pick<DemandServices, 'answers'> | undefined,
  log: Logger,
): NonNullable<DealProducerOptions['onNewDeal']> {
  if (!demands) return deadlineCheck;
  return async (payload: DealJobPayload, reading) => {
    await demands.answers
      .accepted({
        blogId: payload.blogId,
        demandId: payload.event.demand?.id,
        dealId: payload.dealId,
        at: new Date(),
      })
      .catch((error: unknown) => {
        log.warn({ dealId: payload.dealId, err: errorMessage(error) }, 'offer answer not counted');
        return false;
      });
    await deadlineCheck(payload, reading);
  };
}

export async function startDaemon(options: DaemonOptions): Promise<Daemon> {
  const { config, log } = options;
  const { prefix } = config.redis;
  const { timeZone } = config.marketplace;
  const services = createServiceList(log);
  try {
    // Before anything connects: a bad blog option stops start-up with the config's own readable messages.
    const publishers = await publishersFor(config, options.plugins, log);
    services.add('publishers', { stop: () => publishers.close() });
    const renderPool = createRenderPool({ threads: config.render.threads });
    services.add('render pool', { stop: () => renderPool.close() });
    const redis = await connectRedis(config, log, services);

    const metrics = createMetrics();
    const dispatcher = options.dispatcher ? { dispatcher: options.dispatcher } : {};
    const deals = createDealServices(config, { redis: redis.store, log, metrics, publishers, ...dispatcher });
    const { store, notifications } = deals;
    services.add('dispatcher', { stop: () => deals.dispatcher.close() });
    const serviceClock = createServiceClock();
    const { client, limiter } = marketplaceClientFromConfig(config, {
      redis: redis.store,
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
    // Built wherever webhooks may arrive (a demand.created is recorded there); its rounds run beside the worker.
    // The blogs' rules as they are now: the Rules page edits the config file, and every reader sees it.
    const rules = createRulesReader({ configPath: options.configPath, blogs: config.blogs, log });
    const demands = config.demands.enabled
      ? createDemandServices(config, {
          redis: redis.store,
          client,
          notifier: notifications.notifier,
          log,
          rules,
        })
      : undefined;
    const serviceSkewMs = () => serviceClock.skewMs();
    const producer = createDealProducer({
      connection: redis.producer,
      prefix,
      store: store.as('queue'),
      log,
      settings: jobSettings,
      timeZone,
      onNewDeal: onNewDeal(
        createDeadlineCheck({ redis: redis.store, prefix, store, log, timeZone, serviceSkewMs }),
        demands,
        log,
      ),
      onSeenAgain: createRecycledIdCheck({ redis: redis.store, prefix, store, log }),
    });
    services.add('queue', { stop: () => producer.close() });
    metrics.setSources({ queueCounts: () => producer.jobCounts(), rateLimit: () => limiter.snapshot() });
    services.add('notifications', {
      // The address a phone opens (status.publicUrl) before the listener's own, which only this machine reaches.
      start: () => notifications.start({ statusUrl: config.status.publicUrl ?? status?.url }),
      stop: () => notifications.stop(),
    });
    const evidence = config.evidence.enabled ? createEvidenceServices(config, { log }) : undefined;
    // The last look's holds and decisions, written to the deal's evidence as the record changes.
    if (evidence) store.events.onChanged(lookEvidence(evidence.store, log));
    const parts: DaemonParts = {
      options,
      redis,
      store,
      client,
      limiter,
      producer,
      publishers,
      notifications,
      metrics,
      jobSettings,
      renderPool,
      notifying: deals.notifying,
      demands,
      rules,
      evidence,
    };
    // After each poll the intake is read again: a webhook registered meanwhile starts the listener.
    const background = startBackground(parts, services, (intake) => {
      if (options.webhook !== false && takesWebhooks(intake)) void listener.ensure();
    });
    const { worker } = background;
    const ready = async (): Promise<Readiness> => {
      const redisUp = await redisReachable(redis.store);
      const workerUp = worker ? worker.worker.isRunning() : undefined;
      return { ok: redisUp && workerUp !== false, redis: redisUp, worker: workerUp };
    };
    const health = healthRoutes(ready);
    const status = options.status === false ? undefined : await startStatusPage(parts, health);
    services.add('status page', status && { stop: () => status.close() });
    const webhook = createWebhook({
      config,
      log,
      producer,
      store,
      metrics,
      notifications,
      demands: demands?.intake,
    });
    const listener = createWebhookListener({ config, log, health, webhook });
    services.add('webhook listener', { stop: () => listener.stop() });
    // `webhook: true` listens whatever the intake; a process without a worker is a webhook-only one.
    const listens = options.webhook ?? (options.worker === false || takesWebhooks(background.intake));
    if (listens) await listener.start();

    const webhookUrl = listener.url();
    // A Redis that refuses has said so through its clients already; one that takes the connection and never
    // answers is said here.
    if (!(await redisReachable(redis.store, 2_000))) redis.outage.lost(new Error('no answer within 2 s'));
    const blogs = config.blogs.map((b) => b.id);
    const ran = { version: VERSION, webhook: webhookUrl, status: status?.url, worker: Boolean(worker) };
    log.info({ ...ran, blogs }, 'pressbridge started');
    services.startAll();

    let closing: Promise<void> | undefined;
    const { reconciler, payoutPoller, poller } = background;
    return {
      get webhookUrl() {
        return listener.url();
      },
      statusUrl: status?.url,
      store,
      client,
      limiter,
      producer,
      redis: redis.store,
      metrics,
      publishers,
      reconciler,
      poller,
      dispatcher: deals.dispatcher,
      payoutPoller,
      ready,
      close() {
        closing ??= services.stopAll().then(() => log.info('pressbridge stopped'));
        return closing;
      },
    };
  } catch (error) {
    await services.stopAll();
    throw error;
  }
}

/**
 * `pressbridge start` without a config: setup mode (src/app/setup-mode.ts) until the setup is written, then the
 * daemon in the same process, until SIGTERM/Ctrl+C. The setup's modules load only here, not with every start.
 */
export async function startWithoutConfig(options: {
  host: string;
  port: number;
  dataDir: string;
  /** The environment the written config is loaded with (`start`'s port flags included). */
  env?: NodeJS.ProcessEnv;
}): Promise<void> {
  const [{ startSetupMode }, { createWordPressConnection }] = await Promise.all([
    import('./app/setup-mode.js'),
    import('./setup/wordpress/index.js'),
  ]);
  const env = options.env ?? process.env;
  // Setup mode logs only problems: its one line on stdout is the blogger's.
  const log = createLogger({ level: 'warn' });
  // No config yet: PRESSBRIDGE_LANGUAGE, else the locale, else Czech (src/i18n/process-language.ts).
  const language = processLanguage({ env });
  const mode = await startSetupMode({
    dataDir: options.dataDir,
    listen: { host: options.host, port: options.port },
    env,
    log,
    language,
    wordpress: createWordPressConnection({ log }),
    startDaemon: (config, configPath) =>
      startDaemon({ config, configPath, log: createLogger({ level: config.log.level }) }),
    print: (line) => void process.stdout.write(`${line}\n`),
  });
  let daemon: Daemon | undefined;
  mode.daemon.then(
    (started) => {
      daemon = started;
    },
    (error: unknown) => {
      log.fatal({ err: errorMessage(error) }, 'the daemon did not start on the new config');
      void mode.close().then(() => process.exit(1));
    },
  );
  await runUntilSignal(
    {
      close: async () => {
        await mode.close();
        await daemon?.close();
      },
    },
    log,
  );
}
