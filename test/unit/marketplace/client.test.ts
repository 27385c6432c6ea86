import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { MarketplaceError } from '../../../src/errors.js';
import type { RequestPriority } from '../../../src/marketplace/api.js';
import type { ServerPause } from '../../../src/marketplace/classify.js';
import { createMarketplaceClient } from '../../../src/marketplace/client.js';
import type { MarketplaceClientOptions, ResponseInfo } from '../../../src/marketplace/client-options.js';
import type { RateLimiter } from '../../../src/marketplace/rate-limit.js';
import { USER_AGENT } from '../../../src/version.js';
import { caught } from '../../helpers/caught.js';
import { useHttpMock } from '../../http-mock.js';

const caughtAs = (promise: Promise<unknown>) => caught(promise, MarketplaceError);

const BASE = 'https://api.marketplace.test';
const API_KEY = 'pk_live_Sup3rSecretKey_0123456789';

const http = useHttpMock();

interface FakeLimiter extends RateLimiter {
  acquired: Array<RequestPriority | undefined>;
  observed: Array<{ remaining: string | null; status: number }>;
  penalties: number[];
  /** What each 429 asked for, as the transport read it (undefined: no readable header). */
  asked: Array<ServerPause | undefined>;
}

/** The client's unit tests need no Redis: a limiter that grants at once and records what it was told. */
function fakeLimiter(): FakeLimiter {
  const limiter: FakeLimiter = {
    acquired: [],
    observed: [],
    penalties: [],
    asked: [],
    async acquire(priority) {
      limiter.acquired.push(priority);
    },
    async observe(headers, status) {
      limiter.observed.push({ remaining: headers.get('x-ratelimit-remaining'), status });
    },
    async penalize(ms, asked) {
      limiter.penalties.push(ms);
      limiter.asked.push(asked);
    },
    async snapshot() {
      return { limit: 60, remaining: 60, resetAt: new Date() };
    },
  };
  return limiter;
}

function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

function setup(overrides: Partial<MarketplaceClientOptions> = {}) {
  const limiter = fakeLimiter();
  const logs = captureLogs();
  const responses: ResponseInfo[] = [];
  const client = createMarketplaceClient({
    baseUrl: BASE,
    apiKey: API_KEY,
    limiter,
    log: logs.log,
    onResponse: (info) => responses.push(info),
    ...overrides,
  });
  return { client, limiter, logs, responses };
}

function envelope(code: string, message = 'Chyba') {
  return { error: { code, message, support_code: 'PC-X1Y2Z3' } };
}

const rateHeaders = {
  'X-RateLimit-Limit': '60',
  'X-RateLimit-Remaining': '59',
  'X-RateLimit-Reset': '1795000000',
};

function dealBody(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    state: 'akceptovano',
    blog: { id: 3, name: 'Blog' },
    demand: { id: 9, name: 'Poptávka' },
    price: 1500,
    article_url: null,
    ...extra,
  };
}

