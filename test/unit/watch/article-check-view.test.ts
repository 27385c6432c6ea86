import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { DealRecord } from '../../../src/deals/record.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { renderDeal } from '../../../src/status/views/deal.js';
import type { ViewContext } from '../../../src/status/views/layout.js';

const NOW = new Date('2026-11-05T10:00:00.000Z');

function ctx(language: Language): ViewContext {
  return {
    base: '',
    now: NOW,
    timeZone: 'Europe/Prague',
    version: '1',
    marketplaceName: 'Marketplace',
    blogNames: new Map(),
    csrf: 'x',
    t: createTranslator(language),
  };
}

function record(data: Record<string, unknown>): DealRecord {
  return {
    dealId: 5,
    blogId: 1,
    state: 'handed_in',
    url: 'https://blog.example/a',
    receivedAt: '2026-11-01T08:00:00.000Z',
    deadline: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-05T09:00:00.000Z',
    attempts: 1,
    steps: {},
    data,
  };
}

const card = (language: Language, data: Record<string, unknown>) =>
  load(String(renderDeal(ctx(language), { record: record(data), log: [], events: [] })))(
    '[data-article-check]',
  );

const check = (over: Record<string, unknown>) => ({
  at: '2026-11-05T08:30:00.000Z',
  ok: false,
  status: 200,
  missing: [],
  links: 2,
  detail: '',
  ...over,
});

describe('the deal page: live article check', () => {
  it('shows an unreadable check as neither fine nor an error, in Czech and in English', () => {
    const data = {
      articleCheck: check({ unreadable: true, detail: 'the page read ran past 10000 ms' }),
    };
    const cs = card('cs', data);
    expect(cs.attr('data-article-check')).toBe('unreadable');
    expect(cs.hasClass('error-box')).toBe(false);
    expect(cs.text()).toContain(
      'Stránku se nepodařilo přečíst v mezích kontroly (the page read ran past 10000 ms)',
    );
    expect(card('en', data).text()).toContain('The page could not be read within the check’s limits');
  });

  it('shows a refused check as neither fine nor an error, in Czech and in English', () => {
    const data = { articleCheck: check({ status: 403, refused: true, detail: 'HTTP 403' }) };
    const cs = card('cs', data);
    expect(cs.attr('data-article-check')).toBe('refused');
    expect(cs.hasClass('error-box')).toBe(false);
    expect(cs.text()).toContain('Web kontrolu odmítl (HTTP 403)');
    expect(card('en', data).text()).toContain('The site refused the check (HTTP 403)');
  });

  it('shows missing links with their hrefs, in Czech and in English', () => {
    const data = { articleCheck: check({ problem: 'links', missing: ['https://shop.example.cz/?a=1&b=2'] }) };
    const cs = card('cs', data);
    expect(cs.attr('data-article-check')).toBe('links');
    expect(cs.text()).toContain('Na živém článku chybí odkazy inzerenta');
    expect(cs.find('li code').text()).toBe('https://shop.example.cz/?a=1&b=2');
    expect(card('en', data).text()).toContain('Advertiser links are missing from the live article');
  });

  it('shows a gone article with what the site answered', () => {
    const data = { articleCheck: check({ problem: 'gone', status: 404, detail: 'HTTP 404' }) };
    expect(card('cs', data).text()).toContain('Článek není dostupný: HTTP 404.');
    expect(card('en', data).text()).toContain('The article is not reachable: HTTP 404.');
  });

  it('shows a good check, and a deal not checked yet', () => {
    expect(card('cs', { articleCheck: check({ ok: true }) }).attr('data-article-check')).toBe('ok');
    expect(card('en', { articleCheck: check({ ok: true }) }).text()).toContain(
      'every advertiser link is in place (2)',
    );
    expect(card('cs', {}).text()).toContain('Zatím neproběhla');
    expect(card('en', { paid: { reward: 1, price: 2, at: NOW.toISOString() } })).toHaveLength(0);
  });

  it('names each finding of a page or links problem, in Czech and in English', () => {
    const page = {
      articleCheck: check({
        problem: 'page',
        findings: [
          { kind: 'noindex', detail: 'meta robots' },
          { kind: 'label_gone', detail: 'Komerční sdělení' },
        ],
      }),
    };
    const cs = card('cs', page);
    expect(cs.attr('data-article-check')).toBe('page');
    expect(cs.hasClass('error-box')).toBe(true);
    expect(
      cs
        .find('li')
        .map((_, li) => load(li).text())
        .get(),
    ).toEqual([
      'stránka je vyřazena z indexace (noindex): meta robots',
      'označení komerčního sdělení zmizelo: Komerční sdělení',
    ]);
    const links = {
      articleCheck: check({
        problem: 'links',
        findings: [
          { kind: 'link_changed', href: 'https://shop.example/', detail: 'rel "sponsored" → ""' },
          { kind: 'text_edited', detail: 'a → b' },
        ],
      }),
    };
    expect(card('en', links).find('li').text()).toBe(
      'an advertiser link changed (rel or href): rel "sponsored" → ""',
    );
  });
});
