import type { DealRecord } from '../../deals/store.js';
import { formatAge, type PageInfo, stateLabel } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import { rewardCell, rewardHeader } from './earnings.js';
import { layout, type ViewContext } from './layout.js';
import {
  blogLabel,
  countdown,
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

function row(ctx: ViewContext, d: DealRecord): SafeHtml {
  const age = Date.parse(d.receivedAt);
  return html`<tr data-deal="${d.dealId}">
<td data-label="Deal" class="nowrap">${dealLink(ctx, d.dealId)}</td>
<td data-label="Blog">${blogLabel(ctx, d.blogId)}</td>
<td data-label="Title" class="wide">${d.title ?? html`<span class="muted">(no title yet)</span>`}</td>
<td data-label="State" class="nowrap">${stateBadge(d.state)} ${lateTag(d)}</td>
<td data-label="Accepted" class="nowrap">${Number.isNaN(age) ? '–' : html`<time datetime="${d.receivedAt}">${formatAge(ctx.now.getTime() - age)} ago</time>`}</td>
<td data-label="Deadline" class="nowrap">${countdown(ctx, d)}</td>
<td data-label="Published" class="wide">${externalLink(d.url, shortUrl(d.url))}</td>
${rewardCell(ctx, d)}
<td data-label="${ctx.marketplaceName}" class="nowrap">${marketplaceLink(ctx, d, 'open')}</td>
</tr>`;
}

export function renderDeals(ctx: ViewContext, data: DealsData): SafeHtml {
  const { paging, state } = data;
  const first = data.total === 0 ? 0 : paging.offset + 1;
  const last = paging.offset + data.items.length;
  const body = html`<h1>Deals${state ? html` · ${stateLabel(state)}` : ''}</h1>
<form class="filters" method="get" action="${ctx.base}/deals">
<label>State<select name="state">
<option value="">any</option>
${data.states.map((s) => html`<option value="${s}"${s === state ? html` selected` : ''}>${stateLabel(s)}</option>`)}
</select></label>
<button type="submit">Filter</button>
${state ? html`<a class="button" href="${ctx.base}/deals">Clear</a>` : ''}
</form>
${
  data.items.length === 0
    ? html`<p class="card muted">${
        data.total === 0
          ? state
            ? `No deals are ${stateLabel(state)}.`
            : 'No deals yet: they appear here as soon as a deal.accepted webhook arrives.'
          : html`This page is past the end. <a href="${dealsHref(ctx, 1, state)}">First page</a>`
      }</p>`
    : html`<div class="card table-card">
<p class="pad muted">${first}–${last} of ${data.total}, newest first</p>
<table class="cards deals"><thead><tr>
<th>Deal</th><th>Blog</th><th>Title</th><th>State</th><th>Accepted</th><th>Deadline</th><th>Published</th>${rewardHeader(ctx)}<th>${ctx.marketplaceName}</th>
</tr></thead><tbody>
${data.items.map((d) => row(ctx, d))}
</tbody></table></div>`
}
<nav class="pager" aria-label="Pages">
${paging.hasPrevious ? html`<a class="button" rel="prev" href="${dealsHref(ctx, paging.page - 1, state)}">← Newer</a>` : ''}
<span class="muted">page ${paging.page} of ${paging.pageCount}</span>
${paging.hasNext ? html`<a class="button" rel="next" href="${dealsHref(ctx, paging.page + 1, state)}">Older →</a>` : ''}
</nav>`;
  return layout(ctx, { title: 'Deals', current: 'deals', body });
}
