/**
 * What the operator can do to one deal, from the status page's buttons and from the CLI: run it again now,
 * hand its URL in again, mark it as handled by hand, or fetch a deal pressbridge never heard of (replay).
 *
 * All of them go through the one BullMQ job per deal (`deal-<id>`), so an action never makes a second job
 * for a deal that is already queued or running, and the pipeline resumes from the deal record as always:
 * a deal that has a URL goes straight to verify + hand-in, a deal with media uploaded reuses them. The last
 * look's decision on a held deal is ./decide-held.ts, run here through the same guard and re-run.
 */
import type { Job, Queue } from 'bullmq';
import { type Clock, systemClock } from '../clock.js';
import { acceptedFromDeal } from '../deals/accepted.js';
import { canRetry, deadlineFrom } from '../deals/lifecycle.js';
import type { LookAction } from '../deals/look-token.js';
import type { DealRecord, DealStore } from '../deals/record.js';
import { servicesOf } from '../deals/services.js';
import { errorMessage } from '../errors.js';
import {
  createTranslator,
  DEFAULT_LANGUAGE,
  type Language,
  type MessageKey,
  type Translator,
} from '../i18n/index.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { DealAcceptedEvent } from '../marketplace/schema.js';
import { acceptedMoneyData } from '../money/paid.js';
import {
  type DEAL_JOB,
  DEFAULT_DEAL_JOB_SETTINGS,
  type DealJobPayload,
  DealJobPayload as DealJobPayloadSchema,
  type DealJobSettings,
  dealJobId,
} from '../queue/jobs.js';
import { addDealJob, rerunCompletedJob } from '../queue/requeue.js';
import { decideHeld } from './decide-held.js';
import type { Said } from './said.js';

export interface DealActionResult {
  ok: boolean;
  /** One sentence for the flash message or the terminal. */
  message: string;
}

export interface DealActions {
  /** Runs the deal again now: a waiting (delayed) job is promoted, a failed or finished one is queued again. */
  retry(dealId: number): Promise<DealActionResult>;
  /** Verifies the recorded URL and hands it in again (e.g. after fixing the blog's domain in the marketplace). */
  handInAgain(dealId: number): Promise<DealActionResult>;
  /** The blogger dealt with it by hand: state `handled`, its job (if waiting) removed. */
  markHandled(dealId: number): Promise<DealActionResult>;
  /** A deal pressbridge has no record of (a lost webhook): fetched from the marketplace and queued. */
  replay(dealId: number): Promise<DealActionResult>;
  /**
   * The last look: approve or refuse a held deal (src/deals/look.ts). The first decision on the hold `nonce`
   * (default: the current hold) is claimed once; its job is then woken to carry it out.
   */
  decideHeld(
    dealId: number,
    decision: LookAction,
    by: 'link' | 'page',
    nonce?: string,
  ): Promise<DealActionResult>;
}

export interface DealActionsOptions {
  store: DealStore;
  queue: Queue<DealJobPayload, unknown, typeof DEAL_JOB>;
  /** Needed by `replay` and by `retry` when the original event is gone. */
  client?: MarketplaceClient;
  log: Logger;
  /** `worker.attempts` / `worker.backoffMs` of the config (default: DEFAULT_DEAL_JOB_SETTINGS). */
  jobSettings?: Partial<DealJobSettings>;
  clock?: Clock;
  /** The language of the results' `message` (default cs); logs and the deal's log stay English. */
  language?: Language;
}

/** The actions' names in the "… failed" message. */
const ACTION_NAMES = {
  retry: 'cli.action.name.retry',
  'hand in again': 'cli.action.name.hand_in',
  'mark as handled': 'cli.action.name.handled',
  replay: 'cli.action.name.replay',
  approve: 'look.button.approve',
  refuse: 'look.button.refuse',
} as const satisfies Record<string, MessageKey>;

