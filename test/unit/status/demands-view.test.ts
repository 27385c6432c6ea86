/** The "Poptávky / Demands" views in Czech and English, with the advertiser's hostile words kept inert. */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { DemandRecord } from '../../../src/demands/store.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { renderDemand } from '../../../src/status/views/demand.js';
import { renderDeclineConfirm, renderOfferConfirm } from '../../../src/status/views/demand-confirm.js';
import { renderDemands } from '../../../src/status/views/demands.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { foreignWords } from '../../helpers/language.js';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const HOSTILE_NAME = 'Sekačky <script>alert(1)</script>';
const HOSTILE_DESCRIPTION = 'Popis <img src=x onerror=alert(2)> konec';

const context = (language: Language): ViewContext => ({
  base: '/status',
  now: NOW,
  timeZone: 'Europe/Prague',
  version: '9.9.9',
  marketplaceName: 'Marketplace',
  blogNames: new Map([[1, 'Zahrada a dům']]),
  csrf: 'token-123',
  t: createTranslator(language),
});

const hostile: DemandRecord = {
  blogId: 1,
  demandId: 41,
  item: {
    id: 41,
    name: HOSTILE_NAME,
    url: 'javascript:alert(3)',
    vip: true,
    keywords: 'sekačka, zahrada',
    ns: 2,
    publication: false,
    expectation: 1,
    description: HOSTILE_DESCRIPTION,
    reward: 1500,
  },
  firstSeenAt: '2026-11-23T11:00:00.000Z',
  source: 'poll',
  brief: {
    readAt: '2026-11-23T11:01:00.000Z',
    keywordUrls: [
      { keyword: 'sekačky', url: 'javascript:alert(4)' },
      { keyword: 'zahrada', url: 'https://shop.example/zahrada' },
    ],
  },
  verdict: {
    outcome: 'refuse',
    reasons: [
      {
        rule: 'minReward',
        outcome: 'refuse',
        said: { key: 'verdict.reason.reward_low', params: { reward: 1500, min: 2000 } },
      },
      { rule: 'expectations', outcome: 'ask', said: { key: 'verdict.reason.expectation_missing' } },
    ],
  },
  available: true,
};

const offered: DemandRecord = {
  blogId: 1,
  demandId: 42,
  item: { id: 42, name: 'Tepelná čerpadla', ns: 1, expectation: 'naše vlastní slova', reward: 900 },
  firstSeenAt: '2026-11-22T11:00:00.000Z',
  source: 'webhook',
  verdict: { outcome: 'fits', reasons: [] },
  available: true,
  offer: { at: '2026-11-22T12:00:00.000Z', reward: 1200, dealId: 7001, state: 'nabidnuto_vyssi', by: 'cli' },
};

const gone: DemandRecord = {
  blogId: 1,
  demandId: 40,
  item: { id: 40, name: 'Staré', reward: 500 },
  firstSeenAt: '2026-11-20T11:00:00.000Z',
  source: 'poll',
  available: false,
  goneAt: '2026-11-21T11:00:00.000Z',
};

const WORDS = {
  cs: {
    nav: 'Poptávky',
    fits: 'Vyhovuje',
    refuse: 'Odmítnout',
    length: '2 NS',
    seo: 'SEO',
    by: 'z příkazové řádky',
    gone: 'už není dostupná',
    higher: 'Je to vyšší nabídka',
  },
  en: {
    nav: 'Demands',
    fits: 'Fits',
    refuse: 'Refuse',
    length: '2 std. pages',
    seo: 'SEO',
    by: 'from the command line',
    gone: 'no longer available',
    higher: 'This is a higher bid',
  },
} as const;

// The rules' and the offer errors' catalog (src/i18n/messages/blog-rules.ts, demands.ts) write "{n} Kč" in English too.
const DATA = [
  'Kč',
  HOSTILE_NAME,
  HOSTILE_DESCRIPTION,
  'Tepelná čerpadla',
  'naše vlastní slova',
  'Staré',
  'Zahrada a dům',
  'sekačka, zahrada',
  'sekačky',
  'zahrada',
];

