/**
 * The one handler of the marketplace's events other than `deal.accepted` (`deal.paid` on the deal, a claim's or
 * message's notification), whatever brought them in: the webhook receiver (./http.ts) or the poll intake
 * (src/intake/poller.ts). Each handler is idempotent, so the same event by both intakes acts once.
 */
import type { DealEventHandler, DealStore } from '../deals/record.js';
import type { DemandIntake } from '../demands/intake.js';
import type { Logger } from '../logger.js';
import { createDealPaidHandler } from '../money/paid.js';
import type { Notifications } from '../notify/index.js';

export function createDealEventHandler(input: {
  store: DealStore;
  log: Logger;
  notifications: Pick<Notifications, 'onEvent'>;
  /** `demand.created` to the demand intake (src/demands/intake.ts), when demands are read. */
  demands?: Pick<DemandIntake, 'onEvent'> | undefined;
}): DealEventHandler {
  // The webhook's writer for both intakes: `data.paid` has one owner (src/deals/data.ts).
  const store = input.store.as('webhook');
  const handlers: DealEventHandler[] = [
    createDealPaidHandler({ store, log: input.log }),
    input.notifications.onEvent,
  ];
  const { demands } = input;
  if (demands) handlers.push(async (event) => demands.onEvent(event));
  return async (event, dealId) => {
    for (const handle of handlers) await handle(event, dealId);
  };
}
