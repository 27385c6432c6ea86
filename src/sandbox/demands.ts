/**
 * The sandbox's demands (the blogger's side of the market, API document "Demand as seen by a blogger",
 * `GET /v1/demands/{id}`, `demand.created`): the active demands the advertiser created through the control API,
 * which blogs each suits, and the service's views of them. Nothing here does I/O; routes/demands.ts serves them,
 * index.ts delivers `demand.created`.
 *
 * The sandbox's reading where the document is silent: a demand suits the blogs it was created for (default:
 * every blog the sandbox had then), a VIP demand only those; a blog's decline creates a deal in state `zruseno`
 * ("blogger declined the demand"), so the demand leaves the blog's list and a later offer meets 409
 * `nabidka_existuje`; a blog is incomplete (422 `blog_neuplny`) when it has no minimum price.
 */
import {
  DEMAND_ACTIVE_STATE,
  type DemandKind,
  demandPhotoPath,
  type TitlePhotoMode,
} from './api-document.js';
import {
  type ApiKeyRecord,
  type BlogRecord,
  DEFAULT_ADVERTISER_ACCOUNT,
  type DealRecord,
  type DemandRecord,
} from './records.js';
import type { SandboxState } from './state.js';

export interface CreateDemandInput {
  /** The blogs the demand suits (default: every blog of the sandbox); a VIP demand is tied to them. */
  blogIds?: number[];
  /** Default `standard`. */
  kind?: DemandKind;
  name: string;
  /** The blogger's reward at the base price, Kč. */
  reward: number;
  /** What the advertiser pays per article (default: reward × 1.4, rounded). */
  price?: number;
  /** Target site (default https://www.zahradni-technika.example.cz/). */
  url?: string;
  keywords?: string;
  keywordUrls?: Array<{ keyword: string; url: string }>;
  linksMode?: number;
  description?: string;
  expectation?: string;
  ns?: number;
  /** `publication` demands: the finished text (default: a short sample) and its materials. */
  articleText?: string;
  sharedText?: boolean;
  titlePhoto?: TitlePhotoMode;
  /** Photos of the materials, numbered 1..n (default 1). */
  photos?: number;
  /** Default true: `demand.created` goes to the webhooks of the blogs' owners. */
  deliver?: boolean;
}

export interface DemandEntry {
  brief: DemandRecord;
  /** The advertiser account that created the demand (the sandbox has one: DEFAULT_ADVERTISER_ACCOUNT). */
  advertiserAccountId: number;
  kind: DemandKind;
  vip: boolean;
  blogIds: number[];
  price: number;
  reward: number;
  active: boolean;
  materials: {
    sharedText: boolean;
    titlePhoto: TitlePhotoMode;
    text: string;
    photos: number[];
  } | null;
  createdAt: number;
}

/** What tests and the control API learn about a demand (camelCase: the sandbox's own API). */
export interface SandboxDemand {
  id: number;
  kind: DemandKind;
  name: string;
  vip: boolean;
  blogIds: number[];
  price: number;
  reward: number;
  active: boolean;
}

export interface DemandStore {
  readonly entries: Map<number, DemandEntry>;
  create(input: CreateDemandInput): DemandEntry;
  /** Active and meant for the blog (a VIP demand only for the blogs it is tied to). */
  suits(entry: DemandEntry, blogId: number): boolean;
  /** The blog's deal on the demand (an offer, a decline, an order), if any. */
  dealOf(entry: DemandEntry, blogId: number): DealRecord | undefined;
  /** Suits the blog and the blog has no deal on it yet: `GET /v1/blogs/{id}/demands` lists these. */
  availableFor(blogId: number): DemandEntry[];
  /**
   * `GET /v1/demands/{id}` (and its photos): the advertiser sees its own demands; a blogger an active demand
   * meant for one of its blogs (VIP only if tied to it) or one with a deal of its blogs.
   */
  visibleTo(entry: DemandEntry, key: ApiKeyRecord): boolean;
}

const DEFAULT_URL = 'https://www.zahradni-technika.example.cz/';

export function isBlogIncomplete(blog: BlogRecord): boolean {
  return blog.minPrice <= 0;
}

