/**
 * The Earnings summary (status page, `pressbridge earnings`): pure, from the stored payout overview and the deal
 * records. The rules, so that nothing is counted twice:
 *
 * - awaiting payout: the overview's `pending` (without `in_arbitration`), less deals whose record has
 *   `data.paid` since; plus handed-in records without `data.paid` that the overview does not list and that were
 *   handed in after it was read (or all of them when no overview was read yet);
 * - in arbitration: the overview's `arbitration` and the pending items flagged `in_arbitration`;
 * - paid per month: the overview's `paid_monthly`, plus the records' `data.paid` that the overview cannot hold
 *   yet: without an overview all of them; else those the overview listed as pending or in arbitration (unpaid
 *   when it was read), and those handed in after the read (or, when the hand-in time is unknown, paid after
 *   it); months in the service's zone;
 * - per blog: awaiting (as above) and paid this year from the records (records are kept `retentionDays`).
 *
 * Every amount summed here is bounded where it enters (src/marketplace/money.ts: the payout overview's schema,
 * `deal.paid` and the record readers of ./paid.ts), which is what keeps every sum below an exact integer: the
 * derivation is in that file's header.
 */
import { readDealData } from '../deals/data.js';
import type { DealRecord } from '../deals/record.js';
import type { PaidMonth } from '../marketplace/schema.js';
import { formatWallClock } from '../time-zone.js';
import type { PollState, ReadFailure, StoredOverview } from './overview.js';
import { readDealMoney, readPaid } from './paid.js';

export interface Amount {
  count: number;
  /** Kč; deals of unknown reward count in `count` only. */
  amount: number;
}

export interface AwaitingDeal {
  dealId: number;
  /** The blog's configured name, else the marketplace's, else its id. */
  blog: string;
  demand: string | null;
  reward: number | null;
  articleUrl: string | null;
  /** Where pressbridge knows it from. */
  source: 'overview' | 'record';
}

export interface BlogEarnings {
  blogId: number | null;
  blog: string;
  awaiting: Amount;
  /** Paid this year, by the deal records. */
  paidThisYear: Amount;
}

export interface Earnings {
  /** ISO 8601: when the payout overview was read; null when never. */
  fetchedAt: string | null;
  /** The last read's failure, until a read succeeds. */
  lastError: (ReadFailure & { at: string }) | null;
  /** `YYYY-MM` and `YYYY` now, in the service's zone. */
  month: string;
  year: string;
  awaiting: Amount & { deals: AwaitingDeal[] };
  arbitration: Amount & { deals: AwaitingDeal[] };
  paidThisMonth: Amount;
  paidThisYear: Amount;
  /** Paid per month, newest first. */
  months: PaidMonth[];
  blogs: BlogEarnings[];
}

export interface EarningsInput {
  stored: StoredOverview | undefined;
  poll?: PollState;
  records: readonly DealRecord[];
  now: Date;
  /** The service's zone (config `marketplace.timeZone`). */
  timeZone: string;
  /** Configured blog names (`config.blogs[].name`). */
  blogNames: ReadonlyMap<number, string>;
}

const add = (a: Amount, reward: number | null): void => {
  a.count += 1;
  a.amount += reward ?? 0;
};

export function monthOf(instant: Date, timeZone: string): string {
  return formatWallClock(timeZone, instant).slice(0, 7);
}

