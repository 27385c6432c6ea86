/**
 * The blogger's home page (src/status/views/overview.ts and its parts), as pure functions: the four answers
 * ("all well?", "what needs me?", the deals in progress, this month's earnings) in Czech and English, each kind
 * of item with its action, and hostile texts from the marketplace, the advertiser and a site printed inert.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { DealRecord } from '../../../src/deals/record.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import type { Earnings } from '../../../src/money/earnings.js';
import { advertiserPosts, homeTone, needItems } from '../../../src/status/views/home-needs.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { type OverviewData, renderOverview } from '../../../src/status/views/overview.js';
import { nestedDivs, paragraphs } from '../../helpers/hostile-texts.js';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function context(language: Language): ViewContext {
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

function deal(dealId: number, overrides: Partial<DealRecord> = {}): DealRecord {
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

function earnings(overrides: Partial<Earnings> = {}): Earnings {
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
function allWell(overrides: Partial<OverviewData> = {}): OverviewData {
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

const page = (language: Language, data: OverviewData) =>
  cheerio.load(renderOverview(context(language), data).value);
const text = ($: cheerio.CheerioAPI, selector: string) => $(selector).text().replace(/\s+/g, ' ').trim();

/** One item of each kind, the deals among them with hostile titles and errors. */
function everything(hostile: string): OverviewData {
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
      },
    },
  });
}

describe('src/status/views/overview (the home page)', () => {
  it.each([
    [
      'cs',
      'Vše v pořádku',
      'Co potřebuje vás',
      'Nic.',
      'Rozpracované obchody',
      'Výdělek za listopad 2026',
      '4 500 Kč',
    ],
    [
      'en',
      'All is well',
      'What needs you',
      'Nothing.',
      'Deals in progress',
      'Earned in November 2026',
      'CZK 4,500',
    ],
  ] as const)(
    '%s: all is well, nothing needs the blogger',
    (language, verdict, needs, none, progress, month, paid) => {
      const $ = page(language, allWell());
      expect($('html').attr('lang')).toBe(language);
      expect($('[data-verdict]').attr('data-verdict')).toBe('ok');
      expect(text($, '[data-verdict] .verdict-title')).toBe(verdict);
      expect(text($, '[data-card="needs"] h2')).toBe(needs);
      expect(text($, '[data-card="needs"] p')).toContain(none);
      expect($('[data-need]')).toHaveLength(0);
      expect(text($, '[data-card="progress"] h2')).toBe(progress);
      expect($('[data-card="progress"] tr[data-deal="7"] .countdown').attr('data-deadline')).toBe(at(40));
      expect(text($, '[data-card="earnings"] h2')).toBe(month);
      expect(text($, '[data-earned="month"]').replace(/\u00a0/g, ' ')).toBe(paid);
      expect($('[data-card="earnings"] a').attr('href')).toBe('/status/earnings');
      // The technical cards are on the System page, linked from the navigation.
      expect($('[data-queue], [data-rate]')).toHaveLength(0);
      expect($('nav.main a[href="/status/system"]')).toHaveLength(1);
    },
  );

  it.each(['cs', 'en'] as const)('%s: every kind of item, each with its action', (language) => {
    const $ = page(language, everything('plain'));
    const kinds = $('[data-need]')
      .map((_i, li) => $(li).attr('data-need'))
      .get();
    expect(kinds).toEqual([
      'marketplace_down',
      'rate_limited',
      'key',
      'failed',
      'missed',
      'approval',
      'site',
      'site',
      'article',
      'message',
      'claim',
      'arbitration',
      'dates',
    ]);
    expect($('[data-verdict]').attr('data-verdict')).toBe('bad');
    const need = (kind: string) => $(`[data-need="${kind}"]`).first();
    // A failed or missed deal: retry through the existing action route, with the page's form token.
    for (const [kind, id] of [
      ['failed', 11],
      ['missed', 12],
    ] as const) {
      const form = need(kind).find('form');
      expect(form.attr('method')).toBe('post');
      expect(form.attr('action')).toBe(`/status/deals/${id}/retry`);
      expect(form.find('input[name="csrf"]').attr('value')).toBe('token-123');
      expect(need(kind).find(`a[href="/status/deals/${id}"]`).length).toBeGreaterThan(0);
    }
    expect(need('approval').find('a[href="https://marketplace.example.cz/obchody/13"]')).toHaveLength(1);
    expect(text($, '[data-need="key"]')).toContain('marketplace.apiKey');
    expect(need('message').find('a[href="/status/deals/14"]').length).toBeGreaterThan(0);
    expect(need('claim').find('a[href="/status/deals/15"]').length).toBeGreaterThan(0);
    expect(need('arbitration').find('a[href="/status/deals/16"]').length).toBeGreaterThan(0);
    expect(need('article').find('a[href="/status/deals/17"]').length).toBeGreaterThan(0);
    expect(need('site').find('a[href="/status/system#blogs"]')).toHaveLength(1);
    expect(need('marketplace_down').find('a[href="/status/system#rate"]')).toHaveLength(1);
    expect(need('dates').find('a[href="/status/system#dates"]')).toHaveLength(1);
    const words =
      language === 'cs'
        ? [
            'Tržiště odmítlo API klíč',
            'selhal',
            'termín zmeškán',
            'čeká na schválení',
            'zprávu',
            'reklamaci',
            'arbitráži',
          ]
        : ['refused the API key', 'failed', 'deadline missed', 'approval', 'message', 'claim', 'arbitration'];
    for (const word of words) expect(text($, 'ul.needs')).toContain(word);
  });

  it.each([
    ['cs', 'Něco potřebuje vás', 'níže je, co čeká na vás'],
    ['en', 'Something needs you', 'below is what waits for you'],
  ] as const)('%s: one deal waiting for approval is amber, not red', (language, title, count) => {
    const $ = page(
      language,
      allWell({ attention: { ok: true, value: [deal(13, { state: 'waiting_approval' })] } }),
    );
    expect($('[data-verdict]').attr('data-verdict')).toBe('warn');
    expect(text($, '[data-verdict] .verdict-title')).toBe(title);
    expect(text($, '[data-verdict]')).toContain(count);
  });

  it.each([
    ['cs', 'pressbridge teď nemůže pracovat', 'Redis neodpovídá'],
    ['en', 'pressbridge cannot work right now', 'Redis does not answer'],
  ] as const)(
    '%s: Redis down is red, and the other answers say they are unavailable',
    (language, title, item) => {
      const down = { ok: false as const, error: 'connect ECONNREFUSED' };
      const $ = page(language, {
        redis: { ok: true, value: false },
        attention: down,
        inProgress: down,
        targets: down,
        posts: down,
        earnings: down,
      });
      expect($('[data-verdict]').attr('data-verdict')).toBe('bad');
      expect(text($, '[data-verdict] .verdict-title')).toBe(title);
      expect(text($, '[data-need="redis"]')).toContain(item);
      expect(text($, '[data-card="progress"]')).toContain('ECONNREFUSED');
      expect(text($, '[data-card="earnings"]')).toContain('ECONNREFUSED');
    },
  );

  it('lists the deals in progress by deadline, the nearest first, with what is not shown', () => {
    const $ = page(
      'en',
      allWell({
        inProgress: {
          ok: true,
          value: {
            total: 5,
            items: [deal(1, { deadline: at(90) }), deal(2, { deadline: at(-5), state: 'retrying' }), deal(3)],
          },
        },
      }),
    );
    const rows = $('[data-card="progress"] tr[data-deal]');
    expect(rows.map((_i, r) => $(r).attr('data-deal')).get()).toEqual(['2', '3', '1']);
    expect(rows.first().find('.countdown').hasClass('missed')).toBe(true);
    expect(text($, '[data-card="progress"]')).toContain('and 2 more in progress');
  });

  it('shows the ten nearest deadlines of many deals in progress', () => {
    const items = Array.from({ length: 12 }, (_, i) => deal(100 + i, { deadline: at(30 + i) }));
    items.push(deal(99, { deadline: at(-1), state: 'retrying' }));
    const $ = page('cs', allWell({ inProgress: { ok: true, value: { total: 13, items } } }));
    const ids = $('[data-card="progress"] tr[data-deal]')
      .map((_i, r) => Number($(r).attr('data-deal')))
      .get();
    expect(ids).toEqual([99, 100, 101, 102, 103, 104, 105, 106, 107, 108]);
    expect(text($, '[data-card="progress"]')).toContain('a dalších 3 rozpracovaných');
  });

  it('prints hostile texts from the marketplace, the advertiser and the sites inert', () => {
    const plain = page('cs', everything('plain'));
    for (const hostile of [
      '<img src=x onerror=alert(1)>',
      '"><script>alert(1)</script>',
      nestedDivs(5),
      paragraphs(2, '<script>alert(2)</script>'),
      'jméno \u202Egnp.exe',
    ]) {
      const $ = page('cs', everything(hostile));
      expect($('script:not([src])')).toHaveLength(0);
      expect($('img')).toHaveLength(0);
      // Not one element more than with plain words: nothing the texts hold became markup.
      expect($('*').length).toBe(plain('*').length);
      expect($('[onerror]')).toHaveLength(0);
      expect($.html()).not.toContain('\u202E');
      if (hostile.startsWith('<img')) {
        expect(text($, '[data-need="site"]')).toContain(hostile);
        expect(text($, '[data-need="message"]')).toContain(hostile);
      }
    }
  });
});

