/**
 * The home page's two first answers, pure: "all well?" (a tone) and "what needs me?" (the items), from the same
 * facts the notifications judge by: the deal records (failed, deadline missed, waiting for approval), the
 * notifier's open problems (marketplace down or rate-limiting, a site down, an article gone), the sites' own
 * checks, Redis, the advertiser's claims and messages, the deals in arbitration and the deadline reading.
 *
 * | fact | item | tone |
 * |---|---|---|
 * | Redis does not answer | redis | bad |
 * | the poll intake makes no progress (src/intake/liveness.ts) | intake | bad |
 * | a listed deal could not be read (src/intake/unreadable.ts) | unreadable | bad |
 * | open `marketplace_unreachable` | marketplace_down | bad |
 * | a failed deal refused for the API key (`neplatny_klic`, `chybi_klic`, `chybi_scope`, `spatna_role`) | key | bad |
 * | a finished deal's id came again with another acceptance (src/deals/recycled-id.ts) | recycled | warn |
 * | a deal held for the blogger's last look (its deadline runs) | held, each, first among the deals | warn |
 * | available demands judged `fits`, neither offered on nor declined | fits, a count per blog | warn |
 * | offers made that wait for the advertiser's answer | offers, one count | none (nothing to do but wait) |
 * | anything else below | its item | warn |
 * | nothing | none | ok |
 */
import type { DeadlineFinding } from '../../deals/deadline-offset.js';
import type { DealRecord } from '../../deals/record.js';
import type { RecycledIdFinding } from '../../deals/recycled-id.js';
import type { DemandStall } from '../../demands/health.js';
import { type DemandRecord, offerWaiting } from '../../demands/store.js';
import type { Said } from '../../errors.js';
import type { Stall } from '../../intake/liveness.js';
import type { UnreadableItem } from '../../intake/unreadable.js';
import { ERROR_CODES } from '../../marketplace/schema.js';
import type { AwaitingDeal } from '../../money/earnings.js';
import { firstLine } from '../../notify/render.js';
import type { NotifyEvent } from '../../notify/types.js';
import type { Sourced, TargetStatus } from '../types.js';

/** A claim or message the advertiser wrote lately (from the recorded `claim.created`/`message.created` events). */
export interface AdvertiserPost {
  kind: 'claim' | 'message';
  dealId: number;
  /** ISO 8601: when the webhook came. */
  at: string;
  /** The post's first line, cut to `LINE_MAX` (the advertiser's words: the view escapes them). */
  line?: string | undefined;
}

const LINE_MAX = 160;

/** Claims and messages are shown this many days after they came (pressbridge cannot see whether they were read). */
export const POST_DAYS = 7;

/** The run states the home page lists under "what needs you". */
export const NEEDS_STATES = ['held', 'failed', 'deadline_missed', 'waiting_approval'] as const;

/** Error codes that mean the key itself was refused: fixing the key, not the deal, is the action. */
const KEY_CODES: readonly string[] = [
  ERROR_CODES.invalidKey,
  ERROR_CODES.missingKey,
  ERROR_CODES.missingScope,
  ERROR_CODES.wrongRole,
];

export type NeedItem =
  | { kind: 'redis' }
  | { kind: 'intake'; stall: Stall }
  | { kind: 'unreadable'; item: UnreadableItem }
  | { kind: 'unreadable_more'; count: number }
  | { kind: 'marketplace_down'; minutes: number }
  | { kind: 'rate_limited'; minutes: number }
  | { kind: 'key'; dealIds: number[] }
  | { kind: 'failed' | 'missed' | 'approval' | 'held'; deal: DealRecord }
  | { kind: 'fits'; blogId: number; count: number }
  | { kind: 'incomplete'; blogId: number; since: string }
  | { kind: 'demands_stalled'; stall: DemandStall }
  | { kind: 'offers'; count: number }
  | { kind: 'claim' | 'message'; post: AdvertiserPost }
  | { kind: 'arbitration'; dealId: number }
  | { kind: 'site'; blogId: number; name: string; detail: string }
  | {
      kind: 'article';
      dealId: number;
      problem: 'gone' | 'links' | 'page';
      detail: string;
      detailSaid?: Said | undefined;
    }
  | { kind: 'dates'; finding: DeadlineFinding }
  | { kind: 'recycled'; finding: RecycledIdFinding }
  | { kind: 'unknown'; error: string };

export type HomeTone = 'ok' | 'warn' | 'bad';

