/**
 * In-memory stand-ins for the pipeline's unit tests: a marketplace client that counts its calls, a publisher,
 * a clock whose sleep advances time at once, and a fetch answering from a script. The deal store is the real one
 * (Redis), so what the pipeline records is what the status page would read.
 */
import type { Redis } from 'ioredis';
import sharp from 'sharp';
import type { Clock } from '../../../src/clock.js';
import type { AcceptedDeal } from '../../../src/deals/accepted.js';
import { createDealLogger } from '../../../src/deals/logger.js';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { MarketplaceError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import type { HandInInput, MarketplaceClient, PhotoFile } from '../../../src/marketplace/api.js';
import type { ArticleResult, Deal, DealPhoto, DealText } from '../../../src/marketplace/schema.js';
import type { DealJobContext } from '../../../src/pipeline/port.js';
import type {
  DiscardDraftInput,
  DiscardDraftResult,
  DraftInput,
  DraftResult,
  Publisher,
  PublishInput,
  PublishResult,
} from '../../../src/publisher/types.js';
import type { DealJobPayload } from '../../../src/queue/jobs.js';

export const log = createSilentLogger();

export function marketplaceError(
  code: string,
  status: number,
  retryable: boolean,
  path = '/v1/deals/1/article',
): MarketplaceError {
  return new MarketplaceError({
    status,
    code,
    message: `test ${code}`,
    supportCode: 'PC-TEST01',
    method: path.endsWith('/article') ? 'POST' : 'GET',
    path,
    retryable,
  });
}

/** A real, small JPEG (sharp must be able to decode it). */
export async function jpeg(width = 64, height = 48, colour = '#3366cc'): Promise<Buffer> {
  return await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

type Answer<T> = T | Error | ((call: number) => T | Promise<T>);

async function answer<T>(value: Answer<T>, call: number): Promise<T> {
  if (value instanceof Error) throw value;
  if (typeof value === 'function') return await (value as (call: number) => T | Promise<T>)(call);
  return value;
}

export interface FakeClientOptions {
  text?: Answer<DealText>;
  /** Per photo number; a missing number answers 404 `nenalezeno`. */
  photos?: Record<number, Answer<PhotoFile>>;
  /** Answers of successive hand-ins; the last one repeats. */
  handIns?: Array<Answer<ArticleResult>>;
  deal?: Answer<Deal>;
}

export interface FakeClient extends MarketplaceClient {
  calls: {
    text: number;
    photos: number[];
    handIn: Array<{ dealId: number; url: string }>;
    getDeal: number;
  };
  /** Every call, any method. */
  total(): number;
  /** Scripts the answer of `getDeal` after the client was made (the deal id is known then). */
  setDeal(deal: Answer<Deal>): void;
}

export function fakeClient(options: FakeClientOptions = {}): FakeClient {
  const notUsed = (name: string) => (): never => {
    throw new Error(`${name} is not used by the pipeline`);
  };
  const calls: FakeClient['calls'] = { text: 0, photos: [], handIn: [], getDeal: 0 };
  const client: FakeClient = {
    baseUrl: 'http://marketplace.test',
    calls,
    total: () => calls.text + calls.photos.length + calls.handIn.length + calls.getDeal,
    setDeal: (deal) => {
      options.deal = deal;
    },
    me: notUsed('me'),
    listBlogs: notUsed('listBlogs'),
    patchBlog: notUsed('patchBlog'),
    listDeals: notUsed('listDeals'),
    async getDeal() {
      calls.getDeal += 1;
      if (options.deal === undefined) throw new Error('getDeal not scripted');
      return await answer(options.deal, calls.getDeal);
    },
    async getDealText() {
      calls.text += 1;
      if (options.text === undefined) throw new Error('getDealText not scripted');
      return await answer(options.text, calls.text);
    },
    async getDealPhoto(_dealId: number, photo: DealPhoto) {
      calls.photos.push(photo.n);
      const scripted = options.photos?.[photo.n];
      if (scripted === undefined) {
        throw marketplaceError('nenalezeno', 404, false, `/v1/deals/1/photos/${photo.n}`);
      }
      return await answer(scripted, calls.photos.filter((n) => n === photo.n).length);
    },
    async handInArticle(dealId: number, input: HandInInput) {
      calls.handIn.push({ dealId, url: input.url });
      const list = options.handIns ?? [];
      const next = list[Math.min(calls.handIn.length, list.length) - 1];
      if (next === undefined) return { id: dealId, state: 'ke_schvaleni', article_url: input.url };
      return await answer(next, calls.handIn.length);
    },
    getWebhook: notUsed('getWebhook'),
    putWebhook: notUsed('putWebhook'),
    deleteWebhook: notUsed('deleteWebhook'),
    rotateWebhookSecret: notUsed('rotateWebhookSecret'),
    testWebhook: notUsed('testWebhook'),
    webhookDeliveries: notUsed('webhookDeliveries'),
    getDealThread: notUsed('getDealThread'),
    payouts: notUsed('payouts'),
    listDemands: notUsed('listDemands'),
    getDemand: notUsed('getDemand'),
    makeOffer: notUsed('makeOffer'),
    declineDemands: notUsed('declineDemands'),
    postDealMessage: notUsed('postDealMessage'),
  };
  return client;
}

export interface MemoryPublisher extends Publisher {
  published: PublishInput[];
  drafts: DraftInput[];
  /** The last look's holds (`holdDraft`) and refusals (`discardDraft`). */
  held: PublishInput[];
  discarded: DiscardDraftInput[];
  /** Throw this many times before publishing. */
  failures: number;
  failWith: Error;
}

/**
 * "Publishes" into memory at `<origin>/<slug>/`. Reports each photo's media id through `progress` at once (the
 * writes race, as parallel uploads would), then the post id; a run after a failure sees them in `previous`.
 */
export function memoryPublisher(origin = 'https://blog.example.cz'): MemoryPublisher {
  const publisher: MemoryPublisher = {
    kind: 'memory',
    target: origin,
    published: [],
    drafts: [],
    held: [],
    discarded: [],
    failures: 0,
    failWith: new Error('publisher down'),
    async publish(input): Promise<PublishResult> {
      publisher.published.push(input);
      await Promise.all(input.images.map((image) => input.progress({ [`media${image.n}`]: 500 + image.n })));
      if (publisher.failures > 0) {
        publisher.failures -= 1;
        throw publisher.failWith;
      }
      // A held draft (`held: true`) is this deal's post: made live now, not reused.
      const existing = typeof input.previous.postId === 'number' ? input.previous.postId : undefined;
      const wasHeld = input.previous.held === true;
      const postId = existing ?? 100 + publisher.published.length;
      await input.progress({ postId, ...(wasHeld ? { held: false } : {}) });
      const reused = existing !== undefined && !wasHeld;
      return { url: `${origin}/${input.slug}/`, ref: `mem:${postId}`, reused };
    },
    async createDraft(input): Promise<DraftResult> {
      publisher.drafts.push(input);
      await input.progress({ draftId: 900 });
      return { ref: 'mem:draft:900', editUrl: `${origin}/wp-admin/post.php?post=900`, reused: false };
    },
    async holdDraft(input): Promise<DraftResult> {
      publisher.held.push(input);
      await input.progress({ postId: 900, held: true });
      return { ref: 'mem:900', editUrl: `${origin}/wp-admin/post.php?post=900`, reused: false };
    },
    async discardDraft(input): Promise<DiscardDraftResult> {
      publisher.discarded.push(input);
      return { outcome: publisher.discarded.length === 1 ? 'trashed' : 'gone' };
    },
    async checkReachable() {
      return { ok: true, detail: 'memory' };
    },
  };
  return publisher;
}

export interface FakeClock extends Clock {
  sleeps: number[];
  advance(ms: number): void;
}

export function fakeClock(start: Date): FakeClock {
  let now = start.getTime();
  const clock: FakeClock = {
    sleeps: [],
    now: () => new Date(now),
    async sleep(ms, signal) {
      signal?.throwIfAborted();
      clock.sleeps.push(ms);
      now += ms;
    },
    advance(ms) {
      now += ms;
    },
  };
  return clock;
}

/** A fetch answering the scripted statuses in order (the last repeats); records each URL asked. */
export function scriptedFetch(statuses: Array<number | Error>): typeof fetch & { urls: string[] } {
  const urls: string[] = [];
  const fn = async (input: string | URL | Request): Promise<Response> => {
    urls.push(String(input));
    const next = statuses[Math.min(urls.length, statuses.length) - 1] ?? 200;
    if (next instanceof Error) throw next;
    return new Response(next === 200 ? '<html>ok</html>' : 'nope', { status: next });
  };
  return Object.assign(fn as typeof fetch, { urls });
}

export function acceptedDeal(dealId: number, overrides: Partial<AcceptedDeal> = {}): AcceptedDeal {
  return {
    id: dealId,
    blog: { id: 7, name: 'Testovací blog' },
    demand: {
      id: 3,
      name: 'Jak vybrat sekačku',
      url: 'https://www.zahrada.example.cz/sekacky',
      keywords: 'sekačka, zahrada',
      description: 'Napište článek o sekačkách.',
    },
    price: 2500,
    reward: 1800,
    instant_publish: false,
    published_by: 'agent',
    category_id: 4,
    ...overrides,
  };
}

export function dealText(overrides: Partial<DealText> = {}): DealText {
  return {
    deal_id: 1,
    text: '<h1>Příliš žluťoučký kůň</h1><p>Úvod [foto1] a <a href="https://www.zahrada.example.cz" rel="sponsored">odkaz</a>.</p><p>[foto2]</p>',
    photos: [
      { n: 0, url: '/v1/deals/1/photos/0' },
      { n: 1, url: '/v1/deals/1/photos/1' },
      { n: 2, url: '/v1/deals/1/photos/2' },
    ],
    instant_publish: false,
    published_by: 'agent',
    category_id: 4,
    ...overrides,
  };
}

export interface ContextInput {
  store: DealStore;
  client: MarketplaceClient;
  dealId: number;
  event?: AcceptedDeal;
  blogId?: number;
  deadline: Date;
  receivedAt?: Date;
  source?: DealJobPayload['source'];
  attempt?: number;
  signal?: AbortSignal;
}

/** A deal record as the worker creates it, and the context the worker would pass. */
export async function jobContext(input: ContextInput): Promise<DealJobContext> {
  const event = input.event ?? acceptedDeal(input.dealId);
  const blogId = input.blogId ?? event.blog.id;
  const receivedAt = (input.receivedAt ?? new Date(input.deadline.getTime() - 3_600_000)).toISOString();
  const payload: DealJobPayload = {
    dealId: input.dealId,
    blogId,
    event,
    receivedAt,
    source: input.source ?? 'webhook',
  };
  await input.store.createIfAbsent({
    dealId: input.dealId,
    blogId,
    receivedAt,
    deadline: input.deadline.toISOString(),
    source: payload.source,
  });
  await input.store.update(input.dealId, { state: 'processing', attempts: input.attempt ?? 1 });
  return {
    payload,
    dealId: input.dealId,
    deadline: input.deadline,
    signal: input.signal ?? new AbortController().signal,
    client: input.client,
    store: input.store,
    log: createDealLogger(input.store, log, input.dealId, blogId),
    attempt: input.attempt ?? 1,
    maxAttempts: 8,
  };
}

export function testStore(redis: Redis, prefix: string): DealStore {
  return createDealStore({ redis, prefix });
}
