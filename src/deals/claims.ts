/**
 * The advertiser's claim posts of a deal, read from its recorded webhook events (`claim.created`, from the
 * webhook or the poll intake): the one reading the deal page's claim card and the evidence bundle share.
 */
import type { EventRecord } from './record.js';

export interface DealClaim {
  /** The advertiser's words, as sent (hostile: escape wherever shown). */
  text: string;
  /** The marketplace's own time of the post, as sent. */
  createdAt?: string;
  /** ISO 8601: when the event came. */
  receivedAt: string;
  /** The event's body was larger than the store keeps: `text` is its first bytes. */
  truncated: boolean;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** The claim posts among the events, oldest first; a redelivery of one post counted once. */
export function dealClaims(events: readonly EventRecord[]): DealClaim[] {
  const seen = new Set<string>();
  const claims: DealClaim[] = [];
  for (const event of events) {
    if (event.event !== 'claim.created') continue;
    // A body larger than the store keeps is its first bytes, as a string: shown as it is, marked.
    const truncated = typeof event.body === 'string' || event.truncated === true;
    const post = typeof event.body === 'string' ? { text: event.body } : field(event.body, 'claim');
    const text = field(post, 'text');
    if (typeof text !== 'string') continue;
    const created = field(post, 'created_at');
    const claim: DealClaim = {
      text,
      receivedAt: event.receivedAt,
      truncated,
      ...(typeof created === 'string' ? { createdAt: created } : {}),
    };
    const key = `${claim.createdAt ?? ''}\u0000${claim.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    claims.push(claim);
  }
  return claims.sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : 0));
}
