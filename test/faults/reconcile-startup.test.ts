/**
 * The daemon is down while 10 deals are accepted, and the marketplace gives up delivering their webhooks (its
 * retry schedule, scaled down, runs out while nobody listens). At start-up, reconciliation lists the accepted
 * deals changed since its last sweep and queues them: all 10 are published and handed in, once. Alongside, a
 * deal the marketplace publishes itself (found too, then skipped by the pipeline on the text's own flags) and a
 * deal of a blog pressbridge is not configured for (left alone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReconcileResult, reconcileKeys } from '../../src/reconcile/index.js';
import { until } from '../helpers/until.js';
import { expectExactlyOnce, type Scenario, startScenario } from './harness.js';
import { recordScenario } from './report.js';

const DEALS = 10;

describe('fault: deals accepted while the daemon is down and every delivery failed', () => {
  let s: Scenario;

  beforeAll(async () => {
    // The whole retry schedule (5 + 10 + 20 + 40 min) shrinks to ≈ 45 ms.
    s = await startScenario({ name: 'reconcile', timeScale: 1 / 100_000, photos: 1 });
  });

  afterAll(async () => {
    await s?.close();
  });

  it('publishes all 10 at start-up through reconciliation', async () => {
    const keys = reconcileKeys(s.prefix);
    // An earlier run of the daemon: its start-up sweep leaves the cursor the next start continues from.
    await s.daemon.start();
    const cursor = await until(
      async () => (await s.redis.hget(keys.state, 'cursor')) ?? undefined,
      20_000,
      'cursor',
    );
    expect(await s.daemon.kill('SIGTERM')).toEqual({ code: 0, signal: null });

    const started = Date.now();
    const ids: number[] = [];
    for (let i = 0; i < DEALS; i++) ids.push((await s.createDeal()).id);
    const placla = (await s.createDeal({ publishedBy: 'placla' })).id;
    const otherBlog = (await s.createDeal({ blogId: 2 })).id;
    const all = [...ids, placla, otherBlog];
    await until(
      async () => {
        const done = s.sandbox.deliveries().filter((d) => all.includes(d.deal_id ?? 0) && d.finished);
        return done.length === all.length ? true : undefined;
      },
      20_000,
      'the marketplace to give up delivering',
    );
    const deliveries = s.sandbox.deliveries().filter((d) => all.includes(d.deal_id ?? 0));
    expect(deliveries.map((d) => [d.delivered, d.attempts])).toEqual(all.map(() => [false, 5]));

    await s.daemon.start();
    const records = await s.waitUntilFinal([...ids, placla], 120_000);
    const tally = await s.tally(ids);
    recordScenario({
      scenario: 'daemon down, deliveries exhausted',
      deals: DEALS,
      published: tally.published,
      duplicates: tally.duplicates,
      lost: tally.lost,
      wallMs: Date.now() - started,
      notes: 'all found by the start-up reconciliation (+1 skipped, +1 other blog left alone)',
    });

    const sweep = JSON.parse((await s.redis.hget(keys.state, 'last')) ?? '{}') as ReconcileResult;
    expect(sweep).toMatchObject({ status: 'ok', fromCursor: true, otherBlogs: 1 });
    expect(Date.parse(sweep.since)).toBeLessThanOrEqual(Date.parse(cursor));
    expect([...sweep.enqueued].sort((a, b) => a - b)).toEqual([...ids, placla].sort((a, b) => a - b));

    for (const id of ids) {
      expect(records.get(id), `deal ${id}`).toMatchObject({ state: 'handed_in', source: 'reconcile' });
      expect(records.get(id)?.data.webUrl).toBe(`${s.sandbox.url}/_sandbox/deals/${id}`);
    }
    expect(records.get(placla)).toMatchObject({
      state: 'skipped',
      data: { skipReason: 'published_by_placla' },
    });
    expect(await s.store.get(otherBlog)).toBeUndefined();

    expectExactlyOnce(tally, DEALS, s.photosPerDeal);
    // Nothing for the skipped deal or the other blog reached WordPress or the marketplace.
    expect((await s.tally([placla, otherBlog], () => 0)).posts).toBe(0);
    expect(
      s.sandbox
        .handIns()
        .map((h) => h.dealId)
        .sort((a, b) => a - b),
    ).toEqual([...ids].sort((a, b) => a - b));
  });
});
