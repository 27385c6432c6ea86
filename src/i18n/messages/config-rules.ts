import type { Catalog } from '../catalog.js';

/**
 * The rules of pressbridge's own config keys, as the schemas word them (src/config/schema.ts and the settings
 * each module keeps: notify, render, status): the English is the schema's message (src/config/rules.ts
 * `ruleText`), read back to its entry by src/config/issues.ts. A `{shape}` is itself one of these rules. Keys
 * `config.rule.`.
 */
export const configRuleMessages = {
  'config.rule.starts_with_slash': { cs: 'musí začínat znakem /', en: 'must start with /' },
  'config.rule.prefix_chars': { cs: 'jen písmena, číslice, - a _', en: 'letters, digits, - and _ only' },
  'config.rule.blog_twice': {
    cs: 'blog {id} je nastavený dvakrát (také v blogs[{first}])',
    en: 'blog {id} is configured twice (also at blogs[{first}])',
  },
  'config.rule.previous_secret_until': {
    cs: 'povinné, když je nastavené previousSecret (konec přechodné doby po výměně tajemství)',
    en: 'required when previousSecret is set (the end of the rotation grace period)',
  },
  'config.rule.public_url_password': {
    cs: 'stránka na {url} by bez hesla odmítla každou návštěvu; nastavte status.password (nebo PRESSBRIDGE_STATUS_PASSWORD)',
    en: 'the page at {url} would refuse every visit without a password; set status.password (or PRESSBRIDGE_STATUS_PASSWORD)',
  },
  // notify (src/notify/settings.ts)
  'config.rule.header_name': { cs: 'musí být název hlavičky HTTP', en: 'must be an HTTP header name' },
  'config.rule.one_line': {
    cs: 'musí být jeden řádek tisknutelných znaků (bez zalomení)',
    en: 'must be one line of printable characters (no line breaks)',
  },
  'config.rule.clock_time': { cs: 'musí být čas jako 22:00', en: 'must be a time like 22:00' },
  'config.rule.channel_name': {
    cs: 'jen písmena, číslice, ., - a _ (nejvýše 40)',
    en: 'letters, digits, ., - and _ only (at most 40)',
  },
  'config.rule.ntfy_topic': {
    cs: 'jen písmena, číslice, - a _ (téma ntfy)',
    en: 'letters, digits, - and _ only (ntfy topic)',
  },
  'config.rule.ntfy_token': {
    cs: 'musí být tisknutelné znaky ASCII bez mezer (token ntfy)',
    en: 'must be printable ASCII without spaces (an ntfy token)',
  },
  'config.rule.channel_names_unique': {
    cs: 'názvy kanálů se nesmí opakovat',
    en: 'channel names must be unique',
  },
  // the paid article's label and links (src/render/policy.ts)
  'config.rule.label_not_empty': {
    cs: 'nesmí být prázdné (štítek vypnete zápisem disclosure: false)',
    en: 'must not be empty (to turn the label off write disclosure: false)',
  },
  'config.rule.max_200_chars': { cs: 'nejvýše 200 znaků', en: 'at most 200 characters' },
  'config.rule.top_or_bottom': { cs: 'musí být top nebo bottom', en: 'must be top or bottom' },
  'config.rule.class_names': {
    cs: 'musí být názvy tříd CSS (písmena, číslice, - a _) oddělené jednou mezerou',
    en: 'must be CSS class names (letters, digits, - and _), separated by single spaces',
  },
  'config.rule.disclosure': {
    cs: 'musí být false, true nebo { text, position, className }',
    en: 'must be false, true or { text, position, className }',
  },
  'config.rule.link_rel': {
    cs: 'musí být keep, sponsored, nofollow nebo "sponsored nofollow"',
    en: 'must be keep, sponsored, nofollow or "sponsored nofollow"',
  },
  // the status page's proxy, names and public address (src/status/settings.ts)
  'config.rule.trust_proxy': {
    cs: 'musí být false, seznam adres reverzní proxy nebo rozsahů CIDR (např. ["172.18.0.1"]), nebo počet skoků (1–10)',
    en: 'must be false, a list of the reverse proxy addresses or CIDR ranges (e.g. ["172.18.0.1"]) or a hop count (1–10)',
  },
  'config.rule.trust_proxy_true': {
    cs: 'true by věřilo X-Forwarded-For od kohokoli, takže by si každý hádající zvolil vlastní adresu; {shape}',
    en: 'true would believe X-Forwarded-For from any client, so every guesser could choose its own address; {shape}',
  },
  'config.rule.hops': {
    cs: 'počet skoků je celé číslo od 1 do 10 (false pro žádný), nalezeno {value}',
    en: 'a hop count is a whole number from 1 to 10 (false for none), found {value}',
  },
  'config.rule.proxy_address': {
    cs: 'není adresa IP, rozsah CIDR ani jedno z {names}: {bad}',
    en: 'not an IP address, CIDR range or one of {names}: {bad}',
  },
  'config.rule.proxy_count': {
    cs: 'seznam potřebuje 1 až 50 adres proxy; {shape}',
    en: 'the list needs 1 to 50 proxy addresses; {shape}',
  },
  'config.rule.hosts': {
    cs: 'musí být seznam názvů serverů (nebo text oddělený čárkami), např. ["status.blog.example.cz"]',
    en: 'must be a list of host names (or a comma-separated string), e.g. ["status.blog.example.cz"]',
  },
  'config.rule.not_host': { cs: 'není název serveru: {bad}; {shape}', en: 'not a host name: {bad}; {shape}' },
  'config.rule.hosts_at_most_20': { cs: 'nejvýše 20 názvů; {shape}', en: 'at most 20 names; {shape}' },
  'config.rule.public_url': {
    cs: 'musí být adresa, na které stránku otevíráte odjinud, např. https://status.blog.example.cz/',
    en: 'must be the address you open the page at from elsewhere, e.g. https://status.blog.example.cz/',
  },
  'config.rule.public_url.not_url': { cs: 'není adresa URL; {shape}', en: 'not a URL; {shape}' },
  'config.rule.public_url.scheme': {
    cs: 'musí začínat https:// (nebo http://); {shape}',
    en: 'must start with https:// (or http://); {shape}',
  },
  'config.rule.public_url.credentials': {
    cs: 'nesmí obsahovat uživatelské jméno ani heslo (o status.password se stránka řekne sama); {shape}',
    en: 'must not hold a user name or password (the page asks for status.password itself); {shape}',
  },
  'config.rule.public_url.query': {
    cs: 'nesmí obsahovat dotaz ani fragment; {shape}',
    en: 'must not hold a query or a fragment; {shape}',
  },
  'config.rule.public_url.path': {
    cs: 'musí být samostatný název serveru bez cesty: stránka odkazuje /deals/1 od kořene; {shape}',
    en: 'must be a host name of its own, without a path: the page links /deals/1 from the root; {shape}',
  },
  'config.rule.public_url.host': {
    cs: 'jeho server není název serveru; {shape}',
    en: 'its host is not a host name; {shape}',
  },
  'config.rule.public_url.shape': {
    cs: 'adresa, na které stránku otevíráte odjinud, např. https://status.blog.example.cz/',
    en: 'the address you open the page at from elsewhere, e.g. https://status.blog.example.cz/',
  },
  'config.rule.hosts.shape': {
    cs: 'seznam názvů serverů (nebo text oddělený čárkami), např. ["status.blog.example.cz"]',
    en: 'a list of host names (or a comma-separated string), e.g. ["status.blog.example.cz"]',
  },
} as const satisfies Catalog;
