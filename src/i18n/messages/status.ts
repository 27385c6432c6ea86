import type { Catalog } from '../catalog.js';
import { statusDealMessages } from './status-deal.js';
import { statusHomeMessages } from './status-home.js';
import { statusObligationsMessages } from './status-obligations.js';
import { statusOverviewMessages } from './status-overview.js';

/**
 * Texts of the status area. Keys start with `status.`. The frame, shared parts and the error and refusal pages
 * are here; the home page (overview) is in ./status-home.ts, the System page's cards in ./status-overview.ts, the deals table, a deal's page and the logs page in
 * ./status-deal.ts.
 */
export const statusMessages = {
  ...statusHomeMessages,
  ...statusOverviewMessages,
  ...statusDealMessages,
  ...statusObligationsMessages,
  // The frame: navigation, footer.
  'status.nav.label': { cs: 'Hlavní nabídka', en: 'Main' },
  'status.nav.overview': { cs: 'Přehled', en: 'Overview' },
  'status.nav.deals': { cs: 'Obchody', en: 'Deals' },
  'status.nav.logs': { cs: 'Záznamy', en: 'Logs' },
  'status.footer.built': { cs: 'stránka vytvořena', en: 'page built' },

  // Times, countdowns, shared parts.
  'status.time.ago': { cs: 'před {age}', en: '{age} ago' },
  'status.time.just_now': { cs: 'právě teď', en: 'just now' },
  'status.countdown.left': { cs: 'zbývá {time}', en: '{time} left' },
  'status.countdown.overdue': { cs: '{time} po termínu', en: 'overdue {time}' },
  'status.countdown.due': { cs: 'termín {time}', en: 'due {time}' },
  'status.blog': { cs: 'blog {id}', en: 'blog {id}' },
  'status.open_in': { cs: 'otevřít v {marketplace}', en: 'open in {marketplace}' },
  'status.late': { cs: 'pozdě', en: 'late' },
  'status.any': { cs: 'vše', en: 'any' },
  'status.filter': { cs: 'Filtrovat', en: 'Filter' },
  'status.unavailable': { cs: 'Nedostupné: {error}', en: 'Unavailable: {error}' },
  'status.yes': { cs: 'ano', en: 'yes' },
  'status.no': { cs: 'ne', en: 'no' },
  'status.failed': { cs: 'selhalo', en: 'failed' },

  // Data sources of the pages, named when one does not answer in time.
  'status.timeout': { cs: 'Bez odpovědi do {ms} ms: {what}', en: '{what} did not answer within {ms} ms' },
  // why a source could not be read (src/status/routes/page-kit.ts), when it did not time out
  'status.source.redis_down': { cs: 'Redis neodpovídá', en: 'Redis does not answer' },
  'status.source.failed': { cs: 'neočekávaná chyba (anglicky: {detail})', en: '{detail}' },
  'status.source.counts': { cs: 'Redis (počty obchodů)', en: 'Redis (deal counts)' },
  'status.source.queue': { cs: 'fronta', en: 'the queue' },
  'status.source.rate_limit': { cs: 'omezovač požadavků', en: 'the rate limiter' },
  'status.source.last_webhook': { cs: 'Redis (poslední webhook)', en: 'Redis (last webhook)' },
  'status.source.redis': { cs: 'Redis', en: 'Redis' },
  'status.source.blogs': { cs: 'blogy', en: 'the blogs' },
  'status.source.deals': { cs: 'Redis (obchody)', en: 'Redis (deals)' },
  'status.source.earnings': { cs: 'Redis (výdělky)', en: 'Redis (earnings)' },
  'status.source.notifications': { cs: 'Redis (upozornění)', en: 'Redis (notifications)' },
  'status.source.deal': { cs: 'Redis (obchod)', en: 'Redis (deal)' },
  'status.source.log': { cs: 'Redis (záznamy)', en: 'Redis (log)' },
  'status.source.sweep': { cs: 'Redis (kontrola zmeškaných webhooků)', en: 'Redis (reconciliation)' },
  'status.source.dates': { cs: 'Redis (data a časy)', en: 'Redis (date-times)' },
  'status.source.events': { cs: 'Redis (události webhooků)', en: 'Redis (webhook events)' },
  'status.source.intake': { cs: 'příjem obchodů', en: 'the intake' },

  // Error and refusal pages.
  'status.error.status': { cs: 'HTTP {status}', en: 'HTTP {status}' },
  'status.error.not_found': { cs: 'Stránka nenalezena', en: 'Not found' },
  'status.error.not_found_text': { cs: 'Taková stránka neexistuje.', en: 'There is no such page.' },
  'status.error.bad_request': { cs: 'Chybný požadavek', en: 'Bad request' },
  'status.error.bad_request_text': {
    cs: 'Požadavek nešel přečíst; nic se neprovedlo.',
    en: 'The request could not be read; nothing was done.',
  },
  'status.error.unavailable': { cs: 'Data nejsou k dispozici', en: 'Data not available' },
  'status.error.unavailable_text': {
    cs: 'Stránku nešlo sestavit: {error}. Běží Redis? Přehled ukáže, co odpovídá.',
    en: 'The page could not be built: {error}. Is Redis running? The overview shows what answers.',
  },
  'status.error.bad_deal_id': { cs: 'Chybné číslo obchodu', en: 'Bad deal id' },
  'status.error.bad_deal_id_text': {
    cs: 'Číslo obchodu je celé číslo, například /deals/1234.',
    en: 'A deal id is a whole number, like /deals/1234.',
  },
  'status.error.bad_page': { cs: 'Chybné číslo stránky', en: 'Bad page number' },
  'status.error.bad_page_text': {
    cs: 'Číslo stránky je celé číslo od 1, například ?page=2.',
    en: 'The page number must be a whole number from 1, like ?page=2.',
  },
  'status.error.bad_state': { cs: 'Neznámý stav', en: 'Unknown state' },
  'status.error.bad_state_text': {
    cs: 'Filtrujte podle jednoho z: {states}.',
    en: 'Filter by one of: {states}.',
  },
  'status.error.bad_filter': { cs: 'Chybný filtr', en: 'Bad filter' },
  'status.error.bad_filter_text': {
    cs: 'Úroveň je jedna z {levels}; blog je číslo blogu; refresh je on nebo off.',
    en: 'Level is one of {levels}; blog is a blog id; refresh is on or off.',
  },
  'status.error.no_deal': { cs: 'Obchod nenalezen', en: 'No such deal' },
  'status.error.no_deal_text': {
    cs: 'pressbridge o obchodu {dealId} nemá záznam. Záznamy se uchovávají 30 dní; obchod, o kterém pressbridge nikdy neslyšel, načtete příkazem `pressbridge replay {dealId}`.',
    en: 'pressbridge has no record of deal {dealId}. Records are kept 30 days; a deal pressbridge never heard of can be fetched with `pressbridge replay {dealId}`.',
  },
  'status.error.no_deal_action_text': {
    cs: 'pressbridge o obchodu {dealId} nemá záznam; nic se neprovedlo.',
    en: 'pressbridge has no record of deal {dealId}; nothing was done.',
  },
  'status.error.no_action': { cs: 'Taková akce neexistuje', en: 'No such action' },
  'status.error.no_action_text': {
    cs: 'Stránka obchodu nabízí: {actions}.',
    en: 'The deal page offers: {actions}.',
  },
  'status.error.form': {
    cs: 'Formulář vypršel nebo není z této stránky',
    en: 'Form expired or not from this page',
  },
  'status.error.form_text': {
    cs: 'Nic se neprovedlo: {reason}. Načtěte stránku obchodu znovu a stiskněte tlačítko ještě jednou.',
    en: 'Nothing was done: {reason}. Reload the deal page and press the button again.',
  },
  'status.csrf.cross_site': {
    cs: 'požadavek přišel z jiného webu (Sec-Fetch-Site: {site})',
    en: 'the request came from another site (Sec-Fetch-Site: {site})',
  },
  'status.csrf.cross_origin': {
    cs: 'požadavek přišel z jiného původu',
    en: 'the request came from another origin',
  },
  'status.csrf.missing': { cs: 'chybí token formuláře', en: 'the form token is missing' },
  'status.csrf.mismatch': {
    cs: 'token formuláře nesouhlasí (nerestartoval se pressbridge?)',
    en: 'the form token does not match (was pressbridge restarted?)',
  },
  'status.action.failed': {
    cs: 'Obchod {dealId}: „{action}“ selhalo: {error}',
    en: 'Deal {dealId}: “{action}” failed: {error}',
  },
  'status.access.too_many': { cs: 'Příliš mnoho chybných hesel', en: 'Too many wrong passwords' },
  'status.access.too_many_text': {
    cs: 'Z této adresy přišlo příliš mnoho chybných hesel; zkuste to znovu za {seconds} s.',
    en: 'Too many wrong passwords from this address; try again in {seconds} s.',
  },
  'status.access.slowdown_text': {
    cs: 'Na tuto stránku přišlo v poslední minutě příliš mnoho chybných hesel z různých adres, a tak je kontrola hesel na chvíli pozastavena; zkuste to znovu za {seconds} s.',
    en: 'Too many wrong passwords reached this page from many addresses in the last minute, so password checks pause briefly; try again in {seconds} s.',
  },
  'status.access.password': { cs: 'Vyžadováno heslo', en: 'Password required' },
  'status.access.password_text': {
    cs: 'Tato stavová stránka vyžaduje heslo nastavené jako status.password (jméno uživatele je libovolné).',
    en: 'This status page needs the password set as status.password (any user name).',
  },
  'status.access.host': { cs: 'Pod tímto jménem nedostupné', en: 'Not reachable under this name' },
  'status.access.host_text': {
    cs: 'Bez status.password odpovídá stavová stránka jen na localhostu (127.0.0.1) a na jménech ve status.hosts. Nastavte status.password, chcete-li ji otevírat pod jiným jménem nebo přes reverzní proxy.',
    en: 'Without status.password the status page answers only on localhost (127.0.0.1) and the names in status.hosts. Set status.password to reach it through another name or a reverse proxy.',
  },
} as const satisfies Catalog;
