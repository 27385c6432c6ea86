/**
 * The demand intake against the in-repo sandbox over real HTTP: a demand created through `POST /_sandbox/demands`
 * arrives by the signed webhook (through the daemon's receiver) and, with no webhook registered, by the poll; it
 * is judged by the blog's rules, stored once, told once, and with `autoOffer` offered on exactly once within
 * the day's cap.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDemandServices } from '../../src/demands/services.js';
import { createSilentLogger } from '../../src/logger.js';
import { createMarketplaceClient } from '../../src/marketplace/client.js';
import { createRateLimiter, rateLimitKey } from '../../src/marketplace/rate-limit.js';
import { createNotifier } from '../../src/notify/notifier.js';
import type { BlogRules } from '../../src/rules/settings.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createWebhookRouter } from '../../src/webhook/receiver.js';
import { collectingDispatcher } from '../helpers/notify.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

const RULES: BlogRules = {
  minReward: 1000,
  refusedWords: ['kasino'],
  autoOffer: { enabled: true, maxPerDay: 1, maxKcPerDay: 50_000 },
};

describe('demand intake against the sandbox (issue 30)', () => {
  let redis: Redis;
  const prefixes: string[] = [];
  const cleanup: Array<() => Promise<void>> = [];
  beforeAll(() => {
    redis = createTestRedis();
  });
  afterEach(async () => {
    for (const close of cleanup.splice(0).reverse()) await close();
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  async function world() {
    const sandbox: Sandbox = await createSandbox({
      allowHttpWebhooks: true,
      rateLimit: { limit: 600, windowMs: 60_000 },
    });
    cleanup.push(() => sandbox.close());
    const prefix = randomPrefix();
    prefixes.push(prefix);
    const log = createSilentLogger();
    const limiter = createRateLimiter({
      redis,
      key: rateLimitKey(prefix, sandbox.apiKey),
      limit: 60,
      windowMs: 60_000,
    });
    const client = createMarketplaceClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, limiter, log });
    const dispatcher = collectingDispatcher();
    const notifier = createNotifier({
      dispatcher,
      redis,
      prefix,
      language: 'cs',
      log,
      statusUrl: 'http://status.test',
    });
    const config = {
      blogs: [{ id: 1, rules: RULES }] as never,
      demands: { enabled: true, pollMinutes: 5 },
      redis: { prefix } as never,
      marketplace: { timeZone: 'Europe/Prague' } as never,
    };
    const demands = createDemandServices(config, { redis, client, notifier, log });
    cleanup.push(() => demands.intake.stop());
    const create = async (body: Record<string, unknown>): Promise<number> => {
      const answer = await fetch(`${sandbox.url}/_sandbox/demands`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ blogIds: [1], ns: 1, ...body }),
      });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { id: number }).id;
    };
    const offersOn = (demandId: number) => sandbox.listDeals().filter((d) => d.demandId === demandId);
    const briefReads = () =>
      sandbox
        .stats()
        .requests.filter((r) => r.route === '/v1/demands/:id')
        .reduce((sum, r) => sum + r.count, 0);
    return { sandbox, demands, dispatcher, create, offersOn, briefReads };
  }

  /** The daemon's webhook receiver (signature checked) in front of the intake's `onEvent`. */
  async function receiver(w: Awaited<ReturnType<typeof world>>): Promise<void> {
    let secret = '';
    const app = express();
    app.use(
      createWebhookRouter({
        config: {
          listen: { host: '127.0.0.1', port: 0 },
          path: '/webhook',
          rotationGraceMinutes: 60,
          maxBodyBytes: 65_536,
        },
        producer: { enqueueDeal: async () => ({ status: 'added', jobId: 'none' }) },
        store: { recordEvent: async () => {} },
        log: createSilentLogger(),
        secrets: () => [{ secret }],
        onEvent: async (event) => w.demands.intake.onEvent(event),
      }),
    );
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    cleanup.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    secret = w.sandbox.setWebhook(`http://127.0.0.1:${port}/webhook`).secret;
  }

  it('takes a demand by webhook: judged by the rules, stored once, told once, offered on once', async () => {
    const w = await world();
    await receiver(w);

    const fits = await w.create({ name: 'Zahradní sekačky', reward: 1500 });
    const stored = await until(
      async () => {
        const record = await w.demands.store.get(1, fits);
        return record?.offer ? record : undefined;
      },
      10_000,
      'the webhook demand judged and offered on',
    );
    // The webhook's round may still be running (a round joins the one running): let it end; then the next poll
    // lists the same demand and changes nothing.
    await w.demands.intake.runOnce();
    const again = await w.demands.intake.runOnce();

    expect(stored).toMatchObject({ source: 'webhook', verdict: { outcome: 'fits' }, offer: { by: 'auto' } });
    expect(again).toMatchObject({ status: 'done', fresh: 0, judged: 0, offered: 0 });
    expect((await w.demands.store.list(1)).map((r) => r.demandId)).toEqual([fits]);
    expect(w.briefReads()).toBe(1);
    expect(w.offersOn(fits)).toHaveLength(1);
    expect(w.dispatcher.messages.map((m) => m.key)).toEqual([`demand:1:${fits}`, `demand_offered:1:${fits}`]);
  });

  it('takes demands by poll with no webhook: one fits, one refused with its reasons; the cap holds the second fit back', async () => {
    const w = await world();

    const fits = await w.create({ name: 'Zahradní sekačky', reward: 1500 });
    const refused = await w.create({ name: 'Online kasino', reward: 900 });
    const first = await w.demands.intake.runOnce();
    const secondFit = await w.create({ name: 'Skleníky', reward: 2000 });
    const second = await w.demands.intake.runOnce();
    const third = await w.demands.intake.runOnce();

    expect(first).toMatchObject({ status: 'done', fresh: 2, judged: 2, fits: 1, offered: 1 });
    expect(second).toMatchObject({ fresh: 1, judged: 1, fits: 1, offered: 0 });
    expect(third).toMatchObject({ fresh: 0, judged: 0, offered: 0 });
    const no = await w.demands.store.get(1, refused);
    expect(no?.verdict?.outcome).toBe('refuse');
    expect(no?.verdict?.reasons.map((r) => r.rule).sort()).toEqual(['minReward', 'refusedWords']);
    expect(no?.source).toBe('poll');
    expect(w.offersOn(fits)).toHaveLength(1);
    expect(w.offersOn(refused)).toHaveLength(0);
    expect(w.offersOn(secondFit)).toHaveLength(0);
    expect(await w.demands.cap.used(1, new Date())).toMatchObject({ count: 1, kc: 1500 });
    expect(w.dispatcher.messages.map((m) => m.key)).toEqual([
      `demand:1:${fits}`,
      `demand_offered:1:${fits}`,
      `demand:1:${secondFit}`,
    ]);
  });

  it("finds an offer the advertiser declined: the offer marked refused, counted once, by the month's tally", async () => {
    const w = await world();
    const fits = await w.create({ name: 'Zahradní sekačky', reward: 1500, ns: 2 });
    const first = await w.demands.intake.runOnce();
    expect(first).toMatchObject({ offered: 1, refused: 0 });
    const dealId = (await w.demands.store.get(1, fits))?.offer?.dealId;
    expect(dealId).toBeDefined();

    w.sandbox.declineOffer(dealId ?? 0, { reason: 'Jiný blog' });
    const listings = () =>
      w.sandbox
        .stats()
        .requests.filter((r) => r.route === '/v1/deals')
        .reduce((sum, r) => sum + r.count, 0);
    const before = listings();
    const second = await w.demands.intake.runOnce();
    const third = await w.demands.intake.runOnce();

    expect(second).toMatchObject({ status: 'done', refused: 1 });
    expect(listings()).toBe(before + 1);
    // Nothing waits for an answer any more: the next round asks nothing.
    expect(third).toMatchObject({ status: 'done', refused: 0 });
    expect(listings()).toBe(before + 1);
    expect((await w.demands.store.get(1, fits))?.answer?.outcome).toBe('refused');
    const months = await w.demands.tally.read();
    expect(months).toHaveLength(1);
    expect(months[0]).toMatchObject({ made: 1, accepted: 0, refused: 1, kc: 1500, ns: 2 });
  });
});
