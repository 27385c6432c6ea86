/**
 * Every page of one `GET /v1/deals` listing, each deal once: the listing reconciliation sweeps and the poll
 * intake (src/intake/) reads. Deals leaving the listed state while it is paged shift the pages, so one may be
 * skipped: `unstable` says so (the caller then does not move its cursor past this listing).
 */
import type { ListDealsQuery, MarketplaceClient, RequestOptions } from '../marketplace/api.js';
import type { Deal } from '../marketplace/schema.js';

const PAGE_SIZE = 200;
/** 200 000 deals: far beyond any blogger; a bound against a list that never ends. */
const MAX_PAGES = 1000;

export interface ListedPages {
  pages: number;
  listed: number;
  /** The total changed between pages. */
  unstable: boolean;
}

export async function forEachListedDeal(input: {
  client: Pick<MarketplaceClient, 'listDeals'>;
  query: Omit<ListDealsQuery, 'page' | 'perPage'>;
  options: RequestOptions;
  /** Called before each page (reconciliation renews its lock here). */
  beforePage?: () => Promise<void>;
  onDeal: (deal: Deal) => Promise<void>;
}): Promise<ListedPages> {
  const seen = new Set<number>();
  let total: number | undefined;
  const result: ListedPages = { pages: 0, listed: 0, unstable: false };
  for (let page = 1; page <= MAX_PAGES; page++) {
    await input.beforePage?.();
    const answer = await input.client.listDeals({ ...input.query, page, perPage: PAGE_SIZE }, input.options);
    result.pages = page;
    if (total !== undefined && answer.celkem !== total) result.unstable = true;
    total = answer.celkem;
    for (const deal of answer.data) {
      if (seen.has(deal.id)) continue;
      seen.add(deal.id);
      result.listed += 1;
      await input.onDeal(deal);
    }
    const pageSize = answer.na_stranu > 0 ? answer.na_stranu : PAGE_SIZE;
    if (answer.data.length === 0 || page * pageSize >= answer.celkem) break;
  }
  return result;
}
