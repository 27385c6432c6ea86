import type { Catalog } from '../catalog.js';

/** Texts of the watch area (the live article check, src/watch/). Keys start with `watch.`. */
export const watchMessages = {
  'watch.card.title': { cs: 'Kontrola živého článku', en: 'Live article check' },
  'watch.card.not_yet': {
    cs: 'Zatím neproběhla. pressbridge článek kontroluje zhruba jednou denně, dokud obchod není zaplacen, a potom jednou týdně, dokud může inzerent reklamovat.',
    en: 'Not checked yet. pressbridge checks the article about once a day until the deal is paid, then weekly while the advertiser may still claim.',
  },
  'watch.card.page': {
    cs: 'Článek je dostupný, ale změnil se tak, že ho inzerent může reklamovat:',
    en: 'The article is live but changed in a way the advertiser may claim:',
  },
  'watch.finding.gone': { cs: 'článek není dostupný', en: 'the article is gone' },
  'watch.finding.link_lost': { cs: 'odkaz inzerenta chybí', en: 'an advertiser link is lost' },
  'watch.finding.link_changed': {
    cs: 'odkaz inzerenta se změnil (rel nebo adresa)',
    en: 'an advertiser link changed (rel or href)',
  },
  'watch.finding.label_gone': {
    cs: 'označení komerčního sdělení zmizelo',
    en: 'the disclosure label is gone',
  },
  'watch.finding.noindex': {
    cs: 'stránka je vyřazena z indexace (noindex)',
    en: 'the page is set to noindex',
  },
  'watch.finding.canonical_moved': {
    cs: 'kanonická adresa ukazuje jinam',
    en: 'the canonical link points elsewhere',
  },
  'watch.finding.text_edited': { cs: 'text článku byl upraven', en: 'the article’s text was edited' },
  'watch.card.last_check': { cs: 'Poslední kontrola', en: 'Last check' },
  'watch.card.answer': { cs: 'Odpověď webu', en: 'Site answered' },
  'watch.card.no_answer': { cs: 'žádná odpověď', en: 'no answer' },
  'watch.card.ok': {
    cs: 'V pořádku: článek je dostupný a všechny odkazy inzerenta jsou na místě ({count}).',
    en: 'Fine: the article is live and every advertiser link is in place ({count}).',
  },
  'watch.card.gone': {
    cs: 'Článek není dostupný: {detail}.',
    en: 'The article is not reachable: {detail}.',
  },
  'watch.card.gone_hint': {
    cs: 'Zkontrolujte, jestli příspěvek není v koši nebo v konceptech a jestli web běží. Inzerent může podat reklamaci.',
    en: 'Check that the post is not in the trash or back in drafts and that the site is up. The advertiser may open a claim.',
  },
  'watch.card.refused': {
    cs: 'Web kontrolu odmítl ({detail}), nejspíš ochrana proti robotům nebo přihlášení: o článku to nic neříká, proto pressbridge neupozorňuje. Pokud to trvá, povolte kontrolu pro adresu serveru s pressbridge.',
    en: 'The site refused the check ({detail}), probably bot protection or a login: that says nothing about the article, so pressbridge sends no alert. If it persists, allow the check from the pressbridge server’s address.',
  },
  'watch.card.unreadable': {
    cs: 'Stránku se nepodařilo přečíst v mezích kontroly ({detail}); o článku to nic neříká, proto pressbridge neupozorňuje.',
    en: 'The page could not be read within the check’s limits ({detail}); that says nothing about the article, so pressbridge sends no alert.',
  },
  'watch.card.links': {
    cs: 'Na živém článku chybí odkazy inzerenta:',
    en: 'Advertiser links are missing from the live article:',
  },
  'watch.card.links_hint': {
    cs: 'Odkaz musí mít adresu (href) přesně takovou, jakou inzerent dodal. Mohl ji přepsat plugin nebo šablona, nebo někdo odkaz z článku odstranil. Inzerent může podat reklamaci.',
    en: 'A link must keep its address (href) exactly as the advertiser delivered it. A plugin or the theme may have rewritten it, or someone removed the link. The advertiser may open a claim.',
  },
  'watch.card.paid': {
    cs: 'Obchod je zaplacen; článek se kontroluje jednou týdně, dokud může inzerent reklamovat.',
    en: 'The deal is paid; the article is checked weekly while the advertiser may still claim.',
  },
  // why an article's watch ended (src/watch/check-deal.ts), the deal log's `why`
  'watch.ended.days': {
    cs: 'dní od odevzdání: {days}, nezaplaceno',
    en: '{days} days after the hand-in, unpaid',
  },
  'watch.ended.claim_window': {
    cs: 'měsíců od výplaty: {months}; lhůta pro reklamaci uplynula',
    en: '{months} months after the payout: the claim window is over',
  },
  'watch.ended.state': { cs: 'obchod je ve stavu „{state}“', en: 'the deal is {state}' },
  // why a page of the blog's gave no usable answer (src/watch/fetch-page.ts, ./inspect.ts); also the card's {detail}
  'watch.fetch.address_not_web': {
    cs: 'adresa článku není adresa http ani https',
    en: 'the article address is not an http or https address',
  },
  'watch.fetch.too_many_redirects': { cs: 'příliš mnoho přesměrování', en: 'too many redirects' },
  'watch.fetch.redirect_refused': {
    cs: 'přesměrování na {target} odmítnuto: {why}',
    en: 'redirect to {target} refused: {why}',
  },
  'watch.fetch.not_web': {
    cs: 'kontrola čte jen adresy http a https',
    en: 'the watcher reads only http and https addresses',
  },
  'watch.fetch.downgrade': {
    cs: 'přechod z {site} na nešifrované http',
    en: 'a downgrade from {site} to unencrypted http',
  },
  'watch.fetch.upgrade_port': {
    cs: 'z http na https se přechází jen mezi výchozími porty (článek je na {site})',
    en: 'http → https is followed only between the default ports (the article is at {site})',
  },
  'watch.fetch.other_port': {
    cs: 'jiný port, než má web článku {site}',
    en: "another port than the article's site {site}",
  },
  'watch.fetch.other_site': {
    cs: 'jiný web, než je web článku {site}',
    en: "another site than the article's {site}",
  },
  'watch.detail.time_budget': {
    cs: 'stránku se nepodařilo přečíst do {ms} ms (render.limits.timeBudgetMs)',
    en: 'the page could not be read within {ms} ms (render.limits.timeBudgetMs)',
  },
  'watch.detail.truncated': {
    cs: 'přečetlo se jen prvních {bytes} bajtů stránky (watch.maxBytes) a {missing} z odkazů v nich nebylo',
    en: 'only the first {bytes} bytes of the page were read (watch.maxBytes) and {missing} of the links were not in them',
  },
} as const satisfies Catalog;
