/**
 * The services a worker process runs beside the HTTP listeners: the deal worker (the queue's BullMQ plumbing
 * around the pipeline's runner), reconciliation, the poll intake, the payout poller and the article watcher.
 * Each is one construction and one entry in the daemon's service list (./shutdown.ts), which starts them in this
 * order once everything listens and stops them in the reverse order.
 */
import type { Config } from '../config/schema.js';
import { intakeSource } from '../intake/door.js';
import { createIntakeReader, describeIntake, type Intake } from '../intake/mode.js';
import { createPoller, type Poller } from '../intake/poller.js';
import { createPayoutPoller, type PayoutPoller } from '../money/poller.js';
import { createPipelineProcessor } from '../pipeline/index.js';
import { createDealRunner } from '../pipeline/runner.js';
import { createDealWorker, type DealWorker } from '../queue/worker.js';
import { createReconciler, type Reconciler } from '../reconcile/index.js';
import { createArticleWatcher } from '../watch/index.js';
import { createDealEventHandler } from './deal-events.js';
import type { ServiceList } from './shutdown.js';
import type { DaemonParts } from './types.js';

export interface Background {
  worker: DealWorker | undefined;
  reconciler: Reconciler | undefined;
  payoutPoller: PayoutPoller | undefined;
  /** The poll intake, when this process runs the worker and the intake polls (src/intake/mode.ts). */
  poller: Poller | undefined;
  intake: Intake;
}

/**
 * Constructs the background services this process runs (none with `worker: false`) and adds them to `services`.
 * `onIntake` hears the intake as it is read again after each poll (a webhook registered meanwhile).
 */
export function startBackground(
  input: DaemonParts,
  services: ServiceList,
  onIntake?: (intake: Intake) => void,
): Background {
  const { options, redis, store, client, producer, notifications, jobSettings } = input;
  const config: Readonly<Config> = options.config;
  // Asked again after every poll: the webhook secret file is read only when it changed.
  const readIntake = createIntakeReader(config);
  const intake = readIntake();
  if (options.worker === false)
    return { worker: undefined, reconciler: undefined, payoutPoller: undefined, poller: undefined, intake };
  const { log } = options;
  const { prefix } = config.redis;
  const { timeZone } = config.marketplace;
  const { approvalRetryMs, approvalGraceMs, ...tuning } = options.workerOptions ?? {};

  const process =
    options.process ??
    createPipelineProcessor({
      // The blog with its rules as they are now (the Rules page edits them without a restart).
      resolveBlog: (blogId) => {
        const resolved = input.publishers.get(blogId);
        return resolved && { ...resolved, blog: { ...resolved.blog, rules: input.rules(blogId) } };
      },
      settings: config.pipeline,
      render: config.render,
      renderPool: input.renderPool,
    });
  const runner = createDealRunner({
    process,
    client,
    store,
    log,
    timeZone,
    approvalGraceMs: approvalGraceMs ?? config.pipeline.deadlineGraceMs,
    ...(approvalRetryMs !== undefined ? { approvalRetryMs } : {}),
  });
  const { concurrency } = config.worker;
  const worker = createDealWorker({ connection: redis.worker, prefix, concurrency, log, runner, ...tuning });
  services.add('worker', { stop: () => worker.close() });

  const reconciler =
    (options.reconcile ?? config.reconcile.enabled)
      ? createReconciler({
          client,
          producer,
          store: store.as('reconcile'),
          redis: redis.store,
          blogIds: config.blogs.map((b) => b.id),
          log,
          settings: config.reconcile,
          jobSettings,
          timeZone,
          onFound: notifications.onReconcileFound,
        })
      : undefined;
  // Started after start-up: the first sweep must not hold the daemon back (the marketplace or Redis may be down).
  const intervalMs = config.reconcile.intervalMinutes * 60_000;
  services.add(
    'reconciler',
    reconciler && { start: () => reconciler.start(intervalMs), stop: () => reconciler.stop() },
  );

  const { pollMs } = intake;
  const poller =
    pollMs === undefined
      ? undefined
      : createPoller({
          client,
          producer,
          // The list's answers are reconciliation's data (src/deals/data.ts): the same writer.
          store: store.as('reconcile'),
          redis: redis.store,
          blogIds: config.blogs.map((b) => b.id),
          log,
          onEvent: createDealEventHandler({ store, log, notifications }),
          lookbackMinutes: config.reconcile.lookbackMinutes,
          jobSettings,
          timeZone,
          onPolled: () => notifications.checkIntake(),
          ...options.intakeOptions,
        });
  // The door's judge (src/intake/liveness.ts) runs after each poll and every minute: a poll that hangs is seen.
  if (poller) {
    notifications.attachIntake(intakeSource(config, input.limiter));
  }
  log.info(
    { mode: intake.mode, chosen: intake.chosen, pollMs: pollMs ?? null },
    `intake: ${describeIntake(intake)}`,
  );
  // Beside the webhook the poll is the backstop: reconciliation already sweeps at start-up, so it waits a round.
  const firstPollMs = intake.mode === 'both' ? (pollMs ?? 0) : 0;
  services.add(
    'poll intake',
    poller && {
      start: () =>
        poller.start(() => {
          const now = readIntake();
          onIntake?.(now);
          return now.pollMs ?? pollMs ?? 60_000;
        }, firstPollMs),
      stop: () => poller.stop(),
    },
  );

  // Demands: a round every `demands.pollMinutes`, the first after a minute (start-up belongs to the deals).
  const { demands } = input;
  services.add(
    'demand intake',
    demands && {
      start: () => demands.intake.start(config.demands.pollMinutes * 60_000, 60_000),
      stop: () => demands.intake.stop(),
    },
  );

  const payoutPoller = config.money.enabled
    ? createPayoutPoller({ client, redis: redis.store, prefix, log, settings: config.money })
    : undefined;
  services.add('payout poller', payoutPoller);

  const watcher = config.watch.enabled
    ? createArticleWatcher({
        store,
        redis: redis.store,
        prefix,
        log,
        settings: config.watch,
        render: config.render,
        renderPool: input.renderPool,
        notifier: notifications.notifier,
        evidence: input.evidence?.store,
      })
    : undefined;
  services.add('article watcher', watcher);

  return { worker, reconciler, payoutPoller, poller, intake };
}
