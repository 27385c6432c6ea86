/** src/watch/obligations.ts: the order of the Obligations view and the paid money at risk of a claim. */
import { describe, expect, it } from 'vitest';
import type { ArticleCheck } from '../../../src/deals/article-check.js';
import type { DealRecord } from '../../../src/deals/record.js';
import {
  claimRisk,
  type ObligationSettings,
  obligationRows,
  problemOf,
} from '../../../src/watch/obligations.js';

const SETTINGS: ObligationSettings = {
  days: 30,
  intervalHours: 24,
  paidIntervalHours: 168,
  afterPayoutMonths: 24,
  keepPublishedMonths: 12,
};
const NOW = Date.parse('2026-11-23T12:00:00.000Z');

function check(overrides: Partial<ArticleCheck> = {}): ArticleCheck {
  return {
    at: '2026-11-23T08:00:00.000Z',
    ok: true,
    status: 200,
    missing: [],
    links: 2,
    detail: '',
    ...overrides,
  };
}

const GONE = check({ ok: false, status: 404, problem: 'gone', detail: 'HTTP 404' });
const LINKS = check({ ok: false, problem: 'links', missing: ['https://shop.example/'], detail: 'missing' });

function record(
  dealId: number,
  options: { handedInAt?: string; paidAt?: string; reward?: number | null; check?: ArticleCheck } = {},
): DealRecord {
  return {
    dealId,
    blogId: 1,
    state: 'handed_in',
    title: `Deal ${dealId}`,
    receivedAt: options.handedInAt ?? '2026-11-01T10:00:00.000Z',
    deadline: '2026-11-01T11:00:00.000Z',
    updatedAt: '2026-11-23T08:00:00.000Z',
    attempts: 1,
    steps: {},
    data: {
      ...(options.handedInAt ? { handedInAt: options.handedInAt } : {}),
      ...(options.paidAt
        ? { paid: { at: options.paidAt, reward: options.reward ?? null, price: 2400 } }
        : {}),
      ...(options.check ? { articleCheck: options.check } : {}),
    },
  };
}

describe('obligationRows', () => {
  it('puts at-risk deals first, paid before unpaid, then the rest by the nearest until date', () => {
    const deals = [
      // Unpaid and fine, handed in Nov 20: watched until Dec 20.
      record(1, { handedInAt: '2026-11-20T10:00:00.000Z', check: check() }),
      // Unpaid and gone, handed in Nov 10: until Dec 10.
      record(2, { handedInAt: '2026-11-10T10:00:00.000Z', check: GONE }),
      // Paid long ago (claim window ends 2027-01-05) and fine.
      record(3, { paidAt: '2025-01-05T10:00:00.000Z', check: check() }),
      // Paid and its links are missing: window until 2028-06-01, the furthest of all, still first.
      record(4, { paidAt: '2026-06-01T10:00:00.000Z', check: LINKS }),
      // Unpaid, never checked, handed in Nov 5: until Dec 5 (the nearest of the rest).
      record(5, { handedInAt: '2026-11-05T10:00:00.000Z' }),
      // Refused: proves nothing, not at risk.
      record(6, {
        handedInAt: '2026-11-02T10:00:00.000Z',
        check: check({ ok: false, refused: true, status: 403, problem: 'gone' }),
      }),
    ].map((r, i) => ({ record: r, nextCheckMs: NOW + i * 60_000 }));

    const rows = obligationRows(deals, SETTINGS);
    expect(rows.map((r) => r.record.dealId)).toEqual([4, 2, 6, 5, 1, 3]);
    expect(rows.map((r) => r.problem)).toEqual(['links', 'gone', undefined, undefined, undefined, undefined]);
    const paid = rows[0]?.plan;
    expect(paid?.phase).toBe('paid');
    if (paid?.phase === 'paid') {
      expect(new Date(paid.untilMs).toISOString()).toBe('2028-06-01T10:00:00.000Z');
      expect(new Date(paid.keepPublishedUntilMs).toISOString()).toBe('2027-06-01T10:00:00.000Z');
    }
    expect(rows[1]?.nextCheckMs).toBe(NOW + 60_000);
  });

  it('orders two at-risk paid deals by their window end', () => {
    const rows = obligationRows(
      [
        { record: record(10, { paidAt: '2026-09-01T00:00:00.000Z', check: GONE }) },
        { record: record(11, { paidAt: '2026-03-01T00:00:00.000Z', check: LINKS }) },
        { record: record(12, { handedInAt: '2026-11-01T00:00:00.000Z', check: GONE }) },
      ],
      SETTINGS,
    );
    expect(rows.map((r) => r.record.dealId)).toEqual([11, 10, 12]);
  });
});

describe('problemOf', () => {
  it('is the problem of a failed check; ok, refused and unreadable prove nothing', () => {
    expect(problemOf(GONE)).toBe('gone');
    expect(problemOf(check({ ok: false, detail: 'x' }))).toBe('gone');
    expect(problemOf(check())).toBeUndefined();
    expect(problemOf(check({ ok: false, unreadable: true, problem: 'links' }))).toBeUndefined();
    expect(problemOf(undefined)).toBeUndefined();
  });
});

describe('claimRisk', () => {
  it('sums the rewards of paid deals that fail their check inside the claim window', () => {
    const risk = claimRisk(
      [
        record(20, { paidAt: '2026-10-01T00:00:00.000Z', reward: 2000, check: GONE }),
        record(21, { paidAt: '2026-02-01T00:00:00.000Z', reward: 1500, check: LINKS }),
        // Reward unknown: counted, adds nothing.
        record(22, { paidAt: '2026-05-01T00:00:00.000Z', reward: null, check: GONE }),
        // Paid but fine.
        record(23, { paidAt: '2026-10-01T00:00:00.000Z', reward: 9000, check: check() }),
        // Failing but unpaid: awaiting payout, not "at risk of a claim".
        record(24, { handedInAt: '2026-11-20T00:00:00.000Z', check: GONE }),
        // The claim window is over (paid 2024-10-01 + 24 months < now).
        record(25, { paidAt: '2024-10-01T00:00:00.000Z', reward: 7000, check: GONE }),
        // The same deal twice (read from two sources) counts once.
        record(20, { paidAt: '2026-10-01T00:00:00.000Z', reward: 2000, check: GONE }),
      ],
      SETTINGS,
      NOW,
    );
    expect(risk.amount).toBe(3500);
    expect(risk.count).toBe(3);
    expect(risk.deals.map((d) => d.dealId)).toEqual([21, 22, 20]);
    expect(risk.deals.map((d) => d.problem)).toEqual(['links', 'gone', 'gone']);
  });

  it('is empty when nothing is at risk', () => {
    expect(claimRisk([], SETTINGS, NOW)).toEqual({ amount: 0, count: 0, deals: [] });
  });
});
