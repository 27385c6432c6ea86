/**
 * One listing's pages against a scripted marketplace list: item-by-item reading, smaller pages around an answer
 * that cannot be read, the page budget and where the listing goes on, and the bounds that end a listing.
 */
import { describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../../src/errors.js';
import type { ListDealsQuery, MarketplaceClient } from '../../../src/marketplace/api.js';
import { DealList } from '../../../src/marketplace/schema.js';
import { forEachListedDeal, readListing, startListing } from '../../../src/reconcile/pages.js';

const deal = (id: number) => ({
  id,
  state: 'akceptovano',
  blog: { id: 1, name: 'Blog' },
  demand: { id: 9, name: 'Poptávka' },
  article_url: null,
});

/** A list of `items`; `poison(offset, perPage)` makes a page's answer unreadable (as the reader would refuse it). */
function scripted(items: unknown[], poison?: (offset: number, perPage: number) => boolean, celkem?: number) {
  const asked: Array<{ page: number; perPage: number }> = [];
  const client: Pick<MarketplaceClient, 'listDeals'> = {
    async listDeals(query: ListDealsQuery = {}) {
      const perPage = query.perPage ?? 200;
      const page = query.page ?? 1;
      asked.push({ page, perPage });
      const offset = (page - 1) * perPage;
      if (poison?.(offset, perPage)) {
        throw new MarketplaceError({
          status: 200,
          code: 'response_too_large',
          message: 'the answer to GET /v1/deals is larger than 8 MiB',
          method: 'GET',
          path: '/v1/deals',
          retryable: false,
        });
      }
      const data = items.slice(offset, offset + perPage);
      return DealList.parse({ data, strana: page, na_stranu: perPage, celkem: celkem ?? items.length });
    },
  };
  return { client, asked };
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('src/reconcile/pages', () => {
  it('reads around one item whose answer cannot be read: smaller pages, the item left out by position, the rest read', async () => {
    // Arrange: 45 deals, the 23rd (offset 22) poisons any page that holds it.
    const items = ids(1, 45).map(deal);
    const { client, asked } = scripted(items, (offset, perPage) => offset <= 22 && 22 < offset + perPage);
    const seen: number[] = [];

    // Act
    const listed = await forEachListedDeal({
      client,
      query: {},
      options: {},
      onDeal: async (d) => {
        seen.push(d.id);
      },
    });

    // Assert
    expect(seen).toEqual(ids(1, 45).filter((id) => id !== 23));
    expect(listed.skipped).toEqual([
      expect.objectContaining({ index: 22, reason: expect.stringContaining('8 MiB') }),
    ]);
    // 200 (fails) → 20s: [0,20) ok, [20,40) fails → 1s: 20, 21, 22 (fails), 23 … 39 → back to 20: [40,60).
    expect(asked.slice(0, 3)).toEqual([
      { page: 1, perPage: 200 },
      { page: 1, perPage: 20 },
      { page: 2, perPage: 20 },
    ]);
    expect(asked.at(-1)).toEqual({ page: 3, perPage: 20 });
    expect(asked.length).toBeLessThan(30);
  });

  it('fails a listing whose every answer is unreadable, rather than stepping through it item by item', async () => {
    const { client, asked } = scripted(ids(1, 500).map(deal), () => true);

    await expect(
      forEachListedDeal({ client, query: {}, options: {}, onDeal: async () => {} }),
    ).rejects.toMatchObject({ code: 'response_too_large' });
    // 200, 20, then 1 × (3 left out + the 4th that gives up)
    expect(asked).toHaveLength(6);
  });

  it('never lets a transient failure (no answer, 5xx, 429) shrink the pages: it is thrown for the caller to retry', async () => {
    const client: Pick<MarketplaceClient, 'listDeals'> = {
      async listDeals() {
        throw new MarketplaceError({
          status: 503,
          code: 'server_error',
          message: 'down',
          method: 'GET',
          path: '/v1/deals',
          retryable: true,
        });
      },
    };
    const cursor = startListing({});

    await expect(
      readListing({ client, cursor, maxPages: 10, options: {}, onDeal: async () => {} }),
    ).rejects.toMatchObject({ status: 503 });
    expect(cursor).toMatchObject({ offset: 0, perPage: 200 });
  });

  it('reads at most the page budget and says where to go on; the next step goes on from there', async () => {
    // Arrange: the marketplace keeps to one item a page (P-4: endless pagination, here 30 pages).
    const items = ids(1, 30).map(deal);
    const asked: number[] = [];
    const client: Pick<MarketplaceClient, 'listDeals'> = {
      async listDeals(query = {}) {
        const page = query.page ?? 1;
        asked.push(page);
        return DealList.parse({ data: items.slice(page - 1, page), strana: page, na_stranu: 1, celkem: 1e9 });
      },
    };
    const cursor = startListing({ changedSince: new Date('2026-11-27T10:00:00Z') });
    const seen: number[] = [];
    const onDeal = async (d: { id: number }) => {
      seen.push(d.id);
    };

    // Act
    const first = await readListing({ client, cursor, maxPages: 10, options: {}, onDeal });
    const second = await readListing({ client, cursor, maxPages: 10, options: {}, onDeal });

    // Assert
    expect(first).toMatchObject({ done: false, pagesRead: 10 });
    expect(second).toMatchObject({ done: false, pagesRead: 10 });
    expect(cursor.pages).toBe(20);
    expect(cursor.since).toBe('2026-11-27T10:00:00.000Z');
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('ends a listing that never ends at MAX_PAGES, saying it was cut', async () => {
    const client: Pick<MarketplaceClient, 'listDeals'> = {
      async listDeals(query = {}) {
        const page = query.page ?? 1;
        return DealList.parse({ data: [deal(page)], strana: page, na_stranu: 1, celkem: 1e9 });
      },
    };

    const listed = await forEachListedDeal({ client, query: {}, options: {}, onDeal: async () => {} });

    expect(listed).toMatchObject({ cut: true, pages: 1000, listed: 1000 });
  });

  it('names malformed items with their position in the whole listing, not in their page', async () => {
    const items: unknown[] = ids(1, 25).map(deal);
    items[21] = { ...deal(22), demand: undefined };
    const { client } = scripted(items, (offset, perPage) => perPage === 200 && offset === 0);
    const listed = await forEachListedDeal({ client, query: {}, options: {}, onDeal: async () => {} });

    expect(listed.skipped).toEqual([expect.objectContaining({ index: 21, id: 22, blogId: 1 })]);
    expect(listed.listed).toBe(24);
  });
});
