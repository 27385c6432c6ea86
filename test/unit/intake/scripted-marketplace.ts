/**
 * The marketplace as the poll intake sees it, scripted: a list (cancelled deals only by `state=zruseno`, pages
 * of the asked size, raw `extra` items put into every listing as they are), each deal's own page and the threads.
 */
import { MarketplaceError } from '../../../src/errors.js';
import type { ListDealsQuery, MarketplaceClient } from '../../../src/marketplace/api.js';
import { Deal, DealList, DealPostList } from '../../../src/marketplace/schema.js';

export type Raw = Record<string, unknown> & { id: number; state: string };

export function scriptedMarketplace() {
  const deals = new Map<number, Raw>();
  const threads = new Map<string, Array<{ author: string; text: string; created_at: string }>>();
  const calls = { list: [] as ListDealsQuery[], threads: [] as string[], deals: [] as number[] };
  // Raw items put into every listing as they are (malformed ones included), and a page size the server keeps to.
  const extra: unknown[] = [];
  const client: Pick<MarketplaceClient, 'listDeals' | 'getDealThread' | 'getDeal'> = {
    async listDeals(query = {}) {
      calls.list.push(query);
      const all: unknown[] = [
        ...[...deals.values()].filter((d) => (query.state ? d.state === query.state : d.state !== 'zruseno')),
        ...extra,
      ];
      const perPage = query.perPage ?? 200;
      const page = query.page ?? 1;
      const data = all.slice((page - 1) * perPage, page * perPage);
      return DealList.parse({ data, strana: page, na_stranu: perPage, celkem: all.length });
    },
    async getDeal(dealId) {
      calls.deals.push(dealId);
      const raw = deals.get(dealId);
      if (!raw)
        throw new MarketplaceError({
          status: 404,
          code: 'nenalezeno',
          message: 'no such deal',
          method: 'GET',
          path: `/v1/deals/${dealId}`,
          retryable: false,
        });
      return Deal.parse(raw);
    },
    async getDealThread(dealId, kind) {
      calls.threads.push(`${dealId}/${kind}`);
      return DealPostList.parse({ data: threads.get(`${dealId}/${kind}`) ?? [], orezano: false });
    },
  };
  const put = (id: number, fields: Partial<Raw> = {}): void => {
    deals.set(id, {
      blog: { id: 1, name: 'Blog' },
      demand: { id: 9, name: 'Poptávka' },
      article_url: null,
      changed_at: '2026-11-25 10:00:00',
      price: 2500,
      reward: 1800,
      claim: { open: false, count: 0 },
      unread_messages: 0,
      ...deals.get(id),
      ...fields,
      id,
      state: fields.state ?? deals.get(id)?.state ?? 'akceptovano',
    });
  };
  const post = (id: number, kind: 'messages' | 'claims', text: string, author = 'inzerent'): void => {
    const key = `${id}/${kind}`;
    const list = threads.get(key) ?? [];
    list.push({ author, text, created_at: `2026-11-25 10:0${list.length}:00` });
    threads.set(key, list);
  };
  return { client, calls, put, post, extra, deals };
}
