/**
 * The worker's side of "the marketplace decides that a deal is lost" (src/deals/lost.ts): a text still awaiting
 * the advertiser's approval when the deadline passed, and the end of a deal the marketplace closed.
 */
import { askMarketplaceOnce, DealClosedError, lateDeadline } from '../deals/lost.js';
import type { DealLogger, DealStore } from '../deals/store.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { AGENT_DEADLINE_MINUTES } from '../marketplace/schema.js';

export interface OverdueDeps {
  client: Pick<MarketplaceClient, 'getDeal'>;
  store: Pick<DealStore, 'get' | 'update'>;
  now: () => Date;
}

/**
 * The text still awaits approval and the deadline (or the late window) passed: the marketplace decides.
 * `wait`: it still waits for the article (until 60 minutes after its answer); `missed`: that window passed too.
 * Throws DealClosedError when it moved on, and whatever asking it threw.
 */
export async function overdueWhileWaiting(
  deps: OverdueDeps,
  dealId: number,
  dealLog: DealLogger,
  signal: AbortSignal,
): Promise<{ kind: 'wait'; until: number } | { kind: 'missed'; message: string }> {
  const { verdict, check } = await askMarketplaceOnce({
    client: deps.client,
    store: deps.store,
    dealId,
    log: dealLog,
    now: deps.now,
    signal,
    why: 'the text still awaits the advertiser approval after the deadline',
  });
  if (verdict.kind === 'moved_on') throw new DealClosedError(verdict);
  const until = lateDeadline({ marketplaceCheck: check });
  if (verdict.kind === 'still_wanted' && until !== undefined && deps.now().getTime() < until) {
    await deps.store.update(dealId, { data: { late: { since: check.at } } });
    return { kind: 'wait', until };
  }
  return {
    kind: 'missed',
    message:
      `the text still awaits the advertiser's approval; the marketplace still waited for the article at ${check.at} ` +
      `(${check.state}), and the further ${AGENT_DEADLINE_MINUTES} minutes passed too: giving up. If the deal ` +
      'still takes a URL, "retry" on the status page runs it again',
  };
}

/** The marketplace moved on: the deal ends `closed` with its state and reason; the job completes. */
export async function closeDeal(
  store: Pick<DealStore, 'update'>,
  dealId: number,
  dealLog: DealLogger,
  closed: DealClosedError,
): Promise<{ outcome: 'closed'; marketplaceState: string }> {
  await store.update(dealId, {
    state: 'closed',
    error: closed.message,
    errorCode: closed.code,
    supportCode: null,
    data: { closed: { state: closed.marketplaceState, reason: closed.marketplaceReason } },
  });
  dealLog.warn({ marketplaceState: closed.marketplaceState }, closed.message);
  await dealLog.flush();
  return { outcome: 'closed', marketplaceState: closed.marketplaceState };
}
