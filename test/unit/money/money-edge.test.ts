/** Money at the edge (src/marketplace/money.ts): what deal.paid, deal.accepted and the payout overview may carry. */
import { describe, expect, it } from 'vitest';
import type { DealRecord } from '../../../src/deals/record.js';
import { MAX_DEAL_KC, MAX_MONTH_DEALS } from '../../../src/marketplace/money.js';
import { DealAcceptedEvent, DealPaidEvent, PayoutOverview } from '../../../src/marketplace/schema.js';
import { summarizeEarnings } from '../../../src/money/earnings.js';
import { readDealMoney, readPaid } from '../../../src/money/paid.js';
import { parseWebhookBody } from '../../../src/webhook/events.js';

const paidBody = (deal: Record<string, unknown>): Buffer =>
  Buffer.from(JSON.stringify({ event: 'deal.paid', deal: { id: 77, blog: { id: 1 }, ...deal } }));

/** Raw JSON for amounts JSON.stringify cannot write (1e400 parses as Infinity). */
const rawPaid = (reward: string): Buffer =>
  Buffer.from(`{"event":"deal.paid","deal":{"id":77,"blog":{"id":1},"reward":${reward}}}`);

describe('src/marketplace/money at the webhook: deal.paid', () => {
  it.each([
    [
      'negative',
      paidBody({ reward: -5_000_000 }),
      /deal\.reward: must be a whole number of Kč from 0 to 10000000, found -5000000/,
    ],
    ['fractional', paidBody({ reward: 1999.5 }), /deal\.reward: .*found 1999\.5/],
    ['a NaN-like string', paidBody({ reward: 'NaN' }), /deal\.reward: .*found "NaN"/],
    ['a number as a string', paidBody({ price: '2500' }), /deal\.price: .*found "2500"/],
    ['above the ceiling', paidBody({ reward: MAX_DEAL_KC + 1 }), /deal\.reward: .*found 10000001/],
    ['2^53 − 1', paidBody({ reward: Number.MAX_SAFE_INTEGER }), /found 9007199254740991/],
    ['beyond doubles', rawPaid('1e400'), /deal\.reward: .*found Infinity/],
    ['a boolean', paidBody({ reward: true }), /deal\.reward: .*found true/],
    [
      'a blog id that is no id',
      paidBody({ blog: { id: '2' } }),
      /deal\.blog\.id: must be a blog id, found "2"/,
    ],
  ])('refuses %s: invalid (400), nothing recorded', (_name, body, message) => {
    const parsed = parseWebhookBody(body);

    expect(parsed.kind).toBe('invalid');
    if (parsed.kind !== 'invalid') return;
    expect(parsed.event).toBe('deal.paid');
    expect(parsed.dealId).toBe(77);
    expect(parsed.message).toMatch(/^deal\.paid refused, nothing recorded: /);
    expect(parsed.message).toMatch(message);
  });

  it.each([
    ['zero', { reward: 0, price: 0 }],
    ['the ceiling', { reward: MAX_DEAL_KC, price: MAX_DEAL_KC }],
    ['no amounts (the reward known since deal.accepted counts)', {}],
    ['null amounts', { reward: null, price: null }],
    ['a blog given by name only', { blog: 'Zahrada' }],
    ['no blog at all', { blog: undefined }],
    ['a blog as an array (says nothing we can check)', { blog: [42] }],
    ['a blog as null', { blog: null }],
  ])('takes %s', (_name, deal) => {
    expect(parseWebhookBody(paidBody({ reward: 1900, ...deal })).kind).toBe('other');
  });

  it('reads a bare blog number as the blog id, so another blog is caught', () => {
    const parsed = DealPaidEvent.safeParse({ event: 'deal.paid', deal: { id: 77, blog: 42, reward: 1 } });
    expect(parsed.data?.deal.blog).toEqual({ id: 42 });
  });
});

describe('src/marketplace/money at deal.accepted', () => {
  it.each([[-1], [0.5], ['1900'], [MAX_DEAL_KC + 1], [Number.MAX_SAFE_INTEGER]])(
    'drops the impossible reward %j but keeps the deal (its deadline matters more)',
    (reward) => {
      const parsed = DealAcceptedEvent.safeParse({
        event: 'deal.accepted',
        deal: { id: 5, blog: { id: 1 }, reward, price: 2000 },
      });
      expect(parsed.success).toBe(true);
      expect(parsed.data?.deal.reward).toBeUndefined();
      expect(parsed.data?.deal.price).toBe(2000);
    },
  );
});

