import type { Catalog } from '../catalog.js';

/**
 * The blogger's home page (the overview): "all well?", "what needs me?" (each with its action), the deals in
 * progress and this month's earnings. The technical cards it used to show are on the System page
 * (./status-overview.ts keeps their texts).
 */
export const statusHomeMessages = {
  'status.nav.system': { cs: 'Systém', en: 'System' },
  'status.system.title': { cs: 'Systém', en: 'System' },
  'status.system.intro': {
    cs: 'Technické údaje pro případ, že něco nefunguje: fronta, Redis, limit požadavků na tržiště, kontrola zmeškaných obchodů a uložené záznamy.',
    en: "The technical details, for when something is wrong: the queue, Redis, the marketplace's request budget, the sweep for missed deals and the records kept.",
  },

  // "All well?"
  'status.home.ok.title': { cs: 'Vše v pořádku', en: 'All is well' },
  'status.home.ok.text': {
    cs: 'pressbridge běží, obchody zpracovává sám a nic od vás nepotřebuje.',
    en: 'pressbridge is running, handles the deals by itself and needs nothing from you.',
  },
  'status.home.warn.title': { cs: 'Něco potřebuje vás', en: 'Something needs you' },
  'status.home.warn.text': {
    cs: 'pressbridge běží a obchody zpracovává; níže je, co čeká na vás.',
    en: 'pressbridge is running and handles the deals; below is what waits for you.',
  },
  'status.home.bad.title': { cs: 'pressbridge teď nemůže pracovat', en: 'pressbridge cannot work right now' },
  'status.home.bad.text': {
    cs: 'Obchody čekají, dokud se to nespraví; nic se neztratí. Jak to opravit, je níže.',
    en: 'Deals wait until this is fixed; nothing is lost. How to fix it is below.',
  },

  // "What needs me?"
  'status.home.needs.title': { cs: 'Co potřebuje vás', en: 'What needs you' },
  'status.home.needs.none': {
    cs: 'Nic. Až něco bude, uvidíte to tady (a přijde upozornění, máte-li ho nastavené).',
    en: 'Nothing. When something does, it shows here (and in a notification, if you set one up).',
  },
  'status.home.open_deal': { cs: 'Otevřít obchod', en: 'Open the deal' },
  'status.home.open_system': { cs: 'Podrobnosti v Systému', en: 'Details on the System page' },
  'status.home.need.redis': { cs: 'Redis neodpovídá', en: 'Redis does not answer' },
  'status.home.need.intake_paused': {
    cs: 'Nové obchody nepřicházejí: tržiště požádalo o pauzu {asked} min ({since})',
    en: 'New deals are not coming in: the marketplace asked for a pause of {asked} min ({since})',
  },
  'status.home.need.intake_paused_text': {
    cs: 'pressbridge čeká nejvýš {capped} min a zkouší to znovu. Obchod přijatý mezitím může nestihnout termín: sledujte tržiště. Opakuje-li se to, běží pod stejným klíčem jiný program; ověřte příkazem {command}.',
    en: 'pressbridge waits at most {capped} min and tries again. A deal accepted meanwhile may miss its deadline: keep an eye on the marketplace. If it repeats, another program uses the same key; check with {command}.',
  },
  'status.home.need.intake_failing': {
    cs: 'Nové obchody nepřicházejí: seznam obchodů tržiště nejde přečíst ({since})',
    en: 'New deals are not coming in: the marketplace’s list of deals cannot be read ({since})',
  },
  'status.home.need.intake_failing_text': {
    cs: 'Obchody přijaté mezitím se nezpracují; pressbridge to zkouší dál. Příčinu ukáže {command}; obchody s běžícím termínem odevzdejte ručně na tržišti.',
    en: 'Deals accepted meanwhile are not processed; pressbridge keeps trying. {command} shows the cause; hand in deals whose deadline runs by hand in the marketplace.',
  },
  'status.home.need.intake_silent': {
    cs: 'Nové obchody nepřicházejí: příjem obchodů stojí ({since})',
    en: 'New deals are not coming in: the intake stands still ({since})',
  },
  'status.home.need.intake_silent_text': {
    cs: 'Žádné čtení seznamu obchodů neskončilo. Restartujte pressbridge (systemctl restart pressbridge nebo docker compose restart), podívejte se do logu a spusťte {command}.',
    en: 'No reading of the list of deals has finished. Restart pressbridge (systemctl restart pressbridge or docker compose restart), look at the log and run {command}.',
  },
  'status.home.need.intake_cursor_stuck': {
    cs: 'Seznam změn na tržišti se nedaří dočíst ({since})',
    en: 'The marketplace’s list of changes is not read to its end ({since})',
  },
  'status.home.need.intake_cursor_stuck_text': {
    cs: 'Nově přijaté obchody přicházejí, ale platby, zprávy, reklamace a zrušení se dozvíte později. Příčinu ukáže {command}.',
    en: 'Newly accepted deals come in, but payments, messages, claims and cancellations are seen late. {command} shows the cause.',
  },
  'status.home.need.unreadable': {
    cs: 'Obchod {deal} v seznamu tržiště nejde přečíst',
    en: 'Deal {deal} in the marketplace’s list cannot be read',
  },
  'status.home.need.unreadable_text': {
    cs: 'pressbridge ho vynechal ({since}); ostatní obchody se zpracují. Je-li váš a přijatý, otevřete ho na tržišti a odevzdejte ručně do 60 minut.',
    en: 'pressbridge left it out ({since}); the other deals are processed. If it is yours and accepted, open it in the marketplace and hand it in by hand within 60 minutes.',
  },
  'status.home.need.unreadable_more': {
    cs: 'A další nečitelné obchody: {count}',
    en: 'And more unreadable deals: {count}',
  },
  'status.home.need.unreadable_more_text': {
    cs: 'Každý má své upozornění a řádek v logu (poll: a listed deal could not be read).',
    en: 'Each has its own notification and a line in the log (poll: a listed deal could not be read).',
  },
  'status.home.need.marketplace_down': {
    cs: 'Tržiště neodpovídá už {minutes} min',
    en: 'The marketplace has not answered for {minutes} min',
  },
  'status.home.need.marketplace_down_text': {
    cs: 'pressbridge to zkouší dál sám. Pokud to trvá, zkontrolujte připojení serveru k internetu příkazem {command}.',
    en: "pressbridge keeps trying by itself. If it lasts, check the server's connection with {command}.",
  },
  'status.home.need.rate_limited': {
    cs: 'Tržiště odmítá požadavky kvůli limitu už {minutes} min',
    en: 'The marketplace has refused requests over its limit for {minutes} min',
  },
  'status.home.need.rate_limited_text': {
    cs: 'Požadavky počkají, nic se neztratí. Běží-li pod stejným klíčem jiný program, omezte ho.',
    en: 'Requests wait; nothing is lost. If another program uses the same key, slow it down.',
  },
  'status.home.need.key': { cs: 'Tržiště odmítlo API klíč', en: 'The marketplace refused the API key' },
  'status.home.need.key_text': {
    cs: 'Vytvořte v tržišti nový klíč (Nastavení účtu → API klíče, práva čtení i zápisu), zadejte ho do {setting}, ověřte příkazem {command} a pak obchody níže zkuste znovu.',
    en: 'Create a new key in the marketplace (account settings → API keys, read and write), set it as {setting}, check it with {command}, then retry the deals below.',
  },
  'status.home.need.failed': { cs: 'Obchod {deal} selhal', en: 'Deal {deal} failed' },
  'status.home.need.failed_text': {
    cs: 'Opravte příčinu a zkuste ho znovu; pokud jste ho vyřídili ručně, označte to na stránce obchodu.',
    en: "Fix the cause and retry it; if you dealt with it by hand, say so on the deal's page.",
  },
  'status.home.need.missed': { cs: 'Obchod {deal}: termín zmeškán', en: 'Deal {deal}: deadline missed' },
  'status.home.need.missed_text': {
    cs: 'Zkuste ho znovu: pokud na článek tržiště ještě čeká, pressbridge ho publikuje pozdě.',
    en: 'Retry it: if the marketplace still waits for the article, pressbridge publishes it late.',
  },
  'status.home.need.approval': {
    cs: 'Obchod {deal} čeká na schválení textu inzerentem',
    en: "Deal {deal} waits for the advertiser's approval of the text",
  },
  'status.home.need.approval_text': {
    cs: 'pressbridge se ptá sám každou minutu. Trvá-li to, připomeňte se inzerentovi v tržišti.',
    en: 'pressbridge asks by itself every minute. If it takes long, remind the advertiser in the marketplace.',
  },
  'status.home.need.message': {
    cs: 'Inzerent napsal zprávu k obchodu {deal} ({at})',
    en: 'The advertiser sent a message on deal {deal} ({at})',
  },
  'status.home.need.claim': {
    cs: 'Inzerent napsal reklamaci k obchodu {deal} ({at})',
    en: 'The advertiser wrote a claim on deal {deal} ({at})',
  },
  'status.home.need.post_text': {
    cs: 'Odpovědět můžete v tržišti. Zde se ukazuje {days} dní.',
    en: 'You can answer in the marketplace. Shown here for {days} days.',
  },
  'status.home.need.held': {
    cs: 'Obchod {deal} je zadržen jako koncept a čeká na váš pohled',
    en: 'Deal {deal} is held as a draft for your look',
  },
  'status.home.need.held_text': {
    cs: 'Termín běží. Text na stránce obchodu schvalte, nebo odmítněte.',
    en: 'The deadline runs. Approve or refuse the text on the deal page.',
  },
  'status.home.need.demands_stalled': {
    cs: 'Seznam poptávek se nedaří číst, {since}: nové poptávky nevidíte',
    en: 'The list of demands cannot be read, {since}: new demands are not seen',
  },
  'status.home.need.demands_stalled_text': {
    cs: 'Obchody to neovlivní. Poslední chyba: {detail}. Zkontrolujte API klíč a jeho oprávnění v tržišti; pressbridge to zkouší dál při každém čtení poptávek.',
    en: 'Deals are not affected. Last error: {detail}. Check the API key and its permissions in the marketplace; pressbridge keeps trying at each reading of the demands.',
  },
  'status.home.need.incomplete': {
    cs: 'Tržiště nenabízí blogu {blog} žádné poptávky: blog je podle něj neúplný (blog_neuplny), {since}',
    en: 'The marketplace offers {blog} no demands: it calls the blog incomplete (blog_neuplny), {since}',
  },
  'status.home.need.incomplete_text': {
    cs: 'V tržišti blogu nastavte minimální cenu, aktualizujte měsíční návštěvnost (starší než měsíc blokuje poptávky i nabídky), nebo počkejte, až blog schválí redakce. pressbridge se ptá znovu při každém čtení poptávek.',
    en: 'In the marketplace, set the blog a minimum price, update its monthly visitors (older than a month blocks demands and offers), or wait for the editors to approve the blog. pressbridge asks again at each reading of the demands.',
  },
  'status.home.need.fits': {
    cs: 'Poptávky pro {blog}, které sedí a čekají na nabídku: {count}',
    en: 'Demands for {blog} that fit and wait for your offer: {count}',
  },
  'status.home.need.fits_text': {
    cs: 'Pravidla blogu je posoudila jako vhodné. Nabídněte, nebo je odmítněte na stránce Poptávky.',
    en: "The blog's rules judged them fitting. Offer on them, or decline them, on the Demands page.",
  },
  'status.home.need.offers': {
    cs: 'Nabídky čekající na odpověď inzerenta: {count}',
    en: "Offers waiting for the advertiser's answer: {count}",
  },
  'status.home.need.offers_text': {
    cs: 'Přijatá nabídka přijde jako nový obchod; odmítnutou pressbridge najde sám.',
    en: 'An accepted offer comes as a new deal; pressbridge finds a refused one by itself.',
  },
  'status.home.open_demands': { cs: 'Otevřít poptávky', en: 'Open the demands' },
  'status.home.need.arbitration': {
    cs: 'Obchod {deal} je v arbitráži',
    en: 'Deal {deal} is in arbitration',
  },
  'status.home.need.arbitration_text': {
    cs: 'Inzerent předal spor rozhodci; výplata počká na jeho rozhodnutí. Sledujte reklamaci v tržišti.',
    en: 'The advertiser passed the dispute to the arbiter; the payout waits for the decision. Follow the claim in the marketplace.',
  },
  'status.home.need.site': { cs: 'Blog {blog} neodpovídá', en: 'Blog {blog} does not answer' },
  'status.home.need.site_text': {
    cs: 'Obchody pro tento blog se nepublikují. Příčinu a opravu vypíše {command}.',
    en: 'Deals for this blog are not published. {command} names the cause and the fix.',
  },
  'status.home.need.article_gone': {
    cs: 'Článek obchodu {deal} už není dostupný',
    en: 'The article of deal {deal} is no longer online',
  },
  'status.home.need.article_page': {
    cs: 'Článek obchodu {deal} přišel o označení nebo indexaci',
    en: 'The article of deal {deal} lost its label or its indexing',
  },
  'status.home.need.article_links': {
    cs: 'Článek obchodu {deal} přišel o odkazy inzerenta',
    en: "The article of deal {deal} lost the advertiser's links",
  },
  'status.home.need.article_text': {
    cs: 'Inzerent platí za článek s odkazy: vraťte ho na blog, jak byl.',
    en: 'The advertiser pays for the article with its links: put it back as it was.',
  },
  'status.home.need.dates': {
    cs: 'Tržiště posílá termíny v nečekaném čase',
    en: 'The marketplace sends deadlines in an unexpected time',
  },
  'status.home.need.dates_text': {
    cs: 'Odpočty termínů mohou být posunuté. Nic se nezahazuje; podrobnosti jsou v Systému.',
    en: 'Deadline countdowns may be off. Nothing is dropped; the details are on the System page.',
  },
  'status.home.need.recycled': {
    cs: 'Tržiště poslalo obchod {deal} znovu, ale jako jiný obchod',
    en: 'The marketplace sent deal {deal} again, but as another deal',
  },
  'status.home.need.recycled_text': {
    cs: 'pressbridge už obchod s tímto číslem dokončil ({state}) a znovu ho nespustí. Nový obchod najdete v tržišti: publikujte ho a odevzdejte ručně a dejte tržišti vědět, že číslo obchodu použilo dvakrát (restartovaný sandbox to dělá). Zde se ukazuje {days} dní.',
    en: 'pressbridge already finished a deal with this number ({state}) and does not run it again. Find the new deal in the marketplace: publish and hand it in by hand, and tell the marketplace it used the deal number twice (a restarted sandbox does). Shown here for {days} days.',
  },
  'status.home.need.unknown': {
    cs: 'Nelze zjistit, zda něco nečeká: {error}',
    en: 'Cannot tell whether something waits: {error}',
  },

  // Deals in progress.
  'status.home.progress.title': { cs: 'Rozpracované obchody', en: 'Deals in progress' },
  'status.home.recent.title': { cs: 'Naposledy odevzdané články', en: 'Articles handed in lately' },
  'status.home.recent.none': { cs: 'Zatím žádný odevzdaný článek.', en: 'No article handed in yet.' },
  'status.home.progress.none': {
    cs: 'Žádný obchod se právě nezpracovává.',
    en: 'No deal is in progress right now.',
  },
  'status.home.progress.all': { cs: 'Všechny obchody', en: 'All deals' },
  'status.home.progress.more': {
    cs: 'zobrazeno {shown} z {total} s nejbližším termínem',
    en: 'showing the {shown} of {total} with the nearest deadlines',
  },

  // This month's earnings.
  'status.home.earnings.title': { cs: 'Výdělek za {month}', en: 'Earned in {month}' },
  'status.home.earnings.paid': { cs: 'vyplaceno', en: 'paid out' },
  'status.home.earnings.awaiting': {
    cs: '{amount} čeká na výplatu',
    en: '{amount} awaiting payout',
  },
  'status.home.earnings.link': { cs: 'Podrobnosti ve Výdělcích', en: 'Details on the Earnings page' },

  // How a webhook delivery ended (src/webhook/receiver.ts `WebhookOutcome`), on the System page.
  'status.webhook.outcome.enqueued': { cs: 'zařazen do fronty', en: 'queued' },
  'status.webhook.outcome.duplicate': { cs: 'už známý', en: 'already known' },
  'status.webhook.outcome.recorded': { cs: 'zaznamenán', en: 'recorded' },
  'status.webhook.outcome.unauthorized': { cs: 'odmítnut: špatný podpis', en: 'refused: bad signature' },
  'status.webhook.outcome.too_large': { cs: 'odmítnut: příliš velký', en: 'refused: too large' },
  'status.webhook.outcome.bad_json': { cs: 'odmítnut: nečitelný', en: 'refused: unreadable' },
  'status.webhook.outcome.invalid': { cs: 'odmítnut: neplatný obsah', en: 'refused: invalid content' },
  'status.webhook.outcome.unavailable': {
    cs: 'neuložen (Redis nedostupný)',
    en: 'not stored (Redis unavailable)',
  },
  'status.webhook.outcome.not_configured': {
    cs: 'odmítnut: webhook není nastaven',
    en: 'refused: webhook not configured',
  },
} as const satisfies Catalog;
