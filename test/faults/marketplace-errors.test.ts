/**
 * The marketplace misbehaves for the whole burst: every third API request answers 500 `server` and, besides,
 * one in seven answers 429 `rate_limit` (Retry-After: 1) whatever the real budget says. Every deal must still
 * be published once and handed in once, before its deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExactlyOnce, type Scenario, startScenario } from './harness.js';
import { recordScenario } from './report.js';

const DEALS = 50;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('fault: the marketplace answers 500 to every third request and 429 at random', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario({ name: 'marketplace', timeScale: 1 / 1000, photos: 1 });
    await s.daemon.start();
  });

  afterAll(async () => {
    await s?.close();
  });

  it('publishes and hands in every deal once, each before its deadline', async () => {
    const started = Date.now();
    s.sandbox.resetStats();
    s.sandbox.setFailureMode({ serverErrorEvery: 3, random429: 1 / 7, retryAfterSeconds: 1 });
    const ids: number[] = [];
    for (let i = 0; i < DEALS; i++) {
      ids.push((await s.createDeal()).id);
      await sleep(200);
    }

    const records = await s.waitUntilFinal(ids, 240_000);
    const stats = s.sandbox.stats();
    s.sandbox.setFailureMode({});
    const tally = await s.tally(ids);
    const injected500 = stats.requests.filter((r) => r.status === 500).reduce((n, r) => n + r.count, 0);
    recordScenario({
      scenario: 'marketplace 500 every 3rd + random 429',
      deals: DEALS,
      published: tally.published,
      duplicates: tally.duplicates,
      lost: tally.lost,
      wallMs: Date.now() - started,
      notes: `${stats.totalRequests} API requests: ${injected500} × 500, ${stats.rateLimited} × 429`,
    });

    // The faults really happened, on the deals' own requests.
    expect(injected500).toBeGreaterThanOrEqual(Math.floor(stats.totalRequests / 3) - 2);
    expect(stats.rateLimited).toBeGreaterThan(0);

    expectExactlyOnce(tally, DEALS, s.photosPerDeal);
    // Within the deadline: the marketplace took each URL before the deal's publish_deadline, none late.
    for (const handIn of s.sandbox.handIns()) {
      const deal = s.sandbox.getDeal(handIn.dealId);
      expect(Date.parse(handIn.at), `deal ${handIn.dealId}`).toBeLessThan(
        Date.parse(deal?.publishDeadline ?? ''),
      );
      const handInData = records.get(handIn.dealId)?.data.handIn as { late?: boolean } | undefined;
      expect(handInData?.late, `deal ${handIn.dealId}`).toBe(false);
    }
  });
});
