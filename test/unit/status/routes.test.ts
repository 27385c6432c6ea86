/**
 * The status page over real HTTP, reading a real DealStore in a real Redis filled with deals in every state;
 * only the queue, the rate limiter, the targets and the actions are fakes.
 */
import * as cheerio from 'cheerio';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEAL_RUN_STATES } from '../../../src/deals/lifecycle.js';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { type StatusServer, startStatusServer } from '../../../src/status/index.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { FILLER_DEALS, type Seeded, SUPPORT_CODE, seedDeals, statusDeps } from './fixtures.js';

const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;
let seeded: Seeded;
let deps: ReturnType<typeof statusDeps>;
let server: StatusServer;

/** A tiny browser: keeps cookies, never follows redirects. */
function createClient(base: string) {
  const jar = new Map<string, string>();
  const remember = (res: Response): void => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (attributes.some((a) => a.trim().toLowerCase() === 'max-age=0') || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookie = (): Record<string, string> =>
    jar.size ? { Cookie: [...jar].map(([n, v]) => `${n}=${v}`).join('; ') } : {};
  return {
    jar,
    async get(path: string) {
      const res = await fetch(base + path, { headers: cookie(), redirect: 'manual' });
      remember(res);
      const text = await res.text();
      return { res, text, $: cheerio.load(text) };
    },
    async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { ...cookie(), 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(form).toString(),
        redirect: 'manual',
      });
      remember(res);
      return { res, text: await res.text() };
    },
  };
}

beforeAll(async () => {
  redis = createTestRedis();
  await deleteKeys(redis, prefix);
  store = createDealStore({ redis, prefix });
  seeded = await seedDeals(store, new Date());
});

