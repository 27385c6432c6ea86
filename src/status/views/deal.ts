import { isPastDeadlineConcern } from '../../deals/lifecycle.js';
import { serviceLines, storedServices } from '../../deals/services.js';
import type { DealRecord, DealStep, EventRecord, LogEntry } from '../../deals/store.js';
import { formatDuration } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import { CSRF_FIELD } from '../security.js';
import { articleCheckCard } from './article-check.js';
import { dealMoneyRows } from './earnings.js';
import { layout, type ViewContext } from './layout.js';
import {
  ago,
  blogLabel,
  countdown,
  exactTime,
  externalLink,
  fieldList,
  isLate,
  lateTag,
  levelBadge,
  marketplaceLink,
  stateBadge,
} from './parts.js';

export interface DealData {
  record: DealRecord;
  log: LogEntry[];
  events: EventRecord[];
}

/** The operator's buttons: path segment, label, and what it does. */
export const DEAL_ACTIONS = [
  { path: 'retry', label: 'Retry now', hint: 'Runs the deal again at once (a waiting attempt starts now).' },
  {
    path: 'hand-in-again',
    label: 'Hand in again',
    hint: 'Checks the published URL and hands it to the marketplace again.',
  },
  {
    path: 'mark-handled',
    label: 'Mark as handled',
    hint: 'You dealt with it by hand; pressbridge leaves it alone.',
  },
] as const;

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

function timelineCard(ctx: ViewContext, record: DealRecord): SafeHtml {
  const items = timeline(record);
  if (items.length === 0) {
    return html`<section class="card"><h2>Timeline</h2><p class="muted">No step has finished yet.</p></section>`;
  }
  const longest = Math.max(1, ...items.map((i) => i.step.ms));
  const total = items.reduce((sum, i) => sum + (Number.isFinite(i.step.ms) ? i.step.ms : 0), 0);
  return html`<section class="card"><h2>Timeline</h2><ol class="timeline">
${items.map((i) => {
  // Widths in 5 % steps as classes: the CSP allows no inline style attributes.
  const width = Math.max(1, Math.ceil((Math.max(0, i.step.ms) / longest) * 20)) * 5;
  return html`<li data-step="${i.name}">
<span><strong>${i.name}</strong> · ${i.step.outcome} <span class="muted">${i.offsetMs !== undefined ? `at +${formatDuration(Math.max(0, i.offsetMs))}` : ''} (${exactTime(ctx, i.step.startedAt)})</span></span>
<span class="num">${formatDuration(i.step.ms)}</span>
<span class="bar"><span class="w${width}"></span></span>
</li>`;
})}
</ol><p class="hint">Time spent in steps: ${formatDuration(total)}.</p></section>`;
}

function summaryCard(ctx: ViewContext, r: DealRecord): SafeHtml {
  return html`<section class="card"><dl class="kv">
<dt>state</dt><dd>${stateBadge(r.state)}</dd>
<dt>blog</dt><dd>${blogLabel(ctx, r.blogId)}</dd>
<dt>accepted</dt><dd>${exactTime(ctx, r.receivedAt)} (${ago(ctx, r.receivedAt)})</dd>
<dt>deadline</dt><dd>${exactTime(ctx, r.deadline)}${isPastDeadlineConcern(r.state) ? '' : html` · ${countdown(ctx, r)}`}${isLate(r) ? html` ${lateTag(r)} <span class="muted">(the marketplace still waited after this deadline)</span>` : ''}</dd>
<dt>published</dt><dd>${r.url ? externalLink(r.url) : html`<span class="muted">not yet</span>`}${r.postRef ? html` <span class="muted">(${r.postRef})</span>` : ''}</dd>
<dt>${ctx.marketplaceName}</dt><dd>${marketplaceLink(ctx, r)}</dd>
${dealMoneyRows(ctx, r)}
<dt>attempts</dt><dd>${r.attempts}</dd>
<dt>source</dt><dd>${r.source ?? '–'}</dd>
<dt>updated</dt><dd>${ago(ctx, r.updatedAt)}</dd>
</dl></section>`;
}

