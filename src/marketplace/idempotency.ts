/**
 * `Idempotency-Key` values (API: 8 to 100 characters, kept 7 days). Operations that must never run twice for a
 * deal use a key derived from the deal alone, so a retry after a lost answer, from any process or job attempt,
 * is answered from the marketplace's store instead of being executed again.
 */
import { randomUUID } from 'node:crypto';

export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 100;

export type DealOperation = 'article';

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
