/**
 * The records of the sandbox's in-memory world (API keys and their accounts, blogs, deals with their demand
 * briefs, hand-ins) and the inputs that create them. Types only, and the two default accounts.
 */
import type { DealState, PublishedBy, PublishingMode, Role, Scope } from './api-document.js';

export type { PublishingMode, Role, Scope };

/** The blogger account that owns the default key and, unless told otherwise, every blog. */
export const DEFAULT_BLOGGER_ACCOUNT = 1;
/** The advertiser account behind every sandbox demand. */
export const DEFAULT_ADVERTISER_ACCOUNT = 1000;

export interface ApiKeyRecord {
  key: string;
  role: Role;
  scopes: Scope[];
  disabled: boolean;
  accountId: number;
}

export interface CategoryRecord {
  id: number;
  name: string;
  default?: boolean;
}

export interface BlogRecord {
  id: number;
  name: string;
  url: string;
  accountId: number;
  mode: PublishingMode;
  instantPublish: boolean;
  categories: CategoryRecord[];
  minPrice: number;
  monthlyVisitors: number;
  monthlyVisitorsUpdated: number;
  writingService: number;
  writingPricePerNs: number;
  description: string;
  note: string;
  /** Offers on this blog may be accepted at a lower price (the offer's `lower_price_allowed`); default false. */
  lowerPriceAllowed: boolean;
}

export interface DemandRecord {
  id: number;
  name: string;
  url: string;
  keywords: string;
  keywordUrls: Array<{ keyword: string; url: string }>;
  linksMode: number;
  description: string;
  expectation: string;
  ns: number;
  publication: boolean;
}

/** A message or claim post on a deal. */
export interface PostRecord {
  author: Role;
  text: string;
  at: number;
  /** Read by the other side (its `unread_messages` no longer counts it). */
  read: boolean;
}

export interface DealRecord {
  id: number;
  state: DealState;
  blogId: number;
  advertiserAccountId: number;
  demand: DemandRecord;
  price: number;
  reward: number;
  articleUrl: string | null;
  extraUrls: Record<string, string[]> | null;
  reason: string | null;
  rating: number | null;
  title: string;
  html: string;
  /** Photo numbers the deal has; 0 is the cover. */
  photos: number[];
  /** Bytes served for a photo instead of the generated JPEG (hostile-input tests). */
  photoBytes: Map<number, Buffer>;
  /** The `url` the text answer lists for a photo instead of the default path. */
  photoUrls: Map<number, string>;
  instantPublish: boolean;
  publishedBy: PublishedBy;
  categoryId: number | null;
  /** Until this instant (epoch ms) the text answers 409 `ceka_na_schvaleni`. */
  approvalPendingUntil: number | null;
  acceptedAt: number;
  publishDeadline: number;
  changedAt: number;
  /** When the deal became `proplaceno` (epoch ms): the payout overview's `paid_monthly` counts it then. */
  paidAt: number | null;
  /** The deal's message thread and claim thread, oldest first. */
  messages: PostRecord[];
  claims: PostRecord[];
  /** Set when the deal began as a blog's offer (`POST /v1/blogs/{id}/offers`), else null. */
  offer: OfferRecord | null;
  /** Photos served from this demand's materials (`/v1/demands/{id}/photos/{n}`) instead of the deal's own. */
  photoDemandId: number | null;
}

/** What the blog's offer carried: its `note` (article idea) and whether it was a higher bid. */
export interface OfferRecord {
  note: string | null;
  higherBid: boolean;
  /** Epoch ms. */
  at: number;
}

/** An offer as tests and the control API see it (`GET /_sandbox/offers`). */
export interface SandboxOffer {
  id: number;
  demandId: number;
  blogId: number;
  state: DealState;
  price: number;
  reward: number;
  note: string | null;
  higherBid: boolean;
  reason: string | null;
}

/** A message on a deal as the control API shows it (`GET /_sandbox/deals/:id/messages`); `at` ISO 8601. */
export interface SandboxPost {
  author: Role;
  text: string;
  at: string;
}

/** What tests and the control API learn about a deal (camelCase: this is the sandbox's API, not the service's). */
export interface SandboxDeal {
  id: number;
  state: DealState;
  blogId: number;
  demandId: number;
  title: string;
  html: string;
  photos: number[];
  instantPublish: boolean;
  publishedBy: PublishedBy;
  categoryId: number | null;
  price: number;
  reward: number;
  articleUrl: string | null;
  acceptedAt: string;
  publishDeadline: string;
  changedAt: string;
  approvalPendingUntil: string | null;
  /** ISO 8601: when it was paid (`proplaceno`), else null. */
  paidAt: string | null;
  /** The exact `deal.accepted` body the sandbox delivers for this deal. */
  acceptedEvent: DealAcceptedBody;
}

export interface CreateDealInput {
  blogId?: number;
  title?: string;
  html?: string;
  /** Inline photos for the markers [foto1]..; default 2. */
  photos?: number;
  /** A cover photo (n 0); default true. */
  cover?: boolean;
  /** Served for photo n instead of the generated JPEG, always as `image/jpeg` (SVG, HTML, bombs …). */
  photoBytes?: Record<number, Buffer>;
  /** The `url` the text answer lists for photo n (e.g. on another host) instead of /v1/deals/{id}/photos/{n}. */
  photoUrls?: Record<number, string>;
  publishedBy?: PublishedBy;
  instantPublish?: boolean;
  categoryId?: number | null;
  /** Real milliseconds during which the text answers 409 `ceka_na_schvaleni` (not scaled by timeScale). */
  approvalDelayMs?: number;
  deliver?: boolean;
  deadlineMinutes?: number;
  /**
   * The deal was accepted this many minutes ago (default 0): its publish_deadline is that acceptance plus
   * `deadlineMinutes`, so it may already be past, and the `deal.accepted` delivered now arrives late (as after a
   * receiver's downtime while the service retried).
   */
  acceptedMinutesAgo?: number;
  price?: number;
  reward?: number;
  /** The advertiser's target site the article links to. */
  targetUrl?: string;
  /** Start in another state than `akceptovano` (for listing tests); such a deal is never delivered. */
  state?: DealState;
}

export interface DealAcceptedBody {
  event: 'deal.accepted';
  deal: {
    id: number;
    blog: { id: number; name: string };
    demand: {
      id: number;
      name: string;
      url: string;
      keywords: string;
      description: string;
      expectation: string;
      ns: number;
      publication: boolean;
    };
    price: number;
    reward: number;
    instant_publish: boolean;
    published_by: PublishedBy;
    category_id: number | null;
    publish_deadline: string;
  };
}

export interface HandInRecord {
  dealId: number;
  url: string;
  /** ISO 8601 instant. */
  at: string;
}

export interface BlogInput {
  id: number;
  name: string;
  url: string;
  categories?: CategoryRecord[];
  accountId?: number;
  mode?: PublishingMode;
  instantPublish?: boolean;
  /** See BlogRecord.lowerPriceAllowed. */
  lowerPriceAllowed?: boolean;
}

export interface KeyInput {
  key: string;
  role: Role;
  scopes: Scope[];
  disabled?: boolean;
  /** Whose key it is; bloger keys default to the default blogger's account, inzerent keys to the advertiser's. */
  accountId?: number;
}
