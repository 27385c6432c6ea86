/**
 * The webhook events a poll stands in for, built from what the list and a thread read show, so the handlers
 * the webhook calls (src/app/deal-events.ts) act on them unchanged.
 */
import type { AnyEvent, Deal, DealPost } from '../marketplace/schema.js';

/** `deal.paid` as the document describes it: `deal` with `id`, `blog`, `demand`, `price`, `reward`. */
export function paidEventOf(deal: Deal): AnyEvent {
  return {
    event: 'deal.paid',
    deal: {
      id: deal.id,
      blog: { id: deal.blog.id, ...(deal.blog.name !== undefined ? { name: deal.blog.name } : {}) },
      demand: { id: deal.demand.id, name: deal.demand.name },
      ...(deal.price !== undefined ? { price: deal.price } : {}),
      ...(deal.reward !== undefined ? { reward: deal.reward } : {}),
    },
  };
}

/**
 * The newest post of the thread not written by the blogger (`author` other than `bloger`; an entry without an
 * author counts), as `message.created` / `claim.created`; undefined when there is none.
 */
export function postEventOf(
  dealId: number,
  kind: 'message' | 'claim',
  posts: readonly DealPost[],
): AnyEvent | undefined {
  const post = [...posts].reverse().find((p) => p.author !== 'bloger');
  if (!post) return undefined;
  const entry = {
    text: post.text,
    ...(post.created_at !== undefined ? { created_at: post.created_at } : {}),
  };
  return kind === 'message'
    ? { event: 'message.created', deal_id: dealId, message: entry }
    : { event: 'claim.created', deal_id: dealId, claim: entry };
}
