/**
 * The article watcher against a real WordPress: a post published by the WordPress plugin with an advertiser
 * link is fine; the link removed by an edit is a `links` problem naming its href; the post trashed is `gone`;
 * restored, the problem is resolved. Real Redis, the real deal store, real HTTP; the Notifier is the boundary
 * (a recording one).
 */
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import wordpress from '../../plugins/wordpress/index.js';
import { systemClock } from '../../src/clock.js';
import { createDealStore } from '../../src/deals/store.js';
import type { Notifier, NotifyEvent } from '../../src/notify/types.js';
import { articleLinks } from '../../src/render/article-links.js';
import { parseArticle } from '../../src/render/html.js';
import { createRenderPool } from '../../src/render/pool.js';
import { createArticleWatcher, type WatchOutcome, watchEnrolment } from '../../src/watch/index.js';
import { scheduledAt } from '../../src/watch/schedule.js';
import { fixedClock } from '../helpers/clock.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../helpers/redis.js';
import {
  startWordPress,
  type WordPressSite,
  type WpPost,
  wpFetch,
  wpGet,
  wpSend,
} from '../helpers/wordpress.js';

const AD = 'https://hotel.example.cz/tatry?utm_source=blog&utm_medium=clanek';
const TEXT = `<h1>Ubytování v Tatrách</h1>
<p>Na Štrbském plese bylo krásně.</p>
<p>Ubytování doporučuje <a href="${AD.replaceAll('&', '&amp;')}" rel="sponsored">Hotel Tatry</a>.</p>`;
const DEAL_ID = 77_001;
const DAY = 24 * 3_600_000;

