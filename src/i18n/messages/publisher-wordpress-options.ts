import type { Catalog } from '../catalog.js';

/**
 * The rules of the WordPress publisher's options (plugins/wordpress/options.ts), as its schema words them in
 * English and the config loader says them to the blogger (src/config/issues.ts). WordPress's Czech word for a
 * category is "rubrika". Keys `wp.rule.`.
 */
export const publisherWordPressOptionMessages = {
  'wp.rule.category_id': {
    cs: 'musí být ID rubriky WordPressu (celé číslo, např. 5)',
    en: 'must be a WordPress category id (a whole number, e.g. 5)',
  },
  'wp.rule.category_id_positive': {
    cs: 'musí být ID rubriky WordPressu (kladné celé číslo)',
    en: 'must be a WordPress category id (a positive whole number)',
  },
  'wp.rule.categories_describe': {
    cs: 'ID rubriky WordPressu, např. { 12: 5 }',
    en: 'WordPress category id, e.g. { 12: 5 }',
  },
  'wp.rule.term_name': { cs: 'musí být název (text)', en: 'must be a name (text)' },
  'wp.rule.term_name_max': {
    cs: 'smí mít nejvýše 200 znaků (limit WordPressu pro název rubriky či štítku)',
    en: 'must be at most 200 characters (WordPress’s limit for a term name)',
  },
  'wp.rule.category_id_or_name': {
    cs: 'musí být ID nebo název rubriky WordPressu',
    en: 'must be a WordPress category id or name',
  },
  'wp.rule.sponsored': {
    cs: 'musí být mapa s category a/nebo tag, např. { category: "Komerční sdělení", tag: "reklama" }',
    en: 'must be a map with category and/or tag, e.g. { category: "Komerční sdělení", tag: "reklama" }',
  },
  'wp.rule.url_credentials': {
    cs: 'nesmí obsahovat uživatelské jméno ani heslo: nastavte místo toho username a applicationPassword',
    en: 'must not contain a user name or password: set username and applicationPassword instead',
  },
  'wp.rule.url_plain': {
    cs: 'musí být prostá adresa blogu, bez ?dotazu a #fragmentu',
    en: 'must be the plain address of the blog, without ?query or #fragment',
  },
  'wp.rule.username': {
    cs: 'musí být uživatelské jméno ve WordPressu',
    en: 'must be the WordPress user name',
  },
  'wp.rule.application_password': {
    cs: 'musí být heslo aplikace toho uživatele (Uživatelé → Profil → Hesla aplikací)',
    en: 'must be an Application Password of the user (Users → Profile → Application Passwords)',
  },
  'wp.rule.status': {
    cs: "musí být 'publish', 'draft' nebo 'pending'",
    en: "must be 'publish', 'draft' or 'pending'",
  },
  'wp.rule.author': {
    cs: 'musí být ID uživatele WordPressu (celé číslo)',
    en: 'must be a WordPress user id (a whole number)',
  },
  'wp.rule.author_positive': {
    cs: 'musí být ID uživatele WordPressu (kladné celé číslo)',
    en: 'must be a WordPress user id (a positive whole number)',
  },
  'wp.rule.comment_status': { cs: "musí být 'open' nebo 'closed'", en: "must be 'open' or 'closed'" },
  'wp.rule.timeout_max': {
    cs: 'smí být nejvýše 600000 (10 minut)',
    en: 'must be at most 600000 (10 minutes)',
  },
  'wp.rule.tags': {
    cs: "musí být 'keywords' (nebo vynechte, pak žádné štítky)",
    en: "must be 'keywords' (or left out for no tags)",
  },
  'wp.rule.options': {
    cs: 'musí být mapa voleb WordPressu (url, username, applicationPassword, …)',
    en: 'must be a map of WordPress options (url, username, applicationPassword, …)',
  },
} as const satisfies Catalog;
