import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/i18n/index.js';
import type { BlogRules } from '../../../src/rules/settings.js';
import type { RulesSubject } from '../../../src/rules/subject.js';
import { MAX_REASONS_PER_RULE, rulesVerdict } from '../../../src/rules/verdict.js';

const cs = createTranslator('cs');
const en = createTranslator('en');

/** A demand every rule below lets through. */
const demand: RulesSubject = {
  stage: 'demand',
  name: 'Zahradní sekačky',
  brief: 'Článek o výběru sekačky na trávu.',
  keywords: 'sekačka, zahrada',
  keywordUrls: [{ keyword: 'sekačka', url: 'https://shop.example.cz/sekacky' }],
  links: ['https://shop.example.cz/', 'https://shop.example.cz/sekacky'],
  linksMode: 1,
  expectation: 'SEO',
  pages: 2,
  reward: 2000,
  vip: false,
};
const dealSubject: RulesSubject = { ...demand, stage: 'deal', vip: undefined, expressHours: 0 };

const all: BlogRules = {
  minReward: 1000,
  minRewardPerPage: 500,
  expectations: [1, 4],
  refusedWords: ['kasino', 'online sázky'],
  refusedDomains: ['spam.example.com', 'Příklad.CZ'],
  refusedTlds: ['ru', 'рф'],
  maxLinks: 3,
  maxKeywordUrls: 2,
  linksModes: [0, 1],
  vip: false,
  express: false,
};