describe('src/status/views/home-needs', () => {
  it('keeps the newest claim and message per deal within the shown days', () => {
    const posts = advertiserPosts(
      [
        {
          event: 'message.created',
          receivedAt: at(-10),
          dealId: 1,
          body: {
            event: 'message.created',
            message: { text: '\n  Dobrý den, <b>prosím</b> o úpravu\ndruhý řádek' },
          },
        },
        { event: 'message.created', receivedAt: at(-20), dealId: 1 },
        { event: 'claim.created', receivedAt: at(-30), dealId: 1 },
        { event: 'deal.accepted', receivedAt: at(-40), dealId: 2 },
        { event: 'message.created', receivedAt: at(-8 * 24 * 60), dealId: 3 },
        { event: 'claim.created', receivedAt: 'not a date', dealId: 4 },
      ],
      NOW,
    );
    expect(posts).toEqual([
      { kind: 'message', dealId: 1, at: at(-10), line: 'Dobrý den, <b>prosím</b> o úpravu' },
      { kind: 'claim', dealId: 1, at: at(-30) },
    ]);
  });

  it('is all well only when nothing is there; a source that cannot be read is not silence', () => {
    const facts = {
      redis: { ok: true as const, value: true },
      attention: { ok: true as const, value: [] },
      targets: { ok: true as const, value: [] },
      posts: { ok: true as const, value: [] },
    };
    expect(homeTone(needItems(facts))).toBe('ok');
    const unknown = needItems({ ...facts, attention: { ok: false, error: 'timeout' } });
    expect(unknown).toEqual([{ kind: 'unknown', error: 'timeout' }]);
    expect(homeTone(unknown)).toBe('warn');
  });
});
