/**
 * The sandbox's in-memory world: API keys and their accounts, blogs, deals with their demand briefs, and the
 * views that render them exactly as the API document names the fields. Nothing here does I/O.
 */
import {
  type DealState,
  LIMITS,
  type PublishedBy,
  type PublishingMode,
  photoPath,
  type Role,
  type Scope,
} from './api-document.js';
import { createWireDates, type WireDates } from './dates.js';

/** The assumption's format (Prague wall clock); views take another when the sandbox plays another service. */
const PRAGUE_DATES = createWireDates('prague');

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
}

export interface KeyInput {
  key: string;
  role: Role;
  scopes: Scope[];
  disabled?: boolean;
  /** Whose key it is; bloger keys default to the default blogger's account, inzerent keys to the advertiser's. */
  accountId?: number;
}

const SAMPLE_TITLES = [
  'Jak vybrat zahradní sekačku: průvodce pro začátečníky',
  'Pět tipů, jak ušetřit za energie v panelovém bytě',
  'Víkend v Českém ráji: kam vyrazit s dětmi',
  'Čím krmit psa ve stáří? Rady veterinářky',
  'Elektrokolo do města: na co se připravit',
];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The default article: an `<h1>` heading, Czech paragraphs, one link to the advertiser's site (with a rel
 * attribute) and the photo markers; [foto1] stands alone in its paragraph, [foto2] sits inside running text.
 */
export function defaultArticleHtml(title: string, targetUrl: string, photoCount: number): string {
  const markers = Array.from({ length: photoCount }, (_, i) => `[foto${i + 1}]`);
  const parts = [
    `<h1>${escapeHtml(title)}</h1>`,
    '<p>Jaro je tu a s ním i otázka, jak se na novou sezónu připravit. Přinášíme přehled toho nejdůležitějšího, ' +
      `co je dobré vědět, než se pustíte do nákupu. Podrobnosti najdete na <a href="${escapeHtml(targetUrl)}" ` +
      'rel="sponsored">stránkách odborného prodejce</a>, kde poradí i s výběrem.</p>',
  ];
  if (markers[0]) parts.push(`<p>${markers[0]}</p>`);
  parts.push(
    `<p>Důležitá je především kvalita zpracování${markers[1] ? ` ${markers[1]}` : ''} a dostupnost servisu. ` +
      'Levnější varianta se nemusí vyplatit, pokud ji za dva roky budete muset vyměnit.</p>',
    '<h2>Na co si dát pozor</h2>',
    '<ul><li>záruční podmínky a servis,</li><li>spotřeba a hlučnost,</li><li>příslušenství v ceně.</li></ul>',
  );
  for (const marker of markers.slice(2)) parts.push(`<p>${marker}</p>`);
  parts.push('<p>Ať už se rozhodnete jakkoli, vyplatí se srovnat si nabídky a číst recenze ostatních.</p>');
  return parts.join('\n');
}

export interface SandboxState {
  readonly keys: Map<string, ApiKeyRecord>;
  readonly blogs: Map<number, BlogRecord>;
  readonly deals: Map<number, DealRecord>;
  readonly handIns: HandInRecord[];
  putBlog(input: BlogInput): BlogRecord;
  createDeal(input: CreateDealInput): DealRecord;
  setDealState(deal: DealRecord, state: DealState, reason?: string | null): void;
  /** Whether any deal already handed in this URL (compared after URL normalisation). */
  isUrlUsed(url: string): boolean;
  keysOfAccount(accountId: number): ApiKeyRecord[];
}

export function normaliseUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

