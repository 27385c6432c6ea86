import type { Logger } from '../logger.js';
import type { DealState, Role } from './api-document.js';
import type { DateFormat } from './dates.js';
import type { DeliveryRecord, WebhookRegistration } from './deliveries.js';
import type { CreateDemandInput, SandboxDemand } from './demands.js';
import type { SandboxEvent } from './events.js';
import type { FaultSettings } from './faults.js';
import type { AcceptBody, DeclineBody } from './offers.js';
import type { PhotoSize } from './photos.js';
import type { SandboxProfile } from './profile.js';
import type {
  BlogInput,
  CreateDealInput,
  HandInRecord,
  KeyInput,
  SandboxDeal,
  SandboxOffer,
  SandboxPost,
} from './records.js';
import type { SandboxStats } from './stats.js';

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 = a random free port (default). */
  port?: number;
  /** The default blogger key (role `bloger`, scopes read + write); default `sandbox-key`. */
  apiKey?: string;
  /** More keys; `accountId` says whose (bloger keys default to the default blogger, inzerent keys to the advertiser). */
  extraKeys?: KeyInput[];
  /** Per key, fixed window; default 60 per 60 000 ms, as the service. */
  rateLimit?: { limit: number; windowMs: number };
  /** Multiplies the sandbox's delays (the webhook retry schedule 5, 10, 20, 40 min); 1 = real time. */
  timeScale?: number;
  /** Accept http:// webhook URLs on loopback (the real service takes HTTPS only). */
  allowHttpWebhooks?: boolean;
  /** Default `X-Sandbox-Signature`. */
  signatureHeader?: string;
  /** Default: one blog, id 1, at http://127.0.0.1. */
  blogs?: BlogInput[];
  /** The hand-in GETs the article URL (default true). */
  checkReachability?: boolean;
  /** Timeout of one webhook delivery attempt, real ms (default 10 000; not scaled). */
  deliveryTimeoutMs?: number;
  /** Timeout of the hand-in's reachability GET, real ms (default 5 000). */
  reachabilityTimeoutMs?: number;
  /** Displayed size of the generated photos (default 1200 × 800); small ones make many-deal tests fast. */
  photoSize?: PhotoSize;
  /**
   * How every date-time on the wire is written (webhook bodies incl. `publish_deadline`, `changed_at`, API
   * answers): `prague` (default, `YYYY-MM-DD HH:MM:SS` Europe/Prague wall clock, the working assumption), `utc`
   * (same format, UTC) or `iso` (ISO 8601 with Prague's offset). See dates.ts.
   */
  dateFormat?: DateFormat;
  /**
   * Answer in the shapes a real service sent (a `doctor --live --save` capture, see profile.ts); its date form
   * sets the date format unless `dateFormat` is given.
   */
  profile?: SandboxProfile;
  /** Default: silent. */
  log?: Logger;
}

export type { SandboxEvent } from './events.js';

export interface Sandbox {
  /** The service root ({base_url}), e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly apiKey: string;
  readonly signatureHeader: string;
  readonly dateFormat: DateFormat;
  /** Stops the server and every pending delivery. */
  close(): Promise<void>;
  /** Creates a deal (state `akceptovano` unless `state` says otherwise) and, unless `deliver: false`, starts
   * delivering `deal.accepted` to the owner's webhook; resolves without waiting for that delivery. */
  createDeal(input?: CreateDealInput): Promise<SandboxDeal>;
  getDeal(id: number): SandboxDeal | undefined;
  /** Creates an active demand suiting `blogIds` (default: every blog) and, unless `deliver: false`, starts
   * delivering a signed `demand.created` to the webhooks of the blogs' owners; resolves without waiting. */
  createDemand(input: CreateDemandInput): Promise<SandboxDemand>;
  listDemands(): SandboxDemand[];
  listDeals(): SandboxDeal[];
  setDealState(id: number, state: DealState, reason?: string | null): SandboxDeal;
  /** `ke_schvaleni` → `proplaceno` and `deal.paid` to the blogger's webhook. */
  payDeal(id: number): Promise<SandboxDeal>;
  /**
   * A message (`messages`) or claim post (`claims`) on a deal, by the advertiser unless `from` says otherwise:
   * the deal's `unread_messages` / `claim.count` grow, its `changed_at` moves, and the counterparty's webhook
   * (if any) gets `message.created` / `claim.created` unless `deliver: false`. Resolves after the first attempt.
   */
  addPost(
    id: number,
    kind: 'messages' | 'claims',
    text: string,
    options?: { from?: Role; deliver?: boolean },
  ): Promise<DeliveryRecord[]>;
  /**
   * Plays the advertiser: `POST /v1/offers/{id}/accept` with the document's body (price, services, note,
   * keywords, article_text, photos, category_id), the same rules and errors (ApiError: 409 `spatny_stav`, 422
   * `nizsi_cena_nepovolena` …); starts delivering `deal.accepted` and returns the deal. RangeError: no such deal.
   */
  acceptOffer(id: number, body?: AcceptBody): SandboxDeal;
  /** `POST /v1/offers/{id}/decline` `{rating?, reason?}` as the advertiser: → `odmitnuto`, `reason` stored. */
  declineOffer(id: number, body?: DeclineBody): SandboxDeal;
  /** Every deal that began as a blog's offer (whatever its state now) and every open offer. */
  listOffers(): SandboxOffer[];
  /** The deal's message thread, oldest first (both authors). RangeError: no such deal. */
  messages(id: number): SandboxPost[];
  /** Delivers the deal's `deal.accepted` (again); resolves after the first attempt of each delivery. */
  deliverDeal(id: number): Promise<DeliveryRecord[]>;
  /** Delivers any event to the webhooks of an account (default: the default blogger); as `deliverDeal`. */
  sendEvent(body: SandboxEvent, options?: { accountId?: number }): Promise<DeliveryRecord[]>;
  /** Creates or replaces a blog. */
  putBlog(blog: BlogInput): void;
  /** Registers a webhook for a key (default: the default key) without the HTTPS rule; returns the secret. */
  setWebhook(url: string, apiKey?: string): WebhookRegistration;
  webhook(apiKey?: string): WebhookRegistration | undefined;
  /** Invalidates a key, as the marketplace does when one is revoked: every later call with it gets 401
   * `neplatny_klic`. Throws for a key the sandbox does not know. */
  disableKey(apiKey: string): void;
  stats(): SandboxStats;
  resetStats(): void;
  handIns(): HandInRecord[];
  deliveries(): DeliveryRecord[];
  setFailureMode(faults: FaultSettings): void;
  failureMode(): FaultSettings;
}
