/**
 * A demand as the blogger reads it, alike on the status page (src/status/views/demand-parts.ts) and in the CLI
 * (src/commands/demands.ts): its reward, length, goal, what became of it, and how an offer or a decline-all ended
 * (offered with the deal's id and the reward, a repeat, or the failure's own meaning and fix,
 * src/demands/offer-errors.ts).
 */
import type { OfferOutcome, OfferService } from '../demands/offer.js';
import type { DemandRecord, OfferBy } from '../demands/store.js';
import { expectationCode } from '../marketplace/schema.js';
import type { MessageKey, Translator } from './index.js';

const BY: Readonly<Record<OfferBy, MessageKey>> = {
  page: 'demand.by.page',
  cli: 'demand.by.cli',
  auto: 'demand.by.auto',
};

/** The advertiser's name of the demand, else its number. */
export function demandName(r: Pick<DemandRecord, 'item' | 'demandId'>): string {
  return r.item.name ?? `#${r.demandId}`;
}

export function rewardText(t: Translator, reward: number | undefined): string {
  return reward === undefined ? t.t('demand.unknown') : t.money(reward);
}

export function lengthText(t: Translator, ns: number | undefined): string {
  return ns === undefined ? t.t('demand.unknown') : t.t('demand.length', { ns });
}

/** The advertiser's goal named by its code in the language; words of their own are given as written. */
export function expectationText(t: Translator, expectation: string | number | undefined): string {
  if (expectation === undefined || expectation === '') return t.t('demand.unknown');
  const code = expectationCode(expectation);
  return code === undefined ? String(expectation) : t.t(`verdict.expectation.${code}`);
}

/** The offer made on the demand: when, for how much, by whom. */
export function offerText(
  t: Translator,
  offer: NonNullable<DemandRecord['offer']>,
  timeZone?: string,
): string {
  return t.t('demand.state.offered', {
    time: t.dateTime(offer.at, timeZone),
    reward: t.money(offer.reward),
    by: t.t(BY[offer.by]),
  });
}

/** What became of the demand, in one phrase: offered, declined, gone or available. */
export function demandStateText(t: Translator, r: DemandRecord, timeZone?: string): string {
  if (r.offer) {
    const deal =
      r.offer.dealId !== undefined
        ? t.t('demand.state.deal', { id: String(r.offer.dealId) })
        : r.offer.state === 'existing'
          ? t.t('demand.state.existing')
          : undefined;
    return deal === undefined
      ? offerText(t, r.offer, timeZone)
      : `${offerText(t, r.offer, timeZone)} · ${deal}`;
  }
  if (r.declinedAt) return t.t('demand.state.declined', { time: t.dateTime(r.declinedAt, timeZone) });
  return t.t(r.available ? 'demand.state.available' : 'demand.state.gone');
}

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
