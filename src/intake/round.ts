/**
 * One poll's reading of the marketplace's list (./poller.ts acts on each deal): fresh deals first, the long tail
 * spread over later polls.
 *
 * A poll reads at most `PAGES_PER_POLL` pages. The listing of changes since the cursor (`zmeneno_od`; with the
 * cancellations' listing while a deal the poll saw accepted still runs) is usually one page and is read whole.
 * When it is longer, where it stands is kept (`PollTail`, ./poll-state.ts) and each later poll first reads the
 * short listing of deals accepted since the last poll that saw every acceptance (`state=akceptovano`, at most
 * `FRESH_PAGES` pages), then goes on with the tail. So a listing of 10⁹ deals delays a newly accepted deal by at
 * most one poll, and the cursor moves once the whole listing was read without a failure.
 *
 * `result.current` says whether every newly accepted deal was read and acted on: ./liveness.ts judges the door
 * open by it.
 */
import type { Phrase } from '../errors.js';
import { sayFrom } from '../i18n/catalog.js';
import { marketplaceMessages } from '../i18n/messages/marketplace.js';
import type { MarketplaceClient, RequestOptions } from '../marketplace/api.js';
import type { Deal } from '../marketplace/schema.js';
import { listingSince } from '../reconcile/cursor.js';
import { type ListingCursor, type ListingQuery, readListing, startListing } from '../reconcile/pages.js';
import type { PollFinish, PollResult, PollState, PollTail } from './poll-state.js';

/** A deal moved between the listing's pages: the cursor stays and the list is read again. */
const LIST_CHANGED: Phrase = { key: 'market.list.changed' };

/** Pages one poll may read: ~10 requests at most, a few seconds at the marketplace's pace. */
export const PAGES_PER_POLL = 10;
/** Pages of the fresh acceptances' listing (600 deals accepted within one poll interval). */
export const FRESH_PAGES = 3;

export interface RoundInput {
  client: Pick<MarketplaceClient, 'listDeals'>;
  state: PollState;
  result: PollResult;
  started: Date;
  overlapMs: number;
  lookbackMs: number;
  options: RequestOptions;
  beforePage: () => Promise<void>;
  /** Acts on one listed deal (errors are recorded in `result.errors`, not thrown). */
  onDeal: (deal: Deal, known: boolean) => Promise<void>;
  /** Whether the cancellations' listing is needed (a deal the poll saw accepted still runs). */
  cancellationsToo: () => Promise<boolean>;
}

function pending(query: ListingQuery): ListingCursor & { done: boolean } {
  return { ...startListing(query), done: false };
}

/**
 * Reads this poll's pages. `finish` is filled as it goes, so a round that throws half-way still keeps its tail
 * (the next poll goes on from the page that failed). Returns whether the intake had a history (`known`).
 */
export async function readRound(input: RoundInput, finish: PollFinish): Promise<boolean> {
  const { state, result, started } = input;
  let budget = PAGES_PER_POLL;

  const read = async (listing: ListingCursor, maxPages: number, known: boolean): Promise<boolean> => {
    const step = await readListing({
      client: input.client,
      cursor: listing,
      maxPages,
      options: input.options,
      beforePage: input.beforePage,
      onDeal: (deal) => input.onDeal(deal, known),
    });
    budget -= step.pagesRead;
    result.pages += step.pagesRead;
    result.listed += step.listed;
    result.skipped.push(...step.skipped);
    if (step.cut) {
      const reasonSaid: Phrase = {
        key: 'market.list.cut',
        params: { pages: listing.pages, total: listing.total ?? '?' },
      };
      result.skipped.push({
        list: 'data',
        index: listing.offset,
        reason: sayFrom(marketplaceMessages, 'en', reasonSaid),
        reasonSaid,
      });
    }
    return step.done;
  };

  const [cursor, stored, freshAt] = await Promise.all([state.cursor(), state.tail(), state.fresh()]);
  let freshRead = false;
  let tail: PollTail;
  if (stored) {
    tail = stored;
    finish.tail = tail;
    const freshFrom = freshAt ?? Date.parse(tail.startedAt);
    const fresh = pending({ state: 'akceptovano', changedSince: new Date(freshFrom - input.overlapMs) });
    const errorsBefore = result.errors.length;
    const done = await read(fresh, FRESH_PAGES, tail.known);
    freshRead = done && result.errors.length === errorsBefore;
    if (freshRead) finish.fresh = started.toISOString();
  } else {
    const known = cursor !== undefined;
    const since = listingSince(cursor, started.getTime(), input.overlapMs, input.lookbackMs);
    tail = {
      startedAt: started.toISOString(),
      known,
      listings: [pending({ changedSince: since })],
      failed: false,
    };
    if (await input.cancellationsToo())
      tail.listings.push(pending({ state: 'zruseno', changedSince: since }));
    finish.tail = tail;
  }
  result.since = tail.listings[0]?.since ?? started.toISOString();

  const errorsBefore = result.errors.length;
  try {
    for (const listing of tail.listings) {
      if (listing.done) continue;
      if (budget <= 0) break;
      listing.done = await read(listing, budget, tail.known);
    }
  } finally {
    if (result.errors.length > errorsBefore || tail.listings.some((l) => l.unstable)) tail.failed = true;
  }

  const whole = tail.listings.every((l) => l.done);
  result.continues = !whole;
  if (!whole) {
    result.current = freshRead && result.errors.length === 0;
    return tail.known;
  }
  finish.tail = null;
  if (tail.listings.some((l) => l.unstable))
    result.errors.push({ error: sayFrom(marketplaceMessages, 'en', LIST_CHANGED), said: LIST_CHANGED });
  result.current = (freshRead || !stored) && result.errors.length === 0;
  if (tail.failed || result.errors.length > 0) return tail.known;
  finish.cursor = tail.startedAt;
  const candidate = freshRead ? started.getTime() : Date.parse(tail.startedAt);
  if (candidate > (freshAt ?? Number.NEGATIVE_INFINITY)) finish.fresh = new Date(candidate).toISOString();
  return tail.known;
}
