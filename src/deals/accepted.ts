/** The deal as the marketplace hands it to pressbridge: what `deal.accepted` carries, whichever way it came. */
import type { z } from 'zod';
import { type Deal, DealAcceptedEvent } from '../marketplace/schema.js';
import type { DealSource } from './record.js';

/** The deal as `deal.accepted` carries it; reconcile/manual build it by parsing `GET /v1/deals/{id}` with it. */
export const AcceptedDeal = DealAcceptedEvent.shape.deal;
export type AcceptedDeal = z.infer<typeof AcceptedDeal>;

/** The `deal.accepted` payload rebuilt from `GET /v1/deals/{id}` (which has no deadline: 60 min from now). */
export function acceptedFromDeal(deal: Deal): AcceptedDeal {
  const parsed = AcceptedDeal.safeParse({
    id: deal.id,
    blog: deal.blog,
    demand: deal.demand,
    price: deal.price,
    reward: deal.reward,
    services: deal.services,
  });
  if (!parsed.success) throw new Error(`deal ${deal.id}: cannot build the job from the marketplace's answer`);
  return parsed.data;
}

/**
 * A deal to run, as the queue's job carries it (src/queue/jobs.ts `DealJobPayload` is its wire schema) and the
 * pipeline reads it: the pipeline depends on this, not on the queue.
 */
export interface DealRunPayload {
  dealId: number;
  blogId: number;
  event: AcceptedDeal;
  /** ISO 8601: when pressbridge first heard of the deal. */
  receivedAt: string;
  source: DealSource;
  /** ISO 8601: the deadline as read when the deal came in (absent in jobs of older versions). */
  deadlineAt?: string | undefined;
}
