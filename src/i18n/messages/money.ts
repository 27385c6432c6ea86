import type { Catalog } from '../catalog.js';

/** Texts of the money area (Earnings page, the reward on the deal pages, `pressbridge earnings`). Keys start with `money.`. */
export const moneyMessages = {
  'money.nav': { cs: 'Výdělky', en: 'Earnings' },
  'money.title': { cs: 'Výdělky', en: 'Earnings' },
  'money.awaiting': { cs: 'Čeká na proplacení', en: 'Awaiting payout' },
  'money.arbitration': { cs: 'V arbitráži', en: 'In arbitration' },
  'money.paid_month': { cs: 'Proplaceno tento měsíc', en: 'Paid this month' },
  'money.paid_year': { cs: 'Proplaceno letos', en: 'Paid this year' },
  'money.deal_count': { cs: 'obchodů: {count}', en: 'deals: {count}' },
  'money.read_at': {
    cs: 'Přehled výplat z tržiště načten {time}.',
    en: "The marketplace's payout overview was read {time}.",
  },
  'money.never_read': {
    cs: 'Přehled výplat z tržiště zatím nebyl načten: čísla vycházejí jen ze zaznamenaných obchodů.',
    en: "The marketplace's payout overview has not been read yet: the numbers come from recorded deals only.",
  },
  'money.read_failed': {
    cs: 'Poslední načtení přehledu výplat se nepodařilo ({time}): {error}. Zkusí se znovu při dalším čtení.',
    en: 'The last read of the payout overview failed ({time}): {error}. It is tried again at the next read.',
  },
  'money.schedule_hint': {
    cs: 'Přehled se čte nejvýš jednou za hodinu s nízkou prioritou, aby nebral místo obchodům. Platby ohlášené tržištěm (deal.paid) se přičítají hned.',
    en: 'The overview is read at most once an hour at low priority, so it never takes room from deals. Payouts the marketplace reports (deal.paid) count at once.',
  },
  'money.by_blog': { cs: 'Podle blogů', en: 'By blog' },
  'money.by_blog_hint': {
    cs: 'Proplacené částky podle blogů počítají zaznamenané obchody (uchovávají se {days} dní); celkové součty výše jsou z přehledu výplat.',
    en: 'Paid amounts per blog count the recorded deals (kept {days} days); the totals above come from the payout overview.',
  },
  'money.by_month': { cs: 'Po měsících', en: 'By month' },
  'money.chart.title': { cs: 'Vyplaceno za posledních 12 měsíců', en: 'Paid over the last 12 months' },
  'money.chart.paid': { cs: 'vyplaceno', en: 'paid' },
  'money.awaiting_deals': { cs: 'Obchody čekající na proplacení', en: 'Deals awaiting payout' },
  'money.arbitration_deals': { cs: 'Obchody v arbitráži', en: 'Deals in arbitration' },
  'money.none_awaiting': { cs: 'Nic nečeká na proplacení.', en: 'Nothing is awaiting payout.' },
  'money.none_paid': { cs: 'Zatím žádné výplaty.', en: 'No payouts yet.' },
  'money.col.blog': { cs: 'Blog', en: 'Blog' },
  'money.col.deal': { cs: 'Obchod', en: 'Deal' },
  'money.col.demand': { cs: 'Poptávka', en: 'Demand' },
  'money.col.reward': { cs: 'Odměna', en: 'Reward' },
  'money.col.article': { cs: 'Článek', en: 'Article' },
  'money.col.month': { cs: 'Měsíc', en: 'Month' },
  'money.col.count': { cs: 'Obchodů', en: 'Deals' },
  'money.col.amount': { cs: 'Částka', en: 'Amount' },
  'money.col.awaiting': { cs: 'Čeká', en: 'Awaiting' },
  'money.col.paid_year': { cs: 'Proplaceno letos', en: 'Paid this year' },
  'money.reward': { cs: 'odměna', en: 'reward' },
  'money.price': { cs: 'cena', en: 'price' },
  'money.paid_at': { cs: 'proplaceno', en: 'paid' },
  'money.not_paid': { cs: 'zatím ne', en: 'not yet' },
  'money.paid_badge': { cs: 'proplaceno', en: 'paid' },
  'money.unknown': { cs: 'neznámá', en: 'unknown' },
  'money.unavailable': {
    cs: 'Výdělky teď nejdou načíst: {error}',
    en: 'Earnings cannot be read now: {error}',
  },
  'money.cli.refreshed': {
    cs: 'Přehled výplat načten z tržiště právě teď.',
    en: 'The payout overview was read from the marketplace just now.',
  },
  'money.cli.refresh_failed': {
    cs: 'Přehled výplat se z tržiště načíst nepodařilo: {error}. Zobrazuji uložená čísla.',
    en: 'The payout overview could not be read from the marketplace: {error}. Showing the stored numbers.',
  },
  'money.cli.total': { cs: 'Celkem', en: 'Total' },
} as const satisfies Catalog;
