import type { Catalog } from '../catalog.js';

/**
 * `pressbridge sandbox` (the local stand-in for the marketplace) and `sandbox accept`: their help and what they
 * print (src/sandbox/cli.ts). Keys `sandbox.`. The sandbox's API answers keep the marketplace's own words.
 */
export const sandboxMessages = {
  'sandbox.help': {
    cs: 'spustí sandbox tržiště (místní náhradu API tržiště) do Ctrl+C',
    en: 'run the sandbox marketplace (a local stand-in for the marketplace API) until Ctrl+C',
  },
  'sandbox.help.port': {
    cs: 'port, na kterém naslouchat (0 = náhodný)',
    en: 'port to listen on (0 = random)',
  },
  'sandbox.help.host': { cs: 'adresa, na které naslouchat', en: 'address to listen on' },
  'sandbox.help.api_key': {
    cs: 'API klíč blogera, který sandbox přijímá',
    en: 'the blogger API key the sandbox accepts',
  },
  'sandbox.help.rate_limit': { cs: 'požadavků na okno a klíč', en: 'requests per window per key' },
  'sandbox.help.window_ms': {
    cs: 'okno limitu požadavků v milisekundách',
    en: 'rate-limit window in milliseconds',
  },
  'sandbox.help.time_scale': {
    cs: 'násobí prodlevy opakovaných webhooků (např. 1/60: 5 min → 5 s)',
    en: 'multiplies the webhook retry delays (e.g. 1/60: 5 min → 5 s)',
  },
  'sandbox.help.allow_http_webhooks': {
    cs: 'přijme webhookové adresy http:// na loopbacku (skutečná služba: jen HTTPS)',
    en: 'accept http:// webhook URLs on loopback (the real service: HTTPS only)',
  },
  'sandbox.help.signature_header': {
    cs: 'hlavička s podpisem webhooku (výchozí X-Sandbox-Signature)',
    en: 'header carrying the webhook signature (default X-Sandbox-Signature)',
  },
  'sandbox.help.no_check_reachability': {
    cs: 'při odevzdání neověřuje adresu článku požadavkem GET',
    en: 'do not GET the article URL on hand-in',
  },
  'sandbox.help.blog_url': {
    cs: 'adresa blogu sandboxu (váš WordPress, např. http://localhost:8000)',
    en: "the sandbox blog's address (your WordPress, e.g. http://localhost:8000)",
  },
  'sandbox.help.blog_id': { cs: 'číslo blogu sandboxu', en: "the sandbox blog's id" },
  'sandbox.help.date_format': {
    cs: 'jak jdou data a časy po drátě: prague (výchozí; YYYY-MM-DD HH:MM:SS Europe/Prague), utc (totéž v UTC), iso (ISO 8601)',
    en: 'how date-times go on the wire: prague (default; YYYY-MM-DD HH:MM:SS Europe/Prague), utc (same, UTC), iso (ISO 8601)',
  },
  'sandbox.help.profile': {
    cs: 'odpovídá v tvarech skutečné služby podle záznamu z `pressbridge doctor --live --save`',
    en: 'answer in the shapes of a real service, from a `pressbridge doctor --live --save` capture',
  },
  'sandbox.help.log_level': {
    cs: 'úroveň logu pino (log jde na stderr)',
    en: 'pino log level (logs go to stderr)',
  },
  'sandbox.help.accept': {
    cs: 'hraje inzerenta: v běžícím sandboxu vytvoří přijatý obchod a doručí deal.accepted',
    en: 'play the advertiser: create an accepted deal in a running sandbox and deliver deal.accepted',
  },
  'sandbox.help.url': {
    cs: 'běžící sandbox (výchozí: {env}, jinak {url})',
    en: 'the running sandbox (default: {env}, else {url})',
  },
  'sandbox.help.blog': { cs: 'číslo blogu', en: 'blog id' },
  'sandbox.help.photos': {
    cs: 'fotky v textu (0–5; přidá se i úvodní fotka)',
    en: 'inline photos (0–5; a cover photo is added)',
  },
  'sandbox.help.title': { cs: 'titulek článku', en: 'article title' },
  'sandbox.help.approval_delay': {
    cs: 'text čeká tak dlouho na schválení (409 ceka_na_schvaleni)',
    en: 'the text awaits approval this long (409 ceka_na_schvaleni)',
  },
  'sandbox.help.accepted_minutes_ago': {
    cs: 'obchod byl přijat před tolika minutami (termín mohl minout); deal.accepted přijde pozdě, teď',
    en: 'the deal was accepted that long ago (its deadline may be past); deal.accepted arrives late, now',
  },
  'sandbox.help.no_deliver': {
    cs: 'vytvoří obchod, ale deal.accepted nedoručí',
    en: 'create the deal without delivering deal.accepted',
  },
  'sandbox.help.json': {
    cs: 'vypíše celý záznam obchodu jako JSON',
    en: 'print the whole deal record as JSON',
  },
  'sandbox.error.positive_number': {
    cs: 'očekáváno kladné číslo, např. 0.01 nebo 1/60',
    en: 'expected a positive number, e.g. 0.01 or 1/60',
  },
  'sandbox.error.refused': {
    cs: 'Sandbox na {url} obchod odmítl ({status}): {text}',
    en: 'The sandbox at {url} refused the deal ({status}): {text}',
  },
  // what `pressbridge sandbox` prints when it listens and when it stops
  'sandbox.out.listening': {
    cs: 'Sandbox tržiště naslouchá na {url}',
    en: 'Sandbox marketplace listening on {url}',
  },
  'sandbox.out.api_key': {
    cs: '  API klíč (bloger, read+write): {key}',
    en: '  API key (bloger, read+write): {key}',
  },
  'sandbox.out.signature': { cs: '  Hlavička podpisu: {header}', en: '  Signature header: {header}' },
  'sandbox.out.dates': { cs: '  Data a časy: {format}', en: '  Date-times: {format}' },
  'sandbox.out.dates_profile': {
    cs: '  Data a časy: {format} (profil {profile})',
    en: '  Date-times: {format} (profile {profile})',
  },
  'sandbox.out.blog': {
    cs: '  Blog {id} na {url} (odevzdané adresy musí být na jeho doméně)',
    en: '  Blog {id} at {url} (hand-ins must be on its domain)',
  },
  'sandbox.out.setup': {
    cs: '  Na stránce nastavení:  adresa API {url}, klíč {key}',
    en: '  On the setup page:  API address {url}, key {key}',
  },
  'sandbox.out.accept': {
    cs: '  Přijmout obchod:       npm run sandbox -- accept --url {url}   (v checkoutu)',
    en: '  Accept a deal:      npm run sandbox -- accept --url {url}   (in a checkout)',
  },
  'sandbox.out.accept_installed': {
    cs: '                         pressbridge sandbox accept --url {url}   (nainstalovaný)',
    en: '                      pressbridge sandbox accept --url {url}   (installed)',
  },
  'sandbox.out.accept_env': {
    cs: '                         (nebo jednou: export {env}={url}, pak bez --url)',
    en: '                      (or once: export {env}={url}, then without --url)',
  },
  'sandbox.out.webhook': {
    cs: '  Webhook (nepovinný; dotazování žádný nepotřebuje): pressbridge webhook register <https://…/webhook>',
    en: '  A webhook (optional; polling needs none): pressbridge webhook register <https://…/webhook>',
  },
  'sandbox.out.stopped': { cs: 'Sandbox tržiště zastaven', en: 'Sandbox marketplace stopped' },
  'sandbox.out.accepted': {
    cs: 'Obchod {id} přijat v sandboxu: „{title}“ pro blog {blog}, odměna {reward}',
    en: 'Deal {id} accepted in the sandbox: "{title}" for blog {blog}, reward {reward}',
  },
  'sandbox.out.hand_in_by': {
    cs: '  odevzdat do {deadline} · {delivery}',
    en: '  hand in by {deadline} · {delivery}',
  },
  'sandbox.out.delivered': {
    cs: 'deal.accepted: na cestě k registrovanému webhooku (bez něj obchod najde démon, který se tržiště ptá)',
    en: 'deal.accepted: on its way to the registered webhook (without one, a polling daemon finds the deal itself)',
  },
  'sandbox.out.not_delivered': {
    cs: 'deal.accepted: neodesláno (--no-deliver); obchod najde démon, který se tržiště ptá nebo hledá zmeškané',
    en: 'deal.accepted: not sent (--no-deliver); a polling or reconciling daemon finds the deal itself',
  },
  'sandbox.out.whole_record': { cs: '  celý záznam: přidejte --json', en: '  the whole record: add --json' },
} as const satisfies Catalog;
