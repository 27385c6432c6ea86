/**
 * The Obligations page (`/obligations`): every deal still under watch, with until when and what its last check
 * found, at risk first (src/watch/obligations.ts orders the rows).
 */
import type { ArticleCheck } from '../../deals/article-check.js';
import type { Obligation, ObligationSettings } from '../../watch/obligations.js';
import type { PageInfo } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import { answerText, checkOutcome, detailText, findingItems } from './article-check.js';
import { layout, type ViewContext } from './layout.js';
import { blogLabel, dealLink, exactTime, externalLink, message, shortUrl } from './parts.js';

export interface ObligationsData {
  /** This page's rows, in order. */
  rows: readonly Obligation[];
  total: number;
  atRisk: number;
  /** Scheduled ids without a record. */
  missing: number;
  paging: PageInfo;
  settings: ObligationSettings;
}

/** A date (epoch ms) in the page's zone and language; '–' when it does not parse. */
export function dateAt(ctx: ViewContext, ms: number | undefined): SafeHtml {
  if (ms === undefined || !Number.isFinite(ms)) return html`<span class="muted">–</span>`;
  const at = new Date(ms);
  return html`<time datetime="${at.toISOString()}">${ctx.t.date(at, ctx.timeZone)}</time>`;
}

/** A time (epoch ms) to the minute in the page's zone and language. */
function timeAt(ctx: ViewContext, ms: number): SafeHtml {
  return exactTime(ctx, new Date(ms).toISOString());
}

function columns(ctx: ViewContext) {
  const t = ctx.t.t;
  return {
    deal: t('status.obligations.col.deal'),
    article: t('status.obligations.col.article'),
    blog: t('status.obligations.col.blog'),
    phase: t('status.obligations.col.phase'),
    last: t('status.obligations.col.last'),
    next: t('status.obligations.col.next'),
  };
}

/** Until when: the unpaid watch's end, or the claim window and the minimum lifetime of a paid article. */
export function phaseText(ctx: ViewContext, o: Pick<Obligation, 'plan'>): SafeHtml {
  const { plan } = o;
  if (plan.phase === 'unpaid') {
    return html`<span data-phase="unpaid">${message(ctx, 'status.obligations.phase.unpaid', { date: dateAt(ctx, plan.untilMs) })}</span>`;
  }
  return html`<span data-phase="paid">${message(ctx, 'status.obligations.phase.paid', { date: dateAt(ctx, plan.untilMs) })}</span><br><span class="muted" data-keep="true">${message(ctx, 'status.obligations.phase.keep', { date: dateAt(ctx, plan.keepPublishedUntilMs) })}</span>`;
}

/** What a check found, in a few words, with its findings (the watch card's words). */
export function checkFindings(ctx: ViewContext, check: ArticleCheck): SafeHtml {
  const outcome = checkOutcome(check);
  const bad = outcome === 'gone' || outcome === 'links' || outcome === 'page';
  const findings = (check.findings ?? []).filter((f) => f.kind !== 'text_edited' || outcome === 'ok');
  const list =
    findings.length > 0
      ? html`<ul>${findingItems(ctx, findings)}</ul>`
      : bad
        ? html`<ul><li><code>${detailText(ctx, check)}</code></li></ul>`
        : '';
  return html`<span class="${bad ? 'tag late' : 'muted'}" data-outcome="${outcome}">${ctx.t.t(`status.obligations.outcome.${outcome}`)}</span>${list}`;
}

/** The last check: when, what it found and what the site answered. */
export function lastCheckText(ctx: ViewContext, check: ArticleCheck | undefined): SafeHtml {
  if (!check) {
    return html`<span class="muted" data-outcome="none">${ctx.t.t('status.obligations.outcome.none')}</span>`;
  }
  return html`${exactTime(ctx, check.at)} <span class="muted">(${answerText(ctx, check.status)})</span><br>${checkFindings(ctx, check)}`;
}

function nextText(ctx: ViewContext, nextMs: number | undefined): SafeHtml {
  if (nextMs === undefined || !Number.isFinite(nextMs)) {
    return html`<span class="muted">${ctx.t.t('status.obligations.next.none')}</span>`;
  }
  if (nextMs <= ctx.now.getTime()) return html`<span>${ctx.t.t('status.obligations.next.due')}</span>`;
  return timeAt(ctx, nextMs);
}