export function createDealActions(options: DealActionsOptions): DealActions {
  const { store, queue, log } = options;
  const clock = options.clock ?? systemClock;
  const t = createTranslator(options.language ?? DEFAULT_LANGUAGE);
  const english = createTranslator('en');

  /** The original payload: from the job while it exists, else from the recorded `deal.accepted` event. */
  async function originalPayload(
    record: DealRecord,
    job: Job | undefined,
  ): Promise<DealJobPayload | undefined> {
    const fromJob = DealJobPayloadSchema.safeParse(job?.data);
    if (fromJob.success) return fromJob.data;
    const events = await store.readEvents(record.dealId, { limit: 100 });
    for (const event of events) {
      const parsed = DealAcceptedEvent.safeParse(event.body);
      if (parsed.success) {
        return {
          dealId: record.dealId,
          blogId: parsed.data.deal.blog.id,
          event: parsed.data.deal,
          receivedAt: record.receivedAt,
          source: 'manual',
        };
      }
    }
    if (options.client) {
      const deal = await options.client.getDeal(record.dealId, { priority: 'high' });
      return {
        dealId: record.dealId,
        blogId: deal.blog.id,
        event: acceptedFromDeal(deal),
        receivedAt: record.receivedAt,
        source: 'manual',
      };
    }
    return undefined;
  }

  async function addJob(payload: DealJobPayload): Promise<void> {
    await addDealJob(
      queue,
      store,
      payload,
      { ...DEFAULT_DEAL_JOB_SETTINGS, ...options.jobSettings },
      clock.now(),
    );
  }

  /** Queues the deal's job again, whatever state the old one is in. `handIn`: the URL goes in again. */
  async function rerun(record: DealRecord, handIn = false): Promise<Said> {
    const dealId = record.dealId;
    const params = { id: String(dealId), url: record.url ?? '' };
    const queued: Said = {
      ok: true,
      key: handIn ? 'cli.action.hand_in_queued' : 'cli.action.retry_queued',
      params,
    };
    const job = (await queue.getJob(dealJobId(dealId))) as Job<DealJobPayload, unknown, string> | undefined;
    const state = job ? await job.getState() : 'missing';
    if (job && state === 'delayed') {
      await job.promote();
      return {
        ok: true,
        key: handIn ? 'cli.action.hand_in_promoted' : 'cli.action.retry_promoted',
        params,
      };
    }
    if (job && (state === 'waiting' || state === 'prioritized' || state === 'waiting-children')) {
      return { ok: true, key: 'cli.action.already_queued', params };
    }
    if (job && state === 'active') return { ok: false, key: 'cli.action.running', params };
    if (job && state === 'failed') {
      // As an operator's run: the pipeline then grants it a fresh hour instead of the original deadline.
      await job.updateData({ ...job.data, source: 'manual' });
      await job.retry('failed');
      return queued;
    }
    const payload = await originalPayload(record, job);
    if (!payload) return { ok: false, key: 'cli.action.event_gone', params };
    // Never removed and re-added: a deal without its job is one reconciliation re-queues (src/queue/requeue.ts).
    if (job && state === 'completed')
      await rerunCompletedJob(job, store, { ...payload, source: 'manual' }, clock.now());
    else {
      if (job) await job.remove();
      await addJob({ ...payload, source: 'manual' });
    }
    return queued;
  }

  async function recordOf(dealId: number): Promise<DealRecord | Said> {
    const record = await store.get(dealId);
    if (!record) return { ok: false, key: 'cli.action.no_record', params: { id: String(dealId) } };
    return record;
  }

  const guarded =
    (name: keyof typeof ACTION_NAMES, fn: (dealId: number) => Promise<Said>) =>
    async (dealId: number): Promise<DealActionResult> => {
      try {
        const said = await fn(dealId);
        // The JSON log and the deal's log stay English; the blogger reads the result in their language.
        const say = (tr: Translator): string =>
          tr.t(said.key, { ...said.params, ...(said.state ? { state: tr.stateName(said.state) } : {}) });
        const logged = say(english);
        log.info({ dealId, action: name, ok: said.ok }, logged);
        if (said.ok) {
          // Said again in the reader's language on the deal page: the action's sentence, its state by name.
          const action = {
            key: said.key,
            params: { ...said.params, ...(said.state ? { state: { key: `state.${said.state}` } } : {}) },
          };
          const entry = {
            level: 'info' as const,
            msg: `operator: ${logged}`,
            key: 'log.operator_said',
            params: { action },
          };
          await store.appendLog(dealId, entry).catch(() => {});
        }
        return { ok: said.ok, message: say(t) };
      } catch (error) {
        log.warn({ dealId, action: name, err: errorMessage(error) }, 'deal action failed');
        const params = { id: String(dealId), action: t.t(ACTION_NAMES[name]), error: errorMessage(error) };
        return { ok: false, message: t.t('cli.action.failed', params) };
      }
    };

  return {
    retry: guarded('retry', async (dealId) => {
      const record = await recordOf(dealId);
      if (!('dealId' in record)) return record;
      if (!canRetry(record.state)) {
        const params = { id: String(dealId) };
        return { ok: false, key: 'cli.action.nothing_to_retry', params, state: record.state };
      }
      await store.update(dealId, { error: null, errorCode: null, supportCode: null });
      return await rerun(record);
    }),

    handInAgain: guarded('hand in again', async (dealId) => {
      const record = await recordOf(dealId);
      if (!('dealId' in record)) return record;
      if (!record.url) return { ok: false, key: 'cli.action.no_url', params: { id: String(dealId) } };
      await store.update(dealId, {
        state: 'published',
        error: null,
        errorCode: null,
        supportCode: null,
        // The pipeline skips a deal whose hand-in is recorded; forget it so the URL goes in again.
        data: { handedInAt: null },
      });
      return await rerun(record, true);
    }),

    markHandled: guarded('mark as handled', async (dealId) => {
      const record = await recordOf(dealId);
      if (!('dealId' in record)) return record;
      const job = await queue.getJob(dealJobId(dealId));
      if (job && (await job.getState()) === 'active') {
        return { ok: false, key: 'cli.action.running', params: { id: String(dealId) } };
      }
      // The record is final before its job goes, so reconciliation never sees a running deal without its job
      // (src/queue/requeue.ts). The job is kept (finished) when it exists, so a redelivered webhook still finds
      // the deal known.
      await store.update(dealId, { state: 'handled', error: null, errorCode: null, supportCode: null });
      if (job && ['delayed', 'waiting', 'prioritized'].includes(await job.getState())) await job.remove();
      return { ok: true, key: 'cli.action.handled', params: { id: String(dealId) } };
    }),

    decideHeld: (dealId, decision, by, nonce) =>
      guarded(decision, () => decideHeld({ store, clock, t, rerun }, dealId, decision, by, nonce))(dealId),

    replay: guarded('replay', async (dealId) => {
      const existing = await store.get(dealId);
      if (existing) return await rerun(existing);
      if (!options.client) return { ok: false, key: 'cli.action.replay_no_client' };
      const deal = await options.client.getDeal(dealId, { priority: 'high' });
      if (deal.state !== 'akceptovano') {
        const params = { id: String(dealId), state: deal.state };
        return { ok: false, key: 'cli.action.replay_not_accepted', params };
      }
      const payload: DealJobPayload = {
        dealId,
        blogId: deal.blog.id,
        event: acceptedFromDeal(deal),
        receivedAt: clock.now().toISOString(),
        source: 'manual',
      };
      await store.createIfAbsent({
        dealId,
        blogId: deal.blog.id,
        receivedAt: payload.receivedAt,
        deadline: deadlineFrom(clock.now()).toISOString(),
        source: 'manual',
        state: 'received',
        data: {
          ...acceptedMoneyData(payload.event),
          ...(deal.web_url ? { webUrl: deal.web_url } : {}),
          ...(servicesOf(deal).length > 0 ? { services: servicesOf(deal) } : {}),
        },
      });
      await addJob(payload);
      return { ok: true, key: 'cli.action.replayed', params: { id: String(dealId) } };
    }),
  };
}
