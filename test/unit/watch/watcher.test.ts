/**
 * The watcher over real Redis, the real deal store and a real HTTP server standing in for the blog, with an
 * injected clock: due selection, the end after payment or `days`, the findings, the notifier's raise/resolve.
 */
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/i18n/index.js';
import { renderMessage } from '../../../src/notify/render.js';
import { renderDeal } from '../../../src/status/views/deal.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { readArticleCheck } from '../../../src/watch/index.js';
import { scheduledAt } from '../../../src/watch/schedule.js';
import { until } from '../../helpers/until.js';
import { AD, AD2, checked, DAY, page, T0, watchWorld } from './watch-world.js';

const viewContext: Omit<ViewContext, 't'> = {
  base: '',
  now: new Date(T0),
  timeZone: 'Europe/Prague',
  version: '1',
  marketplaceName: 'Marketplace',
  blogNames: new Map(),
  csrf: 'x',
};

describe('article watcher', () => {
  const world = watchWorld();

  it('checks only what is due, then about a day later', async () => {
    world.blog.answers.set('/a', [{ status: 200, body: page(AD, AD2) }]);
    await world.handedIn(1, '/a');
    const w = world.watcher();
    world.clock = T0 + DAY - 60_000;
    expect(await w.runOnce()).toEqual([]);
    expect(world.blog.hits).toEqual([]);
    world.clock = T0 + DAY;
    const [first] = checked(await w.runOnce());
    expect(first).toMatchObject({ dealId: 1, ok: true, status: 200, missing: [], links: 2 });
    expect(readArticleCheck((await world.store.get(1))?.data ?? {})).toMatchObject({
      ok: true,
      at: new Date(world.clock).toISOString(),
    });
    const next = (await scheduledAt(world.redis, world.prefix, 1)) as number;
    expect(next - world.clock).toBeGreaterThan(DAY / 2);
    expect(next - world.clock).toBeLessThan(1.5 * DAY);
    expect(await w.runOnce()).toEqual([]);
    expect((await world.store.readLog(1)).map((e) => e.msg)).toContain(
      'article check: live, every advertiser link in place',
    );
    expect(world.notifier.raised).toEqual([]);
  });

  it('a paid deal is checked weekly until the claim window closes, then no request', async () => {
    world.blog.answers.set('/b', [{ status: 200, body: page(AD, AD2) }]);
    await world.handedIn(2, '/b');
    const paidAt = '2026-11-01T08:00:00.000Z';
    await world.store.update(2, { data: { paid: { reward: 900, price: 1200, at: paidAt } } });
    // Past `days` (30) after the hand-in: a paid deal is still watched.
    world.clock = T0 + 40 * DAY;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '2');
    const w = world.watcher();
    expect(checked(await w.runOnce())).toEqual([expect.objectContaining({ dealId: 2, ok: true })]);
    const next = (await scheduledAt(world.redis, world.prefix, 2)) as number;
    expect(next - world.clock).toBeGreaterThanOrEqual(3.5 * DAY);
    expect(next - world.clock).toBeLessThanOrEqual(7.5 * DAY);
    // 24 months after the payout (2028-11-01) the window is over: dropped without a request.
    world.blog.hits.length = 0;
    world.clock = Date.parse('2028-11-01T09:00:00.000Z');
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '2');
    expect(await w.runOnce()).toEqual([{ dealId: 2, kind: 'ended', reason: 'claim_window' }]);
    expect(world.blog.hits).toEqual([]);
    expect(await scheduledAt(world.redis, world.prefix, 2)).toBeUndefined();
  });

  it('ends the watch `days` after the hand-in', async () => {
    world.blog.answers.set('/c', [{ status: 200, body: page(AD, AD2) }]);
    await world.handedIn(3, '/c');
    const w = world.watcher({ days: 3 });
    world.clock = T0 + 3 * DAY - 1000;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '3');
    expect(checked(await w.runOnce())).toHaveLength(1);
    world.clock = T0 + 3 * DAY + 1000;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '3');
    expect(await w.runOnce()).toEqual([{ dealId: 3, kind: 'ended', reason: 'days' }]);
    expect(await scheduledAt(world.redis, world.prefix, 3)).toBeUndefined();
  });

  it('raises a links problem with the missing href and resolves it when the link is back', async () => {
    world.blog.answers.set('/d', [{ status: 200, body: page(AD2, 'https://blog.example/go/shop') }]);
    await world.handedIn(4, '/d');
    const w = world.watcher();
    world.clock = T0 + DAY;
    const [found] = checked(await w.runOnce());
    expect(found).toMatchObject({ ok: false, problem: 'links', missing: [AD], status: 200 });
    expect(world.notifier.raised).toEqual([
      {
        topic: 'article_check',
        dealId: 4,
        blogId: 101,
        url: `${world.base}/d`,
        problem: 'links',
        detail: `link_lost: ${AD}`,
        title: 'Sekačky',
        webUrl: 'https://market.example/d/1',
      },
    ]);
    expect(world.notifier.resolved).toEqual([]);
    world.blog.answers.set('/d', [{ status: 200, body: page(AD, AD2) }]);
    world.clock = T0 + 3 * DAY;
    expect(checked(await w.runOnce())[0]).toMatchObject({ ok: true });
    expect(world.notifier.resolved).toEqual(['article_check:4']);
  });

  it('asks again before it calls a page gone; a second miss is `gone`', async () => {
    world.blog.answers.set('/e', [{ status: 503 }, { status: 200, body: page(AD, AD2) }]);
    world.blog.answers.set('/f', [{ status: 404 }]);
    await world.handedIn(5, '/e');
    await world.handedIn(6, '/f');
    world.clock = T0 + DAY;
    const found = checked(await world.watcher().runOnce());
    expect(found.find((c) => c.dealId === 5)).toMatchObject({ ok: true });
    expect(found.find((c) => c.dealId === 6)).toMatchObject({
      ok: false,
      problem: 'gone',
      status: 404,
      detail: 'HTTP 404',
    });
    expect(world.blog.hits.filter((h) => h === '/f')).toHaveLength(2);
    expect(world.notifier.raised.map((e) => ('dealId' in e ? e.dealId : undefined))).toEqual([6]);
  });

  it('records a refusal (bot protection, 403/429) without raising or resolving anything', async () => {
    world.blog.answers.set('/r', [{ status: 403 }]);
    world.blog.answers.set('/q', [{ status: 429 }]);
    await world.handedIn(11, '/r');
    await world.handedIn(12, '/q');
    world.clock = T0 + DAY;
    const found = checked(await world.watcher().runOnce());
    expect(found.find((c) => c.dealId === 11)).toMatchObject({ ok: false, refused: true, status: 403 });
    expect(found.find((c) => c.dealId === 12)).toMatchObject({ ok: false, refused: true, status: 429 });
    expect(found.every((c) => c.problem === undefined)).toBe(true);
    expect(world.notifier.raised).toEqual([]);
    expect(world.notifier.resolved).toEqual([]);
    expect((await world.store.get(11))?.data.articleCheck).toMatchObject({
      refused: true,
      detail: 'HTTP 403',
    });
  });

  it('follows a redirect within the site, not to another site', async () => {
    world.blog.answers.set('/g', [{ status: 301, location: '/g2' }]);
    world.blog.answers.set('/g2', [{ status: 200, body: page(AD, AD2) }]);
    // The same server under another host name: refused before any request reaches it.
    const elsewhere = world.base.replace('127.0.0.1', 'localhost');
    world.blog.answers.set('/h', [{ status: 302, location: `${elsewhere}/h2` }]);
    await world.handedIn(7, '/g');
    await world.handedIn(8, '/h');
    world.clock = T0 + DAY;
    const found = checked(await world.watcher().runOnce());
    expect(found.find((c) => c.dealId === 7)).toMatchObject({ ok: true });
    expect(found.find((c) => c.dealId === 8)).toMatchObject({
      ok: false,
      problem: 'gone',
      status: 302,
      detail: `redirect to ${elsewhere} refused: another site than the article's ${world.base}`,
    });
    expect(world.blog.hits).not.toContain('/h2');
    // A Czech blogger reads it in Czech: on the deal page (from the stored check) and in the notification.
    const czech = `přesměrování na ${elsewhere} odmítnuto: jiný web, než je web článku ${world.base}`;
    const record = await world.store.get(8);
    if (!record) throw new Error('no record');
    const ctx = { ...viewContext, t: createTranslator('cs') };
    const card = load(renderDeal(ctx, { record, log: [], events: [] }).value)('[data-article-check]').text();
    expect(card).toContain(`Článek není dostupný: ${czech}.`);
    const raised = world.notifier.raised.find((e) => e.topic === 'article_check' && e.dealId === 8);
    if (!raised) throw new Error('nothing raised');
    const body = renderMessage(raised, 'problem', createTranslator('cs'), { timeZone: 'Europe/Prague' }).body;
    expect(body).toContain(czech);
  });

  it('catches up handed-in deals that are not scheduled', async () => {
    await world.store.createIfAbsent({
      dealId: 9,
      blogId: 101,
      receivedAt: new Date(T0).toISOString(),
      deadline: new Date(T0).toISOString(),
    });
    await world.store.update(9, {
      state: 'handed_in',
      url: `${world.base}/i`,
      data: { handedInAt: new Date(T0).toISOString() },
    });
    await world.handedIn(10, '/j');
    const w = world.watcher();
    expect(await w.catchUp()).toBe(1);
    expect(await scheduledAt(world.redis, world.prefix, 9)).toBeDefined();
    expect(await w.catchUp()).toBe(0);
  });

  it('start() catches up and checks what is due at once; stop() ends it', async () => {
    world.blog.answers.set('/k', [{ status: 200, body: page(AD, AD2) }]);
    await world.store.createIfAbsent({
      dealId: 11,
      blogId: 101,
      receivedAt: new Date(T0).toISOString(),
      deadline: new Date(T0).toISOString(),
      data: { watch: { links: [AD] }, handedInAt: new Date(T0).toISOString() },
    });
    await world.store.update(11, { state: 'handed_in', url: `${world.base}/k` });
    await world.handedIn(12, '/l');
    world.blog.answers.set('/l', [{ status: 200, body: page(AD, AD2) }]);
    world.clock = T0 + DAY;
    const w = world.watcher();
    w.start();
    await until(
      async () => readArticleCheck((await world.store.get(12))?.data ?? {}),
      5_000,
      'deal 12 checked',
    );
    await w.stop();
    // Deal 11 was not scheduled: the catch-up scheduled it for later, not now.
    expect(await scheduledAt(world.redis, world.prefix, 11)).toBeGreaterThan(world.clock);
    expect(world.blog.hits).toEqual(['/l']);
  });
});
