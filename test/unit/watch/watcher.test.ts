/**
 * The watcher over real Redis, the real deal store and a real HTTP server standing in for the blog, with an
 * injected clock: due selection, the end after payment or `days`, the findings, the notifier's raise/resolve.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDealStore, type DealStore } from '../../../src/deals/store.js';
import type { Notifier, NotifyEvent } from '../../../src/notify/types.js';
import { createArticleWatcher, readArticleCheck, type WatchOutcome } from '../../../src/watch/index.js';
import { enrol, scheduledAt } from '../../../src/watch/schedule.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { until } from '../../helpers/until.js';

const DAY = 24 * 3_600_000;
const T0 = Date.parse('2026-11-01T08:00:00.000Z');
const AD = 'https://shop.example.cz/sekacky?a=1&b=2';
const AD2 = 'https://shop.example.cz/';

interface Answer {
  status: number;
  body?: string;
  location?: string;
}

/** The blog: each path answers from a queue of answers (the last one repeats); every request is counted. */
function blogServer() {
  const answers = new Map<string, Answer[]>();
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    const queue = answers.get(path) ?? [{ status: 404, body: 'nenalezeno' }];
    const answer = (queue.length > 1 ? queue.shift() : queue[0]) as Answer;
    res.writeHead(answer.status, {
      'content-type': 'text/html; charset=utf-8',
      ...(answer.location ? { location: answer.location } : {}),
    });
    res.end(answer.body ?? '');
  });
  return { server, answers, hits };
}

const page = (...hrefs: string[]) =>
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

