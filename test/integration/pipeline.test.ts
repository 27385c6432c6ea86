/**
 * The pipeline end to end, minus a real CMS: real Redis, the sandbox marketplace over HTTP, the deal worker with
 * the pipeline processor, and a test publisher that "publishes" by serving the article from a local HTTP server
 * whose origin (127.0.0.1) is the blog's URL in the sandbox, so the sandbox's hand-in checks (domain, and a real
 * GET of the article) run for real. The WordPress plugin has its own tests against a real WordPress.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Job, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BlogConfig } from '../../src/config/schema.js';
import { AcceptedDeal } from '../../src/deals/accepted.js';
import type { DealStore } from '../../src/deals/record.js';
import { createDealStore } from '../../src/deals/store.js';
import { PublishError } from '../../src/errors.js';
import { createSilentLogger } from '../../src/logger.js';
import type { MarketplaceClient } from '../../src/marketplace/api.js';
import { createMarketplaceClient } from '../../src/marketplace/client.js';
import { createRateLimiter, rateLimitKey } from '../../src/marketplace/rate-limit.js';
import { createPipelineProcessor } from '../../src/pipeline/index.js';
import { createDealRunner } from '../../src/pipeline/runner.js';
import type { Publisher, PublishImage, PublishInput, PublishResult } from '../../src/publisher/types.js';
import {
  DEAL_JOB,
  DEAL_QUEUE,
  DEFAULT_DEAL_JOB_SETTINGS,
  type DealJobPayload,
  dealJobOptions,
} from '../../src/queue/jobs.js';
import { createDealProducer, type DealProducer } from '../../src/queue/producer.js';
import { createDealWorker, type DealWorker } from '../../src/queue/worker.js';
import { closeRedisClient, createRedisClient } from '../../src/redis/client.js';
import { blocksToPlainHtml } from '../../src/render/plain.js';
import { createRenderPool } from '../../src/render/pool.js';
import type { ImageRef } from '../../src/render/types.js';
import { createSandbox, type Sandbox, type SandboxDeal } from '../../src/sandbox/index.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';

const log = createSilentLogger();
const LOCAL_BLOG = 1;
const FOREIGN_BLOG = 2;
const FOREIGN_BLOG_URL = 'https://jiny-blog.example.cz';
const JOB_SETTINGS = { attempts: 3, backoffMs: 20 };

// ---------------------------------------------------------------------------------------------------------
// A publisher whose "site" is a local HTTP server: one post per deal at /<dealId>/<slug>/.

interface SitePublisher extends Publisher {
  readonly origin: string;
  /** Every publish call, failed ones included. */
  calls: PublishInput[];
  /** The next N publish calls fail with a retryable error. */
  failNext: number;
  /** Deals whose post answers 404 (a cache that has not seen it yet, for ever). */
  hidden: Set<number>;
  /** Runs after the post exists and before publish returns. */
  afterStore?: ((dealId: number, url: string) => Promise<void>) | undefined;
  posts: Map<string, { dealId: number; html: string; images: PublishImage[] }>;
  close(): Promise<void>;
}

