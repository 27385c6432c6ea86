/**
 * Notifications from the deal store's transitions, as a deal-event subscriber (src/deals/events.ts, like the
 * metrics): every writer of a deal's state (worker, pipeline, reconciliation, operator actions from the status
 * page or the CLI) is seen without touching it.
 *
 * | the update | notifies |
 * |---|---|
 * | state → `failed` | raises `deal_failed` with the patch's `error` (it already says what to fix) |
 * | state → `deadline_missed` | raises `deadline_missed` (urgent) |
 * | state → `handed_in`, `handled`, `closed`, `skipped` | resolves the deal's problems (failed, at risk, waiting, missed) |
 * | state → `handed_in`, or `data.services` written while handed in | raises `services` when some need the blogger |
 * | state → `waiting_approval` | notes since when it waits (for the monitor, ./monitor.ts) |
 * | state leaves `waiting_approval` | resolves `approval_waiting` |
 * | a hold written / decided, lapsed or left | raises / resolves `deal_held` (./held.ts) |
 */
import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../../clock.js';
import { dealPage } from '../../deals/data.js';
import type { DealChanged, DealChangedListener, DealRecord } from '../../deals/record.js';
import { storedServices } from '../../deals/services.js';
import { errorMessage } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { Notifier } from '../types.js';
import { observeHeld } from './held.js';

/** States that end the deal's problems: it is handed in or nobody expects pressbridge to do more. */
export const CLEARING_STATES: ReadonlySet<string> = new Set(['handed_in', 'handled', 'closed', 'skipped']);
/** The per-deal problem topics a clearing state resolves. */
export const DEAL_PROBLEM_TOPICS = [
  'deal_failed',
  'deadline_at_risk',
  'approval_waiting',
  'deadline_missed',
  'deal_held',
] as const;

/** `<prefix>:notify:waiting`: deal id → when it entered `waiting_approval` (ISO 8601). */
export function waitingSinceKey(prefix: string): string {
  return `${prefix}:notify:waiting`;
}

export interface DealStateSourceOptions {
  notifier: Notifier;
  redis: Redis;
  prefix: string;
  log: Logger;
  clock?: Pick<Clock, 'now'>;
  /** The key of the last look's links (src/deals/look-token.ts `lookKey`): without it `deal_held` is not raised. */
  lookKey?: Buffer | undefined;
}

/** The facts a deal's notification carries about it. */
export function dealRef(record: Pick<DealRecord, 'dealId' | 'blogId' | 'title' | 'data'>) {
  const webUrl = dealPage(record.data);
  return {
    dealId: record.dealId,
    blogId: record.blogId,
    ...(record.title ? { title: record.title } : {}),
    ...(webUrl !== undefined ? { webUrl } : {}),
  };
}

/** Services the blogger must perform, named for a message (`Sdílení na Facebooku, #12`). */
export function servicesNeedingHand(record: Pick<DealRecord, 'data'>): string | undefined {
  const services = storedServices(record.data);
  if (services.length === 0) return undefined;
  return services.map((s) => s.name ?? `#${s.id}`).join(', ');
}

export function dealStateNotifications(options: DealStateSourceOptions): DealChangedListener {
  const { notifier, redis, prefix, log } = options;
  const clock = options.clock ?? systemClock;

  async function observe(change: DealChanged): Promise<void> {
    const { dealId, patch, record } = change;
    const state = patch.state;
    if (state === 'waiting_approval') {
      await redis.hsetnx(waitingSinceKey(prefix), String(dealId), clock.now().toISOString());
    } else if (state && (await redis.hdel(waitingSinceKey(prefix), String(dealId))) > 0) {
      await notifier.resolve(`approval_waiting:${dealId}`);
    }
    if (state && CLEARING_STATES.has(state)) {
      for (const topic of DEAL_PROBLEM_TOPICS) await notifier.resolve(`${topic}:${dealId}`);
    }
    await observeHeld(change, notifier, options.lookKey, dealRef(record));
    const servicesWritten = patch.data?.services !== undefined && patch.data.services !== null;
    if (state !== 'failed' && state !== 'deadline_missed' && state !== 'handed_in' && !servicesWritten)
      return;
    if (state === 'failed' || state === 'deadline_missed') {
      const reason = patch.error ?? record.error ?? '';
      const reasonSaid = patch.errorPhrase ?? record.errorPhrase;
      await notifier.raise({
        topic: state === 'failed' ? 'deal_failed' : 'deadline_missed',
        reason,
        ...(reasonSaid ? { reasonSaid } : {}),
        ...dealRef(record),
      });
    }
    if (record.state === 'handed_in') {
      const services = servicesNeedingHand(record);
      if (services) await notifier.raise({ topic: 'services', services, ...dealRef(record) });
    }
  }

  return async (change) => {
    // A held deal's every change counts: a decision is claimed with an empty patch (src/deals/store.ts claimData).
    if (!change.patch.state && !change.patch.data?.services && change.record.data.held === undefined) return;
    await observe(change).catch((error: unknown) =>
      log.warn(
        { dealId: change.dealId, err: errorMessage(error) },
        'notification source: deal state not observed',
      ),
    );
  };
}
