import type { Catalog } from '../catalog.js';

/**
 * The last look in two more voices (docs/decisions/0025-the-last-look.md):
 *
 * - `notify.event.deal_held.*`: the blogger's notification (src/notify/held.ts): why the deal is held, until
 *   when the links decide, the approve and refuse links;
 * - `look.advertiser.*`: the refusal the advertiser reads (src/pipeline/steps/look-step.ts `advertiserMessage`),
 *   one phrase per verdict reason (`verdict.reason.*`, src/i18n/messages/blog-rules.ts) with the same params,
 *   in neutral terms: what this blog does not take, not the blogger's own settings ("you take at most …").
 *   Sent in Czech (the marketplace is Czech); the English is for the record and the tests.
 */
export const lastLookVoiceMessages = {
  'notify.event.deal_held.title': {
    cs: 'Obchod {deal} čeká na vaše rozhodnutí',
    en: 'Deal {deal} waits for your decision',
  },
  'notify.event.deal_held.body': {
    cs: 'Skutečný text obchodu {deal} porušuje vaše pravidla, proto je uložen jen jako koncept a není naživo. Důvody: {reasons}. Rozhodněte do {expires}; potom platí onNoAnswer: {choice}.',
    en: 'The real text of deal {deal} breaks your rules, so it is kept only as a draft and is not live. Reasons: {reasons}. Decide by {expires}; after that onNoAnswer applies: {choice}.',
  },
  'notify.event.deal_held.approve': {
    cs: 'Schválit a zveřejnit: {url}',
    en: 'Approve and publish: {url}',
  },
  'notify.event.deal_held.refuse': {
    cs: 'Odmítnout (inzerent dostane zprávu s důvody): {url}',
    en: 'Refuse (the advertiser gets a message with the reasons): {url}',
  },
  'notify.event.deal_held.no_links': {
    cs: 'Odkazy pro rozhodnutí chybí: stavová stránka nemá známou adresu (status.publicUrl). Rozhodněte na stránce obchodu.',
    en: 'No links to decide with: the status page has no known address (status.publicUrl). Decide on the deal page.',
  },
  'notify.event.deal_held.resolved_title': {
    cs: 'Obchod {deal}: rozhodnuto',
    en: 'Deal {deal}: decided',
  },
  'notify.event.deal_held.resolved_body': {
    cs: 'O obchodu {deal} je rozhodnuto; co se stalo, ukazuje stránka obchodu.',
    en: 'Deal {deal} is decided; the deal page shows what happened.',
  },
  'notify.event.deal_held.lapsed_title': {
    cs: 'Obchod {deal}: bez odpovědi, zůstává zadržený',
    en: 'Deal {deal}: no answer, it stays held',
  },
  'notify.event.deal_held.lapsed_body': {
    cs: 'Odkazy k obchodu {deal} vypršely bez vašeho rozhodnutí. Podle onNoAnswer (hold) se článek nezveřejnil ani neodmítl: obchod zůstává zadržený a po termínu rozhodne tržiště. Podrobnosti ukazuje stránka obchodu.',
    en: 'The links of deal {deal} expired without your decision. By onNoAnswer (hold) the article was neither published nor refused: the deal stays held and after the deadline the marketplace decides. The deal page shows the details.',
  },

  'look.advertiser.reason.reward_unknown': {
    cs: 'nabídka neuvádí odměnu',
    en: 'the offer states no reward',
  },
  'look.advertiser.reason.reward_low': {
    cs: 'odměna {reward} Kč je pro tento blog příliš nízká',
    en: 'the reward of {reward} Kč is too low for this blog',
  },
  'look.advertiser.reason.pages_unknown': {
    cs: 'délka článku není uvedena',
    en: 'the length of the article is not stated',
  },
  'look.advertiser.reason.per_page_low': {
    cs: 'odměna {perPage} Kč za normostranu je pro tento blog příliš nízká',
    en: 'the reward of {perPage} Kč per standard page is too low for this blog',
  },
  'look.advertiser.reason.short_text': {
    cs: 'text má jen {chars} znaků, méně než jednu normostranu',
    en: 'the text has only {chars} characters, less than one standard page',
  },
  'look.advertiser.reason.no_pages': {
    cs: 'požadovaná délka je kratší než jedna normostrana',
    en: 'the length asked is shorter than one standard page',
  },
  'look.advertiser.reason.expectation_missing': {
    cs: 'zadání neuvádí cíl spolupráce',
    en: 'the brief does not state the goal of the cooperation',
  },
  'look.advertiser.reason.expectation_words': {
    cs: 'cíl spolupráce („{expectation}“) tento blog nepřijímá',
    en: 'this blog does not take the goal of the cooperation ("{expectation}")',
  },
  'look.advertiser.reason.expectation': {
    cs: 'cíl spolupráce ({expectation}) tento blog nepřijímá',
    en: 'this blog does not take the goal of the cooperation ({expectation})',
  },
  'look.advertiser.reason.word': {
    cs: 'výraz „{word}“ {where} není na tomto blogu přijatelný',
    en: 'the expression "{word}" {where} is not acceptable on this blog',
  },
  'look.advertiser.reason.links_unknown': {
    cs: 'odkazy v článku nejsou uvedeny',
    en: 'the links of the article are not stated',
  },
  'look.advertiser.reason.links_many': {
    cs: 'článek má {count} odkazů, na tomto blogu nejvýše {max}',
    en: 'the article has {count} links, and this blog takes at most {max}',
  },
  'look.advertiser.reason.keyword_urls_unknown': {
    cs: 'adresy odkazů nejsou uvedeny',
    en: 'the addresses of the links are not stated',
  },
  'look.advertiser.reason.keyword_urls_many': {
    cs: 'článek odkazuje na {count} adres, na tomto blogu nejvýše {max}',
    en: 'the article links {count} addresses, and this blog takes at most {max}',
  },
  'look.advertiser.reason.link_unreadable': {
    cs: 'odkaz {link} není platná webová adresa',
    en: 'the link {link} is no valid web address',
  },
  'look.advertiser.reason.domain': {
    cs: 'odkaz na doménu {domain} není na tomto blogu přijatelný',
    en: 'a link to the domain {domain} is not acceptable on this blog',
  },
  'look.advertiser.reason.tld': {
    cs: 'odkazy na domény .{tld} nejsou na tomto blogu přijatelné',
    en: 'links to .{tld} domains are not acceptable on this blog',
  },
  'look.advertiser.reason.links_mode_unknown': {
    cs: 'typ odkazů není uveden',
    en: 'the kind of links is not stated',
  },
  'look.advertiser.reason.links_mode': {
    cs: 'odkazy typu {mode} tento blog nepřijímá',
    en: 'this blog does not take links of the kind {mode}',
  },
  'look.advertiser.reason.vip_unknown': {
    cs: 'nabídka neuvádí, zda jde o VIP spolupráci',
    en: 'the offer does not say whether it is a VIP cooperation',
  },
  'look.advertiser.reason.vip': {
    cs: 'VIP spolupráce tento blog nepřijímá',
    en: 'this blog does not take VIP cooperations',
  },
  'look.advertiser.reason.express_unknown': {
    cs: 'nabídka neuvádí, zda jde o expresní dodání',
    en: 'the offer does not say whether delivery is express',
  },
  'look.advertiser.reason.express': {
    cs: 'expresní dodání tento blog nepřijímá',
    en: 'this blog does not take express delivery',
  },
  'look.advertiser.reason.more': { cs: 'a další ({n})', en: 'and {n} more' },
  'look.advertiser.reason.unreadable': {
    cs: 'obsah neodpovídá zaměření blogu',
    en: 'the content does not fit the blog',
  },
  'look.advertiser.reason.other': {
    cs: 'obsah neodpovídá zaměření blogu',
    en: 'the content does not fit the blog',
  },
} as const satisfies Catalog;
