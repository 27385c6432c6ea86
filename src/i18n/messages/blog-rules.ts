import type { Catalog } from '../catalog.js';

/**
 * The blogger's rules (`blogs[].rules`, src/rules/): their config rules (keys `config.rule.rules_`, read back by
 * src/config/issues.ts) and the verdict with its reasons (keys `verdict.`, src/rules/verdict.ts).
 */
export const blogRuleMessages = {
  'config.rule.rules_list_max': { cs: 'nejvýše 500 položek', en: 'at most 500 entries' },
  'config.rule.rules_entry_chars': {
    cs: 'nejvýše 100 znaků na položku',
    en: 'at most 100 characters per entry',
  },
  'config.rule.rules_word': {
    cs: 'slovo nebo fráze musí obsahovat alespoň jedno písmeno nebo číslici',
    en: 'a word or phrase must hold at least one letter or digit',
  },
  'config.rule.rules_domain': {
    cs: 'musí být doména jako example.cz (bez http://, cesty a portu)',
    en: 'must be a domain such as example.cz (no http://, path or port)',
  },
  'config.rule.rules_tld': {
    cs: 'musí být doména nejvyššího řádu jako ru nebo xyz (jedna část, bez teček)',
    en: 'must be a top-level domain such as ru or xyz (one label, no dots)',
  },
  'config.rule.rules_kc': {
    cs: 'musí být celý počet Kč, 0 nebo víc',
    en: 'must be a whole number of Kč, 0 or more',
  },
  'config.rule.rules_count': {
    cs: 'musí být celé číslo, 0 nebo víc',
    en: 'must be a whole number, 0 or more',
  },
  'config.rule.rules_note': {
    cs: 'nejvýše 500 znaků',
    en: 'at most 500 characters',
  },
  'config.rule.rules_expectation': {
    cs: 'musí být kód cíle tržiště: 1 SEO, 4 odpovědi v AI asistentech, 2 zmínky, 3 konverze, 0 jiné',
    en: 'must be a marketplace goal code: 1 SEO, 4 answers in AI assistants, 2 mentions, 3 conversion, 0 other',
  },
  'verdict.fits': { cs: 'Vyhovuje', en: 'Fits' },
  'verdict.ask': { cs: 'Zeptat se mě', en: 'Ask me' },
  'verdict.refuse': { cs: 'Odmítnout', en: 'Refuse' },
  'verdict.expectation.0': { cs: 'jiné', en: 'other' },
  'verdict.expectation.1': { cs: 'SEO', en: 'SEO' },
  'verdict.expectation.2': { cs: 'zmínky', en: 'mentions' },
  'verdict.expectation.3': { cs: 'konverze', en: 'conversion' },
  'verdict.expectation.4': { cs: 'odpovědi v AI asistentech', en: 'answers in AI assistants' },
  'verdict.where.name': { cs: 'v názvu', en: 'in the name' },
  'verdict.where.brief': { cs: 'v zadání', en: 'in the brief' },
  'verdict.where.keywords': { cs: 'v klíčových slovech', en: 'in the keywords' },
  'verdict.where.text': { cs: 'v textu', en: 'in the text' },
  'verdict.reason.more': { cs: 'a další ({n})', en: 'and {n} more' },
  'verdict.reason.reward_unknown': {
    cs: 'odměna není známá, pravidla pro odměnu nelze posoudit',
    en: 'the reward is not known, so the reward rules cannot judge it',
  },
  'verdict.reason.reward_low': {
    cs: 'odměna {reward} Kč je pod vaším minimem {min} Kč',
    en: 'the reward of {reward} Kč is under your minimum of {min} Kč',
  },
  'verdict.reason.pages_unknown': {
    cs: 'délka není známá, odměnu za normostranu nelze spočítat',
    en: 'the length is not known, so the reward per standard page cannot be worked out',
  },
  'verdict.reason.per_page_low': {
    cs: 'odměna {perPage} Kč za normostranu ({pages} NS) je pod vaším minimem {min} Kč',
    en: 'the reward of {perPage} Kč per standard page ({pages} pages) is under your minimum of {min} Kč',
  },
  'verdict.reason.short_text': {
    cs: 'text má {chars} znaků, méně než minimum tržiště {floor} znaků (jedna normostrana)',
    en: "the text has {chars} characters, under the marketplace's floor of {floor} (one standard page)",
  },
  'verdict.reason.no_pages': {
    cs: 'požadovaná délka {pages} NS je pod minimem tržiště (jedna normostrana)',
    en: "the length asked, {pages} pages, is under the marketplace's floor (one standard page)",
  },
  'verdict.reason.expectation_missing': {
    cs: 'poptávka neuvádí cíl inzerenta',
    en: "the demand does not state the advertiser's goal",
  },
  'verdict.reason.expectation_words': {
    cs: 'cíl inzerenta je popsán vlastními slovy („{expectation}“), posuďte ho sami',
    en: 'the advertiser\'s goal is in words of their own ("{expectation}"): yours to judge',
  },
  'verdict.reason.expectation': {
    cs: 'cíl inzerenta ({expectation}) mezi přijímanými není',
    en: "the advertiser's goal ({expectation}) is not one you accept",
  },
  'verdict.reason.word': {
    cs: 'odmítané slovo „{word}“ {where}',
    en: 'the refused word "{word}" {where}',
  },
  'verdict.reason.links_unknown': {
    cs: 'odkazy nejsou známé (chybí URL klíčových slov), jejich počet nelze posoudit',
    en: 'the links are not known (no keyword URLs), so their number cannot be judged',
  },
  'verdict.reason.links_many': {
    cs: 'odkazů je {count}, vy berete nejvýše {max}',
    en: '{count} links, and you take at most {max}',
  },
  'verdict.reason.keyword_urls_unknown': {
    cs: 'URL klíčových slov nejsou známé',
    en: 'the keyword URLs are not known',
  },
  'verdict.reason.keyword_urls_many': {
    cs: 'URL klíčových slov je {count}, vy berete nejvýše {max}',
    en: '{count} keyword URLs, and you take at most {max}',
  },
  'verdict.reason.link_unreadable': {
    cs: 'odkaz {link} není adresa http(s), jeho doménu nelze posoudit',
    en: 'the link {link} is no http(s) address, so its domain cannot be judged',
  },
  'verdict.reason.domain': {
    cs: 'odkaz {link} vede na odmítanou doménu {domain}',
    en: 'the link {link} leads to the refused domain {domain}',
  },
  'verdict.reason.tld': {
    cs: 'odkaz {link} vede na odmítanou doménu nejvyššího řádu .{tld}',
    en: 'the link {link} leads to the refused top-level domain .{tld}',
  },
  'verdict.reason.links_mode_unknown': {
    cs: 'režim odkazů (links_mode) není známý',
    en: 'the link mode (links_mode) is not known',
  },
  'verdict.reason.links_mode': {
    cs: 'režim odkazů {mode} mezi přijímanými není',
    en: 'the link mode {mode} is not one you accept',
  },
  'verdict.reason.vip_unknown': {
    cs: 'poptávka neuvádí, zda je VIP',
    en: 'the demand does not say whether it is VIP',
  },
  'verdict.reason.vip': { cs: 'VIP poptávky neberete', en: 'you do not take VIP demands' },
  'verdict.reason.express_unknown': {
    cs: 'obchod neuvádí, zda jde o expresní dodání',
    en: 'the deal does not say whether it is express',
  },
  'verdict.reason.express': {
    cs: 'expresní dodání ({hours} h) neberete',
    en: 'you do not take express delivery ({hours} h)',
  },
} as const satisfies Catalog;
