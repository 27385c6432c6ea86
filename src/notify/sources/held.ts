/**
 * The last look's notification (docs/decisions/0025-the-last-look.md), from the deal store's transitions
 * (./deal-states.ts calls it for every change of a deal that has a hold):
 *
 * | the change | notifies |
 * |---|---|
 * | `data.held` written with state `held` | raises `deal_held` (urgent): the reasons, the expiry, both signed links |
 * | the hold decided (`lookDecision`) or the state left `held` | resolves it ("decided") |
 * | the hold lapsed (`lookLapsed`, onNoAnswer: hold) | resolves it in words of its own (`lapsed`: nobody decided) |
 *
 * The links are signed here (src/deals/look-token.ts) with the installation's look key, for the hold's nonce and
 * expiry: the job and the status page never pass a token around.
 */
import { readDealData } from '../../deals/data.js';
import { type LookAction, signLookToken } from '../../deals/look-token.js';
import type { DealChanged, DealRecord } from '../../deals/record.js';
import type { Notifier, NotifyEvent, ResolvedHow } from '../types.js';

/** The facts a deal's notification carries about it (./deal-states.ts `dealRef`). */
type DealFacts = Pick<Extract<NotifyEvent, { topic: 'deal_held' }>, 'dealId' | 'blogId' | 'title' | 'webUrl'>;

/**
 * How a cleared hold ended, for the follow-up's words: `lapsed` when the hold ran out with nobody deciding
 * (onNoAnswer: hold, the deal still held), else undefined (decided: approved, refused, by the rule; or moved on).
 */
export function heldResolvedHow(
  record: Pick<DealRecord, 'state' | 'data'> | undefined,
): ResolvedHow | undefined {
  if (record?.state !== 'held') return undefined;
  const data = readDealData(record.data);
  return data.lookLapsed !== undefined && data.lookDecision === undefined ? 'lapsed' : undefined;
}

/** Whether the deal no longer waits for the blogger's look (or never did). */
export function heldCleared(record: Pick<DealRecord, 'state' | 'data'> | undefined): boolean {
  if (record?.state !== 'held') return true;
  const data = readDealData(record.data);
  return !data.held || data.lookDecision !== undefined || data.lookLapsed !== undefined;
}

export async function observeHeld(
  { dealId, patch, record }: DealChanged,
  notifier: Notifier,
  key: Buffer | undefined,
  facts: DealFacts,
): Promise<void> {
  const data = readDealData(record.data);
  const held = data.held;
  if (!held) return;
  if (heldCleared(record)) {
    await notifier.resolve(`deal_held:${dealId}`, heldResolvedHow(record));
    return;
  }
  // Raised once per hold: when the hold is written (a later write of the held deal changes nothing).
  if (patch.data?.held === undefined || patch.data.held === null || !key) return;
  const expiresMs = Date.parse(held.expiresAt);
  const token = (action: LookAction) => signLookToken(key, { dealId, action, expiresMs, nonce: held.nonce });
  await notifier.raise({
    topic: 'deal_held',
    reasons: held.reasons.map((r) => r.said),
    expiresAt: held.expiresAt,
    onNoAnswer: held.onNoAnswer ?? 'hold',
    approveToken: token('approve'),
    refuseToken: token('refuse'),
    ...facts,
  });
}
