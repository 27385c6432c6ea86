/**
 * The demand side built once from the config, for the daemon, the status page and the CLI alike (as
 * src/deal-services.ts is for deals): the store, the offer service with its effects (an automatic offer is
 * told), the daily cap and the intake.
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import type { Config } from '../config/schema.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient, MarketplaceDemandCalls } from '../marketplace/api.js';
import type { Notifier } from '../notify/types.js';
import type { RulesReader } from '../rules/reader.js';
import { createDailyCap, type DailyCap } from './daily-cap.js';
import { createDemandHealth, type DemandHealth } from './health.js';
import { createDemandIntake, type DemandIntake } from './intake.js';
import { createOfferService, type OfferService } from './offer.js';
import { createDemandStore, type DemandStore } from './store.js';
import { createDemandTally, createOfferAnswers, type DemandTally, type OfferAnswers } from './tally.js';

export interface DemandServices {
  store: DemandStore;
  offers: OfferService;
  cap: DailyCap;
  intake: DemandIntake;
  /** The months' counts (./tally.ts), for the charts. */
  tally: DemandTally;
  /** An offer's answer counted once; `accepted` is the deal producer's `onNewDeal` hook (src/main.ts). */
  answers: OfferAnswers;
  /** Whether the poll rounds read every list (./health.ts), for the home page. */
  health: DemandHealth;
}

export function createDemandServices(
  config: Pick<Config, 'blogs' | 'demands' | 'redis' | 'marketplace'>,
  deps: {
    redis: Redis;
    client: Pick<MarketplaceDemandCalls, 'listDemands' | 'getDemand' | 'makeOffer' | 'declineDemands'> &
      Pick<MarketplaceClient, 'listDeals'>;
    notifier: Notifier;
    log: Logger;
    clock?: Clock;
    lockMs?: number;
    /** The blogs' rules now (src/rules/reader.ts); default: the config's, as loaded. */
    rules?: RulesReader;
  },
): DemandServices {
  const { redis, client, notifier, log } = deps;
  const { prefix } = config.redis;
  const clock = deps.clock ? { clock: deps.clock } : {};
  const store = createDemandStore(redis, prefix);
  const tally = createDemandTally(redis, prefix, config.marketplace.timeZone);
  const answers = createOfferAnswers({ store, tally, log });
  const offers = createOfferService({
    client,
    store,
    log,
    ...clock,
    onOffered: async ({ blogId, demandId, name, offer }) => {
      // The one home of "an offer was made": every offer (page, CLI, automatic) passes here once.
      await tally.count('made', new Date(offer.at));
      if (offer.by !== 'auto') return;
      await notifier.raise({
        topic: 'demand_offered',
        blogId,
        demandId,
        name,
        reward: offer.reward,
        dealId: offer.dealId,
      });
    },
  });
  const cap = createDailyCap(redis, prefix, config.marketplace.timeZone);
  const health = createDemandHealth(redis, prefix);
  const intake = createDemandIntake({
    client,
    store,
    offers,
    cap,
    tally,
    answers,
    health,
    notifier,
    redis,
    prefix,
    blogs: config.blogs.map((b) => ({ id: b.id, rules: () => (deps.rules ? deps.rules(b.id) : b.rules) })),
    log,
    pollMinutes: config.demands.pollMinutes,
    ...clock,
    ...(deps.lockMs !== undefined ? { lockMs: deps.lockMs } : {}),
  });
  return { store, offers, cap, intake, tally, answers, health };
}
