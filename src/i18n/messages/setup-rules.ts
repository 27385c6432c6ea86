import type { Catalog } from '../catalog.js';

/**
 * The rules of the setup's answers (src/setup/answers/: one zod schema per step): each schema's message is the
 * English of one of these entries (src/config/rules.ts `ruleText`), read back to it and said in the setup's
 * language by both fronts, the /setup page and `pressbridge setup` (decision 21).
 */
export const setupRuleMessages = {
  'setup.rule.api_key': { cs: 'Vložte API klíč k tržišti.', en: 'Paste the marketplace API key.' },
  'setup.rule.target': {
    cs: 'Kam publikovat: zvolte jedno z {targets}.',
    en: 'Where to publish: choose one of {targets}.',
  },
  'setup.rule.choose_one': { cs: 'Zvolte aspoň jeden blog.', en: 'Choose at least one blog.' },
  'setup.rule.wp_login': {
    cs: 'Zadejte uživatelské jméno ve WordPressu i heslo aplikace.',
    en: 'Enter the WordPress user name and the application password.',
  },
  'setup.rule.repo': {
    cs: 'Repozitář napište ve tvaru vlastník/název, např. jana/blog.',
    en: 'Write the repository as owner/name, e.g. jana/blog.',
  },
  'setup.rule.gh_token': { cs: 'Vložte token GitHubu.', en: 'Paste the GitHub token.' },
  'setup.rule.site_url': {
    cs: 'Adresa webu musí být adresa http(s), např. https://jana.github.io/blog/.',
    en: 'The site address must be an http(s) address, e.g. https://jana.github.io/blog/.',
  },
  'setup.rule.gh_paths': {
    cs: 'Vyplňte všechna čtyři pole: kam jde článek, kam jeho fotky, adresu fotek a adresu článku.',
    en: "Fill in all four fields: where the article goes, where its photos go, the photos' address and the article's address.",
  },
  'setup.rule.static_dir': {
    cs: 'Zadejte složku, do které pressbridge články zapisuje.',
    en: 'Enter the folder pressbridge writes the articles to.',
  },
  'setup.rule.category_mode': {
    cs: 'Zvolte jeden ze způsobů: {modes}.',
    en: 'Choose one of the ways: {modes}.',
  },
  'setup.rule.wordpress_ids': {
    cs: 'Blog {blog}: rubriku WordPressu zadejte číslem (ID), ne názvem. Najdete ho v administraci WordPressu v Příspěvky → Rubriky: odkaz rubriky ukazuje tag_ID=5.',
    en: "Blog {blog}: give the WordPress category by its id (a number), not its name. WordPress's admin shows it under Posts → Categories: the category's link shows tag_ID=5.",
  },
  'setup.rule.lines_invalid': {
    cs: 'Blog {blog}: pro vlastní převod napište aspoň jeden řádek a každý ve tvaru „číslo na tržišti = kategorie na blogu“, např. 3 = 12.',
    en: 'Blog {blog}: for your own mapping write at least one line, each as "marketplace number = blog category", e.g. 3 = 12.',
  },
  'setup.rule.intake': {
    cs: 'Příjem obchodů: zvolte poll nebo webhook.',
    en: 'Intake: choose poll or webhook.',
  },
  'setup.rule.webhook_url': {
    cs: 'Pro webhook zadejte adresu https://…',
    en: 'For a webhook enter an https://… address',
  },
  'setup.rule.port': {
    cs: 'Port musí být celé číslo od 1 do 65535.',
    en: 'The port must be a whole number from 1 to 65535.',
  },
  'setup.rule.channel': {
    cs: 'Zvolte ntfy, Telegram, nebo žádná upozornění.',
    en: 'Choose ntfy, Telegram or no notifications.',
  },
  'setup.rule.ntfy_topic': { cs: 'Pro ntfy zadejte téma (topic).', en: 'For ntfy enter a topic.' },
  'setup.rule.telegram': {
    cs: 'Pro Telegram zadejte token bota i ID chatu.',
    en: 'For Telegram enter the bot token and the chat id.',
  },
  'setup.rule.password_short': {
    cs: 'Heslo musí mít aspoň 12 znaků.',
    en: 'The password must have at least 12 characters.',
  },
} as const satisfies Catalog;
