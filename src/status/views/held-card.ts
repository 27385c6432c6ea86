/**
 * The last look on the deal page and behind the signed links (docs/decisions/0025-the-last-look.md): why the deal
 * is held, until when the links hold, the two buttons while it waits, and the decision after. The reasons hold
 * the advertiser's words (a link, a word): printed through `html`, so they stay text.
 */
import { type HeldData, type LookDecision, readDealData } from '../../deals/data.js';
import type { LookAction } from '../../deals/look-token.js';
import type { Translator } from '../../i18n/index.js';
import { html, type SafeHtml } from '../html.js';
import { CSRF_FIELD } from '../security.js';
import { layout, type ViewContext } from './layout.js';

export const LOOK_ACTIONS = ['approve', 'refuse'] as const satisfies readonly LookAction[];

function reasonsList(t: Translator, held: HeldData): SafeHtml {
  return html`<h3>${t.t('look.reasons')}</h3><ul class="look-reasons">${held.reasons.map(
    (r) => html`<li>${t.say(r.said)}</li>`,
  )}</ul>`;
}

export function decisionLine(t: Translator, decision: LookDecision): string {
  return t.t('look.decided', {
    decision: t.t(`look.decision.${decision.decision}`),
    by: t.t(`look.by.${decision.by}`),
    at: decision.at,
  });
}

/** The card on the deal page: nothing for a deal never held. */
export function heldCard(
  ctx: ViewContext,
  dealId: number,
  state: string,
  data: Record<string, unknown>,
  onNoAnswer: string,
): SafeHtml | '' {
  const { held, lookDecision } = readDealData(data);
  if (!held) return '';
  const { t } = ctx;
  const waiting = state === 'held' && !lookDecision;
  const choice = t.t(
    `look.choice.${onNoAnswer === 'publish' || onNoAnswer === 'refuse' ? onNoAnswer : 'hold'}`,
  );
  const buttons =
    waiting && ctx.csrf
      ? html`<div class="actions">${LOOK_ACTIONS.map(
          (a) => html`<form method="post" action="${ctx.base}/deals/${dealId}/${a}">
<input type="hidden" name="${CSRF_FIELD}" value="${ctx.csrf}">
<button type="submit"${a === 'approve' ? html` class="primary"` : ''}>${t.t(`look.button.${a}`)}</button>
</form>`,
        )}</div>`
      : '';
  return html`<section class="card look"><h2>${t.t('look.title', { dealId: String(dealId) })}</h2>
<p>${t.t('look.held_text', { draft: held.draftRef })}</p>
${reasonsList(t, held)}
${waiting ? html`<p class="hint">${t.t('look.expires', { at: held.expiresAt, choice })}</p>` : ''}
${lookDecision ? html`<p><strong>${decisionLine(t, lookDecision)}</strong></p>` : ''}
${buttons}</section>`;
}

/**
 * The page a signed link opens (GET): what the tap would do and one button that does it (POST). A GET changes
 * nothing: chat apps fetch links to preview them.
 */
export function renderLookConfirm(
  ctx: ViewContext,
  input: { dealId: number; action: LookAction; held: HeldData | undefined; postTo: string },
): SafeHtml {
  const { t } = ctx;
  const title = t.t('look.title', { dealId: String(input.dealId) });
  const body = html`<h1>${title}</h1><section class="card">
<p>${t.t(`look.confirm.${input.action}`, { dealId: String(input.dealId) })}</p>
${input.held ? reasonsList(t, input.held) : ''}
<form method="post" action="${input.postTo}"><button type="submit"${
    input.action === 'approve' ? html` class="primary"` : ''
  }>${t.t(`look.button.${input.action}`)}</button></form></section>`;
  return layout(ctx, { title, current: 'none', body });
}

/** The answer of a link's POST, or of a link that decides nothing (expired, not ours). */
export function renderLookMessage(ctx: ViewContext, title: string, message: string): SafeHtml {
  const body = html`<h1>${title}</h1><section class="card"><p>${message}</p></section>`;
  return layout(ctx, { title, current: 'none', body });
}