export function createSandboxState(init: {
  keys: KeyInput[];
  blogs: BlogInput[];
  now?: () => number;
}): SandboxState {
  const now = init.now ?? Date.now;
  const keys = new Map<string, ApiKeyRecord>();
  const blogs = new Map<number, BlogRecord>();
  const deals = new Map<number, DealRecord>();
  const handIns: HandInRecord[] = [];
  let nextDealId = 1001;
  let nextDemandId = 501;

  for (const k of init.keys) {
    keys.set(k.key, {
      key: k.key,
      role: k.role,
      scopes: [...k.scopes],
      disabled: k.disabled ?? false,
      accountId: k.accountId ?? (k.role === 'bloger' ? DEFAULT_BLOGGER_ACCOUNT : DEFAULT_ADVERTISER_ACCOUNT),
    });
  }

  const putBlog = (input: BlogInput): BlogRecord => {
    const previous = blogs.get(input.id);
    const blog: BlogRecord = {
      id: input.id,
      name: input.name,
      url: input.url,
      accountId: input.accountId ?? previous?.accountId ?? DEFAULT_BLOGGER_ACCOUNT,
      mode: input.mode ?? previous?.mode ?? 'agent',
      instantPublish: input.instantPublish ?? previous?.instantPublish ?? false,
      categories: input.categories ?? previous?.categories ?? [{ id: 1, name: 'Nezařazené', default: true }],
      minPrice: previous?.minPrice ?? 800,
      monthlyVisitors: previous?.monthlyVisitors ?? 12_000,
      monthlyVisitorsUpdated: previous?.monthlyVisitorsUpdated ?? now(),
      writingService: previous?.writingService ?? 0,
      writingPricePerNs: previous?.writingPricePerNs ?? 0,
      description: previous?.description ?? '',
      note: previous?.note ?? '',
    };
    blogs.set(blog.id, blog);
    return blog;
  };
  for (const b of init.blogs) putBlog(b);

  return {
    keys,
    blogs,
    deals,
    handIns,
    putBlog,
    createDeal(input) {
      const blogId = input.blogId ?? blogs.keys().next().value;
      const blog = blogId === undefined ? undefined : blogs.get(blogId);
      if (!blog) throw new RangeError(`no blog with id ${String(input.blogId)} in the sandbox`);
      const photoCount = input.photos ?? 2;
      if (!Number.isInteger(photoCount) || photoCount < 0 || photoCount > LIMITS.maxPhotoN) {
        throw new RangeError(`photos must be 0..${LIMITS.maxPhotoN}`);
      }
      const acceptedMinutesAgo = input.acceptedMinutesAgo ?? 0;
      if (!Number.isFinite(acceptedMinutesAgo) || acceptedMinutesAgo < 0) {
        throw new RangeError('acceptedMinutesAgo must be 0 or more');
      }
      const id = nextDealId++;
      const at = now() - Math.round(acceptedMinutesAgo * 60_000);
      const title = input.title ?? SAMPLE_TITLES[id % SAMPLE_TITLES.length] ?? 'Článek';
      const targetUrl = input.targetUrl ?? 'https://www.zahradni-technika.example.cz/sekacky';
      const photos = [
        ...(input.cover === false ? [] : [0]),
        ...Array.from({ length: photoCount }, (_, i) => i + 1),
      ];
      const deal: DealRecord = {
        id,
        state: input.state ?? 'akceptovano',
        blogId: blog.id,
        advertiserAccountId: DEFAULT_ADVERTISER_ACCOUNT,
        demand: {
          id: nextDemandId++,
          name: `Článek o zahradní technice (${id})`,
          url: targetUrl,
          keywords: 'zahradní sekačka, sekačky na trávu',
          keywordUrls: [{ keyword: 'zahradní sekačka', url: targetUrl }],
          linksMode: 1,
          description:
            'Napište článek o výběru zahradní sekačky pro menší zahradu. Zmiňte bezpečnost, hlučnost a servis. ' +
            'Odkaz na klíčové slovo umístěte do prvního odstavce.',
          expectation: 'SEO',
          ns: 1,
          publication: input.html !== undefined,
        },
        price: input.price ?? 2500,
        reward: input.reward ?? 1800,
        articleUrl: null,
        extraUrls: null,
        reason: null,
        rating: null,
        title,
        html: input.html ?? defaultArticleHtml(title, targetUrl, photoCount),
        photos,
        photoBytes: new Map(Object.entries(input.photoBytes ?? {}).map(([n, b]) => [Number(n), b])),
        photoUrls: new Map(Object.entries(input.photoUrls ?? {}).map(([n, u]) => [Number(n), u])),
        instantPublish: input.instantPublish ?? false,
        publishedBy: input.publishedBy ?? 'agent',
        categoryId: input.categoryId ?? null,
        approvalPendingUntil:
          input.approvalDelayMs !== undefined && input.approvalDelayMs > 0
            ? at + input.approvalDelayMs
            : null,
        acceptedAt: at,
        publishDeadline: at + (input.deadlineMinutes ?? LIMITS.agentDeadlineMinutes) * 60_000,
        changedAt: at,
      };
      deals.set(id, deal);
      return deal;
    },
    setDealState(deal, state, reason) {
      deal.state = state;
      if (reason !== undefined) deal.reason = reason;
      deal.changedAt = now();
    },
    isUrlUsed(url) {
      const wanted = normaliseUrl(url);
      for (const deal of deals.values()) {
        if (deal.articleUrl !== null && normaliseUrl(deal.articleUrl) === wanted) return true;
      }
      return false;
    },
    keysOfAccount(accountId) {
      return [...keys.values()].filter((k) => k.accountId === accountId);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Views: the service's field names, exactly.

export function blogView(
  blog: BlogRecord,
  publishedCount: number,
  dates: WireDates = PRAGUE_DATES,
): Record<string, unknown> {
  const updated = dates.write(blog.monthlyVisitorsUpdated);
  return {
    id: blog.id,
    name: blog.name,
    url: blog.url,
    type: 'web',
    approved: true,
    min_price: blog.minPrice,
    monthly_visitors: blog.monthlyVisitors,
    monthly_visitors_updated: updated,
    monthly_visitors_stale: false,
    writing_service: blog.writingService,
    writing_price_per_ns: blog.writingPricePerNs,
    da: 21,
    metrics_updated: updated,
    published_count: publishedCount,
    publishing: {
      mode: blog.mode,
      instant_publish: blog.instantPublish,
      categories: blog.categories,
      deadline_minutes: LIMITS.agentDeadlineMinutes,
    },
  };
}

export function dealView(
  deal: DealRecord,
  blog: BlogRecord | undefined,
  options: { role: Role; detail: boolean; baseUrl: string; dates?: WireDates },
): Record<string, unknown> {
  const d = deal.demand;
  const demand = options.detail
    ? {
        id: d.id,
        name: d.name,
        url: d.url,
        keywords: d.keywords,
        keyword_urls: d.keywordUrls,
        links_mode: d.linksMode,
        description: d.description,
        expectation: d.expectation,
        ns: d.ns,
        publication: d.publication,
        attachment: null,
      }
    : { id: d.id, name: d.name };
  return {
    id: deal.id,
    state: deal.state,
    blog: { id: deal.blogId, name: blog?.name ?? '' },
    demand,
    web_url: `${options.baseUrl}/_sandbox/deals/${deal.id}`,
    changed_at: (options.dates ?? PRAGUE_DATES).write(deal.changedAt),
    price: deal.price,
    ns: d.ns,
    express_hours: 0,
    article_url: deal.articleUrl,
    reason: deal.reason,
    rating: deal.rating,
    claim: { open: false, count: 0 },
    unread_messages: 0,
    writing: { ordered: false, text_state: null, editor_price: 0, approved_by_advertiser: false },
    services: [],
    // The document: reward is present only in the blogger's responses.
    ...(options.role === 'bloger' ? { reward: deal.reward } : {}),
  };
}

export function dealTextView(deal: DealRecord): Record<string, unknown> {
  return {
    deal_id: deal.id,
    text: deal.html,
    photos: deal.photos.map((n) => ({ n, url: deal.photoUrls.get(n) ?? photoPath(deal.id, n) })),
    instant_publish: deal.instantPublish,
    published_by: deal.publishedBy,
    category_id: deal.categoryId,
  };
}

export function dealAcceptedBody(
  deal: DealRecord,
  blog: BlogRecord | undefined,
  dates: WireDates = PRAGUE_DATES,
): DealAcceptedBody {
  const d = deal.demand;
  return {
    event: 'deal.accepted',
    deal: {
      id: deal.id,
      blog: { id: deal.blogId, name: blog?.name ?? '' },
      demand: {
        id: d.id,
        name: d.name,
        url: d.url,
        keywords: d.keywords,
        description: d.description,
        expectation: d.expectation,
        ns: d.ns,
        publication: d.publication,
      },
      price: deal.price,
      reward: deal.reward,
      instant_publish: deal.instantPublish,
      published_by: deal.publishedBy,
      category_id: deal.categoryId,
      publish_deadline: dates.write(deal.publishDeadline),
    },
  };
}

export function sandboxDealView(
  deal: DealRecord,
  blog: BlogRecord | undefined,
  dates: WireDates = PRAGUE_DATES,
): SandboxDeal {
  const iso = (ms: number): string => new Date(ms).toISOString();
  return {
    id: deal.id,
    state: deal.state,
    blogId: deal.blogId,
    demandId: deal.demand.id,
    title: deal.title,
    html: deal.html,
    photos: [...deal.photos],
    instantPublish: deal.instantPublish,
    publishedBy: deal.publishedBy,
    categoryId: deal.categoryId,
    price: deal.price,
    reward: deal.reward,
    articleUrl: deal.articleUrl,
    acceptedAt: iso(deal.acceptedAt),
    publishDeadline: iso(deal.publishDeadline),
    changedAt: iso(deal.changedAt),
    approvalPendingUntil: deal.approvalPendingUntil === null ? null : iso(deal.approvalPendingUntil),
    acceptedEvent: dealAcceptedBody(deal, blog, dates),
  };
}
