/**
 * `deal.paid` from the sandbox marketplace into a real daemon (real HTTP, signed deliveries, real Redis): the deal
 * record gets `data.paid = {reward, price, at}` and a log line, a redelivery changes nothing, a deal.paid for an
 * unknown deal is answered 200 without a record, impossible money is refused at the edge (400, nothing recorded),
 * a deal.paid naming another blog is logged and not recorded, and the status page shows the money (deal page,
 * deals table, Earnings page).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Daemon } from '../../src/app/types.js';
import { parseConfig } from '../../src/config/load.js';
import { createDealStore } from '../../src/deals/store.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { moneyKeys, readOverview } from '../../src/money/overview.js';
import { createDealPaidHandler, readPaid } from '../../src/money/paid.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { writeSecretFile } from '../../src/webhook/secret-file.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

describe('deal.paid recorded on the deal (integration)', () => {
  let sandbox: Sandbox;
  let daemon: Daemon;
  const prefix = randomPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-paid-'));

  beforeAll(async () => {
    sandbox = await createSandbox({
      allowHttpWebhooks: true,
      blogs: [{ id: 1, name: 'Zahrada a dům', url: 'http://127.0.0.1' }],
    });
    const config = parseConfig(
      {
        marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
        redis: { url: TEST_REDIS_URL, prefix },
        webhook: { listen: { host: '127.0.0.1', port: 0 }, secretFile: join(dataDir, 'secret.json') },
        status: { listen: { host: '127.0.0.1', port: 0 } },
        ui: { language: 'en' },
        blogs: [
          {
            id: 1,
            name: 'Garden blog',
            publisher: 'static',
            options: { baseUrl: 'http://127.0.0.1/articles/' },
          },
        ],
        dataDir,
      },
      {},
    );
    // No worker: the deal stays `received`, which is all the money part needs.
    daemon = await startDaemon({ config, log: createSilentLogger(), worker: false });
    const registered = await daemon.client.putWebhook(daemon.webhookUrl as string);
    writeSecretFile(join(dataDir, 'secret.json'), {
      secret: registered.secret,
      updatedAt: new Date().toISOString(),
    });
  });
  afterAll(async () => {
    await daemon?.close();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('keeps reward and price from deal.accepted, then records the payout once', async () => {
    const deal = await sandbox.createDeal({ blogId: 1, reward: 1900, price: 2600 });
    const record = await until(() => daemon.store.get(deal.id), 15_000, 'deal record');
    expect(record.data).toMatchObject({ reward: 1900, price: 2600 });
    expect(record.data.paid).toBeUndefined();

    const before = Date.now();
    const paidAnswer = await fetch(`${sandbox.url}/_sandbox/deals/${deal.id}/pay`, { method: 'POST' });
    expect(paidAnswer.status).toBe(200);
    const paidRecord = await until(async () => {
      const r = await daemon.store.get(deal.id);
      return r?.data.paid ? r : undefined;
    }, 15_000);
    expect(Object.keys(paidRecord.data.paid as object).sort()).toEqual(['at', 'price', 'reward']);
    const paid = readPaid(paidRecord.data);
    expect(paid).toMatchObject({ reward: 1900, price: 2600 });
    expect(Date.parse(paid?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const delivery = sandbox.deliveries().find((d) => d.event === 'deal.paid' && d.deal_id === deal.id);
    expect(delivery?.history.map((a) => a.status)).toEqual([200]);
    const logLines = (await daemon.store.readLog(deal.id)).filter((l) => l.msg.startsWith('paid out'));
    expect(logLines).toHaveLength(1);

    // A redelivery of the same event: 200, nothing changes.
    const body = JSON.parse(delivery?.body ?? '{}') as { event: string } & Record<string, unknown>;
    expect(body.event).toBe('deal.paid');
    const again = await sandbox.sendEvent(body);
    expect(again.map((d) => d.history.map((a) => a.status))).toEqual([[200]]);
    const after = await daemon.store.get(deal.id);
    expect(after?.data.paid).toEqual(paidRecord.data.paid);
    expect((await daemon.store.readLog(deal.id)).filter((l) => l.msg.startsWith('paid out'))).toHaveLength(1);
  });

  it('answers 200 to a deal.paid for a deal it has no record of, and creates none', async () => {
    const delivered = await sandbox.sendEvent({
      event: 'deal.paid',
      deal: { id: 987_654, blog: { id: 1, name: 'Zahrada a dům' }, demand: { id: 1 }, price: 1, reward: 1 },
    });
    expect(delivered.map((d) => d.history.map((a) => a.status))).toEqual([[200]]);
    expect(await daemon.store.get(987_654)).toBeUndefined();
    const events = await daemon.store.readEvents(987_654);
    expect(events.map((e) => e.event)).toEqual(['deal.paid']);
  });

  it('refuses impossible money and another blog through the real route, and records nothing', async () => {
    const deal = await sandbox.createDeal({ blogId: 1, reward: 1500, price: 2100 });
    await until(() => daemon.store.get(deal.id), 15_000, 'deal record');
    const paid = (fields: Record<string, unknown>) => ({
      event: 'deal.paid',
      deal: {
        id: deal.id,
        blog: { id: 1, name: 'Zahrada a dům' },
        demand: { id: 1 },
        price: 2100,
        ...fields,
      },
    });
    const statuses: number[][] = [];
    for (const reward of [-5_000_000, 1500.5, 'NaN', Number.MAX_SAFE_INTEGER, 10_000_001]) {
      const delivered = await sandbox.sendEvent(paid({ reward }));
      statuses.push(...delivered.map((d) => d.history.map((a) => a.status)));
    }
    const otherBlog = await sandbox.sendEvent(paid({ reward: 1500, blog: { id: 2, name: 'Cizí blog' } }));

    expect(statuses).toEqual(Array(5).fill([400]));
    // Another blog's deal.paid is well-formed: 200 (a redelivery would say the same), logged, not recorded.
    expect(otherBlog.map((d) => d.history.map((a) => a.status))).toEqual([[200]]);
    const record = await daemon.store.get(deal.id);
    expect(record?.data.paid).toBeUndefined();
    expect(record?.data).toMatchObject({ reward: 1500, price: 2100 });
    const outcomes = (await daemon.store.readEvents(deal.id)).filter((e) => e.event === 'deal.paid');
    expect(outcomes.map((e) => e.outcome).sort()).toEqual([
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
      'recorded',
    ]);
    const log = await daemon.store.readLog(deal.id);
    const other = log.find((l) => l.key === 'log.paid_other_blog');
    expect(other?.msg).toBe("deal.paid names another blog than this deal's; not recorded as paid");
    expect(other?.fields).toMatchObject({ eventBlogId: 2, blogId: 1 });
    expect(log.some((l) => l.msg.startsWith('paid out'))).toBe(false);
  });

  it('shows the reward and the payout on the deal page, in the deals table and on the Earnings page', async () => {
    const deal = await sandbox.createDeal({ blogId: 1, reward: 1234, price: 2000 });
    await until(() => daemon.store.get(deal.id), 15_000, 'deal record');
    const status = (daemon.statusUrl as string).replace(/\/$/, '');
    const dealsPage = await (await fetch(`${status}/deals`)).text();
    expect(dealsPage).toContain('data-reward="1234"');
    await sandbox.payDeal(deal.id);
    await until(async () => (await daemon.store.get(deal.id))?.data.paid, 15_000);
    const dealPage = await (await fetch(`${status}/deals/${deal.id}`)).text();
    expect(dealPage).toMatch(/data-paid-at="\d{4}-\d{2}-\d{2}T/);
    expect(dealPage).toContain('CZK\u00a01,234');
    const earnings = await fetch(`${status}/earnings`);
    expect(earnings.status).toBe(200);
    const page = await earnings.text();
    // Both paid deals of this file (1900 + 1234), from their deal.paid: no overview was read yet.
    expect(page).toMatch(/data-money="month">[\s\S]*?data-amount="3134"/);
    expect(page).toContain('Garden blog');
    expect(page).toContain('href="/earnings" aria-current="page"');
  });

  it('reads the payout overview only in a process that runs the worker, soon after start-up', async () => {
    const reads = () =>
      sandbox
        .stats()
        .requests.filter((r) => r.route === '/v1/payouts')
        .reduce((sum, r) => sum + r.count, 0);
    expect(daemon.payoutPoller).toBeUndefined();
    expect(reads()).toBe(0);
    const workerPrefix = randomPrefix();
    const withWorker = await startDaemon({
      config: parseConfig(
        {
          marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
          redis: { url: TEST_REDIS_URL, prefix: workerPrefix },
          money: { firstReadDelaySeconds: 0 },
          // Only the payout read is under test: no poll intake listing (and queueing) the sandbox's deals.
          intake: { mode: 'webhook' },
          blogs: [{ id: 1, publisher: 'static', options: { baseUrl: 'http://127.0.0.1/articles/' } }],
          dataDir,
        },
        {},
      ),
      log: createSilentLogger(),
      webhook: false,
      status: false,
      reconcile: false,
    });
    try {
      expect(withWorker.payoutPoller).toBeDefined();
      await until(() => reads() === 1, 15_000, 'the first payout read');
      const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
      try {
        const stored = await readOverview(redis, moneyKeys(workerPrefix));
        // The two deals paid above are in the marketplace's monthly sum.
        expect(stored?.overview.paid_monthly.reduce((sum, m) => sum + m.amount, 0)).toBe(1900 + 1234);
      } finally {
        await deleteKeys(redis, workerPrefix);
        redis.disconnect();
      }
    } finally {
      await withWorker.close();
    }
  });

  it('a store failure throws (the receiver answers 503 and the marketplace delivers again)', async () => {
    const broken = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    try {
      const handler = createDealPaidHandler({
        store: createDealStore({ redis: broken, prefix }),
        log: createSilentLogger(),
      });
      await expect(
        handler({ event: 'deal.paid', deal: { id: 5, reward: 1, price: 2 } }, 5),
      ).rejects.toThrow();
    } finally {
      broken.disconnect();
    }
  });
});
