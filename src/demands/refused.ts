/**
 * Offers the advertiser declined (issue 30 item 6): the marketplace lists a declined deal (`odmitnuto`) only when
 * asked for that state, and sends no event for it. So the demand intake's poll round, while some offer of ours
 * waits for its answer, lists `GET /v1/deals?state=odmitnuto&zmeneno_od=<the last listing>` (priority low, within
 * the round's request budget, at most `MAX_PAGES` pages) and marks each of our offers found there refused,
 * counted once (./tally.ts `OfferAnswers`).
 *
 * The cursor `<p>:demands:refused-since` holds when the last whole listing began; it moves only after one, and
 * `OVERLAP_MS` earlier than that (a clock a little off loses nothing; a deal listed twice is counted once).
 * Without a cursor the listing starts at the oldest waiting offer.
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { readListing, startListing } from '../reconcile/pages.js';
import { type DemandRecord, type DemandStore, offerWaiting } from './store.js';
import type { OfferAnswers } from './tally.js';

/** Pages of 200 declined deals read per round at most; the rest waits for the next round (the cursor stays). */
export const MAX_PAGES = 3;
const OVERLAP_MS = 10 * 60_000;

export interface RefusedCheck {
  client: Pick<MarketplaceClient, 'listDeals'>;
  store: Pick<DemandStore, 'list'>;
  answers: Pick<OfferAnswers, 'refused'>;
  redis: Redis;
  cursorKey: string;
  blogIds: readonly number[];
  /** Requests this check may make. */
  budget: number;
  log: Logger;
  clock: Clock;
  signal: AbortSignal;
}

export async function checkRefused(check: RefusedCheck): Promise<{ requests: number; refused: number }> {
  const { client, store, answers, redis, log, clock } = check;
  const waiting = new Map<number, DemandRecord>();
  for (const blogId of check.blogIds) {
    for (const record of await store.list(blogId)) {
      const dealId = record.offer?.dealId;
      if (dealId !== undefined && offerWaiting(record)) waiting.set(dealId, record);
    }
  }
  if (waiting.size === 0 || check.budget <= 0) return { requests: 0, refused: 0 };
  const stored = await redis.get(check.cursorKey);
  const oldest = Math.min(...[...waiting.values()].map((r) => Date.parse(r.offer?.at ?? '') || Date.now()));
  const since = new Date(stored && Number.isFinite(Date.parse(stored)) ? Date.parse(stored) : oldest);
  const began = clock.now();
  let requests = 0;
  let refused = 0;
  // The deals' one paged listing (src/reconcile/pages.ts): an unreadable page is read again in smaller ones and a
  // malformed item left out, as for the poll and the sweep; at most `MAX_PAGES` pages within the budget.
  try {
    const step = await readListing({
      client,
      cursor: startListing({ state: 'odmitnuto', changedSince: new Date(since.getTime() - OVERLAP_MS) }),
      maxPages: Math.min(MAX_PAGES, check.budget),
      options: { priority: 'low', signal: check.signal },
      beforePage: async () => {
        requests += 1;
      },
      onDeal: async (deal) => {
        const record = waiting.get(deal.id);
        if (!record || deal.state !== 'odmitnuto') return;
        const counted = await answers.refused({
          blogId: record.blogId,
          demandId: record.demandId,
          dealId: deal.id,
          at: clock.now(),
        });
        if (counted) refused += 1;
      },
    });
    for (const skipped of step.skipped) {
      log.warn(
        { id: skipped.id ?? null, index: skipped.index, reason: skipped.reason },
        'demand intake: a declined deal could not be read; left out',
      );
    }
    if (step.done) await redis.set(check.cursorKey, began.toISOString());
  } catch (error) {
    if (check.signal.aborted) throw error;
    log.warn(
      { err: errorMessage(error) },
      'demand intake: the declined offers could not be listed; next round',
    );
  }
  return { requests, refused };
}
