import { dealClaims } from '../../deals/claims.js';
import { readDealData } from '../../deals/data.js';
import type { DealRecord, DealSource, DealStep, EventRecord, LogEntry } from '../../deals/record.js';
import { storedServices } from '../../deals/services.js';
import type { DealEvidence } from '../../evidence/types.js';
import { dealErrorText } from '../../i18n/deal-error.js';
import { stepName as stepNameIn, stepOutcome as stepOutcomeIn } from '../../i18n/deal-steps.js';
import type { MessageKey } from '../../i18n/index.js';
import { logEntryText, logFieldsText } from '../../i18n/log-entry.js';
import { formatDuration } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import { CSRF_FIELD } from '../security.js';
import type { Sourced } from '../types.js';
import { articleCheckCard } from './article-check.js';
import { claimsCard } from './claims-card.js';
import { dealMoneyRows } from './earnings.js';
import { evidenceCard } from './evidence-card.js';
import { heldCard } from './held-card.js';
import { layout, type ViewContext } from './layout.js';
import {
  ago,
  blogLabel,
  code,
  deadlineText,
  exactTime,
  externalLink,
  fieldList,
  isLate,
  lateTag,
  levelBadge,
  marketplaceLink,
  message,
  preciseTime,
  stateBadge,
  webhookOutcome,
} from './parts.js';

export interface DealData {
  record: DealRecord;
  log: LogEntry[];
  events: EventRecord[];
  /** The deal's evidence on disk (absent: no evidence store wired). */
  evidence?: Sourced<DealEvidence | undefined> | undefined;
  /** A bundler is wired: the evidence can be downloaded. */
  downloadable?: boolean | undefined;
  /** The marketplace reports an open claim. */
  openClaim?: boolean | undefined;
  /** The blog's `rules.onNoAnswer` (default `hold`), said on a held deal's card. */
  onNoAnswer?: string | undefined;
}

/** The operator's buttons: path segment, label, and what it does (catalog keys). */
export const DEAL_ACTIONS = [
  { path: 'retry', label: 'status.action.retry', hint: 'status.action.retry_hint' },
  { path: 'hand-in-again', label: 'status.action.hand_in_again', hint: 'status.action.hand_in_again_hint' },
  { path: 'mark-handled', label: 'status.action.mark_handled', hint: 'status.action.mark_handled_hint' },
] as const satisfies ReadonlyArray<{ path: string; label: MessageKey; hint: MessageKey }>;

export type DealActionPath = (typeof DEAL_ACTIONS)[number]['path'];

export interface TimelineItem {
  name: string;
  step: DealStep;
  /** Milliseconds from the deal's arrival to the step's start; undefined when a time is unreadable. */
  offsetMs: number | undefined;
}

/** The recorded steps in the order they started. */
export function timeline(record: Pick<DealRecord, 'steps' | 'receivedAt'>): TimelineItem[] {
  const received = Date.parse(record.receivedAt);
  return Object.entries(record.steps)
    .map(([name, step]) => {
      const started = Date.parse(step.startedAt);
      const offsetMs = Number.isNaN(started) || Number.isNaN(received) ? undefined : started - received;
      return { name, step, offsetMs };
    })
    .sort((a, b) => (Date.parse(a.step.startedAt) || 0) - (Date.parse(b.step.startedAt) || 0));
}

/** How the deal reached pressbridge. */
const DEAL_SOURCES: Readonly<Record<DealSource, MessageKey>> = {
  webhook: 'status.source.webhook',
  poll: 'status.source.poll',
  reconcile: 'status.source.reconcile',
  manual: 'status.source.manual',
};

function sourceName(ctx: ViewContext, source: string | undefined): string {
  if (!source) return '–';
  const key = DEAL_SOURCES[source as DealSource];
  return key ? ctx.t.t(key) : source;
}

function stepName(ctx: ViewContext, name: string): string {
  return stepNameIn(ctx.t, name);
}

/** A step's outcome in the page's language (src/i18n/deal-steps.ts). */
export function stepOutcome(ctx: ViewContext, outcome: string): string {
  return stepOutcomeIn(ctx.t, outcome);
}

