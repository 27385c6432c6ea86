/**
 * The home page's demand side (issue 30 item 6): the deals held for a look, the fits waiting for an offer and the
 * offers waiting for an answer among "what needs me?" (pure, src/status/views/home-needs.ts), and the Market
 * card's charts (src/status/views/market-charts.ts), in Czech and English, with no script and no style attribute.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { DemandRecord } from '../../../src/demands/store.js';
import type { TallyView } from '../../../src/demands/tally.js';
import type { Language } from '../../../src/i18n/index.js';
import { renderDemands } from '../../../src/status/views/demands.js';
import { homeTone, needItems } from '../../../src/status/views/home-needs.js';
import { renderOverview } from '../../../src/status/views/overview.js';
import { foreignWords } from '../../helpers/language.js';
import { allWell, at, context, deal } from './home-fixtures.js';

function demand(demandId: number, overrides: Partial<DemandRecord> = {}): DemandRecord {
  return {
    blogId: 101,
    demandId,
    item: { id: demandId, name: `Poptávka ${demandId}`, reward: 1500, ns: 1 },
    firstSeenAt: at(-60),
    source: 'poll',
    available: true,
    verdict: { outcome: 'fits', reasons: [] },
    ...overrides,
  };
}

const offer = (dealId: number | undefined) => ({
  at: at(-30),
  reward: 1500,
  state: dealId === undefined ? 'existing' : 'nabidnuto',
  by: 'page' as const,
  ...(dealId === undefined ? {} : { dealId }),
});

/** Blog 101: two fits waiting, one of each thing that is not a fit waiting; blog 102: one offer waiting. */
const BLOGS = [
  {
    blogId: 101,
    records: [
      demand(1),
      demand(2),
      demand(3, { verdict: { outcome: 'ask', reasons: [] } }),
      demand(4, { available: false, goneAt: at(-5) }),
      demand(5, { declinedAt: at(-5) }),
      demand(6, { offer: offer(906) }),
      demand(7, { offer: offer(907), answer: { outcome: 'accepted', at: at(-2) } }),
      demand(8, { offer: offer(undefined) }),
      demand(9, { verdict: undefined }),
    ],
  },
  { blogId: 102, records: [demand(21, { blogId: 102, offer: offer(921) })] },
  { blogId: 103, records: [] },
];

const MARKET: TallyView = {
  month: '2026-11',
  months: [
    { month: '2025-10', made: 9, accepted: 9, refused: 9, kc: 9000, ns: 3 },
    { month: '2026-10', made: 4, accepted: 2, refused: 1, kc: 6000, ns: 4 },
    { month: '2026-11', made: 2, accepted: 0, refused: 1, kc: 2000, ns: 1 },
  ],
};

const facts = {
  redis: { ok: true as const, value: true },
  targets: { ok: true as const, value: [] },
  posts: { ok: true as const, value: [] },
};

