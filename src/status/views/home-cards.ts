/**
 * The home page's last answers: the deals in progress with their countdown, the articles handed in lately (what
 * just happened, with the live article), and this month's earnings.
 */

import { readDealData } from '../../deals/data.js';
import type { DealRecord } from '../../deals/record.js';
import type { Earnings } from '../../money/earnings.js';
import { html, type SafeHtml } from '../html.js';
import type { Sourced } from '../types.js';
import { earningsChart } from './earnings.js';
import type { ViewContext } from './layout.js';
import { ago, blogLabel, countdown, dealLink, externalLink, shortUrl, stateBadge } from './parts.js';

export interface InProgress {
  total: number;
  /** Some or all of them, any order: the `PROGRESS_SHOWN` with the nearest deadlines are shown. */
  items: DealRecord[];
}

/** Rows in the card; the Deals page has them all. */
export const PROGRESS_SHOWN = 10;

function unavailable(ctx: ViewContext, error: string): SafeHtml {
  return html`<p class="muted">${ctx.t.t('status.unavailable', { error })}</p>`;
}

/** The deals pressbridge is working on, the nearest deadline first, each with its live countdown. */
export function progressCard(ctx: ViewContext, progress: Sourced<InProgress>): SafeHtml {
  const { t } = ctx;
  const title = t.t('status.home.progress.title');
  const all = html`<a href="${ctx.base}/deals">${t.t('status.home.progress.all')}</a>`;
  if (!progress.ok) {
    return html`<section class="card" data-card="progress"><h2>${title}</h2>${unavailable(ctx, progress.error)}</section>`;
  }
  const { items, total } = progress.value;
  if (items.length === 0) {
    return html`<section class="card" data-card="progress"><h2>${title}</h2>
<p class="muted">${t.t('status.home.progress.none')}</p><p class="hint">${all}</p></section>`;
  }
  const sorted = [...items]
    .sort((a, b) => Date.parse(a.deadline) - Date.parse(b.deadline))
    .slice(0, PROGRESS_SHOWN);
  const c = {
    deal: t.t('status.col.deal'),
    title: t.t('status.col.title'),
    blog: t.t('status.col.blog'),
    state: t.t('status.col.state'),
    deadline: t.t('status.col.deadline'),
  };
  return html`<section class="card table-card" data-card="progress"><h2 class="pad">${title}</h2>
<table class="cards"><thead><tr><th>${c.deal}</th><th>${c.title}</th><th>${c.blog}</th><th>${c.state}</th><th>${c.deadline}</th></tr></thead><tbody>
${sorted.map(
  (d) => html`<tr data-deal="${d.dealId}">
<td data-label="${c.deal}" class="nowrap">${dealLink(ctx, d.dealId)}</td>
<td data-label="${c.title}" class="wide">${d.title ?? ''}</td>
<td data-label="${c.blog}" class="phone-hide">${blogLabel(ctx, d.blogId)}</td>
<td data-label="${c.state}" class="nowrap">${stateBadge(ctx, d.state)}</td>
<td data-label="${c.deadline}" class="nowrap">${countdown(ctx, d)}</td>
</tr>`,
)}
</tbody></table><p class="pad hint">${
    total > sorted.length ? html`${t.t('status.home.progress.more', { shown: sorted.length, total })} · ` : ''
  }${all}</p></section>`;
}

/** Rows in the card of articles handed in lately. */
export const RECENT_SHOWN = 5;

/** The articles handed in lately, newest first: the deal, its title, the live article and when. */
export function recentCard(ctx: ViewContext, recent: Sourced<DealRecord[]>): SafeHtml {
  const { t } = ctx;
  const title = t.t('status.home.recent.title');
  if (!recent.ok) {
    return html`<section class="card" data-card="recent"><h2>${title}</h2>${unavailable(ctx, recent.error)}</section>`;
  }
  // The store lists by receipt; the card says what was handed in last, so by the hand-in time.
  const handedIn = (d: DealRecord): number => Date.parse(readDealData(d.data).handedInAt ?? '') || 0;
  const rows = [...recent.value].sort((a, b) => handedIn(b) - handedIn(a)).slice(0, RECENT_SHOWN);
  if (rows.length === 0) {
    return html`<section class="card" data-card="recent"><h2>${title}</h2><p class="muted">${t.t('status.home.recent.none')}</p></section>`;
  }
  return html`<section class="card" data-card="recent"><h2>${title}</h2><ul class="plain">
${rows.map(
  (d) =>
    html`<li data-deal="${d.dealId}">${dealLink(ctx, d.dealId)} ${d.title ?? ''} · ${externalLink(d.url, shortUrl(d.url))} · ${ago(ctx, readDealData(d.data).handedInAt)}</li>`,
)}
</ul></section>`;
}

/** This month's paid-out amount, what awaits payout, and the way to the Earnings page. */
export function earningsCard(ctx: ViewContext, earnings: Sourced<Earnings>): SafeHtml {
  const { t } = ctx;
  const link = html`<a href="${ctx.base}/earnings">${t.t('status.home.earnings.link')}</a>`;
  if (!earnings.ok) {
    return html`<section class="card" data-card="earnings"><h2>${t.t('money.nav')}</h2>${unavailable(ctx, earnings.error)}<p class="hint">${link}</p></section>`;
  }
  const e = earnings.value;
  return html`<section class="card" data-card="earnings"><h2>${t.t('status.home.earnings.title', { month: t.month(e.month) })}</h2>
<p><span class="big" data-earned="month">${t.money(e.paidThisMonth.amount)}</span> <span class="muted">${t.t('status.home.earnings.paid')}</span></p>
${e.awaiting.amount > 0 ? html`<p data-earned="awaiting">${t.t('status.home.earnings.awaiting', { amount: t.money(e.awaiting.amount) })}</p>` : ''}
${earningsChart(ctx, e)}
<p class="hint">${link}</p></section>`;
}
