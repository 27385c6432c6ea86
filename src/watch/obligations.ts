/**
 * The blogger's obligations (issue 22, item 4), pure: each deal still under watch (the ids of the watch schedule,
 * ./schedule.ts) with its phase and its until dates (./plan.ts), its last check (`data.articleCheck`) and its next
 * check time, in the order the status page's Obligations view shows them: at risk first (the last check found a
 * problem: gone, links, page), paid before unpaid among them, then the rest by the nearest until date.
 *
 * "At risk of a claim" (the Earnings page): a paid deal whose article fails its check while the advertiser may
 * still claim (the payout's `afterPayoutMonths` not over).
 */

import { type ArticleCheck, readArticleCheck } from '../deals/article-check.js';
import { readDealData } from '../deals/data.js';
import type { DealRecord } from '../deals/record.js';
import { type WatchPhase, watchPhase } from './plan.js';
import type { WatchSettings } from './settings.js';

export type ObligationSettings = Pick<
  WatchSettings,
  'days' | 'intervalHours' | 'paidIntervalHours' | 'afterPayoutMonths' | 'keepPublishedMonths'
>;

/** A deal of the watch schedule: its record and the time of its next check (the zset's score, epoch ms). */
export interface WatchedDeal {
  record: DealRecord;
  nextCheckMs?: number | undefined;
}

export type ArticleProblem = NonNullable<ArticleCheck['problem']>;

export interface Obligation {
  record: DealRecord;
  plan: WatchPhase;
  /** The last check, when there was one. */
  check?: ArticleCheck | undefined;
  /** The last check's problem: the article may be claimed for it. */
  problem?: ArticleProblem | undefined;
  nextCheckMs?: number | undefined;
}

/** The problem of the last check, when it found one (a refused or unreadable check proves nothing). */
export function problemOf(check: ArticleCheck | undefined): ArticleProblem | undefined {
  if (!check || check.ok || check.refused || check.unreadable) return undefined;
  return check.problem ?? 'gone';
}

/** Lower sorts first: 0 at risk and paid, 1 at risk and unpaid, 2 the rest. */
function rank(o: Obligation): number {
  if (o.problem === undefined) return 2;
  return o.plan.phase === 'paid' ? 0 : 1;
}

/** An until date that does not parse sorts last within its rank. */
function untilOf(o: Obligation): number {
  return Number.isNaN(o.plan.untilMs) ? Number.POSITIVE_INFINITY : o.plan.untilMs;
}

export function compareObligations(a: Obligation, b: Obligation): number {
  return rank(a) - rank(b) || untilOf(a) - untilOf(b) || a.record.dealId - b.record.dealId;
}

export function obligationOf(deal: WatchedDeal, settings: ObligationSettings): Obligation {
  const check = readArticleCheck(deal.record.data);
  return {
    record: deal.record,
    plan: watchPhase(deal.record, settings),
    check,
    problem: problemOf(check),
    nextCheckMs: deal.nextCheckMs,
  };
}

/** Every watched deal as an obligation row, at risk first (see the header). */
export function obligationRows(deals: readonly WatchedDeal[], settings: ObligationSettings): Obligation[] {
  return deals.map((d) => obligationOf(d, settings)).sort(compareObligations);
}

/** A paid deal at risk of a claim: its reward, when known. */
export interface ClaimRiskDeal {
  dealId: number;
  record: DealRecord;
  problem: ArticleProblem;
  /** Kč; null when unknown. */
  reward: number | null;
  /** Epoch ms: the end of the claim window. */
  untilMs: number;
}

export interface ClaimRisk {
  /** The sum of the known rewards (Kč). */
  amount: number;
  count: number;
  deals: ClaimRiskDeal[];
}

/**
 * The paid deals whose last check found a problem (`data.articleCheck.problem`) while their claim window is not
 * over at `nowMs`, the nearest window end first, with the sum of their rewards.
 */
export function claimRisk(
  records: readonly DealRecord[],
  settings: Pick<ObligationSettings, 'afterPayoutMonths' | 'keepPublishedMonths'>,
  nowMs: number,
): ClaimRisk {
  const deals: ClaimRiskDeal[] = [];
  const seen = new Set<number>();
  for (const record of records) {
    if (seen.has(record.dealId)) continue;
    const paid = readDealData(record.data).paid;
    const problem = problemOf(readArticleCheck(record.data));
    if (!paid || !problem) continue;
    const plan = watchPhase(record, { days: 0, intervalHours: 1, paidIntervalHours: 1, ...settings });
    // A payout date that does not parse keeps the deal at risk rather than hide it.
    if (nowMs > plan.untilMs) continue;
    seen.add(record.dealId);
    deals.push({ dealId: record.dealId, record, problem, reward: paid.reward, untilMs: plan.untilMs });
  }
  deals.sort(
    (a, b) =>
      (Number.isNaN(a.untilMs) ? Infinity : a.untilMs) - (Number.isNaN(b.untilMs) ? Infinity : b.untilMs) ||
      a.dealId - b.dealId,
  );
  return {
    amount: deals.reduce((sum, d) => sum + (d.reward ?? 0), 0),
    count: deals.length,
    deals,
  };
}
