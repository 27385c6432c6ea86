/**
 * "Poptávky / Demands": per blog the demands newest first, each with its reward, length, goal, kind, the rules'
 * verdict with its reasons, and what became of it. `/demands` shows every configured blog, `/demands/<blog>` one
 * (with "decline all"); `/demands` draws the offers by month and the reward per page above (./market-charts.ts). Without the demand intake, or without any demand yet, it says so and what to do.
 */
import type { DemandRecord } from '../../demands/store.js';
import type { TallyView } from '../../demands/tally.js';
import { html, type SafeHtml } from '../html.js';
import type { Sourced } from '../types.js';
import {
  demandName,
  demandPath,
  demandState,
  expectationText,
  kindTags,
  lengthText,
  reasonList,
  rewardText,
  verdictBadge,
} from './demand-parts.js';
import { layout, type ViewContext } from './layout.js';
import { demandsCharts } from './market-charts.js';
import { ago, blogLabel } from './parts.js';

export interface BlogDemands {
  blogId: number;
  records: Sourced<DemandRecord[]>;
  /** More are kept than are shown here (the list of every blog shows the newest few). */
  more?: boolean | undefined;
}

export interface DemandsView {
  /** Omitted: the demand intake is off. */
  pollMinutes?: number | undefined;
  blogs: readonly BlogDemands[];
  /** The page of one blog (`/demands/<blog>`), with "decline all". */
  single: boolean;
  /** The demand side's months, drawn above the blogs of `/demands` (nothing to draw: no charts). */
  market?: Sourced<TallyView> | undefined;
}

function demandTable(ctx: ViewContext, records: readonly DemandRecord[]): SafeHtml {
  const { t } = ctx;
  const cols = {
    name: t.t('demand.col.name'),
    reward: t.t('demand.col.reward'),
    length: t.t('demand.col.length'),
    expectation: t.t('demand.col.expectation'),
    kind: t.t('demand.col.kind'),
    verdict: t.t('demand.col.verdict'),
    state: t.t('demand.col.state'),
    seen: t.t('demand.col.seen'),
  };
  return html`<table class="cards demands"><thead><tr><th>${cols.name}</th><th class="num">${cols.reward}</th><th>${cols.length}</th><th>${cols.expectation}</th><th>${cols.kind}</th><th>${cols.verdict}</th><th>${cols.state}</th><th>${cols.seen}</th></tr></thead><tbody>
${records.map(
  (r) => html`<tr data-demand="${r.demandId}">
<td data-label="${cols.name}" class="wide"><a href="${demandPath(ctx, r.blogId, r.demandId)}">${demandName(r)}</a></td>
<td data-label="${cols.reward}" class="num nowrap">${rewardText(ctx, r.item.reward)}</td>
<td data-label="${cols.length}" class="nowrap">${lengthText(ctx, r.item.ns)}</td>
<td data-label="${cols.expectation}" class="wide">${expectationText(ctx, r.item.expectation)}</td>
<td data-label="${cols.kind}">${kindTags(ctx, r)}</td>
<td data-label="${cols.verdict}" class="wide">${verdictBadge(ctx, r.verdict)}${reasonList(ctx, r.verdict)}</td>
<td data-label="${cols.state}">${demandState(ctx, r)}</td>
<td data-label="${cols.seen}" class="nowrap">${ago(ctx, r.firstSeenAt)}</td>
</tr>`,
)}
</tbody></table>`;
}

function declineButton(ctx: ViewContext, blogId: number, records: readonly DemandRecord[]): SafeHtml {
  const open = records.filter((r) => r.available && !r.offer).length;
  if (open === 0) return html``;
  return html`<p class="pad"><a class="button" href="${demandPath(ctx, blogId)}/decline">${ctx.t.t('demand.decline.button')}</a></p>`;
}

function blogCard(ctx: ViewContext, view: DemandsView, blog: BlogDemands): SafeHtml {
  const label = blogLabel(ctx, blog.blogId);
  const title = view.single
    ? html`<h2 class="pad">${label}</h2>`
    : html`<h2 class="pad"><a href="${demandPath(ctx, blog.blogId)}">${label}</a></h2>`;
  if (!blog.records.ok) {
    return html`<section class="card table-card" data-blog="${blog.blogId}">${title}<p class="pad error-box" role="alert">${blog.records.error}</p></section>`;
  }
  const records = blog.records.value;
  if (records.length === 0) {
    const minutes = view.pollMinutes ?? 0;
    return html`<section class="card table-card" data-blog="${blog.blogId}" data-empty="true">${title}<p class="pad muted">${ctx.t.t('demand.page.none', { minutes })}</p></section>`;
  }
  return html`<section class="card table-card" data-blog="${blog.blogId}">${title}
<p class="pad muted">${ctx.t.t('demand.page.count', { count: records.length })}</p>
${view.single ? declineButton(ctx, blog.blogId, records) : ''}
${demandTable(ctx, records)}
${blog.more ? html`<p class="pad"><a href="${demandPath(ctx, blog.blogId)}">${ctx.t.t('demand.page.open_blog')}</a></p>` : ''}
</section>`;
}

export function renderDemands(ctx: ViewContext, view: DemandsView): SafeHtml {
  const { t } = ctx;
  const only = view.single ? view.blogs[0] : undefined;
  const title = only
    ? t.t('demand.page.blog_title', { blog: blogLabel(ctx, only.blogId) })
    : t.t('demand.page.title');
  const back = view.single
    ? html`<p><a href="${ctx.base}/demands">${t.t('demand.page.all_blogs')}</a></p>`
    : '';
  let content: SafeHtml;
  if (view.pollMinutes === undefined) {
    content = html`<section class="card" data-intake="off"><p>${t.t('demand.page.off')}</p></section>`;
  } else if (view.blogs.length === 0) {
    content = html`<section class="card"><p>${t.t('demand.page.no_blogs')}</p></section>`;
  } else {
    content = html`${view.single ? '' : demandsCharts(ctx, view.market)}${view.blogs.map((blog) => blogCard(ctx, view, blog))}`;
  }
  const body = html`<h1>${title}</h1>${back}${content}`;
  return layout(ctx, { title, current: 'demands', body });
}
