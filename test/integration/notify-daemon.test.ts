/**
 * Notifications in the daemon as `pressbridge start` wires them (startDaemon), fed by the sandbox marketplace over
 * real HTTP: a deal that fails in the worker and a claim delivered twice reach the dispatcher once each, in
 * Czech, linking the status page; a retried deal that is handed in sends the resolved follow-up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Daemon } from '../../src/app/types.js';
import { parseConfig } from '../../src/config/load.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { writeSecretFile } from '../../src/webhook/secret-file.js';
import { collectingDispatcher, sent } from '../helpers/notify.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { until } from '../helpers/until.js';

const dispatcher = collectingDispatcher();
const prefix = randomPrefix();
const dataDir = mkdtempSync(join(tmpdir(), 'pb-notify-'));
let sandbox: Sandbox;
let daemon: Daemon;
let failNext = true;

beforeAll(async () => {
  sandbox = await createSandbox({ allowHttpWebhooks: true });
  const config = parseConfig(
    {
      marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
      redis: { url: TEST_REDIS_URL, prefix },
      webhook: { listen: { host: '127.0.0.1', port: 0 }, secretFile: join(dataDir, 'secret.json') },
      status: { listen: { host: '127.0.0.1', port: 0 } },
      reconcile: { enabled: false },
      ui: { language: 'cs' },
      dataDir,
    },
    {},
  );
  daemon = await startDaemon({
    config,
    log: createSilentLogger(),
    // Registered below, once the listener has its port: it listens whatever the intake at start-up.
    webhook: true,
    dispatcher,
    process: async (ctx) => {
      if (failNext) {
        failNext = false;
        throw new UnrecoverableError(
          `WordPress refused the login: set blogs[0].options.appPassword (key ${sandbox.apiKey})`,
        );
      }
      await ctx.store.update(ctx.dealId, { state: 'handed_in' });
    },
  });
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
  await deleteKeys(redis, prefix).catch(() => 0);
  redis.disconnect();
});

describe('notifications in the daemon (integration)', () => {
  it('tells of a failed deal once, without the API key, and of its resolution after a retry', async () => {
    const deal = await sandbox.createDeal({ blogId: 1 });
    const failed = await until(
      () => dispatcher.messages.find((m) => m.key === `deal_failed:${deal.id}`),
      15_000,
      'deal_failed message',
    );
    expect(failed.title).toContain(`Obchod č. ${deal.id}`);
    expect(failed.body).toContain('set blogs[0].options.appPassword');
    expect(failed.body).not.toContain(sandbox.apiKey);
    expect(failed.url).toBe(`${daemon.statusUrl?.replace(/\/$/, '')}/deals/${deal.id}`);
    // The operator's retry as the status page does it: the record is reset and the job added again.
    await daemon.store.update(deal.id, { state: 'received', error: null });
    const job = await daemon.producer.queue.getJob(`deal-${deal.id}`);
    await job?.retry('failed');
    await until(
      () => dispatcher.messages.find((m) => m.key === `deal_failed:${deal.id}` && m.kind === 'resolved'),
      15_000,
      'resolved message',
    );
    expect(sent(dispatcher.messages).filter((line) => line.includes(`deal_failed:${deal.id}`))).toEqual([
      `problem deal_failed:${deal.id}`,
      `resolved deal_failed:${deal.id}`,
    ]);
  });

  it('tells of a claim once, although the marketplace delivers it twice', async () => {
    const claim = {
      event: 'claim.created',
      deal_id: 4242,
      claim: { text: 'Odkaz v článku nevede na náš web.\nDěkujeme.', created_at: '2026-11-23 14:05:00' },
    };
    await sandbox.sendEvent(claim);
    await sandbox.sendEvent(claim);
    // Each delivery resolves once the daemon answered it, and the daemon answers after its handlers ran.
    const claims = dispatcher.messages.filter((m) => m.topic === 'claim');
    expect(claims).toHaveLength(1);
    expect(claims[0]?.body).toContain('„Odkaz v článku nevede na náš web.“');
  });
});
