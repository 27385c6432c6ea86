/** Views of the sandbox's records: the service's field names, exactly (and the sandbox's own camelCase view). */
import { LIMITS, photoPath, type Role } from './api-document.js';
import { createWireDates, type WireDates } from './dates.js';
import type { BlogRecord, DealAcceptedBody, DealRecord, PostRecord, SandboxDeal } from './records.js';

/** A claim thread is open while the article waits for payout or is in arbitration. */
const CLAIM_OPEN_STATES: ReadonlySet<string> = new Set(['ke_schvaleni', 'arbitraz']);

/** A thread entry (the assumed names: src/marketplace/schema.ts `DealPost`). */
export function postView(post: PostRecord, dates: WireDates = PRAGUE_DATES): Record<string, unknown> {
  return { author: post.author, text: post.text, created_at: dates.write(post.at) };
}

/** The assumption's format (Prague wall clock); views take another when the sandbox plays another service. */
const PRAGUE_DATES = createWireDates('prague');

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
    claim: { open: deal.claims.length > 0 && CLAIM_OPEN_STATES.has(deal.state), count: deal.claims.length },
    unread_messages: deal.messages.filter((m) => !m.read && m.author !== options.role).length,
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
    paidAt: deal.paidAt === null ? null : iso(deal.paidAt),
    acceptedEvent: dealAcceptedBody(deal, blog, dates),
  };
}
