import type { Catalog } from '../catalog.js';

/**
 * The demands as the blogger reads them: the status page's "Poptávky / Demands" (src/status/views/demands.ts,
 * demand.ts, demand-confirm.ts) and the CLI's `demands` and `offer` (src/commands/demands.ts). Keys `demand.`
 * besides the offer errors' (./demands.ts).
 */
export const demandPageMessages = {
  'status.nav.demands': { cs: 'Poptávky', en: 'Demands' },
  'status.source.demands': { cs: 'poptávky', en: 'the demands' },
  'demand.page.title': { cs: 'Poptávky', en: 'Demands' },
  'demand.page.blog_title': { cs: 'Poptávky · {blog}', en: 'Demands · {blog}' },
  'demand.page.heading': { cs: 'Poptávka #{id}', en: 'Demand #{id}' },
  'demand.page.all_blogs': { cs: 'Všechny blogy', en: 'All blogs' },
  'demand.page.off': {
    cs: 'Příjem poptávek je vypnutý (demands.enabled: false), takže tu žádné nejsou. Zapněte ho v pressbridge.yaml a restartujte pressbridge.',
    en: 'The demand intake is off (demands.enabled: false), so there are none here. Turn it on in pressbridge.yaml and restart pressbridge.',
  },
  'demand.page.no_blogs': {
    cs: 'V konfiguraci není žádný blog. Přidejte ho příkazem pressbridge setup.',
    en: 'No blog is configured. Add one with pressbridge setup.',
  },
  'demand.page.none': {
    cs: 'Pro tento blog zatím žádná poptávka nepřišla. pressbridge čte poptávky každých {minutes} min; nové se objeví tady, ty vhodné vám i oznámí.',
    en: 'No demand has come for this blog yet. pressbridge reads the demands every {minutes} min; new ones show here, and the fitting ones are notified too.',
  },
  'demand.page.count': { cs: 'Poptávek: {count}', en: 'Demands: {count}' },
  'demand.page.open_blog': { cs: 'Zobrazit poptávky blogu', en: "Show the blog's demands" },
  'demand.page.not_found': { cs: 'Poptávka nenalezena', en: 'Demand not found' },
  'demand.page.not_found_text': {
    cs: 'Poptávku {demand} u blogu {blog} pressbridge nemá (ještě nebyla načtena, nebo už je pryč).',
    en: 'pressbridge has no demand {demand} for blog {blog} (not read yet, or gone).',
  },
  'demand.page.bad_id': { cs: 'Neplatná adresa poptávky', en: 'Not a demand address' },
  'demand.page.bad_id_text': {
    cs: 'Blog i poptávka se v adrese píšou kladným celým číslem, např. /demands/1/42.',
    en: 'Both the blog and the demand are positive whole numbers in the address, e.g. /demands/1/42.',
  },
  'demand.page.unknown_blog_text': {
    cs: 'Blog {blog} není v konfiguraci pressbridge.',
    en: 'Blog {blog} is not in the configuration of pressbridge.',
  },
  'demand.col.name': { cs: 'Poptávka', en: 'Demand' },
  'demand.col.reward': { cs: 'Odměna', en: 'Reward' },
  'demand.col.length': { cs: 'Délka', en: 'Length' },
  'demand.col.expectation': { cs: 'Cíl inzerenta', en: "Advertiser's goal" },
  'demand.col.kind': { cs: 'Druh', en: 'Kind' },
  'demand.col.verdict': { cs: 'Posouzení', en: 'Verdict' },
  'demand.col.state': { cs: 'Stav', en: 'State' },
  'demand.col.seen': { cs: 'Přišla', en: 'Came' },
  'demand.length': { cs: '{ns} NS', en: '{ns} std. pages' },
  'demand.kind.publication': { cs: 'hotový text inzerenta', en: "the advertiser's finished text" },
  'demand.kind.writing': { cs: 'článek píšete vy', en: 'you write the article' },
  'demand.kind.vip': { cs: 'VIP', en: 'VIP' },
  'demand.unknown': { cs: 'neuvedeno', en: 'not given' },
  'demand.state.available': { cs: 'dostupná', en: 'available' },
  'demand.state.gone': { cs: 'už není dostupná', en: 'no longer available' },
  'demand.state.declined': { cs: 'odmítnuta {time}', en: 'declined {time}' },
  'demand.state.offered': {
    cs: 'nabídnuto {time} za {reward} ({by})',
    en: 'offered {time} for {reward} ({by})',
  },
  'demand.state.existing': { cs: 'nabídka už existovala', en: 'an offer existed already' },
  'demand.state.deal': { cs: 'obchod #{id}', en: 'deal #{id}' },
  'demand.state.answer.accepted': { cs: 'inzerent přijal', en: 'the advertiser accepted' },
  'demand.state.answer.refused': { cs: 'inzerent odmítl', en: 'the advertiser refused' },
  'demand.by.page': { cs: 'ze stránky', en: 'from the page' },
  'demand.by.cli': { cs: 'z příkazové řádky', en: 'from the command line' },
  'demand.by.auto': { cs: 'automaticky', en: 'automatically' },
  'demand.verdict.none': { cs: 'zatím neposouzena', en: 'not judged yet' },
  'demand.verdict.title': { cs: 'Posouzení podle vašich pravidel', en: 'Verdict by your rules' },
  'demand.verdict.all_hold': { cs: 'Všechna pravidla jsou splněna.', en: 'Every rule holds.' },
  'demand.brief.title': { cs: 'Zadání', en: 'Brief' },
  'demand.brief.description': { cs: 'Popis', en: 'Description' },
  'demand.brief.keywords': { cs: 'Klíčová slova', en: 'Keywords' },
  'demand.brief.keyword_urls': { cs: 'Odkazy', en: 'Links' },
  'demand.brief.url': { cs: 'Web inzerenta', en: "Advertiser's site" },
  'demand.brief.text': {
    cs: 'Hotový text: {chars} znaků, {links} odkazů',
    en: 'Finished text: {chars} characters, {links} links',
  },
  'demand.brief.unreadable': {
    cs: 'Celé zadání se nepodařilo načíst ({code}); posouzení je proto „zeptat se mě“.',
    en: 'The full brief could not be read ({code}), so the verdict is "ask me".',
  },
  'demand.brief.not_read': {
    cs: 'Celé zadání ještě nebylo načteno; bude při dalším čtení poptávek.',
    en: 'The full brief has not been read yet; it will be at the next reading of the demands.',
  },
  'demand.form.title': { cs: 'Nabídnout', en: 'Offer' },
  'demand.form.reward': { cs: 'Odměna (Kč)', en: 'Reward (CZK)' },
  'demand.form.reward_hint': {
    cs: 'Základní odměna poptávky je {base}; vyšší částka je vyšší nabídka.',
    en: "The demand's base reward is {base}; a higher amount is a higher bid.",
  },
  'demand.form.note': { cs: 'Poznámka pro inzerenta', en: 'Note to the advertiser' },
  'demand.form.note_hint': {
    cs: 'Nápad na článek, nejvýše {max} znaků, jeden řádek.',
    en: 'An idea for the article, at most {max} characters, one line.',
  },
  'demand.form.continue': { cs: 'Pokračovat k potvrzení', en: 'Continue to the confirmation' },
  'demand.form.closed_offered': {
    cs: 'Na tuto poptávku už blog nabídku má.',
    en: 'The blog has an offer on this demand already.',
  },
  'demand.form.closed_gone': {
    cs: 'Poptávka už není dostupná, nabídnout na ni nelze.',
    en: 'The demand is no longer available: no offer can be made on it.',
  },
  'demand.confirm.title': { cs: 'Potvrdit nabídku', en: 'Confirm the offer' },
  'demand.confirm.text': {
    cs: 'Nabídnout blog {blog} na poptávku „{demand}“ za {reward}?',
    en: 'Offer blog {blog} on the demand "{demand}" for {reward}?',
  },
  'demand.confirm.higher': {
    cs: 'Je to vyšší nabídka: základní odměna je {base}.',
    en: 'This is a higher bid: the base reward is {base}.',
  },
  'demand.confirm.base': { cs: 'Je to základní odměna poptávky.', en: "This is the demand's base reward." },
  'demand.confirm.note': { cs: 'Poznámka: {note}', en: 'Note: {note}' },
  'demand.confirm.send': { cs: 'Odeslat nabídku', en: 'Send the offer' },
  'demand.confirm.back': { cs: 'Zpět na poptávku', en: 'Back to the demand' },
  'demand.outcome.offered': {
    cs: 'Nabídka odeslána: obchod #{dealId}, {reward}.',
    en: 'Offer sent: deal #{dealId}, {reward}.',
  },
  'demand.outcome.repeat': {
    cs: 'Na tuto poptávku už blog nabídku má; nic dalšího se neodeslalo.',
    en: 'The blog has already offered on this demand; nothing more was sent.',
  },
  'demand.outcome.failed': { cs: 'Nabídka neodešla. {reason}', en: 'The offer was not sent. {reason}' },
  'demand.decline.button': { cs: 'Odmítnout všechny dostupné', en: 'Decline all available' },
  'demand.decline.title': { cs: 'Odmítnout poptávky', en: 'Decline the demands' },
  'demand.decline.text': {
    cs: 'Odmítnout všechny dostupné poptávky blogu {blog} (teď {count})? Tržiště je blogu už nenabídne.',
    en: 'Decline every available demand of blog {blog} ({count} now)? The marketplace will not offer them to the blog again.',
  },
  'demand.decline.send': { cs: 'Odmítnout všechny', en: 'Decline them all' },
  'demand.decline.done': { cs: 'Odmítnuto poptávek: {count}.', en: 'Demands declined: {count}.' },
  'demand.decline.failed': {
    cs: 'Poptávky se odmítnout nepodařilo. {reason}',
    en: 'The demands were not declined. {reason}',
  },
  'demand.cli.off': {
    cs: 'Příjem poptávek je vypnutý (demands.enabled: false). Zapněte ho v pressbridge.yaml a restartujte pressbridge.',
    en: 'The demand intake is off (demands.enabled: false). Turn it on in pressbridge.yaml and restart pressbridge.',
  },
  'demand.cli.none': { cs: 'zatím žádná poptávka', en: 'no demand yet' },
  'demand.cli.unknown_blog': {
    cs: 'Blog {blog} v konfiguraci není. Nastavené blogy: {ids}.',
    en: 'Blog {blog} is not configured. The configured blogs: {ids}.',
  },
  'demand.cli.blog_needed': {
    cs: 'Poptávku {demand} má pressbridge u více blogů ({ids}). Řekněte u kterého: --blog <id>.',
    en: 'pressbridge has demand {demand} for more than one blog ({ids}). Say which: --blog <id>.',
  },
  'demand.cli.unknown_action': {
    cs: 'Neznámá akce „{action}“: pressbridge demands umí jen decline (pressbridge demands decline --blog <id>).',
    en: 'Unknown action "{action}": pressbridge demands knows only decline (pressbridge demands decline --blog <id>).',
  },
  'demand.cli.decline_blog': {
    cs: 'Řekněte, kterému blogu poptávky odmítnout: pressbridge demands decline --blog <id>.',
    en: 'Say whose demands to decline: pressbridge demands decline --blog <id>.',
  },
  'demand.cli.reward': {
    cs: 'Odměna se píše celým kladným počtem Kč, např. 1500.',
    en: 'The reward is a whole positive number of Kč, e.g. 1500.',
  },
  'demand.cli.confirm_offer': { cs: 'Odeslat nabídku? [a/N] ', en: 'Send the offer? [y/N] ' },
  'demand.cli.confirm_decline': { cs: 'Odmítnout je? [a/N] ', en: 'Decline them? [y/N] ' },
  'demand.cli.not_confirmed': { cs: 'Nic se neodeslalo.', en: 'Nothing was sent.' },
  'demand.cli.needs_yes': {
    cs: 'Tady se nelze zeptat (není to terminál). Potvrďte to přepínačem --yes.',
    en: 'Cannot ask here (not a terminal). Confirm it with --yes.',
  },
  // The demand side drawn (src/status/views/market-charts.ts).
  'demand.chart.card': { cs: 'Tržiště', en: 'Market' },
  'demand.chart.link': { cs: 'Podrobnosti v Poptávkách', en: 'Details on the Demands page' },
  'demand.chart.offers.title': {
    cs: 'Nabídky po měsících za posledních 12 měsíců',
    en: 'Offers by month over the last 12 months',
  },
  'demand.chart.offers.made': { cs: 'podané', en: 'made' },
  'demand.chart.offers.accepted': { cs: 'přijaté', en: 'accepted' },
  'demand.chart.offers.refused': { cs: 'odmítnuté', en: 'refused' },
  'demand.chart.offers.hint': {
    cs: 'Počítá pressbridge od chvíle, kdy vede poptávky: podání, přijetí a odmítnutí v měsíci, kdy nastalo.',
    en: 'Counted by pressbridge since it reads demands: each offer, acceptance and refusal in the month it happened.',
  },
  'demand.chart.page.title': {
    cs: 'Odměna za normostranu po měsících',
    en: 'Reward per standard page by month',
  },
  'demand.chart.page.label': { cs: 'Kč za normostranu', en: 'CZK per standard page' },
  'demand.chart.page.hint': {
    cs: 'Součet odměn poptávek nabídnutých blogům v měsíci děleno součtem jejich normostran (1 800 znaků).',
    en: 'The total reward of the demands offered to the blogs in a month divided by their total standard pages (1,800 characters).',
  },
} as const satisfies Catalog;
