/**
 * Part `demands` (issue 30): does the demand intake leave the deals alone? Two runs against the sandbox at the
 * service's limit, time scaled six times (60 requests per 10 s window, in the sandbox and in our shared limiter
 * alike): deals accepted at a steady pace, each worked as the pipeline asks the marketplace (the deal, its text,
 * the hand-in; priority normal); the second run with the demand intake going flat out beside it on 3 blogs with
 * 50 demands each (rounds back to back, far more often than `demands.pollMinutes` allows). Reported per run:
 * acceptance → hand-in latency of the deals, the deals' requests and the demands' requests, 429s.
 *
 *   npx tsx bench/demands.ts [--deals 12] [--spread-s 60]
 */
import { parseArgs } from 'node:util';
import { createDemandServices } from '../src/demands/services.js';
import { createSilentLogger } from '../src/logger.js';
import { createMarketplaceClient } from '../src/marketplace/client.js';
import { createRateLimiter, rateLimitKey } from '../src/marketplace/rate-limit.js';
import { silentNotifier } from '../src/notify/types.js';
import { createSandbox } from '../src/sandbox/index.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../test/helpers/redis.js';
import { percentile, round, sleep } from './lib/stats.js';

const WINDOW_MS = 10_000;
const BLOGS = [1, 2, 3];

interface RunResult {
  withDemands: boolean;
  deals: number;
  latencyS: { p50: number; p95: number; max: number };
  dealRequests: number;
  demandRequests: number;
  demandRounds: number;
  judged: number;
  rateLimited: number;
}

async function run(withDemands: boolean, deals: number, spreadMs: number): Promise<RunResult> {
  const redis = createTestRedis();
  const prefix = randomPrefix();
  const sandbox = await createSandbox({
    rateLimit: { limit: 60, windowMs: WINDOW_MS },
    checkReachability: false,
    blogs: BLOGS.map((id) => ({ id, name: `Blog ${id}`, url: 'http://127.0.0.1' })),
  });
  const log = createSilentLogger();
  const limiter = createRateLimiter({
    redis,
    key: rateLimitKey(prefix, sandbox.apiKey),
    limit: 60,
    windowMs: WINDOW_MS,
  });
  const client = createMarketplaceClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, limiter, log });
  let stop = false;
  let rounds = 0;
  let judged = 0;
  let loop: Promise<void> = Promise.resolve();
  if (withDemands) {
    for (const blogId of BLOGS) {
      for (let i = 0; i < 50; i += 1) {
        await sandbox.createDemand({
          name: `Poptávka ${blogId}-${i}`,
          reward: 1000 + i,
          blogIds: [blogId],
          deliver: false,
        });
      }
    }
    const config = {
      blogs: BLOGS.map((id) => ({ id, rules: { minReward: 1020 } })) as never,
      demands: { enabled: true, pollMinutes: 5 },
      redis: { prefix } as never,
      marketplace: { timeZone: 'Europe/Prague' } as never,
    };
    const demands = createDemandServices(config, { redis, client, notifier: silentNotifier, log });
    loop = (async () => {
      while (!stop) {
        const result = await demands.intake.runOnce();
        rounds += 1;
        judged += result.judged;
      }
    })();
  }
  const latencies: number[] = [];
  const work = Array.from({ length: deals }, async (_, i) => {
    await sleep((spreadMs / deals) * i);
    const deal = await sandbox.createDeal({
      blogId: BLOGS[i % BLOGS.length] ?? 1,
      reward: 1500,
      deliver: false,
    });
    const accepted = performance.now();
    await client.getDeal(deal.id, { priority: 'high' });
    await client.getDealText(deal.id, { priority: 'high' });
    await client.handInArticle(deal.id, { url: `http://127.0.0.1/clanek-${deal.id}` }, { priority: 'high' });
    latencies.push((performance.now() - accepted) / 1000);
  });
  await Promise.all(work);
  stop = true;
  await loop;
  const stats = sandbox.stats();
  const count = (match: (route: string) => boolean) =>
    stats.requests.filter((r) => match(r.route)).reduce((sum, r) => sum + r.count, 0);
  const demandRequests = count((route) => route.includes('demands'));
  const result: RunResult = {
    withDemands,
    deals,
    latencyS: {
      p50: round(percentile(latencies, 50), 2),
      p95: round(percentile(latencies, 95), 2),
      max: round(Math.max(...latencies), 2),
    },
    dealRequests: count((route) => route.startsWith('/v1/deals')),
    demandRequests,
    demandRounds: rounds,
    judged,
    rateLimited: stats.rateLimited,
  };
  await sandbox.close();
  await deleteKeys(redis, prefix);
  redis.disconnect();
  return result;
}

const { values } = parseArgs({ options: { deals: { type: 'string' }, 'spread-s': { type: 'string' } } });
const deals = Number(values.deals ?? 12);
const spreadMs = Number(values['spread-s'] ?? 60) * 1000;
const without = await run(false, deals, spreadMs);
const withDemands = await run(true, deals, spreadMs);
process.stdout.write(`${JSON.stringify({ windowMs: WINDOW_MS, without, withDemands }, null, 2)}\n`);
