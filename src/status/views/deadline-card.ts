import type { DeadlineFinding } from '../../deals/deadline-offset.js';
import { html, type SafeHtml } from '../html.js';
import type { Sourced } from '../types.js';
import type { ViewContext } from './layout.js';
import { ago, code, dealLink, message } from './parts.js';

/**
 * The overview card shown while the last first-delivered deal's `publish_deadline` read implausibly (see
 * src/marketplace/deadline.ts): how far off, and the fix. Nothing to show when the readings agree.
 */
export function deadlineCard(
  ctx: ViewContext,
  finding: Sourced<DeadlineFinding | undefined> | undefined,
): SafeHtml {
  if (!finding?.ok || !finding.value) return html``;
  const f = finding.value;
  return html`<section class="card error-box" data-deadline-offset="${f.offsetMinutes}"><h2>${ctx.t.t('status.deadline.title')}</h2>
<p>${ctx.t.say(f.said ?? f.message, f.message)}</p>
<dl class="kv">
<dt>${ctx.t.t('status.webhook.deal')}</dt><dd>${dealLink(ctx, f.dealId)} (${ago(ctx, f.at)})</dd>
<dt>publish_deadline</dt><dd>${message(ctx, 'status.deadline.read', { raw: code(f.raw ?? '–'), zone: code(f.timeZone) })}</dd>
</dl>
<p class="hint">${message(ctx, 'status.deadline.hint', { command: code('pressbridge doctor') })}</p></section>`;
}
