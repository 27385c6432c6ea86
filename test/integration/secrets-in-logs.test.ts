/**
 * No secret reaches a log line: the daemon's stdout (pino), the deal logs and the global log in Redis, the
 * metrics. Driven through paths that log a lot: a deal whose WordPress refuses the connection (errors with
 * request details), a delivery with a wrong signature, the marketplace refusing a key, the CLI's doctor.
 * (The status pages are proven clean by test/unit/status/secrets.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { Daemon } from '../../src/app/types.js';
import { parseConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { writeSecretFile } from '../../src/webhook/secret-file.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { freePort } from '../helpers/redis-server.js';
import { sign } from '../helpers/sign.js';
import { until } from '../helpers/until.js';

const API_KEY = 'sk-live-API-KEY-7f3a9c1e5b2d4f60';
const WP_PASSWORD = 'WPAPP Pass 9Q8w 7E6r 5T4y';
const STATUS_PASSWORD = 'status-PASSWORD-e81b2c';

describe('secrets never reach a log (integration)', () => {
  let sandbox: Sandbox;
  let daemon: Daemon;
  let webhookSecret = '';
  const prefix = randomPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-secrets-'));
  let output = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });

  afterAll(async () => {
    await daemon?.close();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('keeps the API key, webhook secret, WordPress and status passwords out of every log', async () => {
    sandbox = await createSandbox({ apiKey: API_KEY, allowHttpWebhooks: true });
    const deadPort = await freePort();
    const config = parseConfig(
      {
        marketplace: { baseUrl: sandbox.url, apiKey: API_KEY },
        redis: { url: TEST_REDIS_URL, prefix },
        webhook: { listen: { host: '127.0.0.1', port: 0 }, secretFile: join(dataDir, 'secret.json') },
        status: { listen: { host: '127.0.0.1', port: 0 }, password: STATUS_PASSWORD },
        log: { level: 'debug' },
        dataDir,
        blogs: [
          {
            id: 1,
            publisher: 'wordpress',
            // Nothing listens there: every publish attempt fails with a logged, retryable error.
            options: {
              url: `http://127.0.0.1:${deadPort}`,
              username: 'admin',
              applicationPassword: WP_PASSWORD,
            },
          },
        ],
      },
      {},
    );
    daemon = await startDaemon({
      config,
      log: createLogger({ level: 'debug', destination: sink }),
      workerOptions: { closeTimeoutMs: 2_000 },
      // Registered below, once the listener has its port: it listens whatever the intake at start-up.
      webhook: true,
    });
    const registered = await daemon.client.putWebhook(daemon.webhookUrl as string);
    webhookSecret = registered.secret;
    writeSecretFile(join(dataDir, 'secret.json'), {
      secret: webhookSecret,
      updatedAt: new Date().toISOString(),
    });

    // A deal that fails at publishing (WordPress unreachable) and is retried.
    const deal = await sandbox.createDeal({ blogId: 1, photos: 1 });
    await until(
      async () => {
        const record = await daemon.store.get(deal.id);
        return record && (record.attempts >= 2 || record.state === 'failed');
      },
      20_000,
      'the deal retried',
    );
    // A delivery signed with a wrong key, and one carrying secrets in headers and body.
    const body = JSON.stringify({ event: 'webhook.test', note: 'hello' });
    await fetch(daemon.webhookUrl as string, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': sign(body, 'not-the-secret'),
        authorization: `Bearer ${API_KEY}`,
      },
      body,
    });
    // A correctly signed event whose body names the secrets (the event log stores bodies).
    const leaky = JSON.stringify({
      event: 'message.created',
      deal_id: deal.id,
      password: WP_PASSWORD,
      token: API_KEY,
      text: 'nothing secret here',
    });
    const answer = await fetch(daemon.webhookUrl as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': sign(leaky, webhookSecret) },
      body: leaky,
    });
    expect(answer.status).toBe(200);

    // The marketplace refusing the daemon's key (revoked): a 401 through the daemon's own client, its error
    // handling, its request log and its metrics.
    sandbox.disableKey(API_KEY);
    await expect(daemon.client.me()).rejects.toMatchObject({ status: 401 });

    const metrics = await fetch(new URL('/metrics', daemon.statusUrl), {
      headers: { Authorization: `Basic ${Buffer.from(`x:${STATUS_PASSWORD}`).toString('base64')}` },
    });
    expect(metrics.status).toBe(200);
    const metricsText = await metrics.text();
    expect(metricsText).toMatch(/pressbridge_marketplace_requests_total\{operation="me",status="401"\} 1/);

    // Read everything once the fire-and-forget log writes this test caused have landed (the failure's reason in
    // the deal log, the leaky event in the event log), then stop (which logs too).
    const { dealLog, globalLog, events } = await until(
      async () => {
        const logs = {
          dealLog: JSON.stringify(await daemon.store.readLog(deal.id, { limit: 500 })),
          globalLog: JSON.stringify(await daemon.store.readGlobalLog({ limit: 5000, level: 'trace' })),
          events: JSON.stringify(await daemon.store.readGlobalEvents({ limit: 100 })),
        };
        const landed =
          /Cannot reach WordPress .*refused/i.test(logs.dealLog) &&
          /Cannot reach WordPress .*refused/i.test(logs.globalLog) &&
          logs.events.includes('nothing secret here');
        return landed ? logs : undefined;
      },
      10_000,
      'the log writes',
    );
    await daemon.close();

    // The logs are not empty: the failure was logged, with its reason.
    expect(output).toContain(`127.0.0.1:${deadPort}`);
    expect(dealLog).toMatch(/Cannot reach WordPress .*refused/i);
    expect(events).toContain('nothing secret here');
    // The event with secret-named fields was stored, those fields blanked.
    expect(events).toMatch(/"password":"\[redacted\]"/);
    for (const secret of [API_KEY, WP_PASSWORD, STATUS_PASSWORD, webhookSecret]) {
      expect(output).not.toContain(secret);
      expect(dealLog).not.toContain(secret);
      expect(globalLog).not.toContain(secret);
      expect(events).not.toContain(secret);
      expect(metricsText).not.toContain(secret);
    }
    expect(output).not.toContain(Buffer.from(`admin:${WP_PASSWORD}`).toString('base64'));
  });
});
