/**
 * The advertiser's side of offers (API document: "Offer as seen by an advertiser", "Accept", the transitions
 * nabidnuto / nabidnuto_vyssi → akceptovano | odmitnuto): the views, and accept and decline as operations on
 * the sandbox's world, shared by the /v1 routes (routes/offers.ts) and the control API. Errors are ApiErrors in
 * the document's codes. Delivering `deal.accepted` is the caller's (events.ts).
 *
 * The sandbox's readings where the document is silent:
 * - credit: every advertiser account has CREDIT_TOTAL Kč; `available` is that minus the prices of its deals in
 *   `akceptovano` (blocked); payouts do not deduct (the sandbox keeps no ledger);
 * - `lower_price_allowed` is the blog's setting (BlogRecord.lowerPriceAllowed, default false); a lower price
 *   lowers the blogger's reward in the same proportion; a `price` above the offer's is 400 `spatny_parametr`;
 * - `services` must be empty (the sandbox's blogs sell no extra services): 400 `spatny_parametr` otherwise;
 * - `note` is stored as the advertiser's first message on the deal;
 * - `keywords` replace the deal's keyword_urls (and `keywords`), not the demand's;
 * - the deal's text: for a publication demand `article_text`, else the materials' shared text, with the
 *   materials' photos; for any other demand the editors' sample article with a cover and two photos;
 * - `photos` from the accept body replace the numbered photos; a photo whose data is not a base64 JPEG is left
 *   out and named in `photos_error`;
 * - `category_id` must be one of the blog's categories (400 `spatny_parametr`);
 * - `instant_publish` only for publication demands on a blog with instant publication (`published_by: placla`);
 *   otherwise `published_by` is `agent` for an agent-mode blog, else `bloger`.
 */
import { z } from 'zod';
import { type DealState, ERROR, ERROR_BEYOND_CLIENT, LIMITS } from './api-document.js';
import { ApiError } from './api-error.js';
import type { DemandEntry, DemandStore } from './demands.js';
import type { BlogRecord, DealRecord, SandboxOffer } from './records.js';
import { bodyObject, zodMessage } from './request.js';
import { defaultArticleHtml } from './sample-article.js';
import type { SandboxState } from './state.js';

export const CREDIT_TOTAL = 100_000;
/** Lower acceptance price: at least 75 % of the offered price. */
const LOWEST_PRICE_SHARE = 0.75;
export const OFFER_STATES: ReadonlySet<DealState> = new Set(['nabidnuto', 'nabidnuto_vyssi']);

export const AcceptBody = z.object({
  price: z.number().int().positive().optional(),
  services: z.array(z.number().int()).optional(),
  note: z.string().optional(),
  keywords: z.array(z.object({ keyword: z.string().min(1), url: z.string().min(1) })).optional(),
  article_text: z.string().min(1).optional(),
  photos: z
    .array(z.object({ n: z.number().int().min(0).max(LIMITS.maxPhotoN), data: z.string() }))
    .optional(),
  category_id: z.number().int().optional(),
});
export type AcceptBody = z.infer<typeof AcceptBody>;

export const DeclineBody = z.object({
  rating: z.number().int().min(1).max(4).optional(),
  reason: z.string().optional(),
});
export type DeclineBody = z.infer<typeof DeclineBody>;

/** The accept or decline body checked, its refusal 400 `spatny_parametr` (the /v1 routes and the control API). */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(bodyObject(body));
  if (!parsed.success) throw new ApiError(400, ERROR.badParameter, zodMessage(parsed.error));
  return parsed.data;
}

export function advertiserCredit(
  state: SandboxState,
  accountId: number,
): { available: number; blocked: number } {
  const blocked = [...state.deals.values()]
    .filter((d) => d.advertiserAccountId === accountId && d.state === 'akceptovano')
    .reduce((sum, d) => sum + d.price, 0);
  return { available: CREDIT_TOTAL - blocked, blocked };
}

function assertOffer(deal: DealRecord): void {
  if (!OFFER_STATES.has(deal.state)) {
    throw new ApiError(409, ERROR.wrongState, `Deal ${deal.id} is in state ${deal.state}, not an open offer`);
  }
}

function decodeJpeg(data: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(data)) return undefined;
  const bytes = Buffer.from(data, 'base64');
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff ? bytes : undefined;
}

export interface AcceptDeps {
  state: SandboxState;
  demands: DemandStore;
  now: () => number;
}

