/**
 * The sandbox's own reading of the marketplace's API document (shared/marketplace-api-v1.md) and of the
 * working assumptions (shared/marketplace-api-assumptions.md): states, error codes, limits, photo paths, the
 * retry schedule, the rate limit. Written from the document directly, NOT from src/marketplace/: the sandbox
 * is the yardstick the client is measured against, so a misreading must not hide in both. A contract test
 * (test/unit/sandbox/api-document-contract.test.ts) compares this reading with src/marketplace/schema.ts and
 * fails on any disagreement; another test keeps src/sandbox/ free of imports from src/marketplace/.
 * Date-times: see dates.ts.
 */

/** "States and transitions", the deal states (`state`). */
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

/** Deal text: `published_by` is `agent`, `placla` (the service itself) or `bloger`. */
export const PUBLISHED_BY = ['agent', 'placla', 'bloger'] as const;
export type PublishedBy = (typeof PUBLISHED_BY)[number];

/** Blog `publishing.mode`. */
export const PUBLISHING_MODES = ['manual', 'wordpress', 'github', 'agent'] as const;
export type PublishingMode = (typeof PUBLISHING_MODES)[number];

/** Identity: `role` and `scopes`. */
export const ROLES = ['bloger', 'inzerent'] as const;
export type Role = (typeof ROLES)[number];
export const SCOPES = ['read', 'write'] as const;
export type Scope = (typeof SCOPES)[number];

/** Events table: the event kinds the service sends. */
export const EVENT_KINDS = [
  'demand.created',
  'offer.created',
  'deal.accepted',
  'deal.paid',
  'claim.created',
  'message.created',
  'webhook.test',
] as const;

/** "Errors": every code the document lists, by HTTP status. */
export const ERRORS_BY_STATUS = {
  400: ['chybi_parametr', 'spatny_parametr', 'spatne_telo', 'spatna_url'],
  401: ['chybi_klic', 'neplatny_klic'],
  403: ['spatna_role', 'chybi_scope'],
  404: ['nenalezeno', 'poptavka_nedostupna'],
  409: [
    'nabidka_existuje',
    'clanek_odevzdan',
    'url_pouzita',
    'spatny_stav',
    'ceka_na_schvaleni',
    'jiz_proplaceno',
    'obchod_uzavren',
    'nabidka_ceka',
    'proforma_existuje',
  ],
  422: [
    'nizka_cena',
    'nizka_vyssi_nabidka',
    'cizi_domena',
    'clanek_nedostupny',
    'blog_neuplny',
    'limit_sluzeb',
    'nizsi_cena_nepovolena',
    'cena_pod_minimem',
    'nedostatecny_kredit',
    'podezrely_obsah',
  ],
  429: ['rate_limit'],
  500: ['server'],
} as const;

/** The codes the sandbox answers with, by the situation the document ties them to. */
export const ERROR = {
  missingParameter: 'chybi_parametr',
  badParameter: 'spatny_parametr',
  badBody: 'spatne_telo',
  badUrl: 'spatna_url',
  missingKey: 'chybi_klic',
  invalidKey: 'neplatny_klic',
  wrongRole: 'spatna_role',
  missingScope: 'chybi_scope',
  notFound: 'nenalezeno',
  demandUnavailable: 'poptavka_nedostupna',
  offerExists: 'nabidka_existuje',
  lowHigherBid: 'nizka_vyssi_nabidka',
  blogIncomplete: 'blog_neuplny',
  articleHandedIn: 'clanek_odevzdan',
  urlUsed: 'url_pouzita',
  wrongState: 'spatny_stav',
  dealClosed: 'obchod_uzavren',
  awaitingApproval: 'ceka_na_schvaleni',
  foreignDomain: 'cizi_domena',
  articleUnreachable: 'clanek_nedostupny',
  rateLimit: 'rate_limit',
  server: 'server',
} as const satisfies Record<string, (typeof ERRORS_BY_STATUS)[keyof typeof ERRORS_BY_STATUS][number]>;

