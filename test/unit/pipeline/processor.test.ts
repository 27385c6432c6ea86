import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogConfig } from '../../../src/config/schema.js';
import type { AcceptedDeal } from '../../../src/deals/accepted.js';
import type { DealStore } from '../../../src/deals/record.js';
import { DealClosedError } from '../../../src/deals/verdict.js';
import { AppError, DeadlineMissedError, MarketplaceError, PublishError } from '../../../src/errors.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { logFieldsText } from '../../../src/i18n/log-entry.js';
import { type Deal, Deal as DealSchema } from '../../../src/marketplace/schema.js';
import {
  createPipelineProcessor,
  type PipelineResult,
  type PipelineSettingsInput,
} from '../../../src/pipeline/index.js';
import type { DealJobContext } from '../../../src/pipeline/port.js';
import { effectiveDeadline } from '../../../src/pipeline/run-context.js';
import { createRenderPool } from '../../../src/render/pool.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import {
  acceptedDeal,
  dealText,
  type FakeClientOptions,
  fakeClient,
  fakeClock,
  jobContext,
  jpeg,
  marketplaceError,
  memoryPublisher,
  scriptedFetch,
  testStore,
} from './fakes.js';

const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;
let photos: Record<number, Buffer>;
let nextDealId = 1000;
const renderPool = createRenderPool({ threads: 2 });

const NOW = new Date('2026-05-01T10:00:00.000Z');
const IN_AN_HOUR = new Date(NOW.getTime() + 3_600_000);

beforeAll(async () => {
  redis = createTestRedis();
  store = testStore(redis, prefix);
  photos = {
    0: await jpeg(2400, 1600, '#aa3300'),
    1: await jpeg(800, 600, '#00aa33'),
    2: await jpeg(640, 480),
  };
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
  await renderPool.close();
});

interface SetupInput {
  event?: Partial<AcceptedDeal>;
  text?: FakeClientOptions['text'];
  photos?: FakeClientOptions['photos'];
  handIns?: FakeClientOptions['handIns'];
  deal?: FakeClientOptions['deal'];
  /** `null`: the blog is not configured. */
  blog?: Partial<BlogConfig> | null;
  verify?: Array<number | Error>;
  deadline?: Date;
  source?: 'webhook' | 'manual';
  settings?: PipelineSettingsInput;
}

