/**
 * The intake's door, told to the blogger: after each poll and every minute the intake's facts in Redis are judged
 * (src/intake/liveness.ts) and `intake_stalled` raised or resolved; each list item the intake had to leave out
 * (src/intake/unreadable.ts) raises its own `deal_unreadable`, resolved once the store no longer holds it. The
 * notifier's marks keep processes and repeats from sending twice.
 */
import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../../clock.js';
import { type IntakeSource, readDoor } from '../../intake/door.js';
import { createUnreadableStore } from '../../intake/unreadable.js';
import { openProblems } from '../notifier.js';
import type { Notifier } from '../types.js';

export type { IntakeSource };

export interface IntakeWatchOptions {
  notifier: Notifier;
  redis: Redis;
  prefix: string;
  source: IntakeSource;
  clock?: Clock;
}

const minutes = (ms: number): number => Math.max(1, Math.round(ms / 60_000));

export function createIntakeWatch(options: IntakeWatchOptions): { check(): Promise<void> } {
  const { notifier, redis, prefix, source } = options;
  const clock = options.clock ?? systemClock;
  const unreadable = createUnreadableStore(redis, prefix);

  async function door(): Promise<void> {
    const stall = await readDoor(redis, prefix, source, clock.now());
    if (!stall) {
      await notifier.resolve('intake_stalled');
      return;
    }
    await notifier.raise({
      topic: 'intake_stalled',
      reason: stall.reason,
      since: new Date(stall.since).toISOString(),
      detail: stall.detail,
      ...(stall.detailSaid !== undefined ? { detailSaid: stall.detailSaid } : {}),
      ...(stall.askedMs !== undefined ? { askedMinutes: minutes(stall.askedMs) } : {}),
      ...(stall.cappedMs !== undefined ? { cappedMinutes: minutes(stall.cappedMs) } : {}),
    });
  }

  async function items(): Promise<void> {
    const held = await unreadable.list();
    for (const item of held) {
      await notifier.raise({
        topic: 'deal_unreadable',
        item: item.key,
        ...(item.id !== undefined ? { dealId: item.id } : {}),
        ...(item.rawId !== undefined ? { rawId: item.rawId } : {}),
        reason: item.reason,
        ...(item.reasonSaid !== undefined ? { reasonSaid: item.reasonSaid } : {}),
      });
    }
    const keys = new Set(held.map((item) => `deal_unreadable:${item.key}`));
    for (const key of await openProblems(redis, prefix, 'deal_unreadable')) {
      if (!keys.has(key)) await notifier.resolve(key);
    }
  }

  return {
    async check() {
      await door();
      await items();
    },
  };
}
