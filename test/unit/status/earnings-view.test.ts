/** The Earnings page and the money parts of the deal pages, in Czech and English. */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { DealRecord } from '../../../src/deals/record.js';
import { MarketplaceError } from '../../../src/errors.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import type { Earnings } from '../../../src/money/earnings.js';
import { pageInfo } from '../../../src/status/format.js';
import { renderDeal } from '../../../src/status/views/deal.js';
import { renderDeals } from '../../../src/status/views/deals.js';
import { renderEarnings, renderEarningsUnavailable } from '../../../src/status/views/earnings.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { foreignWords } from '../../helpers/language.js';

const NOW = new Date('2026-11-23T12:00:00.000Z');

const context = (language: Language): ViewContext => ({
  base: '/status',
  now: NOW,
  timeZone: 'Europe/Prague',
  version: '9.9.9',
  marketplaceName: 'Marketplace',
  blogNames: new Map([[1, 'Zahrada a dům']]),
  csrf: 'token',
  t: createTranslator(language),
});

const earnings: Earnings = {
  fetchedAt: '2026-11-23T10:00:00.000Z',
  lastError: { message: 'GET /v1/payouts answered 500', at: '2026-11-23T11:00:00.000Z' },
  month: '2026-11',
  year: '2026',
  awaiting: {
    count: 2,
    amount: 12_345,
    deals: [
      {
        dealId: 1001,
        blog: 'Zahrada a dům',
        demand: 'Sekačky <b>2026</b>',
        reward: 12_345,
        articleUrl: 'https://zahrada.example/sekacky',
        source: 'overview',
      },
      { dealId: 1002, blog: 'Zahrada a dům', demand: null, reward: null, articleUrl: null, source: 'record' },
    ],
  },
  arbitration: { count: 0, amount: 0, deals: [] },
  paidThisMonth: { count: 3, amount: 5400 },
  paidThisYear: { count: 10, amount: 18_000 },
  months: [
    { month: '2026-11', count: 3, amount: 5400 },
    { month: '2026-10', count: 7, amount: 12_600 },
  ],
  blogs: [
    {
      blogId: 1,
      blog: 'Zahrada a dům',
      awaiting: { count: 2, amount: 12_345 },
      paidThisYear: { count: 3, amount: 5400 },
    },
  ],
};

const texts = {
  cs: {
    title: 'Výdělky',
    awaiting: 'Čeká na proplacení',
    amount: '12\u00a0345\u00a0Kč',
    month: 'Proplaceno tento měsíc · listopad 2026',
    monthRow: 'říjen 2026',
    failed: 'Poslední načtení přehledu výplat se nepodařilo',
    unknown: 'neznámá',
  },
  en: {
    title: 'Earnings',
    awaiting: 'Awaiting payout',
    amount: 'CZK\u00a012,345',
    month: 'Paid this month · November 2026',
    monthRow: 'October 2026',
    failed: 'The last read of the payout overview failed',
    unknown: 'unknown',
  },
} as const;