beforeEach(async () => {
  deps = statusDeps(store, { language: 'en' });
  server = await startStatusServer(deps, { host: '127.0.0.1', port: 0 });
  return async () => {
    await server.close();
  };
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

const idOf = (state: (typeof DEAL_RUN_STATES)[number]): number => seeded.byState.get(state) ?? 0;

describe('src/status (routes, real Redis)', () => {
  it('overview: all well?, what needs the blogger with its actions, deals in progress, earnings', async () => {
    const client = createClient(server.url);
    const { res, $ } = await client.get('');

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // A failed deal, a missed one, one waiting for approval and a blog whose target does not answer.
    expect($('[data-verdict]').attr('data-verdict')).toBe('warn');
    expect($('[data-verdict] .verdict-title').text()).toBe('Something needs you');
    const failed = idOf('failed');
    const form = $('[data-need="failed"] form');
    expect(form.attr('action')).toBe(`/deals/${failed}/retry`);
    expect($('[data-need="failed"]').text()).toContain('The marketplace refused the URL');
    expect($(`[data-need="missed"] form[action="/deals/${idOf('deadline_missed')}/retry"]`)).toHaveLength(1);
    expect($(`[data-need="approval"] a[href="/deals/${idOf('waiting_approval')}"]`).length).toBeGreaterThan(
      0,
    );
    expect($('[data-need="site"]').text()).toContain('Cestovatelský deník');
    expect($('[data-need="site"]').text()).toContain('the token was revoked');
    // In progress: the overdue deal first, then the one due in ten minutes; nothing done among them.
    const rows = $('[data-card="progress"] tr[data-deal]')
      .map((_i, r) => Number($(r).attr('data-deal')))
      .get();
    expect(rows.slice(0, 2)).toEqual([seeded.overdueDealId, seeded.soonDealId]);
    expect(rows).not.toContain(idOf('handed_in'));
    expect(rows).not.toContain(failed);
    expect($('[data-card="earnings"] a[href="/earnings"]')).toHaveLength(1);
    // The technical cards are on /system.
    expect($('[data-queue]')).toHaveLength(0);
    expect($('main').text()).not.toContain('kept in Redis');

    // The retry button posts to the existing action route with the page's own form token.
    const posted = await client.post(`deals/${failed}/retry`, {
      csrf: form.find('input[name="csrf"]').attr('value') ?? '',
    });
    expect(posted.res.status).toBe(303);
    expect(posted.res.headers.get('location')).toBe(`/deals/${failed}`);
  });

  it('overview is red when Redis does not answer, and each answer copes alone', async () => {
    await server.close();
    server = await startStatusServer(
      statusDeps(store, {
        language: 'en',
        redisReachable: async () => false,
        targets: () => new Promise(() => {}),
        sourceTimeoutMs: 200,
      }),
      { host: '127.0.0.1', port: 0 },
    );

    const { res, $ } = await createClient(server.url).get('');

    expect(res.status).toBe(200);
    expect($('[data-verdict]').attr('data-verdict')).toBe('bad');
    expect($('[data-need="redis"]').text()).toContain('Redis does not answer');
    expect($('[data-need="failed"]')).toHaveLength(1);
  });

  it('system: counts by state, queue depth, rate limit, last webhook, Redis and the blogs', async () => {
    const { res, $ } = await createClient(server.url).get('system');

    expect(res.status).toBe(200);
    expect($('nav.main a[aria-current="page"]').attr('href')).toBe('/system');
    expect($('.counts a[href="/deals?state=failed"]').text()).toBe('failed: 1');
    expect($('.counts a[href="/deals?state=handed_in"]').text()).toBe(`handed in: ${FILLER_DEALS + 1}`);
    expect($('.big').last().text()).toBe(String(seeded.total));
    expect($('[data-queue="waiting"]').text()).toBe('4');
    expect($('[data-queue="active"]').text()).toBe('2');
    expect($('[data-queue="delayed"]').text()).toBe('4');
    expect($('[data-queue="failed"]').text()).toBe('1');
    expect($('[data-rate="remaining"]').text()).toBe('41');
    expect($('main').text()).toContain('of 60 requests left in this window');
    expect($('main').text()).toContain('deal.accepted');
    expect($('main').text()).toContain('reachable');
    expect($('tr[data-blog="202"]').text()).toContain('the token was revoked');
    expect($('tr[data-blog="202"] .ok-no').text()).toBe('no');
    expect($('tr[data-blog="101"] .ok-yes').text()).toBe('yes');
    // No intake source given: no intake row.
    expect($('[data-card="intake"]')).toHaveLength(0);
  });

  it('system: the intake row, when the intake reports', async () => {
    await server.close();
    server = await startStatusServer(
      statusDeps(store, {
        language: 'en',
        intake: () => ({
          mode: 'poll',
          chosen: 'default',
          pollMs: 30_000,
          requestsPerMinute: 2,
          budgetPerMinute: 60,
        }),
      }),
      { host: '127.0.0.1', port: 0 },
    );

    const { $ } = await createClient(server.url).get('system');

    expect($('[data-card="intake"]').text()).toContain('Polling the marketplace every');
    expect($('[data-card="intake"]').text()).toContain('2 of 60 requests a minute');
  });

  it('system still renders when sources fail or hang', async () => {
    await server.close();
    server = await startStatusServer(
      statusDeps(store, {
        language: 'en',
        queueCounts: async () => {
          throw new Error('Connection is closed.');
        },
        rateLimit: () => new Promise(() => {}),
        redisReachable: async () => false,
        sourceTimeoutMs: 200,
      }),
      { host: '127.0.0.1', port: 0 },
    );

    const { res, $ } = await createClient(server.url).get('system');

    expect(res.status).toBe(200);
    expect($('main').text()).toContain('Unavailable: Redis does not answer');
    expect($('main').text()).toContain('Unavailable: the rate limiter did not answer within 200 ms');
    expect($('main').text()).toContain('not reachable');
    expect($('.counts').text()).toContain('failed: 1');
  });

  it.each([
    ['deals', 'list'],
    ['deals/41000', 'get'],
    ['logs', 'readGlobalLog'],
  ] as const)('GET /%s answers 503 when Redis hangs (%s)', async (path, method) => {
    await server.close();
    const hanging = { ...store, [method]: () => new Promise(() => {}) };
    server = await startStatusServer(statusDeps(hanging, { language: 'en', sourceTimeoutMs: 100 }), {
      host: '127.0.0.1',
      port: 0,
    });

    const { res, $ } = await createClient(server.url).get(path);

    expect(res.status).toBe(503);
    expect($('h1').text()).toBe('Data not available');
    expect($('main').text()).toContain('did not answer within 100 ms');
  });

  it('deals: newest first, 25 a page, every column', async () => {
    const client = createClient(server.url);
    const first = await client.get('deals');
    const second = await client.get('deals?page=2');
    const past = await client.get('deals?page=9');

    const ids = first
      .$('tr[data-deal]')
      .map((_, el) => Number(first.$(el).attr('data-deal')))
      .get();
    expect(first.res.status).toBe(200);
    expect(ids).toHaveLength(25);
    // The deal received most recently is the first state's; the seed makes each next one 3 minutes older.
    expect(ids.slice(0, 3)).toEqual([idOf('received'), idOf('waiting_approval'), idOf('processing')]);
    expect(second.$('tr[data-deal]').length).toBe(Math.min(25, seeded.total - 25));
    expect(second.$('a[rel="prev"]').attr('href')).toBe('/deals');
    expect(past.res.status).toBe(200);
    expect(past.$('main').text()).toContain('This page is past the end.');

    const $ = first.$;
    const failed = $(`tr[data-deal="${idOf('failed')}"]`);
    expect(failed.find('.state').hasClass('tone-problem')).toBe(true);
    expect(failed.find('.countdown').length).toBe(1);
    const handedIn = $(`tr[data-deal="${idOf('handed_in')}"]`);
    expect(handedIn.find('.countdown').length).toBe(0);
    expect(handedIn.find('td[data-label="Published"] a').attr('href')).toMatch(
      /^https:\/\/.*\/clanek-\d+\/$/,
    );
    expect($(`tr[data-deal="${seeded.soonDealId}"] .countdown`).hasClass('soon')).toBe(true);
    expect($(`tr[data-deal="${seeded.overdueDealId}"] .countdown`).hasClass('missed')).toBe(true);
    expect($(`tr[data-deal="${idOf('processing')}"] .countdown`).hasClass('ok')).toBe(true);
    expect(
      $(`tr[data-deal="${idOf('waiting_approval')}"] a[href$="/obchody/${idOf('waiting_approval')}"]`).length,
    ).toBe(1);
    // index 0 (received) was seeded without a webUrl: no marketplace link
    expect($(`tr[data-deal="${idOf('received')}"] td[data-label="Marketplace"]`).text()).toBe('');
  });

  it('deals: filters by state', async () => {
    const { res, $ } = await createClient(server.url).get('deals?state=retrying');

    expect(res.status).toBe(200);
    expect(
      $('tr[data-deal]')
        .map((_, el) => Number($(el).attr('data-deal')))
        .get(),
    ).toEqual([idOf('retrying'), seeded.overdueDealId]);
    expect($('h1').text()).toBe('Deals · retrying');
  });

  it('deal page: timeline, log, events, error with support code, the three buttons', async () => {
    const client = createClient(server.url);
    const handedIn = await client.get(`deals/${idOf('handed_in')}`);
    const failed = await client.get(`deals/${idOf('failed')}`);

    expect(handedIn.res.status).toBe(200);
    expect(
      handedIn
        .$('li[data-step]')
        .map((_, el) => handedIn.$(el).attr('data-step'))
        .get(),
    ).toEqual(expect.arrayContaining(['fetch', 'render', 'publish', 'verify', 'hand_in']));
    expect(handedIn.$('li[data-step="publish"] .num').text()).toBe('6.5 s');
    expect(handedIn.$('.log-line').length).toBe(2);
    expect(handedIn.$('details.event summary').text()).toContain('deal.accepted');
    expect(handedIn.$('details.event pre').text()).toContain(`"id": ${idOf('handed_in')}`);
    expect(handedIn.$('.countdown').length).toBe(0);

    expect(failed.$('.error-box').text()).toContain('not on the blog');
    expect(failed.$('.support-code').text()).toBe(SUPPORT_CODE);
    expect(failed.$('.log-line .level-error').length).toBe(1);
    expect(
      failed
        .$('form[method="post"] button')
        .map((_, b) => failed.$(b).text())
        .get(),
    ).toEqual(['Retry now', 'Hand in again', 'Mark as handled']);
    expect(client.jar.get('pb_csrf')).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('logs: recent lines across deals, filtered by level and blog, auto-refreshing unless paused', async () => {
    const client = createClient(server.url);
    const all = await client.get('logs');
    const errors = await client.get('logs?level=error');
    const blog = await client.get('logs?blog=202&refresh=off');

    expect(all.res.status).toBe(200);
    expect(all.$('.log-line').length).toBeGreaterThan(DEAL_RUN_STATES.length);
    expect(all.$('meta[http-equiv="refresh"]').attr('content')).toBe('10');
    expect(all.$('main').text()).toContain('reconcile sweep: nothing missed');
    expect(errors.$('.log-line').length).toBe(1);
    expect(errors.$('.log-line .level').text()).toBe('error');
    const blogCells = blog
      .$('.log-line td[data-label="Blog"]')
      .map((_, el) => blog.$(el).text())
      .get();
    expect(blogCells.length).toBeGreaterThan(0);
    expect(new Set(blogCells)).toEqual(new Set(['Cestovatelský deník (202)']));
    expect(blog.$('meta[http-equiv="refresh"]').length).toBe(0);
    expect(blog.$('select[name="blog"] option[selected]').attr('value')).toBe('202');
  });

  it.each([
    ['deals/abc', 400, 'Bad deal id'],
    ['deals/0', 400, 'Bad deal id'],
    ['deals/1e3', 400, 'Bad deal id'],
    ['deals/99999', 404, 'No such deal'],
    ['deals?page=0', 400, 'Bad page number'],
    ['deals?page=abc', 400, 'Bad page number'],
    ['deals?page=1&page=2', 400, 'Bad page number'],
    ['deals?state=bogus', 400, 'Unknown state'],
    ['logs?level=loud', 400, 'Bad filter'],
    ['logs?blog=x', 400, 'Bad filter'],
    ['logs?refresh=sometimes', 400, 'Bad filter'],
    ['no/such/page', 404, 'Not found'],
  ])('GET /%s → %i', async (path, status, title) => {
    const { res, $ } = await createClient(server.url).get(path);

    expect(res.status).toBe(status);
    expect($('h1').text()).toBe(title);
    expect(deps.calls).toEqual([]);
  });

  describe('actions', () => {
    async function openDeal(dealId: number) {
      const client = createClient(server.url);
      const page = await client.get(`deals/${dealId}`);
      const token = page.$('form[action$="/retry"] input[name="csrf"]').attr('value') ?? '';
      return { client, token };
    }

    it.each([
      ['retry', 'retry', 'runs again now'],
      ['hand-in-again', 'handInAgain', 'hands in its URL again'],
      ['mark-handled', 'markHandled', 'marked as handled'],
    ] as const)(
      'POST %s calls the action, redirects back and shows the flash once',
      async (path, action, text) => {
        const dealId = idOf('failed');
        const { client, token } = await openDeal(dealId);

        const posted = await client.post(`deals/${dealId}/${path}`, { csrf: token });
        const back = await client.get(`deals/${dealId}`);
        const again = await client.get(`deals/${dealId}`);

        expect(posted.res.status).toBe(303);
        expect(posted.res.headers.get('location')).toBe(`/deals/${dealId}`);
        expect(deps.calls).toEqual([{ action, dealId }]);
        expect(back.$('.flash.ok').text()).toContain(text);
        expect(again.$('.flash').length).toBe(0);
      },
    );

    it.each([
      ['no token', () => ({}), {}],
      ['a wrong token', () => ({ csrf: 'forged-token-value' }), {}],
      ['a cross-site request', (token: string) => ({ csrf: token }), { 'Sec-Fetch-Site': 'cross-site' }],
      ['another origin', (token: string) => ({ csrf: token }), { Origin: 'https://attacker.example' }],
      ['an opaque origin that nothing vouches for', (token: string) => ({ csrf: token }), { Origin: 'null' }],
    ])('refuses a POST with %s (403) and calls nothing', async (_name, form, headers) => {
      const dealId = idOf('failed');
      const { client, token } = await openDeal(dealId);

      const posted = await client.post(`deals/${dealId}/retry`, form(token), headers);

      expect(posted.res.status).toBe(403);
      expect(posted.text).toContain('Nothing was done');
      expect(deps.calls).toEqual([]);
    });

    it('refuses a token issued for another browser (cookie)', async () => {
      const dealId = idOf('failed');
      const alice = await openDeal(dealId);
      const mallory = await openDeal(dealId);

      const posted = await mallory.client.post(`deals/${dealId}/retry`, { csrf: alice.token });

      expect(posted.res.status).toBe(403);
      expect(deps.calls).toEqual([]);
    });

    it.each([
      ['its own origin', () => new URL(server.url).origin],
      ['an opaque origin (no-referrer browsers)', () => 'null'],
    ])('accepts a same-origin POST that says so, with %s', async (_name, origin) => {
      const dealId = idOf('retrying');
      const { client, token } = await openDeal(dealId);

      const posted = await client.post(
        `deals/${dealId}/retry`,
        { csrf: token },
        { Origin: origin(), 'Sec-Fetch-Site': 'same-origin' },
      );

      expect(posted.res.status).toBe(303);
      expect(deps.calls).toEqual([{ action: 'retry', dealId }]);
    });

    it.each([
      ['deals/abc/retry', 400],
      ['deals/99999/retry', 404],
      ['deals/41000/explode', 404],
    ])('POST /%s → %i and calls nothing', async (path, status) => {
      const { client, token } = await openDeal(idOf('failed'));

      const posted = await client.post(path, { csrf: token });

      expect(posted.res.status).toBe(status);
      expect(deps.calls).toEqual([]);
    });

    it('shows a failing action as a red flash', async () => {
      await server.close();
      deps = statusDeps(store, {
        language: 'en',
        actions: {
          retry: async () => ({
            ok: false,
            message: 'Deal 1 is running right now; wait for this attempt to end.',
          }),
          handInAgain: async () => {
            throw new Error('queue unavailable');
          },
          markHandled: async () => ({ ok: true, message: 'ok' }),
        },
      });
      server = await startStatusServer(deps, { host: '127.0.0.1', port: 0 });
      const dealId = idOf('processing');
      const { client, token } = await openDeal(dealId);

      await client.post(`deals/${dealId}/retry`, { csrf: token });
      const refused = await client.get(`deals/${dealId}`);
      await client.post(`deals/${dealId}/hand-in-again`, { csrf: token });
      const thrown = await client.get(`deals/${dealId}`);

      expect(refused.$('.flash.bad').text()).toContain('running right now');
      expect(thrown.$('.flash.bad').text()).toContain(
        `Deal ${dealId}: “Hand in again” failed: queue unavailable`,
      );
    });

    it('ignores a forged flash cookie', async () => {
      const client = createClient(server.url);
      const forged = Buffer.from(JSON.stringify({ ok: true, message: 'All deals paid twice!' })).toString(
        'base64url',
      );
      client.jar.set('pb_flash', `${forged}.not-a-signature`);

      const page = await client.get('');

      expect(page.$('.flash').length).toBe(0);
      expect(page.text).not.toContain('paid twice');
    });
  });

  it('serves under a base path', async () => {
    await server.close();
    server = await startStatusServer(statusDeps(store, { language: 'en', basePath: '/status/' }), {
      host: '127.0.0.1',
      port: 0,
    });
    const client = createClient(server.url.replace(/status\/$/, ''));

    const overview = await client.get('status/');
    const deal = await client.get(`status/deals/${idOf('failed')}`);
    const outside = await client.get('deals');

    expect(server.url).toMatch(/\/status\/$/);
    expect(overview.res.status).toBe(200);
    expect(overview.$('link[rel="stylesheet"]').attr('href')).toMatch(/^\/status\/assets\/status\.css/);
    expect(deal.$('form').first().attr('action')).toBe(`/status/deals/${idOf('failed')}/retry`);
    expect(outside.res.status).toBe(404);
  });
});

describe('src/status /earnings (routes, real Redis)', () => {
  it('without a money reader sums the deal records; the nav links to it', async () => {
    const { res, $ } = await createClient(server.url).get('earnings');
    expect(res.status).toBe(200);
    const handedIn = (await store.list({ limit: 1000, state: 'handed_in' })).total;
    expect($('[data-money="awaiting"] [data-count]').attr('data-count')).toBe(String(handedIn));
    expect($('[data-fetched-at]').attr('data-fetched-at')).toBe('');
    expect($('nav.main a[aria-current="page"]').attr('href')).toBe('/earnings');
  });

  it('answers 503 with the reason when the numbers cannot be read', async () => {
    const failing = await startStatusServer(
      {
        ...statusDeps(store),
        earnings: async () => {
          throw new Error('Redis is away');
        },
      },
      { host: '127.0.0.1', port: 0 },
    );
    try {
      const { res, $ } = await createClient(failing.url).get('earnings');
      expect(res.status).toBe(503);
      expect($('[role="alert"]').text()).toContain('Redis is away');
    } finally {
      await failing.close();
    }
  });
});
