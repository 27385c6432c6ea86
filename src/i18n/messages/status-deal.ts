import type { Catalog } from '../catalog.js';

/** The status page's deals table, a deal's page and the logs page. */
export const statusDealMessages = {
  'status.deals.clear': { cs: 'Zrušit filtr', en: 'Clear' },
  'status.deals.no_title': { cs: '(zatím bez názvu)', en: '(no title yet)' },
  'status.deals.none_in_state': { cs: 'Žádný obchod ve stavu „{state}“.', en: 'No deals are {state}.' },
  'status.deals.none': {
    cs: 'Zatím žádné obchody: objeví se tu, jakmile dorazí webhook deal.accepted.',
    en: 'No deals yet: they appear here as soon as a deal.accepted webhook arrives.',
  },
  'status.deals.past_end': { cs: 'Tato stránka je za koncem seznamu.', en: 'This page is past the end.' },
  'status.deals.first_page': { cs: 'První stránka', en: 'First page' },
  'status.deals.range': {
    cs: '{first}–{last} z {total}, nejnovější nahoře',
    en: '{first}–{last} of {total}, newest first',
  },
  'status.deals.open': { cs: 'otevřít', en: 'open' },
  'status.pager.label': { cs: 'Stránky', en: 'Pages' },
  'status.pager.newer': { cs: '← Novější', en: '← Newer' },
  'status.pager.older': { cs: 'Starší →', en: 'Older →' },
  'status.pager.page': { cs: 'stránka {page} z {count}', en: 'page {page} of {count}' },

  'status.deal.title': { cs: 'Obchod {id}', en: 'Deal {id}' },
  'status.deal.heading': { cs: 'Obchod č. {id}', en: 'Deal #{id}' },
  'status.deal.state': { cs: 'stav', en: 'state' },
  'status.deal.blog': { cs: 'blog', en: 'blog' },
  'status.deal.accepted': { cs: 'přijato', en: 'accepted' },
  'status.deal.deadline': { cs: 'termín', en: 'deadline' },
  'status.deal.published': { cs: 'publikováno', en: 'published' },
  'status.deal.attempts': { cs: 'pokusy', en: 'attempts' },
  'status.deal.source': { cs: 'zdroj', en: 'source' },
  'status.deal.updated': { cs: 'aktualizováno', en: 'updated' },
  'status.source.webhook': { cs: 'webhook', en: 'webhook' },
  'status.source.poll': { cs: 'pravidelný dotaz na tržiště', en: 'polling the marketplace' },
  'status.source.reconcile': { cs: 'kontrola zmeškaných webhooků', en: 'reconciliation' },
  'status.source.manual': { cs: 'ručně (tlačítko nebo příkaz)', en: 'by hand (a button or a command)' },
  'status.deal.not_yet': { cs: 'zatím ne', en: 'not yet' },
  'status.deal.still_waited': {
    cs: '(tržiště po tomto termínu ještě čekalo)',
    en: '(the marketplace still waited after this deadline)',
  },

  'status.action.title': { cs: 'Akce', en: 'Actions' },
  'status.action.retry': { cs: 'Zkusit znovu', en: 'Retry now' },
  'status.action.retry_hint': {
    cs: 'Spustí obchod hned znovu (čekající pokus začne teď).',
    en: 'Runs the deal again at once (a waiting attempt starts now).',
  },
  'status.action.hand_in_again': { cs: 'Odevzdat znovu', en: 'Hand in again' },
  'status.action.hand_in_again_hint': {
    cs: 'Zkontroluje publikovanou adresu a znovu ji odevzdá tržišti.',
    en: 'Checks the published URL and hands it to the marketplace again.',
  },
  'status.action.mark_handled': { cs: 'Označit jako vyřízené', en: 'Mark as handled' },
  'status.action.mark_handled_hint': {
    cs: 'Vyřídili jste to ručně; pressbridge obchod nechá být.',
    en: 'You dealt with it by hand; pressbridge leaves it alone.',
  },

  'status.timeline.title': { cs: 'Průběh', en: 'Timeline' },
  'status.timeline.none': { cs: 'Zatím neskončil žádný krok.', en: 'No step has finished yet.' },
  'status.timeline.at': { cs: 'v +{offset}', en: 'at +{offset}' },
  'status.timeline.total': { cs: 'Čas strávený v krocích: {total}.', en: 'Time spent in steps: {total}.' },
  'status.step.decide': { cs: 'rozhodnutí', en: 'decide' },
  'status.step.text': { cs: 'text', en: 'text' },
  'status.step.fetch': { cs: 'stažení', en: 'fetch' },
  'status.step.photos': { cs: 'fotky', en: 'photos' },
  'status.step.draft': { cs: 'koncept', en: 'draft' },
  'status.step.render': { cs: 'příprava', en: 'render' },
  'status.step.publish': { cs: 'publikace', en: 'publish' },
  'status.step.verify': { cs: 'ověření', en: 'verify' },
  'status.step.hand_in': { cs: 'odevzdání', en: 'hand in' },

  'status.services.title': {
    cs: 'Doplňkové služby: je potřeba váš zásah',
    en: 'Extra services: your hand needed',
  },
  'status.services.service': { cs: 'služba {id}', en: 'service {id}' },
  'status.services.named': { cs: 'služba {id} „{name}“', en: "service {id} '{name}'" },
  'status.services.perform': {
    cs: '{service} je na blogerovi; pressbridge doplňkové služby neprovádí (obchod najdete {where})',
    en: "{service} is the blogger's to perform; pressbridge does not do extra services (see the deal {where})",
  },
  'status.services.urls': {
    cs: '{service}: adresu je potřeba odevzdat ručně ({where})',
    en: '{service} needs its URL handed in by hand ({where})',
  },
  'status.services.at': { cs: 'na {url}', en: 'at {url}' },
  'status.services.on_page': {
    cs: 'na stránce obchodu v tržišti',
    en: "on the deal's page in the marketplace",
  },
  'status.services.hint': {
    cs: 'pressbridge odevzdává jen adresu článku; {field} pro tyto služby odevzdáte sami na stránce obchodu.',
    en: "pressbridge hands in the article URL only; the marketplace's {field} for these services are yours to hand in on the deal's page.",
  },

  'status.deal.closed': { cs: 'Uzavřeno tržištěm', en: 'Closed by the marketplace' },
  'status.deal.error': { cs: 'Chyba', en: 'Error' },
  'status.deal.support_code': { cs: 'Kód podpory tržiště: {code}', en: 'Marketplace support code: {code}' },
  'status.deal.support_hint': {
    cs: '(uveďte ho, až budete psát podpoře tržiště)',
    en: "(quote it when you contact the marketplace's support)",
  },
  'status.deal.log': { cs: 'Záznam', en: 'Log' },
  'status.deal.no_log': { cs: 'K tomuto obchodu nejsou žádné záznamy.', en: 'No log lines for this deal.' },
  'status.deal.events': { cs: 'Události z webhooků', en: 'Webhook events' },
  'status.deal.no_events': {
    cs: 'Žádný webhook tento obchod nezmínil (mohl přijít z kontroly zmeškaných webhooků nebo z přehrání).',
    en: 'No webhook named this deal (it may have come from a reconcile or a replay).',
  },
  'status.deal.truncated': { cs: 'zkráceno', en: 'truncated' },

  'status.logs.level': { cs: 'Úroveň (nejméně)', en: 'Level (at least)' },
  'status.logs.resume': { cs: 'Obnovovat automaticky', en: 'Resume auto-refresh' },
  'status.logs.pause': { cs: 'Pozastavit obnovování', en: 'Pause auto-refresh' },
  'status.logs.paused': { cs: 'Automatické obnovování je pozastavené.', en: 'Auto-refresh is paused.' },
  'status.logs.reloads': {
    cs: 'Stránka se obnovuje každých {seconds} s. Zobrazuje se nejnovějších {limit} řádků, nejnovější nahoře.',
    en: 'This page reloads every {seconds} s. The newest {limit} lines are shown, newest first.',
  },
  'status.logs.none_match': { cs: 'Filtru neodpovídá žádný řádek.', en: 'No log lines match the filter.' },
  'status.logs.none': { cs: 'Zatím žádné záznamy.', en: 'No log lines yet.' },
} as const satisfies Catalog;