/** `POST /v1/offers/{id}/accept` on a deal the caller owns; answers the document's result. */
export function acceptOffer(
  deps: AcceptDeps,
  deal: DealRecord,
  body: AcceptBody,
): { id: number; state: DealState } & Record<string, unknown> {
  const { state } = deps;
  assertOffer(deal);
  const blog = state.blogs.get(deal.blogId);
  if (!blog) throw new ApiError(404, ERROR.notFound, `Blog ${deal.blogId} does not exist`);
  const entry: DemandEntry | undefined = deps.demands.entries.get(deal.demand.id);

  let price = deal.price;
  if (body.price !== undefined && body.price !== deal.price) {
    if (body.price > deal.price) {
      throw new ApiError(400, ERROR.badParameter, `price may only lower the offer's ${deal.price} Kč`);
    }
    if (!blog.lowerPriceAllowed) {
      throw new ApiError(
        422,
        ERROR_BEYOND_CLIENT.lowerPriceNotAllowed,
        `Offer ${deal.id} may not be accepted lower`,
      );
    }
    const lowest = Math.ceil(deal.price * LOWEST_PRICE_SHARE);
    if (body.price < lowest) {
      throw new ApiError(
        422,
        ERROR_BEYOND_CLIENT.priceBelowMinimum,
        `price must be at least ${lowest} Kč (75 %)`,
      );
    }
    price = body.price;
  }
  if (body.services !== undefined && body.services.length > 0) {
    throw new ApiError(400, ERROR.badParameter, `Blog ${blog.id} offers no extra services`);
  }
  const materials = entry?.materials ?? null;
  if (deal.demand.publication && body.article_text === undefined && !materials?.sharedText) {
    throw new ApiError(
      400,
      ERROR.missingParameter,
      'article_text is required: the demand has no shared text',
    );
  }
  if (body.category_id !== undefined && !blog.categories.some((c) => c.id === body.category_id)) {
    throw new ApiError(400, ERROR.badParameter, `Blog ${blog.id} has no category ${body.category_id}`);
  }
  const credit = advertiserCredit(state, deal.advertiserAccountId);
  if (price > credit.available) {
    throw new ApiError(
      422,
      ERROR_BEYOND_CLIENT.insufficientCredit,
      `Credit ${credit.available} Kč does not cover the price ${price} Kč`,
    );
  }

  // Every check passed: the acceptance happens.
  const at = deps.now();
  if (price !== deal.price) {
    deal.reward = Math.round((deal.reward * price) / deal.price);
    deal.price = price;
  }
  if (body.keywords !== undefined) {
    deal.demand = {
      ...deal.demand,
      keywordUrls: body.keywords.map((k) => ({ ...k })),
      keywords: body.keywords.map((k) => k.keyword).join(', '),
    };
  }
  deal.title = deal.demand.name;
  if (deal.demand.publication) {
    deal.html = body.article_text ?? materials?.text ?? '';
    deal.photos = [...(materials?.photos ?? [])];
    deal.photoDemandId = deal.demand.id;
  } else {
    const target = deal.demand.keywordUrls[0]?.url ?? deal.demand.url;
    deal.html = defaultArticleHtml(deal.demand.name, target, 2);
    deal.photos = [0, 1, 2];
  }
  const photoErrors: number[] = [];
  for (const photo of body.photos ?? []) {
    const bytes = decodeJpeg(photo.data);
    if (!bytes) {
      photoErrors.push(photo.n);
      continue;
    }
    deal.photoBytes.set(photo.n, bytes);
    if (!deal.photos.includes(photo.n)) deal.photos = [...deal.photos, photo.n].sort((a, b) => a - b);
  }
  deal.instantPublish = deal.demand.publication && blog.instantPublish;
  deal.publishedBy = deal.instantPublish ? 'placla' : blog.mode === 'agent' ? 'agent' : 'bloger';
  deal.categoryId = body.category_id ?? null;
  deal.acceptedAt = at;
  deal.publishDeadline = at + LIMITS.agentDeadlineMinutes * 60_000;
  state.setDealState(deal, 'akceptovano');
  if (body.note !== undefined && body.note !== '') state.addPost(deal, 'messages', 'inzerent', body.note);

  return {
    id: deal.id,
    state: deal.state,
    price: deal.price,
    credit_remaining: advertiserCredit(state, deal.advertiserAccountId).available,
    instant_publish: deal.instantPublish,
    ...(photoErrors.length > 0
      ? { photos_error: `Photos ${photoErrors.join(', ')} are not base64 JPEG data; left out` }
      : {}),
  };
}

/** `POST /v1/offers/{id}/decline`: → odmitnuto, `reason` stored (the response body is not shown; the sandbox
 * answers `{id, state, reason}`). */
export function declineOffer(
  state: SandboxState,
  deal: DealRecord,
  body: DeclineBody,
): { id: number; state: DealState; reason: string | null } {
  assertOffer(deal);
  state.setDealState(deal, 'odmitnuto', body.reason ?? null);
  return { id: deal.id, state: deal.state, reason: deal.reason };
}

/** `GET /v1/demands/{id}/offers` item: the document's advertiser fields (no blogger reward). */
export function advertiserOfferView(
  deal: DealRecord,
  blog: BlogRecord | undefined,
  entry: DemandEntry | undefined,
): Record<string, unknown> {
  const instant = deal.demand.publication && (blog?.instantPublish ?? false);
  return {
    id: deal.id,
    state: deal.state,
    price: deal.price,
    note: deal.offer?.note ?? null,
    higher_bid: deal.offer?.higherBid ?? deal.state === 'nabidnuto_vyssi',
    deferred: false,
    lower_price_allowed: blog?.lowerPriceAllowed ?? false,
    blog: {
      id: deal.blogId,
      name: blog?.name ?? '',
      url: blog?.url ?? '',
      description: blog?.description ?? '',
      monthly_visitors: blog?.monthlyVisitors ?? 0,
      da: 21,
      pa: 18,
      spam: 1,
      score: 60,
      verdict: 'silver',
    },
    ...(entry?.brief.publication ? { instant_publish: instant } : {}),
    ...(instant ? { categories: blog?.categories ?? [] } : {}),
  };
}

export function sandboxOfferView(deal: DealRecord): SandboxOffer {
  return {
    id: deal.id,
    demandId: deal.demand.id,
    blogId: deal.blogId,
    state: deal.state,
    price: deal.price,
    reward: deal.reward,
    note: deal.offer?.note ?? null,
    higherBid: deal.offer?.higherBid ?? false,
    reason: deal.reason,
  };
}
