import { type DealLogKey, DEAL_LOG as en } from '../../deals/log-messages.js';
import type { CatalogEntry } from '../catalog.js';

/**
 * The deal log's lines as the blogger reads them (status page, `pressbridge deal`): keys `log.<key>` of
 * src/deals/log-messages.ts, whose English is the daemon's log line itself. The values stay in the entry's
 * fields, shown beside the line. The plugins' lines are in ./deal-log-plugins.ts.
 */
export const dealLogMessages = {
  'log.processing': { cs: 'obchod se zpracovává', en: en.processing },
  'log.text_waits': { cs: 'text čeká na schválení inzerentem', en: en.text_waits },
  'log.text_waits_too_long': {
    cs: 'text stále čeká na schválení inzerentem; tržiště na článek ještě čekalo, ale uplynuly i další minuty po termínu: vzdáno. Bere-li obchod adresu ještě, „Zkusit znovu“ na stavové stránce ho spustí znovu',
    en: en.text_waits_too_long,
  },
  'log.deadline_missed': { cs: 'obchod zmeškal termín', en: en.deadline_missed },
  'log.failed': { cs: 'obchod selhal', en: en.failed },
  'log.attempt_failed': { cs: 'pokus o obchod selhal; zkusí se znovu', en: en.attempt_failed },
  'log.resuming': {
    cs: 'navazuje se: článek už je zveřejněný; ověřuje se a odevzdává jeho adresa',
    en: en.resuming,
  },
  'log.step_not_recorded': { cs: 'krok se nepodařilo zaznamenat', en: en.step_not_recorded },
  'log.text_fetched': { cs: 'text obchodu stažen', en: en.text_fetched },
  'log.text_cached': { cs: 'text obchodu převzat z předchozího pokusu', en: en.text_cached },
  'log.photo_unusable': {
    cs: 'fotku z tržiště nelze použít; článek vyjde bez ní',
    en: en.photo_unusable,
  },
  'log.photos_ready': { cs: 'fotky připraveny', en: en.photos_ready },
  'log.look_fits': { cs: 'skutečný text odpovídá vašim pravidlům', en: en.look_fits },
  'log.look_no_detail': {
    cs: 'detail obchodu se nepodařilo načíst; pravidla soudí bez něj (neznámé odkazy se ptají)',
    en: en.look_no_detail,
  },
  'log.look_held': {
    cs: 'skutečný text porušuje vaše pravidla: článek je uložen jako koncept, ne naživo; čeká se, zda ho schválíte, nebo odmítnete',
    en: en.look_held,
  },
  'log.look_approved': {
    cs: 'zadržený obchod jste schválili: publikuje se a odevzdává',
    en: en.look_approved,
  },
  'log.look_refused': { cs: 'zadržený obchod jste odmítli: nic se neodevzdá', en: en.look_refused },
  'log.look_message_sent': {
    cs: 'inzerent dostal zprávu, proč byl obchod odmítnut',
    en: en.look_message_sent,
  },
  'log.look_draft_trashed': {
    cs: 'koncept odmítnutého obchodu je v koši (nebyl veřejný); odtud ho lze obnovit',
    en: en.look_draft_trashed,
  },
  'log.look_draft_deleted': {
    cs: 'koncept odmítnutého obchodu byl smazán (nikdy nebyl veřejný)',
    en: en.look_draft_deleted,
  },
  'log.look_draft_kept': {
    cs: 'koncept odmítnutého obchodu zůstává, kde byl uložen (nikdy nebyl veřejný): tento publikační cíl ho neodklízí; pokud ho nechcete, smažte ho ručně',
    en: en.look_draft_kept,
  },
  'log.look_no_answer_hold': {
    cs: 'do vypršení odkazů nepřišla odpověď; onNoAnswer je hold: nic se nezveřejní a termín uplyne',
    en: en.look_no_answer_hold,
  },
  'log.look_no_answer_publish': {
    cs: 'do vypršení odkazů nepřišla odpověď; onNoAnswer je publish: publikuje se a odevzdává',
    en: en.look_no_answer_publish,
  },
  'log.look_no_answer_refuse': {
    cs: 'do vypršení odkazů nepřišla odpověď; onNoAnswer je refuse: obchod se odmítá',
    en: en.look_no_answer_refuse,
  },
  'log.no_h1': { cs: 'text nemá <h1>; titulkem je název obchodu', en: en.no_h1 },
  'log.markup_removed': { cs: 'z textu odstraněno značkování mimo povolený seznam', en: en.markup_removed },
  'log.photo_marker_missing': {
    cs: 'značka fotky nemá fotku; značka byla odstraněna',
    en: en.photo_marker_missing,
  },
  'log.photo_unmarked': {
    cs: 'fotka nemá v textu značku; byla umístěna na konec článku',
    en: en.photo_unmarked,
  },
  'log.published': { cs: 'článek zveřejněn', en: en.published },
  'log.published_reused': {
    cs: 'článek zveřejnil už předchozí pokus; použije se',
    en: en.published_reused,
  },
  'log.draft_created': {
    cs: 'tento článek bloger publikuje ručně: vznikl koncept se zadáním',
    en: en.draft_created,
  },
  'log.draft_without_detail': {
    cs: 'podrobnosti obchodu (adresy klíčových slov) se nepodařilo stáhnout; koncept obsahuje zadání z deal.accepted',
    en: en.draft_without_detail,
  },
  'log.not_live_yet': { cs: 'článek zatím neodpovídá 200', en: en.not_live_yet },
  'log.live': { cs: 'článek je dostupný', en: en.live },
  'log.handing_in_late': {
    cs: 'tržiště stále čeká: adresa se odevzdává po termínu',
    en: en.handing_in_late,
  },
  'log.files_not_deleted': { cs: 'pracovní soubory se nepodařilo smazat', en: en.files_not_deleted },
  'log.handed_in_late': { cs: 'adresa odevzdána po termínu', en: en.handed_in_late },
  'log.handed_in': { cs: 'adresa odevzdána', en: en.handed_in },
  'log.handed_in_already': { cs: 'adresa už byla odevzdána; není co dělat', en: en.handed_in_already },
  'log.draft_exists': { cs: 'koncept se zadáním už existuje; není co dělat', en: en.draft_exists },
  'log.article_not_reachable_yet': {
    cs: 'tržiště se k článku zatím nedostalo (clanek_nedostupny)',
    en: en.article_not_reachable_yet,
  },
  'log.other_url_kept': {
    cs: 'tržiště už má pro tento obchod jinou adresu (odevzdanou ručně?); ponechává se',
    en: en.other_url_kept,
  },
  'log.handed_in_confirmed': {
    cs: 'adresa už byla odevzdána (clanek_odevzdan); potvrzeno',
    en: en.handed_in_confirmed,
  },
  'log.skip_instant': {
    cs: 'tento článek zveřejňuje tržiště samo (instant_publish); není co dělat',
    en: en.skip_instant,
  },
  'log.skip_placla': {
    cs: 'tento článek zveřejňuje tržiště samo (published_by: placla); není co dělat',
    en: en.skip_placla,
  },
  'log.skip_bloger_unknown_blog': {
    cs: 'tento článek bloger publikuje ručně (published_by: bloger); blog není v konfiguraci, takže koncept nevznikne',
    en: en.skip_bloger_unknown_blog,
  },
  'log.skip_bloger': {
    cs: 'tento článek bloger publikuje ručně (published_by: bloger); s bloggerPublished: draft u blogu dostanete koncept se zadáním',
    en: en.skip_bloger,
  },
  'log.service_by_blogger': {
    cs: 'službu koupenou k obchodu plní bloger; pressbridge doplňkové služby nedělá',
    en: en.service_by_blogger,
  },
  'log.service_needs_url': {
    cs: 'službě koupené k obchodu je třeba odevzdat adresu ručně',
    en: en.service_needs_url,
  },
  'log.verdict_ask_failed': { cs: 'dotaz na obchod u tržiště selhal', en: en.verdict_ask_failed },
  'log.verdict_still_wanted': {
    cs: 'tržiště na článek stále čeká (akceptovano, bez adresy): zveřejní se a odevzdá po termínu',
    en: en.verdict_still_wanted,
  },
  'log.verdict_has_our_url': { cs: 'tržiště už naši adresu má', en: en.verdict_has_our_url },
  'log.verdict_handed_in_by_hand': {
    cs: 'tržiště už pro tento obchod adresu má: byla odevzdána ručně; pressbridge už nic nezveřejní',
    en: en.verdict_handed_in_by_hand,
  },
  'log.verdict_moved_on': {
    cs: 'tržiště už na článek nečeká; pressbridge nic nezveřejní',
    en: en.verdict_moved_on,
  },
  'log.poll_found': { cs: 'dotaz na tržiště našel tento přijatý obchod a zařadil ho', en: en.poll_found },
  'log.reconcile_found': {
    cs: 'k tomuto přijatému obchodu nepřišel webhook deal.accepted; kontrola zmeškaných ho našla v tržišti a zařadila',
    en: en.reconcile_found,
  },
  'log.never_queued': {
    cs: 'obchod byl zaznamenán, ale nezařazen (pád mezi tím); teď je zařazen',
    en: en.never_queued,
  },
  'log.job_lost': {
    cs: 'obchod se zpracovával, ale jeho úloha ve frontě zmizela (Redis ji ztratil?); je zařazen znovu',
    en: en.job_lost,
  },
  'log.poll_cancelled': {
    cs: 'dotaz na tržiště zjistil, že obchod je zrušený (zruseno); jeho běh skončí příštím krokem',
    en: en.poll_cancelled,
  },
  'log.paid_other_blog': {
    cs: 'deal.paid jmenuje jiný blog, než ke kterému obchod patří; jako zaplacený se nezaznamená',
    en: en.paid_other_blog,
  },
  'log.paid': { cs: 'inzerent zaplatil', en: en.paid },
  'log.check_refused': {
    cs: 'kontrola článku: web kontrolu odmítl (ochrana proti botům?); nic se nezjistilo',
    en: en.check_refused,
  },
  'log.check_unreadable': {
    cs: 'kontrola článku: stránku nešlo přečíst; nic se nezjistilo',
    en: en.check_unreadable,
  },
  'log.check_gone': { cs: 'kontrola článku: článek neodpovídá 200', en: en.check_gone },
  'log.check_links': {
    cs: 'kontrola článku: odkazy inzerenta chybí nebo se změnily',
    en: en.check_links,
  },
  'log.check_page': {
    cs: 'kontrola článku: změnilo se označení, indexace nebo kanonická adresa',
    en: en.check_page,
  },
  'log.check_text_edited': {
    cs: 'kontrola článku: dostupný, odkazy na místě; text článku byl upraven',
    en: en.check_text_edited,
  },
  'log.check_not_modified': {
    cs: 'kontrola článku: od minulé kontroly beze změny (304)',
    en: en.check_not_modified,
  },
  'log.check_ok': {
    cs: 'kontrola článku: dostupný, všechny odkazy inzerenta na místě',
    en: en.check_ok,
  },
  'log.watch_ended': { cs: 'hlídání článku skončilo', en: en.watch_ended },
  'log.restored': {
    cs: 'záznam obchodu obnoven z důkazů článku na disku (Redis o něj přišel); hlídání článku pokračuje',
    en: en.restored,
  },
  // src/deals/recycled-id.ts: the line and what differs (also the home page's detail); its English is written
  // there beside the phrase (the deal domain imports no catalog) and test/unit/deals/recycled-id.test.ts compares
  'log.recycled_id': {
    cs: 'obchod {deal} přišel znovu s jiným přijetím, než má obchod, který pressbridge dokončil: {differences}. Tržiště číslo obchodu použilo znovu (restartovaný sandbox to dělá); dokončený obchod se znovu nespustí: nový zveřejněte ručně a dejte tržišti vědět',
    en: 'deal {deal} came again with another acceptance than the deal pressbridge finished: {differences}. The marketplace reused the id (a restarted sandbox does); the finished deal is not run again: publish the new one by hand and tell the marketplace',
  },
  'log.recycled_id.and': { cs: '{a}; {b}', en: '{a}; {b}' },
  'log.recycled_id.blog': { cs: 'blog {was} → {now}', en: 'blog {was} → {now}' },
  'log.recycled_id.demand': { cs: 'poptávka {was} → {now}', en: 'demand {was} → {now}' },
  'log.recycled_id.publish_deadline': {
    cs: 'publish_deadline {was} → {now}',
    en: 'publish_deadline {was} → {now}',
  },
  'log.recycled_id.accepted_after': {
    cs: 'přijato kolem {at}, až po odevzdání v {handedInAt}',
    en: 'accepted about {at}, after the hand-in at {handedInAt}',
  },
  'log.recycled_id.listed_after': {
    cs: 'v seznamu jako přijatý, změněn v {at}, až po odevzdání v {handedInAt}',
    en: 'listed as accepted, changed at {at}, after the hand-in at {handedInAt}',
  },
  // src/operator/actions.ts: the action's own sentence (a catalog key) is the entry's `action` value
  'log.operator_said': { cs: 'obsluha: {action}', en: 'operator: {action}' },
} as const satisfies Record<`log.${DealLogKey}`, CatalogEntry> & Record<string, CatalogEntry>;
