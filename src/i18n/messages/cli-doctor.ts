import type { Catalog } from '../catalog.js';

/**
 * `pressbridge doctor` (src/commands/doctor.ts, src/doctor/) and the human lines of `doctor --live`
 * (doctor-live.ts; its check names and details stay English, as in the --save capture). Part of the cli area.
 */
export const cliDoctorMessages = {
  'cli.doctor.config': { cs: 'konfigurace', en: 'config' },
  'cli.doctor.config_ok': {
    cs: '{source} je v pořádku (blogů: {blogs})',
    en: '{source} is valid ({blogs} blog(s))',
  },
  'cli.doctor.failed': {
    cs: 'Neprošlo kontrol: {failed}, varování: {warned}.',
    en: '{failed} check(s) failed, {warned} warning(s).',
  },
  'cli.doctor.passed': { cs: 'Všechny kontroly prošly.', en: 'All checks passed.' },
  'cli.doctor.passed_warned': {
    cs: 'Všechny kontroly prošly (varování: {warned}).',
    en: 'All checks passed ({warned} warning(s)).',
  },
  'cli.doctor.save_needs_live': {
    cs: '--save patří k --live: pressbridge doctor --live --save <soubor>',
    en: '--save goes with --live: pressbridge doctor --live --save <file>',
  },
  'cli.doctor.and': { cs: ' a ', en: ' and ' },
  // Redis
  'cli.doctor.redis.ok': {
    cs: '{where} odpovídá (Redis {version})',
    en: '{where} answers (Redis {version})',
  },
  'cli.doctor.redis.down': { cs: '{where} neodpovídá ({error})', en: '{where} does not answer ({error})' },
  'cli.doctor.redis.down_fix': {
    cs: 'spusťte redis-server, nebo opravte redis.url',
    en: 'start redis-server or correct redis.url',
  },
  'cli.doctor.redis.own_down': {
    cs: '{where} neodpovídá: vlastní Redis pressbridge (data v {dir}) běží, jen když běží pressbridge',
    en: "{where} does not answer: pressbridge's own Redis (data in {dir}) runs only while pressbridge runs",
  },
  'cli.doctor.redis.own_fix': {
    cs: 'spusťte pressbridge (npm start nebo pressbridge start) a doctor zopakujte; ostatní kontroly Redis potřebují, proběhly jen kontroly webů blogů',
    en: "start pressbridge (npm start, or pressbridge start) and run doctor again; the other checks need Redis, only the blogs' sites were checked",
  },
  'cli.doctor.redis.eviction': { cs: 'Redis: vyhazování dat', en: 'Redis eviction' },
  'cli.doctor.redis.eviction_bad': {
    cs: 'maxmemory-policy je {policy}: když dojde paměť, Redis může smazat obchody ve frontě',
    en: 'maxmemory-policy is {policy}: Redis may delete queued deals when memory runs short',
  },
  'cli.doctor.redis.eviction_fix': {
    cs: 'nastavte `maxmemory-policy noeviction` v redis.conf (hned: `redis-cli CONFIG SET maxmemory-policy noeviction`)',
    en: 'set `maxmemory-policy noeviction` in redis.conf (now: `redis-cli CONFIG SET maxmemory-policy noeviction`)',
  },
  'cli.doctor.redis.persistence': { cs: 'Redis: trvalé ukládání', en: 'Redis persistence' },
  'cli.doctor.redis.aof_on': { cs: 'AOF je zapnuté', en: 'AOF is on' },
  'cli.doctor.redis.aof_off': {
    cs: 'AOF je vypnuté: po restartu Redisu se mohou ztratit obchody ve frontě (tržiště potvrzené události znovu neposílá)',
    en: 'AOF is off: a Redis restart can lose queued deals (the marketplace does not resend acknowledged ones)',
  },
  'cli.doctor.redis.aof_fix': {
    cs: 'nastavte `appendonly yes` v {file} a restartujte Redis, nebo ho zapněte a uložte hned: `redis-cli CONFIG SET appendonly yes` a `redis-cli CONFIG REWRITE` (instalace služby: `sudo pressbridge service install --use-machine-redis`)',
    en: 'set `appendonly yes` in {file} and restart Redis, or turn it on and save it at once: `redis-cli CONFIG SET appendonly yes` then `redis-cli CONFIG REWRITE` (a service install: `sudo pressbridge service install --use-machine-redis`)',
  },
  'cli.doctor.redis.aof_fix_no_file': {
    cs: 'Redis běží bez redis.conf: spouštějte ho s `--appendonly yes` (samotné `redis-cli CONFIG SET appendonly yes` po restartu zmizí)',
    en: 'Redis runs without a redis.conf: start it with `--appendonly yes` (`redis-cli CONFIG SET appendonly yes` alone is gone after a restart)',
  },
  // the API key and the blogs
  'cli.doctor.key.name': { cs: 'API klíč', en: 'API key' },
  'cli.doctor.key.ok': {
    cs: 'účet {login} (role bloger, oprávnění {scopes})',
    en: 'account {login} (role bloger, scopes {scopes})',
  },
  'cli.doctor.key.bad': { cs: 'účet {login}: {problems}', en: 'account {login}: {problems}' },
  'cli.doctor.key.role': {
    cs: 'jeho role je „{role}“, ne „bloger“',
    en: 'its role is "{role}", not "bloger"',
  },
  'cli.doctor.key.no_write': { cs: 'chybí mu oprávnění „write“', en: 'it lacks the scope "write"' },
  'cli.doctor.key.bad_fix': {
    cs: 'vytvořte v tržišti klíč blogera s oprávněními read + write (nastavení účtu → API klíče)',
    en: 'create a blogger key with scopes read + write in the marketplace (account settings → API keys)',
  },
  'cli.doctor.key.refused_fix': {
    cs: 'zkontrolujte marketplace.apiKey (nebo PRESSBRIDGE_API_KEY)',
    en: 'check marketplace.apiKey (or PRESSBRIDGE_API_KEY)',
  },
  'cli.doctor.key.unreachable_fix': {
    cs: 'zkontrolujte marketplace.baseUrl a připojení k síti',
    en: 'check marketplace.baseUrl and the network',
  },
  'cli.doctor.blogs': { cs: 'blogy', en: 'blogs' },
  'cli.doctor.publishers': { cs: 'publikování', en: 'publishers' },
  'cli.doctor.blog.name': { cs: 'blog {id}', en: 'blog {id}' },
  'cli.doctor.blog.none': { cs: 'žádné', en: 'none' },
  'cli.doctor.blog.unknown': { cs: 'neznámý', en: 'unknown' },
  'cli.doctor.blog.missing': { cs: 'v tomto účtu není', en: 'not in this account' },
  'cli.doctor.blog.missing_fix': {
    cs: 'použijte některé z id blogů účtu: {ids}',
    en: "use one of the account's blog ids: {ids}",
  },
  'cli.doctor.blog.agent': {
    cs: '{name} ({url}), režim publikování agent',
    en: '{name} ({url}), publishing mode agent',
  },
  'cli.doctor.blog.not_agent': {
    cs: '{name} ({url}): režim publikování je {mode}, takže k pressbridge žádné obchody nepřijdou',
    en: '{name} ({url}): publishing mode is {mode}, so no deals come to pressbridge',
  },
  'cli.doctor.blog.visitors': { cs: 'blog {id}: návštěvnost', en: 'blog {id} visitors' },
  'cli.doctor.blog.visitors_stale': {
    cs: 'údaj o měsíční návštěvnosti je starší než měsíc: tržiště nenabízí žádné poptávky',
    en: 'the monthly visitors figure is older than a month: the marketplace offers no demands',
  },
  'cli.doctor.blog.visitors_fix': {
    cs: 'aktualizujte v tržišti měsíční návštěvnost blogu',
    en: "update the blog's monthly visitors in the marketplace",
  },
  // the intake (src/intake/mode.ts)
  'cli.doctor.intake.name': { cs: 'příjem obchodů', en: 'intake' },
  'cli.doctor.intake.poll': {
    cs: 'dotazy na tržiště každých {every}: {perMinute} z {budget} požadavků klíče za minutu; žádný otevřený port není potřeba',
    en: "polling the marketplace every {every}: {perMinute} of the key's {budget} requests a minute; no open port needed",
  },
  'cli.doctor.intake.both': {
    cs: 'webhook, a jako záloha dotazy na tržiště každých {every}: {perMinute} z {budget} požadavků klíče za minutu',
    en: "the webhook, backed by polling every {every}: {perMinute} of the key's {budget} requests a minute",
  },
  'cli.doctor.intake.webhook': {
    cs: 'jen webhook (intake.mode: webhook): žádné dotazy navíc',
    en: 'the webhook only (intake.mode: webhook): no polling requests',
  },
  'cli.doctor.webhook.not_needed': {
    cs: 'žádný webhook: při dotazování není potřeba',
    en: 'no webhook: not needed while polling',
  },
  'cli.doctor.webhook.unused': {
    cs: 'tržiště doručuje na {url}, ale pressbridge k němu nemá tajný klíč: doručení selžou',
    en: 'the marketplace delivers to {url}, but pressbridge has no secret for it: deliveries fail',
  },
  'cli.doctor.webhook.unused_fix': {
    cs: 'zaregistrujte znovu (pressbridge webhook register <adresa>), nebo webhook v tržišti smažte',
    en: 'register again (pressbridge webhook register <url>), or delete the webhook in the marketplace',
  },
  // the webhook
  'cli.doctor.webhook.secret': { cs: 'tajný klíč webhooku', en: 'webhook secret' },
  'cli.doctor.webhook.no_secret': {
    cs: 'žádný tajný klíč: není ani {path}, ani webhook.secret',
    en: 'no secret: neither {path} nor webhook.secret',
  },
  'cli.doctor.webhook.register_fix': {
    cs: 'pressbridge webhook register https://<váš veřejný host><webhook.path>',
    en: 'pressbridge webhook register https://<your public host><webhook.path>',
  },
  'cli.doctor.webhook.none': {
    cs: 'žádný webhook není zaregistrovaný: tržiště pressbridge nic neposílá',
    en: 'no webhook is registered: the marketplace sends pressbridge nothing',
  },
  'cli.doctor.webhook.other_url': {
    cs: 'tržiště doručuje na {url}, ale pressbridge zaregistroval {registered}',
    en: 'the marketplace delivers to {url}, but pressbridge registered {registered}',
  },
  'cli.doctor.webhook.other_url_fix': {
    cs: 'zaregistrujte znovu: pressbridge webhook register <správná adresa>',
    en: 'register again: pressbridge webhook register <the right URL>',
  },
  'cli.doctor.webhook.off': {
    cs: '{url} je zaregistrovaný, ale vypnutý',
    en: '{url} is registered but switched off',
  },
  'cli.doctor.webhook.poll_pinned': {
    cs: 'webhook je zaregistrovaný, ale konfigurace nastavuje intake.mode: poll: démon jen dotazuje a webhooky nepřijímá',
    en: 'a webhook is registered, but the config sets intake.mode: poll: the daemon only polls and takes no webhooks',
  },
  'cli.doctor.webhook.poll_pinned_fix': {
    cs: 'smažte intake.mode z konfigurace (nebo nastavte both) a restartujte démona',
    en: 'remove intake.mode from the config (or set both) and restart the daemon',
  },
  'cli.doctor.webhook.ok': { cs: 'tržiště doručuje na {url}', en: 'the marketplace delivers to {url}' },
  // the marketplace's date-times (src/doctor/dates.ts)
  'cli.doctor.dates.name': { cs: 'data a časy tržiště', en: 'marketplace date-times' },
  'cli.doctor.dates.ok': {
    cs: 'čteny v zóně {zone}; žádný nepravděpodobný publish_deadline',
    en: 'read in {zone}; no implausible publish_deadline seen',
  },
  'cli.doctor.dates.seen': {
    cs: 'obchod {id} v {at}, publish_deadline „{raw}“',
    en: 'deal {id} at {at}, publish_deadline "{raw}"',
  },
  'cli.doctor.dates.fix': {
    cs: 'nastavte v konfiguraci marketplace.timeZone: {zone} a restartujte pressbridge',
    en: 'set marketplace.timeZone: {zone} in the config and restart pressbridge',
  },
  'cli.doctor.dates.unreadable': {
    cs: 'poslední zjištění nelze přečíst: {error}',
    en: 'cannot read the last finding: {error}',
  },
  // doctor --live: the frame around its check lines (./cli-live.ts)
  'cli.live.intro': {
    cs: 'Ověřuji předpoklady o API tržiště proti {url}, jen čtením: {planned} požadavků GET ({paths}), nikdy víc než {budget}.',
    en: 'Checking the marketplace API assumptions against {url}, read-only: {planned} GET requests ({paths}), never more than {budget}.',
  },
  'cli.live.held': { cs: 'platí', en: 'held' },
  'cli.live.differs': { cs: 'LIŠÍ SE', en: 'DIFFERS' },
  'cli.live.skipped': { cs: 'neověřeno', en: 'skipped' },
  'cli.live.found': {
    cs: 'zjištěno {found}, očekáváno {expected}',
    en: 'found {found}, expected {expected}',
  },
  'cli.live.saved': {
    cs: 'Záznam uložen do {file} (tvary, hlavičky, stavové kódy; žádný klíč, tajemství ani text článku).',
    en: 'Capture saved to {file} (shapes, headers, status codes; no key, secret or article text).',
  },
  'cli.live.summary_differs': {
    cs: 'Předpokladů, které se od skutečné služby liší: {differing} (odesláno požadavků: {sent}).',
    en: '{differing} assumption(s) differ from the real service ({sent} requests sent).',
  },
  'cli.live.summary_held': {
    cs: 'Všechny ověřené předpoklady platí (odesláno požadavků: {sent}).',
    en: 'Every checked assumption held ({sent} requests sent).',
  },
} as const satisfies Catalog;
