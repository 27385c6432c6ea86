/**
 * The money parts of the status page: the Earnings page (`/earnings`), the reward column of the deals table and
 * the reward/price/paid rows of the deal page. Numbers come from src/money/earnings.ts; texts from the `money.*`
 * catalog entries, amounts through `ctx.t.money()`, months through `ctx.t.month()`.
 */

import type { DealRecord } from '../../deals/record.js';
import { DEFAULT_RETENTION_DAYS } from '../../deals/store.js';
import type { Amount, AwaitingDeal, Earnings } from '../../money/earnings.js';
import { readDealMoney, readPaid } from '../../money/paid.js';
import type { ClaimRisk } from '../../watch/obligations.js';
import { html, type SafeHtml } from '../html.js';
import type { Sourced } from '../types.js';
import { barChart, lastMonths } from './charts.js';
import { claimRiskCard, claimRiskTable } from './claim-risk.js';
import { layout, type ViewContext } from './layout.js';
import { ago, dealLink, externalLink, shortUrl } from './parts.js';

function amountOrUnknown(ctx: ViewContext, kc: number | null): SafeHtml {
  return kc === null
    ? html`<span class="muted">${ctx.t.t('money.unknown')}</span>`
    : html`${ctx.t.money(kc)}`;
}

/** The deals table's header cell for the reward column. */
export function rewardHeader(ctx: ViewContext): SafeHtml {
  return html`<th>${ctx.t.t('money.col.reward')}</th>`;
}

/** The deals table's reward cell: the reward known since deal.accepted (or paid), and a "paid" tag. */
export function rewardCell(ctx: ViewContext, record: Pick<DealRecord, 'data'>): SafeHtml {
  const paid = readPaid(record.data);
  const reward = paid?.reward ?? readDealMoney(record.data).reward;
  return html`<td data-label="${ctx.t.t('money.col.reward')}" class="nowrap num" data-reward="${reward ?? ''}">${reward === null ? '–' : ctx.t.money(reward)}${paid ? html` <span class="tag ok-yes" data-paid="true">${ctx.t.t('money.paid_badge')}</span>` : ''}</td>`;
}

/** The deal page's money rows (inside its summary `<dl>`): reward, price, when it was paid. */
export function dealMoneyRows(ctx: ViewContext, record: Pick<DealRecord, 'data'>): SafeHtml {
  const paid = readPaid(record.data);
  const known = readDealMoney(record.data);
  const reward = paid?.reward ?? known.reward;
  const price = paid?.price ?? known.price;
  return html`<dt>${ctx.t.t('money.reward')}</dt><dd data-reward="${reward ?? ''}">${amountOrUnknown(ctx, reward)}</dd>
<dt>${ctx.t.t('money.price')}</dt><dd>${amountOrUnknown(ctx, price)}</dd>
<dt>${ctx.t.t('money.paid_at')}</dt><dd data-paid-at="${paid?.at ?? ''}">${paid ? html`${ctx.t.dateTime(paid.at, ctx.timeZone)} (${ago(ctx, paid.at)})` : html`<span class="muted">${ctx.t.t('money.not_paid')}</span>`}</dd>`;
}

function statCard(ctx: ViewContext, key: string, title: string, amount: Amount): SafeHtml {
  return html`<section class="card" data-money="${key}"><h2>${title}</h2>
<p><span class="big" data-amount="${amount.amount}">${ctx.t.money(amount.amount)}</span></p>
<p class="muted" data-count="${amount.count}">${ctx.t.t('money.deal_count', { count: amount.count })}</p></section>`;
}

function readStatus(ctx: ViewContext, e: Earnings): SafeHtml {
  const read = e.fetchedAt
    ? html`<p data-fetched-at="${e.fetchedAt}">${ctx.t.t('money.read_at', { time: ctx.t.dateTime(e.fetchedAt, ctx.timeZone) })} (${ago(ctx, e.fetchedAt)})</p>`
    : html`<p data-fetched-at="">${ctx.t.t('money.never_read')}</p>`;
  const last = e.lastError;
  // The failure's phrase in the page's language; one stored without a phrase as its English.
  const failed = last
    ? html`<p class="error-box" role="alert">${ctx.t.t('money.read_failed', { time: ctx.t.dateTime(last.at, ctx.timeZone), error: ctx.t.say(last.said ?? last.message, last.message) })}</p>`
    : '';
  return html`<section class="card">${read}${failed}<p class="hint">${ctx.t.t('money.schedule_hint')}</p></section>`;
}

function dealsTable(ctx: ViewContext, title: string, key: string, deals: AwaitingDeal[]): SafeHtml {
  if (deals.length === 0) return html``;
  const t = (k: Parameters<typeof ctx.t.t>[0]) => ctx.t.t(k);
  return html`<section class="card table-card" data-money-deals="${key}"><h2 class="pad">${title}</h2>
<table class="cards"><thead><tr><th>${t('money.col.deal')}</th><th>${t('money.col.blog')}</th><th>${t('money.col.demand')}</th><th>${t('money.col.reward')}</th><th>${t('money.col.article')}</th></tr></thead><tbody>
${deals.map(
  (d) => html`<tr data-deal="${d.dealId}">
<td data-label="${t('money.col.deal')}" class="nowrap">${dealLink(ctx, d.dealId)}</td>
<td data-label="${t('money.col.blog')}">${d.blog}</td>
<td data-label="${t('money.col.demand')}" class="wide">${d.demand ?? ''}</td>
<td data-label="${t('money.col.reward')}" class="nowrap num">${amountOrUnknown(ctx, d.reward)}</td>
<td data-label="${t('money.col.article')}" class="wide">${externalLink(d.articleUrl, shortUrl(d.articleUrl))}</td>
</tr>`,
)}
</tbody></table></section>`;
}

