/**
 * `npm run demo`: the whole flow on one machine with nothing to configure. Starts the sandbox marketplace, the
 * daemon (prefix `pressbridge-demo`, so a real installation's keys are never touched), registers the daemon's
 * webhook in the sandbox, then plays the advertiser (./demo-advertiser.ts): accepts a sample deal every few seconds
 * and prints each deal's progress. Ctrl+C stops everything.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Daemon } from './app/types.js';
import { parseConfig } from './config/load.js';
import type { Config } from './config/schema.js';
import { createDemandStore } from './demands/store.js';
import { DEMO_BLOG_ID, playAdvertiser } from './demo-advertiser.js';
import { playDemands } from './demo-demands.js';
import { type PrintingReceiver, startPrintingReceiver } from './demo-receiver.js';
import { AppError, errorMessage } from './errors.js';
import { evidenceDirOf } from './evidence/store.js';
import { createTranslator, DEFAULT_LANGUAGE, type Language, type Translator } from './i18n/index.js';
import type { Logger } from './logger.js';
import { startDaemon } from './main.js';
import { closeRedisClient, createRedisClient } from './redis/client.js';
import { ensureEmbeddedRedis } from './redis/embedded.js';
import { createSandbox, type Sandbox } from './sandbox/index.js';
import { writeSecretFile } from './webhook/secret-file.js';

export interface DemoOptions {
  /** Sandbox port (default 8090; 0 = any free port). */
  sandboxPort: number;
  /** Webhook listener port (default 8080; 0 = any free port). */
  webhookPort: number;
  /** Status page port (default 8081; 0 = any free port). */
  statusPort: number;
  /** Port of the demo blog (the static site; default 8082; 0 = any free port). */
  sitePort: number;
  redisUrl: string;
  /** Sample deals to accept (default 5). */
  deals: number;
  /** Seconds between two accepted deals. */
  intervalSeconds: number;
  /** Stop on its own after this many seconds (0 = run until Ctrl+C); CI's smoke test uses it. */
  exitAfterSeconds: number;
  dataDir: string;
  log: Logger;
  /** Where progress lines go (default stdout). */
  write?: (line: string) => void;
  /**
   * What the demo prints and its status page and notifications speak: the process's language
   * (src/i18n/process-language.ts; default Czech).
   */
  language?: Language;
}

export interface DemoRun {
  sandbox: Sandbox;
  daemon: Daemon;
  /** Resolves when the demo stops (signal, `exitAfterSeconds`, or `stop()`). */
  done: Promise<void>;
  stop(): Promise<void>;
}

/** The demo's Redis prefix: a real installation's keys are never touched. */
const DEMO_PREFIX = 'pressbridge-demo';

/** The demo blog's rules: the gambling demand is refused, the garden one fits and is offered on by itself. */
export const DEMO_RULES = {
  minReward: 500,
  refusedWords: ['kasino', 'sázky'],
  autoOffer: { enabled: true, maxPerDay: 3, maxKcPerDay: 10_000 },
};

export function demoConfig(
  options: Pick<
    DemoOptions,
    'webhookPort' | 'statusPort' | 'sitePort' | 'redisUrl' | 'dataDir' | 'language'
  > & {
    /** The demo's printing receiver: notifications go there through a `webhook` channel. */
    notifyUrl?: string;
  },
  sandbox: Sandbox,
): Config {
  return parseConfig(
    {
      marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
      redis: { url: options.redisUrl, prefix: DEMO_PREFIX },
      webhook: {
        listen: { host: '127.0.0.1', port: options.webhookPort },
        path: '/webhook',
        signatureHeader: sandbox.signatureHeader,
        secretFile: join(options.dataDir, 'webhook-secret.json'),
      },
      worker: { concurrency: 2 },
      // The payout overview is read once, soon after start-up (then hourly as anywhere); later payouts count
      // on the Earnings page through their deal.paid.
      money: { firstReadDelaySeconds: 15 },
      status: { listen: { host: '127.0.0.1', port: options.statusPort } },
      // The article watcher checks each article a few seconds after its hand-in (not 10 minutes), so the demo
      // shows a paid deal under watch with its evidence (<dataDir>/evidence); later checks keep their daily or
      // weekly pace.
      watch: { firstCheckMinutes: 0.05, tickMinutes: 0.05, siteGapSeconds: 1 },
      dataDir: options.dataDir,
      ui: { language: options.language ?? DEFAULT_LANGUAGE },
      ...(options.notifyUrl
        ? { notify: { channels: [{ name: 'demo', type: 'webhook', url: options.notifyUrl }] } }
        : {}),
      // The built-in static-site publisher writes each article into <dataDir>/static-site and serves it on
      // 127.0.0.1 (the sandbox's blog is on 127.0.0.1 too, so hand-ins pass its domain check).
      blogs: [
        {
          id: DEMO_BLOG_ID,
          name: 'Demo blog',
          rules: DEMO_RULES,
          publisher: 'static',
          options: { serve: { host: '127.0.0.1', port: options.sitePort }, siteName: 'pressbridge demo' },
        },
      ],
    },
    {},
    'demo',
  ) as Config;
}

