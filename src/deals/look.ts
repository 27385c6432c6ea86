/**
 * The last look's decisions (docs/decisions/0025-the-last-look.md), one home for the pipeline, the status page,
 * the signed links and the expiry:
 *
 * | the record | a decision (approve / refuse, by link, page or no answer) |
 * |---|---|
 * | no `held`, or the decision names another hold's nonce | refused: `not_held` |
 * | `held`, no `lookDecision` | claimed once (HSETNX): `decided`; the job is woken to carry it out |
 * | `held` and `lookDecision` already | `already`, with the first decision: a second tap changes nothing |
 *
 * The decision is data; the deal's job carries it out (src/pipeline/steps/look-step.ts), so approve publishes and
 * hands in exactly once, whoever tapped and however often: one job per deal, and a publisher that reuses its
 * post. A crash between the claim and the wake-up costs nothing: the job wakes at the expiry anyway and finds it.
 */

import { type HeldData, type LookDecision, readDealData } from './data.js';
import type { DealStore } from './record.js';

/** What a held deal nobody answered becomes at the expiry (`blogs[].rules.onNoAnswer`, src/rules/settings.ts). */
export const ON_NO_ANSWER = ['hold', 'publish', 'refuse'] as const;
export type OnNoAnswer = (typeof ON_NO_ANSWER)[number];

/**
 * How long publishing a held deal needs after the blogger's approval, ahead of `publish_deadline`: the text and
 * photos are kept, so it is render, the publisher (photo uploads), the verify loop and the hand-in. Ten minutes
 * is the measured worst case of a slow WordPress with 10 photos (≈ 1 min) with room for retries; the links
 * expire this long before the deadline (`pipeline.look.publishNeedsMs`).
 */
export const PUBLISH_NEEDS_MS = 10 * 60_000;

/** When the links of a hold expire: the deadline less the time publishing needs, never before `heldAtMs`. */
export function lookExpiryMs(
  deadlineMs: number,
  heldAtMs: number,
  publishNeedsMs = PUBLISH_NEEDS_MS,
): number {
  return Math.max(heldAtMs, deadlineMs - publishNeedsMs);
}

/** What `rules.onNoAnswer` decides at the expiry: nothing (`hold`, the default), or approve / refuse. */
export function noAnswerDecision(onNoAnswer: OnNoAnswer | undefined): LookDecision['decision'] | undefined {
  switch (onNoAnswer ?? 'hold') {
    case 'hold':
      return undefined;
    case 'publish':
      return 'approve';
    case 'refuse':
      return 'refuse';
  }
}

export type ClaimOutcome =
  | { kind: 'decided'; decision: LookDecision; held: HeldData }
  | { kind: 'already'; decision: LookDecision }
  | { kind: 'not_held' };

/** Claims the first decision on the deal's current hold (see the table above). */
export async function claimDecision(
  store: Pick<DealStore, 'get' | 'claimData'>,
  dealId: number,
  decision: LookDecision,
): Promise<ClaimOutcome> {
  const record = await store.get(dealId);
  const data = readDealData(record?.data);
  if (data.lookDecision) return { kind: 'already', decision: data.lookDecision };
  const held = data.held;
  if (!record || !held || held.nonce !== decision.nonce) return { kind: 'not_held' };
  const claim = await store.claimData(dealId, 'lookDecision', decision);
  const stored = readDealData({ lookDecision: claim.value }).lookDecision;
  if (claim.claimed) return { kind: 'decided', decision, held };
  return stored ? { kind: 'already', decision: stored } : { kind: 'not_held' };
}
