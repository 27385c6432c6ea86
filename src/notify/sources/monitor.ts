/**
 * The deals monitor, run every minute (./schedule in ../index.ts): deals running late and texts waiting long
 * for the advertiser's approval.
 *
 * - a deal not final (src/deals/lifecycle.ts) `deadlineAtRiskMinutes` or less before its deadline raises
 *   `deadline_at_risk` (urgent); the problem is resolved when the deal is handed in or dealt with (the store
 *   wrapper, ./deal-states.ts) or, for a deal still running, when its deadline moved away;
 * - a deal in `waiting_approval` for `approvalWaitingMinutes` (since the store wrapper saw it enter the state,
 *   else since its record last changed) raises `approval_waiting`; it is resolved as soon as the deal leaves
 *   that state (the store wrapper) or here when the record says so;
 * - any open problem of a deal that another process (a CLI command) handed in or marked handled is resolved.
 */
import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../../clock.js';
import { DEAL_RUN_STATES, FINAL_RUN_STATES, isFinal } from '../../deals/lifecycle.js';
import type { DealRecord, DealStore } from '../../deals/record.js';
import { openProblems } from '../notifier.js';
import type { Notifier } from '../types.js';
import { CLEARING_STATES, DEAL_PROBLEM_TOPICS, dealRef, waitingSinceKey } from './deal-states.js';
import { heldCleared, heldResolvedHow } from './held.js';

const RUNNING_STATES = DEAL_RUN_STATES.filter((state) => !FINAL_RUN_STATES.has(state));
const PAGE = 1000;

/** Whether a deal's open problem of `topic` no longer holds (the deal as it is now, if it still exists). */
function cleared(topic: (typeof DEAL_PROBLEM_TOPICS)[number], record: DealRecord | undefined): boolean {
  if (!record || CLEARING_STATES.has(record.state)) return true;
  if (topic === 'deal_held') return heldCleared(record);
  if (topic === 'approval_waiting') return record.state !== 'waiting_approval';
  // Not at risk any more (checked by the caller); a failed or missed deal keeps it until it is dealt with.
  if (topic === 'deadline_at_risk') return !isFinal(record.state);
  return false;
}

export interface DealMonitorOptions {
  store: Pick<DealStore, 'list' | 'get'>;
  notifier: Notifier;
  redis: Redis;
  prefix: string;
  deadlineAtRiskMinutes: number;
  approvalWaitingMinutes: number;
  clock?: Clock;
}

export interface DealMonitor {
  /** One look at every running deal. */
  check(): Promise<void>;
}

export function createDealMonitor(options: DealMonitorOptions): DealMonitor {
  const { store, notifier, redis, prefix } = options;
  const clock = options.clock ?? systemClock;
  const atRiskMs = options.deadlineAtRiskMinutes * 60_000;
  const waitingMs = options.approvalWaitingMinutes * 60_000;

  async function running(): Promise<DealRecord[]> {
    const out: DealRecord[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await store.list({ state: RUNNING_STATES, offset, limit: PAGE });
      out.push(...page.items);
      if (page.items.length < PAGE) return out;
    }
  }

  /** Deal ids with an open problem of `topic` (few: only problems raised and not resolved). */
  async function openDeals(topic: string): Promise<number[]> {
    const keys = await openProblems(redis, prefix, topic);
    return keys.map((key) => Number(key.slice(topic.length + 1))).filter(Number.isInteger);
  }

  return {
    async check() {
      const at = clock.now().getTime();
      const deals = await running();
      const waitingSince = await redis.hgetall(waitingSinceKey(prefix));
      const atRisk = new Set<number>();
      for (const record of deals) {
        const deadline = Date.parse(record.deadline);
        if (Number.isFinite(deadline) && deadline - at <= atRiskMs) {
          atRisk.add(record.dealId);
          await notifier.raise({
            topic: 'deadline_at_risk',
            minutesLeft: Math.max(0, Math.floor((deadline - at) / 60_000)),
            deadline: new Date(deadline).toISOString(),
            ...dealRef(record),
          });
        }
        if (record.state === 'waiting_approval') {
          const since = Date.parse(waitingSince[String(record.dealId)] ?? record.updatedAt);
          if (Number.isFinite(since) && at - since >= waitingMs) {
            await notifier.raise({
              topic: 'approval_waiting',
              minutes: Math.floor((at - since) / 60_000),
              ...dealRef(record),
            });
          }
        }
      }
      // Open problems whose condition cleared without the store wrapper seeing it (another process without
      // notifications, e.g. `pressbridge` CLI commands, marked the deal handled).
      for (const topic of DEAL_PROBLEM_TOPICS) {
        for (const dealId of await openDeals(topic)) {
          if (topic === 'deadline_at_risk' && atRisk.has(dealId)) continue;
          const record = await store.get(dealId);
          if (cleared(topic, record))
            await notifier.resolve(
              `${topic}:${dealId}`,
              topic === 'deal_held' ? heldResolvedHow(record) : undefined,
            );
        }
      }
    },
  };
}
