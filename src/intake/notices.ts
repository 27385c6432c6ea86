/**
 * What the poll intake notices in one listed deal, compared with what it saw of the deal before. Pure: the
 * poller (./poller.ts) acts on the answer through the handlers the webhook events call.
 *
 * | the list shows | seen before | notice | the poller |
 * |---|---|---|---|
 * | `akceptovano` | anything | `accepted` | the shared settle (src/reconcile/settle.ts): queued once, by the producer's dedupe |
 * | `proplaceno` | another state, or never | `paid` | a `deal.paid` to the event handlers (idempotent: `data.paid`) |
 * | `zruseno` | another state, or never | `cancelled` | the marketplace's answer stored; the run ends `closed` through the verdict |
 * | `unread_messages` above the count seen | a count | `message` | one read of the thread, then `message.created` |
 * | `claim.count` above the count seen | a count | `claim` | one read of the thread, then `claim.created` |
 *
 * A deal never seen before counts from zero messages and claims once the poll has a history (`known`); the
 * installation's very first poll takes the counts it finds as they are, so old threads raise nothing.
 */
import type { Deal } from '../marketplace/schema.js';

/** What the poll saw of a deal last time. */
export interface Seen {
  state: string;
  unread: number;
  claims: number;
}

export type Notice = 'accepted' | 'paid' | 'cancelled' | 'message' | 'claim';

export function seenOf(deal: Deal): Seen {
  return { state: deal.state, unread: deal.unread_messages ?? 0, claims: deal.claim?.count ?? 0 };
}

/** `known`: the poll ran before (a cursor exists), so a deal it never saw is new to it. */
export function noticesFor(deal: Deal, before: Seen | undefined, known: boolean): Notice[] {
  const now = seenOf(deal);
  const notices: Notice[] = [];
  if (now.state === 'akceptovano') notices.push('accepted');
  if (now.state === 'proplaceno' && before?.state !== 'proplaceno') notices.push('paid');
  if (now.state === 'zruseno' && before?.state !== 'zruseno') notices.push('cancelled');
  const base = before ?? (known ? { unread: 0, claims: 0 } : now);
  if (now.unread > base.unread) notices.push('message');
  if (now.claims > base.claims) notices.push('claim');
  return notices;
}
