/**
 * The hostile and broken input corpus, against the daemon as a process with a real WordPress behind it:
 *
 * - at the webhook: bad, missing, ambiguous and non-hex signatures, a tampered body, replayed bodies, content
 *   types that are not JSON, gzip/deflate/brotli bombs, unknown encodings, bodies over 1 MiB (with and without
 *   Content-Length), JSON nested 100 000 deep, events with missing or mistyped fields;
 * - in the deal itself: broken HTML, 950 KB of HTML, `javascript:` links, `<script>` and event handlers, SVG and
 *   HTML served as JPEG, a JPEG declaring 3.6 gigapixels, a photo URL on a foreign host, a category id that
 *   WordPress does not have;
 * - texts over the render limits (src/render/limits.ts): 825 KB nested 75 000 deep, 10 000 and 40 000 nested
 *   divs, 100 000 `[foto1]` markers, 2.5 MB of HTML. Each fails its deal at once, naming the limit;
 * - live pages the article watcher checks (./hostile-page.ts): 60 000 nested elements, and more than 5 MiB of
 *   nesting. Each check ends with a result (fine; unreadable past `watch.maxBytes`) while `/healthz` answers.
 *
 * Each case asserts the exact answer or outcome; at the end, deals delivered normally alongside the corpus are
 * published exactly once, the daemon process never went down, and `/healthz` answered within 100 ms (p99; none
 * slower than 1 s) throughout
 * (rendering and the watcher's page reads run in worker threads, never on the daemon's event loop).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleCheck } from '../../src/deals/article-check.js';
import type { DealRecord } from '../../src/deals/record.js';
import { DEAL_QUEUE } from '../../src/queue/jobs.js';
import type { SandboxDeal } from '../../src/sandbox/index.js';
import { hostileTexts } from '../helpers/hostile-texts.js';
import { TEST_REDIS_URL } from '../helpers/redis.js';
import { sign } from '../helpers/sign.js';
import { listMedia, listPosts, type WpPost } from '../helpers/wordpress.js';
import { type Scenario, startScenario } from './harness.js';
import { type HealthProbe, probeHealth } from './health-probe.js';
import { checkAgainNow, type HostileBlog, nextCheck, startHostileBlog, watchNow } from './hostile-page.js';
import { recordScenario } from './report.js';

const HEADER = 'X-Sandbox-Signature';
/** The content cases whose photo 1 is refused: those deals end with the cover as their only media item. */
const DROPPED_PHOTO_CASES = [
  'svg as jpeg',
  'html as jpeg',
  'decompression-bomb jpeg',
  'photo on a foreign host',
];
const MiB = 1024 * 1024;
/** The texts over a render limit: each ends `failed` with its error code, naming its limit. */
const REFUSED = hostileTexts().filter((t) => t.refusedWith !== undefined);
/** The default render time budget (render.limits.timeBudgetMs). */
const TIME_BUDGET_MS = 10_000;

/** A JPEG whose header declares `width` × `height` pixels over a few hundred bytes of data. */
async function bombJpeg(width: number, height: number): Promise<Buffer> {
  const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  for (let i = 0; i < small.length - 9; i++) {
    // SOF0..SOF2: FF C0..C2, length (2), precision (1), height (2), width (2).
    if (small[i] === 0xff && (small[i + 1] ?? 0) >= 0xc0 && (small[i + 1] ?? 0) <= 0xc2) {
      small.writeUInt16BE(height, i + 5);
      small.writeUInt16BE(width, i + 7);
      return small;
    }
  }
  throw new Error('no SOF marker in the JPEG');
}

interface Answer {
  status: number;
  body: { ok?: boolean; outcome?: string; error?: { code?: string; message?: string } };
  headers: Headers;
}

