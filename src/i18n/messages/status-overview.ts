import type { Catalog } from '../catalog.js';

/** The status page's overview and the column headers its tables share with the other pages. */
export const statusOverviewMessages = {
  // Table columns (also the labels of the cells on a phone).
  'status.col.deal': { cs: 'Obchod', en: 'Deal' },
  'status.col.blog': { cs: 'Blog', en: 'Blog' },
  'status.col.title': { cs: 'Název', en: 'Title' },
  'status.col.state': { cs: 'Stav', en: 'State' },
  'status.col.accepted': { cs: 'Přijato', en: 'Accepted' },
  'status.col.deadline': { cs: 'Termín', en: 'Deadline' },
  'status.col.published': { cs: 'Publikováno', en: 'Published' },
  'status.col.error': { cs: 'Chyba', en: 'Error' },
  'status.col.time': { cs: 'Čas', en: 'Time' },
  'status.col.level': { cs: 'Úroveň', en: 'Level' },
  'status.col.message': { cs: 'Zpráva', en: 'Message' },
  'status.col.publisher': { cs: 'Platforma', en: 'Publisher' },
  'status.col.target': { cs: 'Cíl', en: 'Target' },
  'status.col.reachable': { cs: 'Dostupný', en: 'Reachable' },

  'status.overview.kept': { cs: 'uloženo v Redisu', en: 'kept in Redis' },
  'status.overview.no_deals': { cs: 'Zatím žádné obchody.', en: 'No deals yet.' },
  'status.overview.attention': { cs: 'Vyžaduje pozornost', en: 'Needs a look' },

  'status.queue.title': { cs: 'Fronta', en: 'Queue' },
  'status.queue.waiting': { cs: 'čeká', en: 'waiting' },
  'status.queue.active': { cs: 'běží', en: 'active' },
  'status.queue.delayed': { cs: 'odloženo', en: 'delayed' },
  'status.queue.hint': {
    cs: 'Odložené úlohy čekají na další pokus (po prodlevě nebo na schválení textu inzerentem).',
    en: "Delayed jobs wait for their next attempt (backoff or the advertiser's approval).",
  },

  'status.rate.title': { cs: 'API tržiště', en: 'Marketplace API' },
  'status.rate.of_limit': {
    cs: 'z {limit} požadavků zbývá v tomto okně',
    en: 'of {limit} requests left in this window',
  },
  'status.rate.next': {
    cs: 'Další požadavek se uvolní za {age} ({time}).',
    en: 'Next slot frees in {age} ({time}).',
  },
  'status.rate.whole': { cs: 'K dispozici je celé okno.', en: 'The whole window is available.' },
  'status.rate.wait': {
    cs: 'Požadavky do té doby počkají; nic se neztratí.',
    en: 'Requests wait until then; nothing is lost.',
  },
  'status.rate.pause': {
    cs: 'Tržiště si ({time}, odpověď 429) vyžádalo pauzu {asked}; pressbridge čeká nejvýš {capped} a pak to zkusí znovu ({key}).',
    en: 'The marketplace asked for a pause of {asked} at {time} (a 429 answer); pressbridge waits at most {capped}, then tries again ({key}).',
  },

  'status.webhook.title': { cs: 'Poslední webhook', en: 'Last webhook' },
  'status.webhook.none': { cs: 'Zatím žádný nepřišel.', en: 'None received yet.' },
  'status.webhook.hint': {
    cs: 'Příkazem {command} požádáte tržiště o zkušební webhook.',
    en: 'Run {command} to make the marketplace send one.',
  },
  'status.webhook.received': { cs: 'přijat', en: 'received' },
  'status.webhook.event': { cs: 'událost', en: 'event' },
  'status.webhook.outcome': { cs: 'výsledek', en: 'outcome' },
  'status.webhook.deal': { cs: 'obchod', en: 'deal' },

  'status.sweep.title': { cs: 'Zmeškané webhooky', en: 'Missed webhooks' },
  'status.intake.title': { cs: 'Příjem obchodů', en: 'Intake' },
  'status.intake.poll': {
    cs: 'Dotazy na tržiště každých {every}: {perMinute} z {budget} požadavků za minutu.',
    en: 'Polling the marketplace every {every}: {perMinute} of {budget} requests a minute.',
  },
  'status.intake.both': {
    cs: 'Webhook, a jako záloha dotazy každých {every}: {perMinute} z {budget} požadavků za minutu.',
    en: 'The webhook, backed by polling every {every}: {perMinute} of {budget} requests a minute.',
  },
  'status.intake.webhook': {
    cs: 'Jen webhook: žádné dotazy navíc.',
    en: 'The webhook only: no polling requests.',
  },
  'status.sweep.none': { cs: 'Zatím žádná kontrola.', en: 'No sweep yet.' },
  'status.sweep.about': {
    cs: 'pressbridge se při startu a pak každých pár minut ptá tržiště na přijaté obchody a zařadí do fronty ty, jejichž webhook nedorazil.',
    en: 'pressbridge asks the marketplace for accepted deals at start-up and every few minutes, and queues any whose webhook never arrived.',
  },
  'status.sweep.last': { cs: 'poslední kontrola', en: 'last sweep' },
  'status.sweep.result': { cs: 'výsledek', en: 'result' },
  'status.sweep.nothing': { cs: 'nic nechybí', en: 'nothing missing' },
  'status.sweep.listed': {
    cs: '(vypsáno přijatých obchodů: {listed})',
    en: '(accepted deals listed: {listed})',
  },
  'status.sweep.queued': {
    cs: 'do fronty zařazeny obchody bez webhooku ({count}):',
    en: 'queued deals without a webhook ({count}):',
  },
  'status.sweep.queued_hint': {
    cs: 'Jejich webhooky do pressbridge nedorazily: zkontrolujte {command} a že je adresa webhooku dosažitelná.',
    en: 'Their webhooks never reached pressbridge: check {command} and that the webhook URL is reachable.',
  },
  'status.sweep.failed_hint': {
    cs: 'Zkusí se znovu do minuty. Pokud to dál selhává, zkontrolujte klíč k tržišti příkazem {command}.',
    en: 'Tried again within a minute. If it keeps failing, check the marketplace key with {command}.',
  },

  'status.redis.reachable': { cs: 'dostupný', en: 'reachable' },
  'status.redis.unreachable': { cs: 'nedostupný', en: 'not reachable' },
  'status.redis.hint': {
    cs: 'Dokud Redis neběží, odpovídá se na webhooky 503 (tržiště je doručí později). Zkontrolujte {setting} a že běží redis-server.',
    en: 'Webhooks are answered 503 (the marketplace delivers again later) until Redis is back. Check {setting} and that redis-server runs.',
  },

  'status.blogs.title': { cs: 'Blogy', en: 'Blogs' },
  'status.blogs.none': {
    cs: 'Nejsou nastavené žádné blogy ({setting} v konfiguraci).',
    en: 'No blogs configured ({setting} in the config).',
  },

  'status.deadline.title': { cs: 'Data a časy tržiště', en: 'Marketplace date-times' },
  'status.deadline.read': { cs: '{raw} čteno v zóně {zone}', en: '{raw} read in {zone}' },
  'status.deadline.hint': {
    cs: 'Obchody se kvůli tomu nezahazují: když uplyne termín, jak ho čte pressbridge, zeptá se tržiště, zda obchod stále čeká, a pokud ano, publikuje pozdě. Totéž ukazuje {command}.',
    en: "Deals are not dropped for this: when pressbridge's reading of a deadline passes, it asks the marketplace whether the deal still waits, and publishes late if so. {command} shows the same line.",
  },
} as const satisfies Catalog;
