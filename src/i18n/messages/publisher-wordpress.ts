import type { Catalog } from '../catalog.js';

/**
 * What the WordPress publisher (plugins/wordpress/) says to the blogger: its `pressbridge doctor` checks, its
 * reachability line on the status page and its errors. Keys `wp.`. `{request}` is a method and a REST route,
 * `{said}` WordPress's own words (its error code and message), quoted as they came.
 */
export const publisherWordPressMessages = {
  // doctor's checks and the status page's reachability
  'wp.check.api': { cs: 'REST API WordPressu na {site}', en: 'WordPress REST API of {site}' },
  'wp.check.api_found': { cs: 'nalezeno na {root}', en: 'found at {root}' },
  'wp.check.api_fix': {
    cs: 'nastavte volbu url na adresu úvodní stránky blogu (nebo restRoot)',
    en: 'set the option url to the address of the blog’s home page (or restRoot)',
  },
  'wp.check.credentials': {
    cs: 'přihlašovací údaje WordPressu pro {site}',
    en: 'WordPress credentials for {site}',
  },
  'wp.check.signed_in': {
    cs: 'přihlášen jako {user} (uživatel {id})',
    en: 'signed in as {user} (user {id})',
  },
  'wp.check.permissions': {
    cs: 'oprávnění uživatele {user} ve WordPressu',
    en: 'WordPress permissions of {user}',
  },
  'wp.check.may': { cs: 'smí {caps}', en: 'may {caps}' },
  'wp.check.lacks': { cs: 'uživateli chybí {caps}', en: 'the user lacks {caps}' },
  'wp.check.role_fix': {
    cs: 'dejte uživateli roli Autor (Editor, když volba author jmenuje někoho jiného)',
    en: 'give the user the Author role (Editor when the option author names someone else)',
  },
  'wp.check.connection': { cs: 'spojení s {site}', en: 'Connection to {site}' },
  'wp.check.plain_http': {
    cs: 'prosté http: heslo aplikace putuje sítí nešifrované',
    en: 'plain http: the Application Password travels unencrypted',
  },
  'wp.check.use_https': { cs: 'použijte https adresu blogu', en: 'use the https address of the blog' },
  'wp.check.categories': { cs: 'rubriky WordPressu na {site}', en: 'WordPress categories of {site}' },
  'wp.check.identity': {
    cs: 'mapování 1:1: čísla rubrik tržiště jsou čísla rubrik WordPressu',
    en: 'identity mapping: marketplace category ids are WordPress category ids',
  },
  'wp.check.all_exist': {
    cs: 'všechny nastavené rubriky existují (celkem {count})',
    en: 'all {count} configured categories exist',
  },
  'wp.check.absent': {
    cs: 'rubriky {ids} neexistují; obchody pro ně dostanou {fallback}',
    en: 'categories {ids} do not exist; deals for them get {fallback}',
  },
  'wp.check.absent_fix': {
    cs: 'vytvořte je ve WordPressu (Příspěvky → Rubriky), nebo opravte volby categories a defaultCategory',
    en: 'create them in WordPress (Posts → Categories) or correct the options categories and defaultCategory',
  },
  'wp.fallback.site_default': { cs: 'výchozí rubriku WordPressu', en: "WordPress's default category" },
  'wp.fallback.category': { cs: 'výchozí rubriku {id}', en: 'the default category {id}' },
  'wp.reach.ok': {
    cs: 'WordPress na {site}: přihlášen jako {user}',
    en: 'WordPress at {site}: signed in as {user}',
  },
  // what to do about refused credentials (credentials.ts tells the causes apart)
  'wp.fix.password': {
    cs: 'vytvořte tomu uživateli nové heslo aplikace (Uživatelé → Profil → Hesla aplikací) a nastavte username a applicationPassword',
    en: 'create a new Application Password (Users → Profile → Application Passwords) for that user and set username and applicationPassword',
  },
  'wp.fix.wrong_password': {
    cs: 'WordPress přihlašovací údaje dostal a odmítl je: {fix}',
    en: 'WordPress received the credentials and refused them: {fix}',
  },
  'wp.fix.login_password': {
    cs: 'tohle je přihlašovací heslo účtu, které REST API nepřijímá: {fix}',
    en: "this is the account's login password, which the REST API does not take: {fix}",
  },
  'wp.fix.header_stripped': {
    cs: 'heslo je správné (přes XML-RPC ho WordPress přijme), ale webový server nebo proxy zahazuje hlavičku Authorization: {fix}',
    en: 'the password is right (WordPress accepts it over XML-RPC), but the web server or a proxy strips the Authorization header: {fix}',
  },
  'wp.fix.authorization_header': {
    cs: 'nechte webový server předávat hlavičku Authorization do PHP: Apache — do .htaccess přidejte `SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1` (nebo `CGIPassAuth On`); nginx s PHP-FPM — `fastcgi_param HTTP_AUTHORIZATION $http_authorization;`; proxy před webem — ať hlavičku Authorization předává dál',
    en: 'make the web server pass the Authorization header to PHP: Apache — add `SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1` to .htaccess (or `CGIPassAuth On`); nginx with PHP-FPM — `fastcgi_param HTTP_AUTHORIZATION $http_authorization;`; a proxy in front — let it forward Authorization',
  },
  'wp.fix.app_passwords_off': {
    cs: 'hesla aplikací jsou na tomto webu vypnutá (bezpečnostní plugin, nebo web neběží přes https): zapněte je, nebo web provozujte přes https',
    en: 'Application Passwords are switched off on this site (a security plugin, or the site is not served over https): switch them on, or serve the site over https',
  },
  'wp.fix.undetermined': {
    cs: 'buď je heslo špatně, nebo webový server zahazuje hlavičku Authorization (XML-RPC je vypnuté, takže pressbridge nepozná, co z toho): nejdřív {password}; když to nepomůže, {header}',
    en: 'either the password is wrong or the web server strips the Authorization header (XML-RPC is off, so pressbridge cannot tell which): first {password}; if that does not help, {header}',
  },
  'wp.fix.credentials': {
    cs: 'zkontrolujte volby username a applicationPassword: heslo musí být heslo aplikace toho uživatele (Uživatelé → Profil → Hesla aplikací), ne přihlašovací heslo',
    en: 'check the options username and applicationPassword: the password must be an Application Password of that user (Users → Profile → Application Passwords), not the login password',
  },
  'wp.fix.forbidden_user': {
    cs: 'uživatel „{user}“ tohle dělat nesmí: dejte mu roli, která to smí (Autor publikuje vlastní příspěvky a nahrává média; Editor nebo Administrátor, má-li nastavit jiného autora), nebo {fix}',
    en: 'user "{user}" is not allowed to do this: give the user a role that may (Author publishes own posts and uploads media; Editor or Administrator to set another author), or {fix}',
  },
  'wp.fix.firewall': {
    cs: 'REST API pro tohoto klienta možná blokuje firewall nebo bezpečnostní plugin; povolte ho, nebo zkontrolujte přihlašovací údaje',
    en: 'a firewall or security plugin may be blocking the REST API for this client; allow it, or check the credentials',
  },
  // errors (errors.ts)
  'wp.error.unauthorized': {
    cs: 'WordPress odmítl přihlašovací údaje pro {site} ({status} na {request}: {said}): {fix}',
    en: 'WordPress rejected the credentials for {site} ({status} to {request}: {said}): {fix}',
  },
  'wp.error.redirect': {
    cs: 'WordPress na {site} přesměrovává {request} ({status}{to}): nastavte volbu url na adresu, kam WordPress přesměrovává',
    en: 'WordPress at {site} redirects {request} ({status}{to}): set the option url to the address WordPress redirects to',
  },
  'wp.error.redirect_to': { cs: ' na {location}', en: ' to {location}' },
  'wp.error.unavailable': {
    cs: 'WordPress na {site} odpověděl {status} na {request} ({said}); zkusí se to znovu',
    en: 'WordPress at {site} answered {status} to {request} ({said}); will retry',
  },
  'wp.error.too_large': {
    cs: 'WordPress na {site} odmítl {request} jako příliš velký (413): zvyšte limit nahrávání webového serveru (např. client_max_body_size v nginx), nebo zmenšete největší šířku fotek',
    en: "WordPress at {site} refused {request} as too large (413): raise the web server's upload limit (e.g. nginx client_max_body_size) or lower the photos' maximum width",
  },
  'wp.error.not_found': {
    cs: 'WordPress na {site} odpověděl 404 na {request} ({said})',
    en: 'WordPress at {site} answered 404 to {request} ({said})',
  },
  'wp.error.rejected': {
    cs: 'WordPress na {site} odmítl {request}: {status} {said}',
    en: 'WordPress at {site} refused {request}: {status} {said}',
  },
  'wp.said.nothing': { cs: 'bez vysvětlení', en: 'no explanation' },
  'wp.error.aborted': {
    cs: '{request} na WordPress na {site} byl zrušen',
    en: '{request} to WordPress at {site} was cancelled',
  },
  'wp.error.timeout': {
    cs: 'WordPress na {site} neodpověděl na {request} do {ms} ms; zkusí se to znovu (pro pomalý hosting zvyšte volbu timeoutMs)',
    en: 'WordPress at {site} did not answer {request} within {ms} ms; will retry (raise the option timeoutMs for a slow host)',
  },
  'wp.error.answer_too_large': {
    cs: 'WordPress na {site} odpověděl na {request} víc než {bytes} (limit pro {kind}); čtení bylo zastaveno: do odpovědí REST možná píše plugin nebo varování PHP, nebo adresa nevede na WordPress',
    en: 'WordPress at {site} answered {request} with more than {bytes} (the limit for {kind}); the read was stopped: a plugin or a PHP warning may be printing into REST answers, or the address leads to something else than WordPress',
  },
  'wp.error.bad_json': {
    cs: 'WordPress na {site} odpověděl na {request} něčím, co není JSON („{text}“): do odpovědí REST možná píše plugin nebo varování PHP, nebo cache vrací stránku; zkusí se to znovu',
    en: 'WordPress at {site} answered {request} with something that is not JSON ("{text}"): a plugin or a PHP warning may be printing into REST answers, or a cache serves a page instead; will retry',
  },
  'wp.error.unreachable': {
    cs: 'WordPress na {site} není dostupný: {reason} ({request}); zkusí se to znovu',
    en: 'Cannot reach WordPress at {site}: {reason} ({request}); will retry',
  },
  'wp.error.no_rest_api': {
    cs: 'Na {site} není REST API WordPressu (zkoušeno {tried}): zkontrolujte volbu url (adresu úvodní stránky blogu); je-li REST API jinde, nastavte restRoot, a ověřte, že ho nevypíná žádný plugin',
    en: "There is no WordPress REST API at {site} (tried {tried}): check the option url (the address of the blog's home page); if the REST API lives elsewhere set restRoot, and make sure no plugin disables it",
  },
  'wp.error.bad_answer': {
    cs: 'WordPress na {site} odpověděl na {request} v nečekaném tvaru ({detail}); je to REST API WordPressu?',
    en: 'WordPress at {site} answered {request} with an unexpected shape ({detail}); is this a WordPress REST API?',
  },
  'wp.net.refused': {
    cs: 'spojení odmítnuto (běží WordPress a je adresa správná?)',
    en: 'connection refused (is WordPress running, and is the address right?)',
  },
  'wp.net.not_found': {
    cs: 'název serveru nenalezen (zkontrolujte volbu url)',
    en: 'host name not found (check the option url)',
  },
} as const satisfies Catalog;
