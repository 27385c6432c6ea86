/**
 * What the demand views share: a demand's name, reward, length, goal, kind, the verdict's badge and reasons, and
 * what became of it (offered, declined, gone). The advertiser's words are data: every one goes through `html`.
 */
import type { DemandRecord } from '../../demands/store.js';
import {
  expectationText as expectationIn,
  lengthText as lengthIn,
  offerText,
  rewardText as rewardIn,
} from '../../i18n/demand-text.js';
import type { RulesOutcome, RulesVerdict } from '../../rules/verdict.js';
import { html, type SafeHtml } from '../html.js';
import type { ViewContext } from './layout.js';
import { exactTime } from './parts.js';

const VERDICT_TONES: Readonly<Record<RulesOutcome, string>> = {
  fits: 'done',
  ask: 'waiting',
  refuse: 'problem',
};

/** The demand's status page path. */
export function demandPath(ctx: ViewContext, blogId: number, demandId?: number): string {
  return `${ctx.base}/demands/${blogId}${demandId === undefined ? '' : `/${demandId}`}`;
}

export { demandName } from '../../i18n/demand-text.js';

export function rewardText(ctx: ViewContext, reward: number | undefined): string {
  return rewardIn(ctx.t, reward);
}

export function lengthText(ctx: ViewContext, ns: number | undefined): string {
  return lengthIn(ctx.t, ns);
}

export function expectationText(ctx: ViewContext, expectation: string | number | undefined): string {
  return expectationIn(ctx.t, expectation);
}

/** Publication (the advertiser's finished text) or written by the blogger; VIP. */
export function kindTags(ctx: ViewContext, r: Pick<DemandRecord, 'item'>): SafeHtml {
  const { publication, vip } = r.item;
  const kind =
    publication === undefined ? '' : ctx.t.t(publication ? 'demand.kind.publication' : 'demand.kind.writing');
  return html`${kind}${vip ? html` <span class="tag tone-working" data-vip="true">${ctx.t.t('demand.kind.vip')}</span>` : ''}`;
}

/** Fits / ask me / refuse, coloured as the page's states are. */
export function verdictBadge(ctx: ViewContext, verdict: RulesVerdict | undefined): SafeHtml {
  if (!verdict)
    return html`<span class="state tone-neutral" data-verdict="none">${ctx.t.t('demand.verdict.none')}</span>`;
  return html`<span class="state tone-${VERDICT_TONES[verdict.outcome]}" data-verdict="${verdict.outcome}">${ctx.t.t(`verdict.${verdict.outcome}`)}</span>`;
}

/** Every reason of the verdict, each marked ask or refuse. */
export function reasonList(ctx: ViewContext, verdict: RulesVerdict | undefined): SafeHtml {
  if (!verdict || verdict.reasons.length === 0) return html``;
  return html`<ul class="reasons">${verdict.reasons.map(
    (r) => html`<li data-rule="${r.rule}" data-outcome="${r.outcome}">${ctx.t.say(r.said)}</li>`,
  )}</ul>`;
}

/** What became of the demand: offered (when, for how much, by whom, the deal), declined, gone or available. */
export function demandState(ctx: ViewContext, r: DemandRecord): SafeHtml {
  const { offer } = r;
  if (offer) {
    const text = offerText(ctx.t, offer, ctx.timeZone);
    const deal =
      offer.dealId !== undefined
        ? html` · <span data-deal="${offer.dealId}">${ctx.t.t('demand.state.deal', { id: String(offer.dealId) })}</span>`
        : offer.state === 'existing'
          ? html` · ${ctx.t.t('demand.state.existing')}`
          : '';
    const answer = r.answer
      ? html` · <span class="tag ${r.answer.outcome === 'accepted' ? 'tone-done' : 'tone-neutral'}" data-answer="${r.answer.outcome}">${ctx.t.t(`demand.state.answer.${r.answer.outcome}`)}</span>`
      : '';
    return html`<span class="tag sentence tone-working" data-offer="${offer.state}">${text}</span>${deal}${answer}`;
  }
  if (r.declinedAt) {
    const time = ctx.t.dateTime(r.declinedAt, ctx.timeZone);
    return html`<span class="tag sentence tone-neutral" data-declined="true">${ctx.t.t('demand.state.declined', { time })}</span>`;
  }
  if (!r.available) {
    return html`<span class="tag tone-neutral" data-gone="true">${ctx.t.t('demand.state.gone')}</span>${r.goneAt ? html` <span class="muted">${exactTime(ctx, r.goneAt)}</span>` : ''}`;
  }
  return html`<span class="tag tone-done" data-available="true">${ctx.t.t('demand.state.available')}</span>`;
}