async function setup(input: SetupInput = {}) {
  const dealId = nextDealId++;
  const client = fakeClient({
    text: input.text ?? dealText({ deal_id: dealId }),
    photos: input.photos ?? {
      0: { bytes: photos[0]!, contentType: 'image/jpeg' },
      1: { bytes: photos[1]!, contentType: 'image/jpeg' },
      2: { bytes: photos[2]!, contentType: 'image/jpeg' },
    },
    ...(input.handIns ? { handIns: input.handIns } : {}),
    ...(input.deal ? { deal: input.deal } : {}),
  });
  const publisher = memoryPublisher();
  const clock = fakeClock(NOW);
  const fetch = scriptedFetch(input.verify ?? [200]);
  const blog: BlogConfig = {
    id: 7,
    name: 'Testovací blog',
    publisher: 'memory',
    options: {},
    bloggerPublished: 'skip',
    ...(input.blog ?? {}),
  };
  const processor = createPipelineProcessor({
    resolveBlog: (blogId) => (input.blog === null || blogId !== blog.id ? undefined : { blog, publisher }),
    settings: {
      verify: { initialBackoffMs: 1_000, maxBackoffMs: 10_000 },
      handIn: { initialBackoffMs: 1_000, maxBackoffMs: 10_000 },
      ...input.settings,
    },
    fetch,
    clock,
    renderPool,
  });
  const ctx = await jobContext({
    store,
    client,
    dealId,
    event: acceptedDeal(dealId, input.event),
    deadline: input.deadline ?? IN_AN_HOUR,
    ...(input.source ? { source: input.source } : {}),
  });
  const run = async (attempt = 1): Promise<PipelineResult> => {
    const attemptCtx: DealJobContext = { ...ctx, attempt };
    const result = (await processor(attemptCtx)) as PipelineResult;
    await ctx.log.flush();
    return result;
  };
  const messages = async (): Promise<string[]> => {
    await ctx.log.flush();
    return (await store.readLog(dealId, { limit: 200 })).map((e) => e.msg).reverse();
  };
  return { dealId, client, publisher, clock, fetch, ctx, run, messages };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('src/pipeline/processor: decide', () => {
  it.each([
    ['published_by placla', { published_by: 'placla' as const }, 'published_by_placla'],
    ['instant_publish', { instant_publish: true }, 'instant_publish'],
    ['published_by bloger (default skip)', { published_by: 'bloger' as const }, 'published_by_bloger'],
  ])('%s → skipped without a single call', async (_name, event, reason) => {
    const s = await setup({ event });

    const result = await s.run();

    expect(result).toEqual({ outcome: 'skipped', reason });
    expect(s.client.total()).toBe(0);
    expect(s.publisher.published).toHaveLength(0);
    expect(s.fetch.urls).toHaveLength(0);
    const record = await store.get(s.dealId);
    expect(record).toMatchObject({ state: 'skipped', data: { skipReason: reason } });
    expect(record?.steps.decide?.outcome).toBe(`skip:${reason}`);
  });

  it('placla on a blog that is not configured is still skipped, not failed', async () => {
    const s = await setup({ event: { published_by: 'placla' }, blog: null });
    expect(await s.run()).toMatchObject({ outcome: 'skipped' });
  });

  it('fails permanently when the blog is not configured, naming it and what to add', async () => {
    const s = await setup({ blog: null });

    const error = await failure(s.run());

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'blog_not_configured', retryable: false });
    expect((error as Error).message).toMatch(
      /blog 7 \("Testovací blog"\), which is not in the pressbridge configuration/,
    );
    expect((error as Error).message).toMatch(/add it under "blogs:" \(id: 7/);
    expect(s.client.total()).toBe(0);
    expect((await store.get(s.dealId))?.steps.decide?.outcome).toBe('unknown_blog');
  });

  it('creates a draft holding the brief for published_by bloger when the blog asks for drafts', async () => {
    const detail: Deal = {
      id: 1,
      state: 'akceptovano',
      blog: { id: 7 },
      demand: {
        id: 3,
        keyword_urls: [{ keyword: 'sekačka', url: 'https://www.zahrada.example.cz/sekacky?a=1&b=2' }],
      },
      article_url: null,
    };
    const s = await setup({
      event: { published_by: 'bloger' },
      blog: { bloggerPublished: 'draft' },
      deal: detail,
    });

    const result = await s.run();

    expect(result).toEqual({ outcome: 'draft', ref: 'mem:draft:900', reason: 'published_by_bloger' });
    expect(s.client.calls).toMatchObject({ text: 0, photos: [], handIn: [], getDeal: 1 });
    expect(s.publisher.drafts).toHaveLength(1);
    const draft = s.publisher.drafts[0]!;
    expect(draft.title).toBe('Jak vybrat sekačku');
    expect(draft.slug).toBe('jak-vybrat-sekacku');
    expect(draft.briefHtml).toContain('href="https://www.zahrada.example.cz/sekacky?a=1&amp;b=2"');
    expect(draft.briefHtml).toContain('Napište článek o sekačkách.');
    expect(await store.get(s.dealId)).toMatchObject({
      state: 'skipped',
      postRef: 'mem:draft:900',
      data: {
        skipReason: 'published_by_bloger',
        draft: { ref: 'mem:draft:900', withKeywordUrls: true },
        publisher: { draftId: 900 },
      },
    });

    // Run again (a redelivery, a retry): the draft is not made twice.
    expect(await s.run()).toMatchObject({ outcome: 'draft' });
    expect(s.publisher.drafts).toHaveLength(1);
    expect(s.client.calls.getDeal).toBe(1);
  });

  it('still makes the draft from deal.accepted when the deal detail cannot be fetched', async () => {
    const s = await setup({
      event: { published_by: 'bloger' },
      blog: { bloggerPublished: 'draft' },
      deal: marketplaceError('server', 500, true, '/v1/deals/1'),
    });

    expect(await s.run()).toMatchObject({ outcome: 'draft' });
    expect(s.publisher.drafts[0]?.briefHtml).toContain('sekačka, zahrada');
    expect((await store.get(s.dealId))?.data.draft).toMatchObject({ withKeywordUrls: false });
    expect(await s.messages()).toContain(
      'the deal detail (keyword URLs) could not be fetched; the draft holds the brief from deal.accepted',
    );
  });

  it("follows the text's own flags when they differ from deal.accepted", async () => {
    const s = await setup({ text: dealText({ published_by: 'placla' }) });

    expect(await s.run()).toEqual({ outcome: 'skipped', reason: 'published_by_placla' });
    expect(s.client.calls.text).toBe(1);
    expect(s.client.calls.photos).toEqual([]);
    expect(s.publisher.published).toHaveLength(0);
  });
});

