/**
 * The sandbox's in-memory world: API keys and their accounts, blogs, deals with their demand briefs, hand-ins
 * (records.ts has their shapes, views.ts renders them as the API document names the fields). Nothing here does
 * I/O.
 */
import { type Clock, systemClock } from '../clock.js';
import { type DealState, LIMITS } from './api-document.js';
import {
  type ApiKeyRecord,
  type BlogInput,
  type BlogRecord,
  type CreateDealInput,
  DEFAULT_ADVERTISER_ACCOUNT,
  DEFAULT_BLOGGER_ACCOUNT,
  type DealRecord,
  type DemandRecord,
  type HandInRecord,
  type KeyInput,
  type PostRecord,
  type Role,
} from './records.js';
import { defaultArticleHtml, SAMPLE_TITLES } from './sample-article.js';
import { normaliseUrl } from './urls.js';

export interface SandboxState {
  readonly keys: Map<string, ApiKeyRecord>;
  readonly blogs: Map<number, BlogRecord>;
  readonly deals: Map<number, DealRecord>;
  readonly handIns: HandInRecord[];
  putBlog(input: BlogInput): BlogRecord;
  /** A deal; on `demand` (an offer on, or a decline of, a sandbox demand) instead of a generated brief. */
  createDeal(input: CreateDealInput, demand?: DemandRecord): DealRecord;
  /** The next demand id (generated briefs and demands.ts share one counter). */
  nextDemandId(): number;
  setDealState(deal: DealRecord, state: DealState, reason?: string | null): void;
  /**
   * A message or claim post. The sandbox's reading of "changed_at: time of the last change": a post changes the
   * deal, so a `zmeneno_od` listing shows it (docs/decisions/0010-the-webhook-listener-stays-in-poll-mode.md).
   */
  addPost(deal: DealRecord, kind: 'messages' | 'claims', author: Role, text: string): PostRecord;
  /** Whether any deal already handed in this URL (compared after URL normalisation). */
  isUrlUsed(url: string): boolean;
  keysOfAccount(accountId: number): ApiKeyRecord[];
}

/** The instant the sandbox's ids count from (`firstIdAt`). */
const ID_EPOCH_MS = Date.UTC(2026, 0, 1);
/** Ids handed out per second of the clock before a restarted sandbox could meet its predecessor's ids. */
const IDS_PER_SECOND = 10;

/**
 * The first deal id (and, from `base` 501, demand id) of a sandbox started at `nowMs`: `base` plus the tenths of
 * a second since 2026-01-01 (about 3.1 × 10⁸ a year: the ids stay 32-bit integers until 2032). The sandbox keeps
 * its world in memory only, so a restarted sandbox numbering from 1001 again handed out ids a pressbridge that
 * kept its Redis had already finished ("deal already queued"); counted from the clock, a restart starts past
 * every id the previous run gave, as long as that run averaged fewer than 10 deals a second.
 */
export function firstIdAt(nowMs: number, base: number): number {
  return base + Math.max(0, Math.floor(((nowMs - ID_EPOCH_MS) * IDS_PER_SECOND) / 1000));
}

export function createSandboxState(init: {
  keys: KeyInput[];
  blogs: BlogInput[];
  clock?: Clock;
}): SandboxState {
  const clock = init.clock ?? systemClock;
  const keys = new Map<string, ApiKeyRecord>();
  const blogs = new Map<number, BlogRecord>();
  const deals = new Map<number, DealRecord>();
  const handIns: HandInRecord[] = [];
  let nextDealId = firstIdAt(clock.now().getTime(), 1001);
  let nextDemandId = firstIdAt(clock.now().getTime(), 501);

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
      monthlyVisitorsUpdated: previous?.monthlyVisitorsUpdated ?? clock.now().getTime(),
      writingService: previous?.writingService ?? 0,
      writingPricePerNs: previous?.writingPricePerNs ?? 0,
      description: previous?.description ?? '',
      note: previous?.note ?? '',
      lowerPriceAllowed: input.lowerPriceAllowed ?? previous?.lowerPriceAllowed ?? false,
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
    nextDemandId: () => nextDemandId++,
    createDeal(input, existingDemand) {
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
      const at = clock.now().getTime() - Math.round(acceptedMinutesAgo * 60_000);
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
        demand: existingDemand ?? {
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
        paidAt: input.state === 'proplaceno' ? at : null,
        messages: [],
        claims: [],
        offer: null,
        photoDemandId: null,
      };
      deals.set(id, deal);
      return deal;
    },
    setDealState(deal, state, reason) {
      deal.state = state;
      if (reason !== undefined) deal.reason = reason;
      deal.changedAt = clock.now().getTime();
      if (state === 'proplaceno') deal.paidAt ??= deal.changedAt;
    },
    addPost(deal, kind, author, text) {
      const post: PostRecord = { author, text, at: clock.now().getTime(), read: false };
      deal[kind].push(post);
      deal.changedAt = post.at;
      return post;
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
