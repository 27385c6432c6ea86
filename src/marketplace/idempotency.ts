/**
 * `Idempotency-Key` values (API: 8 to 100 characters, kept 7 days). Operations that must never run twice for a
 * deal use a key derived from the deal alone, so a retry after a lost answer, from any process or job attempt,
 * is answered from the marketplace's store instead of being executed again.
 */
import { randomUUID } from 'node:crypto';

export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 100;

/** `article`: the hand-in; `refusal`: the message telling the advertiser why a held deal was refused. */
export type DealOperation = 'article' | 'refusal';

/** Stable for the deal and operation, e.g. `pressbridge-deal-42-article`. */
export function dealIdempotencyKey(dealId: number, operation: DealOperation): string {
  return checked(`pressbridge-deal-${dealId}-${operation}`);
}

/** A fresh key for one call (account-level writes such as webhook management): stable only across the
 * client's own repeat of that call. */
export function freshIdempotencyKey(operation: string): string {
  return checked(`pressbridge-${operation}-${randomUUID()}`);
}

function checked(key: string): string {
  if (key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX) {
    throw new RangeError(`Idempotency-Key must be ${IDEMPOTENCY_KEY_MIN}-${IDEMPOTENCY_KEY_MAX} characters`);
  }
  return key;
}

/**
 * An offer: stable for the blog, the demand and the reward asked, so a repeat after a lost answer (from the page,
 * the CLI or the automatic offer) is answered from the marketplace's store; a different reward is a new offer
 * (which the marketplace refuses with 409 `nabidka_existuje`).
 */
export function offerIdempotencyKey(blogId: number, demandId: number, reward: number | undefined): string {
  return checked(`pressbridge-offer-${blogId}-${demandId}-${reward ?? 'base'}`);
}
