/**
 * The last look's decision on a held deal (src/deals/look.ts, docs/decisions/0025-the-last-look.md), as the
 * operator's `decideHeld` action (./actions.ts) runs it: the first decision on the hold's nonce is claimed once,
 * then the deal's job is woken to carry it out.
 */
import type { Clock } from '../clock.js';
import { readDealData } from '../deals/data.js';
import { claimDecision } from '../deals/look.js';
import type { LookAction } from '../deals/look-token.js';
import type { DealRecord, DealStore } from '../deals/record.js';
import type { Translator } from '../i18n/index.js';
import type { Said } from './said.js';

export interface DecideHeldDeps {
  store: DealStore;
  clock: Clock;
  /** The reader's language, for the first decision's words in "decided already". */
  t: Translator;
  /** Wakes (or queues again) the deal's job: the actions' one re-run. */
  rerun(record: DealRecord): Promise<Said>;
}

/** Claims `decision` on the hold `nonce` (default: the current hold) and wakes the held deal's job. */
export async function decideHeld(
  deps: DecideHeldDeps,
  dealId: number,
  decision: LookAction,
  by: 'link' | 'page',
  nonce?: string,
): Promise<Said> {
  const { store, clock, t } = deps;
  const held = readDealData((await store.get(dealId))?.data).held;
  const at = clock.now().toISOString();
  const mine = { decision, by, at, nonce: nonce ?? held?.nonce ?? '' };
  const claim = await claimDecision(store, dealId, mine);
  const params = { dealId: String(dealId) };
  if (claim.kind === 'not_held') return { ok: false, key: 'look.not_held', params };
  const record = await store.get(dealId);
  // Woken also when the decision was there already: a crash between a claim and its wake-up is made up
  // for by the next tap (the job wakes at the expiry in any case).
  if (record?.state === 'held') await deps.rerun(record);
  if (claim.kind === 'decided') return { ok: true, key: `look.done.${decision}`, params };
  const first = claim.decision;
  return {
    ok: false,
    key: 'look.already',
    params: {
      ...params,
      decision: t.t(`look.decision.${first.decision}`),
      by: t.t(`look.by.${first.by}`),
      at: first.at,
    },
  };
}
