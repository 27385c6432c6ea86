import type { Catalog } from '../catalog.js';

/**
 * The `--help` of the operator's commands (doctor, blogs, agent, categories, deals, deal, retry, replay,
 * webhook) and of `pressbridge setup`. Keys `help.`; the rest of the help is in ./cli-help.ts.
 */
export const cliHelpOperatorMessages = {
  'help.doctor': {
    cs: 'zkontroluje konfiguraci, Redis, API klíč, cíl každého blogu a webhook; vypíše opravy',
    en: 'check the config, Redis, the API key, every blog target and the webhook; print fixes',
  },
  'help.doctor.json': { cs: 'vypíše kontroly jako JSON', en: 'print the checks as JSON' },
  'help.doctor.live': {
    cs: 'místo toho: ověří každý předpoklad o API tržiště proti skutečné službě (jen čte, nejvýš 10 požadavků)',
    en: 'instead: check every assumption about the marketplace API against the real service (read-only, at most 10 requests)',
  },
  'help.doctor.save': {
    cs: 's --live: zapíše do <file> záznam bez tajných údajů (tvary odpovědí, hlavičky, stavové kódy)',
    en: 'with --live: write a redacted capture (shapes, headers, status codes) to <file>',
  },
  'help.blogs': {
    cs: 'blogy účtu s režimem publikování a které z nich pressbridge obsluhuje',
    en: "the account's blogs with their publishing mode, and which ones pressbridge serves",
  },
  'help.agent': {
    cs: 'zapne nebo vypne publikování agentem pro blog v tržišti (PATCH agent_publish)',
    en: "switch a blog's agent publishing on or off in the marketplace (PATCH agent_publish)",
  },
  'help.agent.switch': { cs: 'on (zapnout) nebo off (vypnout)', en: 'on or off' },
  'help.blog_id': { cs: 'číslo blogu', en: 'blog id' },
  'help.categories': { cs: 'rubriky blogu v tržišti', en: "the blog's categories in the marketplace" },
  'help.categories.sync': {
    cs: 'pošle tržišti rubriky cíle (např. rubriky WordPressu); čísla = čísla v cíli',
    en: "push the target's categories (e.g. WordPress terms) to the marketplace, ids = the target's ids",
  },
  'help.categories.dry_run': {
    cs: 'ukáže, co by se poslalo, a nic nepošle',
    en: 'show what would be sent, send nothing',
  },
  'help.deals': {
    cs: 'obchody, které pressbridge zná, nejnovější nahoře',
    en: 'deals pressbridge knows, newest first',
  },
  'help.deals.state': { cs: 'jen v tomto stavu ({states})', en: 'only this state ({states})' },
  'help.deals.limit': { cs: 'kolik jich vypsat', en: 'how many' },
  'help.deal': {
    cs: 'příběh obchodu: záznam, kroky, log, události z webhooků',
    en: "one deal's story: record, steps, log, webhook events",
  },
  'help.retry': {
    cs: 'spustí obchod hned znovu (naváže, kde skončil; druhý článek nikdy nevytvoří)',
    en: 'run a deal again now (resumes where it stopped; never makes a second post)',
  },
  'help.replay': {
    cs: 'stáhne z tržiště obchod, který pressbridge nedostal (ztracený webhook), a publikuje ho',
    en: 'fetch a deal pressbridge never received (lost webhook) from the marketplace and publish it',
  },
  'help.webhook': {
    cs: 'webhook tržiště pro tohoto démona',
    en: "the marketplace's webhook for this daemon",
  },
  'help.webhook.register': {
    cs: 'zaregistruje <url> (veřejnou HTTPS adresu příjmu webhooků) a uloží vrácené tajemství',
    en: 'register <url> (public HTTPS address of the webhook listener) and keep the returned secret',
  },
  'help.webhook.rotate': {
    cs: 'vyžádá nové tajemství; staré platí ještě webhook.rotationGraceMinutes',
    en: 'ask for a new secret; the old one stays valid for webhook.rotationGraceMinutes',
  },
  'help.webhook.status': {
    cs: 'registrovaný webhook, jak ho vidí tržiště',
    en: 'the registered webhook as the marketplace sees it',
  },
  'help.webhook.test': {
    cs: 'požádá tržiště o podepsaný webhook.test na registrovanou adresu (kód 1, pokud nedorazí)',
    en: 'ask the marketplace to send a signed webhook.test to the registered URL (exit 1 unless delivered)',
  },
  'help.webhook.test_json': {
    cs: 'vypíše odpověď tržiště jako JSON',
    en: "print the marketplace's answer as JSON",
  },
  'help.webhook.deliveries': {
    cs: 'poslední doručení a jak na ně webhook odpověděl',
    en: 'the last deliveries and how the webhook answered',
  },
  // pressbridge setup
  'help.setup': {
    cs: 'nastaví pressbridge: klíč k tržišti, vaše blogy, WordPress, příjem obchodů, upozornění',
    en: 'set pressbridge up: the marketplace key, your blogs, WordPress, intake, notifications',
  },
  'help.setup.yes': {
    cs: 'na nic se neptá: každou odpověď vezme z voleb nebo z prostředí',
    en: 'ask nothing: every answer from the flags or the environment',
  },
  'help.setup.force': {
    cs: 'nahradí existující nastavení v datové složce',
    en: 'replace an existing setup in the data folder',
  },
  'help.setup.lang': {
    cs: 'jazyk otázek i všeho, co příkaz vypíše (výchozí: $PRESSBRIDGE_LANGUAGE, jinak podle $LANG, jinak čeština)',
    en: 'the language of the questions and of all the command prints (default: $PRESSBRIDGE_LANGUAGE, else from $LANG, else Czech)',
  },
  'help.setup.data_dir': {
    cs: 'kam zapsat pressbridge.yaml a jeho tajné údaje (výchozí: $PRESSBRIDGE_DATA_DIR nebo ./.data)',
    en: 'where pressbridge.yaml and its secrets go (default: $PRESSBRIDGE_DATA_DIR or ./.data)',
  },
  'help.setup.api_key': {
    cs: 'API klíč k tržišti (nebo $PRESSBRIDGE_API_KEY)',
    en: 'the marketplace API key (or $PRESSBRIDGE_API_KEY)',
  },
  'help.setup.base_url': {
    cs: 'adresa API tržiště (nebo $PRESSBRIDGE_BASE_URL)',
    en: 'the marketplace API address (or $PRESSBRIDGE_BASE_URL)',
  },
  'help.setup.blog': {
    cs: 'čísla blogů, které pressbridge publikuje, oddělená čárkou (výchozí: všechny)',
    en: 'the blog ids pressbridge publishes, comma-separated (default: every blog)',
  },
  'help.setup.target': {
    cs: 'kam se ty blogy publikují: wordpress, github nebo static',
    en: 'where those blogs are published: wordpress, github or static',
  },
  'help.setup.wordpress_url': {
    cs: 'web s WordPressem (nebo $PRESSBRIDGE_WORDPRESS_URL)',
    en: 'the WordPress site (or $PRESSBRIDGE_WORDPRESS_URL)',
  },
  'help.setup.wordpress_user': {
    cs: 'uživatel WordPressu (nebo $PRESSBRIDGE_WORDPRESS_USER)',
    en: 'the WordPress user (or $PRESSBRIDGE_WORDPRESS_USER)',
  },
  'help.setup.wordpress_password': {
    cs: 'heslo aplikace (Application Password) toho uživatele (nebo $PRESSBRIDGE_WORDPRESS_PASSWORD)',
    en: 'an Application Password of that user (or $PRESSBRIDGE_WORDPRESS_PASSWORD)',
  },
  'help.setup.intake': { cs: 'poll (výchozí) nebo webhook', en: 'poll (default) or webhook' },
  'help.setup.webhook_url': {
    cs: 's --intake webhook: veřejná HTTPS adresa',
    en: 'with --intake webhook: the public HTTPS address',
  },
  'help.setup.webhook_port': {
    cs: 'port příjmu webhooků (výchozí 8080; při dotazování se použije, až zaregistrujete webhook)',
    en: 'the webhook listener port (default 8080; with poll intake used once a webhook is registered)',
  },
  'help.setup.ntfy_topic': {
    cs: 'upozornění do tohoto tématu ntfy.sh (pošle se zkušební zpráva)',
    en: 'notifications to this ntfy.sh topic (a test message is sent)',
  },
  'help.setup.no_agent': {
    cs: 'nezapne v tržišti publikování agentem',
    en: 'do not switch agent publishing on in the marketplace',
  },
  'help.setup.allow_local': {
    cs: 'adresa API nebo WordPressu je schválně na tomto stroji (sandbox, místní WordPress)',
    en: 'the API or WordPress address is on this machine on purpose (the sandbox, a local WordPress)',
  },
  'help.setup.status_host': {
    cs: 'kde naslouchá stavová stránka (výchozí 127.0.0.1)',
    en: 'where the status page listens (default 127.0.0.1)',
  },
  'help.setup.status_port': {
    cs: 'port stavové stránky (výchozí 8081)',
    en: 'the status page port (default 8081)',
  },
  'help.setup.status_password': {
    cs: 'povinné, když stavová stránka naslouchá i mimo 127.0.0.1',
    en: 'required when the status page listens beyond 127.0.0.1',
  },
  'help.setup.redis_url': {
    cs: 'Redis, který použít (výchozí redis://127.0.0.1:6379, jinak vlastní vestavěný)',
    en: 'the Redis to use (default redis://127.0.0.1:6379, else an embedded one)',
  },
  'help.setup.redis_prefix': {
    cs: 'předpona klíčů v Redisu (výchozí pressbridge; jedna instalace na předponu)',
    en: 'the Redis key prefix (default pressbridge; one installation per prefix)',
  },
} as const satisfies Catalog;
