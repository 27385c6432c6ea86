/**
 * GET /earnings: awaiting payout, paid this month and year, per blog and per month (src/money/earnings.ts).
 * Reads only what is stored (the payout overview the poller keeps, the deal records): never a marketplace
 * request. Without an `earnings` reader (a status page embedded without the money part) it sums the deal
 * records alone.
 */
import type { Router } from 'express';
import { SERVICE_TIME_ZONE } from '../../marketplace/schema.js';
import { type Earnings, summarizeEarnings } from '../../money/earnings.js';
import { type ClaimRisk, claimRisk } from '../../watch/obligations.js';
import { scrubRecord } from '../scrub-records.js';
import type { StatusDeps } from '../types.js';
import { renderEarnings, renderEarningsUnavailable } from '../views/earnings.js';
import { DEFAULT_OBLIGATION_SETTINGS } from '../watched.js';
import { WATCHED_TIMEOUT_FACTOR, watchedDealsReader } from './obligations.js';
import type { PageKit } from './page-kit.js';

/** The Earnings numbers: the injected reader, else the deal records alone (also the home page's source). */
export function earningsReader(deps: StatusDeps, kit: PageKit): () => Promise<Earnings> {
  return (
    deps.earnings ??
    (async () =>
      summarizeEarnings({
        stored: undefined,
        records: (await deps.store.list({ limit: 1000 })).items,
        now: kit.clock.now(),
        timeZone: SERVICE_TIME_ZONE,
        blogNames: kit.blogNames,
      }))
  );
}

/**
 * The paid deals at risk of a claim: the watched deals (a paid deal is watched for its whole claim window), else,
 * without a schedule reader, the newest listed deal records.
 */
export function claimRiskReader(deps: StatusDeps, kit: PageKit): () => Promise<ClaimRisk> {
  const settings = deps.watchSettings ?? DEFAULT_OBLIGATION_SETTINGS;
  const watched = watchedDealsReader(deps);
  return async () => {
    const records = watched
      ? (await watched()).deals.map((d) => d.record)
      : (await deps.store.list({ limit: 1000 })).items;
    const risk = claimRisk(records, settings, kit.clock.now().getTime());
    return { ...risk, deals: risk.deals.map((d) => ({ ...d, record: scrubRecord(d.record) })) };
  };
}

export function earningsRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  const read = earningsReader(deps, kit);
  const readRisk = claimRiskReader(deps, kit);
  router.get('/earnings', async (req, res) => {
    const ctx = kit.viewContext(req, res, false);
    const [earnings, risk] = await Promise.all([
      kit.source('status.source.earnings', read),
      kit.source('status.source.watch', readRisk, kit.timeoutMs * WATCHED_TIMEOUT_FACTOR),
    ]);
    if (!earnings.ok) {
      kit.send(res, 503, renderEarningsUnavailable(ctx, earnings.error));
      return;
    }
    kit.send(res, 200, renderEarnings(ctx, earnings.value, risk));
  });
}
