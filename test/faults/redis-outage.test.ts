/**
 * Redis (a private redis-server with AOF, as recommended) stops for 30 seconds in the middle of a burst of 50
 * deals and comes back. While it is away the webhook must answer 503 (the marketplace delivers again: its
 * schedule is scaled so the retries outlast the outage), the worker must wait instead of dying, and nothing
 * answered 200 may be missing afterwards. Reconciliation is switched off here: a deal acknowledged without a
 * stored job would show up as lost, not be rescued by the sweep.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_QUEUE } from '../../src/queue/jobs.js';
import { type PrivateRedis, startPrivateRedis } from '../helpers/redis-server.js';
import { expectExactlyOnce, type Scenario, startScenario } from './harness.js';
import { recordScenario } from './report.js';

const DEALS = 50;
const OUTAGE_MS = 30_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readyStatus(baseUrl: string): Promise<number> {
  try {
    const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

describe('fault: Redis stopped for 30 s during a burst of 50 deals', () => {
  let redisServer: PrivateRedis;
  let s: Scenario;

  beforeAll(async () => {
    redisServer = await startPrivateRedis();
    s = await startScenario({
      name: 'redis',
      redisUrl: redisServer.url,
      // Deliveries retried after 5, 10, 20, 40 s: the last retries land after the outage.
      timeScale: 1 / 60,
      photos: 1,
      config: { reconcile: { enabled: false } },
    });
    await s.daemon.start();
    // Slower answers keep a backlog, so the outage catches jobs in the middle of their steps.
    s.sandbox.setFailureMode({ latencyMs: 400 });
  });

  afterAll(async () => {
    await s?.close();
    await redisServer?.close();
  });

  it('answers 503 while Redis is away, pauses and resumes, and loses nothing it answered 200 for', async () => {
    const started = Date.now();
    const ids: number[] = [];
    const readyDuringOutage: number[] = [];

    const burst = (async () => {
      for (let i = 0; i < DEALS; i++) {
        ids.push((await s.createDeal()).id);
        await sleep(600);
      }
    })();
    const outage = (async () => {
      await sleep(8_000);
      await redisServer.stop();
      const back = Date.now() + OUTAGE_MS;
      await sleep(3_000);
      readyDuringOutage.push(await readyStatus(s.daemon.baseUrl));
      await sleep(Math.max(0, back - Date.now()));
      await redisServer.start();
    })();
    await Promise.all([burst, outage]);

    await s.waitUntilFinal(ids, 180_000);
    const tally = await s.tally(ids);
    const attempts = s.sandbox
      .deliveries()
      .filter((d) => d.event === 'deal.accepted')
      .flatMap((d) => d.history.map((a) => ({ dealId: d.deal_id, ...a })));
    const unavailable = attempts.filter((a) => a.status === 503).length;
    const interrupted = s.countLog('deal attempt failed; will retry');
    recordScenario({
      scenario: 'Redis down 30 s in a burst',
      deals: DEALS,
      published: tally.published,
      duplicates: tally.duplicates,
      lost: tally.lost,
      wallMs: Date.now() - started,
      notes: `${unavailable} deliveries answered 503, all delivered again; ${interrupted} job attempts cut off`,
    });

    // The daemon rode the outage out in one process.
    expect(s.daemon.exits).toEqual([]);
    expect(readyDuringOutage).toEqual([503]);
    expect(await readyStatus(s.daemon.baseUrl)).toBe(200);

    // Every delivery got 200 (stored) or 503 (deliver again), and the outage really hit deliveries.
    expect(new Set(attempts.map((a) => a.status))).toEqual(new Set([200, 503]));
    expect(unavailable).toBeGreaterThan(0);

    // No 200 without a job: the job was stored before the answer, and it is still there.
    const connection = new Redis(redisServer.url, { maxRetriesPerRequest: 1 });
    const queue = new Queue(DEAL_QUEUE, { connection, prefix: s.prefix });
    try {
      for (const attempt of attempts.filter((a) => a.status === 200)) {
        const dealId = attempt.dealId as number;
        const record = await s.store.get(dealId);
        expect(record?.source, `deal ${dealId}`).toBe('webhook');
        expect(Date.parse(record?.enqueuedAt ?? ''), `deal ${dealId}`).toBeLessThanOrEqual(
          Date.parse(attempt.at) + attempt.durationMs,
        );
        const job = await queue.getJob(`deal-${dealId}`);
        expect(await job?.getState(), `deal ${dealId}`).toBe('completed');
      }
    } finally {
      await queue.close();
      connection.disconnect();
    }

    expectExactlyOnce(tally, DEALS, s.photosPerDeal);
    expect(s.sandbox.deliveries().filter((d) => d.event === 'deal.accepted' && !d.delivered)).toEqual([]);
  });
});
