/**
 * Notifications from the deal store's transitions, as a store wrapper (like `instrumentStore` in
 * src/metrics.ts): every writer of a deal's state (worker, pipeline, reconciliation, operator actions) is seen
 * without touching it.
 *
 * | the update | notifies |
 * |---|---|
 * | state → `failed` | raises `deal_failed` with the patch's `error` (it already says what to fix) |
 * | state → `deadline_missed` | raises `deadline_missed` (urgent) |
 * | state → `handed_in`, `handled`, `closed`, `skipped` | resolves the deal's problems (failed, at risk, waiting, missed) |
 * | state → `handed_in`, or `data.services` written while handed in | raises `services` when some need the blogger |
 * | state → `waiting_approval` | notes since when it waits (for the monitor, ./monitor.ts) |
 * | state leaves `waiting_approval` | resolves `approval_waiting` |
 */
import type { Redis } from 'ioredis';
import { storedServices } from '../../deals/services.js';
import type { DealPatch, DealRecord, DealStore } from '../../deals/store.js';
import { errorMessage } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { Notifier } from '../types.js';

/** States that end the deal's problems: it is handed in or nobody expects pressbridge to do more. */
export const CLEARING_STATES: ReadonlySet<string> = new Set(['handed_in', 'handled', 'closed', 'skipped']);
/** The per-deal problem topics a clearing state resolves. */
export const DEAL_PROBLEM_TOPICS = [
  'deal_failed',
  'deadline_at_risk',
  'approval_waiting',
  'deadline_missed',
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
  now?: () => Date;
}

/** The facts a deal's notification carries about it. */
export function dealRef(record: Pick<DealRecord, 'dealId' | 'blogId' | 'title' | 'data'>) {
  const webUrl = record.data.webUrl ?? record.data.web_url;
  return {
    dealId: record.dealId,
    blogId: record.blogId,
    ...(record.title ? { title: record.title } : {}),
    ...(typeof webUrl === 'string' ? { webUrl } : {}),
  };
}

/** Services the blogger must perform, named for a message (`Sdílení na Facebooku, #12`). */
export function servicesNeedingHand(record: Pick<DealRecord, 'data'>): string | undefined {
  const services = storedServices(record.data);
  if (services.length === 0) return undefined;
  return services.map((s) => s.name ?? `#${s.id}`).join(', ');
}

export function notifyingStore(store: DealStore, options: DealStateSourceOptions): DealStore {
  const { notifier, redis, prefix, log } = options;
  const now = options.now ?? (() => new Date());

  async function observe(dealId: number, patch: DealPatch): Promise<void> {
    const state = patch.state;
    if (state === 'waiting_approval') {
      await redis.hsetnx(waitingSinceKey(prefix), String(dealId), now().toISOString());
    } else if (state && (await redis.hdel(waitingSinceKey(prefix), String(dealId))) > 0) {
      await notifier.resolve(`approval_waiting:${dealId}`);
    }
    if (state && CLEARING_STATES.has(state)) {
      for (const topic of DEAL_PROBLEM_TOPICS) await notifier.resolve(`${topic}:${dealId}`);
    }
    const servicesWritten = patch.data?.services !== undefined && patch.data.services !== null;
    if (state !== 'failed' && state !== 'deadline_missed' && state !== 'handed_in' && !servicesWritten)
      return;
    const record = await store.get(dealId);
    if (!record) return;
    if (state === 'failed' || state === 'deadline_missed') {
      const reason = patch.error ?? record.error ?? '';
      await notifier.raise({
        topic: state === 'failed' ? 'deal_failed' : 'deadline_missed',
        reason,
        ...dealRef(record),
      });
    }
    if (record.state === 'handed_in') {
      const services = servicesNeedingHand(record);
      if (services) await notifier.raise({ topic: 'services', services, ...dealRef(record) });
    }
  }

  return {
    ...store,
    async update(dealId, patch) {
      const changed = await store.update(dealId, patch);
      if (changed && (patch.state || patch.data?.services)) {
        await observe(dealId, patch).catch((error: unknown) =>
          log.warn({ dealId, err: errorMessage(error) }, 'notification source: deal state not observed'),
        );
      }
      return changed;
    },
  };
}
