/**
 * The contract of the marketplace client: what the worker, pipeline, CLI and reconciliation may call.
 * Implemented by `createMarketplaceClient` (client.ts). Every method throws `MarketplaceError` (src/errors.ts),
 * classified retryable (network, timeout, 429, 5xx) or permanent (other 4xx).
 */
import type {
  ArticleResult,
  Blog,
  BlogPatch,
  Deal,
  DealList,
  DealPhoto,
  DealPostList,
  DealState,
  DealText,
  DemandBrief,
  DemandList,
  Me,
  OfferResult,
  PayoutOverview,
  WebhookDelivery,
  WebhookSecret,
  WebhookState,
  WebhookTestResult,
} from './schema.js';

/** Who is asking for a request slot: the live pipeline goes before background sweeps. */
export type RequestPriority = 'high' | 'normal' | 'low';

export interface RequestOptions {
  signal?: AbortSignal;
  priority?: RequestPriority;
}

export interface ListDealsQuery {
  state?: DealState;
  blogId?: number;
  demandId?: number;
  /** Only deals changed since this instant (`zmeneno_od`). */
  changedSince?: Date;
  /** `strana`, from 1. */
  page?: number;
  /** `na_stranu`, at most 200. */
  perPage?: number;
}

export interface PayoutsQuery {
  /** `rok`: limits `paid_monthly` to this year. */
  rok?: number;
}

export interface PhotoFile {
  bytes: Buffer;
  contentType: string;
}

export interface HandInInput {
  url: string;
  extraUrls?: Record<string, string[]>;
}

export interface OfferInput {
  demandId: number;
  /** `reward`: a higher bid (above the demand's base reward), Kč; absent: the base reward. */
  reward?: number;
  /** `note`: the article idea, the only words the advertiser reads before accepting. */
  note?: string;
}

/** The blogger's side of the market (client-demands.ts). Reading is `low` priority unless asked otherwise. */
export interface MarketplaceDemandCalls {
  /** `GET /v1/blogs/{id}/demands`: every available demand (not paginated); 422 `blog_neuplny`. */
  listDemands(blogId: number, options?: RequestOptions): Promise<DemandList>;
  /** `GET /v1/demands/{id}`: the full brief, also before an offer. */
  getDemand(demandId: number, options?: RequestOptions): Promise<DemandBrief>;
  /** `POST /v1/blogs/{id}/offers`, with an `Idempotency-Key` stable for blog, demand and reward. */
  makeOffer(blogId: number, input: OfferInput, options?: RequestOptions): Promise<OfferResult>;
  /** `POST /v1/blogs/{id}/demands/decline`: declines every demand now available to the blog. */
  declineDemands(blogId: number, options?: RequestOptions): Promise<void>;
  /** `POST /v1/deals/{id}/messages` `{text}`: once per deal (the refusal of a held deal). */
  postDealMessage(dealId: number, text: string, options?: RequestOptions): Promise<void>;
}

export interface MarketplaceClient extends MarketplaceDemandCalls {
  readonly baseUrl: string;
  me(options?: RequestOptions): Promise<Me>;
  listBlogs(options?: RequestOptions): Promise<Blog[]>;
  patchBlog(blogId: number, patch: BlogPatch, options?: RequestOptions): Promise<void>;
  listDeals(query?: ListDealsQuery, options?: RequestOptions): Promise<DealList>;
  getDeal(dealId: number, options?: RequestOptions): Promise<Deal>;
  getDealText(dealId: number, options?: RequestOptions): Promise<DealText>;
  /** `GET /v1/deals/{id}/messages` (`kind: 'messages'`) or `/claims`: the thread, without marking it read. */
  getDealThread(dealId: number, kind: 'messages' | 'claims', options?: RequestOptions): Promise<DealPostList>;
  /** Fetches photo `photo.n`; only from the marketplace's own host (assumption 2). */
  getDealPhoto(dealId: number, photo: DealPhoto, options?: RequestOptions): Promise<PhotoFile>;
  /** `POST /v1/deals/{id}/article` with an `Idempotency-Key` stable for the deal. */
  handInArticle(dealId: number, input: HandInInput, options?: RequestOptions): Promise<ArticleResult>;
  getWebhook(options?: RequestOptions): Promise<WebhookState>;
  putWebhook(url: string, options?: RequestOptions): Promise<WebhookSecret>;
  deleteWebhook(options?: RequestOptions): Promise<void>;
  rotateWebhookSecret(options?: RequestOptions): Promise<WebhookSecret>;
  testWebhook(options?: RequestOptions): Promise<WebhookTestResult>;
  webhookDeliveries(options?: RequestOptions): Promise<WebhookDelivery[]>;
  /** `GET /v1/payouts`, the payout overview; priority `low` unless asked otherwise (it is background reading). */
  payouts(query?: PayoutsQuery, options?: RequestOptions): Promise<PayoutOverview>;
}