describe('article watcher on a real WordPress', () => {
  const redis: Redis = createTestRedis();
  const prefix = randomPrefix();
  const log = pino({ level: 'silent' });
  const raised: NotifyEvent[] = [];
  const resolved: string[] = [];
  const notifier: Notifier = {
    raise: async (event) => {
      raised.push(event);
    },
    resolve: async (key) => {
      resolved.push(key);
    },
  };
  let site: WordPressSite;
  let clock = Date.now();
  const store = createDealStore({ redis, prefix });
  store.events.onChanged(
    watchEnrolment({
      redis,
      prefix,
      settings: { intervalHours: 24 },
      log,
      clock: { now: () => new Date(clock) },
    }),
  );
  const renderPool = createRenderPool({ threads: 2 });
  const watcher = createArticleWatcher({
    store,
    redis,
    prefix,
    log,
    settings: { retrySeconds: 0, timeoutSeconds: 10 },
    notifier,
    clock: fixedClock(() => new Date(clock)),
    renderPool,
  });
  let postId: string;
  let url: string;

  /** Moves the clock to the deal's next check and runs the watcher's tick. */
  async function nextCheck(): Promise<Extract<WatchOutcome, { kind: 'checked' }>['check']> {
    clock = (await scheduledAt(redis, prefix, DEAL_ID)) as number;
    const outcomes = await watcher.runOnce();
    expect(outcomes).toHaveLength(1);
    const outcome = outcomes[0] as WatchOutcome;
    if (outcome.kind !== 'checked') throw new Error(`not checked: ${JSON.stringify(outcome)}`);
    return outcome.check;
  }

  beforeAll(async () => {
    site = await startWordPress({ name: 'pb-watch' });
    const article = parseArticle(TEXT, { photoNumbers: [] });
    const publisher = wordpress.create(
      wordpress.optionsSchema.parse({
        url: site.url,
        username: site.username,
        applicationPassword: site.applicationPassword,
        categories: 'identity',
      }),
      { blogId: 1, log, dataDir: '/tmp', clock: systemClock },
    );
    const published = await publisher.publish({
      deal: {
        dealId: DEAL_ID,
        blogId: 1,
        categoryId: null,
        deadline: new Date(clock + 3_600_000),
        acceptedAt: new Date(clock),
      },
      article: { ...article, title: article.title ?? 'bez názvu' },
      slug: `ubytovani-v-tatrach-${prefix}`,
      images: [],
      previous: {},
      progress: async () => {},
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      signal: new AbortController().signal,
    });
    await publisher.close?.();
    url = published.url;
    postId = published.ref.slice('wp:'.length);
    // As the pipeline does: the render step stores the links, the hand-in step writes `handed_in`.
    await store.createIfAbsent({
      dealId: DEAL_ID,
      blogId: 1,
      title: 'Ubytování v Tatrách',
      receivedAt: new Date(clock).toISOString(),
      deadline: new Date(clock + 3_600_000).toISOString(),
      data: { watch: { links: articleLinks(article) } },
    });
    await store.update(DEAL_ID, {
      state: 'handed_in',
      url,
      data: { handedInAt: new Date(clock).toISOString() },
    });
  }, 120_000);

  afterAll(async () => {
    await watcher.stop();
    // The watcher reads the live pages in the render threads.
    await renderPool.close();
    await site?.stop();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('finds the published article live with the advertiser link', async () => {
    expect(articleLinks(parseArticle(TEXT, { photoNumbers: [] }))).toEqual([AD]);
    const enrolledAt = (await scheduledAt(redis, prefix, DEAL_ID)) as number;
    expect(enrolledAt - clock).toBeGreaterThanOrEqual(DAY / 2);
    clock = enrolledAt - 1;
    expect(await watcher.runOnce()).toEqual([]);
    expect(await nextCheck()).toMatchObject({ ok: true, status: 200, missing: [], links: 1 });
    expect(raised).toEqual([]);
  });

  it('raises `links` with the missing href when an edit removes the link', async () => {
    const before = await wpGet<WpPost>(site, `/wp/v2/posts/${postId}?context=edit`);
    expect(before.content.raw).toContain('hotel.example.cz/tatry');
    await wpSend(site, `/wp/v2/posts/${postId}`, {
      content: '<!-- wp:paragraph -->\n<p>Ubytování doporučuje Hotel Tatry.</p>\n<!-- /wp:paragraph -->',
    });
    expect(await nextCheck()).toMatchObject({ ok: false, problem: 'links', status: 200, missing: [AD] });
    expect(raised.at(-1)).toMatchObject({
      topic: 'article_check',
      dealId: DEAL_ID,
      problem: 'links',
      url,
      detail: AD,
    });
    const record = await store.get(DEAL_ID);
    expect(record?.data.articleCheck).toMatchObject({ problem: 'links', missing: [AD] });
    expect((await store.readLog(DEAL_ID)).map((e) => e.msg)).toContain(
      'article check: advertiser links are missing from the live article',
    );
    // Put the original content back for the restore below.
    await wpSend(site, `/wp/v2/posts/${postId}`, { content: before.content.raw });
  });

  it('raises `gone` when the post is trashed, and resolves it when the post is back', async () => {
    const post = await wpGet<WpPost & { slug: string }>(site, `/wp/v2/posts/${postId}?context=edit`);
    const trashed = await wpFetch(site, `/wp/v2/posts/${postId}`, { method: 'DELETE' });
    expect(trashed.status).toBe(200);
    const gone = await nextCheck();
    expect(gone).toMatchObject({ ok: false, problem: 'gone', status: 404, detail: 'HTTP 404' });
    expect(raised.at(-1)).toMatchObject({ topic: 'article_check', dealId: DEAL_ID, problem: 'gone' });
    expect(resolved).toEqual([]);

    await wpSend(site, `/wp/v2/posts/${postId}`, { status: 'publish', slug: post.slug });
    expect(await nextCheck()).toMatchObject({ ok: true, status: 200, missing: [] });
    expect(resolved).toEqual([`article_check:${DEAL_ID}`]);
  });

  it('ends the watch once the deal is paid, without a request to the site', async () => {
    await store.update(DEAL_ID, {
      data: { paid: { reward: 900, price: 1200, at: new Date(clock).toISOString() } },
    });
    clock = (await scheduledAt(redis, prefix, DEAL_ID)) as number;
    expect(await watcher.runOnce()).toEqual([{ dealId: DEAL_ID, kind: 'ended', reason: 'paid' }]);
    expect(await scheduledAt(redis, prefix, DEAL_ID)).toBeUndefined();
  });
});
