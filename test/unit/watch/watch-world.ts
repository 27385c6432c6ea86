/**
 * The article watcher's test world: real Redis, the real deal store and a real HTTP server standing in for the
 * blog, with an injected clock and a recording Notifier. `watchWorld()` registers its hooks in the calling
 * describe block.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import type { EvidenceStore } from '../../../src/evidence/types.js';
import type { Notifier, NotifyEvent } from '../../../src/notify/types.js';
import { createRenderPool } from '../../../src/render/pool.js';
import { createArticleWatcher, type WatchOutcome } from '../../../src/watch/index.js';
import { enrol } from '../../../src/watch/schedule.js';
import { fixedClock } from '../../helpers/clock.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

export const DAY = 24 * 3_600_000;
export const T0 = Date.parse('2026-11-01T08:00:00.000Z');
export const AD = 'https://shop.example.cz/sekacky?a=1&b=2';
export const AD2 = 'https://shop.example.cz/';

export interface Answer {
  status: number;
  body?: string;
  location?: string;
  headers?: Record<string, string>;
  /** Answer 304 (no body) when the request's If-None-Match equals this. */
  etag?: string;
}

/** The blog: each path answers from a queue of answers (the last one repeats); every request is counted. */
function blogServer() {
  const answers = new Map<string, Answer[]>();
  const hits: string[] = [];
  const requests: { path: string; headers: Record<string, string | string[] | undefined> }[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    requests.push({ path, headers: req.headers });
    const queue = answers.get(path) ?? [{ status: 404, body: 'nenalezeno' }];
    const answer = (queue.length > 1 ? queue.shift() : queue[0]) as Answer;
    if (answer.etag !== undefined && req.headers['if-none-match'] === answer.etag) {
      res.writeHead(304, { etag: answer.etag });
      res.end();
      return;
    }
    res.writeHead(answer.status, {
      'content-type': 'text/html; charset=utf-8',
      ...(answer.location ? { location: answer.location } : {}),
      ...(answer.etag ? { etag: answer.etag } : {}),
      ...answer.headers,
    });
    res.end(answer.body ?? '');
  });
  return { server, answers, hits, requests };
}

export const page = (...hrefs: string[]) =>
  `<!doctype html><html><body><article><h1>Sekačky</h1>${hrefs.map((h) => `<p><a href="${h.replaceAll('&', '&amp;')}" rel="sponsored">odkaz</a></p>`).join('')}</article></body></html>`;

interface Calls {
  raised: NotifyEvent[];
  resolved: string[];
}

function recordingNotifier(): Notifier & Calls {
  const calls: Calls = { raised: [], resolved: [] };
  return {
    ...calls,
    async raise(event) {
      calls.raised.push(event);
    },
    async resolve(key) {
      calls.resolved.push(key);
    },
  };
}

export const checked = (outcomes: WatchOutcome[]) =>
  outcomes.flatMap((o) => (o.kind === 'checked' ? [{ dealId: o.dealId, ...o.check }] : []));

export function watchWorld() {
  const redis: Redis = createTestRedis();
  const blog = blogServer();
  const renderPool = createRenderPool({ threads: 2 });
  const world = {
    redis,
    blog,
    base: '',
    prefix: '',
    store: undefined as unknown as DealStore,
    clock: T0,
    notifier: recordingNotifier(),
    watcher(
      settings: Record<string, unknown> = {},
      render: Record<string, unknown> = {},
      evidence?: EvidenceStore,
    ) {
      return createArticleWatcher({
        store: world.store,
        redis,
        prefix: world.prefix,
        log: pino({ level: 'silent' }),
        settings: { retrySeconds: 0, siteGapSeconds: 0, ...settings },
        render,
        renderPool,
        notifier: world.notifier,
        clock: fixedClock(() => new Date(world.clock)),
        random: () => 0,
        evidence,
      });
    },
    async handedIn(
      dealId: number,
      path: string,
      links: string[] = [AD, AD2],
      extra: Record<string, unknown> = {},
    ): Promise<void> {
      await world.store.createIfAbsent({
        dealId,
        blogId: 101,
        title: 'Sekačky',
        receivedAt: new Date(T0 - 3_600_000).toISOString(),
        deadline: new Date(T0).toISOString(),
        data: {
          watch: { links, ...extra },
          handedInAt: new Date(T0).toISOString(),
          webUrl: 'https://market.example/d/1',
        },
      });
      await world.store.update(dealId, { state: 'handed_in', url: `${world.base}${path}` });
      await enrol(redis, world.prefix, dealId, T0 + DAY);
    },
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => blog.server.listen(0, '127.0.0.1', resolve));
    world.base = `http://127.0.0.1:${(blog.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => blog.server.close(resolve));
    await renderPool.close();
    await deleteKeys(redis, 'pbtest-');
    redis.disconnect();
  });
  beforeEach(() => {
    world.prefix = randomPrefix();
    world.store = createDealStore({
      redis,
      prefix: world.prefix,
      clock: { now: () => new Date(world.clock) },
    });
    world.clock = T0;
    world.notifier = recordingNotifier();
    blog.answers.clear();
    blog.hits.length = 0;
    blog.requests.length = 0;
  });
  return world;
}