describe('src/pipeline/processor: publish, verify, hand in', () => {
  it('spends 1 text + 1 per photo + 1 hand-in and records every step', async () => {
    const s = await setup();

    const result = await s.run();

    const url = 'https://blog.example.cz/prilis-zlutoucky-kun/';
    expect(result).toEqual({ outcome: 'handed_in', url, ref: 'mem:101' });
    expect(s.client.calls).toEqual({
      text: 1,
      photos: [0, 1, 2],
      handIn: [{ dealId: s.dealId, url }],
      getDeal: 0,
    });
    expect(s.fetch.urls).toEqual([url]);

    const input = s.publisher.published[0]!;
    expect(input.deal).toEqual({
      dealId: s.dealId,
      blogId: 7,
      categoryId: 4,
      deadline: IN_AN_HOUR,
      acceptedAt: new Date(IN_AN_HOUR.getTime() - 3_600_000),
      keywords: ['sekačka', 'zahrada'],
    });
    expect(input.article.title).toBe('Příliš žluťoučký kůň');
    expect(input.slug).toBe('prilis-zlutoucky-kun');
    expect(input.previous).toEqual({});
    expect(input.images.map((i) => [i.n, i.filename, i.contentType, i.width])).toEqual([
      [0, 'prilis-zlutoucky-kun-0.jpg', 'image/jpeg', 1600],
      [1, 'prilis-zlutoucky-kun-1.jpg', 'image/jpeg', 800],
      [2, 'prilis-zlutoucky-kun-2.jpg', 'image/jpeg', 640],
    ]);

    const record = await store.get(s.dealId);
    expect(record).toMatchObject({
      state: 'handed_in',
      title: 'Příliš žluťoučký kůň',
      url,
      postRef: 'mem:101',
      data: {
        publisher: { media0: 500, media1: 501, media2: 502, postId: 101 },
        handIn: { articleUrl: url, dealState: 'ke_schvaleni', via: 'answer', tries: 1, late: false },
        deal: { publishedBy: 'agent', instantPublish: false, categoryId: 4 },
        // The advertiser's links and the disclosure label as published, for the article watcher (src/watch/).
        watch: { links: ['https://www.zahrada.example.cz'], label: 'Komerční sdělení' },
      },
    });
    expect(typeof record?.data.handedInAt).toBe('string');
    expect(Object.keys(record?.steps ?? {}).sort()).toEqual(
      ['decide', 'handIn', 'photos', 'publish', 'render', 'text', 'verify'].sort(),
    );
    expect(Object.values(record?.steps ?? {}).map((step) => step.outcome)).not.toContain('error');
    expect((await store.getFiles(s.dealId)).size).toBe(0);
    expect(await s.messages()).toEqual(
      expect.arrayContaining([
        'deal text fetched',
        'photos ready',
        'article published',
        'the article is live',
        'URL handed in',
      ]),
    );
  });

  it('takes the title from the deal name when the text has no <h1>, and says so', async () => {
    const s = await setup({ text: dealText({ text: '<p>Bez nadpisu [foto1].</p>' }) });

    await s.run();

    expect(s.publisher.published[0]?.article.title).toBe('Jak vybrat sekačku');
    expect(s.publisher.published[0]?.slug).toBe('jak-vybrat-sekacku');
    expect(await store.get(s.dealId)).toMatchObject({
      title: 'Jak vybrat sekačku',
      data: { article: { titleSource: 'deal_name' } },
    });
    expect(await s.messages()).toContain("the text has no <h1>; the deal's name is the title");
  });

  it('publishes without a broken photo and notes it in the deal log', async () => {
    const s = await setup({
      photos: {
        0: { bytes: photos[0]!, contentType: 'image/jpeg' },
        1: { bytes: Buffer.from('<html>not a photo</html>'), contentType: 'image/jpeg' },
        2: { bytes: photos[2]!, contentType: 'image/jpeg' },
      },
    });

    expect(await s.run()).toMatchObject({ outcome: 'handed_in' });

    const input = s.publisher.published[0]!;
    expect(input.images.map((i) => i.n)).toEqual([0, 2]);
    expect(input.article.blocks.filter((b) => b.type === 'image')).toEqual([{ type: 'image', n: 2 }]);
    const record = await store.get(s.dealId);
    expect(record?.data.photosDropped).toEqual([expect.objectContaining({ n: 1, code: 'image_invalid' })]);
    expect(record?.steps.photos?.outcome).toBe('partial');
    const messages = await s.messages();
    expect(messages).toContain(
      'a photo from the marketplace cannot be used; the article is published without it',
    );
    expect(messages).toContain('a photo marker has no photo; the marker was removed');
  });

  it("a photo the marketplace does not have: the deal log's reason in the blogger's language", async () => {
    const s = await setup({
      photos: {
        0: { bytes: photos[0]!, contentType: 'image/jpeg' },
        2: { bytes: photos[2]!, contentType: 'image/jpeg' },
      },
    });

    expect(await s.run()).toMatchObject({ outcome: 'handed_in' });

    const line = (await store.readLog(s.dealId)).find((e) => e.key === 'log.photo_unusable');
    if (!line) throw new Error('no photo_unusable line');
    expect(line.fields.reason).toMatch(/^Marketplace GET \/v1\/deals\/1\/photos\/1 failed: 404 nenalezeno/);
    expect(logFieldsText(createTranslator('cs'), line).reason).toMatch(
      /^Tržiště: GET \/v1\/deals\/1\/photos\/1 selhalo: 404 nenalezeno/,
    );
  });

  it.each([
    ['clanek_odevzdan', [marketplaceError('clanek_odevzdan', 409, false)], 'already_handed_in', 1],
    [
      'clanek_nedostupny, then accepted',
      [marketplaceError('clanek_nedostupny', 422, false), { id: 1, state: 'ke_schvaleni', article_url: 'x' }],
      'ok',
      0,
    ],
  ])('hand-in answered %s ends handed_in', async (_name, handIns, outcome, getDealCalls) => {
    const url = 'https://blog.example.cz/prilis-zlutoucky-kun/';
    const s = await setup({
      handIns: handIns as FakeClientOptions['handIns'],
      deal: { id: 1, state: 'ke_schvaleni', blog: { id: 7 }, demand: { id: 3 }, article_url: url },
    });

    expect(await s.run()).toMatchObject({ outcome: 'handed_in', url });

    expect(s.client.calls.getDeal).toBe(getDealCalls);
    const record = await store.get(s.dealId);
    expect(record?.state).toBe('handed_in');
    expect(record?.steps.handIn?.outcome).toBe(outcome);
  });

  it('fails a foreign-domain hand-in permanently with the fix in the message', async () => {
    const s = await setup({ handIns: [marketplaceError('cizi_domena', 422, false)] });

    const error = await failure(s.run());

    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ code: 'cizi_domena', retryable: false });
    expect((error as Error).message).toMatch(
      /pressbridge publishes this blog to https:\/\/blog\.example\.cz/,
    );
    expect(s.client.calls.handIn).toHaveLength(1);
    expect((await store.get(s.dealId))?.steps.handIn?.outcome).toBe('error');
  });
});

