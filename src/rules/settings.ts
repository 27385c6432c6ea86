import { z } from 'zod';
import { ruleText } from '../config/rules.js';
import { ON_NO_ANSWER } from '../deals/look.js';
import { EXPECTATION_CODES } from '../marketplace/schema.js';
import { foldText, hostOf, splitWords } from './normalise.js';

/** Entries per list and characters per entry: a rule list is the blogger's, not a dictionary. */
export const MAX_RULE_ENTRIES = 500;
export const MAX_RULE_ENTRY_CHARS = 100;

const entries = <T extends z.ZodType>(item: T) =>
  z.array(item).max(MAX_RULE_ENTRIES, ruleText('config.rule.rules_list_max'));

/** A refused word or phrase: it must hold at least one letter or digit (else it matches nothing). */
const RefusedWord = z
  .string()
  .max(MAX_RULE_ENTRY_CHARS, ruleText('config.rule.rules_entry_chars'))
  .refine((word) => splitWords(foldText(word)).length > 0, { error: ruleText('config.rule.rules_word') });

/** A domain as the blogger writes it (`Example.CZ`, `příklad.cz`, `.example.com`): it must read as a host name. */
const RefusedDomain = z
  .string()
  .max(MAX_RULE_ENTRY_CHARS, ruleText('config.rule.rules_entry_chars'))
  .refine((domain) => hostOf(domain.replace(/^\.+/, '')) !== undefined && !/[/:?#@\s]/.test(domain), {
    error: ruleText('config.rule.rules_domain'),
  });

/** A top-level domain (`ru`, `.xyz`, `рф`): one label. */
const RefusedTld = z
  .string()
  .max(MAX_RULE_ENTRY_CHARS, ruleText('config.rule.rules_entry_chars'))
  .refine((tld) => !(hostOf(tld.replace(/^\./, '')) ?? '.').includes('.'), {
    error: ruleText('config.rule.rules_tld'),
  });

const kc = z.number().int(ruleText('config.rule.rules_kc')).min(0, ruleText('config.rule.rules_kc'));
const count = z.number().int(ruleText('config.rule.rules_count')).min(0, ruleText('config.rule.rules_count'));

/** Longest note sent with an offer (`note`, the article idea): one line, the advertiser reads it in a list. */
export const MAX_OFFER_NOTE_CHARS = 500;

/**
 * `blogs[].rules.autoOffer`: offers made without asking, off unless `enabled`. Only a demand whose verdict is
 * `fits` is offered on (never `ask` or `refuse`), at its base reward, within the caps per Prague day
 * (src/demands/daily-cap.ts). No rules at all means everything fits: set rules before turning this on.
 */
export const AutoOffer = z.object({
  enabled: z.boolean().default(false).describe('`true`: offer on every demand that fits, within the caps.'),
  maxPerDay: count
    .default(3)
    .describe('The most automatic offers per blog and day (Europe/Prague); 0 makes none.'),
  maxKcPerDay: kc
    .default(10_000)
    .describe('The most Kč of base rewards offered automatically per blog and day (Europe/Prague).'),
  note: z
    .string()
    .max(MAX_OFFER_NOTE_CHARS, ruleText('config.rule.rules_note'))
    .optional()
    .describe('The note (`note`, the article idea) sent with each automatic offer; one line. Absent: none.'),
});
export type AutoOffer = z.infer<typeof AutoOffer>;

/**
 * `blogs[].rules`: what the blogger takes and what not (issue 30, docs/decisions/0023-the-bloggers-rules.md). Absent:
 * no rules, everything fits. An absent key is no rule; src/rules/verdict.ts says which rule asks and which refuses.
 */
export const BlogRules = z.object({
  minReward: kc.optional().describe('The least reward (Kč) taken for an article; less is refused.'),
  minRewardPerPage: kc
    .optional()
    .describe(
      "The least reward (Kč) per standard page (1,800 characters): the reward over the demand's `ns`, or over " +
        "the real text's length when there is a text; less is refused.",
    ),
  expectations: z
    .array(z.literal(EXPECTATION_CODES, { error: ruleText('config.rule.rules_expectation') }))
    .optional()
    .describe(
      "The advertiser's goals (`expectation`) taken, by the marketplace's codes: 1 SEO, 4 answers in AI " +
        'assistants, 2 mentions, 3 conversion, 0 other. Another goal is refused; a goal in words of its own asks you.',
    ),
  refusedWords: entries(RefusedWord)
    .optional()
    .describe(
      "Words and topics refused (`kasino`, `online sázky`): whole words, case and diacritics aside, in the demand's " +
        'name, brief and keywords, and in the text of a publication demand or of a deal.',
    ),
  refusedDomains: entries(RefusedDomain)
    .optional()
    .describe('Link domains refused, each with its subdomains (`example.com` refuses `shop.example.com`).'),
  refusedTlds: entries(RefusedTld).optional().describe('Top-level domains refused for links (`ru`, `xyz`).'),
  maxLinks: count
    .optional()
    .describe(
      'The most links: the target URL, the keyword URLs and the links of the text, each address once; more is refused.',
    ),
  maxKeywordUrls: count.optional().describe('The most keyword URLs (`keyword_urls`); more is refused.'),
  linksModes: z
    .array(count)
    .optional()
    .describe(
      "The link modes (`links_mode`) taken; the document does not name its values, so these are the marketplace's " +
        'numbers as you see them in a demand. Another is refused.',
    ),
  vip: z.boolean().optional().describe('`false`: VIP demands are refused.'),
  express: z
    .boolean()
    .optional()
    .describe('`false`: deals with express delivery (`express_hours`) are refused.'),
  autoOffer: AutoOffer.optional().describe(
    'Offers made without asking on demands that fit (never on ask me or refuse), at the base reward, capped per ' +
      'day (docs/decisions/0024-demand-intake-pace.md). Absent: off.',
  ),
  onNoAnswer: z
    .enum(ON_NO_ANSWER, { error: ruleText('config.rule.rules_on_no_answer') })
    .optional()
    .describe(
      'A deal held for your look (its real text broke a rule) that you neither approve nor refuse before the ' +
        'link expires: `hold` (default) does nothing and lets the deadline pass, `publish` publishes and hands it ' +
        'in, `refuse` refuses it and tells the advertiser why (docs/decisions/0025-the-last-look.md).',
    ),
});
export type BlogRules = z.infer<typeof BlogRules>;
