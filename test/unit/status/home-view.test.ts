/**
 * The blogger's home page (src/status/views/overview.ts and its parts), as pure functions: the four answers
 * ("all well?", "what needs me?", the deals in progress, this month's earnings) in Czech and English, each kind
 * of item with its action, and hostile texts from the marketplace, the advertiser and a site printed inert.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { recycledIdFinding } from '../../../src/deals/recycled-id.js';
import type { Language } from '../../../src/i18n/index.js';
import { type OverviewData, renderOverview } from '../../../src/status/views/overview.js';
import { nestedDivs, paragraphs } from '../../helpers/hostile-texts.js';
import { foreignWords } from '../../helpers/language.js';
import { allWell, at, context, deal, everything, NOW } from './home-fixtures.js';

const page = (language: Language, data: OverviewData) =>
  cheerio.load(renderOverview(context(language), data).value);
const text = ($: cheerio.CheerioAPI, selector: string) => $(selector).text().replace(/\s+/g, ' ').trim();

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
      'recycled',
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
    expect(need('recycled').find('a[href="/status/deals/19"]').length).toBeGreaterThan(0);
    expect(text($, '[data-need="recycled"]')).toContain('demand 501 → 502');
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
            'publish_deadline vychází o 60 min dřív',
          ]
        : [
            'refused the API key',
            'failed',
            'deadline missed',
            'approval',
            'message',
            'claim',
            'arbitration',
            'publish_deadline reads 60 min early',
          ];
    for (const word of words) expect(text($, 'ul.needs')).toContain(word);
  });

  it.each([
    ['cs', 'poptávka 501 → 502'],
    ['en', 'demand 501 → 502'],
  ] as const)('%s: a reused deal id says what differs in the reader’s language', (language, detail) => {
    const finished = deal(19, { state: 'handed_in', data: { acceptance: { demandId: 501 } } });
    const finding = recycledIdFinding(finished, { via: 'webhook', blogId: 101, demandId: 502 }, NOW);
    const $ = page(language, allWell({ recycledId: { ok: true, value: finding } }));
    expect(text($, '[data-need="recycled"] .detail')).toBe(detail);
    expect(foreignWords(text($, '[data-need="recycled"]'), language)).toEqual([]);
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
    expect(text($, '[data-card="progress"]')).toContain('showing the 3 of 5 with the nearest deadlines');
  });

  it('shows the ten nearest deadlines of many deals in progress', () => {
    const items = Array.from({ length: 12 }, (_, i) => deal(100 + i, { deadline: at(30 + i) }));
    items.push(deal(99, { deadline: at(-1), state: 'retrying' }));
    const $ = page('cs', allWell({ inProgress: { ok: true, value: { total: 13, items } } }));
    const ids = $('[data-card="progress"] tr[data-deal]')
      .map((_i, r) => Number($(r).attr('data-deal')))
      .get();
    expect(ids).toEqual([99, 100, 101, 102, 103, 104, 105, 106, 107, 108]);
    expect(text($, '[data-card="progress"]')).toContain('zobrazeno 10 z 13 s nejbližším termínem');
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

  it.each([
    ['cs', 'Naposledy odevzdané články', 'Zatím žádný odevzdaný článek.'],
    ['en', 'Articles handed in lately', 'No article handed in yet.'],
  ] as const)(
    '%s: the articles handed in lately, each with its live article; none said plainly',
    (language, title, none) => {
      const handedIn = (dealId: number, url: string, title: string) =>
        deal(dealId, { state: 'handed_in', title, url, data: { handedInAt: at(-dealId) } });
      const hostile = '<img src=x onerror=alert(1)>';
      const $ = page(language, {
        ...allWell(),
        recent: {
          ok: true,
          value: [
            handedIn(7, 'https://blog.example.cz/clanek-7/', hostile),
            handedIn(8, 'javascript:alert(1)', 'Bez odkazu'),
          ],
        },
      });
      expect(text($, '[data-card="recent"] h2')).toBe(title);
      expect($('[data-card="recent"] li')).toHaveLength(2);
      // By the hand-in time, the latest first (7 was handed in a minute after 8).
      expect(
        $('[data-card="recent"] li')
          .map((_, li) => $(li).attr('data-deal'))
          .get(),
      ).toEqual(['7', '8']);
      expect(
        $('[data-card="recent"] li[data-deal="7"] a[href="https://blog.example.cz/clanek-7/"]'),
      ).toHaveLength(1);
      expect(text($, '[data-card="recent"] li[data-deal="7"]')).toContain(hostile);
      expect($('[data-card="recent"] img, [data-card="recent"] [onerror]')).toHaveLength(0);
      // An address that is not http(s) is no link.
      expect($('[data-card="recent"] a[href^="javascript"]')).toHaveLength(0);
      expect($('[data-card="recent"] li[data-deal="7"] time').attr('datetime')).toBe(at(-7));

      const empty = page(language, { ...allWell(), recent: { ok: true, value: [] } });
      expect(text(empty, '[data-card="recent"]')).toContain(none);
      expect(page(language, allWell())('[data-card="recent"]')).toHaveLength(0);
    },
  );
});