describe('src/pipeline/processor: resume', () => {
  it('after a failed publish, the retry publishes from the kept text and photos', async () => {
    const s = await setup();
    s.publisher.failures = 1;
    s.publisher.failWith = new PublishError('wp_unavailable', 'WordPress answered 503', { retryable: true });

    await expect(s.run(1)).rejects.toThrow('WordPress answered 503');
    expect((await store.get(s.dealId))?.steps.publish?.outcome).toBe('error');
    expect((await store.getFiles(s.dealId)).size).toBeGreaterThan(0);

    const result = await s.run(2);

    expect(result).toMatchObject({ outcome: 'handed_in' });
    expect(s.client.calls).toMatchObject({ text: 1, photos: [0, 1, 2], getDeal: 0 });
    expect(s.client.calls.handIn).toHaveLength(1);
    expect(s.publisher.published).toHaveLength(2);
    expect(s.publisher.published[1]?.previous).toEqual({ media0: 500, media1: 501, media2: 502 });
    expect(s.publisher.published[1]?.images.map((i) => i.bytes.length)).toEqual(
      s.publisher.published[0]?.images.map((i) => i.bytes.length),
    );
    const record = await store.get(s.dealId);
    expect(record?.steps.text?.outcome).toBe('cached');
    expect(record?.steps.photos?.outcome).toBe('cached');
    expect(await s.messages()).toContain('deal text taken from the earlier attempt');
  });

  it('after a photo failed transiently, the retry fetches only that photo', async () => {
    const s = await setup({
      photos: {
        0: { bytes: photos[0]!, contentType: 'image/jpeg' },
        1: { bytes: photos[1]!, contentType: 'image/jpeg' },
        2: (call) => {
          if (call === 1) throw marketplaceError('server', 500, true, '/v1/deals/1/photos/2');
          return { bytes: photos[2]!, contentType: 'image/jpeg' };
        },
      },
    });

    await expect(s.run(1)).rejects.toMatchObject({ code: 'server' });
    expect(await s.run(2)).toMatchObject({ outcome: 'handed_in' });

    expect(s.client.calls.text).toBe(1);
    expect([...s.client.calls.photos].sort()).toEqual([0, 1, 2, 2]);
    expect(s.publisher.published).toHaveLength(1);
  });

  it('with a URL on record, goes straight to verify and hand-in', async () => {
    const s = await setup();
    const url = 'https://blog.example.cz/uz-venku/';
    await store.update(s.dealId, {
      url,
      postRef: 'mem:55',
      data: { publishedAt: NOW.toISOString(), publisher: { postId: 55 } },
    });

    const result = await s.run(2);

    expect(result).toEqual({ outcome: 'handed_in', url, ref: 'mem:55' });
    expect(s.client.calls).toEqual({ text: 0, photos: [], handIn: [{ dealId: s.dealId, url }], getDeal: 0 });
    expect(s.publisher.published).toHaveLength(0);
    expect(s.fetch.urls).toEqual([url]);
    expect(await s.messages()).toContain(
      'resuming: the article is published already; verifying and handing in its URL',
    );
  });

  it('after the hand-in, a new run changes nothing and calls nothing', async () => {
    const s = await setup();
    await s.run(1);
    const before = s.client.total();

    const again = await s.run(1);

    expect(again).toMatchObject({
      outcome: 'handed_in',
      url: 'https://blog.example.cz/prilis-zlutoucky-kun/',
    });
    expect(s.client.total()).toBe(before);
    expect(s.publisher.published).toHaveLength(1);
    expect(s.fetch.urls).toHaveLength(1);
    expect((await store.get(s.dealId))?.state).toBe('handed_in');
  });

  it('waiting for approval propagates ceka_na_schvaleni to the worker and records it', async () => {
    const waiting = marketplaceError('ceka_na_schvaleni', 409, true, '/v1/deals/1/text');
    const s = await setup({ text: waiting });

    await expect(s.run()).rejects.toBe(waiting);
    expect((await store.get(s.dealId))?.steps.text?.outcome).toBe('waiting_approval');
  });
});