export interface HomeFacts {
  redis: Sourced<boolean>;
  /** Deals in `NEEDS_STATES`, newest first. */
  attention: Sourced<DealRecord[]>;
  targets: Sourced<TargetStatus[]>;
  /** The notifier's open problems (absent: no notifier). */
  problems?: Sourced<readonly NotifyEvent[]> | undefined;
  posts: Sourced<AdvertiserPost[]>;
  /** Deals whose payout waits for an arbiter (the Earnings numbers). */
  arbitration?: readonly AwaitingDeal[] | undefined;
  deadlineFinding?: Sourced<DeadlineFinding | undefined> | undefined;
  /** The last deal id seen again with another acceptance, within its days (absent: not read). */
  recycledId?: Sourced<RecycledIdFinding | undefined> | undefined;
  /** The poll intake's stall, if any (absent: no poll intake). */
  intake?: Sourced<Stall | undefined> | undefined;
  /** List items the intake left out as unreadable, newest first. */
  unreadable?: Sourced<readonly UnreadableItem[]> | undefined;
  /** Each configured blog's kept demands (absent: the demand intake is off). */
  demands?: Sourced<readonly BlogDemandRecords[]> | undefined;
  /** The demand lists have not been read for a while (src/demands/health.ts; absent: not judged). */
  demandsStalled?: Sourced<DemandStall | undefined> | undefined;
}

export interface BlogDemandRecords {
  blogId: number;
  records: readonly DemandRecord[];
  /** Since when the marketplace calls the blog incomplete (422 `blog_neuplny`): it offers it no demands. */
  incompleteSince?: string | undefined;
}

const BAD_KINDS: ReadonlySet<NeedItem['kind']> = new Set([
  'redis',
  'intake',
  'unreadable',
  'unreadable_more',
  'marketplace_down',
  'key',
]);

/** Items that ask nothing of the blogger (listed, but all is still well). */
const QUIET_KINDS: ReadonlySet<NeedItem['kind']> = new Set(['offers']);

/** Unreadable items listed one by one; the rest are in the log and the notifications. */
export const UNREADABLE_SHOWN = 5;

function fromProblems(problems: readonly NotifyEvent[], siteIds: ReadonlySet<number>): NeedItem[] {
  return problems.flatMap((p): NeedItem[] => {
    switch (p.topic) {
      case 'marketplace_unreachable':
        return [{ kind: 'marketplace_down', minutes: p.minutes }];
      case 'marketplace_rate_limited':
        return [{ kind: 'rate_limited', minutes: p.minutes }];
      case 'site_unreachable':
        // The sites' own check (fresher) already says so.
        return siteIds.has(p.blogId)
          ? []
          : [{ kind: 'site', blogId: p.blogId, name: p.blogName, detail: p.detail }];
      case 'article_check':
        return [
          {
            kind: 'article',
            dealId: p.dealId,
            problem: p.problem,
            detail: p.detail,
            detailSaid: p.detailSaid,
          },
        ];
      default:
        // Deal problems (failed, missed, approval, deadline at risk) come from the records themselves.
        return [];
    }
  });
}

function fromDeals(deals: readonly DealRecord[]): NeedItem[] {
  const keyRefused = deals.filter(
    (d) => d.state === 'failed' && d.errorCode !== undefined && KEY_CODES.includes(d.errorCode),
  );
  const items: NeedItem[] =
    keyRefused.length > 0 ? [{ kind: 'key', dealIds: keyRefused.map((d) => d.dealId) }] : [];
  // Held first: the deadline runs while it waits for the blogger.
  for (const deal of deals) if (deal.state === 'held') items.push({ kind: 'held', deal });
  for (const deal of deals) {
    if (deal.state === 'failed') items.push({ kind: 'failed', deal });
    else if (deal.state === 'deadline_missed') items.push({ kind: 'missed', deal });
    else if (deal.state === 'waiting_approval') items.push({ kind: 'approval', deal });
  }
  return items;
}

/** A demand that fits and waits for the blogger's offer (or its decline). */
export function fitWaiting(r: DemandRecord): boolean {
  return r.available && r.verdict?.outcome === 'fits' && !r.offer && !r.declinedAt;
}

function fromDemands(blogs: readonly BlogDemandRecords[]): NeedItem[] {
  const items: NeedItem[] = [];
  for (const blog of blogs) {
    if (blog.incompleteSince !== undefined)
      items.push({ kind: 'incomplete', blogId: blog.blogId, since: blog.incompleteSince });
    const count = blog.records.filter(fitWaiting).length;
    if (count > 0) items.push({ kind: 'fits', blogId: blog.blogId, count });
  }
  const pending = blogs.reduce((sum, blog) => sum + blog.records.filter(offerWaiting).length, 0);
  if (pending > 0) items.push({ kind: 'offers', count: pending });
  return items;
}

