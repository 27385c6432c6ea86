import type { Catalog } from '../catalog.js';

/**
 * The last look (docs/decisions/0025-the-last-look.md): the held deal's page, its one-tap links, and the message
 * the advertiser gets when the blogger refuses (always in Czech: the marketplace is Czech).
 */
export const lastLookMessages = {
  'config.rule.rules_on_no_answer': {
    cs: 'musí být hold, publish nebo refuse',
    en: 'must be hold, publish or refuse',
  },
  'look.advertiser_message': {
    cs: 'Dobrý den, děkuji za zájem o spolupráci. Článek k tomuto obchodu bohužel nemohu na svém blogu zveřejnit: {reasons}. Děkuji za pochopení.',
    en: 'Hello, thank you for your interest in working together. I am afraid I cannot publish the article of this deal on my blog: {reasons}. Thank you for understanding.',
  },
  'look.title': { cs: 'Obchod {dealId} čeká na váš pohled', en: 'Deal {dealId} waits for your look' },
  'look.held_text': {
    cs: 'Skutečný text porušuje vaše pravidla, proto je článek uložen jako koncept ({draft}) a není naživo.',
    en: 'The real text breaks your rules, so the article is kept as a draft ({draft}) and is not live.',
  },
  'look.reasons': { cs: 'Důvody', en: 'Reasons' },
  'look.expires': {
    cs: 'Odkazy platí do {at}; pak platí onNoAnswer: {choice}.',
    en: 'The links are valid until {at}; then onNoAnswer applies: {choice}.',
  },
  'look.choice.hold': { cs: 'nic se nestane a termín uplyne', en: 'nothing happens and the deadline passes' },
  'look.choice.publish': { cs: 'článek se zveřejní a odevzdá', en: 'the article is published and handed in' },
  'look.choice.refuse': { cs: 'obchod se odmítne', en: 'the deal is refused' },
  'look.confirm.approve': {
    cs: 'Schválit obchod {dealId}: článek se zveřejní a adresa se odevzdá tržišti.',
    en: 'Approve deal {dealId}: the article is published and its URL handed in to the marketplace.',
  },
  'look.confirm.refuse': {
    cs: 'Odmítnout obchod {dealId}: nic se neodevzdá a inzerent dostane zprávu s důvody.',
    en: 'Refuse deal {dealId}: nothing is handed in and the advertiser gets a message with the reasons.',
  },
  'look.button.approve': { cs: 'Schválit a zveřejnit', en: 'Approve and publish' },
  'look.button.refuse': { cs: 'Odmítnout', en: 'Refuse' },
  'look.done.approve': {
    cs: 'Schváleno: obchod {dealId} se zveřejní a odevzdá.',
    en: 'Approved: deal {dealId} is published and handed in.',
  },
  'look.done.refuse': {
    cs: 'Odmítnuto: obchod {dealId} se neodevzdá; inzerent dostane zprávu.',
    en: 'Refused: deal {dealId} is not handed in; the advertiser gets a message.',
  },
  'look.already': {
    cs: 'O obchodu {dealId} už bylo rozhodnuto: {decision} ({by}, {at}).',
    en: 'Deal {dealId} was decided already: {decision} ({by}, {at}).',
  },
  'look.not_held': {
    cs: 'Obchod {dealId} na rozhodnutí nečeká.',
    en: 'Deal {dealId} does not wait for a decision.',
  },
  'look.link.expired': {
    cs: 'Platnost odkazu vypršela: rozhodněte na stránce obchodu.',
    en: 'The link has expired: decide on the deal page.',
  },
  'look.link.invalid': { cs: 'Tento odkaz neplatí.', en: 'This link is not valid.' },
  'look.decision.approve': { cs: 'schváleno', en: 'approved' },
  'look.decision.refuse': { cs: 'odmítnuto', en: 'refused' },
  'look.by.link': { cs: 'odkazem z upozornění', en: 'by the notification’s link' },
  'look.by.page': { cs: 'na stránce obchodu', en: 'on the deal page' },
  'look.by.no_answer': { cs: 'bez odpovědi (onNoAnswer)', en: 'no answer (onNoAnswer)' },
  'look.decided': {
    cs: 'Rozhodnutí: {decision}, {by}, {at}.',
    en: 'Decision: {decision}, {by}, {at}.',
  },
} as const satisfies Catalog;
