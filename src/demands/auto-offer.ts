/**
 * The automatic offer (`blogs[].rules.autoOffer`, off unless `enabled`): on a demand whose verdict is `fits`
 * (never `ask` or `refuse`) and that has no offer yet, an offer at the base reward through the one offer
 * service (./offer.ts, `by: 'auto'`), within the daily cap (./daily-cap.ts): the slot is reserved first and
 * given back when no offer was made. Exactly once per demand: the store's offer, the offer's stable
 * `Idempotency-Key` and the intake's lease (one round at a time across processes).
 */
import { type Clock, systemClock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { AutoOffer } from '../rules/settings.js';
import type { DailyCap } from './daily-cap.js';
import type { OfferService } from './offer.js';
import type { DemandRecord } from './store.js';

export interface AutoOfferResult {
  offered: number[];
  /** Left for the blogger: over the day's cap, or without a base reward. */
  capped: number[];
  failed: number[];
}

export async function autoOffer(input: {
  blogId: number;
  settings: AutoOffer | undefined;
  records: readonly DemandRecord[];
  offers: OfferService;
  cap: DailyCap;
  log: Logger;
  clock?: Clock;
  signal?: AbortSignal;
}): Promise<AutoOfferResult> {
  const result: AutoOfferResult = { offered: [], capped: [], failed: [] };
  const { settings, blogId, log } = input;
  if (!settings?.enabled) return result;
  const clock = input.clock ?? systemClock;
  for (const record of input.records) {
    input.signal?.throwIfAborted();
    if (record.verdict?.outcome !== 'fits' || record.offer || !record.available) continue;
    const reward = record.item.reward;
    if (reward === undefined) {
      result.capped.push(record.demandId);
      continue;
    }
    const slot = await input.cap.reserve(blogId, reward, settings, clock.now());
    if (!slot.ok) {
      result.capped.push(record.demandId);
      log.info(
        { blogId, demandId: record.demandId, day: slot.day, cap: slot.reason },
        'automatic offer: the day’s cap is reached; the demand is left for you',
      );
      continue;
    }
    const outcome = await input.offers.offer({
      blogId,
      demandId: record.demandId,
      note: settings.note,
      by: 'auto',
      signal: input.signal,
    });
    if (outcome.status === 'offered') result.offered.push(record.demandId);
    else {
      await slot.release();
      if (outcome.status === 'failed') result.failed.push(record.demandId);
    }
  }
  return result;
}