function row(ctx: ViewContext, o: Obligation): SafeHtml {
  const c = columns(ctx);
  const r = o.record;
  return html`<tr data-deal="${r.dealId}" data-risk="${o.problem ?? ''}" data-phase="${o.plan.phase}">
<td data-label="${c.deal}" class="nowrap">${dealLink(ctx, r.dealId)}${o.problem ? html` <span class="tag late">${ctx.t.t('status.obligations.at_risk')}</span>` : ''}</td>
<td data-label="${c.article}" class="wide">${r.title ?? html`<span class="muted">${ctx.t.t('status.deals.no_title')}</span>`}<br>${externalLink(r.url, shortUrl(r.url))}</td>
<td data-label="${c.blog}">${blogLabel(ctx, r.blogId)}</td>
<td data-label="${c.phase}">${phaseText(ctx, o)}</td>
<td data-label="${c.last}" class="wide">${lastCheckText(ctx, o.check)}</td>
<td data-label="${c.next}" class="nowrap">${nextText(ctx, o.nextCheckMs)}</td>
</tr>`;
}

function href(ctx: ViewContext, page: number): string {
  return `${ctx.base}/obligations${page > 1 ? `?page=${page}` : ''}`;
}

function pager(ctx: ViewContext, paging: PageInfo): SafeHtml {
  const { t } = ctx;
  return html`<nav class="pager" aria-label="${t.t('status.pager.label')}">
${paging.hasPrevious ? html`<a class="button" rel="prev" href="${href(ctx, paging.page - 1)}">${t.t('status.pager.newer')}</a>` : ''}
<span class="muted">${t.t('status.pager.page', { page: paging.page, count: paging.pageCount })}</span>
${paging.hasNext ? html`<a class="button" rel="next" href="${href(ctx, paging.page + 1)}">${t.t('status.pager.older')}</a>` : ''}
</nav>`;
}

function table(ctx: ViewContext, data: ObligationsData): SafeHtml {
  const { t } = ctx;
  const c = columns(ctx);
  const { paging } = data;
  if (data.rows.length === 0) {
    return html`<p class="card muted">${t.t('status.deals.past_end')} <a href="${href(ctx, 1)}">${t.t('status.deals.first_page')}</a></p>`;
  }
  const first = paging.offset + 1;
  const last = paging.offset + data.rows.length;
  return html`<section class="card table-card">
<p class="pad muted">${t.t('status.obligations.range', { first, last, total: data.total })}</p>
<table class="cards" data-obligations="${data.total}"><thead><tr><th>${c.deal}</th><th>${c.article}</th><th>${c.blog}</th><th>${c.phase}</th><th>${c.last}</th><th>${c.next}</th></tr></thead><tbody>
${data.rows.map((o) => row(ctx, o))}
</tbody></table></section>
${paging.pageCount > 1 ? pager(ctx, paging) : ''}`;
}

function page(ctx: ViewContext, body: SafeHtml): SafeHtml {
  const title = ctx.t.t('status.obligations.title');
  return layout(ctx, { title, current: 'obligations', body: html`<h1>${title}</h1>${body}` });
}

export function renderObligations(ctx: ViewContext, data: ObligationsData): SafeHtml {
  const { t } = ctx;
  const intro = html`<p class="hint">${t.t('status.obligations.intro', { days: data.settings.days, months: data.settings.afterPayoutMonths })}</p>`;
  const missing =
    data.missing > 0
      ? html`<p class="muted" data-missing="${data.missing}">${t.t('status.obligations.missing', { count: data.missing })}</p>`
      : '';
  if (data.total === 0) {
    return page(
      ctx,
      html`<p class="card" data-obligations-empty="true">${t.t('status.obligations.empty')}</p>${missing}`,
    );
  }
  return page(
    ctx,
    html`${intro}<p data-at-risk="${data.atRisk}">${t.t('status.obligations.summary', { total: data.total, risk: data.atRisk })}</p>
${table(ctx, data)}${missing}`,
  );
}

/** The page when no schedule reader is wired (an embedded status page, no watcher). */
export function renderObligationsOff(ctx: ViewContext): SafeHtml {
  return page(
    ctx,
    html`<p class="card muted" data-obligations-off="true">${ctx.t.t('status.obligations.off')}</p>`,
  );
}

export function renderObligationsUnavailable(ctx: ViewContext, error: string): SafeHtml {
  return page(
    ctx,
    html`<p class="card error-box" role="alert">${ctx.t.t('status.obligations.unavailable', { error })}</p>`,
  );
}
