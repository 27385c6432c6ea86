import type { Catalog } from '../catalog.js';
import { cliDoctorMessages } from './cli-doctor.js';

/**
 * Texts of the cli area (keys `cli.`): what the `pressbridge` commands print for the blogger, and the deal
 * actions' sentences (src/operator/actions.ts, shown by the CLI and the status page's flash). Ids are passed as
 * strings (a number parameter is formatted: 1 234). The doctor's texts are in ./cli-doctor.ts.
 */
export const cliMessages = {
  ...cliDoctorMessages,
  // output.ts, the top-level error line (src/cli.ts), argument checks
  'cli.out.fix': { cs: 'oprava:', en: 'fix:' },
  'cli.out.ok': { cs: 'OK', en: 'OK' },
  'cli.out.warn': { cs: 'POZOR', en: 'WARN' },
  'cli.out.fail': { cs: 'CHYBA', en: 'FAIL' },
  'cli.out.none': { cs: '(nic)', en: '(none)' },
  'cli.error.frame': { cs: 'Chyba: {message}', en: 'Error: {message}' },
  'cli.error.bug': { cs: 'Neočekávaná chyba:', en: 'Unexpected error:' },
  'cli.error.the_address': { cs: 'adresa', en: 'the address' },
  'cli.error.in_use': {
    cs: '{where} už je obsazená (neběží jiný pressbridge, sandbox nebo demo?): zastavte ho, nebo zvolte jiný port',
    en: '{where} is already in use (another pressbridge, sandbox or demo running?): stop it or choose another port',
  },
  'cli.error.not_allowed': {
    cs: 'na {where} není dovoleno naslouchat: zvolte port nad 1024, nebo spusťte s potřebným oprávněním',
    en: 'not allowed to listen on {where}: choose a port above 1024 or run with the needed permission',
  },
  // A command without pressbridge's own Redis (src/redis/embedded.ts ownRedisStopped)
  'cli.redis.own_not_running': {
    cs: 'Redis na {url} neodpovídá. Vlastní Redis (data v {dir}) si pressbridge spouští, jen když sám běží: spusťte pressbridge v této složce (npm start nebo pressbridge start) a příkaz zopakujte.',
    en: 'Redis at {url} does not answer. pressbridge runs its own Redis (data in {dir}) only while it runs itself: start pressbridge in this folder (npm start, or pressbridge start), then run this command again.',
  },
  // A listener's port taken or not allowed (src/errors.ts ListenError): the three ways to choose another.
  'cli.error.status_listener': { cs: 'stavová stránka', en: 'the status page' },
  'cli.error.webhook_listener': { cs: 'příjem webhooků', en: 'the webhook listener' },
  'cli.error.port_in_use': {
    cs: '{where} ({what}) už je obsazená (neběží jiný pressbridge, sandbox nebo demo?): zastavte ho, nebo zvolte jiný port: `pressbridge start {flag} <port>`, proměnná prostředí {env}=<port>, nebo v nastavení (`pressbridge setup {setup}`, v pressbridge.yaml {key})',
    en: '{where} ({what}) is already in use (another pressbridge, sandbox or demo running?): stop it, or choose another port: `pressbridge start {flag} <port>`, the environment variable {env}=<port>, or in the setup (`pressbridge setup {setup}`, in pressbridge.yaml {key})',
  },
  'cli.error.port_not_allowed': {
    cs: 'na {where} ({what}) není dovoleno naslouchat: zvolte port nad 1024: `pressbridge start {flag} <port>`, proměnná prostředí {env}=<port>, nebo v nastavení (`pressbridge setup {setup}`, v pressbridge.yaml {key})',
    en: 'not allowed to listen on {where} ({what}): choose a port above 1024: `pressbridge start {flag} <port>`, the environment variable {env}=<port>, or in the setup (`pressbridge setup {setup}`, in pressbridge.yaml {key})',
  },
  'cli.arg.positive': { cs: 'očekáváno kladné celé číslo', en: 'expected a positive whole number' },
  // table titles
  'cli.col.id': { cs: 'ID', en: 'ID' },
  'cli.col.name': { cs: 'NÁZEV', en: 'NAME' },
  'cli.col.mode': { cs: 'REŽIM', en: 'MODE' },
  'cli.col.visitors': { cs: 'NÁVŠTĚVNOST', en: 'VISITORS' },
  'cli.col.publisher': { cs: 'PUBLIKUJE', en: 'PUBLISHER' },
  'cli.col.url': { cs: 'ADRESA', en: 'URL' },
  'cli.col.default': { cs: 'VÝCHOZÍ', en: 'DEFAULT' },
  'cli.col.deal': { cs: 'OBCHOD', en: 'DEAL' },
  'cli.col.blog': { cs: 'BLOG', en: 'BLOG' },
  'cli.col.state': { cs: 'STAV', en: 'STATE' },
  'cli.col.accepted': { cs: 'PŘIJATO', en: 'ACCEPTED' },
  'cli.col.title': { cs: 'TITULEK', en: 'TITLE' },
  'cli.col.url_error': { cs: 'ADRESA / CHYBA', en: 'URL / ERROR' },
  'cli.ago.seconds': { cs: 'před {n} s', en: '{n}s ago' },
  'cli.ago.minutes': { cs: 'před {n} min', en: '{n}m ago' },
  'cli.ago.hours': { cs: 'před {n} h', en: '{n}h ago' },
  'cli.ago.days': { cs: 'před {n} d', en: '{n}d ago' },
  // blogs, agent, categories, deals
  'cli.blogs.stale': { cs: 'zastaralá', en: 'stale' },
  'cli.blogs.current': { cs: 'aktuální', en: 'current' },
  'cli.agent.bad_switch': {
    cs: 'očekáváno „on“ nebo „off“, zadáno „{value}“',
    en: 'expected "on" or "off", got "{value}"',
  },
  'cli.agent.not_configured': {
    cs: 'blog {blog} není v konfiguraci: nejdřív ho přidejte pod blogs:, jinak jeho obchody selžou',
    en: 'blog {blog} is not in the config: add it under blogs: first, or deals for it will fail',
  },
  'cli.agent.on': {
    cs: 'Publikování agentem je pro blog {blog} zapnuté.',
    en: 'Agent publishing is on for blog {blog}.',
  },
  'cli.agent.off': {
    cs: 'Publikování agentem je pro blog {blog} vypnuté.',
    en: 'Agent publishing is off for blog {blog}.',
  },
  'cli.categories.no_blog': { cs: 'blog {blog} není v konfiguraci', en: 'blog {blog} is not in the config' },
  'cli.categories.not_supported': {
    cs: 'publikování přes {kind} nemá žádné rubriky k synchronizaci',
    en: 'the {kind} publisher has no categories to sync',
  },
  'cli.categories.too_many': {
    cs: 'Tržiště přijme nejvýš 50 rubrik; {left} vynecháno.',
    en: 'The marketplace takes at most 50 categories; {left} left out.',
  },
  'cli.categories.dry_run': { cs: 'Zkušební běh: nic nebylo odesláno.', en: 'Dry run: nothing sent.' },
  'cli.categories.sent': {
    cs: 'Do tržiště odesláno rubrik: {count} (blog {blog}).',
    en: 'Sent {count} categories to the marketplace for blog {blog}.',
  },
  'cli.deals.bad_state': {
    cs: 'neznámý stav „{state}“; možné stavy: {states}',
    en: 'unknown state "{state}"; one of: {states}',
  },
  'cli.deals.limited': {
    cs: 'Zobrazeno {shown} z {total} (--limit).',
    en: '{shown} of {total} shown (--limit).',
  },
  // pressbridge deal <id>
  'cli.deal.heading': { cs: 'Obchod {id}', en: 'Deal {id}' },
  'cli.deal.facts': {
    cs: 'blog {blog} · přijato {accepted} · termín {deadline} · pokusů {attempts}',
    en: 'blog {blog} · accepted {accepted} · deadline {deadline} · attempts {attempts}',
  },
  'cli.deal.url': { cs: 'Adresa: {url}', en: 'URL: {url}' },
  'cli.deal.error': { cs: 'Chyba: {error}', en: 'Error: {error}' },
  'cli.deal.error_with_code': {
    cs: 'Chyba: {error} (kód pro podporu {code})',
    en: 'Error: {error} (support code {code})',
  },
  'cli.deal.steps': { cs: 'Kroky', en: 'Steps' },
  'cli.deal.log': { cs: 'Záznam (od nejstaršího)', en: 'Log (oldest first)' },
  'cli.deal.events': { cs: 'Události webhooku', en: 'Webhook events' },
  'cli.deal.late': {
    cs: 'Pozdě: po termínu, jak ho pressbridge čte',
    en: "Late: past pressbridge's reading of the deadline",
  },
  'cli.deal.late_waited': {
    cs: 'Pozdě: po termínu, jak ho pressbridge čte; tržiště k {at} ještě čekalo ({state})',
    en: "Late: past pressbridge's reading of the deadline; the marketplace still waited at {at} ({state})",
  },
  'cli.deal.service_named': { cs: '{id} „{name}“', en: "{id} '{name}'" },
  'cli.deal.service_at': { cs: 'na {url}', en: 'at {url}' },
  'cli.deal.service_on_page': {
    cs: 'na stránce obchodu v tržišti',
    en: "on the deal's page in the marketplace",
  },
  'cli.deal.service_url': {
    cs: 'Je potřeba váš zásah: adresu služby {service} odevzdejte ručně {where}',
    en: 'Needs your hand: service {service} needs its URL handed in by hand {where}',
  },
  'cli.deal.service_perform': {
    cs: 'Je potřeba váš zásah: službu {service} provádí bloger sám; pressbridge doplňkové služby neprovádí (obchod najdete {where})',
    en: "Needs your hand: service {service} is the blogger's to perform; pressbridge does not do extra services (see the deal {where})",
  },
  'cli.deal.page': { cs: 'Stránka obchodu: {url}', en: 'Deal page: {url}' },
  // webhook register / rotate
  'cli.webhook.registered': { cs: 'Webhook zaregistrován: {url}', en: 'Webhook registered: {url}' },
  'cli.webhook.secret_stored': {
    cs: 'Jeho tajný klíč je uložen v {path} (práva 0600); démon si ho čte odtud.',
    en: 'Its secret is stored in {path} (mode 0600); the daemon reads it from there.',
  },
  'cli.webhook.listens_soon': {
    cs: 'Běžící démon začne webhooky přijímat na {where} po svém příštím dotazu na tržiště (obvykle do {every}); pak ověřte: pressbridge webhook test. Dotazování zůstává jako záloha jednou za reconcile.intervalMinutes.',
    en: 'A running daemon starts taking webhooks on {where} after its next poll (usually within {every}); then check: pressbridge webhook test. The poll stays as the backstop, every reconcile.intervalMinutes.',
  },
  'cli.webhook.listening': {
    cs: 'Démon přijímá webhooky na {where}; ověřte: pressbridge webhook test.',
    en: 'The daemon takes webhooks on {where}; check: pressbridge webhook test.',
  },
  'cli.webhook.poll_pinned': {
    cs: 'Pozor: konfigurace nastavuje intake.mode: poll, takže démon dál jen dotazuje a na {where} nic nenaslouchá. Aby webhooky přijímal, smažte intake.mode (nebo nastavte both) a démon restartujte.',
    en: 'Note: the config sets intake.mode: poll, so the daemon keeps polling only and nothing listens on {where}. To take webhooks, remove intake.mode (or set both) and restart the daemon.',
  },
  'cli.webhook.rotated': {
    cs: 'Nový tajný klíč webhooku je uložen v {path}; předchozí platí do {until}.',
    en: 'New webhook secret stored in {path}; the previous one is accepted until {until}.',
  },
  // the deal actions (src/operator/actions.ts)
  'cli.action.retry_promoted': {
    cs: 'Obchod {id} se spouští znovu hned teď (čekal na další pokus).',
    en: 'Deal {id}: runs again now (it was waiting for its next attempt).',
  },
  'cli.action.hand_in_promoted': {
    cs: 'Obchod {id}: adresa {url} se odevzdává znovu hned teď (čekala na další pokus).',
    en: 'Deal {id}: hands in {url} again now (it was waiting for its next attempt).',
  },
  'cli.action.retry_queued': {
    cs: 'Obchod {id} se spustí znovu (je zpět ve frontě).',
    en: 'Deal {id}: runs again (queued again).',
  },
  'cli.action.hand_in_queued': {
    cs: 'Obchod {id}: adresa {url} se odevzdá znovu (je zpět ve frontě).',
    en: 'Deal {id}: hands in {url} again (queued again).',
  },
  'cli.action.already_queued': {
    cs: 'Obchod {id} už je ve frontě; spustí se, jakmile na něj přijde řada.',
    en: 'Deal {id} is already queued; it runs as soon as a worker is free.',
  },
  'cli.action.running': {
    cs: 'Obchod {id} se právě zpracovává; počkejte, až tento pokus skončí.',
    en: 'Deal {id} is running right now; wait for this attempt to end.',
  },
  'cli.action.event_gone': {
    cs: 'Obchod {id}: jeho původní událost už není uložená; spusťte `pressbridge replay {id}`.',
    en: 'Deal {id}: its original event is no longer stored; run `pressbridge replay {id}`.',
  },
  'cli.action.no_record': {
    cs: 'pressbridge o obchodu {id} nemá záznam; `pressbridge replay {id}` ho stáhne z tržiště.',
    en: 'pressbridge has no record of deal {id}; `pressbridge replay {id}` fetches it from the marketplace.',
  },
  'cli.action.nothing_to_retry': {
    cs: 'Obchod {id} je ve stavu „{state}“; není co opakovat.',
    en: 'Deal {id} is {state}; there is nothing to retry.',
  },
  'cli.action.no_url': {
    cs: 'Obchod {id} zatím nemá publikovanou adresu; spusťte ho raději znovu.',
    en: 'Deal {id} has no published URL yet; use retry instead.',
  },
  'cli.action.handled': {
    cs: 'Obchod {id} je označen jako vyřízený ručně; pressbridge ho nechá být.',
    en: 'Deal {id} is marked as handled by hand; pressbridge leaves it alone.',
  },
  'cli.action.replay_no_client': {
    cs: 'ke stažení obchodu je potřeba klient tržiště',
    en: 'replay needs the marketplace client',
  },
  'cli.action.replay_not_accepted': {
    cs: 'Obchod {id} je v tržišti ve stavu „{state}“, ne „akceptovano“: není co publikovat.',
    en: 'Deal {id} is "{state}" in the marketplace, not "akceptovano": there is nothing to publish.',
  },
  'cli.action.replayed': {
    cs: 'Obchod {id} byl stažen z tržiště a zařazen do fronty.',
    en: 'Deal {id} fetched from the marketplace and queued.',
  },
  'cli.action.failed': {
    cs: 'Obchod {id}: {action} se nepodařilo: {error}',
    en: 'Deal {id}: {action} failed: {error}',
  },
  'cli.action.name.retry': { cs: 'opakování', en: 'retry' },
  'cli.action.name.hand_in': { cs: 'opětovné odevzdání', en: 'hand in again' },
  'cli.action.name.handled': { cs: 'označení jako vyřízené', en: 'mark as handled' },
  'cli.action.name.replay': { cs: 'stažení z tržiště', en: 'replay' },
} as const satisfies Catalog;
