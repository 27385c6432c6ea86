import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { ConfigError } from '../../../src/errors.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { BlogRules } from '../../../src/rules/settings.js';

const cs = createTranslator('cs');
const en = createTranslator('en');

const withRules = (rules: unknown) => ({
  marketplace: { baseUrl: 'https://api.example.cz', apiKey: 'key-123' },
  blogs: [{ id: 7, publisher: 'static', rules }],
});

function issuesOf(rules: unknown) {
  try {
    parseConfig(withRules(rules), {});
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('src/rules/settings', () => {
  it('takes every rule, and no rules at all', () => {
    const rules = {
      minReward: 1500,
      minRewardPerPage: 800,
      expectations: [1, 4],
      refusedWords: ['kasino', 'online sázky'],
      refusedDomains: ['example.com', 'Příklad.CZ', '.shop.example.net'],
      refusedTlds: ['ru', '.xyz', 'рф'],
      maxLinks: 3,
      maxKeywordUrls: 2,
      linksModes: [0, 1],
      vip: false,
      express: false,
    };
    expect(parseConfig(withRules(rules), {}).blogs[0]?.rules).toEqual(rules);
    expect(parseConfig(withRules(undefined), {}).blogs[0]?.rules).toBeUndefined();
  });

  it.each([
    [
      'minReward',
      { minReward: -1 },
      'musí být celý počet Kč, 0 nebo víc',
      'must be a whole number of Kč, 0 or more',
    ],
    ['minRewardPerPage', { minRewardPerPage: 1.5 }, 'celý počet Kč', 'whole number of Kč'],
    ['expectations[0]', { expectations: [5] }, 'kód cíle tržiště', 'a marketplace goal code'],
    ['expectations[0]', { expectations: ['seo'] }, '1 SEO', '1 SEO'],
    ['refusedWords[1]', { refusedWords: ['ok', '!!! —'] }, 'alespoň jedno písmeno', 'at least one letter'],
    ['refusedWords[0]', { refusedWords: ['x'.repeat(101)] }, 'nejvýše 100 znaků', 'at most 100 characters'],
    [
      'refusedDomains',
      { refusedDomains: Array(501).fill('a.cz') },
      'nejvýše 500 položek',
      'at most 500 entries',
    ],
    [
      'refusedDomains[0]',
      { refusedDomains: ['https://example.com/x'] },
      'doména jako example.cz',
      'a domain such as',
    ],
    ['refusedDomains[0]', { refusedDomains: ['exa mple.com'] }, 'doména jako example.cz', 'a domain such as'],
    ['refusedTlds[0]', { refusedTlds: ['co.uk'] }, 'nejvyššího řádu', 'a top-level domain'],
    ['maxLinks', { maxLinks: -2 }, 'celé číslo, 0 nebo víc', 'a whole number, 0 or more'],
    ['linksModes[0]', { linksModes: [0.5] }, 'celé číslo, 0 nebo víc', 'a whole number, 0 or more'],
  ])('says a bad %s in both languages', (path, rules, czech, english) => {
    const issue = issuesOf(rules).find((i) => i.path === `blogs[0].rules.${path}`);
    expect(issue, JSON.stringify(issuesOf(rules))).toBeDefined();
    expect(cs.say(issue?.said ?? '')).toContain(czech);
    expect(en.say(issue?.said ?? '')).toContain(english);
  });

  it("says a rule of the wrong type as zod's own check, in Czech too", () => {
    const issue = issuesOf({ vip: 'no' }).find((i) => i.path === 'blogs[0].rules.vip');
    expect(cs.say(issue?.said ?? '')).not.toBe(en.say(issue?.said ?? ''));
  });

  it('is an object of optional rules only: an empty one parses', () => {
    expect(BlogRules.parse({})).toEqual({});
  });
});
