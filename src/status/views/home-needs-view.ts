/**
 * The home page's "all well?" sentence and "what needs you?" list: each item says what happened and carries its
 * action (a form to the existing deal actions, POST /deals/:id/retry, or a link to where the fix is).
 */
import { FINDING_DAYS } from '../../deals/recycled-id.js';
import { dealErrorText } from '../../i18n/deal-error.js';
import type { MessageKey } from '../../i18n/index.js';
import { html, type SafeHtml } from '../html.js';
import { CSRF_FIELD } from '../security.js';
import { type HomeTone, type NeedItem, POST_DAYS } from './home-needs.js';
import type { ViewContext } from './layout.js';
import { ago, blogLabel, code, countdown, dealLink, marketplaceLink, message } from './parts.js';

const TITLES: Readonly<Record<HomeTone, MessageKey>> = {
  ok: 'status.home.ok.title',
  warn: 'status.home.warn.title',
  bad: 'status.home.bad.title',
};

/** "All well?": one plain sentence, green, amber or red. */
export function verdictCard(ctx: ViewContext, tone: HomeTone): SafeHtml {
  const { t } = ctx;
  const text =
    tone === 'ok'
      ? t.t('status.home.ok.text')
      : tone === 'warn'
        ? t.t('status.home.warn.text')
        : t.t('status.home.bad.text');
  return html`<section class="card verdict verdict-${tone}" data-verdict="${tone}" role="status">
<p class="verdict-title">${t.t(TITLES[tone])}</p><p>${text}</p></section>`;
}

function retryForm(ctx: ViewContext, dealId: number): SafeHtml {
  return html`<form method="post" action="${ctx.base}/deals/${dealId}/retry">
<input type="hidden" name="${CSRF_FIELD}" value="${ctx.csrf}">
<button type="submit" class="primary" name="action" value="retry">${ctx.t.t('status.action.retry')}</button>
</form>`;
}

function openDeal(ctx: ViewContext, dealId: number): SafeHtml {
  return html`<a class="button" href="${ctx.base}/deals/${dealId}">${ctx.t.t('status.home.open_deal')}</a>`;
}

function openDemands(ctx: ViewContext, blogId?: number): SafeHtml {
  const path = blogId === undefined ? `${ctx.base}/demands` : `${ctx.base}/demands/${blogId}`;
  return html`<a class="button" href="${path}">${ctx.t.t('status.home.open_demands')}</a>`;
}

function openSystem(ctx: ViewContext, anchor: string): SafeHtml {
  return html`<a class="button" href="${ctx.base}/system#${anchor}">${ctx.t.t('status.home.open_system')}</a>`;
}

interface Shown {
  headline: SafeHtml | string;
  text?: SafeHtml | string | undefined;
  /** Extra detail from the record or a check (data: escaped as text). */
  detail?: string | undefined;
  actions: SafeHtml[];
}

