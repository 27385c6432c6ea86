/**
 * `deal.paid` on the deal record: `data.paid = {reward, price, at}` (the shape the daily digest and the Earnings
 * page read) and a line in the deal's log. The handler runs inside the webhook receiver's `onEvent` (awaited
 * before the 200): a store failure throws, the receiver answers 503 and the marketplace delivers again, so it is
 * idempotent: a redelivery finds `data.paid` and changes nothing. A deal.paid for a deal pressbridge has no
 * record of (handed in by hand, or older than the records' retention) is logged and answered 200: there is
 * nothing to attach it to, and the payout overview still counts the money.
 *
 * Money is checked before this runs (src/webhook/events.ts refuses a `deal.paid` whose amounts do not fit
 * src/marketplace/money.ts). Here the event must also name the deal's own blog: a `deal.paid` for another blog
 * than the record's is logged (also on the deal's log) and not recorded. The readers below apply the same bounds
 * to what is stored, so a record written before these checks cannot bring an impossible amount into a sum.
 *
 * Also the money fields the deal starts with: `data.reward` / `data.price` from `deal.accepted`.
 */
import { type Clock, systemClock } from '../clock.js';
import { DEAL_LOG } from '../deals/log-messages.js';
import { createDealLogger } from '../deals/logger.js';
import type { DealStore } from '../deals/record.js';
import type { Logger } from '../logger.js';
import { isDealAmount } from '../marketplace/money.js';
import { type AnyEvent, DealPaidEvent } from '../marketplace/schema.js';

/** `data.paid` of a deal record. */
export interface PaidRecord {
  /** The blogger's reward, Kč (from the event; else the one known since `deal.accepted`). */
  reward: number | null;
  /** The advertiser's price, Kč. */
  price: number | null;
  /** ISO 8601: when pressbridge received the deal.paid (the event carries no time of its own). */
  at: string;
}

const amountOrNull = (value: unknown): number | null => (isDealAmount(value) ? value : null);

/** `data.paid` when it has the expected shape, else undefined. */
export function readPaid(data: Readonly<Record<string, unknown>>): PaidRecord | undefined {
  const paid = data.paid;
  if (typeof paid !== 'object' || paid === null) return undefined;
  const { reward, price, at } = paid as Record<string, unknown>;
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return undefined;
  return { reward: amountOrNull(reward), price: amountOrNull(price), at };
}

/** `data.reward` / `data.price` (Kč) as stored at `deal.accepted`. */
export function readDealMoney(data: Readonly<Record<string, unknown>>): {
  reward: number | null;
  price: number | null;
} {
  return { reward: amountOrNull(data.reward), price: amountOrNull(data.price) };
}

/** The `data` fields a new deal record gets from its `deal.accepted` (absent amounts are left out). */
export function acceptedMoneyData(deal: { reward?: number | undefined; price?: number | undefined }): {
  reward?: number;
  price?: number;
} {
  return {
    ...(deal.reward !== undefined ? { reward: deal.reward } : {}),
    ...(deal.price !== undefined ? { price: deal.price } : {}),
  };
}

export interface DealPaidHandlerOptions {
  store: Pick<DealStore, 'get' | 'update' | 'appendLog'>;
  log: Logger;
  clock?: Clock;
}

/** The `eventHandlers` entry for `deal.paid` (src/main.ts). */
export function createDealPaidHandler(
  options: DealPaidHandlerOptions,
): (event: AnyEvent, dealId: number | undefined) => Promise<void> {
  const { store, log } = options;
  const clock = options.clock ?? systemClock;
  return async (event) => {
    if (event.event !== 'deal.paid') return;
    const parsed = DealPaidEvent.safeParse(event);
    if (!parsed.success) {
      // The receiver refuses these before (events.ts); kept for a caller that passes any event.
      log.warn({ event: event.event }, 'deal.paid not readable; nothing recorded on a deal');
      return;
    }
    const { deal } = parsed.data;
    const record = await store.get(deal.id);
    if (!record) {
      log.info(
        { dealId: deal.id, reward: deal.reward ?? null },
        'deal.paid for a deal pressbridge has no record of; nothing to attach it to (the payout overview counts it)',
      );
      return;
    }
    const namedBlog = deal.blog?.id;
    if (namedBlog !== undefined && namedBlog !== record.blogId) {
      const dealLog = createDealLogger(store, log, deal.id, record.blogId);
      dealLog.warn(
        { eventBlogId: namedBlog, blogId: record.blogId, reward: deal.reward ?? null },
        DEAL_LOG.paid_other_blog,
      );
      await dealLog.flush();
      return;
    }
    const already = readPaid(record.data);
    if (already) {
      log.info({ dealId: deal.id, paidAt: already.at }, 'deal.paid delivered again; already recorded');
      return;
    }
    const known = readDealMoney(record.data);
    const paid: PaidRecord = {
      reward: deal.reward ?? known.reward,
      price: deal.price ?? known.price,
      at: clock.now().toISOString(),
    };
    await store.update(deal.id, { data: { paid } });
    const dealLog = createDealLogger(store, log, deal.id, record.blogId);
    dealLog.info({ reward: paid.reward, price: paid.price }, DEAL_LOG.paid);
    await dealLog.flush();
  };
}