describe('fault: hostile and broken input', () => {
  let s: Scenario;
  let foreign: Server;
  let foreignHits = 0;
  let queueRedis: Redis;
  let queue: Queue;
  let health: HealthProbe;
  let hostileBlog: HostileBlog;
  const started = Date.now();
  /** Content cases: created before the first test, processed while the webhook cases run. */
  const deals = new Map<string, SandboxDeal>();
  const controls: number[] = [];

  async function post(
    body: string | Buffer,
    headers: Record<string, string> = {},
    options: { sign?: boolean; chunked?: boolean } = {},
  ): Promise<Answer> {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const all: Record<string, string> = { 'content-type': 'application/json', ...headers };
    if (options.sign !== false && !Object.keys(all).some((h) => /-signature$/i.test(h))) {
      all[HEADER] = sign(bytes, s.secret);
    }
    const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers: all };
    if (options.chunked) {
      // A stream has no Content-Length: the limit must hold while the bytes arrive.
      init.body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 64 * 1024)
            controller.enqueue(bytes.subarray(i, i + 64 * 1024));
          controller.close();
        },
      });
      init.duplex = 'half';
    } else init.body = new Uint8Array(bytes);
    const res = await fetch(s.daemon.webhookUrl, init);
    const text = await res.text();
    let parsed: Answer['body'] = {};
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      parsed = { error: { message: text } };
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  const jobCount = async (): Promise<number> =>
    Object.values(await queue.getJobCounts()).reduce((a, b) => a + b, 0);

  const final = async (dealId: number): Promise<DealRecord> =>
    (await s.waitUntilFinal([dealId], 120_000)).get(dealId) as DealRecord;

  const postOf = async (dealId: number): Promise<WpPost[]> =>
    (await listPosts(s.wp, { status: 'all' })).filter((p) =>
      (p.content.raw ?? '').includes(`pressbridge:deal:${dealId}"`),
    );

  const mediaOf = async (dealId: number): Promise<number> =>
    (await listMedia(s.wp)).filter((m) => m.slug.startsWith(`pressbridge-deal-${dealId}-photo-`)).length;

  beforeAll(async () => {
    foreign = createServer((_req, res) => {
      foreignHits += 1;
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(10));
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    const foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/evil.jpg`;

    hostileBlog = await startHostileBlog();
    s = await startScenario({
      name: 'hostile',
      timeScale: 1 / 1000,
      photos: 1,
      // The watcher looks for due checks often, so a live page put on its list is checked within a second, and
      // checks the hostile site again at once (not the default 10 s later): /healthz is probed while it reads.
      config: { watch: { tickMinutes: 0.01, retrySeconds: 0, siteGapSeconds: 0 } },
    });
    queueRedis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    queue = new Queue(DEAL_QUEUE, { connection: queueRedis, prefix: s.prefix });
    await s.daemon.start();
    health = probeHealth(`${s.daemon.baseUrl}/healthz`);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script>' +
        '<rect width="64" height="64" fill="red"/></svg>',
    );
    const html = Buffer.from(
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    const cases: Array<[string, Parameters<Scenario['createDeal']>[0]]> = [
      [
        'broken html',
        {
          html:
            '<h1>Rozbitý <b>titulek</h1><p>Odstavec bez konce <div><table><tr><td>buňka<p>[foto1]' +
            '<a href="https://www.example.cz/ok" rel="sponsored">odkaz</a><ul><li>položka<li>další</ul></i></b>' +
            '</div></span><!-- neuzavřený komentář',
        },
      ],
      ...hostileTexts().map((t): [string, { html: string }] => [t.name, { html: t.html }]),
      [
        'scripts and javascript: links',
        {
          html:
            '<h1>Článek se skripty</h1><script>alert(1)</script>' +
            '<p onclick="alert(2)">Text <a href="javascript:alert(3)">klikni</a> a ' +
            '<a href=" JaVaScRiPt:alert(4)">znovu</a> a <a href="https://www.zahradni-technika.example.cz/sekacky" ' +
            'rel="sponsored">sekačky</a>.</p><img src="x" onerror="alert(5)"><iframe src="https://evil.example"></iframe>' +
            '<p>[foto1]</p><svg onload="alert(6)"><circle r="5"/></svg>',
        },
      ],
      ['svg as jpeg', { photoBytes: { 1: svg } }],
      ['html as jpeg', { photoBytes: { 1: html } }],
      ['decompression-bomb jpeg', { photoBytes: { 1: await bombJpeg(60_000, 60_000) } }],
      ['photo on a foreign host', { photoUrls: { 1: foreignUrl } }],
      ['unknown category', { categoryId: 99_999 }],
    ];
    for (const [name, input] of cases) {
      deals.set(name, await s.createDeal(input));
      controls.push((await s.createDeal()).id);
    }
    // Every delivery of these is stored before the webhook cases count jobs.
    const created = [...controls, ...[...deals.values()].map((d) => d.id)];
    for (let tries = 0; ; tries++) {
      const records = await Promise.all(created.map((id) => s.store.get(id)));
      if (records.every((r) => r?.enqueuedAt)) break;
      if (tries > 200) throw new Error('the corpus deals were not queued');
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    await health?.stop();
    await queue?.close();
    queueRedis?.disconnect();
    await s?.close();
    await new Promise<void>((resolve) => (foreign ? foreign.close(() => resolve()) : resolve()));
    await hostileBlog?.close();
  });

  describe('at the webhook', () => {
    const accepted = (id: number, deal: Record<string, unknown> = {}) =>
      JSON.stringify({
        event: 'deal.accepted',
        deal: {
          id,
          blog: { id: 1, name: 'Blog' },
          demand: { id: 1, name: 'Poptávka' },
          instant_publish: false,
          published_by: 'agent',
          category_id: null,
          ...deal,
        },
      });

    it.each([
      { name: 'no signature', headers: {}, options: { sign: false }, code: 'signature_missing' },
      {
        name: 'a signature made with another secret',
        headers: { [HEADER]: sign(accepted(990_001), 'not-the-secret') },
        options: {},
        code: 'signature_invalid',
      },
      {
        name: 'a signature that is not hex',
        headers: { [HEADER]: 'zz-not-hex' },
        options: {},
        code: 'signature_invalid',
      },
      {
        name: 'two different signature headers',
        headers: {
          [HEADER]: sign(accepted(990_001), 'a'),
          'X-Other-Signature': sign(accepted(990_001), 'b'),
        },
        options: {},
        code: 'signature_ambiguous',
      },
    ])('$name: 401 $code, nothing stored', async ({ headers, options, code }) => {
      const jobs = await jobCount();
      const answer = await post(accepted(990_001), headers, options);
      expect([answer.status, answer.body.error?.code]).toEqual([401, code]);
      expect(await s.store.get(990_001)).toBeUndefined();
      expect(await jobCount()).toBe(jobs);
    });

    it('a body changed after signing: 401 signature_invalid, nothing stored', async () => {
      const signature = sign(accepted(990_002), s.secret);
      const answer = await post(accepted(990_003), { [HEADER]: signature });
      expect([answer.status, answer.body.error?.code]).toEqual([401, 'signature_invalid']);
      expect(await s.store.get(990_002)).toBeUndefined();
      expect(await s.store.get(990_003)).toBeUndefined();
    });

    it('a replayed deal.accepted body: 200 duplicate, one job, one post, one hand-in', async () => {
      const control = controls[0] as number;
      await final(control);
      const body = JSON.stringify(s.sandbox.getDeal(control)?.acceptedEvent);
      const jobs = await jobCount();
      const answers = await Promise.all([post(body), post(body), post(body)]);
      expect(answers.map((a) => [a.status, a.body.outcome])).toEqual([
        [200, 'duplicate'],
        [200, 'duplicate'],
        [200, 'duplicate'],
      ]);
      expect(await jobCount()).toBe(jobs);
      expect(await s.store.get(control)).toMatchObject({ state: 'handed_in' });
      expect(await postOf(control)).toHaveLength(1);
      expect(s.sandbox.handIns().filter((h) => h.dealId === control)).toHaveLength(1);
    });

    it('content types: the signed bytes decide, not the label', async () => {
      const deal = await s.createDeal({ deliver: false });
      controls.push(deal.id);
      const asText = await post(JSON.stringify(deal.acceptedEvent), { 'content-type': 'text/plain' });
      expect([asText.status, asText.body.outcome]).toEqual([200, 'enqueued']);

      const form = await post('a=1&b=2', { 'content-type': 'application/x-www-form-urlencoded' });
      expect([form.status, form.body.error?.code]).toEqual([400, 'bad_json']);
      const multipart = await post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', {
        'content-type': 'multipart/form-data; boundary=x',
      });
      expect([multipart.status, multipart.body.error?.code]).toEqual([400, 'bad_json']);
      const empty = await post('', { 'content-type': 'application/json' });
      expect([empty.status, empty.body.error?.code]).toEqual([400, 'bad_json']);
    });

    it.each([
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ])(
      'a %s bomb (64 MiB of zeros): 413 too_large, inflated no further than the limit',
      async (encoding, zip) => {
        const bomb = zip(Buffer.alloc(64 * MiB));
        expect(bomb.length).toBeLessThan(MiB);
        const answer = await post(bomb, { 'content-encoding': encoding }, { sign: false });
        expect([answer.status, answer.body.error?.code]).toEqual([413, 'too_large']);
        expect(answer.headers.get('connection')).toBe('close');
      },
    );

    it('an unknown Content-Encoding: 415; gzip that is not gzip: 400', async () => {
      const compress = await post('abc', { 'content-encoding': 'compress' }, { sign: false });
      expect([compress.status, compress.body.error?.code]).toEqual([415, 'encoding.unsupported']);
      const garbage = await post('not gzip at all', { 'content-encoding': 'gzip' }, { sign: false });
      expect([garbage.status, garbage.body.error?.code]).toEqual([400, 'bad_request']);
    });

    it('a gzip-encoded delivery is verified over the inflated bytes', async () => {
      const body = JSON.stringify({ event: 'webhook.test', message: 'komprimovaný' });
      const overInflated = await post(gzipSync(body), {
        'content-encoding': 'gzip',
        [HEADER]: sign(body, s.secret),
      });
      expect([overInflated.status, overInflated.body.outcome]).toEqual([200, 'recorded']);
      const zipped = gzipSync(body);
      const overZipped = await post(zipped, { 'content-encoding': 'gzip', [HEADER]: sign(zipped, s.secret) });
      expect([overZipped.status, overZipped.body.error?.code]).toEqual([401, 'signature_invalid']);
    });

    it.each([
      ['with Content-Length', false],
      ['chunked, without Content-Length', true],
    ])('a body over 1 MiB %s: 413 too_large, nothing stored', async (_name, chunked) => {
      const jobs = await jobCount();
      const big = accepted(990_004, { padding: 'x'.repeat(MiB) });
      const answer = await post(big, {}, { chunked });
      expect([answer.status, answer.body.error?.code]).toEqual([413, 'too_large']);
      expect(await s.store.get(990_004)).toBeUndefined();
      expect(await jobCount()).toBe(jobs);
    });

    it('JSON nested 100 000 deep: an unknown event is recorded (200), a top-level array is refused (400)', async () => {
      const deepEvent = `{"event":"something.new","deal_id":990005,"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      const recorded = await post(deepEvent);
      expect([recorded.status, recorded.body.outcome]).toEqual([200, 'recorded']);
      expect((await s.store.readEvents(990_005))[0]).toMatchObject({
        event: 'something.new',
        outcome: 'recorded',
      });

      const deepArray = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const refused = await post(deepArray);
      expect([refused.status, refused.body.error?.code]).toEqual([400, 'invalid_event']);
    });

    it('a deal.accepted with a deeply nested unknown field: queued (200), the field dropped', async () => {
      const deal = await s.createDeal({ deliver: false });
      controls.push(deal.id);
      const nested = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
      const body = JSON.stringify(deal.acceptedEvent).replace(/}}$/, `,"extra":${nested}}}`);
      const answer = await post(body);
      expect([answer.status, answer.body.outcome]).toEqual([200, 'enqueued']);
      const job = await queue.getJob(`deal-${deal.id}`);
      expect(JSON.stringify(job?.data)).not.toContain('extra');
    });

    it.each([
      ['an empty object', '{}'],
      ['event not a string', '{"event":42}'],
      ['null', 'null'],
      ['a string', '"deal.accepted"'],
      ['an array', '[]'],
      ['deal.accepted without deal', '{"event":"deal.accepted"}'],
      ['deal.id as a string', accepted(990_006).replace('"id":990006', '"id":"990006"')],
      ['deal.id zero', accepted(0)],
      ['deal.id negative', accepted(-5)],
      ['deal.id not whole', accepted(1.5)],
      ['deal.id beyond 2^53', accepted(990_006).replace('990006', '9007199254740993')],
      ['deal without blog', accepted(990_006, { blog: undefined })],
      ['blog.id as a string', accepted(990_006, { blog: { id: '1' } })],
    ])('%s: 400 invalid_event, nothing queued', async (_name, body) => {
      const jobs = await jobCount();
      const answer = await post(body);
      expect([answer.status, answer.body.error?.code]).toEqual([400, 'invalid_event']);
      expect(await jobCount()).toBe(jobs);
      expect(await s.store.get(990_006)).toBeUndefined();
    });

    it('optional fields of the wrong type are dropped, not fatal: queued (200) and published', async () => {
      const deal = await s.createDeal({ deliver: false });
      controls.push(deal.id);
      const body = JSON.stringify({
        ...deal.acceptedEvent,
        deal: {
          ...deal.acceptedEvent.deal,
          published_by: 'robot',
          instant_publish: 'ano',
          category_id: 'sport',
          price: 'hodně',
          publish_deadline: 42,
        },
      });
      const answer = await post(body);
      expect([answer.status, answer.body.outcome]).toEqual([200, 'enqueued']);
      expect(await final(deal.id)).toMatchObject({ state: 'handed_in' });
    });
  });

  describe('in the deal', () => {
    const dealOf = (name: string): SandboxDeal => deals.get(name) as SandboxDeal;

    it('broken HTML: published, the heading as title, the link kept', async () => {
      const deal = dealOf('broken html');
      const record = await final(deal.id);
      expect(record.state, record.error).toBe('handed_in');
      const [post] = await postOf(deal.id);
      expect(post?.title.raw).toBe('Rozbitý titulek');
      expect(post?.content.raw).toContain('href="https://www.example.cz/ok"');
      expect(post?.content.raw).not.toContain('<h1');
      expect(await mediaOf(deal.id)).toBe(2);
    });

    it('950 KB of HTML: published whole', async () => {
      const deal = dealOf('950 KB of html');
      expect(Buffer.byteLength(deal.html)).toBeGreaterThan(900_000);
      const record = await final(deal.id);
      expect(record.state, record.error).toBe('handed_in');
      const [post] = await postOf(deal.id);
      expect(post?.content.raw).toContain('Odstavec 11999:');
    });

    it.each(REFUSED)(
      '$name: failed at once naming the limit, within the time budget, ran once, nothing published',
      async ({ name, refusedWith, limit }) => {
        const deal = dealOf(name);
        const record = await final(deal.id);
        expect(record).toMatchObject({ state: 'failed', errorCode: refusedWith, attempts: 1 });
        expect(record.error).toContain(limit);
        expect(record.steps.render).toMatchObject({ outcome: 'error' });
        expect(record.steps.render?.ms).toBeLessThanOrEqual(TIME_BUDGET_MS);
        const log = (await s.store.readLog(deal.id, { limit: 500 })).map((e) => e.msg);
        expect(log.filter((msg) => msg === 'deal text fetched')).toHaveLength(1);
        expect(log).not.toContain('deal text taken from the earlier attempt');
        expect(await postOf(deal.id)).toHaveLength(0);
        expect(await mediaOf(deal.id)).toBe(0);
        expect(s.sandbox.handIns().filter((h) => h.dealId === deal.id)).toHaveLength(0);
      },
    );

    it('<script>, event handlers, iframes, SVG and javascript: links are removed; the real link stays', async () => {
      const deal = dealOf('scripts and javascript: links');
      const record = await final(deal.id);
      expect(record.state, record.error).toBe('handed_in');
      const [post] = await postOf(deal.id);
      const stored = `${post?.content.raw}\n${post?.content.rendered}`;
      for (const bad of [
        /<script/i,
        /javascript:/i,
        /onclick/i,
        /onerror/i,
        /onload/i,
        /<iframe/i,
        /<svg/i,
        /alert\(/,
      ]) {
        expect(stored).not.toMatch(bad);
      }
      expect(post?.content.raw).toContain(
        '<a href="https://www.zahradni-technika.example.cz/sekacky" rel="sponsored">sekačky</a>',
      );
      const page = await (await fetch(record.url as string)).text();
      expect(page).not.toContain('alert(');
    });

    it.each([
      ['svg as jpeg', 'image_invalid'],
      ['html as jpeg', 'image_invalid'],
      ['decompression-bomb jpeg', 'image_too_large'],
      ['photo on a foreign host', 'foreign_photo_host'],
    ])('%s: the photo is dropped (%s), the article published with the cover only', async (name, code) => {
      const deal = dealOf(name);
      const record = await final(deal.id);
      expect(record.state, record.error).toBe('handed_in');
      expect(record.data.photosDropped).toEqual([expect.objectContaining({ n: 1, code })]);
      expect(await mediaOf(deal.id)).toBe(1);
      expect(await postOf(deal.id)).toHaveLength(1);
      const log = await s.store.readLog(deal.id, { limit: 200 });
      expect(log.map((e) => e.msg)).toContain(
        'a photo from the marketplace cannot be used; the article is published without it',
      );
    });

    it('the foreign host was never asked for the photo', () => {
      expect(foreignHits).toBe(0);
    });

    it('a category WordPress does not have: published in the default category, and the deal log says so', async () => {
      const deal = dealOf('unknown category');
      const record = await final(deal.id);
      expect(record.state, record.error).toBe('handed_in');
      const [post] = await postOf(deal.id);
      expect(post?.categories).toEqual([1]);
      const log = await s.store.readLog(deal.id, { limit: 200 });
      expect(log.map((e) => e.msg).join('\n')).toMatch(/category 99999 does not exist/);
    });
  });

  describe('on the live page the watcher checks', () => {
    it('60 000 nested elements and 6 MiB of nesting, read 5 times each: every check ends with a result, /healthz within 100 ms (p99) meanwhile', async () => {
      const probe = probeHealth(`${s.daemon.baseUrl}/healthz`);
      await watchNow(s, 990_301, hostileBlog.url('/deep'));
      await watchNow(s, 990_302, hostileBlog.url('/big'));
      const checks: Array<[ArticleCheck, ArticleCheck]> = [];
      for (let round = 0; round < 5; round++) {
        const [deep, big] = checks.at(-1) ?? [];
        if (round > 0) await Promise.all([checkAgainNow(s, 990_301), checkAgainNow(s, 990_302)]);
        checks.push([await nextCheck(s, 990_301, deep?.at), await nextCheck(s, 990_302, big?.at)]);
      }
      const health = await probe.stop();
      for (const [deep, big] of checks) {
        expect(deep).toMatchObject({ ok: true, status: 200, missing: [], links: 1 });
        // Its link lies past watch.maxBytes (5 MiB): not known, so neither `links` nor `gone`, and no alarm.
        expect(big).toMatchObject({ ok: false, unreadable: true, status: 200, missing: [] });
        expect(big.problem).toBeUndefined();
        expect(big.detail).toContain('watch.maxBytes');
      }
      expect(s.daemon.exits).toEqual([]);
      expect(health.failures).toEqual([]);
      expect(health.samples).toBeGreaterThan(10);
      expect(health.p99Ms, JSON.stringify(health.slowest)).toBeLessThan(100);
      expect(health.maxMs, JSON.stringify(health.slowest)).toBeLessThan(1_000);
    });
  });

  it('nothing else was disturbed: every other deal published once, the daemon never went down, /healthz within 100 ms (p99) throughout', async () => {
    const refused = new Set(REFUSED.map((t) => deals.get(t.name)?.id));
    const all = [...deals.values()].map((d) => d.id);
    await s.waitUntilFinal([...controls, ...all], 120_000);
    const corpus = all.filter((id) => !refused.has(id));
    const tally = await s.tally(controls);
    const photoDropped = new Set(DROPPED_PHOTO_CASES.map((name) => deals.get(name)?.id));
    const published = await s.tally([...controls, ...corpus], (id) => (photoDropped.has(id) ? 1 : 2));
    const probe = await health.stop();
    recordScenario({
      scenario: 'hostile input corpus',
      deals: controls.length + all.length,
      published: published.published,
      duplicates: published.duplicates,
      lost: published.lost,
      wallMs: Date.now() - started,
      notes:
        `${all.length} hostile deals (${refused.size} refused by the render limits) + ${controls.length} normal ones; ` +
        `webhook cases answered as specified; /healthz of ${probe.samples} probes: p99 ${Math.round(probe.p99Ms)} ms, slowest ${Math.round(probe.maxMs)} ms`,
    });
    expect(tally.problems).toEqual([]);
    expect(tally).toMatchObject({ published: controls.length, duplicates: 0, lost: 0 });
    expect(published.problems).toEqual([]);
    expect(s.daemon.exits).toEqual([]);
    expect(probe.failures).toEqual([]);
    expect(probe.samples).toBeGreaterThan(10);
    // Issue 13's requirement: the daemon answers while hostile texts render, within 100 ms. Measured as the
    // probes' p99: the probe is an HTTP round trip, and on a 2-core machine shared with WordPress, the sandbox and
    // two busy render threads a few answers wait for the CPU (the slowest were 112-152 ms on main as well as with
    // issue 15, on the same machine on the same day). A render on the event loop stalls for seconds (58 s before
    // issue 13; 1.1 s for the 10k nested divs alone), which the bound on the slowest answer still catches.
    expect(probe.p99Ms, JSON.stringify(probe.slowest)).toBeLessThan(100);
    expect(probe.maxMs, JSON.stringify(probe.slowest)).toBeLessThan(1_000);
    expect(s.sandbox.handIns()).toHaveLength(controls.length + corpus.length);
  });
});