function blogsTable(ctx: ViewContext, e: Earnings): SafeHtml {
  const t = (k: Parameters<typeof ctx.t.t>[0]) => ctx.t.t(k);
  const cell = (a: Amount) => html`${ctx.t.money(a.amount)} <span class="muted">(${a.count})</span>`;
  return html`<section class="card table-card" data-money="blogs"><h2 class="pad">${t('money.by_blog')}</h2>
${
  e.blogs.length === 0
    ? html`<p class="pad muted">${t('money.none_paid')}</p>`
    : html`<table class="cards"><thead><tr><th>${t('money.col.blog')}</th><th>${t('money.col.awaiting')}</th><th>${t('money.col.paid_year')}</th></tr></thead><tbody>
${e.blogs.map(
  (b) => html`<tr data-blog="${b.blog}">
<td data-label="${t('money.col.blog')}">${b.blog}</td>
<td data-label="${t('money.col.awaiting')}" class="nowrap num">${cell(b.awaiting)}</td>
<td data-label="${t('money.col.paid_year')}" class="nowrap num">${cell(b.paidThisYear)}</td>
</tr>`,
)}
</tbody></table>`
}
<p class="pad hint">${ctx.t.t('money.by_blog_hint', { days: DEFAULT_RETENTION_DAYS })}</p></section>`;
}

function monthsTable(ctx: ViewContext, e: Earnings): SafeHtml {
  const t = (k: Parameters<typeof ctx.t.t>[0]) => ctx.t.t(k);
  const months = e.months.slice(0, 24);
  return html`<section class="card table-card" data-money="months"><h2 class="pad">${t('money.by_month')}</h2>
${
  months.length === 0
    ? html`<p class="pad muted">${t('money.none_paid')}</p>`
    : html`<table class="cards"><thead><tr><th>${t('money.col.month')}</th><th>${t('money.col.count')}</th><th>${t('money.col.amount')}</th></tr></thead><tbody>
${months.map(
  (m) => html`<tr data-month="${m.month}">
<td data-label="${t('money.col.month')}">${ctx.t.month(m.month)}</td>
<td data-label="${t('money.col.count')}" class="num">${ctx.t.number(m.count)}</td>
<td data-label="${t('money.col.amount')}" class="num">${ctx.t.money(m.amount)}</td>
</tr>`,
)}
</tbody></table>`
}</section>`;
}

/** Paid by month over the last 12 months, this one included (a month with nothing paid is drawn at 0). */
export function earningsChart(ctx: ViewContext, e: Pick<Earnings, 'month' | 'months'>): SafeHtml {
  const paid = new Map(e.months.map((m) => [m.month, m.amount]));
  return barChart({
    id: 'earnings-months',
    title: ctx.t.t('money.chart.title'),
    series: [{ key: 'paid', label: ctx.t.t('money.chart.paid') }],
    groups: lastMonths(e.month, 12).map((month) => ({
      label: ctx.t.monthShort(month),
      values: [paid.get(month) ?? 0],
    })),
    format: (kc) => ctx.t.money(kc),
  });
}

/** `risk`: the paid deals at risk of a claim (absent: not shown). */
export function renderEarnings(ctx: ViewContext, e: Earnings, risk?: Sourced<ClaimRisk>): SafeHtml {
  const t = (k: Parameters<typeof ctx.t.t>[0]) => ctx.t.t(k);
  const body = html`<h1>${t('money.title')}</h1>
<div class="grid">
${statCard(ctx, 'awaiting', t('money.awaiting'), e.awaiting)}
${claimRiskCard(ctx, risk)}
${statCard(ctx, 'arbitration', t('money.arbitration'), e.arbitration)}
${statCard(ctx, 'month', `${t('money.paid_month')} · ${ctx.t.month(e.month)}`, e.paidThisMonth)}
${statCard(ctx, 'year', `${t('money.paid_year')} · ${e.year}`, e.paidThisYear)}
</div>
${readStatus(ctx, e)}
${e.awaiting.deals.length === 0 ? html`<p class="card muted">${t('money.none_awaiting')}</p>` : dealsTable(ctx, t('money.awaiting_deals'), 'awaiting', e.awaiting.deals)}
${dealsTable(ctx, t('money.arbitration_deals'), 'arbitration', e.arbitration.deals)}
${claimRiskTable(ctx, risk)}
${blogsTable(ctx, e)}
<section class="card">${earningsChart(ctx, e)}</section>
${monthsTable(ctx, e)}`;
  return layout(ctx, { title: t('money.title'), current: 'earnings', body });
}

/** The page when the numbers cannot be read (Redis away). */
export function renderEarningsUnavailable(ctx: ViewContext, error: string): SafeHtml {
  const body = html`<h1>${ctx.t.t('money.title')}</h1><p class="card error-box" role="alert">${ctx.t.t('money.unavailable', { error })}</p>`;
  return layout(ctx, { title: ctx.t.t('money.title'), current: 'earnings', body });
}
