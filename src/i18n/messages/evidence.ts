import type { Catalog } from '../catalog.js';

/**
 * The evidence bundle (src/evidence/bundle.ts: its report.html) and `pressbridge evidence` (src/commands/
 * evidence.ts). Keys start with `evidence.`.
 */
export const evidenceMessages = {
  'evidence.report.title': {
    cs: 'Důkazy o článku – obchod č. {deal}',
    en: 'Evidence of the article – deal #{deal}',
  },
  'evidence.report.intro': {
    cs: 'Záznam kontrol živého článku, jak je pressbridge prováděl a ukládal na disk blogera: první kontrola po odevzdání a každá změna, s otisky SHA-256 stažené stránky a s kopiemi článku tak, jak ho web poslal.',
    en: 'The record of the checks of the live article as pressbridge made and kept them on the blogger’s disk: the first check after the hand-in and every change, with SHA-256 fingerprints of the page fetched and copies of the article exactly as the site served it.',
  },
  'evidence.report.generated': { cs: 'Vytvořeno {time}.', en: 'Generated {time}.' },
  'evidence.report.deal': { cs: 'Obchod', en: 'Deal' },
  'evidence.report.article_title': { cs: 'Název', en: 'Title' },
  'evidence.report.blog': { cs: 'Blog', en: 'Blog' },
  'evidence.report.url': { cs: 'Odevzdaná adresa', en: 'Handed-in URL' },
  'evidence.report.handed_in': { cs: 'Odevzdáno', en: 'Handed in' },
  'evidence.report.accepted': { cs: 'Přijato', en: 'Accepted' },
  'evidence.report.deal_page': { cs: 'Stránka obchodu', en: 'Deal page' },
  'evidence.report.state': { cs: 'Stav', en: 'State' },
  'evidence.report.paid': { cs: 'Zaplaceno', en: 'Paid' },
  'evidence.report.not_paid': { cs: 'zatím nezaplaceno', en: 'not paid yet' },
  'evidence.report.reward': { cs: 'odměna {amount}', en: 'reward {amount}' },
  'evidence.report.claim_window': { cs: 'Reklamovat lze do', en: 'Claims possible until' },
  'evidence.report.watch_ended': {
    cs: 'Hlídání skončilo {time} ({reason}).',
    en: 'The watch ended {time} ({reason}).',
  },
  'evidence.report.claims': { cs: 'Reklamace inzerenta', en: 'The advertiser’s claims' },
  'evidence.report.no_claims': {
    cs: 'Žádná reklamace není zaznamenána (nebo záznam obchodu v Redisu nebyl k dispozici).',
    en: 'No claim is recorded (or the deal’s record in Redis was not available).',
  },
  'evidence.report.claim_at': { cs: 'Přijato {time}', en: 'Received {time}' },
  'evidence.report.claim_truncated': {
    cs: '(text byl při příjmu zkrácen)',
    en: '(the text was shortened when received)',
  },
  'evidence.report.timeline': { cs: 'Zaznamenané kontroly', en: 'Recorded checks' },
  'evidence.report.no_checks': { cs: 'Zatím žádná zaznamenaná kontrola.', en: 'No check recorded yet.' },
  'evidence.report.first': { cs: 'první kontrola', en: 'first check' },
  'evidence.report.change': { cs: 'změna', en: 'change' },
  'evidence.report.time': { cs: 'Čas', en: 'Time' },
  'evidence.report.status': { cs: 'Odpověď HTTP', en: 'HTTP status' },
  'evidence.report.not_modified': {
    cs: '304: beze změny od minula',
    en: '304: unchanged since the last check',
  },
  'evidence.report.no_answer': { cs: 'žádná odpověď', en: 'no answer' },
  'evidence.report.final_url': { cs: 'Konečná adresa', en: 'Final URL' },
  'evidence.report.findings': { cs: 'Zjištění', en: 'Findings' },
  'evidence.report.no_findings': {
    cs: 'žádná: článek odpovídal odevzdanému',
    en: 'none: the article matched what was handed in',
  },
  'evidence.report.links': { cs: 'Odkazy inzerenta', en: 'Advertiser links' },
  'evidence.report.link_present': {
    cs: 'na stránce, rel „{rel}“, text „{text}“',
    en: 'on the page, rel "{rel}", text "{text}"',
  },
  'evidence.report.link_missing': { cs: 'na stránce chybí', en: 'missing from the page' },
  'evidence.report.label': { cs: 'Označení', en: 'Label' },
  'evidence.report.label_present': { cs: '„{text}“ na stránce', en: '"{text}" on the page' },
  'evidence.report.label_missing': { cs: '„{text}“ na stránce chybí', en: '"{text}" missing from the page' },
  'evidence.report.indexable': { cs: 'Indexace', en: 'Indexing' },
  'evidence.report.index_ok': { cs: 'indexovatelná', en: 'indexable' },
  'evidence.report.noindex_meta': { cs: 'noindex v meta značce', en: 'noindex in a meta tag' },
  'evidence.report.noindex_header': {
    cs: 'noindex v hlavičce X-Robots-Tag',
    en: 'noindex in the X-Robots-Tag header',
  },
  'evidence.report.canonical': { cs: 'kanonická adresa {url}', en: 'canonical {url}' },
  'evidence.report.text_sha': { cs: 'Otisk textu (SHA-256)', en: 'Text fingerprint (SHA-256)' },
  'evidence.report.page_sha': { cs: 'SHA-256 stránky', en: 'Page SHA-256' },
  'evidence.report.snapshot': { cs: 'Kopie článku', en: 'Article copy' },
  'evidence.report.snapshot_pruned': {
    cs: '{file} smazána {time} kvůli limitu místa',
    en: '{file} deleted {time} by the size limit',
  },
  'evidence.report.snapshot_skipped': {
    cs: 'neuložena: limit místa obchodu byl vyčerpán',
    en: 'not kept: the deal’s size limit was reached',
  },
  'evidence.report.snapshot_none': {
    cs: 'žádná (stránka nebyla přečtena)',
    en: 'none (the page was not read)',
  },
  'evidence.report.hash_mismatch': {
    cs: 'POZOR: soubor neodpovídá zaznamenanému otisku {sha}',
    en: 'WARNING: the file does not match the recorded fingerprint {sha}',
  },
  'evidence.report.latest': { cs: 'Poslední kontrola', en: 'Latest check' },
  'evidence.report.latest_detail': {
    cs: '{time}: HTTP {status}, {detail}',
    en: '{time}: HTTP {status}, {detail}',
  },
  'evidence.report.verify': { cs: 'Jak ověřit otisky', en: 'How to verify the fingerprints' },
  'evidence.report.verify_text': {
    cs: 'Složka snapshots/ tohoto balíčku obsahuje kopie článku přesně tak, jak je web poslal. Otisky spočítáte příkazem níže (v Linuxu a macOS; ve Windows Get-FileHash) a porovnáte je se sloupcem „Kopie článku“ výše a se souborem evidence.json. Kopie si prohlížejte v textovém editoru: jsou to přesně značky webu a prohlížeč by spustil, co v nich web poslal.',
    en: 'The snapshots/ folder of this bundle holds the copies of the article exactly as the site served them. Compute their fingerprints with the command below (Linux and macOS; on Windows Get-FileHash) and compare them with the “Article copy” column above and with evidence.json. Look at the copies in a text editor: they are the site’s markup exactly, and a browser would run what the site served in them.',
  },
  'evidence.report.look.title': { cs: 'Poslední pohled', en: 'The last look' },
  'evidence.report.look.intro': {
    cs: 'Skutečný text porušil vaše pravidla, proto pressbridge článek nezveřejnil a čekal na vaše rozhodnutí.',
    en: 'The real text broke your rules, so pressbridge did not publish the article and waited for your decision.',
  },
  'evidence.report.look.held': { cs: 'Zadrženo {time}', en: 'Held at {time}' },
  'evidence.report.look.verdict': { cs: 'Verdikt pravidel', en: 'The rules’ verdict' },
  'evidence.report.look.verdict_ask': { cs: 'zeptat se mě', en: 'ask me' },
  'evidence.report.look.verdict_refuse': { cs: 'odmítnout', en: 'refuse' },
  'evidence.report.look.draft': { cs: 'Koncept', en: 'Draft' },
  'evidence.report.look.expires': { cs: 'Odkazy platily do', en: 'Links valid until' },
  'evidence.report.look.decided': {
    cs: 'Rozhodnutí: {decision}, {by}, {time}.',
    en: 'Decision: {decision}, {by}, {time}.',
  },
  'evidence.report.look.message': {
    cs: 'Zpráva inzerentovi odeslaná {time} (tak, jak ji dostal):',
    en: 'The message sent to the advertiser at {time} (as they got it, in Czech):',
  },
  'evidence.report.look.no_answer': {
    cs: 'Bez odpovědi: zadržení vypršelo {time} a podle pravidla onNoAnswer (hold) se nic nestalo.',
    en: 'No answer: the hold lapsed at {time} and, by the rule onNoAnswer (hold), nothing happened.',
  },
  'evidence.report.never_published': {
    cs: 'Článek nebyl nikdy zveřejněn, proto nejsou žádné kontroly ani kopie článku; důkazem je poslední pohled níže.',
    en: 'The article was never published, so there are no checks and no article copies; the last look below is the evidence.',
  },
  'evidence.cli.written': {
    cs: 'Balíček důkazů k obchodu {deal} uložen do {file} (kontroly: {checks}, kopie článku: {snapshots}, SHA-256 {sha}).',
    en: 'Evidence bundle of deal {deal} written to {file} (checks: {checks}, article copies: {snapshots}, SHA-256 {sha}).',
  },
  'evidence.cli.no_redis': {
    cs: 'Redis není dostupný ({error}): balíček je jen z disku, bez záznamu obchodu a bez reklamací.',
    en: 'Redis is not reachable ({error}): the bundle comes from the disk only, without the deal’s record and claims.',
  },
  'evidence.cli.unknown_deal': {
    cs: 'K obchodu {deal} nejsou uloženy žádné důkazy (ve složce {dir}). Nic nebylo zapsáno.',
    en: 'No evidence is kept for deal {deal} (in {dir}). Nothing was written.',
  },
  'evidence.cli.unreadable': {
    cs: 'Důkazy k obchodu {deal} nejdou z disku přečíst ({error}). Zkontrolujte složku s důkazy {dir} (odkaz nebo jiný soubor, než pressbridge zapsal; práva); pressbridge v ní nic nezměnil a nic nezapsal.',
    en: 'The evidence of deal {deal} cannot be read from the disk ({error}). Check the evidence folder {dir} (a link or a file pressbridge did not write; its permissions); pressbridge changed nothing in it and wrote nothing.',
  },
  'evidence.cli.exists': {
    cs: '{file} už existuje; pressbridge ho nepřepíše. Zvolte pro --out jiné jméno.',
    en: '{file} exists; pressbridge does not overwrite it. Give --out another name.',
  },
  'evidence.cli.write_failed': {
    cs: 'Balíček nejde zapsat do {file} ({error}). Nic nebylo zapsáno.',
    en: 'The bundle cannot be written to {file} ({error}). Nothing was written.',
  },
  'evidence.cli.deal_line': {
    cs: 'Důkazy: {checks} zapsaných kontrol, poslední kontrola {time}; balíček k reklamaci: pressbridge evidence {deal}',
    en: 'Evidence: {checks} checks recorded, last check {time}; the bundle for a claim: pressbridge evidence {deal}',
  },
} as const satisfies Catalog;
