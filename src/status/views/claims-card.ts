/**
 * The deal page's claims (issue 22, item 5): the advertiser's claim posts as the recorded `claim.created` events
 * hold them (webhook or poll intake), shown before the evidence with the advice to attach the bundle. The text
 * is the advertiser's: escaped, shown whole.
 */
import type { DealClaim } from '../../deals/claims.js';
import { html, type SafeHtml } from '../html.js';
import { downloadButton } from './evidence-card.js';
import type { ViewContext } from './layout.js';
import { message, preciseTime } from './parts.js';

/**
 * The claims card, when there are claims: each post's text, when it came, and the line telling the blogger to
 * attach the bundle, with its download (`hasEvidence` and `downloadable`) or the note that there is none.
 */
export function claimsCard(
  ctx: ViewContext,
  dealId: number,
  facts: {
    claims: readonly DealClaim[];
    /** The marketplace reports an open claim (shown when no recorded post says more). */
    open: boolean;
    hasEvidence: boolean;
    downloadable: boolean;
  },
): SafeHtml {
  const { claims, hasEvidence, downloadable } = facts;
  if (claims.length === 0 && !facts.open) return html``;
  const t = ctx.t.t;
  return html`<section class="card error-box" data-claims="${claims.length}"><h2>${t('status.claims.title')}</h2>
${claims.length === 0 ? html`<p data-claim-open="true">${t('status.claims.open')}</p>` : ''}
${claims.map(
  (
    c,
  ) => html`<div class="claim"><pre data-claim-text="true">${c.text === '' ? t('status.claims.no_text') : c.text}</pre>
<p class="muted">${message(ctx, 'status.claims.received', { time: preciseTime(ctx, c.receivedAt) })}${c.createdAt ? html` · ${t('status.claims.created', { time: c.createdAt })}` : ''}</p></div>`,
)}
${
  hasEvidence
    ? html`<p><strong>${t('status.claims.attach')}</strong></p>${downloadable ? html`<p>${downloadButton(ctx, dealId)}</p>` : ''}`
    : html`<p>${t('status.claims.no_evidence')}</p>`
}</section>`;
}
