/**
 * The Obligations page and the Earnings page's "at risk of a claim" over real HTTP, reading a real DealStore and
 * the real watch schedule (the zset of src/watch/schedule.ts) in a real Redis.
 */
import * as cheerio from 'cheerio';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleCheck } from '../../../src/deals/article-check.js';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import type { Language } from '../../../src/i18n/index.js';
import { startStatusServer, watchScheduleReader } from '../../../src/status/index.js';
import { OBLIGATIONS_PAGE_SIZE } from '../../../src/status/routes/obligations.js';
import type { StatusDeps } from '../../../src/status/types.js';
import { enrol } from '../../../src/watch/schedule.js';
import { fixedClock } from '../../helpers/clock.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { statusDeps } from './fixtures.js';

const HOSTILE = '<img src=x onerror=alert(1)>';
const NOW = new Date('2026-11-23T12:00:00.000Z');
const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;

const fine: ArticleCheck = {
  at: '2026-11-23T08:00:00.000Z',
  ok: true,
  status: 200,
  missing: [],
  links: 1,
  detail: '',
};
const gone: ArticleCheck = { ...fine, ok: false, status: 404, problem: 'gone', detail: 'HTTP 404' };
const links: ArticleCheck = {
  ...fine,
  ok: false,
  problem: 'links',
  missing: ['https://shop.example/'],
  findings: [{ kind: 'link_lost', detail: 'https://shop.example/', href: 'https://shop.example/' }],
  detail: 'missing https://shop.example/',
};

async function seed(
  dealId: number,
  options: { handedInAt: string; paidAt?: string; reward?: number; check?: ArticleCheck; title?: string },
  nextCheckMs: number,
): Promise<void> {
  await store.createIfAbsent({
    dealId,
    blogId: 101,
    receivedAt: options.handedInAt,
    deadline: options.handedInAt,
    state: 'handed_in',
    title: options.title ?? `Article ${dealId}`,
    source: 'webhook',
    data: {
      handedInAt: options.handedInAt,
      ...(options.paidAt
        ? { paid: { at: options.paidAt, reward: options.reward ?? null, price: 2400 } }
        : {}),
      ...(options.check ? { articleCheck: options.check } : {}),
    },
  });
  await store.update(dealId, { url: `https://zahrada-dum.cz/clanek-${dealId}/` });
  await enrol(redis, prefix, dealId, nextCheckMs);
}

