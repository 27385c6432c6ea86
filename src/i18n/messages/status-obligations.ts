import type { Catalog } from '../catalog.js';

/**
 * The status page's watch parts (issue 22, items 4 and 5): the Obligations view, the deal page's Evidence and
 * Claims cards, and the Earnings page's "at risk of a claim". The findings' words are the watch card's
 * (`watch.finding.*`, ./watch.ts).
 */
export const statusObligationsMessages = {
  'status.source.watch': { cs: 'Redis (plán kontrol článků)', en: 'Redis (the article check schedule)' },
  'status.source.evidence': { cs: 'disk (důkazy)', en: 'disk (evidence)' },
  'status.source.bundle': { cs: 'balík důkazů', en: 'the evidence bundle' },
  'status.nav.obligations': { cs: 'Závazky', en: 'Obligations' },
  'status.obligations.title': { cs: 'Závazky článků', en: 'Article obligations' },
  'status.obligations.intro': {
    cs: 'Články, které pressbridge hlídá: nezaplacené nejvýše {days} dní po odevzdání, zaplacené {months} měsíců po výplatě, dokud může inzerent reklamovat. Nahoře jsou ohrožené články (poslední kontrola našla problém), zaplacené před nezaplacenými, potom ostatní podle nejbližšího data.',
    en: 'The articles pressbridge watches: unpaid ones at most {days} days after the hand-in, paid ones {months} months after the payout, while the advertiser may claim. At-risk articles (the last check found a problem) come first, paid before unpaid, then the rest by the nearest date.',
  },
  'status.obligations.empty': {
    cs: 'Teď se nehlídá žádný článek. pressbridge začne článek hlídat, jakmile ho odevzdá; zaplacený článek hlídá, dokud může inzerent reklamovat. Není tu tedy nic, co by mohlo ohrozit výplatu.',
    en: 'No article is watched right now. pressbridge starts watching an article as soon as it hands it in, and watches a paid one while the advertiser may still claim. So nothing here can put a payout at risk.',
  },
  'status.obligations.off': {
    cs: 'Hlídání článků není v tomto procesu zapojené (watch.enabled, nebo stavová stránka bez přístupu k plánu kontrol), proto tu není co ukázat.',
    en: 'The article watch is not wired into this process (watch.enabled, or a status page without the check schedule), so there is nothing to show.',
  },
  'status.obligations.unavailable': {
    cs: 'Závazky teď nelze přečíst: {error}',
    en: 'The obligations cannot be read right now: {error}',
  },
  'status.obligations.summary': {
    cs: 'Hlídaných článků: {total}, z toho ohrožených: {risk}.',
    en: 'Articles watched: {total}, at risk: {risk}.',
  },
  'status.obligations.range': {
    cs: '{first}–{last} z {total}, ohrožené nahoře',
    en: '{first}–{last} of {total}, at risk first',
  },
  'status.obligations.missing': {
    cs: 'Naplánovaných obchodů bez záznamu: {count} (záznam vypršel nebo byl smazán; hlídač je při příští kontrole vyřadí).',
    en: 'Scheduled deals without a record: {count} (the record expired or was deleted; the watcher drops them at their next check).',
  },
  'status.obligations.col.deal': { cs: 'Obchod', en: 'Deal' },
  'status.obligations.col.article': { cs: 'Článek', en: 'Article' },
  'status.obligations.col.blog': { cs: 'Blog', en: 'Blog' },
  'status.obligations.col.phase': { cs: 'Hlídáno', en: 'Watched' },
  'status.obligations.col.last': { cs: 'Poslední kontrola', en: 'Last check' },
  'status.obligations.col.next': { cs: 'Příští kontrola', en: 'Next check' },
  'status.obligations.phase.unpaid': {
    cs: 'nezaplaceno: hlídáno do {date}',
    en: 'unpaid: watched until {date}',
  },
  'status.obligations.phase.paid': {
    cs: 'zaplaceno: inzerent může reklamovat do {date}',
    en: 'paid: claim window until {date}',
  },
  'status.obligations.phase.keep': {
    cs: 'musí zůstat publikováno do {date}',
    en: 'must stay published until {date}',
  },
  'status.obligations.outcome.none': { cs: 'zatím nekontrolováno', en: 'not checked yet' },
  'status.obligations.outcome.ok': { cs: 'v pořádku', en: 'fine' },
  'status.obligations.outcome.refused': {
    cs: 'web kontrolu odmítl (o článku nic neříká)',
    en: 'the site refused the check (says nothing about the article)',
  },
  'status.obligations.outcome.unreadable': {
    cs: 'stránku nešlo přečíst (o článku nic neříká)',
    en: 'the page could not be read (says nothing about the article)',
  },
  'status.obligations.outcome.gone': { cs: 'článek není dostupný', en: 'the article is not reachable' },
  'status.obligations.outcome.links': { cs: 'chybí odkazy inzerenta', en: 'advertiser links are missing' },
  'status.obligations.outcome.page': {
    cs: 'stránka se změnila tak, že ji lze reklamovat',
    en: 'the page changed in a way that may be claimed',
  },
  'status.obligations.next.none': { cs: 'nenaplánováno', en: 'not scheduled' },
  'status.obligations.next.due': { cs: 'právě na řadě', en: 'due now' },
  'status.obligations.at_risk': { cs: 'ohroženo', en: 'at risk' },

  'status.evidence.title': { cs: 'Důkazy', en: 'Evidence' },
  'status.evidence.intro': {
    cs: 'První kontrola po odevzdání a každá kontrola, která našla změnu, je zapsaná na disku s otiskem stránky (SHA-256) a uloženou částí článku.',
    en: 'The first check after the hand-in and every check that found a change are kept on disk with the page’s fingerprint (SHA-256) and the article part as served.',
  },
  'status.evidence.size': { cs: 'Na disku: {size}', en: 'On disk: {size}' },
  'status.evidence.download': { cs: 'Stáhnout balík důkazů (zip)', en: 'Download the evidence bundle (zip)' },
  'status.evidence.decisions_only': {
    cs: 'Článek nebyl zveřejněn: důkazy tvoří jen poslední pohled (zadržení, důvody a vaše rozhodnutí). Stáhněte je, kdyby si inzerent stěžoval.',
    en: 'The article was never published: the evidence is the last look alone (the hold, the reasons and your decision). Download it in case the advertiser complains.',
  },
  'status.evidence.download_hint': {
    cs: 'Zip obsahuje zprávu, všechny zapsané kontroly s otisky a uložené části článku přesně tak, jak je web vrátil.',
    en: 'The zip holds a report, every recorded check with its fingerprints and the kept article parts exactly as the site served them.',
  },
  'status.evidence.col.time': { cs: 'Kontrola', en: 'Check' },
  'status.evidence.col.kind': { cs: 'Zápis', en: 'Entry' },
  'status.evidence.col.answer': { cs: 'Odpověď', en: 'Answer' },
  'status.evidence.col.findings': { cs: 'Nálezy', en: 'Findings' },
  'status.evidence.col.sha': { cs: 'SHA-256 stránky', en: 'Page SHA-256' },
  'status.evidence.col.snapshot': { cs: 'Uložená část', en: 'Snapshot' },
  'status.evidence.kind.first': { cs: 'první', en: 'first' },
  'status.evidence.kind.change': { cs: 'změna', en: 'change' },
  'status.evidence.snapshot.kept': { cs: 'uložena', en: 'kept' },
  'status.evidence.snapshot.pruned': {
    cs: 'odstraněna kvůli limitu místa',
    en: 'pruned by the size limit',
  },
  'status.evidence.snapshot.skipped': {
    cs: 'neuložena (limit místa obchodu)',
    en: 'not kept (the deal’s size limit)',
  },
  'status.evidence.snapshot.none': { cs: 'žádná', en: 'none' },
  'status.evidence.findings.none': { cs: 'beze změn v odkazech a stránce', en: 'nothing found' },
  'status.evidence.more': {
    cs: 'Zobrazeno nejnovějších {shown} z {total} zápisů; všechny jsou v balíku.',
    en: 'The newest {shown} of {total} entries are shown; all are in the bundle.',
  },
  'status.evidence.ended': {
    cs: 'Hlídání skončilo {time} ({reason}).',
    en: 'The watch ended {time} ({reason}).',
  },
  'status.evidence.ended_reason.days': {
    cs: 'neplacený článek se hlídal nejdéle, jak je nastaveno',
    en: 'the unpaid article was watched as long as configured',
  },
  'status.evidence.ended_reason.claim_window': {
    cs: 'lhůta pro reklamaci uplynula',
    en: 'the claim window is over',
  },
  'status.evidence.ended_reason.state': {
    cs: 'obchod skončil bez výplaty',
    en: 'the deal ended unpaid',
  },
  'status.evidence.unavailable': {
    cs: 'Důkazy teď nelze přečíst: {error}',
    en: 'The evidence cannot be read right now: {error}',
  },
  'status.evidence.none': { cs: 'Žádné důkazy', en: 'No evidence' },
  'status.evidence.none_text': {
    cs: 'K obchodu č. {dealId} nejsou na disku žádné důkazy (článek ještě nebyl zkontrolován, nebo je úklid odstranil).',
    en: 'There is no evidence on disk for deal #{dealId} (its article was not checked yet, or the evidence was removed).',
  },
  'status.evidence.unreadable': { cs: 'Důkazy nejdou přečíst', en: 'The evidence cannot be read' },
  'status.evidence.unreadable_text': {
    cs: 'Důkazy k obchodu č. {dealId} nejdou z disku přečíst ({error}). Zkontrolujte složku s důkazy (evidence.dir) a práva k ní; pressbridge v ní nic nezměnil.',
    en: 'The evidence of deal #{dealId} cannot be read from the disk ({error}). Check the evidence folder (evidence.dir) and its permissions; pressbridge changed nothing in it.',
  },
  'status.evidence.cross_site': { cs: 'Stažení odmítnuto', en: 'Download refused' },
  'status.evidence.cross_site_text': {
    cs: 'Balík důkazů se stahuje jen tlačítkem na stránce obchodu, ne z jiného webu. Otevřete stránku obchodu č. {dealId} a stáhněte ho tam.',
    en: 'The evidence bundle is downloaded with the button on the deal page only, never from another site. Open the page of deal #{dealId} and download it there.',
  },

  'status.claims.title': { cs: 'Reklamace inzerenta', en: 'The advertiser’s claim' },
  'status.claims.received': { cs: 'přišla {time}', en: 'received {time}' },
  'status.claims.created': { cs: 'napsána {time}', en: 'written {time}' },
  'status.claims.open': {
    cs: 'Tržiště hlásí u tohoto obchodu otevřenou reklamaci; její text pressbridge nemá, přečtěte si ho na tržišti.',
    en: 'The marketplace reports an open claim on this deal; pressbridge has not got its text, read it in the marketplace.',
  },
  'status.claims.no_text': { cs: '(bez textu)', en: '(no text)' },
  'status.claims.attach': {
    cs: 'K odpovědi na reklamaci přiložte balík důkazů.',
    en: 'Attach the evidence bundle to your answer.',
  },
  'status.claims.no_evidence': {
    cs: 'pressbridge k tomuto obchodu nemá zapsané žádné důkazy, odpovězte podle vlastních záznamů.',
    en: 'pressbridge has no recorded evidence for this deal; answer from your own records.',
  },

  'status.claim_risk.title': { cs: 'Ohroženo reklamací', en: 'At risk of a claim' },
  'status.claim_risk.hint': {
    cs: 'Zaplacené obchody, jejichž článek teď neprošel kontrolou, a inzerent je ještě může reklamovat. Opravte článek, než si toho všimne.',
    en: 'Paid deals whose article failed its last check while the advertiser may still claim. Fix the article before they notice.',
  },
  'status.claim_risk.deals': {
    cs: 'Zaplacené obchody ohrožené reklamací',
    en: 'Paid deals at risk of a claim',
  },
  'status.claim_risk.col.problem': { cs: 'Problém', en: 'Problem' },
  'status.claim_risk.col.until': { cs: 'Reklamovat lze do', en: 'Claim window until' },
} as const satisfies Catalog;
