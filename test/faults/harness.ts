/**
 * One fault scenario's world: a real WordPress (its own named site, installed fresh) or, for a scenario that
 * tests nothing of WordPress, a static site the daemon writes and serves itself (`site: 'static'`: no PHP, no
 * database, much lighter); the sandbox marketplace in this process (small photos, a scaled-down webhook retry
 * schedule, a generous rate limit), Redis (the machine's or a private one) under a random prefix, and the daemon
 * as its own process (`pressbridge start`), which the scenario kills and restarts at will. Plus the bookkeeping
 * every scenario ends with: per deal, the posts and media on the site, the hand-ins the sandbox took and the
 * state pressbridge recorded.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { expect } from 'vitest';
import type { DealRecord, DealStore } from '../../src/deals/record.js';
import { createDealStore } from '../../src/deals/store.js';
import { closeRedisClient, createRedisClient } from '../../src/redis/client.js';
import {
  type CreateDealInput,
  createSandbox,
  type Sandbox,
  type SandboxDeal,
  type SandboxOptions,
} from '../../src/sandbox/index.js';
import { writeSecretFile } from '../../src/webhook/secret-file.js';
import { createDaemonProcess, type DaemonProcess } from '../helpers/daemon-process.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { freePort } from '../helpers/redis-server.js';
import type { WordPressSite } from '../helpers/wordpress.js';
import { countBy, startSite } from './scenario-site.js';

export const FINAL_STATES = new Set([
  'handed_in',
  'skipped',
  'failed',
  'deadline_missed',
  'handled',
  'closed',
]);

/** Where each run leaves the daemon's log (kept after the run: the first thing to read when a scenario fails). */
export const LOG_DIR = join(tmpdir(), 'pressbridge-faults');

export interface ScenarioOptions {
  /** Names the WordPress site (`faults-<name>`) and the log file. */
  name: string;
  redisUrl?: string;
  /** Sandbox time scale: the webhook retry schedule 5, 10, 20, 40 min is multiplied by it. */
  timeScale: number;
  sandbox?: Partial<SandboxOptions>;
  /** Merged into the config document (shallow per top-level key). */
  config?: Record<string, unknown>;
  /** Inline photos per deal (a cover comes on top); default 1. */
  photos?: number;
  /**
   * Blog 1's site: a fresh real WordPress (default), or `static`: the static publisher writing to a folder of the
   * scenario that the daemon serves itself on a free loopback port.
   */
  site?: 'wordpress' | 'static';
  /** Serve the status page on a free loopback port (`Scenario.statusUrl`); default: `--no-status`. */
  statusPage?: boolean;
  /**
   * Called once the WordPress site runs, before the sandbox and the daemon exist: settings that need the site
   * (e.g. a proxy in front of its REST API, or more blogs). `config` is merged like `config` above, after it.
   * Only with the WordPress site.
   */
  prepare?: (wp: WordPressSite) => Promise<{
    config?: Record<string, unknown>;
    sandbox?: Partial<SandboxOptions>;
  }>;
}

export interface Tally {
  deals: number;
  /** Deals that ended handed_in with exactly one post, its media and one hand-in. */
  published: number;
  /** Extra posts + extra media + extra hand-ins, over all deals. */
  duplicates: number;
  /** Deals without a hand-in or without a post. */
  lost: number;
  posts: number;
  media: number;
  handIns: number;
  states: Record<string, number>;
  /** One line per deal that is not exactly right. */
  problems: string[];
}

export interface Scenario {
  /** The WordPress site (throws with `site: 'static'`). */
  readonly wp: WordPressSite;
  /** `http://127.0.0.1:<port>` of the status page, with `statusPage`. */
  readonly statusUrl: string | undefined;
  readonly sandbox: Sandbox;
  readonly daemon: DaemonProcess;
  readonly store: DealStore;
  readonly redis: Redis;
  readonly prefix: string;
  /** The webhook secret the sandbox signs with (and the daemon's secret file holds). */
  readonly secret: string;
  readonly logFile: string;
  readonly config: Record<string, unknown>;
  readonly photosPerDeal: number;
  /** A deal with a unique title, `photos` inline photos and a cover; `deal.accepted` delivery starts. */
  createDeal(input?: CreateDealInput): Promise<SandboxDeal>;
  /** Resolves when every deal's record is final; throws naming the stragglers after `timeoutMs`. */
  waitUntilFinal(dealIds: readonly number[], timeoutMs: number): Promise<Map<number, DealRecord>>;
  tally(dealIds: readonly number[], photosPerDeal?: (dealId: number) => number): Promise<Tally>;
  /** Lines of the daemon's log (all its runs) with this exact message. */
  countLog(msg: string): number;
  close(): Promise<void>;
}