/** What needs the blogger, the most pressing first. */
export function needItems(facts: HomeFacts): NeedItem[] {
  const items: NeedItem[] = [];
  if (!facts.redis.ok || !facts.redis.value) items.push({ kind: 'redis' });
  if (facts.intake?.ok && facts.intake.value) items.push({ kind: 'intake', stall: facts.intake.value });
  if (facts.unreadable?.ok) {
    const all = facts.unreadable.value;
    for (const item of all.slice(0, UNREADABLE_SHOWN)) items.push({ kind: 'unreadable', item });
    if (all.length > UNREADABLE_SHOWN)
      items.push({ kind: 'unreadable_more', count: all.length - UNREADABLE_SHOWN });
  }
  const down = facts.targets.ok ? facts.targets.value.filter((t) => !t.ok) : [];
  const siteIds = new Set(down.map((t) => t.blogId));
  const problems = facts.problems?.ok ? fromProblems(facts.problems.value, siteIds) : [];
  items.push(...problems.filter((i) => i.kind === 'marketplace_down' || i.kind === 'rate_limited'));
  if (facts.attention.ok) items.push(...fromDeals(facts.attention.value));
  else if (facts.redis.ok && facts.redis.value) items.push({ kind: 'unknown', error: facts.attention.error });
  if (facts.recycledId?.ok && facts.recycledId.value) {
    items.push({ kind: 'recycled', finding: facts.recycledId.value });
  }
  for (const t of down) items.push({ kind: 'site', blogId: t.blogId, name: t.name, detail: t.detail });
  items.push(...problems.filter((i) => i.kind === 'site'));
  items.push(...problems.filter((i) => i.kind === 'article'));
  if (facts.posts.ok) items.push(...facts.posts.value.map((post) => ({ kind: post.kind, post })));
  for (const d of facts.arbitration ?? []) items.push({ kind: 'arbitration', dealId: d.dealId });
  if (facts.deadlineFinding?.ok && facts.deadlineFinding.value) {
    items.push({ kind: 'dates', finding: facts.deadlineFinding.value });
  }
  if (facts.demandsStalled?.ok && facts.demandsStalled.value)
    items.push({ kind: 'demands_stalled', stall: facts.demandsStalled.value });
  if (facts.demands?.ok) items.push(...fromDemands(facts.demands.value));
  return items;
}

/** "All well?": bad when pressbridge cannot work, warn when something waits for the blogger, else ok. */
export function homeTone(items: readonly NeedItem[]): HomeTone {
  if (items.some((i) => BAD_KINDS.has(i.kind))) return 'bad';
  return items.some((i) => !QUIET_KINDS.has(i.kind)) ? 'warn' : 'ok';
}

/**
 * The claims and messages of the recorded webhook events (newest first) within `POST_DAYS` of `now`: the newest
 * of each kind per deal.
 */
export function advertiserPosts(
  events: readonly { event: string; receivedAt: string; dealId?: number; body?: unknown }[],
  now: Date,
): AdvertiserPost[] {
  const since = now.getTime() - POST_DAYS * 24 * 3_600_000;
  const seen = new Set<string>();
  const posts: AdvertiserPost[] = [];
  for (const e of events) {
    const kind =
      e.event === 'claim.created' ? 'claim' : e.event === 'message.created' ? 'message' : undefined;
    const at = Date.parse(e.receivedAt);
    if (!kind || e.dealId === undefined || !(at >= since)) continue;
    const key = `${kind}:${e.dealId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const line = postLine(e.body, kind);
    posts.push({ kind, dealId: e.dealId, at: e.receivedAt, ...(line ? { line } : {}) });
  }
  return posts;
}

/** `body.claim.text` / `body.message.text` (cleaned of invisible characters at intake), its first line. */
function postLine(body: unknown, kind: AdvertiserPost['kind']): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const post: unknown = (body as Record<string, unknown>)[kind];
  if (typeof post !== 'object' || post === null) return undefined;
  const text: unknown = (post as Record<string, unknown>).text;
  if (typeof text !== 'string') return undefined;
  const line = firstLine(text);
  if (line === '') return undefined;
  return line.length > LINE_MAX ? `${line.slice(0, LINE_MAX - 1)}…` : line;
}
