/**
 * The blogger's verdict on a demand or a deal (issue 30): `fits`, `ask` (the blogger decides) or `refuse`, with a
 * reason per rule that did not hold. Pure: the same rules judge the brief before an offer and the real text
 * before it goes live (docs/decisions/0023-the-bloggers-rules.md). No rules (`blogs[].rules` absent): fits.
 *
 * | rule (`blogs[].rules`)   | broken: refuse                                   | cannot judge: ask                          |
 * |--------------------------|--------------------------------------------------|--------------------------------------------|
 * | minReward                | reward under it                                  | no reward                                  |
 * | minRewardPerPage         | reward per standard page under it (the text's    | neither a text nor `ns` ≥ 1                |
 * |                          | length when there is a text, else `ns`)          |                                            |
 * | expectations             | a goal by code that is not listed                | a goal in words of its own, or none        |
 * | refusedWords             | a word or phrase in the name, brief, keywords or |                                            |
 * |                          | text (whole words, case and diacritics aside)    |                                            |
 * | refusedDomains, Tlds     | a link to the domain, a subdomain, or the TLD    | a link that reads as no http(s) address    |
 * | maxLinks                 | more distinct links                              | links not known (no keyword URLs)          |
 * | maxKeywordUrls           | more keyword URLs                                | keyword URLs not known                     |
 * | linksModes               | a mode not listed                                | no `links_mode`                            |
 * | vip: false               | a VIP demand                                     | a demand that does not say (demands only)  |
 * | express: false           | `express_hours` > 0                              | a deal that does not say (deals only)      |
 * | the article floor        |                                                  | a text under 1,800 characters, `ns` < 1    |
 *
 * Any refuse makes the verdict `refuse`; else any ask makes it `ask`. The floor is the marketplace's own
 * (one standard page), checked whenever there are rules.
 */
import type { Phrase } from '../errors.js';
import { expectationCode, STANDARD_PAGE_CHARS } from '../marketplace/schema.js';
import { charCount, foldText, hostOf, isUnderDomain, splitWords, tldOf, wordLine } from './normalise.js';
import type { BlogRules } from './settings.js';
import type { RulesSubject } from './subject.js';

export type RulesOutcome = 'fits' | 'ask' | 'refuse';
export type RuleName = keyof BlogRules | 'floor';

export interface RuleReason {
  readonly rule: RuleName;
  readonly outcome: 'ask' | 'refuse';
  /** In the blogger's language through the catalog (src/i18n/messages/blog-rules.ts). */
  readonly said: Phrase;
}

export interface RulesVerdict {
  readonly outcome: RulesOutcome;
  readonly reasons: readonly RuleReason[];
}

/** Matches reported per rule; the rest are counted in one more reason. */
export const MAX_REASONS_PER_RULE = 5;
/** A value of the advertiser's shown in a reason is cut to this length. */
const MAX_SHOWN = 120;

const shown = (text: string): string => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text);

type Found = (rule: RuleName, outcome: 'ask' | 'refuse', key: string, params?: Phrase['params']) => void;

export function rulesVerdict(rules: BlogRules | undefined, subject: RulesSubject): RulesVerdict {
  if (rules === undefined) return { outcome: 'fits', reasons: [] };
  const reasons: RuleReason[] = [];
  const perRule = new Map<string, number>();
  const found: Found = (rule, outcome, key, params) => {
    const n = (perRule.get(`${rule}/${outcome}`) ?? 0) + 1;
    perRule.set(`${rule}/${outcome}`, n);
    if (n <= MAX_REASONS_PER_RULE) {
      reasons.push({ rule, outcome, said: params === undefined ? { key } : { key, params } });
    }
  };
  money(rules, subject, found);
  goal(rules, subject, found);
  words(rules, subject, found);
  links(rules, subject, found);
  deal(rules, subject, found);
  for (const [name, n] of perRule) {
    if (n <= MAX_REASONS_PER_RULE) continue;
    const [rule, outcome] = name.split('/') as [RuleName, 'ask' | 'refuse'];
    reasons.push({
      rule,
      outcome,
      said: { key: 'verdict.reason.more', params: { n: n - MAX_REASONS_PER_RULE } },
    });
  }
  const outcome = reasons.some((r) => r.outcome === 'refuse')
    ? 'refuse'
    : reasons.length > 0
      ? 'ask'
      : 'fits';
  return { outcome, reasons };
}

/** The pages the reward pays for: the text's own length when there is a text, else `ns`. */
function pagesOf(subject: RulesSubject): number | undefined {
  if (subject.text !== undefined) return charCount(subject.text) / STANDARD_PAGE_CHARS;
  return subject.pages !== undefined && subject.pages >= 1 ? subject.pages : undefined;
}

