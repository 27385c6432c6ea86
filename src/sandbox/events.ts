/**
 * Sending the service's events to an account: every registered, valid key of the account gets the body, signed
 * and retried by the dispatcher (deliveries.ts). One home for "who receives what", used by the /v1 routes (an
 * offer's `offer.created`, an acceptance's `deal.accepted`, a message's `message.created`) and by the control
 * API alike. An account without a webhook is skipped and logged: the real service would e-mail instead.
 */
import type { Logger } from '../logger.js';
import type { WireDates } from './dates.js';
import type { DeliveryRecord, WebhookDispatcher } from './deliveries.js';
import { DEFAULT_BLOGGER_ACCOUNT, type DealRecord } from './records.js';
import type { SandboxState } from './state.js';
import { dealAcceptedBody } from './views.js';

/** Any event body; `event` names its kind (deal.paid, message.created, …). */
export type SandboxEvent = { event: string } & Record<string, unknown>;

export interface EventSender {
  /** Resolves after the first attempt of each delivery ([] when the account has no webhook). */
  toAccount(accountId: number, body: SandboxEvent): Promise<DeliveryRecord[]>;
  /** The deal's `deal.accepted` to the blog's owner. */
  dealAccepted(deal: DealRecord): Promise<DeliveryRecord[]>;
  /** The blog owner's account of a deal (the counterparty of its advertiser). */
  bloggerOf(deal: DealRecord): number;
  /** Starts a delivery without waiting for it; a failure is logged. */
  startToAccount(accountId: number, body: SandboxEvent): void;
}

export function createEventSender(deps: {
  state: SandboxState;
  dispatcher: WebhookDispatcher;
  dates: WireDates;
  log: Logger;
}): EventSender {
  const { state, dispatcher, dates, log } = deps;
  const toAccount = async (accountId: number, body: SandboxEvent): Promise<DeliveryRecord[]> => {
    const receivers = state
      .keysOfAccount(accountId)
      .filter((k) => !k.disabled && dispatcher.get(k.key) !== undefined);
    if (receivers.length === 0)
      log.info({ event: body.event, accountId }, 'sandbox event: no webhook registered');
    return await Promise.all(receivers.map((k) => dispatcher.send(k.key, body, { retry: true })));
  };
  const bloggerOf = (deal: DealRecord): number =>
    state.blogs.get(deal.blogId)?.accountId ?? DEFAULT_BLOGGER_ACCOUNT;
  return {
    toAccount,
    bloggerOf,
    dealAccepted: (deal) =>
      toAccount(bloggerOf(deal), { ...dealAcceptedBody(deal, state.blogs.get(deal.blogId), dates) }),
    startToAccount(accountId, body) {
      toAccount(accountId, body).catch((error: unknown) =>
        log.error({ err: error, event: body.event, accountId }, 'sandbox event delivery failed'),
      );
    },
  };
}
