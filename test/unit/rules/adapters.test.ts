import { describe, expect, it } from 'vitest';
import { AcceptedDeal } from '../../../src/deals/accepted.js';
import { Deal, DealText, DemandBrief } from '../../../src/marketplace/schema.js';
import { subjectOfDeal } from '../../../src/rules/from-deal.js';
import { subjectOfDemand } from '../../../src/rules/from-demand.js';
import { rulesVerdict } from '../../../src/rules/verdict.js';

/** `GET /v1/demands/{id}` as the API document lists it, plus the blogger's `reward` and a field we do not know. */
const wireDemand = {
  id: 41,
  name: 'Zahradní sekačky',
  url: 'https://shop.example.cz/',
  price: 3000,
  state: 'aktivni',
  vip: true,
  type: 'web',
  keywords: 'sekačka, zahrada',
  keyword_urls: [{ keyword: 'sekačka', url: 'https://shop.example.cz/sekacky' }],
  links_mode: 2,
  description: 'Článek o výběru sekačky.',
  expectation: 'SEO',
  ns: 2,
  publication: false,
  attachment: null,
  materials: {},
  reward: 2100,
  future_field: { x: 1 },
};

describe('src/rules/from-demand', () => {
  it('reads a full brief into the subject, the target and keyword URLs as its links', () => {
    const subject = subjectOfDemand(DemandBrief.parse(wireDemand));
    expect(subject).toEqual({
      stage: 'demand',
      name: 'Zahradní sekačky',
      brief: 'Článek o výběru sekačky.',
      keywords: 'sekačka, zahrada',
      keywordUrls: [{ keyword: 'sekačka', url: 'https://shop.example.cz/sekacky' }],
      links: ['https://shop.example.cz/', 'https://shop.example.cz/sekacky'],
      linksMode: 2,
      expectation: 'SEO',
      pages: 2,
      reward: 2100,
      vip: true,
      text: undefined,
    });
    expect(rulesVerdict({ vip: false, linksModes: [1] }, subject).reasons.map((r) => r.rule)).toEqual([
      'linksModes',
      'vip',
    ]);
  });

  it('drops what does not fit instead of failing, and then the rules ask', () => {
    const brief = DemandBrief.parse({
      id: 5,
      keyword_urls: 'none',
      links_mode: 'x',
      reward: -3,
      expectation: 3,
    });
    const subject = subjectOfDemand(brief);
    expect(subject).toMatchObject({ keywordUrls: undefined, links: undefined, linksMode: undefined });
    expect(subject.expectation).toBe(3);
    const verdict = rulesVerdict({ minReward: 1, maxLinks: 2, expectations: [3] }, subject);
    expect(verdict.outcome).toBe('ask');
    expect(verdict.reasons.map((r) => r.rule)).toEqual(['minReward', 'maxLinks']);
  });

  it("judges a publication demand's own text: its words, its links, its length", () => {
    const text = `<h1>Hra</h1><p>Nejlepší <b>kasino</b> &amp; <a href="https://x.casino.ru/a">bonus</a>
      <a href="/relative">r</a> <a href="mailto:a@b.cz">m</a></p>`;
    const subject = subjectOfDemand(
      DemandBrief.parse({ ...wireDemand, publication: true, keyword_urls: undefined, materials: { text } }),
    );
    expect(subject.text).toContain('Nejlepší  kasino  & ');
    expect(subject.links).toEqual(['https://shop.example.cz/', 'https://x.casino.ru/a']);
    const verdict = rulesVerdict({ refusedWords: ['KASÍNO'], refusedTlds: ['ru'] }, subject);
    expect(verdict.reasons.map((r) => [r.rule, r.outcome])).toEqual([
      ['floor', 'ask'],
      ['refusedWords', 'refuse'],
      ['refusedTlds', 'refuse'],
    ]);
  });

  it('ignores the text of a demand that is not a publication', () => {
    const subject = subjectOfDemand(DemandBrief.parse({ ...wireDemand, materials: { text: 'kasino' } }));
    expect(subject.text).toBeUndefined();
  });

  it('reads a hostile text in linear time', () => {
    const text = `${'<a href="'.repeat(200_000)}${'<'.repeat(2_000_000)}`;
    const started = performance.now();
    const subject = subjectOfDemand(
      DemandBrief.parse({ ...wireDemand, publication: true, materials: { text } }),
    );
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(subject.text?.trim()).toBe('');
  });
});

const event = {
  id: 900,
  blog: { id: 7, name: 'Blog' },
  demand: {
    id: 41,
    name: 'Zahradní sekačky',
    url: 'https://shop.example.cz/',
    keywords: 'sekačka',
    description: 'Brief z události.',
    expectation: 'SEO',
    ns: 1,
    publication: false,
  },
  price: 3000,
  reward: 2100,
  instant_publish: false,
  published_by: 'agent',
  category_id: null,
  publish_deadline: '2026-11-28 21:00:00',
};

describe('src/rules/from-deal', () => {
  it('judges the event alone: keyword URLs, link mode and express are not known yet', () => {
    const subject = subjectOfDeal({ accepted: AcceptedDeal.parse(event) });
    expect(subject).toMatchObject({
      stage: 'deal',
      reward: 2100,
      pages: 1,
      links: undefined,
      linksMode: undefined,
    });
    const verdict = rulesVerdict({ express: false, maxLinks: 3, vip: false }, subject);
    expect(verdict.reasons.map((r) => [r.rule, r.outcome])).toEqual([
      ['maxLinks', 'ask'],
      ['express', 'ask'],
    ]);
  });

  it("takes the detail's refined brief and the real text with its links", () => {
    const detail = Deal.parse({
      id: 900,
      state: 'akceptovano',
      blog: { id: 7 },
      demand: {
        id: 41,
        description: 'Brief z detailu.',
        keyword_urls: [{ keyword: 'sekačka', url: 'https://Spam.Example.com/s' }],
        links_mode: 1,
      },
      price: 3000,
      express_hours: 24,
      article_url: null,
      reward: 2200,
    });
    const text = DealText.parse({ text: `<p>${'Slovo '.repeat(400)}<a href="https://další.cz/">x</a></p>` });
    const subject = subjectOfDeal({ accepted: AcceptedDeal.parse(event), detail, text });
    expect(subject).toMatchObject({
      brief: 'Brief z detailu.',
      name: 'Zahradní sekačky',
      reward: 2200,
      expressHours: 24,
      linksMode: 1,
      links: ['https://shop.example.cz/', 'https://Spam.Example.com/s', 'https://další.cz/'],
    });
    const verdict = rulesVerdict({ express: false, refusedDomains: ['example.com'], maxLinks: 2 }, subject);
    expect(verdict.outcome).toBe('refuse');
    expect(verdict.reasons.map((r) => r.rule)).toEqual(['maxLinks', 'refusedDomains', 'express']);
  });

  it("knows a publication deal has no keyword URLs: its links are the text's", () => {
    const accepted = AcceptedDeal.parse({ ...event, demand: { ...event.demand, publication: true } });
    const text = DealText.parse({ text: '<p><a href="https://a.cz">a</a></p>' });
    expect(subjectOfDeal({ accepted, text }).links).toEqual(['https://shop.example.cz/', 'https://a.cz']);
  });
});
