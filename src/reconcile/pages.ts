/**
 * The pages of one `GET /v1/deals` listing, each deal once: the listing reconciliation sweeps and the poll intake
 * (src/intake/) reads. Nothing the marketplace sends can stop a listing for good:
 *
 * - a malformed item is left out and named (the schema reads pages item by item: src/marketplace/list-items.ts);
 * - a page that cannot be read at all (not JSON, larger than the byte limit, a wrong envelope) is read again in
 *   smaller pages (`PAGE_LADDER`: 200 → 20 → 1), down to the one item that cannot be read, which is left out and
 *   named by its position; more than `MAX_UNREADABLE_RUN` unreadable items in a row is no item's fault but the
 *   listing's: it fails (the caller keeps its cursor and the blogger is told, src/intake/liveness.ts);
 * - a listing longer than the caller's page budget stops there and says where to go on (`ListingCursor`), so a
 *   listing of 10⁹ deals (`celkem`) never holds a poll for long; `MAX_PAGES` ends it for good.
 *
 * Deals leaving the listed state while it is paged shift the pages, so one may be skipped: `unstable` says so
 * (the caller then does not move its cursor past this listing).
 */
import { MarketplaceError } from '../errors.js';
import type { ListDealsQuery, MarketplaceClient, RequestOptions } from '../marketplace/api.js';
import type { SkippedItem } from '../marketplace/list-items.js';
import type { Deal, DealList, DealState } from '../marketplace/schema.js';

/** Page sizes, largest first: each divides the one before, so an offset on one size is a page start on the next. */
const PAGE_LADDER = [200, 20, 1] as const;
/** 200 000 deals: far beyond any blogger; a bound against a list that never ends. */
export const MAX_PAGES = 1000;
/** Unreadable single items in a row past which the listing, not an item, is broken. */
const MAX_UNREADABLE_RUN = 3;

export type ListingQuery = Omit<ListDealsQuery, 'page' | 'perPage'>;

/** Where a listing stands: JSON-safe, kept in Redis between polls by the poll intake. */
export interface ListingCursor {
  state?: DealState | undefined;
  /** ISO 8601: the listing's `zmeneno_od`. */
  since: string;
  /** Items before the next page to read. */
  offset: number;
  /** The page size to ask for (one of `PAGE_LADDER`). */
  perPage: number;
  /** Pages read so far (all sizes). */
  pages: number;
  /** The `celkem` of the last page read. */
  total?: number | undefined;
  unstable: boolean;
}

export interface ListingStep {
  cursor: ListingCursor;
  /** The listing was read to its end (or to `MAX_PAGES`: then `cut`). */
  done: boolean;
  cut: boolean;
  pagesRead: number;
  listed: number;
  skipped: SkippedItem[];
}

export function startListing(query: ListingQuery): ListingCursor {
  return {
    ...(query.state ? { state: query.state } : {}),
    since: (query.changedSince ?? new Date(0)).toISOString(),
    offset: 0,
    perPage: PAGE_LADDER[0],
    pages: 0,
    unstable: false,
  };
}

/** An answer that came but cannot be read (a 2xx the reader refused): smaller pages may get around it. */
function unreadablePage(error: unknown): error is MarketplaceError {
  return error instanceof MarketplaceError && error.status >= 200 && error.status < 300;
}

function smaller(perPage: number): number | undefined {
  return PAGE_LADDER.find((size) => size < perPage);
}

/** Back up the ladder once the offset is a page start of a larger size. */
function larger(perPage: number, offset: number): number {
  return PAGE_LADDER.find((size) => size >= perPage && offset % size === 0) ?? perPage;
}

/**
 * Reads at most `maxPages` pages of the listing from `cursor`, which it moves on (in place, so the caller keeps
 * the progress even when a page throws). Throws what a page threw when it cannot be got around (no answer, 5xx,
 * 429, a listing that cannot be read at all); the cursor is then where to retry.
 */