function timelineCard(ctx: ViewContext, record: DealRecord): SafeHtml {
  const items = timeline(record);
  const title = html`<h2>${ctx.t.t('status.timeline.title')}</h2>`;
  if (items.length === 0) {
    return html`<section class="card">${title}<p class="muted">${ctx.t.t('status.timeline.none')}</p></section>`;
  }
  const duration = (ms: number): string => formatDuration(ms, ctx.t.language);
  const longest = Math.max(1, ...items.map((i) => i.step.ms));
  const total = items.reduce((sum, i) => sum + (Number.isFinite(i.step.ms) ? i.step.ms : 0), 0);
  return html`<section class="card">${title}<ol class="timeline">
${items.map((i) => {
  // Widths in 5 % steps as classes: the CSP allows no inline style attributes.
  const width = Math.max(1, Math.ceil((Math.max(0, i.step.ms) / longest) * 20)) * 5;
  return html`<li data-step="${i.name}">
<span><strong>${stepName(ctx, i.name)}</strong> · ${stepOutcome(ctx, i.step.outcome)} <span class="muted">${i.offsetMs !== undefined ? ctx.t.t('status.timeline.at', { offset: duration(Math.max(0, i.offsetMs)) }) : ''} (${preciseTime(ctx, i.step.startedAt)})</span></span>
<span class="num">${duration(i.step.ms)}</span>
<span class="bar"><span class="w${width}"></span></span>
</li>`;
})}
</ol><p class="hint">${ctx.t.t('status.timeline.total', { total: duration(total) })}</p></section>`;
}

function summaryCard(ctx: ViewContext, r: DealRecord): SafeHtml {
  const { t } = ctx;
  return html`<section class="card"><dl class="kv">
<dt>${t.t('status.deal.state')}</dt><dd>${stateBadge(ctx, r.state)}</dd>
<dt>${t.t('status.deal.blog')}</dt><dd>${blogLabel(ctx, r.blogId)}</dd>
<dt>${t.t('status.deal.accepted')}</dt><dd>${exactTime(ctx, r.receivedAt)} (${ago(ctx, r.receivedAt)})</dd>
<dt>${t.t('status.deal.deadline')}</dt><dd>${deadlineText(ctx, r)}${isLate(r) ? html` ${lateTag(ctx, r)} <span class="muted">${t.t('status.deal.still_waited')}</span>` : ''}</dd>
<dt>${t.t('status.deal.published')}</dt><dd>${r.url ? externalLink(r.url) : html`<span class="muted">${t.t('status.deal.not_yet')}</span>`}${r.postRef ? html` <span class="muted">(${r.postRef})</span>` : ''}</dd>
<dt>${ctx.marketplaceName}</dt><dd>${marketplaceLink(ctx, r)}</dd>
${dealMoneyRows(ctx, r)}
<dt>${t.t('status.deal.attempts')}</dt><dd>${t.number(r.attempts)}</dd>
<dt>${t.t('status.deal.source')}</dt><dd>${sourceName(ctx, r.source)}</dd>
<dt>${t.t('status.deal.updated')}</dt><dd>${ago(ctx, r.updatedAt)}</dd>
</dl></section>`;
}

function servicesCard(ctx: ViewContext, r: DealRecord): SafeHtml {
  const services = storedServices(r.data);
  if (services.length === 0) return html``;
  const { webUrl } = readDealData(r.data);
  const where = webUrl
    ? message(ctx, 'status.services.at', { url: externalLink(webUrl) })
    : ctx.t.t('status.services.on_page');
  return html`<section class="card" data-services="${services.length}"><h2>${ctx.t.t('status.services.title')}</h2>
<ul>${services.map((s) => {
    const service = s.name
      ? ctx.t.t('status.services.named', { id: String(s.id), name: s.name })
      : ctx.t.t('status.services.service', { id: String(s.id) });
    const key = s.needsUrls === false ? 'status.services.perform' : 'status.services.urls';
    return html`<li>${message(ctx, key, { service, where })}</li>`;
  })}</ul>
<p class="hint">${message(ctx, 'status.services.hint', { field: code('extra_urls') })}</p></section>`;
}