describe.each(['cs', 'en'] as const)('the demand views in %s', (language) => {
  const ctx = context(language);
  const words = WORDS[language];

  it('lists the blog’s demands newest first with reward, length, goal, verdict, reasons and offer state', () => {
    const page = renderDemands(ctx, {
      pollMinutes: 5,
      single: true,
      blogs: [{ blogId: 1, records: { ok: true, value: [hostile, offered, gone] } }],
    }).value;
    const $ = cheerio.load(page);
    expect($('nav.main a[aria-current="page"]').text()).toBe(words.nav);
    expect(
      $('tr[data-demand]')
        .map((_, el) => $(el).attr('data-demand'))
        .get(),
    ).toEqual(['41', '42', '40']);
    const first = $('tr[data-demand="41"]');
    expect(first.find('[data-verdict="refuse"]').text()).toBe(words.refuse);
    expect(first.find('[data-verdict="refuse"]').hasClass('tone-problem')).toBe(true);
    expect(first.find('ul.reasons li')).toHaveLength(2);
    expect(first.text()).toContain(words.length);
    expect(first.text()).toContain(language === 'cs' ? '1\u00a0500\u00a0Kč' : 'CZK\u00a01,500');
    expect(first.find('[data-vip]')).toHaveLength(1);
    const second = $('tr[data-demand="42"]');
    expect(second.find('[data-verdict="fits"]').hasClass('tone-done')).toBe(true);
    expect(second.find('[data-offer="nabidnuto_vyssi"]').text()).toContain(words.by);
    expect(second.find('[data-deal="7001"]')).toHaveLength(1);
    expect(second.text()).toContain('naše vlastní slova');
    expect($('tr[data-demand="40"] [data-gone]').text()).toBe(words.gone);
    expect($('a.button[href="/status/demands/1/decline"]')).toHaveLength(1);
    // Inert: the name is text, never an element.
    expect($('script:not([src])')).toHaveLength(0);
    expect($('tr[data-demand="41"] a').first().text()).toBe(HOSTILE_NAME);
    expect(foreignWords($('main').text(), language, DATA)).toEqual([]);
  });

  it('says when the intake is off, and when a blog has no demand yet', () => {
    const off = cheerio.load(renderDemands(ctx, { blogs: [], single: false }).value);
    expect(off('[data-intake="off"]').text()).toContain('demands.enabled: false');
    const empty = cheerio.load(
      renderDemands(ctx, {
        pollMinutes: 5,
        single: false,
        blogs: [{ blogId: 1, records: { ok: true, value: [] } }],
      }).value,
    );
    expect(empty('[data-empty="true"]').text()).toMatch(/5 min/);
    for (const $ of [off, empty]) expect(foreignWords($('main').text(), language, DATA)).toEqual([]);
  });

  it('shows one demand: the brief with only http(s) links, every reason, and the offer form prefilled', () => {
    const $ = cheerio.load(renderDemand(ctx, hostile, { maxNote: 500 }).value);
    expect($('script:not([src])')).toHaveLength(0);
    expect($('img')).toHaveLength(0);
    expect($('dd.brief-text').text()).toBe(HOSTILE_DESCRIPTION);
    const hrefs = $('a[href]')
      .map((_, el) => $(el).attr('href'))
      .get();
    expect(hrefs.some((h) => h.toLowerCase().startsWith('javascript'))).toBe(false);
    expect(hrefs).toContain('https://shop.example/zahrada');
    expect(
      $('code.inert')
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual(['javascript:alert(3)', 'javascript:alert(4)']);
    expect($('[data-verdict-card] li')).toHaveLength(2);
    expect($('[data-verdict-card]').text()).toContain(
      language === 'cs' ? 'pod vaším minimem' : 'under your minimum',
    );
    const form = $('form.offer');
    expect(form.attr('method')).toBe('get');
    expect(form.attr('action')).toBe('/status/demands/1/41/offer');
    expect($('input[name="reward"]').val()).toBe('1500');
    expect($('textarea[name="note"]').attr('maxlength')).toBe('500');
    expect(foreignWords($('main').text(), language, DATA)).toEqual([]);
  });

  it('confirms an offer naming blog, demand and reward, with "higher bid" above the base; a decline too', () => {
    const $ = cheerio.load(renderOfferConfirm(ctx, hostile, { reward: 1800, note: 'Nápad <b>x</b>' }).value);
    const card = $('[data-confirm="offer"]');
    expect(card.text()).toContain('Zahrada a dům');
    expect(card.text()).toContain(HOSTILE_NAME);
    expect(card.find('[data-higher="true"]').text()).toContain(words.higher);
    expect($('form[method="post"] input[name="csrf"]').val()).toBe('token-123');
    expect($('form[method="post"] input[name="reward"]').val()).toBe('1800');
    expect($('b')).toHaveLength(0);
    const refused = cheerio.load(
      renderOfferConfirm(ctx, hostile, {
        reward: 100,
        note: undefined,
        problem: { key: 'demand.offer.error.reward_not_above_base', params: { base: 1500 } },
      }).value,
    );
    expect(refused('form[method="post"]')).toHaveLength(0);
    expect(refused('[role="alert"]').text()).toContain(language === 'cs' ? '1\u00a0500' : '1,500');
    const decline = cheerio.load(renderDeclineConfirm(ctx, 1, 3).value);
    expect(decline('form[method="post"]').attr('action')).toBe('/status/demands/1/decline');
    for (const page of [$, refused, decline]) {
      expect(foreignWords(page('main').text(), language, [...DATA, 'Nápad <b>x</b>'])).toEqual([]);
    }
  });
});
