/**
 * The deal page's claims (issue 22, item 5): the advertiser's claim posts as the recorded `claim.created` events
 * hold them (webhook or poll intake), shown before the evidence with the advice to attach the bundle. The text
 * is the advertiser's: escaped, shown whole.
 */
import type { EventRecord } from '../../deals/record.js';
import { html, type SafeHtml } from '../html.js';
import { downloadButton } from './evidence-card.js';
import type { ViewContext } from './layout.js';
import { message, preciseTime } from './parts.js';

export interface DealClaim {
  text: string;
  /** The marketplace's own time of the post, as sent. */
  createdAt?: string | undefined;
  /** ISO 8601: when the event came. */
  receivedAt: string;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** The claim posts among the recorded events (newest first, as read), a redelivery of one post counted once. */
export function dealClaims(events: readonly EventRecord[]): DealClaim[] {
  const seen = new Set<string>();
  const claims: DealClaim[] = [];
  for (const e of events) {
    if (e.event !== 'claim.created') continue;
    // A body larger than the store keeps is its first bytes, as a string: shown as it is.
    const post = typeof e.body === 'string' ? { text: e.body } : field(e.body, 'claim');
    const text = field(post, 'text');
    const created = field(post, 'created_at');
    const claim: DealClaim = {
      text: typeof text === 'string' ? text : '',
      receivedAt: e.receivedAt,
      ...(typeof created === 'string' ? { createdAt: created } : {}),
    };
    const key = `${claim.createdAt ?? ''}\u0000${claim.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    claims.push(claim);
  }
  return claims;
}

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
