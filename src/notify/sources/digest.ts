/**
 * The daily digest: for the local day before, the deals handed in and paid and the Kč earned, what awaits payout
 * and what is still open. Sent at `digest.hour` local time, once per day (event key `digest:<day>`), also when
 * the daemon was down at that hour and starts later that day.
 *
 * Only for a day the daemon ran: "ran on day D" means its minute check ran at least once at some instant of the
 * local day D (in the digest's zone), which it marks in Redis (`<prefix>:notify:ran:<D>`, kept a week). A daemon
 * that was stopped all of yesterday sends no digest of yesterday when it starts today: it saw none of that day.
 *
 * Read leniently from the records: `data.handedInAt` (else `updatedAt` of a handed-in deal), `data.paid`
 * `{ reward, price, at }` as the money work writes it on `deal.paid`, `data.reward` for what awaits payout.
 */

import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../../clock.js';
import { readDealData } from '../../deals/data.js';
import { isFinal } from '../../deals/lifecycle.js';
import type { DealRecord, DealStore } from '../../deals/record.js';
import { readDealMoney, readPaid } from '../../money/paid.js';
import { wallClockIn } from '../../time-zone.js';
import type { Notifier, NotifyEvent } from '../types.js';

type DigestEvent = Extract<NotifyEvent, { topic: 'digest' }>;
const PAGE = 1000;

/** The local date `YYYY-MM-DD` of an instant in `timeZone`; undefined for no valid instant. */
export function localDay(value: string | number | Date, timeZone: string): string | undefined {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return undefined;
  return new Date(wallClockIn(timeZone, ms)).toISOString().slice(0, 10);
}

function localHour(ms: number, timeZone: string): number {
  return new Date(wallClockIn(timeZone, ms)).getUTCHours();
}

/** The day before `day` (`YYYY-MM-DD`). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The digest of `day` (local date in `timeZone`) over the deal records. Pure. */
export function computeDigest(records: readonly DealRecord[], day: string, timeZone: string): DigestEvent {
  let handedIn = 0;
  let paid = 0;
  let earned = 0;
  let awaiting = 0;
  const open: number[] = [];
  for (const record of records) {
    const handedInAt =
      readDealData(record.data).handedInAt ?? (record.state === 'handed_in' ? record.updatedAt : undefined);
    if (handedInAt && localDay(handedInAt, timeZone) === day) handedIn += 1;
    // The money readers apply the edge's bounds (src/marketplace/money.ts), so a record stored before them
    // with an impossible amount counts as unknown, not as money.
    const payout = readPaid(record.data);
    if (payout && localDay(payout.at, timeZone) === day) {
      paid += 1;
      earned += payout.reward ?? 0;
    }
    if (record.state === 'handed_in' && !payout) awaiting += readDealMoney(record.data).reward ?? 0;
    if (record.state === 'failed' || record.state === 'deadline_missed' || !isFinal(record.state)) {
      open.push(record.dealId);
    }
  }
  open.sort((a, b) => a - b);
  return { topic: 'digest', day, handedIn, paid, earned, awaiting, open };
}

export interface DigestScheduleOptions {
  store: Pick<DealStore, 'list'>;
  notifier: Notifier;
  hour: number;
  timeZone: string;
  /** Where the days the daemon ran are marked (`<prefix>:notify:ran:<day>`). */
  redis: Pick<Redis, 'set' | 'exists'>;
  prefix: string;
  clock?: Clock;
}

const RAN_TTL_SECONDS = 7 * 86_400;

/** `<prefix>:notify:ran:<day>`: set while the daemon runs on that local day. */
export function ranKey(prefix: string, day: string): string {
  return `${prefix}:notify:ran:${day}`;
}

/**
 * Called every minute: marks today as a day the daemon ran; at or after `hour` local time, the digest of the day
 * before is raised if the daemon ran that day (the notifier's event key lets it out once, whichever process or
 * restart asks). Returns the day it raised, if any.
 */
export function createDigestSchedule(options: DigestScheduleOptions): {
  check(): Promise<string | undefined>;
} {
  const { store, notifier, hour, timeZone, redis, prefix } = options;
  const clock = options.clock ?? systemClock;
  let lastRaised: string | undefined;
  let marked: string | undefined;
  return {
    async check() {
      const at = clock.now().getTime();
      const today = localDay(at, timeZone);
      if (!today) return undefined;
      if (marked !== today) {
        await redis.set(ranKey(prefix, today), '1', 'EX', RAN_TTL_SECONDS);
        marked = today;
      }
      if (localHour(at, timeZone) < hour) return undefined;
      const day = dayBefore(today);
      if (lastRaised === day) return undefined;
      // Not running at all that day: nothing to sum up from this daemon's point of view (see the header).
      if ((await redis.exists(ranKey(prefix, day))) === 0) {
        lastRaised = day;
        return undefined;
      }
      const records: DealRecord[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await store.list({ offset, limit: PAGE });
        records.push(...page.items);
        if (page.items.length < PAGE) break;
      }
      await notifier.raise(computeDigest(records, day, timeZone));
      lastRaised = day;
      return day;
    },
  };
}
