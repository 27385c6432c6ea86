/**
 * One listed accepted deal against what pressbridge knows of it: the decision table of src/reconcile/index.ts,
 * shared by reconciliation and the poll intake (src/intake/), so a deal found either way is queued the same way
 * (`enqueueDeal`: the webhook's dedupe and job id).
 */
import type { Clock } from '../clock.js';
import { isFinal } from '../deals/lifecycle.js';
import { DEAL_LOG } from '../deals/log-messages.js';
import { createDealLogger } from '../deals/logger.js';
import type { DealRecord, DealStore } from '../deals/record.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { type Deal, DealAcceptedEvent, parseServiceDateTime } from '../marketplace/schema.js';
import { DealJobPayload, type DealJobSettings, dealJobId } from '../queue/jobs.js';
import type { DealProducer, EnqueueResult } from '../queue/producer.js';
import { addDealJob } from '../queue/requeue.js';
import { listedDealData, payloadFromListedDeal } from './listed.js';

/** What the settled deals came to (the fields of a sweep's result). */
export interface SettleTally {
  enqueued: number[];
  requeued: number[];
  known: number;
  otherBlogs: number;
  unusable: number[];
}

/** A tally before any deal was settled. */
export function emptyTally(): SettleTally {
  return { enqueued: [], requeued: [], known: 0, otherBlogs: 0, unusable: [] };
}

export interface SettlerOptions {
  producer: Pick<DealProducer, 'enqueueDeal' | 'queue'>;
  store: Pick<DealStore, 'prefix' | 'get' | 'update' | 'appendLog' | 'readEvents'>;
  blogIds: ReadonlySet<number>;
  log: Logger;
  clock: Clock;
  jobSettings: DealJobSettings;
  quietMs: number;
  timeZone: string | undefined;
  /** Who found the deal: the job's `source` and the log's wording. */
  source: 'reconcile' | 'poll';
}

export type Settle = (deal: Deal, tally: SettleTally) => Promise<void>;

export function createSettler(options: SettlerOptions): Settle {
  const { producer, store, log, clock, jobSettings, quietMs, timeZone, source } = options;
  const finder = source === 'poll' ? 'the poll' : 'reconciliation';

  const listedPayload = (deal: Deal): DealJobPayload => ({
    ...payloadFromListedDeal(deal, clock.now(), timeZone),
    source,
  });

  /** The payload a lost job is added again with: the original event when it is stored, else the list's. */
  async function payloadForLostJob(record: DealRecord, deal: Deal): Promise<DealJobPayload> {
    const fromList = listedPayload(deal);
    const receivedAt = DealJobPayload.shape.receivedAt.safeParse(record.receivedAt).success
      ? record.receivedAt
      : fromList.receivedAt;
    const events = await store.readEvents(deal.id, { limit: 100 }).catch(() => []);
    for (const event of events) {
      const parsed = DealAcceptedEvent.safeParse(event.body);
      if (parsed.success && parsed.data.deal.id === deal.id) {
        // The event's own publish_deadline counts, not the list's estimate.
        const { deadlineAt: _estimate, ...rest } = fromList;
        return { ...rest, event: parsed.data.deal, receivedAt };
      }
    }
    return { ...fromList, receivedAt };
  }

  /** The listing through the producer's dedupe; undefined when it cannot make a payload (nothing to compare). */
  async function seenAgain(deal: Deal): Promise<EnqueueResult | undefined> {
    const payload = DealJobPayload.safeParse(listedPayload(deal));
    if (!payload.success) return undefined;
    const changed = deal.changed_at ? parseServiceDateTime(deal.changed_at, timeZone) : undefined;
    return producer.enqueueDeal(payload.data, { listedChangedAt: changed?.toISOString() });
  }

  return async (deal, tally) => {
    if (!options.blogIds.has(deal.blog.id)) {
      tally.otherBlogs += 1;
      return;
    }
    const webUrl = deal.web_url;
    const record = await store.get(deal.id);
    const dealLog = createDealLogger(store, log, deal.id, deal.blog.id);

    if (!record?.enqueuedAt) {
      let payload: DealJobPayload;
      try {
        payload = DealJobPayload.parse(listedPayload(deal));
      } catch (error) {
        // The same answer would fail the same way next time: reported, but it does not hold the cursor back.
        tally.unusable.push(deal.id);
        log.error(
          { dealId: deal.id, err: errorMessage(error) },
          `${finder}: the marketplace listed an accepted deal pressbridge cannot queue; publish it by hand`,
        );
        return;
      }
      const enqueued = await producer.enqueueDeal(payload);
      // The list is the marketplace's own answer (akceptovano, no URL): stored, it spares the pipeline the
      // one `GET /v1/deals/{id}` it would spend should the estimated deadline pass (src/deals/verdict.ts).
      const listed = listedDealData(deal, clock.now());
      if (enqueued.status !== 'added') delete listed.marketplaceCheck;
      await store.update(deal.id, { data: listed });
      if (enqueued.status === 'added') {
        tally.enqueued.push(deal.id);
        const why = record
          ? DEAL_LOG.never_queued
          : source === 'poll'
            ? DEAL_LOG.poll_found
            : DEAL_LOG.reconcile_found;
        const fields = { changedAt: deal.changed_at ?? null, ...(record ? { by: finder } : {}) };
        if (source === 'poll' && !record) dealLog.info(fields, why);
        else dealLog.warn(fields, why);
        await dealLog.flush();
      } else tally.known += 1;
      return;
    }

    if (isFinal(record.state)) {
      // A finished deal listed as accepted: the producer's dedupe adds nothing and says whether the listing is
      // another acceptance under the same id (a recycled id: a warning, and the old deal's page is kept).
      const again = await seenAgain(deal);
      if (!again?.recycled && webUrl && record.data.webUrl !== webUrl) {
        await store.update(deal.id, { data: { webUrl } });
      }
      tally.known += 1;
      return;
    }
    if (webUrl && record.data.webUrl !== webUrl) await store.update(deal.id, { data: { webUrl } });
    const jobId = dealJobId(deal.id);
    if (await producer.queue.getJob(jobId)) {
      tally.known += 1;
      return;
    }
    // No job for a running deal means Redis lost it: operator actions never remove a running deal's job
    // (src/queue/requeue.ts). `quietMs` (default 0) can still leave a record touched lately alone.
    const updatedMs = Date.parse(record.updatedAt);
    if (Number.isFinite(updatedMs) && clock.now().getTime() - updatedMs < quietMs) {
      tally.known += 1;
      return;
    }
    const payload = DealJobPayload.parse(await payloadForLostJob(record, deal));
    await addDealJob(producer.queue, store, payload, jobSettings, clock.now());
    tally.requeued.push(deal.id);
    dealLog.warn({ state: record.state, jobId, by: finder }, DEAL_LOG.job_lost);
    await dealLog.flush();
  };
}
