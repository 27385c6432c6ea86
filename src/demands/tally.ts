/**
 * The demand side by month (issue 30 item 6), for the charts of the home page and the Demands page: offers made,
 * accepted and refused, and what the demands offered to the blogs paid per standard page. The demand store is
 * bounded (200 per blog, 7 days after gone), so a year is kept here instead, as counts.
 *
 * Key: `<p>:demands:tally`, one hash; fields `<YYYY-MM>:<part>` (the month in the service's time zone, the
 * marketplace's, as the daily cap's day), parts `made`, `accepted`, `refused`, `kc` and `ns`. Bounded: each count
 * drops the fields of months older than `TALLY_MONTHS`, in the same Lua step.
 *
 * Reward per standard page is the month's total reward ÷ its total standard pages (`kc` ÷ `ns`, of the demands
 * first seen that month): two counts per demand, where a median would need every demand's figure kept; and a year
 * of it, which the store's days cannot give.
 *
 * Each offer's answer is counted once: `answerOffer` marks the store's offer first (`DemandStore.answered`, a
 * HSETNX) and counts only when that mark was new.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { monthOf } from '../money/earnings.js';
import { luaScript } from '../redis/lua-script.js';
import type { DemandStore, OfferAnswer } from './store.js';

/** Months kept: the charts draw 12; a year more lets a later chart compare. */
export const TALLY_MONTHS = 24;

export const OFFER_COUNTS = ['made', 'accepted', 'refused'] as const;
export type OfferCount = (typeof OFFER_COUNTS)[number];

export interface MonthTally {
  /** `YYYY-MM`. */
  month: string;
  made: number;
  accepted: number;
  refused: number;
  /** The total reward (Kč) and standard pages of the demands first seen that month (with both known). */
  kc: number;
  ns: number;
}

/** ARGV: the cutoff month (older fields are dropped), then pairs of field and increment. */
const COUNT = luaScript(`
for i = 2, #ARGV, 2 do redis.call('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1]) end
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(field, 1, 7) < ARGV[1] then redis.call('HDEL', KEYS[1], field) end
end
return 1
`);

export interface DemandTally {
  /** One offer made, accepted or refused at `at`. */
  count(kind: OfferCount, at: Date): Promise<void>;
  /** A demand first seen at `at`, with its base reward and length (either unknown: not counted). */
  seen(reward: number | undefined, ns: number | undefined, at: Date): Promise<void>;
  /** The kept months, oldest first (a month with nothing counted is absent). */
  read(): Promise<MonthTally[]>;
  /** The month (`YYYY-MM`) of `at` as counted here. */
  monthOf(at: Date): string;
}

/** What the charts draw: this month and the kept ones. */
export interface TallyView {
  month: string;
  months: MonthTally[];
}

/** The month `TALLY_MONTHS - 1` before `month` (`YYYY-MM`): fields before it are dropped. */
export function cutoffMonth(month: string): string {
  const [year = 0, mm = 1] = month.split('-').map(Number);
  const index = year * 12 + (mm - 1) - (TALLY_MONTHS - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function createDemandTally(redis: Redis, prefix: string, timeZone: string): DemandTally {
  const key = `${prefix}:demands:tally`;
  const add = async (at: Date, parts: ReadonlyArray<readonly [string, number]>): Promise<void> => {
    const month = monthOf(at, timeZone);
    const args = parts.flatMap(([part, by]) => [`${month}:${part}`, by]);
    await COUNT(redis, [key], [cutoffMonth(month), ...args]);
  };
  return {
    monthOf: (at) => monthOf(at, timeZone),
    count: (kind, at) => add(at, [[kind, 1]]),
    async seen(reward, ns, at) {
      if (reward === undefined || ns === undefined || reward <= 0 || ns <= 0) return;
      await add(at, [
        ['kc', Math.round(reward)],
        ['ns', Math.round(ns)],
      ]);
    },
    async read() {
      const hash = await redis.hgetall(key);
      const months = new Map<string, MonthTally>();
      for (const [field, value] of Object.entries(hash)) {
        const match = /^(\d{4}-\d{2}):(made|accepted|refused|kc|ns)$/.exec(field);
        const n = Number(value);
        if (!match?.[1] || !match[2] || !Number.isSafeInteger(n)) continue;
        const month = match[1];
        const entry = months.get(month) ?? { month, made: 0, accepted: 0, refused: 0, kc: 0, ns: 0 };
        entry[match[2] as keyof Omit<MonthTally, 'month'>] = n;
        months.set(month, entry);
      }
      return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
    },
  };
}

/** What came of an offer, counted once: the store's offer marked, then the month's count. */
export interface OfferAnswers {
  /**
   * A `deal.accepted` (once per deal: the producer's `onNewDeal`) for a deal of `blogId` on `demandId`: counted
   * when the deal is one of our offers. True when it was counted now.
   */
  accepted(input: {
    blogId: number;
    demandId: number | undefined;
    dealId: number;
    at: Date;
  }): Promise<boolean>;
  /** An offer's deal seen `odmitnuto` (the intake's check). True when it was counted now. */
  refused(input: { blogId: number; demandId: number; dealId: number; at: Date }): Promise<boolean>;
}

export function createOfferAnswers(input: {
  store: Pick<DemandStore, 'get' | 'answered'>;
  tally: Pick<DemandTally, 'count'>;
  log: Logger;
}): OfferAnswers {
  const { store, tally, log } = input;
  async function answer(
    blogId: number,
    demandId: number,
    dealId: number,
    outcome: OfferAnswer['outcome'],
    at: Date,
  ): Promise<boolean> {
    const record = await store.get(blogId, demandId);
    if (record?.offer?.dealId !== dealId) return false;
    if (!(await store.answered(blogId, demandId, { outcome, at: at.toISOString() }))) return false;
    await tally.count(outcome, at);
    log.info({ blogId, demandId, dealId, outcome }, 'offer answered');
    return true;
  }
  return {
    accepted: ({ blogId, demandId, dealId, at }) =>
      demandId === undefined ? Promise.resolve(false) : answer(blogId, demandId, dealId, 'accepted', at),
    refused: ({ blogId, demandId, dealId, at }) => answer(blogId, demandId, dealId, 'refused', at),
  };
}
