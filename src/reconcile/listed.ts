/**
 * A deal as the marketplace's list shows it, turned into what pressbridge stores and queues.
 */

import { acceptedFromDeal } from '../deals/accepted.js';
import type { MarketplaceCheck } from '../deals/data.js';
import { deadlineFrom } from '../deals/lifecycle.js';
import { servicesOf } from '../deals/services.js';
import {
  type Deal,
  formatServiceDateTime,
  parseServiceDateTime,
  SERVICE_TIME_ZONE,
} from '../marketplace/schema.js';
import type { DealJobPayload } from '../queue/jobs.js';

/**
 * The job payload for a deal found in the list. The list has no `publish_deadline`: `changed_at` + 60 minutes
 * (for an accepted deal `changed_at` is the acceptance or later, so this is never earlier than the real one).
 */
export function payloadFromListedDeal(
  deal: Deal,
  now: Date,
  timeZone: string = SERVICE_TIME_ZONE,
): DealJobPayload {
  const changed = deal.changed_at ? parseServiceDateTime(deal.changed_at, timeZone) : undefined;
  const deadline = deadlineFrom(changed ?? now);
  return {
    dealId: deal.id,
    blogId: deal.blog.id,
    event: { ...acceptedFromDeal(deal), publish_deadline: formatServiceDateTime(deadline, timeZone) },
    receivedAt: now.toISOString(),
    source: 'reconcile',
    deadlineAt: deadline.toISOString(),
  };
}

/** What the list tells about a deal, in the record's fields: its page, services and state as of now. */
export function listedDealData(deal: Deal, at: Date): Record<string, unknown> {
  const services = servicesOf(deal);
  const check: MarketplaceCheck = {
    at: at.toISOString(),
    state: deal.state,
    articleUrl: deal.article_url,
    reason: deal.reason ?? null,
    via: 'list',
  };
  return {
    marketplaceCheck: check,
    ...(deal.web_url ? { webUrl: deal.web_url } : {}),
    ...(services.length > 0 ? { services } : {}),
  };
}