export function summarizeEarnings(input: EarningsInput): Earnings {
  const { stored, records, timeZone } = input;
  const month = monthOf(input.now, timeZone);
  const year = month.slice(0, 4);
  const fetchedMs = stored ? Date.parse(stored.fetchedAt) : Number.NEGATIVE_INFINITY;
  const byId = new Map(records.map((r) => [r.dealId, r]));
  const blogLabel = (blogId: number | null, marketplaceName: string | undefined): string =>
    (blogId !== null ? input.blogNames.get(blogId) : undefined) ??
    marketplaceName ??
    (blogId !== null ? `#${blogId}` : '?');

  const idByName = new Map([...input.blogNames].map(([id, name]) => [name, id]));
  const blogs = new Map<string, BlogEarnings>();
  const blogRow = (knownId: number | null, name: string | undefined): BlogEarnings => {
    // The overview names blogs, the records number them: a configured name joins the two.
    const blogId = knownId ?? (name !== undefined ? (idByName.get(name) ?? null) : null);
    const label = blogLabel(blogId, name);
    const key = blogId !== null ? `id:${blogId}` : `name:${label}`;
    let row = blogs.get(key);
    if (!row) {
      row = { blogId, blog: label, awaiting: { count: 0, amount: 0 }, paidThisYear: { count: 0, amount: 0 } };
      blogs.set(key, row);
    }
    return row;
  };

  const awaiting: Earnings['awaiting'] = { count: 0, amount: 0, deals: [] };
  const arbitration: Earnings['arbitration'] = { count: 0, amount: 0, deals: [] };
  const listed = new Set<number>();
  const overviewDeal = (item: StoredOverview['overview']['pending'][number]): AwaitingDeal => {
    const record = byId.get(item.deal_id);
    return {
      dealId: item.deal_id,
      blog: blogLabel(record?.blogId ?? null, item.blog),
      demand: item.demand ?? null,
      reward: item.reward ?? (record ? readDealMoney(record.data).reward : null),
      articleUrl: item.article_url ?? record?.url ?? null,
      source: 'overview',
    };
  };
  const arbitrationItems = [
    ...(stored?.overview.arbitration ?? []),
    ...(stored?.overview.pending.filter((p) => p.in_arbitration) ?? []),
  ];
  for (const item of arbitrationItems) {
    if (listed.has(item.deal_id)) continue;
    listed.add(item.deal_id);
    const paidSince = byId.get(item.deal_id);
    if (paidSince && readPaid(paidSince.data)) continue;
    const deal = overviewDeal(item);
    arbitration.deals.push(deal);
    add(arbitration, deal.reward);
  }
  for (const item of stored?.overview.pending ?? []) {
    if (listed.has(item.deal_id)) continue;
    listed.add(item.deal_id);
    const record = byId.get(item.deal_id);
    if (record && readPaid(record.data)) continue;
    const deal = overviewDeal(item);
    awaiting.deals.push(deal);
    add(awaiting, deal.reward);
    add(blogRow(record?.blogId ?? null, item.blog).awaiting, deal.reward);
  }

  const months = new Map<string, Amount>(
    (stored?.overview.paid_monthly ?? []).map((m) => [m.month, { count: m.count, amount: m.amount }]),
  );
  for (const record of records) {
    const paid = readPaid(record.data);
    const handedInRaw = readDealData(record.data).handedInAt;
    const handedInAt = handedInRaw !== undefined ? Date.parse(handedInRaw) : Number.NaN;
    if (paid) {
      const paidMonth = monthOf(new Date(paid.at), timeZone);
      if (paidMonth.startsWith(`${year}-`)) add(blogRow(record.blogId, undefined).paidThisYear, paid.reward);
      const unpaidAtRead =
        !stored ||
        listed.has(record.dealId) ||
        (Number.isNaN(handedInAt) ? Date.parse(paid.at) > fetchedMs : handedInAt > fetchedMs);
      if (unpaidAtRead) {
        const entry = months.get(paidMonth) ?? { count: 0, amount: 0 };
        add(entry, paid.reward);
        months.set(paidMonth, entry);
      }
      continue;
    }
    if (record.state !== 'handed_in' || listed.has(record.dealId)) continue;
    if (stored && !(handedInAt > fetchedMs)) continue;
    const { reward } = readDealMoney(record.data);
    awaiting.deals.push({
      dealId: record.dealId,
      blog: blogLabel(record.blogId, undefined),
      demand: record.title ?? null,
      reward,
      articleUrl: record.url ?? null,
      source: 'record',
    });
    add(awaiting, reward);
    add(blogRow(record.blogId, undefined).awaiting, reward);
  }

  const sortedMonths = [...months.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([m, a]) => ({ month: m, count: a.count, amount: a.amount }));
  const paidThisYear = { count: 0, amount: 0 };
  for (const m of sortedMonths) {
    if (!m.month.startsWith(`${year}-`)) continue;
    paidThisYear.count += m.count;
    paidThisYear.amount += m.amount;
  }
  const thisMonth = months.get(month);
  return {
    fetchedAt: stored?.fetchedAt ?? null,
    lastError: input.poll?.error ?? null,
    month,
    year,
    awaiting,
    arbitration,
    paidThisMonth: { count: thisMonth?.count ?? 0, amount: thisMonth?.amount ?? 0 },
    paidThisYear,
    months: sortedMonths,
    blogs: [...blogs.values()].sort((a, b) => a.blog.localeCompare(b.blog)),
  };
}
