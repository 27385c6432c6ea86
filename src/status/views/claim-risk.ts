/**
 * The Earnings page's "at risk of a claim": paid money whose article fails its check while the advertiser may
 * still claim (src/watch/obligations.ts `claimRisk`), told apart from the money awaiting payout.
 */
import type { ClaimRisk } from '../../watch/obligations.js';
import { html, type SafeHtml } from '../html.js';
import type { Sourced } from '../types.js';
import type { ViewContext } from './layout.js';
import { dateAt } from './obligations.js';
import { blogLabel, dealLink } from './parts.js';

/** The stat card beside "awaiting payout"; nothing when the read failed (the table says why). */
export function claimRiskCard(ctx: ViewContext, risk: Sourced<ClaimRisk> | undefined): SafeHtml {
  if (!risk?.ok) return html``;
  const { amount, count } = risk.value;
  return html`<section class="card${count > 0 ? ' error-box' : ''}" data-money="at-risk"><h2>${ctx.t.t('status.claim_risk.title')}</h2>
<p><span class="big" data-amount="${amount}">${ctx.t.money(amount)}</span></p>
<p class="muted" data-count="${count}">${ctx.t.t('money.deal_count', { count })}</p></section>`;
}

/** The paid deals at risk, with links to their deal pages; nothing when there are none. */
export function claimRiskTable(ctx: ViewContext, risk: Sourced<ClaimRisk> | undefined): SafeHtml {
  if (!risk) return html``;
  const t = ctx.t.t;
  if (!risk.ok) {
    return html`<p class="card error-box" role="alert" data-money-deals="at-risk">${t('status.obligations.unavailable', { error: risk.error })}</p>`;
  }
  if (risk.value.deals.length === 0) return html``;
  const c = {
    deal: t('money.col.deal'),
    blog: t('money.col.blog'),
    article: t('money.col.article'),
    problem: t('status.claim_risk.col.problem'),
    reward: t('money.col.reward'),
    until: t('status.claim_risk.col.until'),
  };
  return html`<section class="card table-card" data-money-deals="at-risk"><h2 class="pad">${t('status.claim_risk.deals')}</h2>
<p class="pad hint">${t('status.claim_risk.hint')}</p>
<table class="cards"><thead><tr><th>${c.deal}</th><th>${c.blog}</th><th>${c.article}</th><th>${c.problem}</th><th>${c.reward}</th><th>${c.until}</th></tr></thead><tbody>
${risk.value.deals.map(
  (d) => html`<tr data-deal="${d.dealId}">
<td data-label="${c.deal}" class="nowrap">${dealLink(ctx, d.dealId)}</td>
<td data-label="${c.blog}">${blogLabel(ctx, d.record.blogId)}</td>
<td data-label="${c.article}" class="wide">${d.record.title ?? ''}</td>
<td data-label="${c.problem}" data-problem="${d.problem}">${t(`status.obligations.outcome.${d.problem}`)}</td>
<td data-label="${c.reward}" class="nowrap num">${d.reward === null ? html`<span class="muted">${t('money.unknown')}</span>` : ctx.t.money(d.reward)}</td>
<td data-label="${c.until}" class="nowrap">${dateAt(ctx, d.untilMs)}</td>
</tr>`,
)}
</tbody></table></section>`;
}
