import { dealPage, handedInLate } from '../../deals/data.js';
import { isPastDeadlineConcern } from '../../deals/lifecycle.js';
import type { DealRecord } from '../../deals/record.js';
import type { MessageKey } from '../../i18n/index.js';
import { scrubText } from '../../redact.js';
import type { WebhookOutcome } from '../../webhook/receiver.js';
import { deadlineCountdown, formatAgo, stateTone } from '../format.js';
import { escapeHtml, type HtmlValue, html, type SafeHtml, safeHttpUrl, trustedHtml } from '../html.js';
import type { ViewContext } from './layout.js';

/**
 * A catalog message whose placeholders hold markup (a link, `<code>`, a `<time>`): the message's own text is
 * escaped, each value is rendered as `html` renders it (so data stays escaped, numbers are formatted for the
 * language). Plain-text messages use `ctx.t.t()` directly.
 */
export function message(
  ctx: ViewContext,
  key: MessageKey,
  params: Readonly<Record<string, HtmlValue>> = {},
): SafeHtml {
  const template = ctx.t.t(key);
  const parts = template.split(/\{([A-Za-z0-9_]+)\}/);
  return html`${parts.map((part, i) => {
    if (i % 2 === 0) return trustedHtml(escapeHtml(part));
    const value = params[part];
    if (value === undefined) return `{${part}}`;
    return typeof value === 'number' ? ctx.t.number(value) : value;
  })}`;
}

/** `<code>…</code>`, for commands and settings named in a message. */
export function code(text: string): SafeHtml {
  return html`<code>${text}</code>`;
}

/** The state's name in the page's language; the colour (class) follows the raw state. */
export function stateBadge(ctx: ViewContext, state: string): SafeHtml {
  return html`<span class="state tone-${stateTone(state)}" data-state="${state}">${ctx.t.stateName(state)}</span>`;
}

/** How a webhook delivery ended, in the page's language (every `WebhookOutcome` has its label). */
const WEBHOOK_OUTCOMES: Readonly<Record<WebhookOutcome, MessageKey>> = {
  enqueued: 'status.webhook.outcome.enqueued',
  duplicate: 'status.webhook.outcome.duplicate',
  recorded: 'status.webhook.outcome.recorded',
  unauthorized: 'status.webhook.outcome.unauthorized',
  too_large: 'status.webhook.outcome.too_large',
  bad_json: 'status.webhook.outcome.bad_json',
  invalid: 'status.webhook.outcome.invalid',
  unavailable: 'status.webhook.outcome.unavailable',
  not_configured: 'status.webhook.outcome.not_configured',
};

/** A stored webhook outcome as the blogger reads it; an unknown (newer or older) one is shown as it is. */
export function webhookOutcome(ctx: ViewContext, outcome: string): string {
  return Object.hasOwn(WEBHOOK_OUTCOMES, outcome)
    ? ctx.t.t(WEBHOOK_OUTCOMES[outcome as WebhookOutcome])
    : outcome;
}

/** "12 min ago" / "před 12 min", with the exact time as tooltip and machine-readable attribute. */
export function ago(ctx: ViewContext, iso: string | undefined): SafeHtml {
  if (!iso) return html`<span class="muted">–</span>`;
  return html`<time datetime="${iso}" title="${ctx.t.dateTime(iso, ctx.timeZone)}">${formatAgo(iso, ctx.now, ctx.t)}</time>`;
}

/** The date and time in the page's zone and language (to the minute). */
export function exactTime(ctx: ViewContext, iso: string | undefined): SafeHtml {
  if (!iso) return html`<span class="muted">–</span>`;
  return html`<time datetime="${iso}">${ctx.t.dateTime(iso, ctx.timeZone)}</time>`;
}

/** The date and time to the second (log lines, step starts). */
export function preciseTime(ctx: ViewContext, iso: string | undefined): SafeHtml {
  if (!iso) return html`<span class="muted">–</span>`;
  return html`<time datetime="${iso}">${ctx.t.dateTimeSeconds(iso, ctx.timeZone)}</time>`;
}

/** Deadline countdown (ticked by the script); nothing for final states. */
export function countdown(ctx: ViewContext, record: Pick<DealRecord, 'deadline' | 'state'>): SafeHtml {
  const view = deadlineCountdown(record.deadline, record.state, ctx.now, ctx.t);
  if (view.tone === 'none') return html``;
  const due = ctx.t.t('status.countdown.due', { time: ctx.t.dateTime(record.deadline, ctx.timeZone) });
  return html`<span class="countdown ${view.tone}" data-deadline="${record.deadline}" title="${due}">${view.text}</span>`;
}

/**
 * A deal's deadline as the blogger reads it: the time, and while it still matters (not final, or `failed`) the
 * countdown. The deal page and the deals table both print it, so they cannot disagree.
 */
export function deadlineText(ctx: ViewContext, record: Pick<DealRecord, 'deadline' | 'state'>): SafeHtml {
  const time = exactTime(ctx, record.deadline);
  return isPastDeadlineConcern(record.state) ? time : html`${time} · ${countdown(ctx, record)}`;
}

export function blogLabel(ctx: ViewContext, blogId: number | undefined): string {
  if (blogId === undefined) return '–';
  const name = ctx.blogNames.get(blogId);
  return name && name !== String(blogId)
    ? `${name} (${blogId})`
    : ctx.t.t('status.blog', { id: String(blogId) });
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
  const url = dealPage(record.data);
  return safeHttpUrl(url)
    ? externalLink(url, label ?? ctx.t.t('status.open_in', { marketplace: ctx.marketplaceName }))
    : html``;
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
  return handedInLate(r.data);
}

/** The "late" tag, or nothing. */
export function lateTag(ctx: ViewContext, r: Pick<DealRecord, 'data'>): SafeHtml {
  return isLate(r) ? html`<span class="tag late" data-late="true">${ctx.t.t('status.late')}</span>` : html``;
}
