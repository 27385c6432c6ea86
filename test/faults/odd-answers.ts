/**
 * The odd marketplace's behaviours (modes of ./odd-proxy.ts), one per case of issue 26: poisoned items in every
 * list and wrong types in every field the pipeline reads (P-1), a day-long pause asked for (P-2), a 400 MB field
 * (P-3), endless pagination (P-4), and whole answers that cannot be read (truncated JSON, HTML, a 200 carrying
 * an error, a redirect loop, a gzip bomb). Everything else passes through to the sandbox unchanged.
 */
import {
  gzipBombBody,
  hugeFieldBody,
  jsonAnswer,
  type OddAnswer,
  type OddMode,
  type UpstreamJson,
} from './odd-proxy.js';

const MiB = 1024 * 1024;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list item as the sandbox lists a deal of blog 1, to be spoiled one field at a time. */
function listItem(id: unknown, blogId = 1): Json {
  return {
    id,
    state: 'akceptovano',
    blog: { id: blogId, name: 'Blog odolný proti chybám' },
    demand: { id: 7, name: 'Poptávka s vadou' },
    price: 1500,
    article_url: null,
  };
}

function without(item: Json, key: string): Json {
  const { [key]: _dropped, ...rest } = item;
  return rest;
}

export interface PoisonedItem {
  name: string;
  item: unknown;
  /** How the blogger can know the item: its id as a reader can take it from the item. */
  namedAs: string;
}

/**
 * Items that are no deal pressbridge can read, in every deal page: the three (`"id":"abc"`, a deal
 * without `demand`, `id: 1e20`) and a wrong type in the other required fields (`state`, `blog.id`). Five, so the
 * home page, which lists the newest few of them, can name each; items that are no object at all poison the other
 * lists.
 */
export const POISONED_ITEMS: readonly PoisonedItem[] = [
  { name: '"id":"abc"', item: listItem('abc'), namedAs: 'abc' },
  { name: 'a deal without demand', item: without(listItem(991_001), 'demand'), namedAs: '991001' },
  { name: 'id: 1e20', item: listItem(1e20), namedAs: '100000000000000000000' },
  { name: 'state a number', item: { ...listItem(991_002), state: 42 }, namedAs: '991002' },
  { name: 'blog.id a string', item: { ...listItem(991_003), blog: { id: '1' } }, namedAs: '991003' },
];

/** Optional fields of a deal with a wrong type: a reader drops each, the deal stays readable. */
const WRONG_OPTIONAL: Json = {
  changed_at: 42,
  web_url: {},
  price: 'hodně',
  reward: true,
  article_url: 5,
  reason: 7,
  ns: 'x',
  express_hours: 'x',
  services: 'x',
  claim: 'x',
  unread_messages: 'x',
};

function spoilDeal(deal: Json): Json {
  const demand = isObject(deal.demand) ? deal.demand : {};
  const blog = isObject(deal.blog) ? deal.blog : {};
  return {
    ...deal,
    ...WRONG_OPTIONAL,
    blog: { ...blog, name: 7 },
    demand: {
      ...demand,
      name: [],
      url: 5,
      keywords: 5,
      keyword_urls: 'x',
      links_mode: 'x',
      description: 5,
      expectation: 5,
      ns: 'x',
      publication: 'x',
    },
  };
}

function spoilText(text: Json): Json {
  const photos = Array.isArray(text.photos) ? text.photos : [];
  return {
    ...text,
    deal_id: 'x',
    instant_publish: 'ano',
    published_by: 7,
    category_id: 'sport',
    photos: photos.map((p) => (isObject(p) ? { ...p, url: 42 } : p)),
  };
}

/** `items` with the poisoned ones around and between them: first, in the middle and last. */
function poisonList(items: readonly unknown[], poison: readonly unknown[]): unknown[] {
  const third = Math.ceil(poison.length / 3);
  const half = Math.ceil(items.length / 2);
  return [
    ...poison.slice(0, third),
    ...items.slice(0, half),
    ...poison.slice(third, 2 * third),
    ...items.slice(half),
    ...poison.slice(2 * third),
  ];
}