function errorCard(ctx: ViewContext, r: DealRecord): SafeHtml {
  if (!r.error && !r.errorCode && !r.supportCode) return html``;
  if (r.state === 'closed') {
    return html`<section class="card" data-closed="true"><h2>${ctx.t.t('status.deal.closed')}</h2><p>${dealErrorText(ctx.t, r)}</p></section>`;
  }
  return html`<section class="card error-box" role="alert"><h2>${ctx.t.t('status.deal.error')}</h2>
<p>${dealErrorText(ctx.t, r)}${r.errorCode ? html` <code>${r.errorCode}</code>` : ''}</p>
${
  r.supportCode
    ? html`<p>${message(ctx, 'status.deal.support_code', { code: html`<strong><code class="support-code">${r.supportCode}</code></strong>` })} <span class="hint">${ctx.t.t('status.deal.support_hint')}</span></p>`
    : ''
}
</section>`;
}

function actionsCard(ctx: ViewContext, r: DealRecord): SafeHtml {
  const { t } = ctx;
  return html`<section class="card"><h2>${t.t('status.action.title')}</h2><div class="actions">
${DEAL_ACTIONS.map(
  (a) => html`<form method="post" action="${ctx.base}/deals/${r.dealId}/${a.path}">
<input type="hidden" name="${CSRF_FIELD}" value="${ctx.csrf}">
<button type="submit" name="action" value="${a.path}"${a.path === 'retry' ? html` class="primary"` : ''} title="${t.t(a.hint)}">${t.t(a.label)}</button>
</form>`,
)}
</div><p class="hint">${DEAL_ACTIONS.map((a) => html`<strong>${t.t(a.label)}</strong>: ${t.t(a.hint)} `)}</p></section>`;
}

function logCard(ctx: ViewContext, log: LogEntry[]): SafeHtml {
  const [time, level, text] = [
    ctx.t.t('status.col.time'),
    ctx.t.t('status.col.level'),
    ctx.t.t('status.col.message'),
  ];
  return html`<section class="card table-card"><h2 class="pad">${ctx.t.t('status.deal.log')}</h2>${
    log.length === 0
      ? html`<p class="pad muted">${ctx.t.t('status.deal.no_log')}</p>`
      : html`<table class="cards log"><thead><tr><th>${time}</th><th>${level}</th><th>${text}</th></tr></thead><tbody>
${log.map(
  (e) => html`<tr class="log-line">
<td data-label="${time}" class="nowrap">${preciseTime(ctx, e.time)}</td>
<td data-label="${level}" class="nowrap">${levelBadge(e.level)}</td>
<td data-label="${text}" class="wide">${logEntryText(ctx.t, e)}${fieldList(logFieldsText(ctx.t, e))}</td>
</tr>`,
)}
</tbody></table>`
  }</section>`;
}

function eventsCard(ctx: ViewContext, events: EventRecord[]): SafeHtml {
  return html`<section class="card"><h2>${ctx.t.t('status.deal.events')}</h2>${
    events.length === 0
      ? html`<p class="muted">${ctx.t.t('status.deal.no_events')}</p>`
      : events.map(
          (
            e,
          ) => html`<details class="event"><summary><code>${e.event}</code> · ${webhookOutcome(ctx, e.outcome)} · ${preciseTime(ctx, e.receivedAt)}${e.truncated ? ` · ${ctx.t.t('status.deal.truncated')}` : ''}</summary>
<pre>${typeof e.body === 'string' ? e.body : JSON.stringify(e.body, null, 2)}</pre></details>`,
        )
  }</section>`;
}

export function renderDeal(ctx: ViewContext, data: DealData): SafeHtml {
  const r = data.record;
  const id = String(r.dealId);
  const body = html`<h1>${ctx.t.t('status.deal.heading', { id })}${r.title ? html` · ${r.title}` : ''}</h1>
${errorCard(ctx, r)}
${heldCard(ctx, r.dealId, r.state, r.data, data.onNoAnswer ?? 'hold')}
${summaryCard(ctx, r)}
${servicesCard(ctx, r)}
${articleCheckCard(ctx, r)}
${claimsCard(ctx, r.dealId, {
  claims: dealClaims(data.events),
  open: data.openClaim === true,
  hasEvidence: data.evidence !== undefined && (!data.evidence.ok || data.evidence.value !== undefined),
  downloadable: data.downloadable === true,
})}
${evidenceCard(ctx, r.dealId, data.evidence, data.downloadable === true)}
${actionsCard(ctx, r)}
${timelineCard(ctx, r)}
${logCard(ctx, data.log)}
${eventsCard(ctx, data.events)}`;
  return layout(ctx, { title: ctx.t.t('status.deal.title', { id }), current: 'deals', body });
}