async function startSite(): Promise<SitePublisher> {
  const posts: SitePublisher['posts'] = new Map();
  const hidden = new Set<number>();
  const server: Server = createServer((req, res) => {
    const post = posts.get(req.url ?? '');
    if (!post || hidden.has(post.dealId)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(post.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const site: SitePublisher = {
    kind: 'test-site',
    target: origin,
    origin,
    calls: [],
    failNext: 0,
    hidden,
    posts,
    async publish(input): Promise<PublishResult> {
      site.calls.push(input);
      if (site.failNext > 0) {
        site.failNext -= 1;
        throw new PublishError('site_unavailable', `${origin} answered 503`, { retryable: true });
      }
      // Exactly once, found in the "target" itself (as a real plugin must): one post per deal.
      const path = `/${input.deal.dealId}/${input.slug}/`;
      const reused = posts.has(path);
      const images = new Map<number, ImageRef>(
        input.images.map((i) => [
          i.n,
          { url: `${origin}/media/${i.filename}`, alt: i.alt, width: i.width, height: i.height },
        ]),
      );
      const html = `<!doctype html><title>${input.article.title}</title><h1>${input.article.title}</h1>\n${blocksToPlainHtml(input.article.blocks, images)}`;
      posts.set(path, { dealId: input.deal.dealId, html, images: [...input.images] });
      await input.progress({ path });
      const url = `${origin}${path}`;
      await site.afterStore?.(input.deal.dealId, url);
      return { url, ref: `site:${path}`, reused };
    },
    async createDraft() {
      throw new Error('no drafts in this test');
    },
    async checkReachable() {
      return { ok: true, detail: origin };
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return site;
}

// ---------------------------------------------------------------------------------------------------------

describe('src/pipeline (integration: Redis, sandbox over HTTP, worker)', () => {
  const prefix = randomPrefix();
  let sandbox: Sandbox;
  let site: SitePublisher;
  let redis: Redis;
  let producerRedis: Redis;
  let workerRedis: Redis;
  let eventsRedis: Redis;
  let store: DealStore;
  let client: MarketplaceClient;
  let producer: DealProducer;
  let worker: DealWorker;
  let queueEvents: QueueEvents;
  const renderPool = createRenderPool({ threads: 2 });

  beforeAll(async () => {
    sandbox = await createSandbox({
      blogs: [
        { id: LOCAL_BLOG, name: 'Místní blog', url: 'http://127.0.0.1' },
        { id: FOREIGN_BLOG, name: 'Cizí blog', url: FOREIGN_BLOG_URL },
      ],
      rateLimit: { limit: 1_000, windowMs: 60_000 },
      reachabilityTimeoutMs: 2_000,
    });
    site = await startSite();
    redis = createRedisClient(TEST_REDIS_URL, 'store');
    producerRedis = createRedisClient(TEST_REDIS_URL, 'producer');
    workerRedis = createRedisClient(TEST_REDIS_URL, 'worker');
    eventsRedis = createRedisClient(TEST_REDIS_URL, 'worker');
    store = createDealStore({ redis, prefix });
    client = createMarketplaceClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      limiter: createRateLimiter({
        redis,
        key: rateLimitKey(prefix, sandbox.apiKey),
        limit: 1_000,
        windowMs: 60_000,
      }),
      log,
    });
    producer = createDealProducer({ connection: producerRedis, prefix, store, log, settings: JOB_SETTINGS });
    queueEvents = new QueueEvents(DEAL_QUEUE, { connection: eventsRedis, prefix });
    await queueEvents.waitUntilReady();

    const blogs = new Map<number, BlogConfig>(
      [LOCAL_BLOG, FOREIGN_BLOG].map((id) => [
        id,
        { id, publisher: 'test-site', options: {}, bloggerPublished: 'skip' as const },
      ]),
    );
    worker = createDealWorker({
      connection: workerRedis,
      prefix,
      concurrency: 1,
      log,
      runner: createDealRunner({
        client,
        store,
        log,
        approvalRetryMs: 150,
        process: createPipelineProcessor({
          resolveBlog: (blogId) => {
            const blog = blogs.get(blogId);
            return blog ? { blog, publisher: site } : undefined;
          },
          settings: {
            verify: { initialBackoffMs: 20, maxBackoffMs: 100, requestTimeoutMs: 2_000 },
            handIn: { initialBackoffMs: 20, maxBackoffMs: 100 },
          },
          renderPool,
        }),
      }),
    });
  });

  afterAll(async () => {
    await worker?.close();
    await queueEvents?.close();
    await producer?.queue.obliterate({ force: true });
    await producer?.close();
    await deleteKeys(redis, prefix);
    for (const c of [redis, producerRedis, workerRedis, eventsRedis]) if (c) await closeRedisClient(c);
    await site?.close();
    await sandbox?.close();
    await renderPool.close();
  });

  beforeEach(() => {
    sandbox.resetStats();
    site.afterStore = undefined;
  });

  function payloadFor(deal: SandboxDeal): DealJobPayload {
    return {
      dealId: deal.id,
      blogId: deal.blogId,
      event: AcceptedDeal.parse(deal.acceptedEvent.deal),
      receivedAt: new Date().toISOString(),
      source: 'webhook',
    };
  }

  async function run(deal: SandboxDeal): Promise<Job> {
    await producer.enqueueDeal(payloadFor(deal));
    const job = await producer.queue.getJob(`deal-${deal.id}`);
    if (!job) throw new Error(`no job for deal ${deal.id}`);
    return job;
  }

  /** Requests the sandbox answered on a route (`/v1/deals/:id/text`…), optionally only with one status. */
  function requests(method: string, route: string, status?: number): number {
    return sandbox
      .stats()
      .requests.filter(
        (r) => r.method === method && r.route === route && (status === undefined || r.status === status),
      )
      .reduce((sum, r) => sum + r.count, 0);
  }

  function budget() {
    return {
      text: requests('GET', '/v1/deals/:id/text', 200),
      photos: requests('GET', '/v1/deals/:id/photos/:n'),
      handIns: requests('POST', '/v1/deals/:id/article'),
      dealDetail: requests('GET', '/v1/deals/:id'),
      total: sandbox.stats().totalRequests,
    };
  }

  function handInsOf(dealId: number) {
    return sandbox.handIns().filter((h) => h.dealId === dealId);
  }

  async function messages(dealId: number): Promise<string[]> {
    return (await store.readLog(dealId, { limit: 200 })).map((e) => e.msg);
  }

  it('publishes a deal with a cover and two photos and hands it in: 1 text + 3 photos + 1 hand-in', async () => {
    const deal = await sandbox.createDeal({ blogId: LOCAL_BLOG, photos: 2, deliver: false });

    const job = await run(deal);
    await job.waitUntilFinished(queueEvents);

    const record = await store.get(deal.id);
    expect(record?.state).toBe('handed_in');
    expect(record?.url).toMatch(new RegExp(`^${site.origin}/${deal.id}/[a-z0-9-]+/$`));
    expect(record?.title).toBe(deal.title);
    expect(budget()).toEqual({ text: 1, photos: 3, handIns: 1, dealDetail: 0, total: 5 });
    expect(handInsOf(deal.id).map((h) => h.url)).toEqual([record?.url]);
    expect(sandbox.getDeal(deal.id)).toMatchObject({ state: 'ke_schvaleni', articleUrl: record?.url });

    const post = [...site.posts.values()].find((p) => p.dealId === deal.id);
    expect(post?.html).not.toMatch(/\[foto/i);
    expect(post?.html).toContain('href="https://www.zahradni-technika.example.cz/sekacky" rel="sponsored"');
    expect(post?.images.map((i) => i.n)).toEqual([0, 1, 2]);
    for (const image of post?.images ?? []) {
      const meta = await sharp(image.bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
        'jpeg',
        1200,
        800,
        undefined,
        undefined,
      ]);
    }
    expect(await messages(deal.id)).toContain('URL handed in');
  });

  it('enqueued again, and even run again, the deal is handed in exactly once', async () => {
    const deal = await sandbox.createDeal({ blogId: LOCAL_BLOG, deliver: false });
    const job = await run(deal);
    await job.waitUntilFinished(queueEvents);
    const publishCalls = site.calls.length;
    sandbox.resetStats();

    const again = await producer.enqueueDeal(payloadFor(deal));
    expect(again.status).toBe('duplicate');
    // Force a second run of the same deal (as an operator's "run again" would).
    await job.remove();
    const payload = payloadFor(deal);
    await producer.queue.add(
      DEAL_JOB,
      payload,
      dealJobOptions(payload, { ...DEFAULT_DEAL_JOB_SETTINGS, ...JOB_SETTINGS }),
    );
    const rerun = await producer.queue.getJob(`deal-${deal.id}`);
    await rerun?.waitUntilFinished(queueEvents);

    expect(await store.get(deal.id)).toMatchObject({ state: 'handed_in' });
    expect(budget().total).toBe(0);
    expect(site.calls.length).toBe(publishCalls);
    expect(handInsOf(deal.id)).toHaveLength(1);
    expect(await messages(deal.id)).toContain('the URL was handed in already; nothing to do');
  });

  it('with its record lost after the hand-in, a new run reuses the post and the hand-in is replayed, not repeated', async () => {
    const deal = await sandbox.createDeal({ blogId: LOCAL_BLOG, deliver: false });
    const first = await run(deal);
    await first.waitUntilFinished(queueEvents);
    const url = (await store.get(deal.id))?.url;

    await first.remove();
    await redis.unlink(store.keys.deal(deal.id), store.keys.dealFiles(deal.id));
    const second = await run(deal);
    const result = await second.waitUntilFinished(queueEvents);

    expect(result).toMatchObject({ outcome: 'handed_in', url });
    expect((await store.get(deal.id))?.data.publishReused).toBe(true);
    expect(handInsOf(deal.id)).toHaveLength(1);
    expect([...site.posts.values()].filter((p) => p.dealId === deal.id)).toHaveLength(1);
  });

  it('after a failed publish the retry does not fetch the text or the photos again', async () => {
    const deal = await sandbox.createDeal({ blogId: LOCAL_BLOG, photos: 2, deliver: false });
    site.failNext = 1;
    const callsBefore = site.calls.length;

    const job = await run(deal);
    await job.waitUntilFinished(queueEvents);

    expect(await store.get(deal.id)).toMatchObject({ state: 'handed_in', attempts: 2 });
    expect(site.calls.length - callsBefore).toBe(2);
    expect(budget()).toEqual({ text: 1, photos: 3, handIns: 1, dealDetail: 0, total: 5 });
    expect(handInsOf(deal.id)).toHaveLength(1);
  });

  it('a URL handed in before (clanek_odevzdan) is confirmed with one GET of the deal and counts as success', async () => {
    const deal = await sandbox.createDeal({ blogId: LOCAL_BLOG, deliver: false });
    // Someone hands the URL in first, without pressbridge's Idempotency-Key (by hand, another install…).
    site.afterStore = async (dealId, url) => {
      const answer = await fetch(`${sandbox.url}/v1/deals/${dealId}/article`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sandbox.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url }),
      });
      expect(answer.status).toBe(200);
    };

    const job = await run(deal);
    await job.waitUntilFinished(queueEvents);

    const record = await store.get(deal.id);
    expect(record).toMatchObject({ state: 'handed_in', data: { handIn: { via: 'deal_detail' } } });
    expect(record?.steps.handIn?.outcome).toBe('already_handed_in');
    expect(requests('POST', '/v1/deals/:id/article', 409)).toBe(1);
    expect(budget().dealDetail).toBe(1);
    expect(handInsOf(deal.id)).toHaveLength(1);
  });

  it('a URL on another domain (cizi_domena) fails at once with a message saying what to fix', async () => {
    const deal = await sandbox.createDeal({ blogId: FOREIGN_BLOG, deliver: false });

    const job = await run(deal);
    await expect(job.waitUntilFinished(queueEvents)).rejects.toThrow(/cizi_domena/);

    const record = await store.get(deal.id);
    expect(record).toMatchObject({ state: 'failed', errorCode: 'cizi_domena', attempts: 1 });
    expect(record?.supportCode).toMatch(/^PC-/);
    expect(record?.error).toContain('not on the domain it has for blog 2');
    expect(record?.error).toContain(`pressbridge publishes this blog to ${site.origin}`);
    expect(record?.url).toMatch(new RegExp(`^${site.origin}/`));
    expect(budget().handIns).toBe(1);
    expect(handInsOf(deal.id)).toHaveLength(0);
  });

  it('waits while the text awaits approval (waiting_approval), then publishes and hands in', async () => {
    const deal = await sandbox.createDeal({ blogId: LOCAL_BLOG, approvalDelayMs: 400, deliver: false });
    const delayed = new Promise<void>((resolve) => {
      const listener = ({ jobId }: { jobId: string }) => {
        if (jobId !== `deal-${deal.id}`) return;
        queueEvents.off('delayed', listener);
        resolve();
      };
      queueEvents.on('delayed', listener);
    });

    const job = await run(deal);
    await delayed;
    expect((await store.get(deal.id))?.state).toBe('waiting_approval');
    await job.waitUntilFinished(queueEvents);

    expect(await store.get(deal.id)).toMatchObject({ state: 'handed_in', attempts: 1 });
    expect(requests('GET', '/v1/deals/:id/text', 409)).toBeGreaterThanOrEqual(1);
    expect(budget()).toMatchObject({ text: 1, photos: 3, handIns: 1, dealDetail: 0 });
    expect(await messages(deal.id)).toContain('text awaits the advertiser approval');
  });

  it('published_by placla is skipped without a single marketplace request', async () => {
    const deal = await sandbox.createDeal({ blogId: LOCAL_BLOG, publishedBy: 'placla', deliver: false });
    const callsBefore = site.calls.length;

    const job = await run(deal);
    const result = await job.waitUntilFinished(queueEvents);

    expect(result).toEqual({ outcome: 'skipped', reason: 'published_by_placla' });
    expect(await store.get(deal.id)).toMatchObject({ state: 'skipped' });
    expect(sandbox.stats().totalRequests).toBe(0);
    expect(site.calls.length).toBe(callsBefore);
  });

  it('a post that never goes live: the marketplace still waits, so it is handed in late until the attempts run out', async () => {
    const deal = await sandbox.createDeal({
      blogId: LOCAL_BLOG,
      photos: 1,
      deadlineMinutes: 0.05,
      deliver: false,
    });
    site.hidden.add(deal.id);

    const job = await run(deal);
    await expect(job.waitUntilFinished(queueEvents)).rejects.toThrow(/clanek_nedostupny/);

    const record = await store.get(deal.id);
    // Not deadline_missed: the marketplace said it still waits (one GET of the deal, reused by every retry).
    expect(record).toMatchObject({ state: 'failed', errorCode: 'clanek_nedostupny', data: { late: {} } });
    expect(record?.error).toMatch(/could not reach .* although pressbridge could/);
    expect(await job.getState()).toBe('failed');
    expect(budget()).toMatchObject({ text: 1, photos: 2, dealDetail: 1 });
    // Every attempt handed in (4 tries each), each refused by the sandbox's own reachability check.
    expect(requests('POST', '/v1/deals/:id/article', 422)).toBe(3 * 4);
    expect(handInsOf(deal.id)).toHaveLength(0);
    expect(await messages(deal.id)).toContain('deal failed');
  });
});
