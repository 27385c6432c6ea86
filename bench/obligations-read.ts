/**
 * Issue 22: what one view of the Obligations page (and the Earnings page's "at risk of a claim") reads at N
 * watched deals: the watch schedule in slices and every watched record in batches (src/status/watched.ts), then
 * the rows ordered (src/watch/obligations.ts). Real Redis, the real deal store; half the deals paid.
 */
import type { Redis } from 'ioredis';
import { createDealStore } from '../src/deals/store.js';
import { readWatchedDeals, watchScheduleReader } from '../src/status/watched.js';
import { obligationRows } from '../src/watch/obligations.js';
import { WatchSettings } from '../src/watch/settings.js';
import { deletePattern } from './lib/redis.js';
import { median, round } from './lib/stats.js';

export async function obligationsRead(redis: Redis, prefix: string, deals: number): Promise<number> {
  const store = createDealStore({ redis, prefix });
  try {
    for (let start = 1; start <= deals; start += 200) {
      const ids = Array.from({ length: Math.min(200, deals - start + 1) }, (_, i) => start + i);
      await Promise.all(
        ids.map((id) =>
          store.createIfAbsent({
            dealId: id,
            blogId: 1,
            title: `Článek ${id}`,
            receivedAt: '2026-11-01T08:00:00.000Z',
            deadline: '2026-11-01T09:00:00.000Z',
            state: 'handed_in',
            data: {
              handedInAt: '2026-11-01T08:01:00.000Z',
              watch: { links: ['https://shop.example.cz/'] },
              articleCheck: {
                at: '2026-11-02T08:00:00.000Z',
                ok: true,
                status: 200,
                missing: [],
                links: 1,
                detail: 'HTTP 200',
              },
              ...(id % 2 ? { paid: { reward: 1000, price: 1500, at: '2026-11-10T00:00:00.000Z' } } : {}),
            },
          }),
        ),
      );
      await redis.zadd(`${prefix}:watch:due`, ...ids.flatMap((id) => [Date.now() + id * 1000, String(id)]));
    }
    const settings = WatchSettings.parse({});
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const t = performance.now();
      const read = await readWatchedDeals(store, await watchScheduleReader(redis, prefix)());
      if (obligationRows(read.deals, settings).length !== deals)
        throw new Error('the obligations did not read');
      times.push(performance.now() - t);
    }
    return round(median(times), 0);
  } finally {
    await deletePattern(redis, `${prefix}*`);
  }
}
