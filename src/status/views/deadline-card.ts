import type { DeadlineFinding } from '../../deals/deadline-offset.js';
import { html, type SafeHtml } from '../html.js';
import type { Sourced } from '../types.js';
import type { ViewContext } from './layout.js';
import { ago, dealLink } from './parts.js';

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
  return html`<section class="card error-box" data-deadline-offset="${f.offsetMinutes}"><h2>Marketplace date-times</h2>
<p>${f.message}</p>
<dl class="kv">
<dt>deal</dt><dd>${dealLink(ctx, f.dealId)} (${ago(ctx, f.at)})</dd>
<dt>publish_deadline</dt><dd><code>${f.raw ?? '–'}</code> read in <code>${f.timeZone}</code></dd>
</dl>
<p class="hint">Deals are not dropped for this: when pressbridge's reading of a deadline passes, it asks the marketplace whether the deal still waits, and publishes late if so. <code>pressbridge doctor</code> shows the same line.</p></section>`;
}