describe('src/rules/verdict', () => {
  it('fits without rules, whatever the subject', () => {
    expect(rulesVerdict(undefined, { stage: 'demand', name: 'kasino', reward: 1 })).toEqual({
      outcome: 'fits',
      reasons: [],
    });
  });

  it('fits a demand and a deal that hold every rule', () => {
    expect(rulesVerdict(all, demand)).toEqual({ outcome: 'fits', reasons: [] });
    expect(rulesVerdict(all, dealSubject)).toEqual({ outcome: 'fits', reasons: [] });
  });

  it.each<[string, RulesSubject, 'ask' | 'refuse', string, string]>([
    [
      'reward under the minimum',
      { ...demand, reward: 999 },
      'refuse',
      'minReward',
      'under your minimum of 1,000 Kč',
    ],
    ['no reward', { ...demand, reward: undefined }, 'ask', 'minReward', 'reward is not known'],
    [
      'reward per page under it',
      { ...demand, pages: 5 },
      'refuse',
      'minRewardPerPage',
      '400 Kč per standard page',
    ],
    ['no length', { ...demand, pages: undefined }, 'ask', 'minRewardPerPage', 'length is not known'],
    ['a length under one page', { ...demand, pages: 0 }, 'ask', 'floor', "under the marketplace's floor"],
    [
      'a goal not accepted (code)',
      { ...demand, expectation: 2 },
      'refuse',
      'expectations',
      'goal (mentions)',
    ],
    [
      'a goal not accepted (digit)',
      { ...demand, expectation: '3' },
      'refuse',
      'expectations',
      'goal (conversion)',
    ],
    [
      'a goal in own words',
      { ...demand, expectation: 'hodně prodat' },
      'ask',
      'expectations',
      '"hodně prodat"',
    ],
    ['no goal', { ...demand, expectation: undefined }, 'ask', 'expectations', 'does not state'],
    [
      'a refused word in the name',
      { ...demand, name: 'Nejlepší KASINO' },
      'refuse',
      'refusedWords',
      'in the name',
    ],
    [
      'a word with diacritics',
      { ...demand, brief: 'Tipy: ONLINE SAZKY!' },
      'refuse',
      'refusedWords',
      'in the brief',
    ],
    [
      'a refused word in keywords',
      { ...demand, keywords: 'x, kasína, Kasino' },
      'refuse',
      'refusedWords',
      'keywords',
    ],
    ['a refused word in the text', { ...demand, text: 'a kasino' }, 'refuse', 'refusedWords', 'in the text'],
    [
      'a subdomain of a refused domain',
      { ...demand, links: ['https://A.Spam.Example.COM/x'] },
      'refuse',
      'refusedDomains',
      'refused domain spam.example.com',
    ],
    [
      'an IDN domain written in Unicode',
      { ...demand, links: ['https://www.PŘÍKLAD.cz/'] },
      'refuse',
      'refusedDomains',
      'refused domain xn--',
    ],
    ['a refused TLD', { ...demand, links: ['http://shop.example.ru'] }, 'refuse', 'refusedTlds', '.ru'],
    ['an IDN TLD', { ...demand, links: ['https://пример.рф/'] }, 'refuse', 'refusedTlds', '.xn--p1ai'],
    [
      'an unreadable link',
      { ...demand, links: ['mailto:x@y.cz'] },
      'ask',
      'refusedDomains',
      'no http(s) address',
    ],
    [
      'too many links',
      { ...demand, links: ['http://a.cz', 'http://b.cz', 'http://c.cz', 'http://d.cz', 'http://a.cz'] },
      'refuse',
      'maxLinks',
      '4 links',
    ],
    ['links not known', { ...demand, links: undefined }, 'ask', 'maxLinks', 'links are not known'],
    [
      'too many keyword URLs',
      { ...demand, keywordUrls: [1, 2, 3].map((n) => ({ keyword: `k${n}`, url: `http://a.cz/${n}` })) },
      'refuse',
      'maxKeywordUrls',
      '3 keyword URLs',
    ],
    ['keyword URLs not known', { ...demand, keywordUrls: undefined }, 'ask', 'maxKeywordUrls', 'not known'],
    ['a link mode not accepted', { ...demand, linksMode: 2 }, 'refuse', 'linksModes', 'link mode 2'],
    ['no link mode', { ...demand, linksMode: undefined }, 'ask', 'linksModes', 'links_mode'],
    ['a VIP demand', { ...demand, vip: true }, 'refuse', 'vip', 'VIP demands'],
    ['a demand silent on VIP', { ...demand, vip: undefined }, 'ask', 'vip', 'whether it is VIP'],
    ['an express deal', { ...dealSubject, expressHours: 24 }, 'refuse', 'express', 'express delivery (24 h)'],
    [
      'a deal silent on express',
      { ...dealSubject, expressHours: undefined },
      'ask',
      'express',
      'whether it is',
    ],
  ])('%s', (_name, subject, outcome, rule, english) => {
    const verdict = rulesVerdict(all, subject);
    expect(verdict.outcome).toBe(outcome);
    const reason = verdict.reasons.find((r) => r.rule === rule);
    expect(reason?.outcome).toBe(outcome);
    expect(en.say(reason?.said ?? '')).toContain(english);
    expect(cs.say(reason?.said ?? '')).not.toBe(en.say(reason?.said ?? ''));
    expect(cs.say(reason?.said ?? '')).not.toMatch(/\{|verdict\./);
  });

  it('refuses over asking: one refused rule among unknowns refuses, with every reason', () => {
    const verdict = rulesVerdict(all, { stage: 'demand', name: 'kasino' });
    expect(verdict.outcome).toBe('refuse');
    expect(verdict.reasons.filter((r) => r.outcome === 'ask').length).toBeGreaterThan(3);
  });

  it('matches whole words only, not parts of words', () => {
    const verdict = rulesVerdict(
      { refusedWords: ['kasino', 'sázky'] },
      { ...demand, name: 'kasinový sázkyx' },
    );
    expect(verdict.outcome).toBe('fits');
  });

  it('leaves VIP to the demand and express to the deal', () => {
    expect(rulesVerdict({ vip: false }, { stage: 'deal', vip: true }).outcome).toBe('fits');
    expect(rulesVerdict({ express: false }, { stage: 'demand', expressHours: 12 }).outcome).toBe('fits');
  });

  it('judges the reward per page by the real text when there is one, and asks below the floor', () => {
    const text = 'slovo '.repeat(900); // 5,399 characters: three standard pages
    const three = rulesVerdict({ minRewardPerPage: 700 }, { stage: 'deal', pages: 1, reward: 2000, text });
    expect(three.outcome).toBe('refuse');
    expect(en.say(three.reasons[0]?.said ?? '')).toContain('666 Kč per standard page (3 pages)');
    const short = rulesVerdict({}, { stage: 'deal', text: 'krátké' });
    expect(short.outcome).toBe('ask');
    expect(cs.say(short.reasons[0]?.said ?? '')).toMatch(/1\s800/);
  });

  it('names a few matches per rule and counts the rest', () => {
    const words = Array.from({ length: 9 }, (_, i) => `slovo${i}`);
    const verdict = rulesVerdict({ refusedWords: words }, { stage: 'demand', name: words.join(' ') });
    expect(verdict.reasons).toHaveLength(MAX_REASONS_PER_RULE + 1);
    expect(en.say(verdict.reasons.at(-1)?.said ?? '')).toBe('and 4 more');
  });

  it("treats the blogger's words as text, never as a pattern", () => {
    const verdict = rulesVerdict(
      { refusedWords: ['(a+)+$', 'c++'] },
      { ...demand, brief: 'učím se C++ rychle' },
    );
    expect(verdict.outcome).toBe('refuse');
    expect(en.say(verdict.reasons[0]?.said ?? '')).toContain('"c++"');
  });

  it('stays linear on huge hostile texts', () => {
    const huge = `${'a'.repeat(2_000_000)} ${'<'.repeat(1_000_000)} ${'á'.repeat(1_000_000)}`;
    const rules: BlogRules = { ...all, refusedWords: [`${'a'.repeat(99)}b`, 'á á á á á á á b'] };
    const started = performance.now();
    const verdict = rulesVerdict(rules, {
      ...dealSubject,
      name: huge,
      brief: huge,
      keywords: huge,
      text: huge,
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(verdict.reasons.some((r) => r.rule === 'refusedWords')).toBe(false);
  });
});
