import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ArticleResult,
  BlogList,
  DealList,
  Deal as DealSchema,
  DealText,
  ErrorEnvelope,
  formatChangedSince,
  Me,
} from '../../src/marketplace/schema.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { until } from '../helpers/until.js';

const KEY = 'sandbox-key';

/** A tiny "blog" that answers 200 on /ok/*, 404 elsewhere: the target of the hand-in's reachability GET. */
async function startBlog(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/redirect/')) {
      res.writeHead(301, { Location: req.url.replace('/redirect/', '/ok/') }).end();
      return;
    }
    res
      .writeHead(req.url?.startsWith('/ok/') ? 200 : 404, { 'Content-Type': 'text/html' })
      .end('<html></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function call(
  sandbox: Sandbox,
  path: string,
  init: { method?: string; key?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; json: unknown }> {
  const headers: Record<string, string> = { ...init.headers };
  const key = init.key === undefined ? KEY : init.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const answer = await fetch(`${sandbox.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await answer.text();
  return { status: answer.status, headers: answer.headers, json: text ? JSON.parse(text) : undefined };
}

function errorCode(json: unknown): string {
  const envelope = ErrorEnvelope.parse(json);
  expect(envelope.error.support_code).toMatch(/^PC-[A-Z0-9]{6}$/);
  return envelope.error.code;
}

describe('src/sandbox (HTTP API)', () => {
  let sandbox: Sandbox;
  let blog: { server: Server; origin: string };

  beforeAll(async () => {
    blog = await startBlog();
    sandbox = await createSandbox({
      // This file makes more than 60 calls; the limit itself is tested on sandboxes of its own.
      rateLimit: { limit: 1_000, windowMs: 60_000 },
      extraKeys: [
        { key: 'read-only', role: 'bloger', scopes: ['read'] },
        { key: 'advertiser', role: 'inzerent', scopes: ['read', 'write'] },
        { key: 'invalidated', role: 'bloger', scopes: ['read', 'write'], disabled: true },
        { key: 'other-blogger', role: 'bloger', scopes: ['read', 'write'], accountId: 2 },
      ],
      blogs: [
        { id: 1, name: 'Sandbox blog', url: blog.origin },
        { id: 2, name: 'Druhý blog', url: 'https://druhy-blog.cz' },
      ],
    });
  });
  afterAll(async () => {
    await sandbox.close();
    await new Promise((resolve) => blog.server.close(resolve));
  });
  afterEach(() => sandbox.setFailureMode({}));

  describe('authentication', () => {
    it.each([
      ['no key', null, 401, 'chybi_klic'],
      ['an unknown key', 'nope', 401, 'neplatny_klic'],
      ['an invalidated key', 'invalidated', 401, 'neplatny_klic'],
    ])('answers %s with %i %s', async (_what, key, status, code) => {
      const answer = await call(sandbox, '/v1/me', { key });

      expect(answer.status).toBe(status);
      expect(errorCode(answer.json)).toBe(code);
    });

    it('gives the identity of a valid key', async () => {
      const me = Me.parse((await call(sandbox, '/v1/me')).json);

      expect(me).toMatchObject({ id: 1, role: 'bloger', scopes: ['read', 'write'] });
    });

    it('refuses an advertiser key on blogger endpoints (403 spatna_role)', async () => {
      const deal = await sandbox.createDeal({ deliver: false });

      const blogs = await call(sandbox, '/v1/blogs', { key: 'advertiser' });
      const text = await call(sandbox, `/v1/deals/${deal.id}/text`, { key: 'advertiser' });
      const detail = await call(sandbox, `/v1/deals/${deal.id}`, { key: 'advertiser' });

      expect([blogs.status, errorCode(blogs.json)]).toEqual([403, 'spatna_role']);
      expect([text.status, errorCode(text.json)]).toEqual([403, 'spatna_role']);
      // Deal detail is common to both roles; the advertiser sees no reward.
      expect(detail.status).toBe(200);
      expect(detail.json).not.toHaveProperty('reward');
    });

    it('refuses writes of a read-only key (403 chybi_scope) and deals of another blogger', async () => {
      const deal = await sandbox.createDeal({ deliver: false });

      const write = await call(sandbox, `/v1/deals/${deal.id}/article`, {
        method: 'POST',
        key: 'read-only',
        body: { url: `${blog.origin}/ok/x` },
      });
      const webhook = await call(sandbox, '/v1/webhook', { key: 'read-only' });
      const foreign = await call(sandbox, `/v1/deals/${deal.id}`, { key: 'other-blogger' });

      expect([write.status, errorCode(write.json)]).toEqual([403, 'chybi_scope']);
      expect([webhook.status, errorCode(webhook.json)]).toEqual([403, 'chybi_scope']);
      expect([foreign.status, errorCode(foreign.json)]).toEqual([403, 'spatna_role']);
    });
  });

  describe('blogs', () => {
    it('lists own blogs and validates a PATCH', async () => {
      const list = BlogList.parse((await call(sandbox, '/v1/blogs')).json);
      const patched = await call(sandbox, '/v1/blogs/1', {
        method: 'PATCH',
        body: { agent_publish: true, categories: [{ id: 12, name: 'Zahrada', default: true }], unknown: 1 },
      });
      const tooMany = await call(sandbox, '/v1/blogs/1', {
        method: 'PATCH',
        body: { categories: Array.from({ length: 51 }, (_, i) => ({ id: i, name: `k${i}` })) },
      });
      const missing = await call(sandbox, '/v1/blogs/999', { method: 'PATCH', body: {} });
      const after = BlogList.parse((await call(sandbox, '/v1/blogs')).json);

      expect(list.data.map((b) => b.id)).toEqual([1, 2]);
      expect(patched.status).toBe(200);
      expect([tooMany.status, errorCode(tooMany.json)]).toEqual([400, 'spatny_parametr']);
      expect([missing.status, errorCode(missing.json)]).toEqual([404, 'nenalezeno']);
      expect(after.data[0]?.publishing?.categories).toEqual([{ id: 12, name: 'Zahrada', default: true }]);
      expect(after.data[0]?.publishing?.mode).toBe('agent');
    });
  });

  describe('rate limit', () => {
    it('sends the limit headers on every answer and 429 rate_limit with Retry-After beyond the limit', async () => {
      const limited = await createSandbox({ rateLimit: { limit: 3, windowMs: 30_000 } });
      try {
        const answers = [];
        for (let i = 0; i < 4; i += 1) answers.push(await call(limited, '/v1/me'));
        const last = answers[3];

        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
        expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
        expect(answers[0]?.headers.get('x-ratelimit-limit')).toBe('3');
        const reset = Number(answers[0]?.headers.get('x-ratelimit-reset'));
        expect(reset).toBeGreaterThan(Date.now() / 1000);
        expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 30);
        expect(errorCode(last?.json)).toBe('rate_limit');
        const retryAfter = Number(last?.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(30);
        const stats = limited.stats();
        expect(stats.rateLimited).toBe(1);
        expect(stats.maxRequestsPerWindow[KEY]).toBe(3);
        expect(stats.requests).toContainEqual({ method: 'GET', route: '/v1/me', status: 429, count: 1 });
      } finally {
        await limited.close();
      }
    });

    it('counts photo downloads against the limit', async () => {
      const limited = await createSandbox({ rateLimit: { limit: 2, windowMs: 30_000 } });
      try {
        const deal = await limited.createDeal({ deliver: false, photos: 1 });
        const photo = await fetch(`${limited.url}/v1/deals/${deal.id}/photos/0`, {
          headers: { Authorization: `Bearer ${KEY}` },
        });
        await photo.arrayBuffer();
        const text = await call(limited, `/v1/deals/${deal.id}/text`);
        const refused = await call(limited, `/v1/deals/${deal.id}/text`);

        expect(photo.headers.get('x-ratelimit-remaining')).toBe('1');
        expect([text.status, refused.status]).toEqual([200, 429]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('deal list', () => {
    it('pages, filters and hides non-web states unless asked', async () => {
      const other = await createSandbox({
        blogs: [
          { id: 1, name: 'A', url: 'https://a.cz' },
          { id: 2, name: 'B', url: 'https://b.cz' },
        ],
      });
      try {
        const created = [];
        for (let i = 0; i < 5; i += 1) created.push(await other.createDeal({ deliver: false, blogId: 1 }));
        const onB = await other.createDeal({ deliver: false, blogId: 2 });
        const cancelled = await other.createDeal({ deliver: false, blogId: 1, state: 'zruseno' });
        const deals = (q: string) => call(other, `/v1/deals${q}`).then((a) => DealList.parse(a.json));

        const page1 = await deals('?na_stranu=2');
        const page3 = await deals('?na_stranu=2&strana=3');
        const blogB = await deals('?blog_id=2');
        const cancelledOnly = await deals('?state=zruseno');
        const byDemand = await deals(`?demand_id=${created[0]?.demandId}`);
        const future = await deals(`?zmeneno_od=${formatChangedSince(new Date(Date.now() + 3_600_000))}`);
        const past = await deals(`?zmeneno_od=${formatChangedSince(new Date(Date.now() - 3_600_000))}`);

        expect(page1).toMatchObject({ strana: 1, na_stranu: 2, celkem: 6 });
        expect(page1.data.map((d) => d.id)).toEqual([onB.id, created[4]?.id]);
        expect(page3.data.map((d) => d.id)).toEqual([created[1]?.id, created[0]?.id]);
        expect(blogB.data.map((d) => d.id)).toEqual([onB.id]);
        expect(cancelledOnly.data.map((d) => d.id)).toEqual([cancelled.id]);
        expect(byDemand.data.map((d) => d.id)).toEqual([created[0]?.id]);
        expect(future.celkem).toBe(0);
        expect(past.celkem).toBe(6);
        expect(page1.data[0]?.demand).toEqual({ id: onB.demandId, name: expect.any(String) });
      } finally {
        await other.close();
      }
    });

    it.each([
      '?na_stranu=201',
      '?na_stranu=0',
      '?strana=-1',
      '?strana=abc',
      '?state=neznamy',
      '?blog_id=x',
      '?zmeneno_od=2026-01-01%2010:00:00',
      '?zmeneno_od=2026-01-01',
    ])('answers %s with 400 spatny_parametr', async (query) => {
      const answer = await call(sandbox, `/v1/deals${query}`);

      expect([answer.status, errorCode(answer.json)]).toEqual([400, 'spatny_parametr']);
    });
  });

  describe('deal detail, text and photos', () => {
    it('returns the full brief, 404 nenalezeno for an unknown deal', async () => {
      const deal = await sandbox.createDeal({ deliver: false });

      const detail = DealSchema.parse((await call(sandbox, `/v1/deals/${deal.id}`)).json);
      const missing = await call(sandbox, '/v1/deals/999999');

      expect(detail.demand).toMatchObject({ id: deal.demandId, publication: false, links_mode: 1 });
      expect(detail.demand.keyword_urls?.[0]?.keyword).toBe('zahradní sekačka');
      expect(detail.state).toBe('akceptovano');
      expect([missing.status, errorCode(missing.json)]).toEqual([404, 'nenalezeno']);
    });

    it('answers 409 ceka_na_schvaleni until the approval delay passed, then the text', async () => {
      const deal = await sandbox.createDeal({ deliver: false, approvalDelayMs: 300, categoryId: 12 });

      const waiting = await call(sandbox, `/v1/deals/${deal.id}/text`);
      const answer = await until(
        async () => {
          const again = await call(sandbox, `/v1/deals/${deal.id}/text`);
          return again.status === 409 ? undefined : again;
        },
        5_000,
        'the text after the approval delay',
      );
      const text = DealText.parse(answer.json);

      expect([waiting.status, errorCode(waiting.json)]).toEqual([409, 'ceka_na_schvaleni']);
      expect(answer.status).toBe(200);
      expect(text).toMatchObject({
        deal_id: deal.id,
        published_by: 'agent',
        category_id: 12,
        instant_publish: false,
      });
      expect(text.text).toMatch(/^<h1>/);
      expect(text.photos.map((p) => p.n)).toEqual([0, 1, 2]);
    });

    it('serves each photo as a decodable JPEG with EXIF, 404 for a photo the deal lacks', async () => {
      const deal = await sandbox.createDeal({ deliver: false, photos: 1, cover: false });
      const text = DealText.parse((await call(sandbox, `/v1/deals/${deal.id}/text`)).json);

      const photo = await fetch(`${sandbox.url}${text.photos[0]?.url}`, {
        headers: { Authorization: `Bearer ${KEY}` },
      });
      const bytes = Buffer.from(await photo.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      const cover = await call(sandbox, `/v1/deals/${deal.id}/photos/0`);

      expect(text.photos).toEqual([{ n: 1, url: `/v1/deals/${deal.id}/photos/1` }]);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      expect(photo.headers.get('x-ratelimit-limit')).toBe('1000');
      expect(meta.format).toBe('jpeg');
      expect(meta.orientation).toBe(6);
      expect(meta.exif?.length).toBeGreaterThan(100);
      expect([cover.status, errorCode(cover.json)]).toEqual([404, 'nenalezeno']);
    });
  });

  describe('hand-in', () => {
    const handIn = (id: number, body: unknown, headers: Record<string, string> = {}) =>
      call(sandbox, `/v1/deals/${id}/article`, { method: 'POST', body, headers });

    it('accepts a reachable URL on the blog domain and moves the deal to ke_schvaleni', async () => {
      const deal = await sandbox.createDeal({ deliver: false });
      const url = `${blog.origin}/ok/${deal.id}`;

      const answer = await handIn(deal.id, { url });
      const detail = DealSchema.parse((await call(sandbox, `/v1/deals/${deal.id}`)).json);

      expect(answer.status).toBe(200);
      expect(ArticleResult.parse(answer.json)).toEqual({
        id: deal.id,
        state: 'ke_schvaleni',
        article_url: url,
      });
      expect(detail).toMatchObject({ state: 'ke_schvaleni', article_url: url });
      expect(sandbox.handIns()).toContainEqual({ dealId: deal.id, url, at: expect.any(String) });
    });

    it('follows redirects in the reachability check', async () => {
      const deal = await sandbox.createDeal({ deliver: false });

      const answer = await handIn(deal.id, { url: `${blog.origin}/redirect/${deal.id}` });

      expect(answer.status).toBe(200);
    });

    it.each([
      ['a missing url', {}, 400, 'chybi_parametr'],
      ['a malformed url', { url: 'not a url' }, 400, 'spatna_url'],
      ['a non-http url', { url: 'ftp://127.0.0.1/x' }, 400, 'spatna_url'],
      ['a foreign domain', { url: 'https://jiny-blog.cz/clanek' }, 422, 'cizi_domena'],
      ['an unreachable article', { url: '/missing/1' }, 422, 'clanek_nedostupny'],
    ])('refuses %s', async (_what, body, status, code) => {
      const deal = await sandbox.createDeal({ deliver: false });
      const withOrigin =
        'url' in body && typeof body.url === 'string' && body.url.startsWith('/')
          ? { url: blog.origin + body.url }
          : body;

      const answer = await handIn(deal.id, withOrigin);

      expect([answer.status, errorCode(answer.json)]).toEqual([status, code]);
      expect(sandbox.getDeal(deal.id)?.state).toBe('akceptovano');
    });

    it('answers a repeat with 409 clanek_odevzdan, a reused URL with 409 url_pouzita, a wrong state with spatny_stav', async () => {
      const first = await sandbox.createDeal({ deliver: false });
      const second = await sandbox.createDeal({ deliver: false });
      const cancelled = await sandbox.createDeal({ deliver: false, state: 'zruseno' });
      const url = `${blog.origin}/ok/used-${first.id}`;
      await handIn(first.id, { url });

      const repeat = await handIn(first.id, { url });
      const reused = await handIn(second.id, { url });
      const wrongState = await handIn(cancelled.id, { url: `${blog.origin}/ok/c` });

      expect([repeat.status, errorCode(repeat.json)]).toEqual([409, 'clanek_odevzdan']);
      expect([reused.status, errorCode(reused.json)]).toEqual([409, 'url_pouzita']);
      expect([wrongState.status, errorCode(wrongState.json)]).toEqual([409, 'spatny_stav']);
    });

    it('replays an idempotent hand-in with Idempotency-Replayed and never executes it twice', async () => {
      const deal = await sandbox.createDeal({ deliver: false });
      const url = `${blog.origin}/ok/idem-${deal.id}`;
      const headers = { 'Idempotency-Key': `deal-${deal.id}-article` };
      const before = sandbox.handIns().length;

      const [a, b] = await Promise.all([
        handIn(deal.id, { url }, headers),
        handIn(deal.id, { url }, headers),
      ]);
      const c = await handIn(deal.id, { url }, headers);
      const badKey = await handIn(deal.id, { url }, { 'Idempotency-Key': 'short' });

      expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
      expect(b.json).toEqual(a.json);
      expect(c.json).toEqual(a.json);
      expect([a, b].filter((x) => x.headers.get('idempotency-replayed') === 'true')).toHaveLength(1);
      expect(c.headers.get('idempotency-replayed')).toBe('true');
      expect(sandbox.handIns().length - before).toBe(1);
      expect([badKey.status, errorCode(badKey.json)]).toEqual([400, 'spatny_parametr']);
    });

    it('does not store a 4xx: after a fix the same key executes', async () => {
      const deal = await sandbox.createDeal({ deliver: false });
      const headers = { 'Idempotency-Key': `fix-${deal.id}-xxxx` };

      const wrong = await handIn(deal.id, { url: 'https://jiny-blog.cz/x' }, headers);
      const fixed = await handIn(deal.id, { url: `${blog.origin}/ok/fixed-${deal.id}` }, headers);

      expect(wrong.status).toBe(422);
      expect(fixed.status).toBe(200);
      expect(fixed.headers.get('idempotency-replayed')).toBeNull();
    });

    it('skips the reachability GET when told to', async () => {
      const quiet = await createSandbox({
        checkReachability: false,
        blogs: [{ id: 1, name: 'x', url: 'https://x.cz' }],
      });
      try {
        const deal = await quiet.createDeal({ deliver: false });

        const answer = await call(quiet, `/v1/deals/${deal.id}/article`, {
          method: 'POST',
          body: { url: 'https://www.x.cz/nikde' },
        });

        expect(answer.status).toBe(200);
      } finally {
        await quiet.close();
      }
    });
  });

  describe('faults', () => {
    it('injects 500 server on every Nth matching request and a forced 429', async () => {
      sandbox.setFailureMode({ serverErrorEvery: 2, routes: ['GET /v1/me'] });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await call(sandbox, '/v1/me')).status);
      sandbox.setFailureMode({ random429: 1, retryAfterSeconds: 7 });
      const limited = await call(sandbox, '/v1/blogs');

      expect(statuses).toEqual([200, 500, 200, 500]);
      expect([limited.status, errorCode(limited.json), limited.headers.get('retry-after')]).toEqual([
        429,
        'rate_limit',
        '7',
      ]);
    });

    it('is driven through the control API as well', async () => {
      const set = await fetch(`${sandbox.url}/_sandbox/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ serverErrorNext: 1 }),
      });
      const first = await call(sandbox, '/v1/me');
      const second = await call(sandbox, '/v1/me');

      expect(set.status).toBe(200);
      expect([first.status, errorCode(first.json), second.status]).toEqual([500, 'server', 200]);
    });
  });

  describe('control API', () => {
    it('creates deals, reads them, replaces blogs and reports stats and hand-ins', async () => {
      const post = (path: string, body: unknown, method = 'POST') =>
        fetch(`${sandbox.url}/_sandbox${path}`, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });

      const created = await post('/deals', { title: 'Přes řídicí API', photos: 0, deliver: false });
      const deal = (await created.json()) as { id: number; photos: number[]; title: string };
      const read = await fetch(`${sandbox.url}/_sandbox/deals/${deal.id}`);
      const bad = await post('/deals', { photos: 9 });
      const blogPut = await post('/blogs/5', { name: 'Pátý', url: 'https://paty.cz' }, 'PUT');
      const onNewBlog = await post('/deals', { blogId: 5, deliver: false });
      const unknownBlog = await post('/deals', { blogId: 77, deliver: false });
      const stats = await fetch(`${sandbox.url}/_sandbox/stats`);
      const handIns = await fetch(`${sandbox.url}/_sandbox/hand-ins`);

      expect(created.status).toBe(201);
      expect(deal).toMatchObject({ title: 'Přes řídicí API', photos: [0] });
      expect(read.status).toBe(200);
      expect(bad.status).toBe(400);
      expect(blogPut.status).toBe(200);
      expect(onNewBlog.status).toBe(201);
      expect(unknownBlog.status).toBe(404);
      expect(((await stats.json()) as { totalRequests: number }).totalRequests).toBeGreaterThan(0);
      expect(Array.isArray(((await handIns.json()) as { data: unknown }).data)).toBe(true);
    });
  });
});
