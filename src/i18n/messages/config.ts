import type { Catalog } from '../catalog.js';

/**
 * A configuration that cannot be used, as the blogger reads it (src/errors.ts `ConfigError`, src/config/issues.ts):
 * the frame with one line per problem, what was found, the words for zod's own checks, and what the loader, the
 * Redis address, the status page and the setup token refuse. The rules the schemas word themselves are in
 * ./rules.ts and ./config-rules.ts. Keys `config.`.
 */
export const configMessages = {
  'config.invalid': { cs: 'Neplatná konfigurace:{lines}', en: 'Invalid configuration:{lines}' },
  'config.invalid_in': {
    cs: 'Neplatná konfigurace v {source}:{lines}',
    en: 'Invalid configuration in {source}:{lines}',
  },
  'config.issue.line': { cs: '\n  - {path}: {said}{rest}', en: '\n  - {path}: {said}{rest}' },
  'config.issue.root': { cs: '(celý soubor)', en: '(root)' },
  'config.issue.required': { cs: 'chybí, {what}', en: 'required, {what}' },
  'config.issue.found': { cs: '{what} (nalezeno {found})', en: '{what} (found {found})' },
  'config.issue.set_by': { cs: '{what} (nastavila proměnná {variable})', en: '{what} (set by {variable})' },
  // what was found (src/config/issues.ts `found`); a short text is quoted as it is
  'config.found.nothing': { cs: 'nic', en: 'nothing' },
  'config.found.list': { cs: 'seznam', en: 'a list' },
  'config.found.text': { cs: 'text', en: 'a string' },
  'config.found.object': { cs: 'mapa', en: 'an object' },
  'config.found.number': { cs: 'číslo {value}', en: 'number {value}' },
  'config.found.boolean': { cs: 'hodnota {value}', en: 'boolean {value}' },
  // zod's own checks, by the code
  'config.zod.expected': { cs: 'očekáváno: {type}', en: 'expected {type}' },
  'config.zod.exactly': { cs: 'musí být {value}', en: 'must be {value}' },
  'config.zod.one_of': { cs: 'musí být jedno z: {values}', en: 'must be one of {values}' },
  'config.zod.at_least': { cs: 'musí být alespoň {n}', en: 'must be at least {n}' },
  'config.zod.more_than': { cs: 'musí být větší než {n}', en: 'must be more than {n}' },
  'config.zod.at_most': { cs: 'smí být nejvýše {n}', en: 'must be at most {n}' },
  'config.zod.less_than': { cs: 'musí být menší než {n}', en: 'must be less than {n}' },
  'config.zod.min_chars': { cs: 'počet znaků musí být alespoň {n}', en: 'must have at least {n} characters' },
  'config.zod.max_chars': { cs: 'počet znaků smí být nejvýše {n}', en: 'must have at most {n} characters' },
  'config.zod.min_items': { cs: 'počet položek musí být alespoň {n}', en: 'must have at least {n} items' },
  'config.zod.max_items': { cs: 'počet položek smí být nejvýše {n}', en: 'must have at most {n} items' },
  'config.zod.pattern': { cs: 'musí odpovídat vzoru {pattern}', en: 'must match the pattern {pattern}' },
  'config.zod.starts_with': { cs: 'musí začínat {prefix}', en: 'must start with {prefix}' },
  'config.zod.format': { cs: 'musí být platný formát {format}', en: 'must be a valid {format}' },
  'config.zod.url': { cs: 'musí být adresa URL', en: 'must be a URL' },
  'config.zod.email': { cs: 'musí být e-mailová adresa', en: 'must be an e-mail address' },
  'config.zod.datetime': {
    cs: 'musí být datum a čas podle ISO 8601 s posunem, např. 2026-11-27T14:00:00+01:00',
    en: 'must be an ISO 8601 date-time with an offset, e.g. 2026-11-27T14:00:00+01:00',
  },
  'config.zod.unknown_keys': { cs: 'neznámé klíče: {keys}', en: 'unknown keys: {keys}' },
  'config.zod.invalid': { cs: 'neplatná hodnota', en: 'not a valid value' },
  'config.type.string': { cs: 'text', en: 'text' },
  'config.type.number': { cs: 'číslo', en: 'a number' },
  'config.type.int': { cs: 'celé číslo', en: 'a whole number' },
  'config.type.boolean': { cs: 'true nebo false', en: 'true or false' },
  'config.type.object': { cs: 'mapa (klíč: hodnota)', en: 'a map (key: value)' },
  'config.type.array': { cs: 'seznam', en: 'a list' },
  'config.type.either': { cs: '{a} nebo {b}', en: '{a} or {b}' },
  // the loader (src/config/load.ts)
  'config.load.no_file': {
    cs: 'žádný konfigurační soubor: zadejte --config <soubor> nebo nastavte PRESSBRIDGE_CONFIG, nebo spusťte pressbridge setup (v {path} žádný není; vzor: config/example.yaml)',
    en: 'no config file: pass --config <file> or set PRESSBRIDGE_CONFIG, or run pressbridge setup (none at {path}; see config/example.yaml)',
  },
  'config.load.cannot_read': {
    cs: 'soubor {file} nelze přečíst: {error}',
    en: 'cannot read {file}: {error}',
  },
  'config.load.yaml': { cs: 'chyba syntaxe YAML: {error}', en: 'YAML syntax: {error}' },
  'config.load.not_mapping': {
    cs: 'očekávána mapa (klíč: hodnota), nalezeno {found}',
    en: 'expected a mapping, found {found}',
  },
  'config.load.env_unset': {
    cs: 'proměnná prostředí {name} není nastavená',
    en: 'environment variable {name} is not set',
  },
  'config.load.secret_file': {
    cs: 'soubor s tajemstvím {file} nelze přečíst: {error}',
    en: 'cannot read secret file {file}: {error}',
  },
  'config.load.stored_missing': {
    cs: 'tajemství {name} v souboru s tajemstvími chybí ({file} vedle konfigurace): spusťte znovu pressbridge setup',
    en: 'secret {name} is not in the secrets file ({file} beside the config): run pressbridge setup again',
  },
  'config.load.secrets_not_json': {
    cs: '{file} není JSON: spusťte znovu pressbridge setup',
    en: '{file} is not JSON: run pressbridge setup again',
  },
  'config.load.secrets_not_object': {
    cs: '{file}: očekáván objekt JSON',
    en: '{file}: expected a JSON object',
  },
  'config.publisher.unknown': {
    cs: 'neznámý modul publikování "{name}" (k dispozici: {known})',
    en: 'unknown publisher "{name}" (available: {known})',
  },
  'config.publisher.none': { cs: 'žádný', en: 'none' },
  // the Redis address (src/redis/client.ts)
  'config.redis.not_url': { cs: 'není adresa URL: {url}', en: 'not a URL: {url}' },
  'config.redis.scheme': {
    cs: 'musí začínat redis://, rediss:// nebo unix:// (nalezeno {found})',
    en: 'must start with redis://, rediss:// or unix:// (found {found})',
  },
  'config.redis.db': {
    cs: 'databáze musí být číslo (nalezeno {db})',
    en: 'database must be a number (found {db})',
  },
  // the status page and the setup (src/status/, src/app/setup-mode.ts)
  'config.status.no_password': {
    cs: 'stavová stránka by naslouchala na {host}, dosažitelná z jiných počítačů, bez hesla; nastavte status.password (nebo PRESSBRIDGE_STATUS_PASSWORD), nebo naslouchejte na 127.0.0.1',
    en: 'the status page would listen on {host}, reachable from other machines, without a password; set status.password (or PRESSBRIDGE_STATUS_PASSWORD), or listen on 127.0.0.1',
  },
  'config.status.base_path': {
    cs: '"{path}" není cesta URL jako /status',
    en: '"{path}" is not a URL path like /status',
  },
  'config.setup.token_short': {
    cs: 'alespoň {min} znaků (nalezeno {length}); když ho nenastavíte, pressbridge vypíše náhodný',
    en: 'at least {min} characters (found {length}); leave it unset and pressbridge prints a random one',
  },
} as const satisfies Catalog;