function show(ctx: ViewContext, item: NeedItem): Shown {
  const { t } = ctx;
  switch (item.kind) {
    case 'redis':
      return {
        headline: t.t('status.home.need.redis'),
        text: message(ctx, 'status.redis.hint', { setting: code('redis.url') }),
        actions: [openSystem(ctx, 'redis')],
      };
    case 'intake':
      return {
        headline: message(ctx, `status.home.need.intake_${item.stall.reason}`, {
          since: ago(ctx, new Date(item.stall.since).toISOString()),
          asked: Math.round((item.stall.askedMs ?? 0) / 60_000),
        }),
        text: message(ctx, `status.home.need.intake_${item.stall.reason}_text`, {
          command: code('pressbridge doctor --live'),
          capped: Math.max(1, Math.round((item.stall.cappedMs ?? 0) / 60_000)),
        }),
        detail: item.stall.detail
          ? t.say(item.stall.detailSaid ?? item.stall.detail, item.stall.detail)
          : undefined,
        actions: [openSystem(ctx, 'intake')],
      };
    case 'unreadable':
      return {
        headline: t.t('status.home.need.unreadable', {
          deal:
            item.item.id !== undefined
              ? String(item.item.id)
              : item.item.rawId
                ? `„${item.item.rawId}“`
                : '?',
        }),
        text: message(ctx, 'status.home.need.unreadable_text', { since: ago(ctx, item.item.firstAt) }),
        detail: t.say(item.item.reasonSaid ?? item.item.reason, item.item.reason),
        actions: [],
      };
    case 'unreadable_more':
      return {
        headline: t.t('status.home.need.unreadable_more', { count: item.count }),
        text: t.t('status.home.need.unreadable_more_text'),
        actions: [],
      };
    case 'marketplace_down':
      return {
        headline: t.t('status.home.need.marketplace_down', { minutes: item.minutes }),
        text: message(ctx, 'status.home.need.marketplace_down_text', { command: code('pressbridge doctor') }),
        actions: [openSystem(ctx, 'rate')],
      };
    case 'rate_limited':
      return {
        headline: t.t('status.home.need.rate_limited', { minutes: item.minutes }),
        text: t.t('status.home.need.rate_limited_text'),
        actions: [openSystem(ctx, 'rate')],
      };
    case 'key':
      return {
        headline: t.t('status.home.need.key'),
        text: message(ctx, 'status.home.need.key_text', {
          setting: code('marketplace.apiKey'),
          command: code('pressbridge doctor'),
        }),
        actions: [],
      };
    case 'failed':
    case 'missed':
      return {
        headline: message(ctx, `status.home.need.${item.kind}`, { deal: dealLink(ctx, item.deal.dealId) }),
        text: t.t(`status.home.need.${item.kind}_text`),
        detail: dealErrorText(t, item.deal),
        actions: [retryForm(ctx, item.deal.dealId), openDeal(ctx, item.deal.dealId)],
      };
    case 'approval':
      return {
        headline: message(ctx, 'status.home.need.approval', { deal: dealLink(ctx, item.deal.dealId) }),
        text: t.t('status.home.need.approval_text'),
        actions: [marketplaceLink(ctx, item.deal), openDeal(ctx, item.deal.dealId)],
      };
    case 'held':
      return {
        headline: html`${message(ctx, 'status.home.need.held', { deal: dealLink(ctx, item.deal.dealId) })} ${countdown(ctx, item.deal)}`,
        text: t.t('status.home.need.held_text'),
        actions: [openDeal(ctx, item.deal.dealId)],
      };
    case 'fits':
      return {
        headline: t.t('status.home.need.fits', { blog: blogLabel(ctx, item.blogId), count: item.count }),
        text: t.t('status.home.need.fits_text'),
        actions: [openDemands(ctx, item.blogId)],
      };
    case 'demands_stalled':
      return {
        headline: message(ctx, 'status.home.need.demands_stalled', { since: ago(ctx, item.stall.since) }),
        text: t.t('status.home.need.demands_stalled_text', { detail: item.stall.detail || '–' }),
        actions: [openDemands(ctx)],
      };
    case 'incomplete':
      return {
        headline: message(ctx, 'status.home.need.incomplete', {
          blog: blogLabel(ctx, item.blogId),
          since: ago(ctx, item.since),
        }),
        text: t.t('status.home.need.incomplete_text'),
        actions: [],
      };
    case 'offers':
      return {
        headline: t.t('status.home.need.offers', { count: item.count }),
        text: t.t('status.home.need.offers_text'),
        actions: [openDemands(ctx)],
      };
    case 'claim':
    case 'message':
      return {
        headline: message(ctx, `status.home.need.${item.kind}`, {
          deal: dealLink(ctx, item.post.dealId),
          at: ago(ctx, item.post.at),
        }),
        text: t.t('status.home.need.post_text', { days: POST_DAYS }),
        detail: item.post.line && (t.language === 'cs' ? `„${item.post.line}“` : `“${item.post.line}”`),
        actions: [openDeal(ctx, item.post.dealId)],
      };
    case 'arbitration':
      return {
        headline: message(ctx, 'status.home.need.arbitration', { deal: dealLink(ctx, item.dealId) }),
        text: t.t('status.home.need.arbitration_text'),
        actions: [openDeal(ctx, item.dealId)],
      };
    case 'site':
      return {
        headline: t.t('status.home.need.site', { blog: item.name }),
        text: message(ctx, 'status.home.need.site_text', { command: code('pressbridge doctor') }),
        detail: item.detail,
        actions: [openSystem(ctx, 'blogs')],
      };
    case 'article':
      return {
        headline: message(ctx, `status.home.need.article_${item.problem}`, {
          deal: dealLink(ctx, item.dealId),
        }),
        text: t.t('status.home.need.article_text'),
        detail: t.say(item.detailSaid ?? item.detail, item.detail),
        actions: [openDeal(ctx, item.dealId)],
      };
    case 'dates':
      return {
        headline: t.t('status.home.need.dates'),
        text: t.t('status.home.need.dates_text'),
        detail: t.say(item.finding.said ?? item.finding.message, item.finding.message),
        actions: [openSystem(ctx, 'dates')],
      };
    case 'recycled': {
      // What differs, in the reader's language; a finding stored before its phrase was kept, in its English.
      const english = item.finding.differences.join('; ');
      return {
        headline: message(ctx, 'status.home.need.recycled', { deal: dealLink(ctx, item.finding.dealId) }),
        text: t.t('status.home.need.recycled_text', {
          state: t.stateName(item.finding.state),
          days: FINDING_DAYS,
        }),
        detail: t.say(item.finding.differencesSaid ?? english, english),
        actions: [openDeal(ctx, item.finding.dealId)],
      };
    }
    case 'unknown':
      return { headline: t.t('status.home.need.unknown', { error: item.error }), actions: [] };
  }
}

/** The detail is one or two lines here; the deal's page shows it whole. */
const DETAIL_MAX = 280;

function needRow(ctx: ViewContext, item: NeedItem): SafeHtml {
  const s = show(ctx, item);
  const detail =
    s.detail && s.detail.length > DETAIL_MAX ? `${s.detail.slice(0, DETAIL_MAX - 1)}…` : s.detail;
  return html`<li class="need" data-need="${item.kind}">
<div class="need-text"><strong>${s.headline}</strong>${s.text ? html`<p class="hint">${s.text}</p>` : ''}${
    detail ? html`<p class="detail">${detail}</p>` : ''
  }</div>
${s.actions.length > 0 ? html`<div class="actions">${s.actions}</div>` : ''}
</li>`;
}

/** "What needs you?": the items with their actions, or one line saying nothing does. */
export function needsCard(ctx: ViewContext, items: readonly NeedItem[]): SafeHtml {
  const { t } = ctx;
  return html`<section class="card" data-card="needs"><h2>${t.t('status.home.needs.title')}</h2>${
    items.length === 0
      ? html`<p class="muted">${t.t('status.home.needs.none')}</p>`
      : html`<ul class="needs">${items.map((item) => needRow(ctx, item))}</ul>`
  }</section>`;
}
