/**
 * The status page as the daemon serves it: its data sources, the operator's actions, the metrics route and the
 * health routes.
 */
import type { Router } from 'express';
import { redisReachable } from '../daemon/net.js';
import { configSecrets } from '../daemon/secrets.js';
import { readDeadlineFinding } from '../deals/deadline-offset.js';
import { lookKey } from '../deals/look-token.js';
import { readRecycledIdFinding } from '../deals/recycled-id.js';
import { judgeDemandHealth } from '../demands/health.js';
import { intakeSource, readDoor } from '../intake/door.js';
import { intakeOf } from '../intake/mode.js';
import { createPollState } from '../intake/poll-state.js';
import { createUnreadableStore } from '../intake/unreadable.js';
import { blogNamesOf, createEarningsReader } from '../money/reader.js';
import { recentNotificationsReader } from '../notify/dispatcher.js';
import { readOpenProblems } from '../notify/notifier.js';
import { createDealActions } from '../operator/actions.js';
import { readLastSweep } from '../reconcile/index.js';
import { saveBlogRules } from '../rules/config-file.js';
import {
  createTargetsProbe,
  type StatusServer,
  startStatusServer,
  watchScheduleReader,
} from '../status/index.js';
import { statusHostNames } from '../status/settings.js';
import { VERSION } from '../version.js';
import { createSecretProvider } from '../webhook/secret-file.js';
import { metricsRoute } from './http.js';
import type { DaemonParts } from './types.js';

/** The status page, with `health` (./http.ts `healthRoutes`) answered before its password. */
export async function startStatusPage(input: DaemonParts, health: Router): Promise<StatusServer> {
  const { config, log } = input.options;
  const { store, producer } = input;
  const redis = input.redis.store;
  const prefix = config.redis.prefix;
  const secretFile = createSecretProvider(config, log);
  const pollState = createPollState(redis, prefix);
  const { configPath } = input.options;
  const rulesReader = input.rules;
  const demandSide = input.demands;
  return await startStatusServer(
    {
      store,
      queueCounts: () => producer.jobCounts(),
      rateLimit: () => input.limiter.snapshot(),
      redisReachable: () => redisReachable(redis),
      targets: createTargetsProbe(input.publishers, { language: config.ui.language }),
      intake: () => intakeOf(config),
      intakeDoor: () => readDoor(redis, prefix, intakeSource(config, input.limiter), new Date()),
      unreadable: createUnreadableStore(redis, prefix).list,
      lastSweep: () => readLastSweep(redis, prefix),
      deadlineFinding: () => readDeadlineFinding(redis, prefix),
      recycledId: () => readRecycledIdFinding(redis, prefix),
      ...(input.notifying
        ? {
            notifications: recentNotificationsReader(redis, prefix),
            openProblems: () => readOpenProblems(redis, prefix),
          }
        : {}),
      actions: createDealActions({
        store: store.as('operator'),
        queue: producer.queue,
        client: input.client,
        log,
        jobSettings: input.jobSettings,
        language: config.ui.language,
      }),
      rules: {
        read: rulesReader,
        file: configPath,
        ...(configPath ? { save: (blogId, form) => saveBlogRules(configPath, blogId, form) } : {}),
      },
      ...(demandSide
        ? {
            demands: {
              store: demandSide.store,
              offers: demandSide.offers,
              pollMinutes: config.demands.pollMinutes,
              tally: demandSide.tally,
              stall: async () =>
                judgeDemandHealth(await demandSide.health.read(), new Date(), config.demands.pollMinutes),
            },
          }
        : {}),
      password: config.status.password,
      allowedHosts: statusHostNames(config.status),
      trustProxy: config.status.trustProxy,
      blogs: config.blogs,
      secretValues: () => [...configSecrets(config), ...secretFile().map((entry) => entry.secret)],
      extraRoutes: metricsRoute(input.metrics),
      openRoutes: health,
      lookKey: lookKey(config.marketplace.apiKey),
      onNoAnswer: (blogId) => rulesReader(blogId)?.onNoAnswer,
      log,
      version: VERSION,
      language: config.ui.language,
      timeZone: config.ui.timeZone,
      watchSchedule: watchScheduleReader(redis, prefix),
      watchSettings: config.watch,
      ...(input.evidence ? { evidence: input.evidence.store, bundle: input.evidence.bundler } : {}),
      // The marketplace's claim count as the poll intake last saw it (src/intake/notices.ts).
      openClaim: async (dealId) => ((await pollState.seen(dealId))?.claims ?? 0) > 0,
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
