/**
 * Which watch a deal is under, and until when (pure): about every `intervalHours` (daily) from the hand-in
 * until the deal is paid, at most `days` after the hand-in; once paid (`data.paid.at`, written on
 * `deal.paid`), about every `paidIntervalHours` (weekly) until `afterPayoutMonths` after the payout, the
 * window in which the advertiser may still claim. `keepPublishedMonths` after the payout is the marketplace's
 * minimum lifetime, shown beside it.
 */
import { readDealData } from '../deals/data.js';
import { isFinal } from '../deals/lifecycle.js';
import type { DealRecord } from '../deals/record.js';
import type { WatchSettings } from './settings.js';

const HOUR_MS = 3_600_000;

/** `iso` plus whole calendar months (UTC), as an epoch ms; NaN when `iso` does not parse. */
export function addMonths(iso: string, months: number): number {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return Number.NaN;
  const day = at.getUTCDate();
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() + months);
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, last));
  return at.getTime();
}

export type WatchPhase =
  | { phase: 'unpaid'; intervalMs: number; untilMs: number }
  | { phase: 'paid'; intervalMs: number; untilMs: number; keepPublishedUntilMs: number; paidAt: string };

export type WatchEnd = 'days' | 'claim_window' | 'state';

type PlanSettings = Pick<
  WatchSettings,
  'days' | 'intervalHours' | 'paidIntervalHours' | 'afterPayoutMonths' | 'keepPublishedMonths'
>;

function watchedSinceMs(record: DealRecord): number {
  const { handedInAt } = readDealData(record.data);
  const at = handedInAt !== undefined ? Date.parse(handedInAt) : Number.NaN;
  return Number.isNaN(at) ? Date.parse(record.receivedAt) : at;
}

/** The deal's watch: its interval and its end. */
export function watchPhase(record: DealRecord, settings: PlanSettings): WatchPhase {
  const paid = readDealData(record.data).paid;
  if (paid !== undefined) {
    return {
      phase: 'paid',
      intervalMs: settings.paidIntervalHours * HOUR_MS,
      untilMs: addMonths(paid.at, settings.afterPayoutMonths),
      keepPublishedUntilMs: addMonths(paid.at, settings.keepPublishedMonths),
      paidAt: paid.at,
    };
  }
  return {
    phase: 'unpaid',
    intervalMs: settings.intervalHours * HOUR_MS,
    untilMs: watchedSinceMs(record) + settings.days * 24 * HOUR_MS,
  };
}

/** Why the deal is no longer watched at `nowMs`, or undefined while it is. */
export function watchEnd(record: DealRecord, nowMs: number, settings: PlanSettings): WatchEnd | undefined {
  const plan = watchPhase(record, settings);
  // A paid date that does not parse keeps the watch going rather than end it silently.
  if (nowMs > plan.untilMs) return plan.phase === 'paid' ? 'claim_window' : 'days';
  // A paid deal keeps its watch whatever its state: the claim window is about the article, not the deal.
  if (plan.phase === 'unpaid' && record.state !== 'handed_in' && isFinal(record.state)) return 'state';
  return undefined;
}