const DEAL = /^\/v1\/deals\/(\d+)$/;
const TEXT = /^\/v1\/deals\/(\d+)\/text$/;
const THREAD = /^\/v1\/deals\/(\d+)\/(?:messages|claims)$/;

/** Only a 200 with a JSON object is rewritten; anything else is passed on as the sandbox sent it. */
function rewrite(label: string, up: UpstreamJson, change: (body: Json) => unknown): OddAnswer {
  return up.status === 200 && isObject(up.body)
    ? jsonAnswer(label, up, change(up.body))
    : jsonAnswer('passed on', up, up.body);
}

/** What the P-1 mode does to the sandbox's real deals, by id (the sets may grow while it runs). */
export interface DealSpoils {
  /** A wrong type in each optional field of the list item and of the text. */
  spoiled: ReadonlySet<number>;
  /** An unreadable list item (`state: 42`); its own page readable, with a wrong type in each optional field. */
  unlisted: ReadonlySet<number>;
  /** A text that is no string. */
  textless: ReadonlySet<number>;
}

/**
 * P-1 and wrong types: every list (deals, a deal's messages and claims, payouts, blogs) carries poisoned items,
 * and the sandbox's own deals are spoiled as `spoils` says.
 */
export function poisonedMode(spoils: DealSpoils): OddMode {
  const poison = POISONED_ITEMS.map((p) => p.item);
  const { spoiled, unlisted, textless } = spoils;
  const listed = (d: unknown): unknown => {
    if (!isObject(d)) return d;
    if (spoiled.has(Number(d.id))) return spoilDeal(d);
    return unlisted.has(Number(d.id)) ? { ...d, state: 42 } : d;
  };
  return async (request, upstream) => {
    if (request.method !== 'GET') return undefined;
    const { path } = request;
    if (path === '/v1/deals') {
      return rewrite('poisoned deals page', await upstream(), (page) => {
        const data = Array.isArray(page.data) ? page.data : [];
        const total = typeof page.celkem === 'number' ? page.celkem : data.length;
        return { ...page, data: poisonList(data.map(listed), poison), celkem: total + poison.length };
      });
    }
    const deal = Number(DEAL.exec(path)?.[1] ?? TEXT.exec(path)?.[1]);
    if (unlisted.has(deal) && DEAL.test(path)) return rewrite('spoiled deal', await upstream(), spoilDeal);
    if (spoiled.has(deal) && TEXT.test(path)) return rewrite('spoiled text', await upstream(), spoilText);
    if (textless.has(deal) && TEXT.test(path))
      return rewrite('text not a string', await upstream(), (text) => ({ ...text, text: 42 }));
    if (THREAD.test(path)) {
      return rewrite('poisoned thread', await upstream(), (thread) => ({
        ...thread,
        // After the real entries: the newest is the last, so a reader that takes the last one meets them first.
        data: [
          ...(Array.isArray(thread.data) ? thread.data : []),
          { author: 'inzerent', text: 42 },
          { author: 'inzerent', text: {} },
          null,
          'zpráva',
          [],
        ],
      }));
    }
    if (path === '/v1/payouts') {
      return rewrite('poisoned payouts', await upstream(), (overview) => {
        const poisoned: Json = { ...overview };
        for (const key of ['pending', 'arbitration', 'paid_monthly']) {
          const list = Array.isArray(overview[key]) ? overview[key] : [];
          poisoned[key] = poisonList(list, [{ deal_id: 'abc' }, null, { month: 42, count: 'x' }]);
        }
        return poisoned;
      });
    }
    if (path === '/v1/blogs') {
      return rewrite('poisoned blogs', await upstream(), (list) => ({
        ...list,
        data: poisonList(Array.isArray(list.data) ? list.data : [], [{ id: 'x', name: 5 }, null, { id: 3 }]),
      }));
    }
    return undefined;
  };
}

/**
 * P-2: the next deal listing answers 429 with `Retry-After: 86400`, the one after it passes with the rate-limit
 * counters saying nothing is left until a day from now (`X-RateLimit-Remaining: 0`, `X-RateLimit-Reset`).
 */