describe('the home page: the demand side', () => {
  it('lists held deals first among the deals, fits per blog, one count of offers waiting', () => {
    const failed = deal(11, { state: 'failed' });
    const held = deal(12, { state: 'held' });
    const items = needItems({
      ...facts,
      attention: { ok: true, value: [failed, held] },
      demands: { ok: true, value: BLOGS },
    });
    expect(items.map((i) => i.kind)).toEqual(['held', 'failed', 'fits', 'offers']);
    expect(items[2]).toEqual({ kind: 'fits', blogId: 101, count: 2 });
    expect(items[3]).toEqual({ kind: 'offers', count: 2 });
    expect(homeTone(items)).toBe('warn');
  });

  it('keeps all well while offers only wait for the advertiser; an unreadable store adds nothing', () => {
    const waiting = [{ blogId: 101, records: [demand(6, { offer: offer(906) })] }];
    const items = needItems({
      ...facts,
      attention: { ok: true, value: [] },
      demands: { ok: true, value: waiting },
    });
    expect(items).toEqual([{ kind: 'offers', count: 1 }]);
    expect(homeTone(items)).toBe('ok');
    const unread = needItems({
      ...facts,
      attention: { ok: true, value: [] },
      demands: { ok: false, error: 'timeout' },
    });
    expect(unread).toEqual([]);
  });

  it.each(['cs', 'en'] as const)(
    '%s: a blog the marketplace calls incomplete (blog_neuplny) is named with what to fix, and is no all-well',
    (language) => {
      const incomplete = [{ blogId: 103, records: [], incompleteSince: at(-120) }];
      const items = needItems({
        ...facts,
        attention: { ok: true, value: [] },
        demands: { ok: true, value: incomplete },
      });
      expect(items).toEqual([{ kind: 'incomplete', blogId: 103, since: at(-120) }]);
      expect(homeTone(items)).toBe('warn');
      const $ = cheerio.load(
        renderOverview(context(language), allWell({ demands: { ok: true, value: incomplete } })).value,
      );
      const need = $('[data-need="incomplete"]');
      expect(need).toHaveLength(1);
      expect(need.text()).toContain('blog_neuplny');
      expect(need.text()).toContain(language === 'cs' ? 'minimální cenu' : 'minimum price');
      expect(foreignWords(need.text(), language, ['blog_neuplny'])).toEqual([]);
    },
  );

  it.each(['cs', 'en'] as const)(
    '%s: demand lists not read for a while are told with the last error, inert, and are no all-well',
    (language) => {
      const stall = { since: at(-30), detail: 'blog 1: 500 <script>alert(1)</script>' };
      const items = needItems({
        ...facts,
        attention: { ok: true, value: [] },
        demandsStalled: { ok: true, value: stall },
      });
      expect(items).toEqual([{ kind: 'demands_stalled', stall }]);
      expect(homeTone(items)).toBe('warn');
      const markup = renderOverview(
        context(language),
        allWell({ demandsStalled: { ok: true, value: stall } }),
      ).value;
      const need = cheerio.load(markup)('[data-need="demands_stalled"]');
      expect(need).toHaveLength(1);
      expect(need.text()).toContain('blog 1: 500 <script>alert(1)</script>');
      expect(markup).not.toContain('<script>alert(1)');
      expect(foreignWords(need.text(), language, [stall.detail])).toEqual([]);
    },
  );

  it.each([
    ['cs', 'Tržiště', 'Nabídky po měsících', 'Odměna za normostranu'],
    ['en', 'Market', 'Offers by month', 'Reward per standard page'],
  ] as const)(
    '%s: says its own words, links each item, draws the market without script or style',
    (language, card, offers, page) => {
      const data = allWell({
        attention: { ok: true, value: [deal(12, { state: 'held', deadline: at(90) })] },
        demands: { ok: true, value: BLOGS },
        market: { ok: true, value: MARKET },
      });
      const markup = renderOverview(context(language as Language), data).value;
      const $ = cheerio.load(markup);
      expect($('[data-need="held"] a[href="/status/deals/12"]').length).toBeGreaterThan(0);
      expect($('[data-need="held"] .countdown').attr('data-deadline')).toBe(at(90));
      expect($('[data-need="fits"] a[href="/status/demands/101"]')).toHaveLength(1);
      expect($('[data-need="fits"] strong').text()).toContain('Zahrada a dům');
      expect($('[data-need="offers"] a[href="/status/demands"]')).toHaveLength(1);

      const market = $('[data-card="market"]');
      expect(market.find('h2').text()).toBe(card);
      expect(market.find('[data-chart="offers-months"] figcaption').text()).toContain(offers);
      expect(market.find('[data-chart="reward-per-page"] figcaption').text()).toContain(page);
      // 12 months, this one last; October's 6,000 Kč over 4 pages is 1,500 per page, a year ago is outside.
      expect(market.find('[data-chart="offers-months"] g[data-group]')).toHaveLength(12);
      const made = market
        .find('[data-chart="offers-months"] rect.bar-made')
        .map((_, r) => $(r).attr('data-value'));
      expect(made.get().slice(-2)).toEqual(['4', '2']);
      expect(
        made
          .get()
          .slice(0, 10)
          .every((v) => v === '0'),
      ).toBe(true);
      const pages = market
        .find('[data-chart="reward-per-page"] rect.bar-page')
        .map((_, r) => $(r).attr('data-value'));
      expect(pages.get().slice(-2)).toEqual(['1500', '2000']);
      expect(market.find('[data-chart="reward-per-page"] svg text').first().text()).toBe(
        context(language).t.money(2000),
      );

      const charts = market.html() ?? '';
      expect(charts).not.toMatch(/\sstyle=/i);
      expect(charts).not.toMatch(/<script/i);
      expect(charts).not.toMatch(/\son[a-z]+=/i);
      const words = $('main').text() || $('body').text();
      expect(
        foreignWords(words, language as Language, [
          'Zahrada a dům',
          'Marketplace',
          'Článek 7',
          'Článek 12',
          'Poptávka',
        ]),
      ).toEqual([]);
    },
  );

  it('draws no Market card while the last 12 months hold nothing', () => {
    const old: TallyView = {
      month: '2026-11',
      months: [{ month: '2025-10', made: 3, accepted: 1, refused: 0, kc: 0, ns: 0 }],
    };
    for (const market of [
      { ok: true as const, value: old },
      { ok: false as const, error: 'timeout' },
      undefined,
    ]) {
      const $ = cheerio.load(renderOverview(context('en'), allWell({ market })).value);
      expect($('[data-card="market"]')).toHaveLength(0);
    }
  });

  it.each(['cs', 'en'] as const)(
    "%s: the Demands page draws both charts above the blogs, not on a blog's own page",
    (language) => {
      const refused = demand(7, { offer: offer(907), answer: { outcome: 'refused', at: at(-2) } });
      const blogs = [{ blogId: 101, records: { ok: true as const, value: [demand(1), refused] } }];
      const all = cheerio.load(
        renderDemands(context(language), {
          pollMinutes: 5,
          blogs,
          single: false,
          market: { ok: true, value: MARKET },
        }).value,
      );
      expect(
        all('[data-card="market"] [data-chart]')
          .map((_, f) => all(f).attr('data-chart'))
          .get(),
      ).toEqual(['offers-months', 'reward-per-page']);
      expect(all('tr[data-demand="7"] [data-answer="refused"]')).toHaveLength(1);
      expect(all('[data-card="market"]').html()).not.toMatch(/\sstyle=|<script/i);
      const one = cheerio.load(
        renderDemands(context(language), {
          pollMinutes: 5,
          blogs,
          single: true,
          market: { ok: true, value: MARKET },
        }).value,
      );
      expect(one('[data-chart]')).toHaveLength(0);
    },
  );
});
