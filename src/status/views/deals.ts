import type { DealRecord } from '../../deals/record.js';
import { formatAgo, type PageInfo } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import { rewardCell, rewardHeader } from './earnings.js';
import { layout, type ViewContext } from './layout.js';
import {
  blogLabel,
  deadlineText,
  dealLink,
  externalLink,
  lateTag,
  marketplaceLink,
  shortUrl,
  stateBadge,
} from './parts.js';

export interface DealsData {
  items: DealRecord[];
  total: number;
  paging: PageInfo;
  /** The state filter in effect. */
  state: string | undefined;
  /** The states the filter offers. */
  states: readonly string[];
}

function dealsHref(ctx: ViewContext, page: number, state: string | undefined): string {
  const query = new URLSearchParams();
  if (state) query.set('state', state);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return `${ctx.base}/deals${text ? `?${text}` : ''}`;
}

/** The table's columns: header text, also the cell's label on a phone. */
function columns(ctx: ViewContext) {
  const { t } = ctx;
  return {
    deal: t.t('status.col.deal'),
    blog: t.t('status.col.blog'),
    title: t.t('status.col.title'),
    state: t.t('status.col.state'),
    accepted: t.t('status.col.accepted'),
    deadline: t.t('status.col.deadline'),
    published: t.t('status.col.published'),
  };
}

function row(ctx: ViewContext, d: DealRecord): SafeHtml {
  const c = columns(ctx);
  const age = Date.parse(d.receivedAt);
  return html`<tr data-deal="${d.dealId}">
<td data-label="${c.deal}" class="nowrap">${dealLink(ctx, d.dealId)}</td>
<td data-label="${c.blog}">${blogLabel(ctx, d.blogId)}</td>
<td data-label="${c.title}" class="wide">${d.title ?? html`<span class="muted">${ctx.t.t('status.deals.no_title')}</span>`}</td>
<td data-label="${c.state}" class="nowrap">${stateBadge(ctx, d.state)} ${lateTag(ctx, d)}</td>
<td data-label="${c.accepted}" class="nowrap">${Number.isNaN(age) ? '–' : html`<time datetime="${d.receivedAt}" title="${ctx.t.dateTime(d.receivedAt, ctx.timeZone)}">${formatAgo(d.receivedAt, ctx.now, ctx.t)}</time>`}</td>
<td data-label="${c.deadline}" class="nowrap">${deadlineText(ctx, d)}</td>
<td data-label="${c.published}" class="wide">${externalLink(d.url, shortUrl(d.url))}</td>
${rewardCell(ctx, d)}
<td data-label="${ctx.marketplaceName}" class="nowrap">${marketplaceLink(ctx, d, ctx.t.t('status.deals.open'))}</td>
</tr>`;
}

function emptyText(ctx: ViewContext, data: DealsData): SafeHtml | string {
  const { t } = ctx;
  if (data.total > 0) {
    return html`${t.t('status.deals.past_end')} <a href="${dealsHref(ctx, 1, data.state)}">${t.t('status.deals.first_page')}</a>`;
  }
  return data.state
    ? t.t('status.deals.none_in_state', { state: t.stateName(data.state) })
    : t.t('status.deals.none');
}

export function renderDeals(ctx: ViewContext, data: DealsData): SafeHtml {
  const { t } = ctx;
  const { paging, state } = data;
  const c = columns(ctx);
  const first = data.total === 0 ? 0 : paging.offset + 1;
  const last = paging.offset + data.items.length;
  const title = t.t('status.nav.deals');
  const body = html`<h1>${title}${state ? html` · ${t.stateName(state)}` : ''}</h1>
<form class="filters" method="get" action="${ctx.base}/deals">
<label>${c.state}<select name="state">
<option value="">${t.t('status.any')}</option>
${data.states.map((s) => html`<option value="${s}"${s === state ? html` selected` : ''}>${t.stateName(s)}</option>`)}
</select></label>
<button type="submit">${t.t('status.filter')}</button>
${state ? html`<a class="button" href="${ctx.base}/deals">${t.t('status.deals.clear')}</a>` : ''}
</form>
${
  data.items.length === 0
    ? html`<p class="card muted">${emptyText(ctx, data)}</p>`
    : html`<div class="card table-card">
<p class="pad muted">${t.t('status.deals.range', { first, last, total: data.total })}</p>
<table class="cards deals"><thead><tr>
<th>${c.deal}</th><th>${c.blog}</th><th>${c.title}</th><th>${c.state}</th><th>${c.accepted}</th><th>${c.deadline}</th><th>${c.published}</th>${rewardHeader(ctx)}<th>${ctx.marketplaceName}</th>
</tr></thead><tbody>
${data.items.map((d) => row(ctx, d))}
</tbody></table></div>`
}
<nav class="pager" aria-label="${t.t('status.pager.label')}">
${paging.hasPrevious ? html`<a class="button" rel="prev" href="${dealsHref(ctx, paging.page - 1, state)}">${t.t('status.pager.newer')}</a>` : ''}
<span class="muted">${t.t('status.pager.page', { page: paging.page, count: paging.pageCount })}</span>
${paging.hasNext ? html`<a class="button" rel="next" href="${dealsHref(ctx, paging.page + 1, state)}">${t.t('status.pager.older')}</a>` : ''}
</nav>`;
  return layout(ctx, { title: state ? `${title} · ${t.stateName(state)}` : title, current: 'deals', body });
}
