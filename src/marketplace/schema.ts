/**
 * EVERY assumption pressbridge makes about the marketplace's wire format lives in this file.
 *
 * The marketplace's own document (shared/marketplace-api-v1.md) leaves some shapes "not shown"; the working
 * assumptions (shared/marketplace-api-assumptions.md) fill them in. When the real service disagrees, this is
 * the one module to change. The README lists these assumptions for users.
 *
 * Parsing is lenient, as the API's versioning rules demand: unknown fields are stripped, and an optional field
 * with an unexpected type is dropped rather than failing the whole answer (`lenient()`). Only the fields
 * pressbridge reads are listed.
 *
 * Size: a stated exception to the ~300-line rule (DESIGN: files a person can hold in their head). This file is a
 * data table of wire shapes, and keeping every assumption in one place is the point: splitting it would scatter
 * what a user must compare against the real service.
 */
import { z } from 'zod';
import { neutraliseInvisible } from '../render/invisible.js';
import { formatWallClock, toIsoWithZoneOffset } from '../time-zone.js';
import { readServiceDateTime } from './date-time.js';
import { describeSkipped, readItem, readItems, type SkippedItem } from './list-items.js';
import { DealAmount, MAX_PAID_MONTHS, MAX_PAYOUT_ITEMS, MonthTotals } from './money.js';

// ---------------------------------------------------------------------------------------------------------
// Names the API gives (Czech, exact).

export const DEAL_STATES = [
  'nabidnuto',
  'nabidnuto_vyssi',
  'akceptovano',
  'ke_schvaleni',
  'proplaceno',
  'odmitnuto',
  'zruseno',
  'arbitraz',
  'arbitraz_neproplaceno',
  'storno',
  'proplaceno_text',
] as const;
export type DealState = (typeof DEAL_STATES)[number];

export const PUBLISHED_BY = ['agent', 'placla', 'bloger'] as const;
export type PublishedBy = (typeof PUBLISHED_BY)[number];

/** A blog's `publishing.mode` (the document names these four). */
export const PUBLISHING_MODES = ['manual', 'wordpress', 'github', 'agent'] as const;

/** Error codes named by the document; the client also accepts codes it does not know. */
export const ERROR_CODES = {
  missingKey: 'chybi_klic',
  invalidKey: 'neplatny_klic',
  wrongRole: 'spatna_role',
  missingScope: 'chybi_scope',
  notFound: 'nenalezeno',
  demandUnavailable: 'poptavka_nedostupna',
  // POST /v1/blogs/{id}/offers: an existing deal of the blog on the demand; a higher bid not above the base.
  offerExists: 'nabidka_existuje',
  lowHigherBid: 'nizka_vyssi_nabidka',
  articleHandedIn: 'clanek_odevzdan',
  urlUsed: 'url_pouzita',
  wrongState: 'spatny_stav',
  awaitingApproval: 'ceka_na_schvaleni',
  // A thread of a closed deal (the poll's thread read: src/intake/poller.ts).
  dealClosed: 'obchod_uzavren',
  foreignDomain: 'cizi_domena',
  articleUnreachable: 'clanek_nedostupny',
  blogIncomplete: 'blog_neuplny',
  rateLimit: 'rate_limit',
  server: 'server',
  missingParameter: 'chybi_parametr',
  badParameter: 'spatny_parametr',
  badBody: 'spatne_telo',
  badUrl: 'spatna_url',
} as const;

/** Assumption 5: the signature header is `X-<ServiceName>-Signature`; by default any one header of that form. */
export const SIGNATURE_HEADER_PATTERN = /^x-[a-z0-9-]+-signature$/i;

/** Assumption 2/3: where a deal's photo lives when the text answer gives no usable URL. */
export function defaultPhotoPath(dealId: number, n: number): string {
  return `/v1/deals/${dealId}/photos/${n}`;
}