/** The marketplace's answer to `GET /v1/deals/{id}`. */
function marketplaceDeal(
  dealId: number,
  state: string,
  articleUrl: string | null = null,
  reason?: string,
): Deal {
  return DealSchema.parse({
    id: dealId,
    state,
    blog: { id: 7, name: 'Testovací blog' },
    demand: { id: 1, name: 'Sekačky' },
    article_url: articleUrl,
    ...(reason ? { reason } : {}),
    web_url: `https://marketplace.example/deals/${dealId}`,
  });
}

describe('src/pipeline/processor: extra services', () => {
  it('hands in the article URL alone and flags each bought service as needing the blogger', async () => {
    const s = await setup({
      event: { services: [{ id: 12, name: 'Sdílení na Facebooku', urls: 1 }] },
    });

    const result = await s.run();

    expect(result).toMatchObject({ outcome: 'handed_in' });
    expect(s.client.calls.handIn).toHaveLength(1);
    expect(s.client.total()).toBe(1 + 3 + 1);
    expect((await store.get(s.dealId))?.data.services).toEqual([
      { id: 12, name: 'Sdílení na Facebooku', needsUrls: true },
    ]);
    expect(await s.messages()).toContain('a service bought on the deal needs its URL handed in by hand');
    const line = (await store.readLog(s.dealId)).find((e) => e.key === 'log.service_needs_url');
    expect(line?.fields).toEqual({ service: 12, name: 'Sdílení na Facebooku' });
  });
});

