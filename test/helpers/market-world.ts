/**
 * The whole daemon beside a real WordPress and the sandbox marketplace over HTTP, for the blogger's side of the
 * market (issue 30: test/integration/market-e2e.test.ts, last-look-e2e.test.ts): the webhook listener registered
 * in the sandbox, the worker, the demand intake, the status page behind a password, one blog with its rules.
 * `page()` is the status page's logged-in client (./status-client.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import wordpress from '../../plugins/wordpress/index.js';
import type { Daemon } from '../../src/app/types.js';
import { parseConfig } from '../../src/config/load.js';
import type { Language } from '../../src/i18n/index.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import type { Dispatcher } from '../../src/notify/types.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { writeSecretFile } from '../../src/webhook/secret-file.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from './redis.js';
import { type StatusAnswer, statusClient } from './status-client.js';
import { type WordPressSite, wordpressBlogConfig } from './wordpress.js';

export const MARKET_BLOG = 1;
export const MARKET_BLOG_NAME = 'Zahrada a dům';
const PASSWORD = 'market-world-password-42';

export interface MarketWorld {
  sandbox: Sandbox;
  daemon: Daemon;
  prefix: string;
  /** A status page path (or a whole URL on it); `form`: POSTed; `auth: false`: without the password. */
  page(path: string, form?: Record<string, string>, auth?: boolean): Promise<StatusAnswer>;
  close(): Promise<void>;
}

export async function startMarketWorld(options: {
  wp: WordPressSite;
  language: Language;
  /** `blogs[0].rules`. */
  rules: Record<string, unknown>;
  /** Config keys beside the world's own (merged at the top level). */
  config?: Record<string, unknown>;
  dispatcher?: Dispatcher;
}): Promise<MarketWorld> {
  const prefix = randomPrefix();
  const sandbox = await createSandbox({
    allowHttpWebhooks: true,
    timeScale: 1 / 1000,
    blogs: [{ id: MARKET_BLOG, name: MARKET_BLOG_NAME, url: options.wp.url }],
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-market-'));
  const secretFile = join(dataDir, 'secret.json');
  const config = parseConfig(
    {
      marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
      redis: { url: TEST_REDIS_URL, prefix },
      webhook: { listen: { host: '127.0.0.1', port: 0 }, secretFile },
      status: { listen: { host: '127.0.0.1', port: 0 }, password: PASSWORD },
      ui: { language: options.language },
      reconcile: { enabled: false },
      intake: { mode: 'webhook' },
      pipeline: { verify: { initialBackoffMs: 100 }, handIn: { initialBackoffMs: 200 } },
      dataDir,
      blogs: [
        { ...wordpressBlogConfig(options.wp, MARKET_BLOG), name: MARKET_BLOG_NAME, rules: options.rules },
      ],
      ...options.config,
    },
    {},
  );
  const daemon = await startDaemon({
    config,
    log: createSilentLogger(),
    webhook: true,
    plugins: { wordpress },
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  });
  const registered = await daemon.client.putWebhook(daemon.webhookUrl as string);
  writeSecretFile(secretFile, { secret: registered.secret, updatedAt: new Date().toISOString() });

  const client = statusClient(() => daemon.statusUrl as string, PASSWORD);
  return {
    sandbox,
    daemon,
    prefix,
    page: (path, form, auth = true) => client.page(path, form, { auth }),
    async close() {
      await daemon.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
      const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
      await deleteKeys(redis, prefix);
      redis.disconnect();
    },
  };
}
