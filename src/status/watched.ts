/**
 * The deals under watch, as the status page reads them: the watch schedule's ids and next check times (the
 * sorted set of src/watch/schedule.ts, read in slices) and their records (read in batches), for the Obligations
 * page and the Earnings page's "at risk of a claim". Reads only.
 */
import type { Redis } from 'ioredis';
import type { DealRecord, DealStore } from '../deals/record.js';
import type { ObligationSettings, WatchedDeal } from '../watch/obligations.js';
import { watchKey } from '../watch/schedule.js';
import { WatchSettings } from '../watch/settings.js';

export interface WatchScheduleEntry {
  dealId: number;
  /** Epoch ms of the next check (or of a running check's lease end). */
  nextCheckMs: number;
}

/** Every watched deal id with its next check time, earliest first. */
export type WatchScheduleReader = () => Promise<WatchScheduleEntry[]>;

const SLICE = 1_000;
const RECORD_BATCH = 100;

/** The schedule's zset, read `ZRANGE … WITHSCORES` a slice at a time (one huge reply would block Redis). */
export function watchScheduleReader(redis: Redis, prefix: string, slice = SLICE): WatchScheduleReader {
  return async () => {
    const entries: WatchScheduleEntry[] = [];
    for (let start = 0; ; start += slice) {
      const flat = await redis.zrange(watchKey(prefix), start, String(start + slice - 1), 'WITHSCORES');
      for (let i = 0; i + 1 < flat.length; i += 2) {
        const dealId = Number(flat[i]);
        const nextCheckMs = Number(flat[i + 1]);
        if (Number.isSafeInteger(dealId) && dealId > 0) entries.push({ dealId, nextCheckMs });
      }
      if (flat.length < slice * 2) return entries;
    }
  };
}

/** The schema's defaults, for a status page given no `watchSettings`. */
export const DEFAULT_OBLIGATION_SETTINGS: ObligationSettings = WatchSettings.parse({});

export interface WatchedRead {
  deals: WatchedDeal[];
  /** Scheduled ids whose record is gone (expired, deleted): the watcher drops them at their next check. */
  missing: number;
}

/** The records of the scheduled deals, `RECORD_BATCH` reads at a time. */
export async function readWatchedDeals(
  store: Pick<DealStore, 'get'>,
  entries: readonly WatchScheduleEntry[],
  batch = RECORD_BATCH,
): Promise<WatchedRead> {
  const deals: WatchedDeal[] = [];
  let missing = 0;
  for (let start = 0; start < entries.length; start += batch) {
    const slice = entries.slice(start, start + batch);
    const records: (DealRecord | undefined)[] = await Promise.all(slice.map((e) => store.get(e.dealId)));
    records.forEach((record, i) => {
      if (record) deals.push({ record, nextCheckMs: slice[i]?.nextCheckMs });
      else missing += 1;
    });
  }
  return { deals, missing };
}