function servicesCard(r: DealRecord): SafeHtml {
  const services = storedServices(r.data);
  if (services.length === 0) return html``;
  const webUrl = typeof r.data.webUrl === 'string' ? r.data.webUrl : undefined;
  return html`<section class="card" data-services="${services.length}"><h2>Extra services: your hand needed</h2>
<ul>${serviceLines(services, webUrl).map((line) => html`<li>${line}</li>`)}</ul>
<p class="hint">pressbridge hands in the article URL only; the marketplace's <code>extra_urls</code> for these services are yours to hand in on the deal's page.</p></section>`;
}

function errorCard(r: DealRecord): SafeHtml {
  if (!r.error && !r.errorCode && !r.supportCode) return html``;
  if (r.state === 'closed') {
    return html`<section class="card" data-closed="true"><h2>Closed by the marketplace</h2><p>${r.error ?? ''}</p></section>`;
  }
  return html`<section class="card error-box" role="alert"><h2>Error</h2>
<p>${r.error ?? ''}${r.errorCode ? html` <code>${r.errorCode}</code>` : ''}</p>
${
  r.supportCode
    ? html`<p>Marketplace support code: <strong><code class="support-code">${r.supportCode}</code></strong> <span class="hint">(quote it when you contact the marketplace's support)</span></p>`
    : ''
}
</section>`;
}

function actionsCard(ctx: ViewContext, r: DealRecord): SafeHtml {
  return html`<section class="card"><h2>Actions</h2><div class="actions">
${DEAL_ACTIONS.map(
  (a) => html`<form method="post" action="${ctx.base}/deals/${r.dealId}/${a.path}">
<input type="hidden" name="${CSRF_FIELD}" value="${ctx.csrf}">
<button type="submit" name="action" value="${a.path}"${a.path === 'retry' ? html` class="primary"` : ''} title="${a.hint}">${a.label}</button>
</form>`,
)}
</div><p class="hint">${DEAL_ACTIONS.map((a) => html`<strong>${a.label}</strong>: ${a.hint} `)}</p></section>`;
}

function logCard(ctx: ViewContext, log: LogEntry[]): SafeHtml {
  return html`<section class="card table-card"><h2 class="pad">Log</h2>${
    log.length === 0
      ? html`<p class="pad muted">No log lines for this deal.</p>`
      : html`<table class="cards log"><thead><tr><th>Time</th><th>Level</th><th>Message</th></tr></thead><tbody>
${log.map(
  (e) => html`<tr class="log-line">
<td data-label="Time" class="nowrap">${exactTime(ctx, e.time)}</td>
<td data-label="Level" class="nowrap">${levelBadge(e.level)}</td>
<td data-label="Message" class="wide">${e.msg}${fieldList(e.fields)}</td>
</tr>`,
)}
</tbody></table>`
  }</section>`;
}

function eventsCard(ctx: ViewContext, events: EventRecord[]): SafeHtml {
  return html`<section class="card"><h2>Webhook events</h2>${
    events.length === 0
      ? html`<p class="muted">No webhook named this deal (it may have come from a reconcile or a replay).</p>`
      : events.map(
          (
            e,
          ) => html`<details class="event"><summary><code>${e.event}</code> · ${e.outcome} · ${exactTime(ctx, e.receivedAt)}${e.truncated ? ' · truncated' : ''}</summary>
<pre>${typeof e.body === 'string' ? e.body : JSON.stringify(e.body, null, 2)}</pre></details>`,
        )
  }</section>`;
}

export function renderDeal(ctx: ViewContext, data: DealData): SafeHtml {
  const r = data.record;
  const body = html`<h1>Deal #${r.dealId}${r.title ? html` · ${r.title}` : ''}</h1>
${errorCard(r)}
${summaryCard(ctx, r)}
${servicesCard(r)}
${articleCheckCard(ctx, r)}
${actionsCard(ctx, r)}
${timelineCard(ctx, r)}
${logCard(ctx, data.log)}
${eventsCard(ctx, data.events)}`;
  return layout(ctx, { title: `Deal ${r.dealId}`, current: 'deals', body });
}
