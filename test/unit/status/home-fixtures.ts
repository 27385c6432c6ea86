/** Data for the home page's view tests (home-view.test.ts, home-needs.test.ts): a fixed clock, deals, earnings. */
import type { DealRecord } from '../../../src/deals/record.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import type { Earnings } from '../../../src/money/earnings.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import type { OverviewData } from '../../../src/status/views/overview.js';

export const NOW = new Date('2026-11-20T10:00:00.000Z');
export const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

export function context(language: Language): ViewContext {
  return {
    base: '/status',
    now: NOW,
    timeZone: 'Europe/Prague',
    version: '9.9.9',
    marketplaceName: 'Marketplace',
    blogNames: new Map([[101, 'Zahrada a dům']]),
    csrf: 'token-123',
    t: createTranslator(language),
  };
}

export function deal(dealId: number, overrides: Partial<DealRecord> = {}): DealRecord {
  return {
    dealId,
    blogId: 101,
    state: 'processing',
    title: `Článek ${dealId}`,
    receivedAt: at(-20),
    deadline: at(40),
    updatedAt: at(-1),
    attempts: 1,
    steps: {},
    data: {},
    ...overrides,
  };
}

export function earnings(overrides: Partial<Earnings> = {}): Earnings {
  const none = { count: 0, amount: 0 };
  return {
    fetchedAt: at(-30),
    lastError: null,
    month: '2026-11',
    year: '2026',
    awaiting: { ...none, deals: [] },
    arbitration: { ...none, deals: [] },
    paidThisMonth: { count: 3, amount: 4_500 },
    paidThisYear: { count: 30, amount: 45_000 },
    months: [],
    blogs: [],
    ...overrides,
  };
}

/** Everything fine: Redis up, nothing failed or waiting, one deal in progress, money paid this month. */
export function allWell(overrides: Partial<OverviewData> = {}): OverviewData {
  return {
    redis: { ok: true, value: true },
    attention: { ok: true, value: [] },
    inProgress: { ok: true, value: { total: 1, items: [deal(7, { state: 'publishing' })] } },
    targets: { ok: true, value: [] },
    posts: { ok: true, value: [] },
    earnings: { ok: true, value: earnings() },
    problems: { ok: true, value: [] },
    ...overrides,
  };
}

/** One item of each kind, the deals among them with hostile titles and errors. */
export function everything(hostile: string): OverviewData {
  return allWell({
    attention: {
      ok: true,
      value: [
        deal(11, {
          state: 'failed',
          error: `refused: ${hostile}`,
          errorCode: 'neplatny_klic',
          title: hostile,
        }),
        deal(12, { state: 'deadline_missed', error: hostile }),
        deal(13, {
          state: 'waiting_approval',
          data: { webUrl: 'https://marketplace.example.cz/obchody/13' },
        }),
      ],
    },
    targets: {
      ok: true,
      value: [
        { blogId: 101, name: hostile, kind: 'wordpress', target: 'https://b.cz', ok: false, detail: hostile },
      ],
    },
    posts: {
      ok: true,
      value: [
        { kind: 'message', dealId: 14, at: at(-60), line: hostile },
        { kind: 'claim', dealId: 15, at: at(-120) },
      ],
    },
    earnings: {
      ok: true,
      value: earnings({
        arbitration: {
          count: 1,
          amount: 900,
          deals: [
            { dealId: 16, blog: hostile, demand: hostile, reward: 900, articleUrl: null, source: 'overview' },
          ],
        },
      }),
    },
    problems: {
      ok: true,
      value: [
        { topic: 'marketplace_unreachable', minutes: 12, detail: hostile },
        { topic: 'marketplace_rate_limited', minutes: 6 },
        {
          topic: 'article_check',
          dealId: 17,
          blogId: 101,
          url: 'https://b.cz/a',
          problem: 'links',
          detail: hostile,
        },
        { topic: 'site_unreachable', blogId: 202, blogName: hostile, detail: hostile },
        // Deal problems come from the records, not twice from the notifier.
        { topic: 'deal_failed', dealId: 11, blogId: 101, reason: hostile },
      ],
    },
    deadlineFinding: {
      ok: true,
      value: {
        dealId: 18,
        at: at(-5),
        aheadMinutes: 60,
        offsetMinutes: 60,
        suggestedZone: 'UTC',
        timeZone: 'Europe/Prague',
        raw: hostile,
        message: hostile,
        said: {
          key: 'deadline.zone',
          params: {
            head: {
              key: 'deadline.reads',
              params: { size: { key: 'deadline.early', params: { n: '60' } }, ahead: '0', expected: '60' },
            },
            says: 'UTC',
            zone: 'UTC',
          },
        },
      },
    },
    recycledId: {
      ok: true,
      value: {
        dealId: 19,
        at: at(-3),
        state: 'handed_in',
        via: 'webhook',
        differences: [`demand 501 → 502`, hostile],
        message: hostile,
      },
    },
  });
}
