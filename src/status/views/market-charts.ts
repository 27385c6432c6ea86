/**
 * The demand side drawn (issue 30 item 6), from the months' counts (src/demands/tally.ts), on the home page's
 * "Market" card and on the Demands page: offers made / accepted / refused by month, and what the demands offered
 * to the blogs paid per standard page by month, each over the last 12 months, with ./charts.ts.
 *
 * Reward per standard page is the month's total reward ÷ its total standard pages, not a median or a histogram of
 * the kept demands: the store keeps days of demands, the tally a year, and the question the chart answers is
 * whether the market pays more or less per page than it did (the rules' floor is on the Rules page).
 */
import type { TallyView } from '../../demands/tally.js';
import { html, type SafeHtml } from '../html.js';
import type { Sourced } from '../types.js';
import { barChart, lastMonths } from './charts.js';
import type { ViewContext } from './layout.js';

const MONTHS = 12;

/** The last 12 months' counts, oldest first, a month not counted as zeros. */
function lastYear(view: TallyView) {
  const byMonth = new Map(view.months.map((m) => [m.month, m]));
  return lastMonths(view.month, MONTHS).map(
    (month) => byMonth.get(month) ?? { month, made: 0, accepted: 0, refused: 0, kc: 0, ns: 0 },
  );
}

/** Whether the last 12 months hold anything to draw. */
export function hasMarketData(view: TallyView): boolean {
  return lastYear(view).some((m) => m.made + m.accepted + m.refused + m.ns > 0);
}

export function offersChart(ctx: ViewContext, view: TallyView): SafeHtml {
  const { t } = ctx;
  return barChart({
    id: 'offers-months',
    title: t.t('demand.chart.offers.title'),
    series: [
      { key: 'made', label: t.t('demand.chart.offers.made') },
      { key: 'accepted', label: t.t('demand.chart.offers.accepted') },
      { key: 'refused', label: t.t('demand.chart.offers.refused') },
    ],
    groups: lastYear(view).map((m) => ({
      label: t.monthShort(m.month),
      values: [m.made, m.accepted, m.refused],
    })),
    format: (n) => t.number(n),
    hint: t.t('demand.chart.offers.hint'),
  });
}

export function rewardPerPageChart(ctx: ViewContext, view: TallyView): SafeHtml {
  const { t } = ctx;
  return barChart({
    id: 'reward-per-page',
    title: t.t('demand.chart.page.title'),
    series: [{ key: 'page', label: t.t('demand.chart.page.label') }],
    groups: lastYear(view).map((m) => ({
      label: t.monthShort(m.month),
      values: [m.ns > 0 ? Math.round(m.kc / m.ns) : 0],
    })),
    format: (kc) => t.money(kc),
    hint: t.t('demand.chart.page.hint'),
  });
}

/** The home page's "Market" card: nothing at all while there is nothing to draw (or it cannot be read). */
export function marketCard(ctx: ViewContext, market: Sourced<TallyView> | undefined): SafeHtml | '' {
  if (!market?.ok || !hasMarketData(market.value)) return '';
  const { t } = ctx;
  return html`<section class="card" data-card="market"><h2>${t.t('demand.chart.card')}</h2>
${offersChart(ctx, market.value)}
${rewardPerPageChart(ctx, market.value)}
<p class="hint"><a href="${ctx.base}/demands">${t.t('demand.chart.link')}</a></p></section>`;
}

/** The Demands page's charts, in one card above the blogs (nothing while there is nothing to draw). */
export function demandsCharts(ctx: ViewContext, market: Sourced<TallyView> | undefined): SafeHtml | '' {
  if (!market?.ok || !hasMarketData(market.value)) return '';
  return html`<section class="card charts" data-card="market">
${offersChart(ctx, market.value)}
${rewardPerPageChart(ctx, market.value)}</section>`;
}