/** Photo numbers the document allows: 0 is the cover, 1..5 replace the markers [foto1]..[foto5]. */
export const MAX_PHOTO_N = 5;

/** The agent's deadline when an event carries none (document: 60 minutes from acceptance). */
export const AGENT_DEADLINE_MINUTES = 60;

/** The document's rate limit per key, and the webhook's retry schedule (assumption 6). */
export const RATE_LIMIT_PER_MINUTE = 60;
export const WEBHOOK_RETRY_MINUTES = [5, 10, 20, 40] as const;

/**
 * A standard page (NS, normostrana: the unit of `ns`, "length in standard pages") is 1,800 characters, and an
 * article is at least one: the marketplace's own floor.
 */
export const STANDARD_PAGE_CHARS = 1_800;

/** Idempotency keys: 8 to 100 characters, kept 7 days by the service. */
export const IDEMPOTENCY_KEY_TTL_DAYS = 7;

// ---------------------------------------------------------------------------------------------------------
// Date-times: `YYYY-MM-DD HH:MM:SS` in the service's local time, Europe/Prague (assumption 4). The reading
// itself (also ISO 8601 with `Z`/offset, another zone via config `marketplace.timeZone`) is ./date-time.ts.

/** The service's zone the document implies; config `marketplace.timeZone` overrides it. */
export const SERVICE_TIME_ZONE = 'Europe/Prague';

/** Parses a service date-time (Prague wall clock, or ISO 8601 with an offset); undefined when unreadable. */
export function parseServiceDateTime(value: string, timeZone: string = SERVICE_TIME_ZONE): Date | undefined {
  return readServiceDateTime(value, timeZone)?.date;
}

/** Formats a Date as the service does: `YYYY-MM-DD HH:MM:SS`, Prague wall clock (or `timeZone`'s). */
export function formatServiceDateTime(date: Date, timeZone: string = SERVICE_TIME_ZONE): string {
  return formatWallClock(timeZone, date);
}

/** ISO 8601 with the Prague offset, e.g. `2026-11-21T23:40:00+01:00` (front matter, logs). */
export function toIsoWithServiceOffset(date: Date): string {
  return toIsoWithZoneOffset(SERVICE_TIME_ZONE, date);
}

/** `zmeneno_od` takes `YYYY-MM-DDTHH:MM:SS`, in the service's local time like every other date-time. */
export function formatChangedSince(date: Date, timeZone: string = SERVICE_TIME_ZONE): string {
  return formatServiceDateTime(date, timeZone).replace(' ', 'T');
}

// ---------------------------------------------------------------------------------------------------------
// Lenient building blocks.

/** An optional field that is dropped (undefined) instead of failing the answer when its type is off. */
function lenient<T extends z.ZodType>(schema: T) {
  return schema.optional().catch(undefined);
}

const int = z.number().int();
const serviceDateTime = z.string();

/**
 * Items a list page may hold: the document caps `na_stranu` at 200; more is read up to this bound and the rest
 * is named as left out (a page of a million items is no reason to stop intake, nor to hold them all).
 */
export const MAX_LIST_PAGE_ITEMS = 1_000;

/**
 * A list read item by item (src/marketplace/list-items.ts): what does not fit is `skipped` and named, never the
 * whole list. `data` that is no list at all fails the answer.
 */
function itemList<T extends z.ZodType>(item: T, limit: number) {
  return z.array(z.unknown()).transform((values) => {
    const read = readItems(item, values, 'data', limit);
    return { items: read.items, skipped: read.skipped, overLimit: read.overLimit };
  });
}

/**
 * Names, titles and messages as the marketplace (that is, the advertiser) wrote them, without invisible and
 * direction-changing characters (src/render/invisible.ts), so a stored record shows what it says: a
 * one-line field (a name) and a text of several lines (a description, a reason).
 */
const lineText = z.string().transform((text) => neutraliseInvisible(text));
const multilineText = z.string().transform((text) => neutraliseInvisible(text, { multiline: true }));

