/**
 * Issue 15 end to end: the daemon as `pressbridge start` runs it, fed by the sandbox over real HTTP, with two
 * notification channels: a live webhook receiver and a dead one (connection refused). What the blogger must
 * hear arrives once, in Czech, while the dead channel changes nothing for the deals:
 * - a deal whose blog is not configured fails → one "deal failed" message with the reason;
 * - an advertiser's claim, delivered twice by the marketplace → one message with the text's first line;
 * - a handed-in deal paid by the advertiser → `deal.paid` recorded on the deal, shown on the Earnings page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Daemon } from '../../src/app/types.js';
import { parseConfig } from '../../src/config/load.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { writeSecretFile } from '../../src/webhook/secret-file.js';
import { startHttpReceiver } from '../helpers/notify-receivers.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

const BLOG_ID = 1;
const UNKNOWN_BLOG_ID = 77;

/** A port nothing listens on: bound, noted and closed again. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Message {
  topic: string;
  kind: string;
  title: string;
  body: string;
  text: string;
  dealId?: number;
}

describe('notifications, money and the dead channel (integration)', () => {
  let sandbox: Sandbox;
  let daemon: Daemon;
  let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;
  const prefix = randomPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-notify-e2e-'));

  const messages = (): Message[] => receiver.requests.map((r) => JSON.parse(r.body) as Message);

  beforeAll(async () => {
    receiver = await startHttpReceiver();
    sandbox = await createSandbox({ allowHttpWebhooks: true });
    sandbox.putBlog({ id: UNKNOWN_BLOG_ID, name: 'Blog bez konfigurace', url: 'http://127.0.0.1' });
    const config = parseConfig(
      {
        marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
        redis: { url: TEST_REDIS_URL, prefix },
        webhook: {
          listen: { host: '127.0.0.1', port: 0 },
          signatureHeader: sandbox.signatureHeader,
          secretFile: join(dataDir, 'secret.json'),
        },
        status: { listen: { host: '127.0.0.1', port: 0 } },
        worker: { attempts: 1 },
        reconcile: { enabled: false },
        dataDir,
        notify: {
          channels: [
            { name: 'hook', type: 'webhook', url: receiver.url },
            { name: 'dead', type: 'webhook', url: `http://127.0.0.1:${await deadPort()}/hook` },
          ],
        },
        blogs: [
          {
            id: BLOG_ID,
            name: 'Zahrada',
            publisher: 'static',
            options: { serve: { host: '127.0.0.1', port: 0 }, siteName: 'e2e' },
          },
        ],
      },
      {},
    );
    // Registered below, once the listener has its port: it listens whatever the intake at start-up.
    daemon = await startDaemon({ config, log: createSilentLogger(), webhook: true });
    const registered = await daemon.client.putWebhook(daemon.webhookUrl as string);
    writeSecretFile(join(dataDir, 'secret.json'), {
      secret: registered.secret,
      updatedAt: new Date().toISOString(),
    });
  }, 30_000);

  afterAll(async () => {
    await daemon?.close();
    await sandbox?.close();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await deleteKeys(redis, prefix).catch(() => 0);
    redis.disconnect();
  });

  it('tells of a failed deal once, in Czech, with its reason, while the dead channel changes nothing', async () => {
    const deal = await sandbox.createDeal({ blogId: UNKNOWN_BLOG_ID });
    await until(async () => (await daemon.store.get(deal.id))?.state === 'failed', 20_000);
    await until(
      async () => messages().some((m) => m.topic === 'deal_failed' && m.dealId === deal.id),
      10_000,
    );
    const failed = messages().filter((m) => m.topic === 'deal_failed' && m.dealId === deal.id);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.kind).toBe('problem');
    // Czech by default, the reason too (the record keeps its phrase beside the English: decision 21).
    const text = `${failed[0]?.title}\n${failed[0]?.body}`;
    expect(text).toContain(`je pro blog ${UNKNOWN_BLOG_ID}`);
    expect(text).not.toContain(`is for blog ${UNKNOWN_BLOG_ID}`);
    expect(failed[0]?.title).toMatch(/[áčďéěíňóřšťúůýž]/i);
  });

  it('hands a deal in and records its payment; one message for a claim delivered twice', async () => {
    const deal = await sandbox.createDeal({ blogId: BLOG_ID, reward: 1500, price: 2000 });
    await until(async () => (await daemon.store.get(deal.id))?.state === 'handed_in', 30_000);
    expect(sandbox.handIns().map((h) => h.dealId)).toContain(deal.id);

    const claim = {
      event: 'claim.created',
      deal_id: deal.id,
      claim: {
        text: 'V článku chybí odkaz na e-shop\nProsím o opravu do zítřka.',
        created_at: '2026-11-23 10:00:00',
      },
    };
    await sandbox.sendEvent(claim);
    await sandbox.sendEvent(claim);
    await until(async () => messages().some((m) => m.topic === 'claim' && m.dealId === deal.id), 10_000);

    await fetch(`${sandbox.url}/_sandbox/deals/${deal.id}/pay`, { method: 'POST' });
    await until(async () => (await daemon.store.get(deal.id))?.data.paid !== undefined, 10_000);
    const paid = (await daemon.store.get(deal.id))?.data.paid as { reward: number | null; at: string };
    expect(paid.reward).toBe(1500);
    expect(Number.isNaN(Date.parse(paid.at))).toBe(false);

    const claims = messages().filter((m) => m.topic === 'claim' && m.dealId === deal.id);
    expect(claims).toHaveLength(1);
    expect(`${claims[0]?.title}\n${claims[0]?.body}`).toContain('V článku chybí odkaz na e-shop');
    expect(`${claims[0]?.title}\n${claims[0]?.body}`).not.toContain('Prosím o opravu');

    const earnings = await fetch(`${daemon.statusUrl}earnings`);
    expect(earnings.status).toBe(200);
    expect(await earnings.text()).toContain('1\u00a0500\u00a0Kč');
  });
});
