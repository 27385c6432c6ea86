/**
 * How an offer or a decline-all ended, as the blogger reads it on the status page (the flash after the POST) and in
 * the CLI (`pressbridge offer`, `demands decline`): offered with the deal's id and the reward, a repeat, or the
 * failure's own meaning and fix (src/demands/offer-errors.ts).
 */
import type { OfferOutcome, OfferService } from '../demands/offer.js';
import type { Translator } from './index.js';

export interface OutcomeText {
  ok: boolean;
  text: string;
}

export function offerOutcomeText(t: Translator, outcome: OfferOutcome): OutcomeText {
  switch (outcome.status) {
    case 'offered':
      return {
        ok: true,
        text: t.t('demand.outcome.offered', {
          dealId: outcome.offer.dealId === undefined ? '–' : String(outcome.offer.dealId),
          reward: t.money(outcome.offer.reward),
        }),
      };
    case 'repeat':
      return { ok: true, text: t.t('demand.outcome.repeat') };
    case 'failed':
      return { ok: false, text: t.t('demand.outcome.failed', { reason: t.say(outcome.failure.said) }) };
  }
}

export function declineOutcomeText(
  t: Translator,
  outcome: Awaited<ReturnType<OfferService['declineAll']>>,
): OutcomeText {
  return outcome.ok
    ? { ok: true, text: t.t('demand.decline.done', { count: outcome.declined.length }) }
    : { ok: false, text: t.t('demand.decline.failed', { reason: t.say(outcome.failure.said) }) };
}
