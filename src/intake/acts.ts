/**
 * What the poll does for each notice (./notices.ts decides which), through the same code as the webhook path: an
 * accepted deal is queued by the settle reconciliation uses (the producer's dedupe and job id `deal-<id>`), a paid
 * one, a new message or claim post go to the one event handler as the `deal.paid`, `message.created` or
 * `claim.created` the webhook would have brought, and a deal pressbridge runs that the marketplace cancelled gets
 * the marketplace's answer.
 */
import { isFinal } from '../deals/lifecycle.js';
import { createDealLogger } from '../deals/logger.js';
import type { DealEventHandler } from '../deals/record.js';
import { errorMessage, MarketplaceError } from '../errors.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type { Deal } from '../marketplace/schema.js';
import { dealJobId } from '../queue/jobs.js';
import { listedDealData } from '../reconcile/listed.js';
import { createSettler, type SettlerOptions } from '../reconcile/settle.js';
import { paidEventOf, postEventOf } from './events.js';
import type { Notice } from './notices.js';
import type { PollResult, PollState } from './poll-state.js';

export interface PollActs {
  /** Acts on one notice of a deal; `signal` stops its requests and, once fired, its effects. */
  act(deal: Deal, notice: Notice, result: PollResult, signal: AbortSignal): Promise<void>;
  /**
   * A cancellation matters only to a deal pressbridge still runs: deals seen accepted whose record is final (or
   * absent) leave the set, so a deal the marketplace keeps `akceptovano` (published by the blogger, failed here)
   * does not keep the second listing going.
   */
  anyAcceptedRunning(): Promise<boolean>;
}

export function createPollActs(
  options: Omit<SettlerOptions, 'quietMs' | 'source'> & {
    client: Pick<MarketplaceClient, 'getDealThread'>;
    state: PollState;
    onEvent: DealEventHandler;
  },
): PollActs {
  const { client, producer, store, state, log, clock } = options;
  const settle = createSettler({ ...options, quietMs: 0, source: 'poll' });

  /** A thread read, then the event the webhook would have brought. */
  async function announcePost(
    deal: Deal,
    kind: 'message' | 'claim',
    result: PollResult,
    signal: AbortSignal,
  ) {
    result.requests += 1;
    let thread: Awaited<ReturnType<typeof client.getDealThread>>;
    try {
      thread = await client.getDealThread(deal.id, kind === 'message' ? 'messages' : 'claims', {
        priority: 'normal',
        signal,
      });
    } catch (error) {
      // A refusal (409 obchod_uzavren: the deal closed meanwhile) would refuse every later poll too: noted and
      // passed; a retryable failure keeps the cursor and is read again next poll.
      if (!(error instanceof MarketplaceError) || error.retryable) throw error;
      log.warn(
        { dealId: deal.id, kind, err: errorMessage(error) },
        'poll: the thread could not be read; not notified',
      );
      return;
    }
    const event = postEventOf(deal.id, kind, thread.data);
    if (!event) return;
    // The read may have outlasted the poll's lease: the next holder notifies then, not this poll as well.
    signal.throwIfAborted();
    await options.onEvent(event, deal.id);
    (kind === 'message' ? result.messages : result.claims).push(deal.id);
  }

  /** The marketplace cancelled a deal pressbridge runs: its answer stored, a waiting job brought forward. */
  async function cancelled(deal: Deal, result: PollResult): Promise<void> {
    const record = await store.get(deal.id);
    if (!record || isFinal(record.state)) return;
    // The pipeline's next request meets 409 spatny_stav and the verdict (src/deals/verdict.ts) ends it `closed`:
    // the one home of that rule. A job waiting for its approval retry runs now instead of later.
    await store.update(deal.id, { data: listedDealData(deal, clock.now()) });
    const job = await producer.queue.getJob(dealJobId(deal.id));
    if (job && (await job.isDelayed())) await job.promote().catch(() => undefined);
    const dealLog = createDealLogger(store, log, deal.id, deal.blog.id);
    dealLog.warn(
      { reason: deal.reason ?? null },
      'the poll found the deal cancelled in the marketplace (zruseno); its run ends at its next step',
    );
    await dealLog.flush();
    result.cancelled.push(deal.id);
  }

  return {
    async act(deal, notice, result, signal) {
      if (notice === 'accepted') await settle(deal, result);
      else if (notice === 'paid') {
        await options.onEvent(paidEventOf(deal), deal.id);
        result.paid.push(deal.id);
      } else if (notice === 'cancelled') await cancelled(deal, result);
      else await announcePost(deal, notice, result, signal);
    },
    async anyAcceptedRunning() {
      let running = false;
      for (const id of await state.acceptedIds()) {
        const record = await store.get(id);
        if (record && !isFinal(record.state)) running = true;
        else await state.forgetAccepted(id);
      }
      return running;
    },
  };
}
