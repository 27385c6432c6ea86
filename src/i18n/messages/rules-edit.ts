import type { Catalog } from '../catalog.js';

/**
 * The blogger's rules as a form (src/rules/fields.ts): each field's label and hint, the setup's rules step and the
 * status page's Rules page. One wording for the /setup page, `pressbridge setup` and the status page. Keys
 * `rules.`; the form's own refusal (`rules.rule.`) is read back like every rule (src/config/issues.ts).
 */
export const rulesEditMessages = {
  'rules.title': { cs: 'Pravidla', en: 'Rules' },
  'rules.title_blog': { cs: 'Pravidla: {blog}', en: 'Rules: {blog}' },
  'rules.intro': {
    cs: 'Co na tomto blogu berete a co ne. Prázdné pole: žádné pravidlo, vyhovuje cokoli.',
    en: 'What you take on this blog and what not. An empty field: no rule, anything fits.',
  },
  'rules.none': { cs: 'Žádná pravidla: vyhovuje všechno.', en: 'No rules: everything fits.' },
  'rules.no_rule': { cs: 'bez pravidla', en: 'no rule' },
  'rules.yes': { cs: 'ano', en: 'yes' },
  'rules.no': { cs: 'ne', en: 'no' },
  'rules.save': { cs: 'Uložit pravidla', en: 'Save the rules' },
  'rules.saved': {
    cs: 'Pravidla blogu {blog} jsou uložená; běžící pressbridge je použije hned.',
    en: 'The rules of {blog} are saved; the running pressbridge uses them at once.',
  },
  'rules.refused': {
    cs: 'Nic se neuložilo: {problem}',
    en: 'Nothing was saved: {problem}',
  },
  'rules.save_failed': {
    cs: 'Pravidla se nepodařilo zapsat do {file}: {error}',
    en: 'The rules could not be written to {file}: {error}',
  },
  'rules.not_editable': {
    cs: 'Tento pressbridge nezná svůj konfigurační soubor, pravidla tu proto upravit nejdou; upravte blogs[].rules v souboru.',
    en: 'This pressbridge does not know its config file, so the rules cannot be edited here; edit blogs[].rules in the file.',
  },
  'rules.no_blog': { cs: 'Blog {blog} v konfiguraci není.', en: 'Blog {blog} is not in the config.' },
  'rules.card': {
    cs: 'Co který blog bere a co ne (odměna, cíle, slova, odkazy).',
    en: 'What each blog takes and what not (reward, goals, words, links).',
  },
  'rules.problem': { cs: '{field}: {problem}', en: '{field}: {problem}' },
  'rules.rule.yes_no': {
    cs: 'odpovězte ano, nebo ne (prázdné nebo -: bez pravidla)',
    en: 'answer yes or no (empty or -: no rule)',
  },
  'rules.field.min_reward': { cs: 'Nejnižší odměna (Kč)', en: 'Minimum reward (Kč)' },
  'rules.hint.min_reward': {
    cs: 'Menší odměnu odmítnout.',
    en: 'A smaller reward is refused.',
  },
  'rules.field.min_reward_per_page': {
    cs: 'Nejnižší odměna za normostranu (Kč)',
    en: 'Minimum reward per standard page (Kč)',
  },
  'rules.hint.min_reward_per_page': {
    cs: 'Normostrana je 1 800 znaků textu.',
    en: 'A standard page is 1,800 characters of text.',
  },
  'rules.field.expectations': { cs: 'Přijímané cíle (kódy)', en: 'Goals accepted (codes)' },
  'rules.hint.expectations': {
    cs: 'Kódy oddělené čárkou: 1 SEO, 4 odpovědi v AI asistentech, 2 zmínky, 3 konverze, 0 jiné.',
    en: 'Codes separated by commas: 1 SEO, 4 answers in AI assistants, 2 mentions, 3 conversion, 0 other.',
  },
  'rules.field.refused_words': { cs: 'Odmítaná slova a témata', en: 'Refused words and topics' },
  'rules.hint.refused_words': {
    cs: 'Oddělená čárkou nebo na řádcích, např. kasino, online sázky.',
    en: 'Separated by commas or one per line, e.g. casino, online betting.',
  },
  'rules.field.refused_domains': { cs: 'Odmítané domény odkazů', en: 'Refused link domains' },
  'rules.hint.refused_domains': {
    cs: 'Každá i se subdoménami, např. example.com.',
    en: 'Each with its subdomains, e.g. example.com.',
  },
  'rules.field.refused_tlds': {
    cs: 'Odmítané domény nejvyššího řádu',
    en: 'Refused top-level domains',
  },
  'rules.hint.refused_tlds': { cs: 'Např. ru, xyz.', en: 'E.g. ru, xyz.' },
  'rules.field.max_links': { cs: 'Nejvýše odkazů', en: 'Most links' },
  'rules.hint.max_links': {
    cs: 'Cílová adresa, adresy klíčových slov a odkazy v textu, každá adresa jednou.',
    en: 'The target URL, the keyword URLs and the links of the text, each address once.',
  },
  'rules.field.max_keyword_urls': { cs: 'Nejvýše adres klíčových slov', en: 'Most keyword URLs' },
  'rules.hint.max_keyword_urls': {
    cs: 'Víc adres klíčových slov odmítnout.',
    en: 'More keyword URLs are refused.',
  },
  'rules.field.links_modes': { cs: 'Přijímané režimy odkazů', en: 'Link modes accepted' },
  'rules.hint.links_modes': {
    cs: 'Čísla režimu (links_mode), jak je tržiště ukazuje v poptávce, oddělená čárkou.',
    en: 'The mode numbers (links_mode) as the marketplace shows them in a demand, separated by commas.',
  },
  'rules.field.vip': { cs: 'Brát VIP poptávky', en: 'VIP demands accepted' },
  'rules.hint.vip': { cs: 'ne: VIP poptávky odmítnout.', en: 'no: VIP demands are refused.' },
  'rules.field.express': { cs: 'Brát expresní dodání', en: 'Express delivery accepted' },
  'rules.hint.express': {
    cs: 'ne: zakázky s expresním dodáním odmítnout.',
    en: 'no: deals with express delivery are refused.',
  },
  'setup.rules.choice': {
    cs: 'Pravidla pro blog {blog}',
    en: 'Rules for {blog}',
  },
  'setup.rules.skip': {
    cs: 'Přeskočit: žádná pravidla, vyhovuje všechno',
    en: 'Skip: no rules, everything fits',
  },
  'setup.rules.set': { cs: 'Nastavit pravidla', en: 'Set rules' },
  'setup.rules.later': {
    cs: 'Pravidla můžete kdykoli změnit na stavové stránce (Systém → Pravidla).',
    en: 'You can change the rules any time on the status page (System → Rules).',
  },
  'setup.rules.terminal_choice': {
    cs: 'Pravidla pro blog {blog}: skip = přeskočit (vyhovuje všechno), set = nastavit',
    en: 'Rules for {blog}: skip (everything fits) or set',
  },
  'setup.rules.terminal_field': {
    cs: '{field} ({hint} -: bez pravidla)',
    en: '{field} ({hint} -: no rule)',
  },
  'setup.rule.rules_choice': {
    cs: 'Zvolte skip (bez pravidel), nebo set (nastavit pravidla).',
    en: 'Choose skip (no rules) or set (set rules).',
  },
} as const satisfies Catalog;
