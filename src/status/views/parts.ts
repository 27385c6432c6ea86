import type { DealRecord } from '../../deals/store.js';
import { deadlineCountdown, formatAgo, formatTime, stateLabel, stateTone } from '../format.js';
import { html, type SafeHtml, safeHttpUrl } from '../html.js';
import { scrubText } from '../redact.js';
import type { ViewContext } from './layout.js';

export function stateBadge(state: string): SafeHtml {
  return html`<span class="state tone-${stateTone(state)}">${stateLabel(state)}</span>`;
}

/** "12 min ago", with the exact time as tooltip and machine-readable attribute. */
export function ago(ctx: ViewContext, iso: string | undefined): SafeHtml {
  if (!iso) return html`<span class="muted">–</span>`;
  return html`<time datetime="${iso}" title="${formatTime(iso, ctx.timeZone)}">${formatAgo(iso, ctx.now)}</time>`;
}

/** The exact time in the page's zone. */
export function exactTime(ctx: ViewContext, iso: string | undefined): SafeHtml {
  if (!iso) return html`<span class="muted">–</span>`;
  return html`<time datetime="${iso}">${formatTime(iso, ctx.timeZone)}</time>`;
}

/** Deadline countdown (ticked by the script); nothing for final states. */
export function countdown(ctx: ViewContext, record: Pick<DealRecord, 'deadline' | 'state'>): SafeHtml {
  const view = deadlineCountdown(record.deadline, record.state, ctx.now);
  if (view.tone === 'none') return html``;
  return html`<span class="countdown ${view.tone}" data-deadline="${record.deadline}" title="due ${formatTime(record.deadline, ctx.timeZone)}">${view.text}</span>`;
}

export function blogLabel(ctx: ViewContext, blogId: number | undefined): string {
  if (blogId === undefined) return '–';
  const name = ctx.blogNames.get(blogId);
  return name && name !== String(blogId) ? `${name} (${blogId})` : `blog ${blogId}`;
}

export function dealLink(ctx: ViewContext, dealId: number | undefined): SafeHtml {
  if (dealId === undefined) return html`<span class="muted">–</span>`;
  return html`<a href="${ctx.base}/deals/${dealId}">#${dealId}</a>`;
}

/** A link out of the page: only http(s), opened without Referer or opener. */
export function externalLink(url: unknown, label?: string): SafeHtml {
  const href = safeHttpUrl(url);
  if (!href) return html``;
  return html`<a href="${href}" rel="noreferrer noopener" target="_blank" title="${scrubText(href)}">${label ?? scrubText(href)}</a>`;
}

/** The deal's page in the marketplace's web app, when the pipeline stored it (`data.webUrl`). */
export function marketplaceLink(
  ctx: ViewContext,
  record: Pick<DealRecord, 'data'>,
  label?: string,
): SafeHtml {
  const url = record.data.webUrl ?? record.data.web_url;
  return safeHttpUrl(url) ? externalLink(url, label ?? `open in ${ctx.marketplaceName}`) : html``;
}

/** `host/path` of a URL, cut to `max` characters, for tables; undefined when it is no http(s) URL. */
export function shortUrl(value: unknown, max = 48): string | undefined {
  const href = safeHttpUrl(value);
  if (!href) return undefined;
  const url = new URL(href);
  const text = scrubText(`${url.host}${url.pathname}`.replace(/\/$/, ''));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const json = JSON.stringify(value);
  return json === undefined ? String(value) : json;
}

/** Structured log fields as `key=value` chips; `fields` must already be scrubbed. */
export function fieldList(fields: Record<string, unknown> | undefined): SafeHtml {
  const entries = Object.entries(fields ?? {});
  if (entries.length === 0) return html``;
  return html`<div class="fields">${entries.map(
    ([key, value]) => html`<span>${key}=<code>${fieldValue(value).slice(0, 1000)}</code></span>`,
  )}</div>`;
}

/** A log level chip. */
export function levelBadge(level: string): SafeHtml {
  return html`<span class="level level-${level}">${level}</span>`;
}

/** Handed in (or being worked on) after pressbridge's reading of the deadline, because the marketplace still waited. */
export function isLate(r: Pick<DealRecord, 'data'>): boolean {
  const handIn = r.data.handIn as { late?: unknown } | undefined;
  return handIn?.late === true || (r.data.late !== undefined && r.data.late !== null);
}

/** The "late" tag, or nothing. */
export function lateTag(r: Pick<DealRecord, 'data'>): SafeHtml {
  return isLate(r) ? html`<span class="tag late" data-late="true">late</span>` : html``;
}
