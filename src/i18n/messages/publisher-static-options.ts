import type { Catalog } from '../catalog.js';

/**
 * The rules of the static-site publisher's options (plugins/static/options.ts), as its schema words them in
 * English and the config loader says them to the blogger (src/config/issues.ts). `{slug}` and `{dealId}` are
 * the blogger's placeholders in a path pattern. Keys `static.rule.`.
 */
export const publisherStaticOptionMessages = {
  'static.rule.path_folder': {
    cs: 'musí končit "/" (každý článek je složka s index.html a svými fotkami), např. "{slug}/"',
    en: 'must end with "/" (each article is a folder holding index.html and its photos), e.g. "{slug}/"',
  },
  'static.rule.path_relative': {
    cs: 'musí být relativní k dir (bez "/" na začátku), např. "clanky/{slug}/"',
    en: 'must be relative to dir (no leading "/"), e.g. "clanky/{slug}/"',
  },
  'static.rule.path_placeholder': {
    cs: 'neznámý zástupný symbol {placeholder} (známé: {known})',
    en: 'unknown placeholder {placeholder} (known: {known})',
  },
  'static.rule.path_slug_once': {
    cs: 'musí obsahovat {slug} právě jednou',
    en: 'must contain {slug} exactly once',
  },
  'static.rule.path_segment': {
    cs: 'složka "{segment}" smí obsahovat jen písmena a-z, číslice, ".", "-", "_" a zástupné symboly',
    en: 'folder "{segment}" may hold only letters a-z, digits, ".", "-", "_" and placeholders',
  },
  'static.rule.path_dot': {
    cs: 'složka "{segment}" nesmí začínat "." (takové složky se nikdy nezobrazí)',
    en: 'folder "{segment}" must not start with "." (such folders are never served)',
  },
  'static.rule.host': {
    cs: 'musí být název serveru nebo adresa IP',
    en: 'must be a host name or IP address',
  },
  'static.rule.port': { cs: 'musí být číslo portu (0-65535)', en: 'must be a port number (0-65535)' },
  'static.rule.serve': {
    cs: 'musí být mapa { host, port } (prázdná mapa {} poslouchá na 127.0.0.1 na libovolném volném portu)',
    en: 'must be a map { host, port } (an empty map {} serves on 127.0.0.1 at any free port)',
  },
  'static.rule.dir': { cs: 'musí být cesta ke složce', en: 'must be a folder path' },
  'static.rule.path_pattern': {
    cs: 'musí být vzor cesty jako "{slug}/"',
    en: 'must be a path pattern such as "{slug}/"',
  },
  'static.rule.site_name': { cs: 'musí být text', en: 'must be a text' },
  'static.rule.lang': {
    cs: 'musí být značka jazyka jako cs nebo en',
    en: 'must be a language tag such as cs or en',
  },
  'static.rule.lang_tag': {
    cs: 'musí být značka jazyka jako cs, sk nebo en',
    en: 'must be a language tag such as cs, sk or en',
  },
  'static.rule.options': {
    cs: 'musí být mapa voleb statického webu (dir, baseUrl, serve, …)',
    en: 'must be a map of static-site options (dir, baseUrl, serve, …)',
  },
  'static.rule.base_url_required': {
    cs: 'chybí: veřejná adresa, na které se složka zobrazuje (např. https://blog.example.cz/clanky/), nebo nastavte serve: {}, ať složku zobrazuje sám pressbridge',
    en: 'required: the public address where the folder is served (e.g. https://blog.example.cz/clanky/), or set serve: {} to let pressbridge serve the folder itself',
  },
} as const satisfies Catalog;
