import type { Catalog } from '../catalog.js';

/**
 * `doctor --live`'s check lines (src/commands/doctor-live*.ts) and the shapes it compares (src/capture/shape.ts),
 * as the terminal prints them; their English is what the --save capture and `--json` keep. JSON's type names
 * (string, number, object, array, null), field paths and header names are notation and stay as they are.
 * Keys `live.`.
 */
export const cliLiveMessages = {
  // the shapes (src/capture/shape.ts)
  'live.shape.missing': { cs: 'chybí', en: 'missing' },
  'live.shape.missing_beside': {
    cs: 'chybí (neočekávaná pole: {fields})',
    en: 'missing (unexpected fields: {fields})',
  },
  'live.shape.field': { cs: '{name}: {shape}', en: '{name}: {shape}' },
  'live.shape.string_form': { cs: 'string ({form})', en: 'string ({form})' },
  'live.shape.array_of': { cs: 'array, prvky: {of}', en: 'array of {of}' },
  'live.shape.empty_array': { cs: 'prázdné array', en: 'empty array' },
  'live.shape.object': { cs: 'object {{fields}{more}}', en: 'object {{fields}{more}}' },
  'live.shape.more': { cs: ', … a další: {n}', en: ', … {n} more' },
  'live.shape.one_of': { cs: 'jedno z: {values}', en: 'one of {values}' },
  'live.shape.or_null': { cs: '{of} nebo null', en: '{of} or null' },
  'live.form.absolute_url': { cs: 'absolutní URL', en: 'absolute URL' },
  'live.form.path': { cs: 'cesta', en: 'path' },
  // the checks' names
  'live.name.identity': { cs: 'identita a oprávnění', en: 'identity and scopes' },
  'live.name.blogs': { cs: 'seznam blogů a režimy publikování', en: 'blog list and publishing modes' },
  'live.name.deal_list': {
    cs: 'obálka seznamu obchodů a stránkování',
    en: 'deals list envelope and paging',
  },
  'live.name.dates': { cs: 'formát a zóna dat a časů', en: 'date-time format and zone' },
  'live.name.deal_detail': { cs: 'detail obchodu', en: 'deal detail' },
  'live.name.deal_text': { cs: 'text obchodu', en: 'deal text' },
  'live.name.photo': { cs: 'typ obsahu fotky', en: 'photo content type' },
  'live.name.rate_limit': { cs: 'hlavičky limitu požadavků', en: 'rate-limit headers' },
  'live.name.others': { cs: 'ostatní předpoklady', en: 'the other assumptions' },
  'live.name.demands': { cs: 'poptávky blogu {blog}', en: 'demands of blog {blog}' },
  // what a check says
  'live.at': { cs: '{where}: {detail}', en: '{where}: {detail}' },
  'live.answered': { cs: '{where} odpověděl {status}{code}', en: '{where} answered {status}{code}' },
  'live.not_sent': { cs: '{where} nešlo odeslat', en: '{where} could not be sent' },
  'live.no_answer': { cs: '{where} nedostal odpověď', en: '{where} got no answer' },
  'live.of_deal': { cs: '{where} (obchod {deal})', en: '{where} (deal {deal})' },
  'live.of_blog': { cs: '{where} (blog {blog})', en: '{where} (blog {blog})' },
  'live.demands.held': {
    cs: '{data: [...]}, dostupných poptávek: {n}',
    en: '{data: [...]}, {n} demand(s) available',
  },
  'live.demands.incomplete': {
    cs: '{where} odpověděl 422 blog_neuplny: blog je neúplný a tržiště mu nenabízí žádné poptávky',
    en: '{where} answered 422 blog_neuplny: the blog is incomplete, so the marketplace offers it no demands',
  },
  'live.demands.incomplete_fix': {
    cs: 'doplňte u blogu {blog} na tržišti minimální cenu za článek, aktualizujte měsíční návštěvnost (starší než měsíc) nebo počkejte na schválení blogu redakcí',
    en: "on the marketplace, set blog {blog}'s minimum price per article, update its monthly visitors (older than a month) or wait for the editors to approve the blog",
  },
  'live.and': { cs: '{a}{sep}{b}', en: '{a}{sep}{b}' },
  'live.none': { cs: 'žádné', en: 'none' },
  'live.identity.held': {
    cs: 'samotný objekt, role bloger, oprávnění {scopes}',
    en: 'bare object, role bloger, scopes {scopes}',
  },
  'live.identity.role': { cs: '"bloger" (klíč blogera)', en: '"bloger" (a blogger key)' },
  'live.identity.scopes': { cs: 'aby obsahovalo read a write', en: 'to include read and write' },
  'live.identity.fix': {
    cs: 'vytvořte klíč blogera s oprávněními read + write (nastavení účtu → API klíče) a nastavte marketplace.apiKey',
    en: 'create a blogger key with scopes read + write (account settings → API keys) and set marketplace.apiKey',
  },
  'live.blogs.held': {
    cs: '{data: [...]}, blogů: {n}, režimy {modes}',
    en: '{data: [...]}, {n} blog(s), modes {modes}',
  },
  'live.list.page': { cs: '{n} (vyžádaná stránka)', en: '{n} (the page asked for)' },
  'live.list.per_page': { cs: '{n} (jak bylo vyžádáno)', en: '{n} (as asked)' },
  'live.list.total': { cs: 'alespoň {n} (obchody na stránce)', en: 'at least {n} (the deals on the page)' },
  'live.list.held': {
    cs: '{data, strana, na_stranu, celkem}, obchodů: {n} z {total}',
    en: '{data, strana, na_stranu, celkem}, {n} of {total} deal(s)',
  },
  'live.detail.held': { cs: 'samotný objekt s poli obchodu', en: 'bare object with the deal fields' },
  'live.text.awaits': {
    cs: '{where} odpověděl 409: text čeká na schválení inzerentem',
    en: "{where} answered 409: the text awaits the advertiser's approval",
  },
  'live.text.photo_n': { cs: '0 až {max}', en: '0 to {max}' },
  'live.text.foreign_url': {
    cs: 'absolutní URL na jiném serveru ({host})',
    en: 'absolute URL on another host ({host})',
  },
  'live.text.unusable_url': { cs: 'nepoužitelná URL', en: 'an unusable URL' },
  'live.text.url_expected': {
    cs: 'chybí, cesta, nebo absolutní URL na {host}',
    en: 'missing, a path, or an absolute URL on {host}',
  },
  'live.text.url.missing': { cs: 'chybí', en: 'missing' },
  'live.text.url.absolute': { cs: 'absolutní', en: 'absolute' },
  'live.text.url.path': { cs: 'cesta', en: 'path' },
  'live.text.held': {
    cs: 'pole podle předpokladu, fotek: {n}, url {forms}',
    en: 'fields as assumed, {n} photo(s), url {forms}',
  },
  'live.text.fix': {
    cs: 'služba posílá text v jiném tvaru: přiložte záznam (doctor --live --save) k hlášení chyby',
    en: 'the service sends the text in another shape: attach the capture (doctor --live --save) to a bug report',
  },
  'live.rate.answers': { cs: 'odpovědí: {n}', en: '{n} answer(s)' },
  'live.rate.not_number': { cs: 'není číslo', en: 'not a number' },
  'live.rate.whole_number': { cs: 'celé číslo', en: 'a whole number' },
  'live.rate.unix_seconds': { cs: 'unixový čas v sekundách', en: 'Unix time in seconds' },
  'live.rate.seconds_left': { cs: 'sekundy do obnovení', en: 'seconds until the reset' },
  'live.rate.far': { cs: 'čas víc než hodinu daleko', en: 'a time more than an hour away' },
  'live.rate.window_end': {
    cs: 'unixový čas konce okna v sekundách',
    en: 'Unix time in seconds of the window’s end',
  },
  'live.rate.limit': {
    cs: '{limit} (marketplace.requestsPerMinute; dokument: {document})',
    en: '{limit} (marketplace.requestsPerMinute; the document: {document})',
  },
  'live.rate.held': {
    cs: 'X-RateLimit-Remaining a X-RateLimit-Reset (unixové sekundy) v každé',
    en: 'X-RateLimit-Remaining and X-RateLimit-Reset (Unix seconds) on each',
  },
  'live.rate.fix': {
    cs: 'nastavte marketplace.requestsPerMinute na limit, který služba oznamuje',
    en: 'set marketplace.requestsPerMinute to the limit the service announces',
  },
  'live.no_text_yet': {
    cs: 'žádný obchod účtu zatím nemá text (stav od akceptovano dál)',
    en: 'no deal of the account has its text yet (a state from akceptovano on)',
  },
  'live.no_photo': {
    cs: 'obchod {deal} nemá fotku na serveru služby',
    en: "deal {deal} has no photo on the service's host",
  },
  'live.no_text_answer': { cs: 'žádná odpověď s textem', en: 'no text answer' },
  // the date-time check (src/commands/doctor-live-dates.ts)
  'live.anchor.clock': { cs: 'hodiny služby (Date)', en: 'the service clock (Date)' },
  'live.anchor.hand_in': {
    cs: 'odevzdání obchodu {deal} pressbridgem',
    en: "pressbridge's hand-in of deal {deal}",
  },
  'live.anchor.hand_ins': { cs: 'odevzdání pressbridgem', en: "pressbridge's hand-in" },
  'live.dates.none': {
    cs: 'v odpovědích není žádné datum a čas k ověření',
    en: 'no date-time in the answers to check',
  },
  'live.dates.after': {
    cs: 'vychází o {minutes} min později než {what} (jako {zone})',
    en: 'reads {minutes} min after {what} (as {zone})',
  },
  'live.dates.before': {
    cs: 'vychází o {minutes} min dřív než {what} (jako {zone})',
    en: 'reads {minutes} min before {what} (as {zone})',
  },
  'live.dates.not_after': { cs: 'ne později', en: 'not after it' },
  'live.dates.not_before': { cs: 'ne dřív', en: 'not before it' },
  'live.dates.fix_utc': {
    cs: 'služba zřejmě posílá UTC: nastavte marketplace.timeZone: UTC',
    en: 'the service seems to send UTC: set marketplace.timeZone: UTC',
  },
  'live.dates.fix_behind': {
    cs: 'data a časy služby vycházejí asi o {minutes} min pozadu za {zone}: nastavte marketplace.timeZone na zónu služby',
    en: "the service's date-times read about {minutes} min behind {zone}: set marketplace.timeZone to the service's zone",
  },
  'live.dates.fix_ahead': {
    cs: 'data a časy služby vycházejí alespoň o {minutes} min napřed před {zone}: nastavte marketplace.timeZone na zónu služby',
    en: "the service's date-times read at least {minutes} min ahead of {zone}: set marketplace.timeZone to the service's zone",
  },
  'live.dates.fix_explicit': {
    cs: 'není co nastavit: data a časy s výslovným posunem se čtou tak, jak jsou',
    en: 'nothing to set: date-times with an explicit offset are read as given',
  },
  'live.dates.plain': { cs: 'dat a časů ve tvaru {form}: {n}', en: '{n} date-time(s) in {form}' },
  'live.dates.unconfirmed_alone': {
    cs: '{plain}; zóna nepotvrzena (není s čím porovnat)',
    en: '{plain}; the zone is unconfirmed (no instant to compare with)',
  },
  'live.dates.unconfirmed': {
    cs: '{plain}, žádné po hodinách služby (Date); zda jde o {zone}, nebo o zónu za ní (třeba UTC), ukáže až obchod odevzdaný pressbridgem: spusťte znovu po prvním odevzdání',
    en: '{plain}, none after the service clock (Date); whether they are {zone} or a zone behind it (UTC, say) shows only against a deal pressbridge handed in: run again after the first hand-in',
  },
  'live.dates.differ': {
    cs: 'přečteno dat a časů: {n}; rozdílů: {d}',
    en: '{n} date-time(s) read; {d} difference(s)',
  },
  'live.dates.confirmed': {
    cs: '{plain}, odpovídá {zone} (ověřeno proti: {against})',
    en: '{plain}, consistent with {zone} (checked against {against})',
  },
} as const satisfies Catalog;