/** `wired: false`: a status page without the schedule reader. */
async function serve(overrides: Partial<StatusDeps>, language: Language = 'en', wired = true) {
  const server = await startStatusServer(
    statusDeps(store, {
      language,
      clock: fixedClock(NOW),
      ...(wired ? { watchSchedule: watchScheduleReader(redis, prefix, 3) } : {}),
      ...overrides,
    }),
    { host: '127.0.0.1', port: 0 },
  );
  const get = async (path: string) => {
    const res = await fetch(server.url + path.replace(/^\//, ''));
    const text = await res.text();
    return { res, text, $: cheerio.load(text) };
  };
  return { server, get };
}

beforeAll(async () => {
  redis = createTestRedis();
  await deleteKeys(redis, prefix);
  store = createDealStore({ redis, prefix });
  const soon = NOW.getTime() + 3_600_000;
  await seed(1, { handedInAt: '2026-11-20T10:00:00.000Z', check: fine }, soon);
  await seed(2, { handedInAt: '2026-11-10T10:00:00.000Z', check: gone, title: HOSTILE }, soon + 1);
  await seed(
    3,
    { handedInAt: '2025-01-01T10:00:00.000Z', paidAt: '2025-01-05T10:00:00.000Z', reward: 900, check: fine },
    soon + 2,
  );
  await seed(
    4,
    {
      handedInAt: '2026-05-20T10:00:00.000Z',
      paidAt: '2026-06-01T10:00:00.000Z',
      reward: 2000,
      check: links,
    },
    soon + 3,
  );
  await seed(
    5,
    { handedInAt: '2026-05-20T10:00:00.000Z', paidAt: '2026-07-01T10:00:00.000Z', reward: 1500, check: gone },
    soon + 4,
  );
  await seed(6, { handedInAt: '2026-11-05T10:00:00.000Z' }, NOW.getTime() - 1);
  // Scheduled, but its record is gone.
  await enrol(redis, prefix, 999, soon);
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('GET /obligations (real Redis)', () => {
  it('lists every watched deal at risk first, paid before unpaid, and links it from the navigation', async () => {
    const { server, get } = await serve({});
    try {
      const { res, $, text } = await get('/obligations');
      expect(res.status).toBe(200);
      expect($('nav.main a[href="/obligations"]').attr('aria-current')).toBe('page');
      const ids = $('tr[data-deal]')
        .map((_, el) => Number($(el).attr('data-deal')))
        .get();
      expect(ids).toEqual([4, 5, 2, 6, 1, 3]);
      expect($('tr[data-deal="4"]').attr('data-risk')).toBe('links');
      expect($('tr[data-deal="2"]').attr('data-risk')).toBe('gone');
      expect($('tr[data-deal="1"]').attr('data-risk')).toBe('');
      expect($('[data-at-risk]').attr('data-at-risk')).toBe('3');
      expect($('[data-missing]').attr('data-missing')).toBe('1');
      // The paid deal's claim window and minimum lifetime, in the page's zone.
      const paid = $('tr[data-deal="4"]').text();
      expect(paid).toContain('claim window until');
      expect($('tr[data-deal="4"] [data-phase="paid"] time').attr('datetime')).toBe(
        '2028-06-01T10:00:00.000Z',
      );
      expect($('tr[data-deal="4"] [data-keep] time').attr('datetime')).toBe('2027-06-01T10:00:00.000Z');
      expect($('tr[data-deal="2"] [data-phase="unpaid"] time').attr('datetime')).toBe(
        '2026-12-10T10:00:00.000Z',
      );
      // The findings in the watch card's words.
      expect($('tr[data-deal="4"]').text()).toContain('an advertiser link is lost');
      expect($('tr[data-deal="6"]').text()).toContain('not checked yet');
      expect($('tr[data-deal="6"]').text()).toContain('due now');
      // The hostile title is text, never markup.
      expect($('tr[data-deal="2"] img').length).toBe(0);
      expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    } finally {
      await server.close();
    }
  });

  it('renders in Czech', async () => {
    const { server, get } = await serve({}, 'cs');
    try {
      const { $ } = await get('/obligations');
      expect($('h1').text()).toBe('Závazky článků');
      expect($('nav.main a[href="/obligations"]').text()).toBe('Závazky');
      expect($('tr[data-deal="4"]').text()).toContain('inzerent může reklamovat do');
      expect($('tr[data-deal="4"]').text()).toContain('musí zůstat publikováno do');
      expect($('tr[data-deal="4"]').text()).toContain('odkaz inzerenta chybí');
    } finally {
      await server.close();
    }
  });

  it('pages a long schedule', async () => {
    const pagePrefix = randomPrefix();
    const many = createDealStore({ redis, prefix: pagePrefix });
    const total = OBLIGATIONS_PAGE_SIZE + 5;
    for (let i = 0; i < total; i++) {
      await many.createIfAbsent({
        dealId: 5000 + i,
        blogId: 101,
        receivedAt: new Date(NOW.getTime() - i * 3_600_000).toISOString(),
        deadline: NOW.toISOString(),
        state: 'handed_in',
      });
      await enrol(redis, pagePrefix, 5000 + i, NOW.getTime() + i);
    }
    const server = await startStatusServer(
      statusDeps(many, { language: 'en', watchSchedule: watchScheduleReader(redis, pagePrefix, 7) }),
      { host: '127.0.0.1', port: 0 },
    );
    try {
      const first = cheerio.load(await (await fetch(`${server.url}obligations`)).text());
      expect(first('tr[data-deal]').length).toBe(OBLIGATIONS_PAGE_SIZE);
      expect(first('a[rel="next"]').attr('href')).toBe('/obligations?page=2');
      const second = cheerio.load(await (await fetch(`${server.url}obligations?page=2`)).text());
      expect(second('tr[data-deal]').length).toBe(5);
      // The oldest hand-in ends its watch first: it leads page one, the newest closes page two.
      expect(first('tr[data-deal]').first().attr('data-deal')).toBe(String(5000 + total - 1));
      expect(second('tr[data-deal]').last().attr('data-deal')).toBe('5000');
      expect((await fetch(`${server.url}obligations?page=x`)).status).toBe(400);
    } finally {
      await server.close();
      await deleteKeys(redis, pagePrefix);
    }
  });

  it('explains an empty watch, and a page without the schedule wired', async () => {
    const empty = await serve({ watchSchedule: watchScheduleReader(redis, randomPrefix()) });
    try {
      const { $ } = await empty.get('/obligations');
      expect($('[data-obligations-empty]').text()).toContain('No article is watched right now');
    } finally {
      await empty.server.close();
    }
    const off = await serve({}, 'cs', false);
    try {
      const { res, $ } = await off.get('/obligations');
      expect(res.status).toBe(200);
      expect($('[data-obligations-off]').text()).toContain('Hlídání článků není');
    } finally {
      await off.server.close();
    }
  });
});

describe('GET /earnings: at risk of a claim (real Redis)', () => {
  it('sums the paid deals whose article fails its check and links them', async () => {
    const { server, get } = await serve({});
    try {
      const { res, $ } = await get('/earnings');
      expect(res.status).toBe(200);
      const card = $('[data-money="at-risk"]');
      expect(card.find('h2').text()).toBe('At risk of a claim');
      // Deals 4 (2000) and 5 (1500): paid, failing, inside the window; deal 2 fails but is unpaid.
      expect(card.find('[data-amount]').attr('data-amount')).toBe('3500');
      expect(card.find('[data-count]').attr('data-count')).toBe('2');
      const rows = $('[data-money-deals="at-risk"] tr[data-deal]');
      expect(rows.map((_, el) => $(el).attr('data-deal')).get()).toEqual(['4', '5']);
      expect($('[data-money-deals="at-risk"] a[href="/deals/4"]').length).toBe(1);
      expect($('[data-money-deals="at-risk"] tr[data-deal="4"] [data-problem]').text()).toBe(
        'advertiser links are missing',
      );
    } finally {
      await server.close();
    }
  });

  it('reads the listed records when no schedule is wired, in Czech', async () => {
    // The listed records are the store's newest (its retention): a paid deal received lately.
    const listPrefix = randomPrefix();
    const listed = createDealStore({ redis, prefix: listPrefix });
    const receivedAt = new Date(Date.now() - 10 * 24 * 3_600_000).toISOString();
    await listed.createIfAbsent({
      dealId: 77,
      blogId: 101,
      receivedAt,
      deadline: receivedAt,
      state: 'handed_in',
      title: HOSTILE,
      data: { paid: { at: '2026-11-20T10:00:00.000Z', reward: 1200, price: 1500 }, articleCheck: gone },
    });
    const server = await startStatusServer(statusDeps(listed, { language: 'cs', clock: fixedClock(NOW) }), {
      host: '127.0.0.1',
      port: 0,
    });
    try {
      const text = await (await fetch(`${server.url}earnings`)).text();
      const $ = cheerio.load(text);
      expect($('[data-money="at-risk"] h2').text()).toBe('Ohroženo reklamací');
      expect($('[data-money="at-risk"] [data-amount]').attr('data-amount')).toBe('1200');
      expect($('[data-money-deals="at-risk"] tr[data-deal="77"]').text()).toContain('článek není dostupný');
      expect($('[data-money-deals="at-risk"] img').length).toBe(0);
      expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    } finally {
      await server.close();
      await deleteKeys(redis, listPrefix);
    }
  });
});