describe('src/pipeline/processor: deadline (the marketplace decides)', () => {
  it('past the deadline, asks once; still akceptovano without a URL → publishes and hands in, late', async () => {
    const s = await setup({ deadline: new Date(NOW.getTime() - 1) });
    s.client.setDeal(marketplaceDeal(s.dealId, 'akceptovano'));

    const result = await s.run();

    expect(result).toMatchObject({ outcome: 'handed_in', late: true });
    expect(s.client.calls).toMatchObject({ getDeal: 1, text: 1, photos: [0, 1, 2] });
    expect(s.client.calls.handIn).toHaveLength(1);
    expect(s.publisher.published).toHaveLength(1);
    const record = await store.get(s.dealId);
    expect(record?.data).toMatchObject({
      late: { since: NOW.toISOString() },
      handIn: { late: true },
      marketplaceCheck: { state: 'akceptovano', articleUrl: null },
    });
    const messages = await s.messages();
    expect(messages.some((m) => /still waits for the article.*publishing and handing in late/.test(m))).toBe(
      true,
    );
    expect(messages).toContain('URL handed in after the deadline');
  });

  it('past the deadline, the marketplace cancelled it → closed with its state and reason, nothing published', async () => {
    const s = await setup({ deadline: new Date(NOW.getTime() - 1) });
    s.client.setDeal(marketplaceDeal(s.dealId, 'zruseno', null, 'inzerent zrušil objednávku'));

    const error = await failure(s.run());

    expect(error).toBeInstanceOf(DealClosedError);
    expect(error).toMatchObject({
      marketplaceState: 'zruseno',
      marketplaceReason: 'inzerent zrušil objednávku',
    });
    expect((error as Error).message).toMatch(/"zruseno" \(reason: "inzerent zrušil objednávku"\)/);
    expect(s.client.total()).toBe(1);
    expect(s.publisher.published).toHaveLength(0);
  });

  it('a text refused with 409 spatny_stav before the deadline asks; cancelled → closed, no photo fetched', async () => {
    const s = await setup({ text: marketplaceError('spatny_stav', 409, false, '/v1/deals/1/text') });
    s.client.setDeal(marketplaceDeal(s.dealId, 'zruseno'));

    const error = await failure(s.run());

    expect(error).toBeInstanceOf(DealClosedError);
    expect(s.client.calls).toMatchObject({ text: 1, getDeal: 1, photos: [] });
    expect(s.publisher.published).toHaveLength(0);
  });

  it('verifies with backoff until the deadline, then asks and hands in late', async () => {
    const deadline = new Date(NOW.getTime() + 20_000);
    const s = await setup({ deadline, verify: [404] });
    s.client.setDeal(marketplaceDeal(s.dealId, 'akceptovano'));

    const result = await s.run();

    expect(result).toMatchObject({ outcome: 'handed_in', late: true });
    expect(s.clock.sleeps).toEqual([1_000, 2_000, 4_000, 8_000, 5_000]);
    expect(s.client.calls.handIn).toHaveLength(1);
    expect(s.client.calls.getDeal).toBe(1);
    const record = await store.get(s.dealId);
    expect(record).toMatchObject({ state: 'handed_in', data: { handIn: { late: true } } });
    expect(record?.steps.verify?.outcome).toBe('deadline');
  });

  it('a late hand-in the marketplace cannot reach yet is retried within the late window, not deadline_missed', async () => {
    const s = await setup({
      deadline: new Date(NOW.getTime() + 5_000),
      verify: [404],
      handIns: [marketplaceError('clanek_nedostupny', 422, false)],
    });
    s.client.setDeal(marketplaceDeal(s.dealId, 'akceptovano'));

    const error = await failure(s.run());

    expect(error).not.toBeInstanceOf(DeadlineMissedError);
    expect(error).toMatchObject({ code: 'clanek_nedostupny', retryable: true });
    expect(s.client.calls.handIn).toHaveLength(4);
  });

  it.each([
    ['from the list (reconciliation): asked again, cancelled → closed', 'list', 1, DealClosedError],
    ['from the deal detail: not asked again, the refusal stands', 'detail', 0, MarketplaceError],
  ] as const)(
    'a hand-in refused with spatny_stav after a stored "still waits" %s',
    async (_n, via, asked, kind) => {
      const s = await setup({ handIns: [marketplaceError('spatny_stav', 409, false)] });
      s.client.setDeal(marketplaceDeal(s.dealId, 'zruseno'));
      const at = NOW.toISOString();
      await store.update(s.dealId, {
        data: { marketplaceCheck: { at, state: 'akceptovano', articleUrl: null, reason: null, via } },
      });

      const error = await failure(s.run());

      expect(error).toBeInstanceOf(kind);
      expect(s.client.calls.getDeal).toBe(asked);
      expect(s.client.calls.handIn).toHaveLength(1);
    },
  );

  it('once the late window from the marketplace answer passed too: deadline_missed naming that answer, no request', async () => {
    const s = await setup({ deadline: new Date(NOW.getTime() - 2 * 3_600_000) });
    const answeredAt = new Date(NOW.getTime() - 61 * 60_000).toISOString();
    await store.update(s.dealId, {
      data: { marketplaceCheck: { at: answeredAt, state: 'akceptovano', articleUrl: null, reason: null } },
    });

    const error = await failure(s.run());

    expect(error).toBeInstanceOf(DeadlineMissedError);
    expect((error as Error).message).toContain(`still waited for the article at ${answeredAt}`);
    expect(s.client.total()).toBe(0);
  });

  it('asks at most once per deal: a retry reuses the stored answer', async () => {
    const s = await setup({
      deadline: new Date(NOW.getTime() - 1),
      text: (call) => {
        if (call === 1) throw marketplaceError('server', 503, true, '/v1/deals/1/text');
        return dealText({ deal_id: 1 });
      },
    });
    s.client.setDeal(marketplaceDeal(s.dealId, 'akceptovano'));

    await expect(s.run(1)).rejects.toMatchObject({ code: 'server' });
    const result = await s.run(2);

    expect(result).toMatchObject({ outcome: 'handed_in', late: true });
    expect(s.client.calls.getDeal).toBe(1);
  });

  it('does not hand in late when afterDeadline is off, but only after the marketplace answered', async () => {
    const s = await setup({
      deadline: new Date(NOW.getTime() + 5_000),
      verify: [404],
      settings: { handIn: { afterDeadline: false } },
    });
    s.client.setDeal(marketplaceDeal(s.dealId, 'akceptovano'));

    await expect(s.run()).rejects.toBeInstanceOf(DeadlineMissedError);
    expect(s.client.calls.handIn).toHaveLength(0);
    expect(s.client.calls.getDeal).toBe(1);
  });

  it("a public URL nobody answers at before the deadline: the deal's error names the network reason in Czech too", async () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }),
    });
    const s = await setup({
      deadline: new Date(NOW.getTime() + 5_000),
      verify: [refused],
      settings: { handIn: { afterDeadline: false } },
    });
    s.client.setDeal(marketplaceDeal(s.dealId, 'akceptovano'));

    const error = await failure(s.run());

    expect(error).toBeInstanceOf(DeadlineMissedError);
    expect((error as AppError).message).toContain('last: connection refused [ECONNREFUSED])');
    const phrase = (error as AppError).phrase;
    if (!phrase) throw new Error('no phrase');
    expect(createTranslator('cs').say(phrase)).toContain('naposledy: spojení odmítnuto [ECONNREFUSED])');
    // The deal log's "not live yet" line: its error field said in Czech by the deal page and `pressbridge deal`.
    await s.ctx.log.flush();
    const miss = (await store.readLog(s.dealId)).find((e) => e.key === 'log.not_live_yet');
    if (!miss) throw new Error('no not_live_yet line');
    expect(miss.fields.error).toBe('connection refused [ECONNREFUSED]');
    expect(logFieldsText(createTranslator('cs'), miss).error).toBe('spojení odmítnuto [ECONNREFUSED]');
  });

  it('keeps a fix-it refusal on the late hand-in as the failure', async () => {
    const s = await setup({
      deadline: new Date(NOW.getTime() + 1_000),
      verify: [404],
      handIns: [marketplaceError('cizi_domena', 422, false)],
    });
    s.client.setDeal(marketplaceDeal(s.dealId, 'akceptovano'));

    const error = await failure(s.run());

    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ code: 'cizi_domena' });
  });

  it('a published deal retried after the deadline is handed in once, late', async () => {
    const s = await setup({ deadline: new Date(NOW.getTime() - 60_000) });
    s.client.setDeal(marketplaceDeal(s.dealId, 'akceptovano'));
    const url = 'https://blog.example.cz/hotovo/';
    await store.update(s.dealId, { url, data: { publishedAt: NOW.toISOString() } });

    expect(await s.run(3)).toMatchObject({ outcome: 'handed_in', url, late: true });
    expect(s.client.calls.handIn).toEqual([{ dealId: s.dealId, url }]);
    expect(s.fetch.urls).toEqual([url]);
  });

  it('a published deal whose URL the marketplace already has is recorded handed in without a hand-in', async () => {
    const s = await setup({ deadline: new Date(NOW.getTime() - 60_000) });
    const url = 'https://blog.example.cz/hotovo/';
    s.client.setDeal(marketplaceDeal(s.dealId, 'ke_schvaleni', url));
    await store.update(s.dealId, { url, data: { publishedAt: NOW.toISOString() } });

    expect(await s.run(2)).toMatchObject({ outcome: 'handed_in', url, late: true });
    expect(s.client.calls.handIn).toHaveLength(0);
  });

  it('a published deal handed in by hand meanwhile ends closed; the post stays, the blogger is told', async () => {
    const s = await setup({ deadline: new Date(NOW.getTime() - 60_000) });
    const url = 'https://blog.example.cz/hotovo/';
    s.client.setDeal(marketplaceDeal(s.dealId, 'ke_schvaleni', 'https://blog.example.cz/jina/'));
    await store.update(s.dealId, { url, data: { publishedAt: NOW.toISOString() } });

    const error = await failure(s.run(2));

    expect(error).toBeInstanceOf(DealClosedError);
    expect((error as Error).message).toMatch(
      /already has https:\/\/blog\.example\.cz\/jina\/.*The post at https:\/\/blog\.example\.cz\/hotovo\/ stays published/,
    );
    expect(s.client.calls.handIn).toHaveLength(0);
  });

  it('gives a run an operator asked for a fresh window', async () => {
    const s = await setup({ deadline: new Date(NOW.getTime() - 60_000), source: 'manual' });
    await store.update(s.dealId, { enqueuedAt: NOW.toISOString() });

    const result = await s.run();

    expect(result).toMatchObject({ outcome: 'handed_in' });
    expect(result).not.toHaveProperty('late');
    expect((await store.get(s.dealId))?.data.handIn).toMatchObject({ late: false });
  });

  it.each([
    ['webhook', undefined, 0, -60_000],
    ['manual, queued now', NOW.toISOString(), 0, 3_600_000],
    ['manual, grace longer than the window', NOW.toISOString(), 7_200_000, 7_140_000],
    ['manual, no enqueuedAt', undefined, 0, 3_600_000],
  ])('effectiveDeadline: %s', (name, enqueuedAt, graceMs, expectedOffset) => {
    const source = name.startsWith('manual') ? 'manual' : 'webhook';
    const ctx = {
      deadline: new Date(NOW.getTime() - 60_000),
      payload: { source } as DealJobContext['payload'],
    };
    const record = enqueuedAt ? { enqueuedAt } : undefined;

    expect(effectiveDeadline(ctx, record, graceMs, NOW.getTime())).toBe(NOW.getTime() + expectedOffset);
  });
});
