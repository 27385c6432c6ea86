/** Reads what the Earnings summary needs (the stored overview, the poll state, the deal records): no request. */
import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import type { DealStore } from '../deals/record.js';
import { type Earnings, summarizeEarnings } from './earnings.js';
import { moneyKeys, readOverview, readPollState } from './overview.js';

/** Blog id → the configured name (`config.blogs[].name`, else the id), as the Earnings summary labels blogs. */
export function blogNamesOf(
  blogs: ReadonlyArray<{ id: number; name?: string | undefined }>,
): Map<number, string> {
  return new Map(blogs.map((b) => [b.id, b.name ?? String(b.id)]));
}

/** The store keeps at most this many recent records in one listing (its own cap). */
const RECORDS_LIMIT = 1000;

export interface EarningsReaderOptions {
  store: Pick<DealStore, 'list'>;
  redis: Redis;
  prefix: string;
  /** The service's zone (config `marketplace.timeZone`), for months. */
  timeZone: string;
  blogNames: ReadonlyMap<number, string>;
  clock?: Clock;
}

export function createEarningsReader(options: EarningsReaderOptions): () => Promise<Earnings> {
  const keys = moneyKeys(options.prefix);
  const clock = options.clock ?? systemClock;
  return async () => {
    const [stored, poll, list] = await Promise.all([
      readOverview(options.redis, keys),
      readPollState(options.redis, keys),
      options.store.list({ limit: RECORDS_LIMIT }),
    ]);
    return summarizeEarnings({
      stored,
      poll,
      records: list.items,
      now: clock.now(),
      timeZone: options.timeZone,
      blogNames: options.blogNames,
    });
  };
}