export function createDemandStore(state: SandboxState, now: () => number = Date.now): DemandStore {
  const entries = new Map<number, DemandEntry>();
  const suits = (entry: DemandEntry, blogId: number): boolean =>
    entry.active && entry.blogIds.includes(blogId);
  const dealOf = (entry: DemandEntry, blogId: number): DealRecord | undefined =>
    [...state.deals.values()].find((d) => d.blogId === blogId && d.demand.id === entry.brief.id);
  return {
    entries,
    suits,
    dealOf,
    availableFor: (blogId) =>
      [...entries.values()].filter((e) => suits(e, blogId) && dealOf(e, blogId) === undefined),
    visibleTo(entry, key) {
      if (key.role === 'inzerent') return entry.advertiserAccountId === key.accountId;
      return [...state.blogs.values()]
        .filter((b) => b.accountId === key.accountId)
        .some(
          (b) =>
            dealOf(entry, b.id) !== undefined ||
            (entry.active && (!entry.vip || entry.blogIds.includes(b.id))),
        );
    },
    create(input) {
      const blogIds = input.blogIds ?? [...state.blogs.keys()];
      for (const id of blogIds) {
        if (!state.blogs.has(id)) throw new RangeError(`no blog with id ${id} in the sandbox`);
      }
      if (!Number.isInteger(input.reward) || input.reward <= 0) throw new RangeError('reward must be > 0');
      const kind = input.kind ?? 'standard';
      const url = input.url ?? DEFAULT_URL;
      const keywords = kind === 'publication' ? '' : (input.keywords ?? 'zahradní sekačka');
      const firstKeyword = keywords.split(',')[0]?.trim() ?? '';
      const id = state.nextDemandId();
      const photoCount = input.photos ?? 1;
      const entry: DemandEntry = {
        brief: {
          id,
          name: input.name,
          url,
          keywords,
          keywordUrls: input.keywordUrls ?? (firstKeyword ? [{ keyword: firstKeyword, url }] : []),
          linksMode: input.linksMode ?? 1,
          description: input.description ?? 'Napište článek o výběru zahradní sekačky pro menší zahradu.',
          expectation: input.expectation ?? 'SEO',
          ns: input.ns ?? 1,
          publication: kind === 'publication',
        },
        advertiserAccountId: DEFAULT_ADVERTISER_ACCOUNT,
        kind,
        vip: kind === 'vip',
        blogIds: [...new Set(blogIds)],
        price: input.price ?? Math.round(input.reward * 1.4),
        reward: input.reward,
        active: true,
        materials:
          kind === 'publication'
            ? {
                sharedText: input.sharedText ?? true,
                titlePhoto: input.titlePhoto ?? 'shared',
                text:
                  input.articleText ?? `<h1>${input.name}</h1><p>[foto1]</p><p>Hotový text inzerenta.</p>`,
                photos: Array.from({ length: photoCount }, (_, i) => i + 1),
              }
            : null,
        createdAt: now(),
      };
      entries.set(id, entry);
      return entry;
    },
  };
}

/** `GET /v1/blogs/{id}/demands` item and the brief of `demand.created`: the document's blogger fields. */
export function bloggerDemandView(entry: DemandEntry): Record<string, unknown> {
  const d = entry.brief;
  return {
    id: d.id,
    name: d.name,
    url: d.url,
    vip: entry.vip,
    type: 'web',
    keywords: d.keywords,
    ns: d.ns,
    publication: d.publication,
    expectation: d.expectation,
    description: d.description,
    reward: entry.reward,
  };
}

/** `GET /v1/demands/{id}` for a blogger: the full brief, with `materials` for `publication` demands. */
export function demandDetailView(entry: DemandEntry): Record<string, unknown> {
  const d = entry.brief;
  const m = entry.materials;
  return {
    ...bloggerDemandView(entry),
    state: DEMAND_ACTIVE_STATE,
    keyword_urls: d.keywordUrls.map((k) => ({ ...k })),
    links_mode: d.linksMode,
    attachment: null,
    ...(m
      ? {
          materials: {
            shared_text: m.sharedText,
            title_photo: m.titlePhoto,
            text: m.text,
            photos: m.photos.map((n) => ({ n, url: demandPhotoPath(d.id, n) })),
          },
        }
      : {}),
  };
}

/** The `demand.created` bodies, one per blogger account owning some of the demand's blogs. */
export function demandCreatedBodies(
  entry: DemandEntry,
  blogs: ReadonlyMap<number, BlogRecord>,
): Array<{ accountId: number; body: { event: 'demand.created' } & Record<string, unknown> }> {
  const byAccount = new Map<number, Array<{ id: number; name: string }>>();
  for (const id of entry.blogIds) {
    const blog = blogs.get(id);
    if (!blog) continue;
    const list = byAccount.get(blog.accountId) ?? [];
    list.push({ id: blog.id, name: blog.name });
    byAccount.set(blog.accountId, list);
  }
  return [...byAccount.entries()].map(([accountId, list]) => ({
    accountId,
    body: { event: 'demand.created', demand: bloggerDemandView(entry), blogs: list },
  }));
}

export function sandboxDemandView(entry: DemandEntry): SandboxDemand {
  return {
    id: entry.brief.id,
    kind: entry.kind,
    name: entry.brief.name,
    vip: entry.vip,
    blogIds: [...entry.blogIds],
    price: entry.price,
    reward: entry.reward,
    active: entry.active,
  };
}
