import type { Catalog } from '../catalog.js';

/**
 * Why a deal failed, missed its deadline or closed, as the status page, `deals`, `deal <id>` and the
 * notifications say it (the record's `errorPhrase`, src/i18n/deal-error.ts); its English is the record's `error`.
 * The pipeline's own sentences (src/pipeline/), the marketplace's verdict (src/deals/verdict.ts) and the render
 * limits (src/render/limits.ts). Keys `deal.error.` and `render.limit.`.
 */
export const dealErrorMessages = {
  'deal.error.deadline_passed': {
    cs: 'Termín {deadline} uplynul dřív, než byla adresa odevzdána',
    en: 'The deadline {deadline} passed before the URL was handed in',
  },
  'deal.error.not_published': {
    cs: 'Termín {deadline} uplynul dřív, než byl článek zveřejněn; nic nebylo zveřejněno. Pokud obchod adresu ještě přijímá, zveřejněte článek ručně a jeho adresu odevzdejte na tržišti',
    en: 'The deadline {deadline} passed before the article was published; nothing was published. If the deal still takes a URL, publish the article by hand and hand its URL in in the marketplace',
  },
  'deal.error.not_live': {
    cs: 'Článek na {url} neodpověděl 200 před termínem {deadline} (pokusů: {tries}, naposledy: {last})',
    en: 'The article at {url} did not answer 200 before the deadline {deadline} ({tries} tries, last: {last})',
  },
  'deal.error.by_hand': {
    cs: 'Příspěvek je zveřejněný na {url}: pokud obchod adresu ještě přijímá, odevzdejte ji na tržišti ručně',
    en: 'The post is live at {url}: hand its URL in by hand in the marketplace if the deal still takes it',
  },
  'deal.error.missed': { cs: '{why}. {byHand}', en: '{why}. {byHand}' },
  'deal.error.still_waited': {
    cs: '{missed}. Tržiště na článek ještě čekalo v {at} ({state}); uplynulo i 60 minut na pozdní odevzdání od té odpovědi',
    en: '{missed}. The marketplace still waited for the article at {at} ({state}); the late window of 60 minutes from that answer passed too',
  },
  'deal.error.late_failed': {
    cs: '{why}; pozdní odevzdání také selhalo ({error}). {byHand}',
    en: '{why}; the late hand-in failed too ({error}). {byHand}',
  },
  'deal.error.text_waits_too_long': {
    cs: 'text stále čeká na schválení inzerentem; tržiště na článek ještě čekalo v {at} ({state}) a uplynulo i dalších {minutes} minut: vzdáno. Pokud obchod adresu ještě přijímá, tlačítko „Zkusit znovu“ na stavové stránce ho spustí znovu',
    en: 'the text still awaits the advertiser\'s approval; the marketplace still waited for the article at {at} ({state}), and the further {minutes} minutes passed too: giving up. If the deal still takes a URL, "retry" on the status page runs it again',
  },
  'deal.error.unknown_blog': {
    cs: 'Obchod {deal} je pro blog {blog}{name}, který v konfiguraci pressbridge není: přidejte ho pod "blogs:" (id: {blog}, publikační modul a jeho volby) a restartujte pressbridge; tento obchod je třeba zveřejnit a jeho adresu odevzdat na tržišti ručně, a to před termínem',
    en: 'Deal {deal} is for blog {blog}{name}, which is not in the pressbridge configuration: add it under "blogs:" (id: {blog}, a publisher and its options) and restart pressbridge; this deal itself must be published and its URL handed in by hand in the marketplace before its deadline',
  },
  'deal.error.blog_not_configured': { cs: 'blog {blog} není nastavený', en: 'blog {blog} is not configured' },
  'deal.error.publisher_missing': {
    cs: 'Blog {blog} má nastavený publikační modul "{publisher}", ale žádný pro něj nebyl spuštěn; chybu modulu najdete v logu ze spuštění, pak pressbridge restartujte',
    en: 'Blog {blog} is configured with publisher "{publisher}", but no publisher was started for it; check the start-up log for the plugin error and restart pressbridge',
  },
  // a job that failed outside its run (src/pipeline/runner.ts failedOutside); BullMQ's words stay in the log
  'deal.error.stalled': {
    cs: 'Úloha obchodu se zastavila uprostřed běhu víckrát, než je dovoleno: proces, který ji prováděl, byl ukončen nebo přetížen. Pokud obchod adresu ještě přijímá, tlačítko „Zkusit znovu“ na stavové stránce ho spustí znovu',
    en: 'The deal\'s job stopped in the middle of a run more often than allowed: the process running it was killed or overloaded. If the deal still takes a URL, "retry" on the status page runs it again',
  },
  'deal.error.failed_outside': {
    cs: 'Úloha obchodu selhala mimo svůj běh ({message})',
    en: "The deal's job failed outside its run ({message})",
  },
  // the marketplace moved on (src/deals/verdict.ts DealClosedError)
  'deal.error.closed_by_hand': {
    cs: 'Tržiště už má pro tento obchod {url} (stav {state}): adresa byla odevzdána ručně; pressbridge už nic nezveřejní{post}',
    en: 'The marketplace already has {url} for this deal (state {state}): it was handed in by hand; pressbridge publishes nothing more{post}',
  },
  'deal.error.closed_moved_on': {
    cs: 'Tržiště hlásí, že obchod je "{state}"{because}: na článek už nečeká, takže pressbridge nic nezveřejní{post}',
    en: 'The marketplace says the deal is "{state}"{because}: it no longer waits for an article, so pressbridge publishes nothing{post}',
  },
  'deal.error.closed_reason': { cs: ' (důvod: "{reason}")', en: ' (reason: "{reason}")' },
  'deal.error.post_stays': {
    cs: '. Příspěvek na {url} zůstává zveřejněný: pokud byl obchod zrušen, stáhněte ho',
    en: '. The post at {url} stays published: take it down if the deal was cancelled',
  },
  // the render limits (src/render/limits.ts)
  'render.limit.size': {
    cs: 'Text článku má {size}, víc než limit render.limits.maxTextBytes ({max}); nic nebylo zveřejněno. Požádejte inzerenta o kratší text, nebo limit v konfiguraci zvyšte a obchod zkuste znovu',
    en: 'The article text is {size}, over the limit render.limits.maxTextBytes ({max}); nothing was published. Ask the advertiser for a shorter text, or raise the limit in the config and retry the deal',
  },
  'render.limit.depth': {
    cs: 'Text článku vnořuje prvky hlouběji než do {max} úrovní, nad limit render.limits.maxDepth; nic nebylo zveřejněno. Požádejte inzerenta o text s jednodušším značkováním, nebo limit v konfiguraci zvyšte a obchod zkuste znovu',
    en: 'The article text nests elements more than {max} deep, over the limit render.limits.maxDepth; nothing was published. Ask the advertiser for a text with simpler markup, or raise the limit in the config and retry the deal',
  },
  'render.limit.markers': {
    cs: 'Text článku má víc než {max} značek fotek ([fotoN]), nad limit render.limits.maxMarkers; nic nebylo zveřejněno. Požádejte inzerenta o opravený text, nebo limit v konfiguraci zvyšte a obchod zkuste znovu',
    en: 'The article text has more than {max} photo markers ([fotoN]), over the limit render.limits.maxMarkers; nothing was published. Ask the advertiser for a corrected text, or raise the limit in the config and retry the deal',
  },
  'render.limit.time': {
    cs: 'Zpracování článku trvalo déle než {max} ms, nad limit render.limits.timeBudgetMs; bylo zastaveno a nic nebylo zveřejněno. Požádejte inzerenta o jednodušší text, nebo limit v konfiguraci zvyšte a obchod zkuste znovu',
    en: 'Rendering the article took longer than {max} ms, over the limit render.limits.timeBudgetMs; it was stopped and nothing was published. Ask the advertiser for a simpler text, or raise the limit in the config and retry the deal',
  },
} as const satisfies Catalog;