describe('src/marketplace/client', () => {
  describe('requests', () => {
    it('sends the bearer key, User-Agent and Accept, through the limiter, and reports the answer', async () => {
      // Arrange
      const { client, limiter, responses, logs } = setup();
      http
        .scope(BASE, {
          reqheaders: {
            authorization: `Bearer ${API_KEY}`,
            'user-agent': USER_AGENT,
            accept: 'application/json',
          },
        })
        .get('/v1/me')
        .reply(200, { id: 1, login: 'bloger1', role: 'bloger', scopes: ['read', 'write'] }, rateHeaders);

      // Act
      const me = await client.me({ priority: 'high' });

      // Assert
      expect(me).toMatchObject({ id: 1, login: 'bloger1', role: 'bloger', scopes: ['read', 'write'] });
      expect(USER_AGENT).toMatch(/^pressbridge\/\d+\.\d+\.\d+/);
      expect(limiter.acquired).toEqual(['high']);
      expect(limiter.observed).toEqual([{ remaining: '59', status: 200 }]);
      expect(responses).toEqual([
        { operation: 'me', method: 'GET', path: '/v1/me', status: 200, ms: expect.any(Number) },
      ]);
      const line = JSON.parse(logs.lines.find((l) => l.includes('marketplace request')) ?? '{}');
      expect(line).toMatchObject({ method: 'GET', path: '/v1/me', status: 200, remaining: 59 });
    });

    it('appends API paths to a service root that has a path of its own', async () => {
      // Arrange
      const { client } = setup({ baseUrl: `${BASE}/api/` });
      http.scope(BASE).get('/api/v1/deals/5').reply(200, dealBody(5));

      // Act
      const deal = await client.getDeal(5);

      // Assert
      expect(deal.id).toBe(5);
      expect(client.baseUrl).toBe(`${BASE}/api`);
    });

    it('hands in with an Idempotency-Key that is the same for every call on the same deal', async () => {
      // Arrange
      const { client } = setup();
      const keys: Array<string | string[] | undefined> = [];
      const bodies: unknown[] = [];
      http
        .scope(BASE)
        .post('/v1/deals/42/article')
        .times(2)
        .reply(function (_uri, body) {
          keys.push(this.req.headers['idempotency-key']);
          bodies.push(body);
          return [200, { id: 42, state: 'ke_schvaleni', article_url: 'https://blog.cz/a', extra: 1 }];
        });
      http
        .scope(BASE)
        .post('/v1/deals/43/article')
        .reply(function () {
          keys.push(this.req.headers['idempotency-key']);
          return [200, { id: 43, state: 'ke_schvaleni', article_url: 'https://blog.cz/b' }];
        });

      // Act
      const first = await client.handInArticle(42, { url: 'https://blog.cz/a' });
      await client.handInArticle(42, { url: 'https://blog.cz/a', extraUrls: { '5': ['https://blog.cz/x'] } });
      await client.handInArticle(43, { url: 'https://blog.cz/b' });

      // Assert
      expect(first).toEqual({ id: 42, state: 'ke_schvaleni', article_url: 'https://blog.cz/a' });
      expect(keys).toEqual([
        'pressbridge-deal-42-article',
        'pressbridge-deal-42-article',
        'pressbridge-deal-43-article',
      ]);
      expect(bodies).toEqual([
        { url: 'https://blog.cz/a' },
        { url: 'https://blog.cz/a', extra_urls: { '5': ['https://blog.cz/x'] } },
      ]);
    });

    it('gives webhook writes a fresh Idempotency-Key per call', async () => {
      // Arrange
      const { client } = setup();
      const keys: unknown[] = [];
      http
        .scope(BASE)
        .post('/v1/webhook/rotate-secret')
        .times(2)
        .reply(function () {
          keys.push(this.req.headers['idempotency-key']);
          return [200, { secret: 'whsec_new' }];
        });

      // Act
      await client.rotateWebhookSecret();
      await client.rotateWebhookSecret();

      // Assert
      expect(keys).toHaveLength(2);
      expect(keys[0]).not.toBe(keys[1]);
      expect(String(keys[0])).toMatch(/^pressbridge-webhook-rotate-/);
    });

    it('sends the blog patch as JSON and ignores the answer body', async () => {
      // Arrange
      const { client } = setup();
      http
        .scope(BASE, { reqheaders: { 'content-type': 'application/json' } })
        .patch('/v1/blogs/3', { agent_publish: true })
        .reply(204);

      // Act / Assert
      await expect(client.patchBlog(3, { agent_publish: true })).resolves.toBeUndefined();
    });

    it('refuses an id that would reshape the path, without a request', async () => {
      // Arrange
      const { client, limiter } = setup();

      // Act
      const errors = await Promise.all([
        caughtAs(client.getDeal(Number.NaN)),
        caughtAs(client.getDealText(-1)),
      ]);

      // Assert
      expect(errors.map((e) => [e.code, e.retryable])).toEqual([
        ['invalid_id', false],
        ['invalid_id', false],
      ]);
      expect(limiter.acquired).toHaveLength(0);
    });
  });

  describe('error classification', () => {
    const inAMinute = () => new Date(Date.now() + 60_000).toUTCString();

    it.each([
      ['400 spatny_parametr', 400, envelope('spatny_parametr'), {}, 'spatny_parametr', false],
      ['401 neplatny_klic', 401, envelope('neplatny_klic', 'Neplatný klíč'), {}, 'neplatny_klic', false],
      ['403 chybi_scope', 403, envelope('chybi_scope'), {}, 'chybi_scope', false],
      ['404 nenalezeno', 404, envelope('nenalezeno'), {}, 'nenalezeno', false],
      ['409 clanek_odevzdan', 409, envelope('clanek_odevzdan'), {}, 'clanek_odevzdan', false],
      ['409 ceka_na_schvaleni', 409, envelope('ceka_na_schvaleni'), {}, 'ceka_na_schvaleni', true],
      ['422 cizi_domena', 422, envelope('cizi_domena'), {}, 'cizi_domena', false],
      ['429 Retry-After seconds', 429, envelope('rate_limit'), { 'Retry-After': '45' }, 'rate_limit', true],
      ['429 Retry-After date', 429, envelope('rate_limit'), { 'Retry-After': inAMinute }, 'rate_limit', true],
      ['500 server', 500, envelope('server'), {}, 'server', true],
      ['502 non-JSON', 502, '<html><h1>502 Bad Gateway</h1></html>', {}, 'http_502', true],
    ])('%s', async (_name, status, body, headers, code, retryable) => {
      // Arrange: no inline 429 retry, so the classified error surfaces
      const { client } = setup({ maxInlineRetryAfterMs: 0 });
      const replyHeaders = Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [k, typeof v === 'function' ? v() : v]),
      );
      http.scope(BASE).get('/v1/deals/7').reply(status, body, replyHeaders);

      // Act
      const error = await caughtAs(client.getDeal(7));

      // Assert
      expect(error).toMatchObject({ status, code, retryable, method: 'GET', path: '/v1/deals/7' });
      if (typeof body === 'object') expect(error.supportCode).toBe('PC-X1Y2Z3');
      if (status === 429) {
        expect(error.retryAfterMs).toBeGreaterThan(40_000);
        expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
      }
      expect(error.message).not.toContain(API_KEY);
      expect(JSON.stringify(error)).not.toContain(API_KEY);
    });

    it('a network error is status 0, code network, retryable', async () => {
      // Arrange
      const { client, responses } = setup();
      http.scope(BASE).get('/v1/deals/7').replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });

      // Act
      const error = await caughtAs(client.getDeal(7));

      // Assert
      expect(error).toMatchObject({ status: 0, code: 'network', retryable: true, path: '/v1/deals/7' });
      expect(error.message).not.toContain(API_KEY);
      expect(responses[0]).toMatchObject({ operation: 'getDeal', status: 0 });
    });

    it('no answer within timeoutMs is status 0, code timeout, retryable', async () => {
      // Arrange
      const { client } = setup({ timeoutMs: 50 });
      http.scope(BASE).get('/v1/deals/7').delay(1_000).reply(200, dealBody(7));

      // Act
      const started = Date.now();
      const error = await caughtAs(client.getDeal(7));

      // Assert
      expect(error).toMatchObject({ status: 0, code: 'timeout', retryable: true });
      expect(Date.now() - started).toBeLessThan(900);
    });

    it("the caller's abort ends the request as code aborted", async () => {
      // Arrange
      const { client } = setup();
      http.scope(BASE).get('/v1/deals/7').delay(1_000).reply(200, dealBody(7));
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 30);

      // Act
      const error = await caughtAs(client.getDeal(7, { signal: controller.signal }));

      // Assert
      expect(error).toMatchObject({ status: 0, code: 'aborted', retryable: true });
    });

    it('a limiter that cannot reach Redis gives a retryable error and no request', async () => {
      // Arrange
      const limiter = fakeLimiter();
      limiter.acquire = async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
      };
      const { client } = setup({ limiter });

      // Act
      const error = await caughtAs(client.me());

      // Assert
      expect(error).toMatchObject({ status: 0, code: 'rate_limiter_unavailable', retryable: true });
    });

    it('never puts the API key into errors or logs, even when the server echoes it', async () => {
      // Arrange
      const { client, logs } = setup();
      http
        .scope(BASE)
        .get('/v1/me')
        .reply(401, envelope('neplatny_klic', `Klíč Bearer ${API_KEY} je neplatný`));

      // Act
      const error = await caughtAs(client.me());

      // Assert
      expect(error.code).toBe('neplatny_klic');
      expect(error.message).not.toContain(API_KEY);
      expect(error.message).toContain('[redacted]');
      expect(logs.lines.join('\n')).not.toContain(API_KEY);
    });
  });

  describe('429', () => {
    it('pauses the shared limiter and retries once after a short Retry-After', async () => {
      // Arrange
      const { client, limiter } = setup();
      http.scope(BASE).get('/v1/deals/7').reply(429, envelope('rate_limit'), { 'Retry-After': '2' });
      http.scope(BASE).get('/v1/deals/7').reply(200, dealBody(7));

      // Act
      const deal = await client.getDeal(7);

      // Assert
      expect(deal.id).toBe(7);
      expect(limiter.penalties).toEqual([2_000]);
      expect(limiter.acquired).toHaveLength(2);
    });

    it('surfaces a second 429 as a retryable error with retryAfterMs', async () => {
      // Arrange
      const { client, limiter } = setup();
      http.scope(BASE).get('/v1/deals/7').times(2).reply(429, envelope('rate_limit'), { 'Retry-After': '1' });

      // Act
      const error = await caughtAs(client.getDeal(7));

      // Assert
      expect(error).toMatchObject({ status: 429, code: 'rate_limit', retryable: true, retryAfterMs: 1_000 });
      expect(limiter.penalties).toEqual([1_000, 1_000]);
    });

    it('surfaces a long pause at once, for the job layer to delay', async () => {
      // Arrange
      const { client, limiter } = setup();
      http.scope(BASE).get('/v1/deals/7').reply(429, envelope('rate_limit'), { 'Retry-After': '120' });

      // Act
      const error = await caughtAs(client.getDeal(7));

      // Assert
      expect(error.retryAfterMs).toBe(120_000);
      expect(limiter.penalties).toEqual([120_000]);
      expect(limiter.acquired).toHaveLength(1);
    });

    const DAY_MS = 86_400_000;
    it.each([
      ['Retry-After: 86400', () => ({ 'Retry-After': '86400' }), 300_000, 'retry_after', DAY_MS],
      [
        'Retry-After an HTTP date a year ahead',
        () => ({ 'Retry-After': new Date(Date.now() + 365 * DAY_MS).toUTCString() }),
        300_000,
        'retry_after',
        364 * DAY_MS,
      ],
      [
        'X-RateLimit-Reset a week ahead, no Retry-After',
        () => ({ 'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + 7 * 86_400) }),
        300_000,
        'reset',
        6 * DAY_MS,
      ],
      [
        'Retry-After: 99999999999999999999',
        () => ({ 'Retry-After': '9'.repeat(20) }),
        300_000,
        'retry_after',
        1e15,
      ],
      [
        'Retry-After an HTTP date in the past',
        () => ({ 'Retry-After': new Date(Date.now() - DAY_MS).toUTCString() }),
        0,
        'retry_after',
        0,
      ],
      ['Retry-After: 1e20 (unreadable)', () => ({ 'Retry-After': '1e20' }), 5_000, undefined, undefined],
      ['Retry-After: -5 (unreadable)', () => ({ 'Retry-After': '-5' }), 5_000, undefined, undefined],
      ['Retry-After: soon (unreadable)', () => ({ 'Retry-After': 'soon' }), 5_000, undefined, undefined],
    ])(
      '%s: the pause is capped, the ask is passed on as read',
      async (_name, headers, pauseMs, reason, askedAtLeast) => {
        // Arrange: never an inline retry, so one 429 is one penalty
        const { client, limiter } = setup({ maxInlineRetryAfterMs: -1 });
        http.scope(BASE).get('/v1/deals/7').reply(429, envelope('rate_limit'), headers());

        // Act
        const error = await caughtAs(client.getDeal(7));

        // Assert
        expect(error).toMatchObject({
          status: 429,
          code: 'rate_limit',
          retryable: true,
          retryAfterMs: pauseMs,
        });
        expect(limiter.penalties).toEqual([pauseMs]);
        const [asked] = limiter.asked;
        if (reason === undefined) {
          expect(asked).toBeUndefined();
        } else {
          expect(asked?.reason).toBe(reason);
          expect(asked?.askedMs).toBeGreaterThanOrEqual(askedAtLeast ?? 0);
          if (pauseMs === 0) expect(asked?.askedMs).toBe(0);
        }
      },
    );

    it('a configured maxPauseMs caps the pause, and a capped pause short enough is retried inline', async () => {
      // Arrange
      const { client, limiter } = setup({ maxPauseMs: 1_000 });
      http.scope(BASE).get('/v1/deals/7').reply(429, envelope('rate_limit'), { 'Retry-After': '86400' });
      http.scope(BASE).get('/v1/deals/7').reply(200, dealBody(7));

      // Act
      const deal = await client.getDeal(7);

      // Assert
      expect(deal.id).toBe(7);
      expect(limiter.penalties).toEqual([1_000]);
      expect(limiter.asked).toEqual([{ askedMs: DAY_MS, reason: 'retry_after' }]);
      expect(limiter.acquired).toHaveLength(2);
    });

    it('keeps the Idempotency-Key of a write across its 429 retry', async () => {
      // Arrange
      const { client } = setup();
      const keys: unknown[] = [];
      http
        .scope(BASE)
        .put('/v1/webhook')
        .reply(function () {
          keys.push(this.req.headers['idempotency-key']);
          return [429, envelope('rate_limit'), { 'Retry-After': '0' }];
        });
      http
        .scope(BASE)
        .put('/v1/webhook', { url: 'https://me.example/hook' })
        .reply(function () {
          keys.push(this.req.headers['idempotency-key']);
          return [200, { url: 'https://me.example/hook', secret: 'whsec_1' }];
        });

      // Act
      const result = await client.putWebhook('https://me.example/hook');

      // Assert
      expect(result.secret).toBe('whsec_1');
      expect(keys[0]).toBe(keys[1]);
    });
  });

  describe('lenient parsing of every answer shape (assumptions 1-3, 7)', () => {
    it('me: unknown fields ignored, a bad optional field dropped', async () => {
      // Arrange
      const { client } = setup();
      http
        .scope(BASE)
        .get('/v1/me')
        .reply(200, {
          id: 1,
          login: 'b',
          role: 'bloger',
          scopes: 'read',
          credit: 'lots',
          new_field: { a: 1 },
        });

      // Act
      const me = await client.me();

      // Assert
      expect(me).toEqual({ id: 1, login: 'b', role: 'bloger', scopes: [], credit: undefined });
    });

    it('listBlogs: {data: [...]} with extra and off-type optional fields', async () => {
      // Arrange
      const { client } = setup();
      http
        .scope(BASE)
        .get('/v1/blogs')
        .reply(200, {
          data: [
            {
              id: 3,
              name: 'Blog',
              url: 'https://blog.cz',
              da: 20,
              approved: 'yes',
              publishing: { mode: 'agent', categories: [{ id: 1, name: 'Zprávy', default: true }], x: 1 },
            },
          ],
          meta: {},
        });

      // Act
      const blogs = await client.listBlogs();

      // Assert
      expect(blogs).toHaveLength(1);
      expect(blogs[0]).toMatchObject({ id: 3, approved: undefined, publishing: { mode: 'agent' } });
      expect(blogs[0]).not.toHaveProperty('da');
    });

    it('getDeal: bare object; unknown fields stripped, a bad optional field dropped', async () => {
      // Arrange
      const { client } = setup();
      http
        .scope(BASE)
        .get('/v1/deals/5')
        .reply(200, dealBody(5, { price: 'drahé', article_url: 17, surprise: true, reward: 1200 }));

      // Act
      const deal = await client.getDeal(5);

      // Assert
      expect(deal).toMatchObject({
        id: 5,
        state: 'akceptovano',
        price: undefined,
        article_url: null,
        reward: 1200,
      });
      expect(deal).not.toHaveProperty('surprise');
    });

    it('getDealText: the assumption-2 shape, with off values replaced by their defaults', async () => {
      // Arrange
      const { client } = setup();
      http
        .scope(BASE)
        .get('/v1/deals/5/text')
        .reply(200, {
          deal_id: 5,
          text: '<h1>Titulek</h1><p>[foto1]</p>',
          photos: [{ n: 0 }, { n: 1, url: '/v1/deals/5/photos/1', size: 1 }],
          instant_publish: 'no',
          published_by: 'robot',
          category_id: 'x',
          extra: [],
        });

      // Act
      const text = await client.getDealText(5);

      // Assert
      expect(text).toEqual({
        deal_id: 5,
        text: '<h1>Titulek</h1><p>[foto1]</p>',
        photos: [
          { n: 0, url: undefined },
          { n: 1, url: '/v1/deals/5/photos/1' },
        ],
        instant_publish: false,
        published_by: 'agent',
        category_id: null,
      });
    });

    it('handInArticle: {id, state, article_url}', async () => {
      // Arrange
      const { client } = setup();
      http.scope(BASE).post('/v1/deals/5/article').reply(200, { id: 5, state: 'ke_schvaleni' });

      // Act
      const result = await client.handInArticle(5, { url: 'https://blog.cz/clanek' });

      // Assert
      expect(result).toEqual({ id: 5, state: 'ke_schvaleni', article_url: null });
    });

    it('webhook answers: state, secret, test result, deliveries (kept as given)', async () => {
      // Arrange
      const { client } = setup();
      const scope = http.scope(BASE);
      scope.get('/v1/webhook').reply(200, { url: 'https://me.example/hook', active: true });
      scope.post('/v1/webhook/test').reply(200, { delivered: false, status: 0, detail: 'timeout' });
      scope
        .get('/v1/webhook/deliveries')
        .reply(200, { data: [{ event: 'deal.accepted', status: 200, attempts: 1, unknown_field: 'kept' }] });
      scope.delete('/v1/webhook').reply(200, { ok: true });

      // Act
      const state = await client.getWebhook();
      const test = await client.testWebhook();
      const deliveries = await client.webhookDeliveries();
      await client.deleteWebhook();

      // Assert
      expect(state).toMatchObject({ url: 'https://me.example/hook', active: true });
      expect(test).toEqual({ delivered: false, status: 0 });
      expect(deliveries[0]).toMatchObject({ event: 'deal.accepted', status: 200, unknown_field: 'kept' });
    });

    it.each([
      ['a required field missing', { state: 'akceptovano' }, /\/v1\/deals\/5: id: /],
      ['a required field of the wrong type', { ...dealBody(5), blog: 'Blog' }, /\/v1\/deals\/5: blog: /],
      ['a list instead of an object', [dealBody(5)], /\/v1\/deals\/5: \(root\)/],
    ])('an answer that fails the schema (%s) is a permanent bad_response', async (_name, body, message) => {
      // Arrange
      const { client } = setup();
      http.scope(BASE).get('/v1/deals/5').reply(200, body);

      // Act
      const error = await caughtAs(client.getDeal(5));

      // Assert
      expect(error).toMatchObject({
        status: 200,
        code: 'bad_response',
        retryable: false,
        path: '/v1/deals/5',
      });
      expect(error.message).toMatch(message);
    });

    it('a 200 that is not JSON is a permanent bad_response', async () => {
      // Arrange
      const { client } = setup();
      http.scope(BASE).get('/v1/me').reply(200, '<html>login</html>', { 'Content-Type': 'text/html' });

      // Act
      const error = await caughtAs(client.me());

      // Assert
      expect(error).toMatchObject({ code: 'bad_response', retryable: false });
      expect(error.message).toMatch(/not JSON \(content-type text\/html\)/);
    });
  });

  describe('photos (assumptions 2 and 3)', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

    it.each([
      ['url absent → default path', undefined, '/v1/deals/7/photos/2'],
      ['empty url → default path', '', '/v1/deals/7/photos/2'],
      ['relative to the service root', '/v1/deals/7/photos/2?v=3', '/v1/deals/7/photos/2?v=3'],
      ['relative without a leading slash', 'v1/deals/7/photos/2', '/v1/deals/7/photos/2'],
      ['absolute on the same origin', `${BASE}/v1/deals/7/photos/2`, '/v1/deals/7/photos/2'],
      ['absolute, explicit default port', 'https://api.marketplace.test:443/files/2.jpg', '/files/2.jpg'],
    ])('%s', async (_name, url, path) => {
      // Arrange
      const { client } = setup();
      http
        .scope(BASE, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
        .get(path)
        .reply(200, jpeg, { 'Content-Type': 'image/jpeg' });

      // Act
      const photo = await client.getDealPhoto(7, url === undefined ? { n: 2 } : { n: 2, url });

      // Assert
      expect(photo.contentType).toBe('image/jpeg');
      expect(Buffer.compare(photo.bytes, jpeg)).toBe(0);
    });

    it('resolves a relative url under a service root with a path, once', async () => {
      // Arrange
      const { client } = setup({ baseUrl: `${BASE}/api` });
      http
        .scope(BASE)
        .get('/api/v1/deals/7/photos/1')
        .times(2)
        .reply(200, jpeg, { 'Content-Type': 'image/jpeg' });

      // Act
      await client.getDealPhoto(7, { n: 1, url: '/v1/deals/7/photos/1' });
      await client.getDealPhoto(7, { n: 1, url: '/api/v1/deals/7/photos/1' });

      // Assert: both reached the one mock (the wrapper fails on unmatched requests)
    });

    it.each([
      ['another host', 'https://cdn.example.com/v1/deals/7/photos/2'],
      ['another port', 'https://api.marketplace.test:8443/v1/deals/7/photos/2'],
      ['another protocol', 'http://api.marketplace.test/v1/deals/7/photos/2'],
      ['protocol-relative to another host', '//evil.example/p.jpg'],
      ['a data: URL', 'data:image/jpeg;base64,AAAA'],
    ])('refuses a photo on %s without any request', async (_name, url) => {
      // Arrange
      const fetchSpy = vi.fn<typeof fetch>();
      const { client, limiter } = setup({ fetch: fetchSpy });

      // Act
      const error = await caughtAs(client.getDealPhoto(7, { n: 2, url }));

      // Assert
      expect(error).toMatchObject({ code: 'foreign_photo_host', retryable: false });
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(limiter.acquired).toHaveLength(0);
    });

    it('refuses a redirect to another host without following it', async () => {
      // Arrange
      const { client } = setup();
      http
        .scope(BASE)
        .get('/v1/deals/7/photos/2')
        .reply(302, '', { Location: 'https://cdn.example.com/p.jpg' });

      // Act
      const error = await caughtAs(client.getDealPhoto(7, { n: 2 }));

      // Assert
      expect(error).toMatchObject({ code: 'foreign_redirect', retryable: false });
    });

    it('follows a redirect on the same origin, through the limiter', async () => {
      // Arrange
      const { client, limiter } = setup();
      http.scope(BASE).get('/v1/deals/7/photos/2').reply(302, '', { Location: '/files/7-2.jpg' });
      http.scope(BASE).get('/files/7-2.jpg').reply(200, jpeg, { 'Content-Type': 'image/jpeg' });

      // Act
      const photo = await client.getDealPhoto(7, { n: 2 });

      // Assert
      expect(photo.bytes.length).toBe(jpeg.length);
      expect(limiter.acquired).toHaveLength(2);
    });

    it.each([
      ['declared by Content-Length', { 'Content-Length': '64' }],
      ['only seen while reading', {}],
    ])('a photo over the cap is photo_too_large (%s)', async (_name, headers) => {
      // Arrange
      const { client } = setup({ maxPhotoBytes: 16 });
      http
        .scope(BASE)
        .get('/v1/deals/7/photos/0')
        .reply(200, Buffer.alloc(64, 1), { 'Content-Type': 'image/jpeg', ...headers });

      // Act
      const error = await caughtAs(client.getDealPhoto(7, { n: 0 }));

      // Assert
      expect(error).toMatchObject({ code: 'photo_too_large', retryable: false });
    });

    it('an error page instead of a photo is a bad_response', async () => {
      // Arrange
      const { client } = setup();
      http.scope(BASE).get('/v1/deals/7/photos/0').reply(200, '<html/>', { 'Content-Type': 'text/html' });

      // Act
      const error = await caughtAs(client.getDealPhoto(7, { n: 0 }));

      // Assert
      expect(error.code).toBe('bad_response');
    });
  });

  describe('listing deals', () => {
    it('maps the query to state, blog_id, demand_id, zmeneno_od, strana, na_stranu', async () => {
      // Arrange
      const { client } = setup();
      http
        .scope(BASE)
        .get('/v1/deals')
        .query({
          state: 'akceptovano',
          blog_id: '3',
          demand_id: '9',
          zmeneno_od: '2026-07-01T14:30:00',
          strana: '2',
          na_stranu: '200',
        })
        .reply(200, { data: [dealBody(1)], strana: 2, na_stranu: 200, celkem: 201 });

      // Act
      const list = await client.listDeals({
        state: 'akceptovano',
        blogId: 3,
        demandId: 9,
        changedSince: new Date('2026-07-01T12:30:00Z'), // 14:30 in Prague (CEST)
        page: 2,
        perPage: 500,
      });

      // Assert
      expect(list).toMatchObject({ strana: 2, na_stranu: 200, celkem: 201 });
      expect(list.data[0]?.id).toBe(1);
    });

    it('listDeals reads a page item by item: malformed items are left out and named, the others read', async () => {
      // Arrange: the P-1 items of issue 26 between well-formed ones.
      const { client } = setup();
      const { demand: _demand, ...noDemand } = dealBody(3);
      http
        .scope(BASE)
        .get('/v1/deals')
        .query({ strana: '1', na_stranu: '200' })
        .reply(200, {
          data: [
            dealBody(1),
            { ...dealBody(2), id: 'abc' },
            noDemand,
            { ...dealBody(4), id: 1e20 },
            dealBody(5),
          ],
          strana: 1,
          na_stranu: 200,
          celkem: 5,
        });

      // Act
      const list = await client.listDeals({ page: 1, perPage: 200 });

      // Assert
      expect(list.data.map((d) => d.id)).toEqual([1, 5]);
      expect(list.skipped).toEqual([
        expect.objectContaining({
          list: 'data',
          index: 1,
          rawId: 'abc',
          reason: expect.stringMatching(/^id: /),
        }),
        expect.objectContaining({ index: 2, id: 3, reason: expect.stringMatching(/^demand: /) }),
        expect.objectContaining({
          index: 3,
          rawId: '100000000000000000000',
          reason: expect.stringMatching(/^id: /),
        }),
      ]);
      expect(list.skipped[1]?.blogId).toBe(dealBody(3).blog.id);
    });

    it('listDeals still fails a page whose data is no list at all', async () => {
      // Arrange
      const { client } = setup();
      http
        .scope(BASE)
        .get('/v1/deals')
        .query({ strana: '1', na_stranu: '200' })
        .reply(200, { data: { id: 1 }, strana: 1, na_stranu: 200, celkem: 1 });

      // Act / Assert
      await expect(client.listDeals({ page: 1, perPage: 200 })).rejects.toMatchObject({
        code: 'bad_response',
      });
    });
  });
});
