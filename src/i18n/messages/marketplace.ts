import type { Catalog } from '../catalog.js';

/**
 * A marketplace error as the blogger reads it (src/errors.ts `MarketplaceError`, src/marketplace/classify.ts):
 * the frame around the marketplace's own words, our fix-it hints, what "no answer" was and what went wrong in
 * our words (an answer we cannot read, a photo or a redirect we refuse). Keys `market.`.
 */
export const marketplaceMessages = {
  'market.failed': {
    cs: 'Tržiště: {where} selhalo: {status}{code}: {message}{hint}{support}',
    en: 'Marketplace {where} failed: {status}{code}: {message}{hint}{support}',
  },
  'market.hint': { cs: ' — {hint}', en: ' — {hint}' },
  'market.support': { cs: ' (kód pro podporu {code})', en: ' (support code {code})' },
  'market.hint.invalid_key': {
    cs: 'tržiště API klíč odmítlo: vytvořte v nastavení účtu nový klíč (API klíče) a nastavte marketplace.apiKey',
    en: 'the marketplace rejected the API key: create a new key in the account settings (API keys) and set marketplace.apiKey',
  },
  'market.hint.missing_scope': {
    cs: 'API klíči chybí oprávnění „write“: vytvořte klíč s oprávněním read a write a nastavte marketplace.apiKey',
    en: 'the API key lacks the "write" scope: create a key with read and write permission and set marketplace.apiKey',
  },
  // our fix-it hints after the marketplace refused a hand-in (src/pipeline/hand-in.ts)
  'market.hint.foreign_domain': {
    cs: 'tržiště odmítlo {url}, protože není na doméně, kterou má pro blog {blog}{name}. pressbridge tento blog publikuje na {target}: nastavte adresu blogu na tržišti (nastavení blogu) a web v konfiguraci pressbridge na stejnou doménu. Příspěvek zůstává zveřejněný; po opravě odevzdejte jeho adresu na tržišti ručně',
    en: "the marketplace refused {url} because it is not on the domain it has for blog {blog}{name}. pressbridge publishes this blog to {target}: make the blog's URL in the marketplace (blog settings) and the site in the pressbridge config the same domain. The post stays published; after the fix, hand its URL in by hand in the marketplace",
  },
  'market.hint.url_used': {
    cs: 'tržiště odmítlo {url}, protože tuto adresu už někdo odevzdal u jiného obchodu. Publikační modul pro {target} nejspíš znovu použil existující příspěvek (stejný slug): dejte článku tohoto obchodu vlastní příspěvek a adresu a tu pak odevzdejte na tržišti ručně',
    en: "the marketplace refused {url} because that URL was already handed in for another deal. The publisher for {target} probably reused an existing post (same slug): give this deal's article its own post and URL, then hand that URL in by hand in the marketplace",
  },
  'market.hint.wrong_state': {
    cs: 'obchod {deal} už adresu článku nepřijímá (zrušený nebo uzavřený?): zkontrolujte ho na tržišti; příspěvek na {url} zůstává zveřejněný, a pokud byl obchod zrušen, stáhněte ho',
    en: 'deal {deal} no longer takes an article URL (cancelled or closed?): check it in the marketplace; the post at {url} stays published, take it down if the deal was cancelled',
  },
  'market.hint.unreachable': {
    cs: 'tržiště se na {url} nedostalo, ačkoli pressbridge ano: zvenku ji může skrývat cache, firewall nebo geoblokace; odevzdání se zopakuje',
    en: 'the marketplace could not reach {url} although pressbridge could: a cache, firewall or geo-blocking may hide it from the outside; the hand-in is retried',
  },
  'market.hint.no_url_yet': {
    cs: 'tržiště hlásí, že článek byl odevzdán, ale obchod {deal} zatím adresu článku neukazuje; zkouší se znovu',
    en: 'the marketplace says the article was handed in, but deal {deal} shows no article URL yet; retrying',
  },
  // what went wrong inside the frame, in our words (src/marketplace/)
  'market.status.too_many': { cs: 'příliš mnoho požadavků', en: 'too many requests' },
  'market.status.server_error': { cs: 'chyba serveru', en: 'server error' },
  'market.status.rejected': { cs: 'požadavek odmítnut', en: 'request rejected' },
  'market.bad_response': {
    cs: 'nečekaná odpověď na {path}: {detail}',
    en: 'unexpected answer for {path}: {detail}',
  },
  'market.detail.not_json': { cs: 'není JSON ({type})', en: 'not JSON ({type})' },
  'market.detail.content_type': { cs: 'content-type {type}', en: 'content-type {type}' },
  'market.detail.no_content_type': { cs: 'bez content-type', en: 'content-type missing' },
  'market.detail.shape': { cs: '{where}: {what}{more}', en: '{where}: {what}{more}' },
  'market.detail.shape_root': { cs: '(celá odpověď)', en: '(root)' },
  'market.detail.more': { cs: ' (a další: {n})', en: ' (+{n} more)' },
  'market.detail.no_shape': { cs: 'neodpovídá očekávanému tvaru', en: 'does not match the expected shape' },
  'market.detail.not_image': { cs: 'očekáván obrázek, přišlo {type}', en: 'expected an image, got {type}' },
  'market.photo.unusable_url': {
    cs: 'fotka {n} obchodu {deal} má nepoužitelnou adresu URL',
    en: 'photo {n} of deal {deal} has an unusable URL',
  },
  'market.photo.foreign_host': {
    cs: 'fotka {n} obchodu {deal} je na jiném serveru ({host}); fotky se stahují jen z {ours}',
    en: 'photo {n} of deal {deal} is on another host ({host}); photos are fetched only from {ours}',
  },
  'market.redirect.unexpected': {
    cs: 'tržiště odpovědělo přesměrováním',
    en: 'the marketplace answered a redirect',
  },
  'market.redirect.too_many': { cs: 'víc než {max} přesměrování', en: 'more than {max} redirects' },
  'market.redirect.not_url': {
    cs: 'cíl přesměrování není adresa URL',
    en: 'the redirect target is not a URL',
  },
  'market.redirect.foreign': {
    cs: 'tržiště přesměrovalo na jiný server ({host}); pressbridge mluví jen s {ours}',
    en: 'the marketplace redirected to another host ({host}); pressbridge only talks to {ours}',
  },
  'market.limiter_unavailable': {
    cs: 'v Redisu nešlo zarezervovat místo pro požadavek: {error}',
    en: 'could not reserve a request slot in Redis: {error}',
  },
  // the poll's listing that did not end within its pages (src/intake/round.ts): `celkem` is the API's field
  // the intake's listing (src/intake/round.ts): a deal moved between its pages, so it is read again
  'market.list.changed': {
    cs: 'seznam se během stránkování změnil; příště se načte znovu',
    en: 'the list changed while it was paged; listed again next time',
  },
  'market.list.cut': {
    cs: 'seznam obchodů neskončil ani po {pages} stránkách (celkem {total}); zbytek je vynechán',
    en: 'the list of deals did not end after {pages} pages (celkem {total}); the rest is left out',
  },
  'market.invalid_id': { cs: 'není číslo z tržiště: {value}', en: 'not a marketplace id: {value}' },
  'market.invalid_year': { cs: 'není rok: {value}', en: 'not a year: {value}' },
  // the marketplace's deadlines read (src/marketplace/deadline.ts): an unreadable one, an implausible one
  'deadline.unreadable': {
    cs: 'publish_deadline "{raw}" není ve tvaru YYYY-MM-DD HH:MM:SS ani ISO 8601; za termín se bere {minutes} minut od chvíle, kdy pressbridge obchod přijal',
    en: 'publish_deadline "{raw}" is neither YYYY-MM-DD HH:MM:SS nor ISO 8601; the deadline is taken as {minutes} minutes after pressbridge received the deal',
  },
  'deadline.early': { cs: 'o {n} min dřív', en: '{n} min early' },
  'deadline.late': { cs: 'o {n} min později', en: '{n} min late' },
  'deadline.reads': {
    cs: 'publish_deadline vychází {size} (při příchodu {ahead} min dopředu, očekáváno {expected})',
    en: 'publish_deadline reads {size} ({ahead} min ahead on arrival, {expected} expected)',
  },
  'deadline.zone_time': { cs: 'čas {zone}', en: '{zone} time' },
  'deadline.zone': {
    cs: '{head}: služba zřejmě posílá {says}; nastavte marketplace.timeZone: {zone}',
    en: '{head}: the service seems to send {says}; set marketplace.timeZone: {zone}',
  },
  'deadline.clock_behind': {
    cs: '{head} a hodiny tohoto počítače jdou o {minutes} min pozadu oproti službě (její hlavička HTTP Date): seřiďte hodiny (NTP); zbytek vysvětlí pozdní doručení',
    en: "{head}, and this machine's clock is {minutes} min behind the service's (its HTTP Date header): synchronise the clock (NTP); a late delivery explains the rest",
  },
  'deadline.clock_ahead': {
    cs: '{head} a hodiny tohoto počítače jdou o {minutes} min napřed oproti službě (její hlavička HTTP Date): seřiďte hodiny (NTP); zbytek vysvětlí pozdní doručení',
    en: "{head}, and this machine's clock is {minutes} min ahead of the service's (its HTTP Date header): synchronise the clock (NTP); a late delivery explains the rest",
  },
  'deadline.other': {
    cs: '{head}: pozdní doručení (webhook se opakoval, když byl pressbridge nedostupný), nebo špatně jdoucí hodiny; zkontrolujte hodiny tohoto počítače (NTP), a pokud takto vychází každý obchod, také zónu služby (marketplace.timeZone)',
    en: "{head}: a late delivery (the webhook retried while pressbridge was unreachable) or a clock that is off; check this machine's clock (NTP), and if every deal reads like this, the service's zone (marketplace.timeZone)",
  },
  'deadline.processed_anyway': {
    cs: '{message} (obchod se přesto zpracuje; zda je pozdě, rozhodne tržiště)',
    en: '{message} (the deal is processed anyway; the marketplace decides whether it is late)',
  },
  'market.no_answer.timeout': { cs: 'žádná odpověď do {ms} ms', en: 'no answer within {ms} ms' },
  'market.no_answer.aborted': { cs: 'požadavek byl zrušen', en: 'the request was cancelled' },
  'market.no_answer.network': { cs: 'chyba sítě: {cause}', en: 'network error: {cause}' },
} as const satisfies Catalog;