export function dayLongPauseMode(): OddMode {
  let step = 0;
  return async (request, upstream) => {
    if (request.method !== 'GET' || request.path !== '/v1/deals' || step >= 2) return undefined;
    step += 1;
    if (step === 1) {
      return {
        label: '429 Retry-After 86400',
        status: 429,
        headers: { 'retry-after': '86400' },
        body: JSON.stringify({
          error: { code: 'rate_limit', message: 'Příliš mnoho požadavků', support_code: 'PC-ODD429' },
        }),
      };
    }
    const up = await upstream();
    const resetAt = Math.floor(Date.now() / 1000) + 86_400;
    return {
      ...jsonAnswer('nothing left until tomorrow', up, up.body),
      headers: { ...up.headers, 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetAt) },
    };
  };
}

/** P-3: the next deal listing is the real page with a field of `bytes` in front of it, streamed. */
export function hugeFieldMode(bytes: number): OddMode {
  let served = false;
  return async (request, upstream) => {
    if (request.method !== 'GET' || request.path !== '/v1/deals' || served) return undefined;
    served = true;
    const up = await upstream();
    return {
      label: 'a huge field',
      status: up.status,
      headers: up.headers,
      body: hugeFieldBody(up.body, 'poznamka', bytes),
    };
  };
}

/**
 * P-4: every deal listing is endless: one deal a page (`na_stranu: 1`), `celkem: 1e9`. The real deals come first,
 * newest first as the sandbox lists them, then other blogs' deals for ever.
 */
export function endlessPagesMode(): OddMode {
  return async (request, upstream) => {
    if (request.method !== 'GET' || request.path !== '/v1/deals') return undefined;
    const page = Math.max(1, Number(request.query.get('strana') ?? 1) || 1);
    const all = new URLSearchParams(request.query);
    all.set('strana', '1');
    all.set('na_stranu', '200');
    const up = await upstream(`/v1/deals?${all}`);
    if (up.status !== 200 || !isObject(up.body)) return jsonAnswer('passed on', up, up.body);
    const real = Array.isArray(up.body.data) ? up.body.data : [];
    const item = real[page - 1] ?? listItem(8_000_000 + page, 2);
    return jsonAnswer('endless pages', up, { data: [item], strana: page, na_stranu: 1, celkem: 1e9 });
  };
}

/** The whole answers no reader can take, in turn, one per deal listing (a redirect's hops count as one). */
export const UNREADABLE_ANSWERS = [
  'truncated JSON',
  'HTML instead of JSON',
  'a 200 with an error body',
  'a redirect loop',
  'a gzip bomb',
] as const;

/** A gzip bomb's inflated size: more than a small VPS has. */
export const GZIP_BOMB_BYTES = 2 * 1024 * MiB;

export function unreadableMode(): OddMode {
  let turn = 0;
  return async (request, upstream) => {
    if (request.method !== 'GET' || request.path !== '/v1/deals') return undefined;
    const loop = request.query.get('_smycka');
    const kind = loop !== null ? 'a redirect loop' : UNREADABLE_ANSWERS[turn++ % UNREADABLE_ANSWERS.length];
    switch (kind) {
      case 'truncated JSON': {
        const up = await upstream();
        const text = JSON.stringify(up.body);
        return { label: kind, status: 200, body: text.slice(0, Math.ceil(text.length / 2)) };
      }
      case 'HTML instead of JSON':
        return {
          label: kind,
          status: 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
          body: '<!doctype html><html><head><title>Údržba</title></head><body><h1>Probíhá údržba</h1></body></html>',
        };
      case 'a 200 with an error body':
        return {
          label: kind,
          status: 200,
          body: JSON.stringify({
            error: { code: 'server', message: 'Interní chyba', support_code: 'PC-ODD200' },
          }),
        };
      case 'a redirect loop': {
        const next = new URLSearchParams(request.query);
        next.set('_smycka', String(Number(loop ?? 0) + 1));
        return {
          label: loop === null ? kind : 'a redirect hop',
          status: 302,
          headers: { location: `${request.path}?${next}` },
          body: '',
        };
      }
      default:
        return {
          label: 'a gzip bomb',
          status: 200,
          headers: { 'content-encoding': 'gzip' },
          body: gzipBombBody(GZIP_BOMB_BYTES),
        };
    }
  };
}