describe('article watcher', () => {
  const redis: Redis = createTestRedis();
  const blog = blogServer();
  let base: string;
  let prefix: string;
  let store: DealStore;
  let clock: number;
  let notifier: ReturnType<typeof recordingNotifier>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => blog.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(blog.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => blog.server.close(resolve));
    await deleteKeys(redis, 'pbtest-');
    redis.disconnect();
  });
  beforeEach(() => {
    prefix = randomPrefix();
    store = createDealStore({ redis, prefix, now: () => new Date(clock) });
    clock = T0;
    notifier = recordingNotifier();
    blog.answers.clear();
    blog.hits.length = 0;
  });

  const watcher = (settings: Record<string, unknown> = {}) =>
    createArticleWatcher({
      store,
      redis,
      prefix,
      log: pino({ level: 'silent' }),
      settings: { retrySeconds: 0, ...settings },
      notifier,
      now: () => new Date(clock),
      random: () => 0,
    });

  async function handedIn(dealId: number, path: string, links: string[] = [AD, AD2]): Promise<void> {
    await store.createIfAbsent({
      dealId,
      blogId: 101,
      title: 'Sekačky',
      receivedAt: new Date(T0 - 3_600_000).toISOString(),
      deadline: new Date(T0).toISOString(),
      data: {
        watch: { links },
        handedInAt: new Date(T0).toISOString(),
        webUrl: 'https://market.example/d/1',
      },
    });
    await store.update(dealId, { state: 'handed_in', url: `${base}${path}` });
    await enrol(redis, prefix, dealId, T0 + DAY);
  }

  const checked = (outcomes: WatchOutcome[]) =>
    outcomes.flatMap((o) => (o.kind === 'checked' ? [{ dealId: o.dealId, ...o.check }] : []));

  it('checks only what is due, then about a day later', async () => {
    blog.answers.set('/a', [{ status: 200, body: page(AD, AD2) }]);
    await handedIn(1, '/a');
    const w = watcher();
    clock = T0 + DAY - 60_000;
    expect(await w.runOnce()).toEqual([]);
    expect(blog.hits).toEqual([]);
    clock = T0 + DAY;
    const [first] = checked(await w.runOnce());
    expect(first).toMatchObject({ dealId: 1, ok: true, status: 200, missing: [], links: 2 });
    expect(readArticleCheck((await store.get(1))?.data ?? {})).toMatchObject({
      ok: true,
      at: new Date(clock).toISOString(),
    });
    const next = (await scheduledAt(redis, prefix, 1)) as number;
    expect(next - clock).toBeGreaterThan(DAY / 2);
    expect(next - clock).toBeLessThan(1.5 * DAY);
    expect(await w.runOnce()).toEqual([]);
    expect((await store.readLog(1)).map((e) => e.msg)).toContain(
      'article check: live, every advertiser link in place',
    );
    expect(notifier.raised).toEqual([]);
  });

  it('ends the watch once the deal is paid, without a request', async () => {
    await handedIn(2, '/b');
    await store.update(2, { data: { paid: { reward: 900, price: 1200, at: new Date(T0).toISOString() } } });
    clock = T0 + DAY;
    expect(await watcher().runOnce()).toEqual([{ dealId: 2, kind: 'ended', reason: 'paid' }]);
    expect(blog.hits).toEqual([]);
    expect(await scheduledAt(redis, prefix, 2)).toBeUndefined();
  });

  it('ends the watch `days` after the hand-in', async () => {
    blog.answers.set('/c', [{ status: 200, body: page(AD, AD2) }]);
    await handedIn(3, '/c');
    const w = watcher({ days: 3 });
    clock = T0 + 3 * DAY - 1000;
    await redis.zadd(`${prefix}:watch:due`, clock, '3');
    expect(checked(await w.runOnce())).toHaveLength(1);
    clock = T0 + 3 * DAY + 1000;
    await redis.zadd(`${prefix}:watch:due`, clock, '3');
    expect(await w.runOnce()).toEqual([{ dealId: 3, kind: 'ended', reason: 'days' }]);
    expect(await scheduledAt(redis, prefix, 3)).toBeUndefined();
  });

  it('raises a links problem with the missing href and resolves it when the link is back', async () => {
    blog.answers.set('/d', [{ status: 200, body: page(AD2, 'https://blog.example/go/shop') }]);
    await handedIn(4, '/d');
    const w = watcher();
    clock = T0 + DAY;
    const [found] = checked(await w.runOnce());
    expect(found).toMatchObject({ ok: false, problem: 'links', missing: [AD], status: 200 });
    expect(notifier.raised).toEqual([
      {
        topic: 'article_check',
        dealId: 4,
        blogId: 101,
        url: `${base}/d`,
        problem: 'links',
        detail: AD,
        title: 'Sekačky',
        webUrl: 'https://market.example/d/1',
      },
    ]);
    expect(notifier.resolved).toEqual([]);
    blog.answers.set('/d', [{ status: 200, body: page(AD, AD2) }]);
    clock = T0 + 3 * DAY;
    expect(checked(await w.runOnce())[0]).toMatchObject({ ok: true });
    expect(notifier.resolved).toEqual(['article_check:4']);
  });

  it('asks again before it calls a page gone; a second miss is `gone`', async () => {
    blog.answers.set('/e', [{ status: 503 }, { status: 200, body: page(AD, AD2) }]);
    blog.answers.set('/f', [{ status: 404 }]);
    await handedIn(5, '/e');
    await handedIn(6, '/f');
    clock = T0 + DAY;
    const found = checked(await watcher().runOnce());
    expect(found.find((c) => c.dealId === 5)).toMatchObject({ ok: true });
    expect(found.find((c) => c.dealId === 6)).toMatchObject({
      ok: false,
      problem: 'gone',
      status: 404,
      detail: 'HTTP 404',
    });
    expect(blog.hits.filter((h) => h === '/f')).toHaveLength(2);
    expect(notifier.raised.map((e) => ('dealId' in e ? e.dealId : undefined))).toEqual([6]);
  });

  it('records a refusal (bot protection, 403/429) without raising or resolving anything', async () => {
    blog.answers.set('/r', [{ status: 403 }]);
    blog.answers.set('/q', [{ status: 429 }]);
    await handedIn(11, '/r');
    await handedIn(12, '/q');
    clock = T0 + DAY;
    const found = checked(await watcher().runOnce());
    expect(found.find((c) => c.dealId === 11)).toMatchObject({ ok: false, refused: true, status: 403 });
    expect(found.find((c) => c.dealId === 12)).toMatchObject({ ok: false, refused: true, status: 429 });
    expect(found.every((c) => c.problem === undefined)).toBe(true);
    expect(notifier.raised).toEqual([]);
    expect(notifier.resolved).toEqual([]);
    expect((await store.get(11))?.data.articleCheck).toMatchObject({ refused: true, detail: 'HTTP 403' });
  });

  it('follows a redirect within the site, not to another site', async () => {
    blog.answers.set('/g', [{ status: 301, location: '/g2' }]);
    blog.answers.set('/g2', [{ status: 200, body: page(AD, AD2) }]);
    blog.answers.set('/h', [{ status: 302, location: 'https://elsewhere.example/' }]);
    await handedIn(7, '/g');
    await handedIn(8, '/h');
    clock = T0 + DAY;
    const found = checked(await watcher().runOnce());
    expect(found.find((c) => c.dealId === 7)).toMatchObject({ ok: true });
    expect(found.find((c) => c.dealId === 8)).toMatchObject({
      ok: false,
      problem: 'gone',
      status: 302,
      detail: 'redirects to https://elsewhere.example',
    });
  });

  it('catches up handed-in deals that are not scheduled', async () => {
    await store.createIfAbsent({
      dealId: 9,
      blogId: 101,
      receivedAt: new Date(T0).toISOString(),
      deadline: new Date(T0).toISOString(),
    });
    await store.update(9, {
      state: 'handed_in',
      url: `${base}/i`,
      data: { handedInAt: new Date(T0).toISOString() },
    });
    await handedIn(10, '/j');
    const w = watcher();
    expect(await w.catchUp()).toBe(1);
    expect(await scheduledAt(redis, prefix, 9)).toBeDefined();
    expect(await w.catchUp()).toBe(0);
  });

  it('start() catches up and checks what is due at once; stop() ends it', async () => {
    blog.answers.set('/k', [{ status: 200, body: page(AD, AD2) }]);
    await store.createIfAbsent({
      dealId: 11,
      blogId: 101,
      receivedAt: new Date(T0).toISOString(),
      deadline: new Date(T0).toISOString(),
      data: { watch: { links: [AD] }, handedInAt: new Date(T0).toISOString() },
    });
    await store.update(11, { state: 'handed_in', url: `${base}/k` });
    await handedIn(12, '/l');
    blog.answers.set('/l', [{ status: 200, body: page(AD, AD2) }]);
    clock = T0 + DAY;
    const w = watcher();
    w.start();
    await until(async () => readArticleCheck((await store.get(12))?.data ?? {}), 5_000, 'deal 12 checked');
    await w.stop();
    // Deal 11 was not scheduled: the catch-up scheduled it for later, not now.
    expect(await scheduledAt(redis, prefix, 11)).toBeGreaterThan(clock);
    expect(blog.hits).toEqual(['/l']);
  });
});
