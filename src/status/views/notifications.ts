import {
  type ChannelResult,
  type DeliveryStatus,
  type NotificationRecord,
  resultReason,
} from '../../notify/record.js';
import { html, type SafeHtml } from '../html.js';
import { layout, type ViewContext } from './layout.js';
import { dealLink } from './parts.js';

export interface NotificationsData {
  /** False: no channel is configured (the page says how to set one up). */
  configured: boolean;
  /** The newest first; an error text when they could not be read. */
  records: { ok: true; value: readonly NotificationRecord[] } | { ok: false; error: string };
  limit: number;
}

const TONES: Readonly<Record<DeliveryStatus, string>> = {
  pending: 'tone-working',
  sent: 'tone-done',
  failed: 'tone-problem',
  held: 'tone-waiting',
  suppressed: 'tone-neutral',
};

function statusText(ctx: ViewContext, status: DeliveryStatus): string {
  switch (status) {
    case 'pending':
      return ctx.t.t('notify.page.status_pending');
    case 'sent':
      return ctx.t.t('notify.page.status_sent');
    case 'failed':
      return ctx.t.t('notify.page.status_failed');
    case 'held':
      return ctx.t.t('notify.page.status_held');
    case 'suppressed':
      return ctx.t.t('notify.page.status_suppressed');
  }
}

function channelResult(ctx: ViewContext, name: string, result: ChannelResult): SafeHtml {
  const tone = TONES[result.status] ?? 'tone-neutral';
  const details = [
    resultReason(ctx.t, result) ?? '',
    result.attempts && result.attempts > 1 ? ctx.t.t('notify.page.attempts', { count: result.attempts }) : '',
  ].filter((d) => d !== '');
  return html`<li data-channel="${name}" data-status="${result.status}"><strong>${name}</strong> <span class="tag ${tone}">${statusText(ctx, result.status)}</span>${
    details.length > 0 ? html` <span class="muted">${details.join(' · ')}</span>` : ''
  }</li>`;
}

function row(ctx: ViewContext, record: NotificationRecord): SafeHtml {
  const channels = Object.entries(record.channels).sort(([a], [b]) => a.localeCompare(b));
  return html`<tr class="notification" data-id="${record.id}">
<td data-label="${ctx.t.t('notify.page.col_time')}" class="nowrap"><time datetime="${record.createdAt}">${ctx.t.dateTime(record.createdAt, ctx.timeZone)}</time></td>
<td data-label="${ctx.t.t('notify.page.col_topic')}" class="nowrap"><code>${record.topic}</code>${
    record.urgent ? html` <span class="tag tone-problem">${ctx.t.t('notify.page.urgent')}</span>` : ''
  }${record.kind === 'resolved' ? html` <span class="tag tone-done">${ctx.t.t('notify.page.resolved')}</span>` : ''}</td>
<td data-label="${ctx.t.t('notify.page.col_message')}" class="wide">${record.title}${
    record.dealId !== undefined ? html` · ${dealLink(ctx, record.dealId)}` : ''
  }</td>
<td data-label="${ctx.t.t('notify.page.col_delivery')}" class="wide"><ul class="plain">${channels.map(
    ([name, result]) => channelResult(ctx, name, result),
  )}</ul></td>
</tr>`;
}

/** The recent notifications with each channel's delivery result. Pure. */
export function renderNotifications(ctx: ViewContext, data: NotificationsData): SafeHtml {
  const { t } = ctx.t;
  let content: SafeHtml;
  if (!data.configured) content = html`<p class="pad">${t('notify.page.not_configured')}</p>`;
  else if (!data.records.ok)
    content = html`<p class="pad">${t('notify.page.unavailable', { error: data.records.error })}</p>`;
  else if (data.records.value.length === 0)
    content = html`<p class="pad muted">${t('notify.page.empty')}</p>`;
  else
    content = html`<table class="cards notifications"><thead><tr><th>${t('notify.page.col_time')}</th><th>${t(
      'notify.page.col_topic',
    )}</th><th>${t('notify.page.col_message')}</th><th>${t('notify.page.col_delivery')}</th></tr></thead><tbody>
${data.records.value.map((r) => row(ctx, r))}
</tbody></table>`;
  const body = html`<h1>${t('notify.page.title')}</h1>
<p class="hint">${t('notify.page.intro', { limit: data.limit })}</p>
<div class="card table-card">${content}</div>`;
  return layout(ctx, { title: t('notify.page.title'), current: 'notifications', body });
}
