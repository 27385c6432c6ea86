import type { Catalog } from '../catalog.js';

/**
 * The rules a config value breaks, in the words the core config schemas and the plugins' option schemas share
 * (keys `rule.`). A schema's message is the English here (src/config/rules.ts, src/publisher/phrase.ts
 * `ruleText`); the config loader reads it back to its entry to say it in the blogger's language
 * (src/config/issues.ts). `{slug}` and the like in a text are the blogger's own placeholders, not ours.
 */
export const ruleMessages = {
  'rule.not_empty': { cs: 'nesmí být prázdné', en: 'must not be empty' },
  'rule.boolean': { cs: 'musí být true nebo false', en: 'must be true or false' },
  'rule.text': { cs: 'musí být text', en: 'must be text' },
  'rule.time_zone': {
    cs: 'musí být časové pásmo IANA, například Europe/Prague nebo UTC',
    en: 'must be an IANA time zone such as Europe/Prague or UTC',
  },
  'rule.http_url': { cs: 'musí být adresa URL http(s)', en: 'must be an http(s) URL' },
  'rule.http_url_example': {
    cs: 'musí být adresa URL http(s), např. {example}',
    en: 'must be an http(s) URL, e.g. {example}',
  },
  'rule.no_credentials': {
    cs: 'nesmí obsahovat uživatelské jméno ani heslo',
    en: 'must not contain a user name or password',
  },
  'rule.plain_address': {
    cs: 'musí být prostá adresa, bez ?dotazu a #fragmentu',
    en: 'must be a plain address, without ?query or #fragment',
  },
  'rule.ms': { cs: 'musí být počet milisekund', en: 'must be a number of milliseconds' },
  'rule.ms_whole': { cs: 'musí být celý počet milisekund', en: 'must be a whole number of milliseconds' },
  'rule.ms_min': { cs: 'musí být alespoň {min} (milisekund)', en: 'must be at least {min} (milliseconds)' },
  'rule.ms_max': { cs: 'smí být nejvýše {max} (milisekund)', en: 'must be at most {max} (milliseconds)' },
  'rule.no_empty_folders': {
    cs: 'nesmí obsahovat prázdné názvy složek ("//")',
    en: 'must not contain empty folder names ("//")',
  },
  // src/publisher/kit/options.ts `unknownKeys`: a misspelt key, by what the keys are.
  'rule.unknown.option': {
    cs: 'neznámá volba {keys} (možné: {known})',
    en: 'unknown option {keys} (known: {known})',
  },
  'rule.unknown.options': {
    cs: 'neznámé volby {keys} (možné: {known})',
    en: 'unknown options {keys} (known: {known})',
  },
  'rule.unknown.key': {
    cs: 'neznámý klíč {keys} (možné: {known})',
    en: 'unknown key {keys} (known: {known})',
  },
  'rule.unknown.keys': {
    cs: 'neznámé klíče {keys} (možné: {known})',
    en: 'unknown keys {keys} (known: {known})',
  },
  'rule.unknown.path': {
    cs: 'neznámá cesta {keys} (možné: {known})',
    en: 'unknown path {keys} (known: {known})',
  },
  'rule.unknown.paths': {
    cs: 'neznámé cesty {keys} (možné: {known})',
    en: 'unknown paths {keys} (known: {known})',
  },
  'rule.unknown.field': {
    cs: 'neznámé pole {keys} (možné: {known})',
    en: 'unknown field {keys} (known: {known})',
  },
  'rule.unknown.fields': {
    cs: 'neznámá pole {keys} (možné: {known})',
    en: 'unknown fields {keys} (known: {known})',
  },
  // src/publisher/kit/categories.ts: the `categories` option of every plugin.
  'rule.categories': {
    cs: "musí být 'identity' nebo mapa z čísla kategorie na tržišti na {describe}",
    en: "must be 'identity' or a map from marketplace category id to {describe}",
  },
  'rule.categories_found': {
    cs: 'musí být \'identity\' nebo mapa z čísla kategorie na tržišti na {describe} (nalezeno "{found}")',
    en: 'must be \'identity\' or a map from marketplace category id to {describe} (found "{found}")',
  },
  'rule.category_keys': {
    cs: 'klíče musí být čísla kategorií na tržišti (celá čísla)',
    en: 'keys must be marketplace category ids (whole numbers)',
  },
} as const satisfies Catalog;
