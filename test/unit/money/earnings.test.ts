/** The Earnings summary's rules (src/money/earnings.ts): nothing counted twice, nothing dropped. */
import { describe, expect, it } from 'vitest';
import type { DealRecord } from '../../../src/deals/record.js';
import { PayoutOverview } from '../../../src/marketplace/schema.js';
import { summarizeEarnings } from '../../../src/money/earnings.js';
import type { StoredOverview } from '../../../src/money/overview.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const READ = '2026-11-23T10:00:00.000Z';
const BEFORE_READ = '2026-11-23T09:00:00.000Z';
const AFTER_READ = '2026-11-23T11:00:00.000Z';

function record(
  dealId: number,
  data: Record<string, unknown>,
  state: DealRecord['state'] = 'handed_in',
): DealRecord {
  return {
    dealId,
    blogId: dealId > 200 ? 2 : 1,
    state,
    title: `Článek ${dealId}`,
    receivedAt: BEFORE_READ,
    deadline: BEFORE_READ,
    updatedAt: BEFORE_READ,
    attempts: 1,
    steps: {},
    data,
  };
}

const overview = (parts: Partial<StoredOverview['overview']>): StoredOverview => ({
  fetchedAt: READ,
  overview: { pending: [], arbitration: [], paid_monthly: [], ...parts },
});
const pending = (deal_id: number, reward: number, blog = 'Zahrada', in_arbitration = false) => ({
  deal_id,
  blog,
  demand: `Poptávka ${deal_id}`,
  article_url: `https://blog.example/${deal_id}`,
  in_arbitration,
  reward,
});
const names = new Map([
  [1, 'Zahrada a dům'],
  [2, 'Cesty'],
]);

describe('summarizeEarnings', () => {
  it('without an overview: the records alone (awaiting = handed in without data.paid)', () => {
    const e = summarizeEarnings({
      stored: undefined,
      records: [
        record(101, { reward: 1000, handedInAt: BEFORE_READ }),
        record(102, { reward: 2000, paid: { reward: 2000, price: 2500, at: AFTER_READ } }),
        record(103, { reward: 500 }, 'processing'),
        record(201, { paid: { reward: 700, price: null, at: '2026-10-02T08:00:00Z' } }),
      ],
      now: NOW,
      timeZone: 'Europe/Prague',
      blogNames: names,
    });
    expect(e.fetchedAt).toBeNull();
    expect(e.month).toBe('2026-11');
    expect(e.awaiting).toMatchObject({ count: 1, amount: 1000 });
    expect(e.paidThisMonth).toEqual({ count: 1, amount: 2000 });
    expect(e.paidThisYear).toEqual({ count: 2, amount: 2700 });
    expect(e.months).toEqual([
      { month: '2026-11', count: 1, amount: 2000 },
      { month: '2026-10', count: 1, amount: 700 },
    ]);
    expect(e.blogs).toEqual([
      {
        blogId: 2,
        blog: 'Cesty',
        awaiting: { count: 0, amount: 0 },
        paidThisYear: { count: 1, amount: 700 },
      },
      {
        blogId: 1,
        blog: 'Zahrada a dům',
        awaiting: { count: 1, amount: 1000 },
        paidThisYear: { count: 1, amount: 2000 },
      },
    ]);
  });

  it('with an overview: a payout counts once, whether the overview or the deal.paid knows it', () => {
    const e = summarizeEarnings({
      stored: overview({
        pending: [
          pending(101, 1000),
          pending(102, 2000),
          pending(301, 900, 'Cizí blog'),
          pending(104, 300, 'Zahrada', true),
        ],
        arbitration: [pending(105, 4000)],
        paid_monthly: [
          { month: '2026-11', count: 3, amount: 6000 },
          { month: '2026-01', count: 1, amount: 1000 },
          { month: '2025-12', count: 5, amount: 9999 },
        ],
      }),
      records: [
        // Pending at the read, paid since: moves from awaiting to paid.
        record(102, {
          reward: 2000,
          handedInAt: BEFORE_READ,
          paid: { reward: 2000, price: 1, at: AFTER_READ },
        }),
        // Paid before the read (so inside paid_monthly), its deal.paid arrived late: not counted again.
        record(103, {
          reward: 800,
          handedInAt: BEFORE_READ,
          paid: { reward: 800, price: 1, at: AFTER_READ },
        }),
        // Handed in and paid after the read: added.
        record(106, { reward: 600, handedInAt: AFTER_READ, paid: { reward: 600, price: 1, at: AFTER_READ } }),
        // Handed in after the read, not paid: awaiting.
        record(107, { reward: 450, handedInAt: AFTER_READ }),
        // Handed in before the read and not listed: the overview knows better (paid or closed), not awaiting.
        record(108, { reward: 999, handedInAt: BEFORE_READ }),
      ],
      now: NOW,
      timeZone: 'Europe/Prague',
      blogNames: names,
    });
    expect(e.fetchedAt).toBe(READ);
    expect(e.awaiting.deals.map((d) => d.dealId).sort()).toEqual([101, 107, 301]);
    expect(e.awaiting).toMatchObject({ count: 3, amount: 1000 + 450 + 900 });
    expect(e.arbitration.deals.map((d) => d.dealId).sort()).toEqual([104, 105]);
    expect(e.arbitration).toMatchObject({ count: 2, amount: 4300 });
    expect(e.paidThisMonth).toEqual({ count: 5, amount: 6000 + 2000 + 600 });
    expect(e.paidThisYear).toEqual({ count: 6, amount: 7000 + 2000 + 600 });
    const other = e.blogs.find((b) => b.blog === 'Cizí blog');
    expect(other).toMatchObject({ blogId: null, awaiting: { count: 1, amount: 900 } });
  });

  it('months follow the service zone (a payout at 23:30 UTC on 31 Oct is November in Prague)', () => {
    const e = summarizeEarnings({
      stored: undefined,
      records: [record(101, { paid: { reward: 100, price: null, at: '2026-10-31T23:30:00Z' } })],
      now: NOW,
      timeZone: 'Europe/Prague',
      blogNames: names,
    });
    expect(e.months).toEqual([{ month: '2026-11', count: 1, amount: 100 }]);
  });

  it('reads an odd payouts answer leniently (bad items dropped, missing lists empty)', () => {
    const parsed = PayoutOverview.parse({
      pending: [{ deal_id: 1, reward: 'x', blog: 7 }, { nope: true }, 'junk'],
      paid_monthly: [
        { month: '2026-11', count: 2, amount: 10 },
        { month: 'listopad', count: 1, amount: 1 },
      ],
      extra: 1,
    });
    expect(parsed).toEqual({
      pending: [{ deal_id: 1, in_arbitration: false }],
      arbitration: [],
      paid_monthly: [{ month: '2026-11', count: 2, amount: 10 }],
      problems: [
        'pending[0].reward left out: must be a whole number of Kč from 0 to 10000000, found "x"',
        expect.stringMatching(/^pending\[1\] left out: deal_id: /),
        expect.stringMatching(/^pending\[2\] left out: \(root\): /),
        'paid_monthly[1] left out: month: must be a month YYYY-MM with MM from 01 to 12 and a year from 1900 to 2199',
      ],
    });
  });
});