export async function startScenario(options: ScenarioOptions): Promise<Scenario> {
  const photosPerDeal = (options.photos ?? 1) + 1;
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-faults-'));
  if (options.site === 'static' && options.prepare)
    throw new Error('startScenario: `prepare` needs the WordPress site');
  const site = await startSite(options.name, options.site ?? 'wordpress', dataDir);
  const prepared = (site.wp ? await options.prepare?.(site.wp) : undefined) ?? {};
  const sandbox = await createSandbox({
    allowHttpWebhooks: true,
    timeScale: options.timeScale,
    rateLimit: { limit: 3_000, windowMs: 60_000 },
    photoSize: { width: 320, height: 240 },
    blogs: [
      { id: 1, name: 'Blog odolný proti chybám', url: site.url, categories: site.wp?.categories ?? [] },
      // A blog of the same account that pressbridge is not configured for.
      { id: 2, name: 'Ruční blog', url: 'http://127.0.0.2' },
    ],
    ...options.sandbox,
    ...prepared.sandbox,
  });
  const prefix = randomPrefix();
  const redisUrl = options.redisUrl ?? TEST_REDIS_URL;
  const port = await freePort();
  const statusPort = options.statusPage ? await freePort() : undefined;
  const registration = sandbox.setWebhook(`http://127.0.0.1:${port}/webhook`);
  writeSecretFile(join(dataDir, 'webhook-secret.json'), {
    secret: registration.secret,
    updatedAt: new Date().toISOString(),
  });
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = join(LOG_DIR, `${options.name}.log`);
  rmSync(logFile, { force: true });

  const config: Record<string, unknown> = {
    marketplace: {
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      requestsPerMinute: 3_000,
      timeoutMs: 10_000,
    },
    redis: { url: redisUrl, prefix },
    webhook: { listen: { host: '127.0.0.1', port } },
    ...(statusPort !== undefined ? { status: { listen: { host: '127.0.0.1', port: statusPort } } } : {}),
    worker: { concurrency: 2 },
    log: { level: 'info' },
    pipeline: {
      images: { maxWidth: 640 },
      verify: { initialBackoffMs: 100, maxBackoffMs: 2_000 },
      handIn: { initialBackoffMs: 200, maxBackoffMs: 2_000 },
    },
    dataDir,
    blogs: [site.blog],
    ...options.config,
    ...prepared.config,
  };
  // With the status page, start() asks it for /readyz: it answers in every intake mode, while the webhook
  // listener runs only when the intake takes webhooks (a poll-only scenario has none: decision 17).
  const daemon = createDaemonProcess({
    config,
    logFile,
    ...(statusPort !== undefined ? { args: [], probe: 'status' as const } : {}),
  });
  // The test's own view of Redis: the deal records the daemon writes.
  const redis = createRedisClient(redisUrl, 'store');
  const store = createDealStore({ redis, prefix });
  let counter = 0;

  const scenario: Scenario = {
    get wp(): WordPressSite {
      if (!site.wp) throw new Error(`scenario ${options.name} runs a static site, no WordPress`);
      return site.wp;
    },
    statusUrl: statusPort !== undefined ? `http://127.0.0.1:${statusPort}` : undefined,
    sandbox,
    daemon,
    store,
    redis,
    prefix,
    secret: registration.secret,
    logFile,
    config,
    photosPerDeal,

    async createDeal(input = {}) {
      counter += 1;
      return await sandbox.createDeal({
        blogId: 1,
        photos: options.photos ?? 1,
        title: `Scénář ${options.name}: článek č. ${counter}`,
        ...input,
      });
    },

    async waitUntilFinal(dealIds, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const records = new Map<number, DealRecord>();
        const pending: string[] = [];
        for (const id of dealIds) {
          const record = await store.get(id).catch(() => undefined);
          if (record && FINAL_STATES.has(record.state)) records.set(id, record);
          else pending.push(`${id}:${record?.state ?? 'no record'}`);
        }
        if (pending.length === 0) return records;
        if (Date.now() > deadline) {
          throw new Error(
            `${pending.length} deals not final after ${timeoutMs} ms: ${pending.slice(0, 20).join(', ')} (log: ${logFile})`,
          );
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    },

    async tally(dealIds, photosOf = () => photosPerDeal) {
      const wanted = new Set(dealIds);
      const { posts: postsByDeal, media: mediaByDeal } = await site.articles();
      const handInsByDeal = countBy(sandbox.handIns().map((h) => h.dealId));
      const tally: Tally = {
        deals: dealIds.length,
        published: 0,
        duplicates: 0,
        lost: 0,
        posts: [...postsByDeal].filter(([id]) => wanted.has(id)).reduce((n, [, c]) => n + c, 0),
        media: [...mediaByDeal].filter(([id]) => wanted.has(id)).reduce((n, [, c]) => n + c, 0),
        handIns: [...handInsByDeal].filter(([id]) => wanted.has(id)).reduce((n, [, c]) => n + c, 0),
        states: {},
        problems: [],
      };
      for (const id of dealIds) {
        const record = await store.get(id);
        const state = record?.state ?? 'no record';
        tally.states[state] = (tally.states[state] ?? 0) + 1;
        const p = postsByDeal.get(id) ?? 0;
        const m = mediaByDeal.get(id) ?? 0;
        const h = handInsByDeal.get(id) ?? 0;
        const photos = photosOf(id);
        tally.duplicates += Math.max(0, p - 1) + Math.max(0, m - photos) + Math.max(0, h - 1);
        if (p === 0 || h === 0) tally.lost += 1;
        const exact = state === 'handed_in' && p === 1 && m === photos && h === 1;
        if (exact) tally.published += 1;
        else tally.problems.push(`deal ${id}: ${state}, ${p} posts, ${m}/${photos} media, ${h} hand-ins`);
      }
      return tally;
    },

    countLog(msg) {
      if (!existsSync(logFile)) return 0;
      const needle = `"msg":${JSON.stringify(msg)}`;
      return readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes(needle)).length;
    },

    async close() {
      await daemon.close();
      await sandbox.close();
      await site.wp?.stop();
      if (redis.status === 'ready') await deleteKeys(redis, prefix).catch(() => 0);
      await closeRedisClient(redis);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return scenario;
}

/** Every one of `deals` deals exactly once: one post, its media, one hand-in; no problem listed. */
export function expectExactlyOnce(tally: Tally, deals: number, photosPerDeal: number): void {
  expect(tally.problems).toEqual([]);
  expect(tally).toMatchObject({
    deals,
    published: deals,
    duplicates: 0,
    lost: 0,
    posts: deals,
    media: deals * photosPerDeal,
    handIns: deals,
  });
}