describe('src/marketplace/money in the payout overview', () => {
  it.each([
    ['2026-13', 'month: must be a month YYYY-MM with MM from 01 to 12'],
    ['2026-00', 'month: must be a month'],
    ['0000-01', 'month: must be a month'],
    ['2026-1', 'month: must be a month'],
    ['listopad 2026', 'month: must be a month'],
    [202611, 'month: '],
  ])('leaves out the month %j, and says so', (month, problem) => {
    const parsed = PayoutOverview.parse({ paid_monthly: [{ month, count: 1, amount: 100 }] });
    expect(parsed.paid_monthly).toEqual([]);
    expect(parsed.problems?.[0]).toContain(`paid_monthly[0] left out: ${problem}`);
  });

  it.each([
    [{ count: 1, amount: -100 }, 'amount'],
    [{ count: -1, amount: 0 }, 'count'],
    [{ count: 1.5, amount: 100 }, 'count'],
    [{ count: 1, amount: '100' }, 'amount'],
    [{ count: 2, amount: 2 * MAX_DEAL_KC + 1 }, 'amount: amount is more than count × 10000000 Kč'],
    [{ count: MAX_MONTH_DEALS + 1, amount: 0 }, 'count'],
    [{ count: 1, amount: Number.MAX_SAFE_INTEGER }, 'amount'],
  ])('leaves out a month with %j', (totals, problem) => {
    const parsed = PayoutOverview.parse({ paid_monthly: [{ month: '2026-11', ...totals }] });
    expect(parsed.paid_monthly).toEqual([]);
    expect(parsed.problems?.[0]).toContain(`paid_monthly[0] left out: ${problem}`);
  });

  it('keeps a pending deal whose reward is impossible, without the reward', () => {
    const parsed = PayoutOverview.parse({
      pending: [{ deal_id: 9, reward: -5_000_000 }],
      arbitration: [{ deal_id: 10, reward: Number.MAX_SAFE_INTEGER }],
    });
    expect(parsed.pending).toEqual([{ deal_id: 9, in_arbitration: false }]);
    expect(parsed.arbitration).toEqual([{ deal_id: 10, in_arbitration: false }]);
    expect(parsed.problems).toEqual([
      'pending[0].reward left out: must be a whole number of Kč from 0 to 10000000, found -5000000',
      'arbitration[0].reward left out: must be a whole number of Kč from 0 to 10000000, found 9007199254740991',
    ]);
  });

  it('reads the first 10 000 pending items of a longer list, and says so', () => {
    const pending = Array.from({ length: 10_002 }, (_, i) => ({ deal_id: i + 1, reward: 1 }));
    const parsed = PayoutOverview.parse({ pending });
    expect(parsed.pending).toHaveLength(10_000);
    expect(parsed.problems).toEqual(['pending: 10002 items, only the first 10000 read']);
  });
});

describe('src/money/paid readers: stored amounts from before the checks', () => {
  it.each([[-5_000_000], [1.5], [Number.MAX_SAFE_INTEGER], [MAX_DEAL_KC + 1], ['1900']])(
    'read %j as unknown',
    (amount) => {
      expect(readDealMoney({ reward: amount, price: amount })).toEqual({ reward: null, price: null });
      expect(readPaid({ paid: { reward: amount, price: amount, at: '2026-11-02T10:00:00Z' } })).toEqual({
        reward: null,
        price: null,
        at: '2026-11-02T10:00:00Z',
      });
    },
  );
});

describe('src/money/earnings at the bounds', () => {
  it('sums 1 000 records at the ceiling and a year of the largest months exactly', () => {
    const now = new Date('2026-12-15T12:00:00Z');
    const records: DealRecord[] = Array.from({ length: 1_000 }, (_, i) => ({
      dealId: i + 1,
      blogId: 1,
      state: 'handed_in',
      receivedAt: '2026-12-01T08:00:00Z',
      deadline: '2026-12-01T09:00:00Z',
      updatedAt: '2026-12-02T08:00:00Z',
      attempts: 1,
      steps: {},
      data: {
        handedInAt: '2026-12-02T08:00:00Z',
        paid: { reward: MAX_DEAL_KC, price: MAX_DEAL_KC, at: '2026-12-03T08:00:00Z' },
      },
    }));
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: `2026-${String(i + 1).padStart(2, '0')}`,
      count: MAX_MONTH_DEALS,
      amount: MAX_MONTH_DEALS * MAX_DEAL_KC,
    }));
    const overview = PayoutOverview.parse({ paid_monthly: months });

    const e = summarizeEarnings({
      stored: { fetchedAt: '2026-12-01T00:00:00.000Z', overview },
      records,
      now,
      timeZone: 'Europe/Prague',
      blogNames: new Map([[1, 'Blog']]),
    });

    const exact = 12n * BigInt(MAX_MONTH_DEALS) * BigInt(MAX_DEAL_KC) + 1_000n * BigInt(MAX_DEAL_KC);
    expect(BigInt(e.paidThisYear.amount)).toBe(exact);
    expect(Number.isSafeInteger(e.paidThisYear.amount)).toBe(true);
    expect(e.paidThisMonth.amount).toBe(MAX_MONTH_DEALS * MAX_DEAL_KC + 1_000 * MAX_DEAL_KC);
    expect(e.blogs[0]?.paidThisYear.amount).toBe(1_000 * MAX_DEAL_KC);
  });
});