describe.each(['cs', 'en'] as const)('Earnings views (%s)', (language) => {
  const ctx = context(language);
  const want = texts[language];

  it('shows awaiting, paid this month and year, per blog, per month, and when the overview was read', () => {
    const $ = cheerio.load(renderEarnings(ctx, earnings).value);
    expect($('h1').text()).toBe(want.title);
    expect($('html').attr('lang')).toBe(language);
    expect($('nav.main a[aria-current="page"]').attr('href')).toBe('/status/earnings');
    expect($('nav.main a[aria-current="page"]').text()).toBe(want.title);
    const awaiting = $('[data-money="awaiting"]');
    expect(awaiting.find('h2').text()).toBe(want.awaiting);
    expect(awaiting.find('.big').text()).toBe(want.amount);
    expect(awaiting.find('[data-count]').attr('data-count')).toBe('2');
    expect($('[data-money="month"] h2').text()).toBe(want.month);
    expect($('[data-money="month"] [data-amount]').attr('data-amount')).toBe('5400');
    expect($('[data-money="year"] [data-amount]').attr('data-amount')).toBe('18000');
    expect($('[data-fetched-at]').attr('data-fetched-at')).toBe(earnings.fetchedAt);
    expect($('[role="alert"]').text()).toContain(want.failed);
    expect($('[data-money-deals="awaiting"] tr[data-deal="1001"] a[href="/status/deals/1001"]').text()).toBe(
      '#1001',
    );
    // The demand is text, never markup.
    expect($('[data-money-deals="awaiting"] b')).toHaveLength(0);
    expect($('tr[data-deal="1002"]').text()).toContain(want.unknown);
    expect($('[data-money="blogs"] tr[data-blog="Zahrada a dům"]').text()).toContain(want.amount);
    expect($('[data-money="months"] tr[data-month="2026-10"]').text()).toContain(want.monthRow);
  });

  it('says when the overview was never read, and when the numbers are unavailable', () => {
    const never = cheerio.load(
      renderEarnings(ctx, { ...earnings, fetchedAt: null, lastError: null, months: [], blogs: [] }).value,
    );
    expect(never('[data-fetched-at]').attr('data-fetched-at')).toBe('');
    expect(never('[role="alert"]')).toHaveLength(0);
    const down = cheerio.load(renderEarningsUnavailable(ctx, 'Redis (earnings) did not answer').value);
    expect(down('[role="alert"]').text()).toContain('Redis (earnings) did not answer');
  });

  it("says a failed read's marketplace error in the page's language, its English kept for an old one", () => {
    const refused = new MarketplaceError({
      status: 500,
      code: 'server_error',
      message: 'server error',
      said: { key: 'market.status.server_error' },
      method: 'GET',
      path: '/v1/payouts',
      retryable: true,
    });
    const said = refused.phrase ?? refused.message;
    const lastError = { message: refused.message, said, at: '2026-11-23T11:00:00.000Z' };
    const $ = cheerio.load(renderEarnings(ctx, { ...earnings, lastError }).value);
    const alert = $('[role="alert"]').text();
    expect(alert).toContain(
      language === 'cs'
        ? 'Tržiště: GET /v1/payouts selhalo: 500 server_error: chyba serveru'
        : 'Marketplace GET /v1/payouts failed: 500 server_error: server error',
    );
    expect(foreignWords(alert, language)).toEqual([]);
    // A failure stored before its phrase was kept: its English, as stored.
    const old = cheerio.load(renderEarnings(ctx, earnings).value);
    expect(old('[role="alert"]').text()).toContain('GET /v1/payouts answered 500');
  });

  it('puts the reward in the deals table and reward, price and paid time on the deal page', () => {
    const record = (data: Record<string, unknown>): DealRecord => ({
      dealId: 7,
      blogId: 1,
      state: 'handed_in',
      receivedAt: '2026-11-23T09:00:00.000Z',
      deadline: '2026-11-23T10:00:00.000Z',
      updatedAt: '2026-11-23T09:30:00.000Z',
      attempts: 1,
      steps: {},
      data,
    });
    const unpaid = record({ reward: 12_345, price: 15_000 });
    const paid = record({
      reward: 12_345,
      price: 15_000,
      paid: { reward: 12_345, price: 15_000, at: '2026-11-23T11:00:00.000Z' },
    });
    const table = cheerio.load(
      renderDeals(ctx, {
        items: [unpaid],
        total: 1,
        paging: pageInfo(1, 1, 25),
        state: undefined,
        states: [],
      }).value,
    );
    expect(table('td[data-reward="12345"]').text()).toBe(want.amount);
    expect(table('th').text()).toContain(language === 'cs' ? 'Odměna' : 'Reward');
    const paidTable = cheerio.load(
      renderDeals(ctx, { items: [paid], total: 1, paging: pageInfo(1, 1, 25), state: undefined, states: [] })
        .value,
    );
    expect(paidTable('[data-paid="true"]').text()).toBe(language === 'cs' ? 'proplaceno' : 'paid');

    const page = cheerio.load(renderDeal(ctx, { record: paid, log: [], events: [] }).value);
    expect(page('dd[data-reward="12345"]').text()).toBe(want.amount);
    expect(page('dd[data-paid-at="2026-11-23T11:00:00.000Z"]').text()).toContain(
      language === 'cs' ? '23. 11. 2026 12:00' : '23 Nov 2026, 12:00',
    );
    const unpaidPage = cheerio.load(renderDeal(ctx, { record: unpaid, log: [], events: [] }).value);
    expect(unpaidPage('dd[data-paid-at=""]').text()).toBe(language === 'cs' ? 'zatím ne' : 'not yet');
  });
});