// ---------------------------------------------------------------------------------------------------------
// Error envelope: `{error: {code, message, support_code}}`.

export const ErrorEnvelope = z.object({
  error: z.object({
    code: z.string(),
    message: lenient(lineText),
    support_code: lenient(z.string()),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

// ---------------------------------------------------------------------------------------------------------
// Resources (assumption 1: single resources are bare objects; lists are `{data: [...]}`).

export const Me = z.object({
  id: int,
  login: lineText,
  role: z.string(),
  scopes: z.array(z.string()).catch([]),
  credit: lenient(z.object({ available: lenient(int), blocked: lenient(int) })),
});
export type Me = z.infer<typeof Me>;

export const Category = z.object({
  id: int,
  name: lineText,
  default: lenient(z.boolean()),
});
export type Category = z.infer<typeof Category>;

export const Blog = z.object({
  id: int,
  name: lineText,
  url: z.string(),
  type: lenient(z.string()),
  approved: lenient(z.boolean()),
  min_price: lenient(int),
  monthly_visitors: lenient(int),
  monthly_visitors_updated: lenient(serviceDateTime),
  monthly_visitors_stale: lenient(z.boolean()),
  publishing: lenient(
    z.object({
      mode: lenient(z.string()),
      instant_publish: lenient(z.boolean()),
      categories: lenient(
        z.array(z.unknown()).transform((v) => readItems(Category, v, 'categories', 10_000).items),
      ),
      deadline_minutes: lenient(int),
    }),
  ),
});
export type Blog = z.infer<typeof Blog>;

/** A blog that does not fit is left out (`skipped`), the others are read. */
export const BlogList = z
  .object({ data: itemList(Blog, MAX_LIST_PAGE_ITEMS) })
  .transform(({ data }) => ({ data: data.items, skipped: data.skipped }));

/** The body of `PATCH /v1/blogs/{id}`: only the fields pressbridge writes. */
export interface BlogPatch {
  agent_publish?: boolean;
  categories?: Array<{ id: number; name: string; default?: boolean }>;
}

export const KeywordUrl = z.object({ keyword: lineText, url: z.string() });

export const DealDemand = z.object({
  id: int,
  name: lenient(lineText),
  url: lenient(z.string()),
  keywords: lenient(lineText),
  keyword_urls: lenient(z.array(KeywordUrl)),
  links_mode: lenient(int),
  description: lenient(multilineText),
  expectation: lenient(multilineText),
  ns: lenient(int),
  publication: lenient(z.boolean()),
});
export type DealDemand = z.infer<typeof DealDemand>;

/**
 * A demand's `expectation`, the advertiser's goal. The document: it "accepts free text or a code: 1 = SEO, 4 =
 * answers in AI assistants, 2 = mentions, 3 = conversion, 0 = other", and answers carry it as a string. ASSUMPTION:
 * an answer carries the code (a number or its digit) or one of the names below (the document's, and the Czech of
 * the web application as we guess it); any other text is the advertiser's own words, which no rule can judge.
 */
export const EXPECTATION_CODES = [0, 1, 2, 3, 4] as const;
export type ExpectationCode = (typeof EXPECTATION_CODES)[number];
const EXPECTATION_NAMES: Readonly<Record<string, ExpectationCode>> = {
  seo: 1,
  mentions: 2,
  zminky: 2,
  conversion: 3,
  konverze: 3,
  'ai answers': 4,
  'answers in ai assistants': 4,
  'odpovedi v ai': 4,
  'odpovedi v ai asistentech': 4,
  other: 0,
  jine: 0,
};

/** The code of an `expectation` as an answer carries it; undefined for free text (or nothing). */
export function expectationCode(value: string | number | undefined): ExpectationCode | undefined {
  if (value === undefined) return undefined;
  const text = String(value)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
  if (/^[0-4]$/.test(text)) return Number(text) as ExpectationCode;
  return Object.hasOwn(EXPECTATION_NAMES, text) ? EXPECTATION_NAMES[text] : undefined;
}

/**
 * `GET /v1/demands/{id}` as the blogger reads it: the full brief (also before an offer), the fields of the
 * advertiser's view the document lists plus the blogger's `reward` (the demand list's). `materials` (publication
 * demands: `shared_text`, `title_photo`, `text`, `photos`): ASSUMPTION, `text` is the advertiser's finished
 * article as HTML, as a deal's text is; the other parts are not read. Every field but `id` is lenient.
 */
export const DemandBrief = z.object({
  id: int,
  name: lenient(lineText),
  url: lenient(z.string()),
  vip: lenient(z.boolean()),
  type: lenient(z.string()),
  keywords: lenient(lineText),
  keyword_urls: lenient(z.array(KeywordUrl)),
  links_mode: lenient(int),
  description: lenient(multilineText),
  expectation: lenient(z.union([int, multilineText])),
  ns: lenient(int),
  publication: lenient(z.boolean()),
  reward: lenient(DealAmount),
  price: lenient(DealAmount),
  materials: lenient(z.object({ text: lenient(z.string()) })),
});
export type DemandBrief = z.infer<typeof DemandBrief>;

/**
 * `GET /v1/blogs/{id}/demands`: "all available demands in `data`", not paginated, each as the document's "Demand
 * as seen by a blogger" table. Read item by item (a malformed demand is left out and named) and bounded in items.
 * Every field but `id` is lenient: a demand is judged and shown on what could be read, its brief read whole once
 * (`GET /v1/demands/{id}`).
 */
export const DemandListItem = z.object({
  id: int.positive(),
  name: lenient(lineText),
  url: lenient(z.string()),
  vip: lenient(z.boolean()),
  type: lenient(z.string()),
  keywords: lenient(lineText),
  ns: lenient(int),
  publication: lenient(z.boolean()),
  expectation: lenient(z.union([int, multilineText])),
  description: lenient(multilineText),
  reward: lenient(DealAmount),
});
export type DemandListItem = z.infer<typeof DemandListItem>;

export const DemandList = z
  .object({ data: itemList(DemandListItem, MAX_LIST_PAGE_ITEMS) })
  .transform(({ data }) => ({ data: data.items, skipped: data.skipped, overLimit: data.overLimit }));
export type DemandList = z.output<typeof DemandList>;

/** `POST /v1/blogs/{id}/offers`: `{id, state, demand_id, blog_id, price, reward}`; the offer's id is the deal's. */
export const OfferResult = z.object({
  id: int.positive(),
  state: lenient(z.string()),
  demand_id: lenient(int),
  blog_id: lenient(int),
  price: lenient(DealAmount),
  reward: lenient(DealAmount),
});
export type OfferResult = z.infer<typeof OfferResult>;

/**
 * `demand.created`: "a new demand suitable for the blogger's blogs". `demand` is the brief as the list gives it,
 * `blogs` the blogs it suits (`{id, name}`). A blog entry that is not one is dropped; a demand without an id is no
 * event to act on.
 */
export const DemandCreatedEvent = z.object({
  event: z.literal('demand.created'),
  demand: DemandListItem,
  blogs: z
    .array(z.unknown())
    .max(MAX_LIST_PAGE_ITEMS)
    .transform((values) =>
      values.flatMap((value) => {
        const blog = z.object({ id: int.positive(), name: lenient(lineText) }).safeParse(value);
        return blog.success ? [blog.data] : [];
      }),
    )
    .catch([]),
});
export type DemandCreatedEvent = z.infer<typeof DemandCreatedEvent>;

/**
 * ASSUMPTION (the document: "The item shape of that array: not shown"): an extra service bought on a deal is
 * `{id, name, urls?}`, the fields it is created with; `urls` says whether it takes URLs of its own (handed in as
 * `extra_urls[<id>]`): true, a count, or a list. Read leniently: an item without a numeric `id` is dropped, any
 * other field may be missing. pressbridge hands in the article URL only and flags every bought service as
 * needing the blogger's hand.
 */
export const DealService = z.looseObject({
  id: int,
  name: lenient(lineText),
  urls: lenient(z.union([z.boolean(), int, z.array(z.unknown())])),
});
export type DealService = z.infer<typeof DealService>;

/** A list of services: items that do not fit are dropped, a list that is not a list reads as none. */
const DealServices = z
  .array(z.unknown())
  .catch([])
  .transform((items) =>
    items.flatMap((item) => {
      const parsed = DealService.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  );

export const Deal = z.object({
  id: int,
  state: z.string(),
  blog: z.object({ id: int, name: lenient(lineText) }),
  demand: DealDemand,
  web_url: lenient(z.string()),
  changed_at: lenient(serviceDateTime),
  // Money outside ./money.ts's bounds is dropped (unknown), as any bad optional field.
  price: lenient(DealAmount),
  ns: lenient(int),
  express_hours: lenient(int),
  article_url: z.string().nullable().catch(null),
  reason: lenient(multilineText.nullable()),
  reward: lenient(DealAmount),
  services: DealServices.optional(),
  // Read by the poll intake (src/intake/): a growing count is a new claim post or message.
  claim: lenient(z.object({ open: z.boolean().catch(false), count: int.min(0).catch(0) })),
  unread_messages: lenient(int.min(0)),
});
export type Deal = z.infer<typeof Deal>;

export const DealList = z
  .object({
    data: itemList(Deal, MAX_LIST_PAGE_ITEMS),
    strana: int,
    na_stranu: int,
    celkem: int,
  })
  .transform(({ data, ...page }) => ({
    ...page,
    data: data.items,
    /** Items of this page that were left out: named to the blogger by the poll (src/intake/). */
    skipped: data.skipped,
    overLimit: data.overLimit,
  }));
export type DealList = z.output<typeof DealList>;
export type { SkippedItem };

/** Assumption 2: the text answer. `url` may be absent, relative to the service root or absolute. */
export const DealPhoto = z.object({
  n: int.min(0),
  url: lenient(z.string()),
});
export type DealPhoto = z.infer<typeof DealPhoto>;

export const DealText = z.object({
  deal_id: lenient(int),
  text: z.string(),
  photos: z.array(DealPhoto).catch([]),
  instant_publish: z.boolean().catch(false),
  published_by: z.enum(PUBLISHED_BY).catch('agent'),
  category_id: int.nullable().catch(null),
});
export type DealText = z.infer<typeof DealText>;

/**
 * ASSUMPTION (the document: "Each entry has an author, text and time", names not shown): `GET
 * /v1/deals/{id}/messages` and `/claims` answer `{data: [{author, text, created_at}], orezano}`, `author` the
 * role (`bloger` / `inzerent`), `created_at` a service date-time as in the events `message.created` and
 * `claim.created`. An entry without text is dropped; the newest is the last.
 */
export const DealPost = z.object({
  author: lenient(z.string()),
  text: multilineText,
  created_at: lenient(z.string()),
});
export type DealPost = z.infer<typeof DealPost>;

export const DealPostList = z.object({
  // The document: at most the newest 500 (`orezano` says more were cut); entries without text are dropped.
  data: z
    .array(z.unknown())
    .catch([])
    .transform((items) => readItems(DealPost, items, 'data', MAX_LIST_PAGE_ITEMS).items),
  orezano: z.boolean().catch(false),
});
export type DealPostList = z.infer<typeof DealPostList>;

/** Assumption 7: `POST /v1/deals/{id}/article` answers `{id, state, article_url}`. */
export const ArticleResult = z.object({
  id: int,
  state: z.string(),
  article_url: z.string().nullable().catch(null),
});
export type ArticleResult = z.infer<typeof ArticleResult>;

// Webhook management: the document shows only `url` and `secret` (returned once) and the test result.
export const WebhookState = z.object({
  url: z.string().nullable().catch(null),
  active: lenient(z.boolean()),
  secret: lenient(z.string()),
});
export type WebhookState = z.infer<typeof WebhookState>;

export const WebhookSecret = z.object({
  url: lenient(z.string()),
  secret: z.string(),
});
export type WebhookSecret = z.infer<typeof WebhookSecret>;

export const WebhookTestResult = z.object({
  delivered: z.boolean(),
  status: int,
});
export type WebhookTestResult = z.infer<typeof WebhookTestResult>;

/** The field names of delivery-log records are "not shown": everything is optional and kept as given. */
export const WebhookDelivery = z.looseObject({
  event: lenient(z.string()),
  status: lenient(int),
  attempts: lenient(int),
  response: lenient(z.unknown()),
  next_attempt: lenient(z.string().nullable()),
});
export const WebhookDeliveries = z
  .object({ data: itemList(WebhookDelivery, MAX_LIST_PAGE_ITEMS) })
  .transform(({ data }) => ({ data: data.items, skipped: data.skipped }));
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/**
 * `GET /v1/payouts` (the document's "Payout overview"). `pending`: published deals waiting for payout
 * (`ke_schvaleni`) with `deal_id`, `blog` (name), `demand` (name), `article_url`, `in_arbitration`, `reward`;
 * `arbitration`: articles in arbitration, listed separately (their fields are not shown: read like pending's);
 * `paid_monthly`: paid amounts per month `{month: YYYY-MM, count, amount}`. A list that is not a list reads as
 * empty. Money is checked as ./money.ts says: a pending item with an impossible `reward` keeps its place
 * without the reward (the deal still awaits payout; the reward known since `deal.accepted` is shown instead);
 * a month whose month, count or amount does not fit is left out whole (the amount is all it says). What was
 * left out is listed in `problems` (at most 10 lines), for the log.
 */
export const PayoutItem = z.object({
  deal_id: int.positive(),
  blog: lenient(lineText),
  demand: lenient(lineText),
  article_url: lenient(z.string().nullable()),
  in_arbitration: z.boolean().catch(false),
  reward: lenient(DealAmount),
});
export type PayoutItem = z.infer<typeof PayoutItem>;

export const PaidMonth = MonthTotals;
export type PaidMonth = z.infer<typeof PaidMonth>;

const anyList = z.array(z.unknown()).catch([]);

function checkedList<T extends z.ZodType>(
  item: T,
  values: readonly unknown[],
  name: string,
  limit: number,
  problems: string[],
): Array<z.infer<T>> {
  if (values.length > limit) problems.push(`${name}: ${values.length} items, only the first ${limit} read`);
  return values.slice(0, limit).flatMap((value, index) => {
    const read = readItem(item, value, name, index);
    if (!read.ok) {
      problems.push(describeSkipped(read.skipped));
      return [];
    }
    const given = (value as { reward?: unknown }).reward;
    if (given != null && (read.data as { reward?: unknown }).reward === undefined) {
      const why = DealAmount.safeParse(given).error?.issues[0]?.message ?? 'does not fit';
      problems.push(`${name}[${index}].reward left out: ${why}`);
    }
    return [read.data as z.infer<T>];
  });
}

export const PayoutOverview = z
  .object({ pending: anyList, arbitration: anyList, paid_monthly: anyList })
  .transform((raw) => {
    const problems: string[] = [];
    const pending = checkedList(PayoutItem, raw.pending, 'pending', MAX_PAYOUT_ITEMS, problems);
    const arbitration = checkedList(PayoutItem, raw.arbitration, 'arbitration', MAX_PAYOUT_ITEMS, problems);
    const paid_monthly = checkedList(PaidMonth, raw.paid_monthly, 'paid_monthly', MAX_PAID_MONTHS, problems);
    return {
      pending,
      arbitration,
      paid_monthly,
      ...(problems.length > 0 ? { problems: problems.slice(0, 10) } : {}),
    };
  });
export type PayoutOverview = z.output<typeof PayoutOverview>;

// ---------------------------------------------------------------------------------------------------------
// Events (webhook bodies). Unknown events and unknown fields are ignored, never an error.

export const DealAcceptedEvent = z.object({
  event: z.literal('deal.accepted'),
  deal: z.object({
    id: int.positive(),
    blog: z.object({ id: int, name: lenient(lineText) }),
    demand: lenient(DealDemand.partial().extend({ id: lenient(int) })),
    // An impossible amount is dropped, not fatal: the deal must still be published in time; its money is shown
    // as unknown (./money.ts).
    price: lenient(DealAmount),
    reward: lenient(DealAmount),
    instant_publish: z.boolean().catch(false),
    published_by: z.enum(PUBLISHED_BY).catch('agent'),
    category_id: int.nullable().catch(null),
    publish_deadline: lenient(serviceDateTime),
    /** Not in the document's event table; read when a service sends it (same assumed shape as the deal's). */
    services: DealServices.optional(),
  }),
});
export type DealAcceptedEvent = z.infer<typeof DealAcceptedEvent>;

/**
 * `deal.paid`'s blog: the document lists `blog` without its shape; in `deal.accepted` it is `{id, name}`. When it
 * is an object with an `id`, that id must be a blog id (it is compared with the deal's); a bare positive integer
 * is read as the id; any other form (a name, an array, null) says nothing we can check and reads as unknown.
 * Never throws: a transform that threw would escape safeParse and answer 503 (deliver again) instead of 400.
 */
const PaidBlogName = z.object({ name: lenient(lineText) });
const PaidBlog = z.unknown().transform((value, ctx): { id?: number; name?: string } | undefined => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return { id: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const name = PaidBlogName.safeParse(value).data?.name;
  const named = name === undefined ? {} : { name };
  if (!('id' in value)) return named;
  const { id } = value as { id: unknown };
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return { id, ...named };
  ctx.addIssue({ code: 'custom', path: ['id'], message: `must be a blog id, found ${JSON.stringify(id)}` });
  return z.NEVER;
});

/** An amount that may be absent (or null), but when given must fit ./money.ts's bounds. */
const optionalAmount = DealAmount.nullish().transform((v) => v ?? undefined);

/**
 * `deal.paid`: the article was paid out (also after arbitration). `deal`: `id`, `blog`, `demand`, `price`, `reward`.
 * Stricter than the rest of this file on purpose: this event is recorded as money received, so an impossible
 * amount refuses the event (the receiver answers 400, see src/webhook/events.ts) instead of being dropped.
 */
export const DealPaidEvent = z.object({
  event: z.literal('deal.paid'),
  deal: z.object({
    id: int.positive(),
    blog: PaidBlog.optional(),
    demand: lenient(z.object({ id: lenient(int), name: lenient(lineText) })),
    price: optionalAmount,
    reward: optionalAmount,
  }),
});
export type DealPaidEvent = z.infer<typeof DealPaidEvent>;

/** Any event: only `event` is required; the per-deal id is found where each event kind keeps it. */
export const AnyEvent = z.looseObject({ event: z.string().min(1) });
export type AnyEvent = z.infer<typeof AnyEvent>;

export const KNOWN_EVENTS = [
  'deal.accepted',
  'deal.paid',
  'claim.created',
  'message.created',
  'demand.created',
  'offer.created',
  'webhook.test',
] as const;

/** The deal an event concerns, when it names one (`deal.id` or `deal_id`). */
export function eventDealId(event: AnyEvent): number | undefined {
  const byField = z.object({ deal_id: int }).safeParse(event);
  if (byField.success) return byField.data.deal_id;
  const byDeal = z.object({ deal: z.object({ id: int }) }).safeParse(event);
  return byDeal.success ? byDeal.data.deal.id : undefined;
}