export async function readListing(input: {
  client: Pick<MarketplaceClient, 'listDeals'>;
  cursor: ListingCursor;
  maxPages: number;
  options: RequestOptions;
  /** Called before each page (the caller renews its lock here). */
  beforePage?: () => Promise<void>;
  onDeal: (deal: Deal) => Promise<void>;
}): Promise<ListingStep> {
  const cursor = input.cursor;
  // A deal twice in one step (pages shifted under it) is acted on once; across steps the caller's own record of
  // what it saw (the poll's `seen`) keeps a repeat harmless.
  const seen = new Set<number>();
  const step: ListingStep = { cursor, done: false, cut: false, pagesRead: 0, listed: 0, skipped: [] };
  let unreadableRun = 0;
  const query: ListingQuery = {
    ...(cursor.state ? { state: cursor.state } : {}),
    changedSince: new Date(cursor.since),
  };
  while (step.pagesRead < input.maxPages) {
    if (cursor.pages >= MAX_PAGES) {
      step.done = true;
      step.cut = true;
      return step;
    }
    await input.beforePage?.();
    const page = Math.floor(cursor.offset / cursor.perPage) + 1;
    let answer: DealList;
    try {
      answer = await input.client.listDeals({ ...query, page, perPage: cursor.perPage }, input.options);
    } catch (error) {
      step.pagesRead += 1;
      cursor.pages += 1;
      if (!unreadablePage(error)) throw error;
      const size = smaller(cursor.perPage);
      if (size !== undefined) {
        cursor.perPage = size;
        continue;
      }
      unreadableRun += 1;
      if (unreadableRun > MAX_UNREADABLE_RUN) throw error;
      step.skipped.push({
        list: 'data',
        index: cursor.offset,
        reason: error.message,
        ...(error.phrase ? { reasonSaid: error.phrase } : {}),
      });
      cursor.offset += 1;
      if (cursor.total !== undefined && cursor.offset >= cursor.total) {
        step.done = true;
        return step;
      }
      continue;
    }
    unreadableRun = 0;
    step.pagesRead += 1;
    cursor.pages += 1;
    if (cursor.total !== undefined && answer.celkem !== cursor.total) cursor.unstable = true;
    cursor.total = answer.celkem;
    for (const skipped of answer.skipped) {
      step.skipped.push({ ...skipped, index: cursor.offset + skipped.index });
    }
    for (const deal of answer.data) {
      if (seen.has(deal.id)) continue;
      seen.add(deal.id);
      step.listed += 1;
      await input.onDeal(deal);
    }
    const served = answer.na_stranu > 0 ? answer.na_stranu : cursor.perPage;
    const read = answer.data.length + answer.skipped.length + answer.overLimit;
    if (read === 0 || page * served >= answer.celkem) {
      step.done = true;
      return step;
    }
    cursor.offset += cursor.perPage;
    cursor.perPage = larger(cursor.perPage, cursor.offset);
  }
  return step;
}

export interface ListedPages {
  pages: number;
  listed: number;
  /** The total changed between pages. */
  unstable: boolean;
  /** The listing ended at `MAX_PAGES`. */
  cut: boolean;
  skipped: SkippedItem[];
}

/** A whole listing in one go (reconciliation): every page up to `MAX_PAGES`. */
export async function forEachListedDeal(input: {
  client: Pick<MarketplaceClient, 'listDeals'>;
  query: ListingQuery;
  options: RequestOptions;
  beforePage?: () => Promise<void>;
  onDeal: (deal: Deal) => Promise<void>;
}): Promise<ListedPages> {
  // No budget of its own: the listing ends at its last page or at MAX_PAGES.
  const step = await readListing({
    ...input,
    cursor: startListing(input.query),
    maxPages: Number.POSITIVE_INFINITY,
  });
  return {
    pages: step.cursor.pages,
    listed: step.listed,
    unstable: step.cursor.unstable,
    cut: step.cut,
    skipped: step.skipped,
  };
}