function money(rules: BlogRules, subject: RulesSubject, found: Found): void {
  const { reward } = subject;
  if (rules.minReward !== undefined) {
    if (reward === undefined) found('minReward', 'ask', 'verdict.reason.reward_unknown');
    else if (reward < rules.minReward) {
      found('minReward', 'refuse', 'verdict.reason.reward_low', { reward, min: rules.minReward });
    }
  }
  if (rules.minRewardPerPage !== undefined) {
    const pages = pagesOf(subject);
    if (reward === undefined) found('minRewardPerPage', 'ask', 'verdict.reason.reward_unknown');
    else if (pages === undefined || pages === 0)
      found('minRewardPerPage', 'ask', 'verdict.reason.pages_unknown');
    else {
      const perPage = Math.floor(reward / pages);
      if (perPage < rules.minRewardPerPage) {
        const page = Math.round(pages * 10) / 10;
        found('minRewardPerPage', 'refuse', 'verdict.reason.per_page_low', {
          perPage,
          min: rules.minRewardPerPage,
          pages: page,
        });
      }
    }
  }
  if (subject.text !== undefined) {
    const chars = charCount(subject.text);
    if (chars < STANDARD_PAGE_CHARS) {
      found('floor', 'ask', 'verdict.reason.short_text', { chars, floor: STANDARD_PAGE_CHARS });
    }
  } else if (subject.pages !== undefined && subject.pages < 1) {
    found('floor', 'ask', 'verdict.reason.no_pages', { pages: subject.pages });
  }
}

function goal(rules: BlogRules, subject: RulesSubject, found: Found): void {
  if (rules.expectations === undefined) return;
  const code = expectationCode(subject.expectation);
  if (code === undefined) {
    const words = subject.expectation === undefined ? '' : shown(String(subject.expectation).trim());
    if (words === '') found('expectations', 'ask', 'verdict.reason.expectation_missing');
    else found('expectations', 'ask', 'verdict.reason.expectation_words', { expectation: words });
  } else if (!(rules.expectations as readonly number[]).includes(code)) {
    found('expectations', 'refuse', 'verdict.reason.expectation', {
      expectation: { key: `verdict.expectation.${code}` },
    });
  }
}

function words(rules: BlogRules, subject: RulesSubject, found: Found): void {
  if (rules.refusedWords === undefined || rules.refusedWords.length === 0) return;
  const places: Array<[string, string | undefined]> = [
    ['name', subject.name],
    ['brief', subject.brief],
    ['keywords', subject.keywords],
    ['text', subject.text],
  ];
  const lines = places.flatMap(([where, text]) =>
    text === undefined ? [] : [[where, wordLine(text)] as const],
  );
  for (const word of rules.refusedWords) {
    const needle = ` ${splitWords(foldText(word)).join(' ')} `;
    if (needle === '  ') continue;
    const place = lines.find(([, line]) => line.includes(needle));
    if (place !== undefined) {
      found('refusedWords', 'refuse', 'verdict.reason.word', {
        word: shown(word.trim()),
        where: { key: `verdict.where.${place[0]}` },
      });
    }
  }
}

function links(rules: BlogRules, subject: RulesSubject, found: Found): void {
  const distinct = subject.links === undefined ? undefined : [...new Set(subject.links.map((l) => l.trim()))];
  if (rules.maxLinks !== undefined) {
    if (distinct === undefined) found('maxLinks', 'ask', 'verdict.reason.links_unknown');
    else if (distinct.length > rules.maxLinks) {
      found('maxLinks', 'refuse', 'verdict.reason.links_many', {
        count: distinct.length,
        max: rules.maxLinks,
      });
    }
  }
  if (rules.maxKeywordUrls !== undefined) {
    const count = subject.keywordUrls?.length;
    if (count === undefined) found('maxKeywordUrls', 'ask', 'verdict.reason.keyword_urls_unknown');
    else if (count > rules.maxKeywordUrls) {
      found('maxKeywordUrls', 'refuse', 'verdict.reason.keyword_urls_many', {
        count,
        max: rules.maxKeywordUrls,
      });
    }
  }
  const domains = (rules.refusedDomains ?? []).flatMap((d) => {
    const host = hostOf(d.replace(/^\.+/, ''));
    return host === undefined ? [] : [host];
  });
  const tlds = (rules.refusedTlds ?? []).flatMap((t) => {
    const host = hostOf(t.replace(/^\./, ''));
    return host === undefined ? [] : [host];
  });
  if ((domains.length === 0 && tlds.length === 0) || distinct === undefined) return;
  for (const link of distinct) {
    const host = hostOf(link);
    if (host === undefined) {
      found('refusedDomains', 'ask', 'verdict.reason.link_unreadable', { link: shown(link) });
      continue;
    }
    const domain = domains.find((d) => isUnderDomain(host, d));
    if (domain !== undefined) {
      found('refusedDomains', 'refuse', 'verdict.reason.domain', { link: shown(link), domain });
    } else if (tlds.includes(tldOf(host))) {
      found('refusedTlds', 'refuse', 'verdict.reason.tld', { link: shown(link), tld: tldOf(host) });
    }
  }
}

function deal(rules: BlogRules, subject: RulesSubject, found: Found): void {
  if (rules.linksModes !== undefined) {
    if (subject.linksMode === undefined) found('linksModes', 'ask', 'verdict.reason.links_mode_unknown');
    else if (!rules.linksModes.includes(subject.linksMode)) {
      found('linksModes', 'refuse', 'verdict.reason.links_mode', { mode: subject.linksMode });
    }
  }
  if (rules.vip === false && subject.stage === 'demand') {
    if (subject.vip === undefined) found('vip', 'ask', 'verdict.reason.vip_unknown');
    else if (subject.vip) found('vip', 'refuse', 'verdict.reason.vip');
  }
  if (rules.express === false && subject.stage === 'deal') {
    if (subject.expressHours === undefined) found('express', 'ask', 'verdict.reason.express_unknown');
    else if (subject.expressHours > 0) {
      found('express', 'refuse', 'verdict.reason.express', { hours: subject.expressHours });
    }
  }
}