/**
 * Codes the sandbox answers that pressbridge's client does not name (the contract test holds `ERROR` to the
 * client's list): the advertiser's acceptance refusals, which the blogger's client never meets, and
 * `nabidka_ceka` (a blogger's message on an offer not yet accepted; the client posts messages on accepted deals
 * only).
 */
export const ERROR_BEYOND_CLIENT = {
  offerWaiting: 'nabidka_ceka',
  lowerPriceNotAllowed: 'nizsi_cena_nepovolena',
  priceBelowMinimum: 'cena_pod_minimem',
  insufficientCredit: 'nedostatecny_kredit',
} as const satisfies Record<string, (typeof ERRORS_BY_STATUS)[keyof typeof ERRORS_BY_STATUS][number]>;

/** Demand `kind` at `POST /v1/demands`: `standard` (default), `vip`, `publication`, `writing`. */
export const DEMAND_KINDS = ['standard', 'vip', 'publication', 'writing'] as const;
export type DemandKind = (typeof DEMAND_KINDS)[number];

/** Publication materials' `title_photo`: `bloger`, `shared` or `each`. */
export const TITLE_PHOTO_MODES = ['bloger', 'shared', 'each'] as const;
export type TitlePhotoMode = (typeof TITLE_PHOTO_MODES)[number];

/** Demand `state` while active (the other states' names: not shown). */
export const DEMAND_ACTIVE_STATE = 'aktivni';

/** Demand materials: photo files at `/v1/demands/{id}/photos/{n}`. */
export function demandPhotoPath(demandId: number, n: number): string {
  return `/v1/demands/${demandId}/photos/${n}`;
}

/** "Limits". */
export const LIMITS = {
  /** Request rate: 60 requests per minute per key (assumption 9: photos included). */
  requestsPerMinute: 60,
  /** `na_stranu`: default 50, max 200; paging only on GET /v1/deals. */
  perPageDefault: 50,
  perPageMax: 200,
  /** Photos: `n` from 0 (the cover) to 5 (markers [foto1]..[foto5]). */
  maxPhotoN: 5,
  /** Agent publish deadline, minutes. */
  agentDeadlineMinutes: 60,
  /** Idempotency key: 8 to 100 characters, kept 7 days. */
  idempotencyKeyMinLength: 8,
  idempotencyKeyMaxLength: 100,
  idempotencyKeyDays: 7,
  /** Categories per blog. */
  maxCategories: 50,
  /** Webhook delivery log: the last 50 deliveries. */
  deliveryLogSize: 50,
} as const;

/** Delivery rules: retried after 5, 10, 20 and 40 minutes, at most 5 attempts; only HTTP 200 counts. */
export const WEBHOOK_RETRY_MINUTES = [5, 10, 20, 40] as const;
export const MAX_DELIVERY_ATTEMPTS = WEBHOOK_RETRY_MINUTES.length + 1;

/** Deal text: photo files at `/v1/deals/{id}/photos/{n}` (assumption 2: also where a missing `url` points). */
export function photoPath(dealId: number, n: number): string {
  return `/v1/deals/${dealId}/photos/${n}`;
}

/** Without `?state=` the list shows what the web shows: offers, running, awaiting approval, arbitration, paid. */
export const WEB_VISIBLE_STATES: ReadonlySet<DealState> = new Set([
  'nabidnuto',
  'nabidnuto_vyssi',
  'akceptovano',
  'ke_schvaleni',
  'arbitraz',
  'proplaceno',
]);

/** States in which a deal's text and photos are issued (from acceptance on). */
export const TEXT_STATES: ReadonlySet<DealState> = new Set([
  'akceptovano',
  'ke_schvaleni',
  'proplaceno',
  'arbitraz',
  'arbitraz_neproplaceno',
]);