export async function startDemo(options: DemoOptions): Promise<DemoRun> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const translator: Translator = createTranslator(options.language ?? DEFAULT_LANGUAGE);
  const { t } = translator;
  const dataDir = resolve(options.dataDir);
  // Like the Redis prefix below: each demo run starts clean (its sandbox's deals are new ones), so the previous
  // run's pages and article evidence go.
  rmSync(join(dataDir, 'static-site'), { recursive: true, force: true });
  rmSync(join(dataDir, 'evidence'), { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });

  // No Redis at --redis? The demo starts its own (redis-server from the PATH, data under the demo's folder).
  const embedded = await ensureEmbeddedRedis({
    url: options.redisUrl,
    embedded: true,
    dataDir,
    log: options.log,
  });
  const redisUrl = embedded?.url ?? options.redisUrl;
  if (embedded) write(t('demo.redis_started', { url: options.redisUrl, own: embedded.url }));

  const sandbox = await createSandbox({
    port: options.sandboxPort,
    allowHttpWebhooks: true,
    // Webhook retries after 5, 10, 20, 40 s instead of minutes.
    timeScale: 1 / 60,
    log: options.log.child({ component: 'sandbox' }),
  });
  let daemon: Daemon;
  let receiver: PrintingReceiver | undefined;
  try {
    // Notifications go to a receiver in this process that prints them below the deals' progress.
    receiver = await startPrintingReceiver(write, translator);
    const config = demoConfig({ ...options, redisUrl, dataDir, notifyUrl: receiver.url }, sandbox);
    // Each demo run starts clean and shows this run's deals only (the sandbox numbers them past the previous
    // run's, so they would not be taken for redeliveries either way).
    await clearPrefix(config.redis.url, config.redis.prefix, options.log, translator);
    daemon = await startDaemon({
      config,
      log: options.log,
      // The demo registers its webhook just below, at the address the listener got: it listens from the start.
      webhook: true,
      workerOptions: { approvalRetryMs: 5_000 },
    });
    const webhookUrl = daemon.webhookUrl as string;
    // What `pressbridge webhook register` does: PUT /v1/webhook, keep the returned secret in the secret file.
    const registered = await daemon.client.putWebhook(webhookUrl);
    writeSecretFile(config.webhook.secretFile as string, {
      secret: registered.secret,
      updatedAt: new Date().toISOString(),
      url: webhookUrl,
    });
    write(t('demo.sandbox', { url: sandbox.url, key: sandbox.apiKey }));
    write(t('demo.webhook', { url: webhookUrl }));
    write(t('demo.status', { url: daemon.statusUrl ?? t('demo.status_off') }));
    write(t('demo.notifications', { url: receiver.url }));
    // What `pressbridge notify test` sends: the receiver shows how a notification looks.
    await daemon.dispatcher.send({
      id: randomUUID(),
      topic: 'test',
      kind: 'event',
      key: `test:demo:${Date.now()}`,
      title: t('notify.cli.test_title'),
      body: t('notify.cli.test_body', { channel: 'demo' }),
      urgent: false,
      createdAt: new Date().toISOString(),
    });

    if (daemon.statusUrl) {
      const base = daemon.statusUrl.replace(/\/$/, '');
      write(t('demo.earnings', { url: `${base}/earnings` }));
      write(t('demo.obligations', { url: `${base}/obligations` }));
    }
    write(t('demo.evidence', { dir: evidenceDirOf(config) }));
  } catch (error) {
    await receiver?.close();
    await sandbox.close();
    await embedded?.stop();
    throw error;
  }

  const advertiser = await playAdvertiser({
    sandbox,
    store: daemon.store,
    deals: options.deals,
    intervalSeconds: options.intervalSeconds,
    write,
    translator,
    demands: (onAccepted) =>
      playDemands({
        sandbox,
        store: createDemandStore(daemon.redis, DEMO_PREFIX),
        blogId: DEMO_BLOG_ID,
        write,
        translator,
        onAccepted,
      }),
  });

  let resolveDone: () => void = () => {};
  const done = new Promise<void>((res) => {
    resolveDone = res;
  });
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      clearTimeout(exitTimer);
      advertiser.stop();
      await advertiser.report().catch(() => undefined);
      await daemon.close();
      await receiver?.close();
      await sandbox.close();
      await embedded?.stop();
      resolveDone();
    })();
    return stopping;
  };
  const exitTimer =
    options.exitAfterSeconds > 0 ? setTimeout(() => void stop(), options.exitAfterSeconds * 1000) : undefined;
  return { sandbox, daemon, done, stop };
}

async function clearPrefix(url: string, prefix: string, log: Logger, { t }: Translator): Promise<void> {
  const redis = createRedisClient(url, 'store', { log });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } catch (error) {
    throw new AppError('redis_unreachable', t('demo.needs_redis', { url, error: errorMessage(error) }));
  } finally {
    await closeRedisClient(redis);
  }
}
