/**
 * A burst of 50 deals while the daemon is killed with SIGKILL at random moments, five times, and restarted each
 * time: no graceful stop, no cleanup, jobs cut off mid-step (media half uploaded, post made but not recorded, URL
 * handed in but not noted). The worker runs with the production lock settings, so the jobs of a killed worker
 * come back through BullMQ's stalled-job check; deliveries that hit a dead listener are retried by the
 * marketplace (schedule scaled down) or, when those retries run out, found by the start-up reconciliation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExactlyOnce, type Scenario, startScenario } from './harness.js';
import { recordScenario } from './report.js';

const DEALS = 50;
const KILLS = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min));

describe('fault: a burst of 50 deals with the daemon SIGKILLed five times', () => {
  let s: Scenario;

  beforeAll(async () => {
    s = await startScenario({ name: 'burst', timeScale: 1 / 1000, photos: 1 });
    await s.daemon.start();
  });

  afterAll(async () => {
    await s?.close();
  });

  it('hands in every deal exactly once: 50 posts, 100 media, 50 hand-ins', async () => {
    const started = Date.now();
    const ids: number[] = [];
    let burstDone = false;

    const burst = (async () => {
      for (let i = 0; i < DEALS; i++) {
        ids.push((await s.createDeal()).id);
        await sleep(300);
      }
      burstDone = true;
    })();
    const kills: number[] = [];
    const chaos = (async () => {
      for (let k = 0; k < KILLS; k++) {
        // A random moment while the daemon runs and deals are arriving or being worked on.
        await sleep(between(800, burstDone ? 2_000 : 4_500));
        const exit = await s.daemon.kill('SIGKILL');
        if (exit?.signal === 'SIGKILL') kills.push(Date.now() - started);
        await sleep(between(0, 1_500));
        await s.daemon.start();
      }
    })();
    await Promise.all([burst, chaos]);

    const records = await s.waitUntilFinal(ids, 180_000);
    const tally = await s.tally(ids);
    const viaReconcile = [...records.values()].filter((r) => r.source === 'reconcile').length;
    recordScenario({
      scenario: 'burst + 5 × SIGKILL',
      deals: DEALS,
      published: tally.published,
      duplicates: tally.duplicates,
      lost: tally.lost,
      wallMs: Date.now() - started,
      notes: `kills at ${kills.map((ms) => `${(ms / 1000).toFixed(1)}s`).join(', ')}; ${viaReconcile} found by reconciliation`,
    });

    expect(kills).toHaveLength(KILLS);
    expect(s.daemon.exits.filter((e) => e.signal === 'SIGKILL')).toHaveLength(KILLS);
    expectExactlyOnce(tally, DEALS, s.photosPerDeal);
    expect(tally.states).toEqual({ handed_in: DEALS });
    // Nothing else reached WordPress or the marketplace (no post or hand-in without a deal of this burst).
    expect(s.sandbox.handIns()).toHaveLength(DEALS);
  });
});
