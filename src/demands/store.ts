/**
 * The demands' working set in Redis (issue 30): per blog, the demands the marketplace offered it, each with the
 * list item as read, the brief's parts the page shows, when it was first seen, the rules' verdict, whether it is
 * still listed, and the offer made on it or its decline. Read by the status page and the CLI through
 * `DemandStore`; written by the intake (./intake.ts) and the offer service (./offer.ts).
 *
 * Keys (`<p>` the prefix): `<p>:demands:<blog>:index` a sorted set of demand ids by first-seen time;
 * `<p>:demands:<blog>:<demand>` a hash, one field per part, so two writers (the webhook and the poll, an offer
 * and the poll) never overwrite each other's parts. Bounded: at most `MAX_DEMANDS_PER_BLOG` per blog (the
 * oldest dropped), and a demand no longer listed is kept `KEEP_GONE_MS`, then pruned.
 */
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { storedPhrase } from '../errors.js';
import { DemandListItem } from '../marketplace/schema.js';
import type { RulesVerdict } from '../rules/verdict.js';

export const MAX_DEMANDS_PER_BLOG = 200;
/** A demand that left the list stays this long (the page can still say what became of it). */
export const KEEP_GONE_MS = 7 * 24 * 60 * 60_000;
/** Keyword URLs kept per demand: the page shows them, the rules have judged them all already. */
const MAX_KEYWORD_URLS = 50;

export type OfferBy = 'page' | 'cli' | 'auto';

/** The offer made on a demand (`POST /v1/blogs/{id}/offers`); `dealId` is the offer's id, the deal's. */
export interface DemandOffer {
  /** ISO 8601. */
  at: string;
  /** Kč asked: the base reward or a higher bid. */
  reward: number;
  note?: string | undefined;
  /** Absent for a repeat (409 `nabidka_existuje`): the offer was made elsewhere and the answer names no deal. */
  dealId?: number | undefined;
  /** The marketplace's state of the offer (`nabidnuto`, `nabidnuto_vyssi`), or `existing` for a repeat (409). */
  state: string;
  by: OfferBy;
}

/** What the advertiser made of an offer: its deal accepted (`deal.accepted`) or declined (`odmitnuto`). */
export interface OfferAnswer {
  outcome: 'accepted' | 'refused';
  /** ISO 8601: when pressbridge learnt it. */
  at: string;
}

/** The parts of the full brief (`GET /v1/demands/{id}`) the page shows; the text itself is not kept. */
export interface BriefSummary {
  readAt: string;
  keywordUrls?: Array<{ keyword: string; url: string }> | undefined;
  linksMode?: number | undefined;
  /** A publication demand's finished text: its length in characters and its links. */
  textChars?: number | undefined;
  textLinks?: number | undefined;
  /** The brief could not be read (the marketplace's error code): the verdict is then "ask me". */
  unreadable?: string | undefined;
}

export interface DemandRecord {
  blogId: number;
  demandId: number;
  item: DemandListItem;
  firstSeenAt: string;
  /** How it came first. */
  source: 'webhook' | 'poll';
  brief?: BriefSummary | undefined;
  verdict?: RulesVerdict | undefined;
  /** Still in the blog's list (or newly announced and not yet listed). */
  available: boolean;
  goneAt?: string | undefined;
  offer?: DemandOffer | undefined;
  /** The offer's answer, once known (./tally.ts counts it once). */
  answer?: OfferAnswer | undefined;
  declinedAt?: string | undefined;
  notifiedAt?: string | undefined;
}

/** An offer made (with its deal id) that the advertiser has not answered yet. */
export function offerWaiting(record: DemandRecord): boolean {
  return record.offer?.dealId !== undefined && !record.answer;
}

/** What the status page and the CLI read, and the intake and the offer service write. */
export interface DemandStore {
  /** Newest first (by first-seen time), at most `limit` (default all kept). */
  list(blogId: number, limit?: number): Promise<DemandRecord[]>;
  get(blogId: number, demandId: number): Promise<DemandRecord | undefined>;
  /** Records the demand as listed or announced now; `isNew` the first time it is seen. */
  see(
    blogId: number,
    item: DemandListItem,
    at: Date,
    source: 'webhook' | 'poll',
  ): Promise<{ isNew: boolean }>;
  judged(blogId: number, demandId: number, brief: BriefSummary, verdict: RulesVerdict): Promise<void>;
  /** Marks every kept demand not among `listed` as gone (the list is the whole truth). */
  markGone(blogId: number, listed: ReadonlySet<number>, at: Date): Promise<number[]>;
  /** One demand no longer available (an offer answered 404 `poptavka_nedostupna`). */
  gone(blogId: number, demandId: number, at: Date): Promise<void>;
  markOffered(blogId: number, demandId: number, offer: DemandOffer): Promise<void>;
  /** Keeps the offer's answer once: true the first time, false when it had one or the demand is not kept. */
  answered(blogId: number, demandId: number, answer: OfferAnswer): Promise<boolean>;
  /** Marks every available demand declined (`POST /v1/blogs/{id}/demands/decline`). */
  markDeclined(blogId: number, at: Date): Promise<number[]>;
  /** Of `demandIds`, those not told yet, now marked told (once per demand across processes). */
  claimNotice(blogId: number, demandIds: readonly number[], at: Date): Promise<number[]>;
  /** Drops what is past its keeping; the ids dropped. */
  prune(blogId: number, now: Date): Promise<number[]>;
  /** Since when (ISO) the marketplace calls the blog incomplete (422 `blog_neuplny`); undefined: it does not. */
  incompleteSince(blogId: number): Promise<string | undefined>;
  /** The blog called incomplete at `at`; true the first time (until `listed`). */
  markIncomplete(blogId: number, at: Date): Promise<boolean>;
  /** The blog's list read again; true when it had been called incomplete. */
  listed(blogId: number): Promise<boolean>;
}

export function demandKeys(prefix: string, blogId: number) {
  return {
    index: `${prefix}:demands:${blogId}:index`,
    record: (demandId: number) => `${prefix}:demands:${blogId}:${demandId}`,
    /** Since when the list answers 422 `blog_neuplny` (written and cleared by the intake, ./intake.ts). */
    incomplete: `${prefix}:demands:${blogId}:incomplete`,
  };
}

const jsonOf = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const StoredVerdict = z.object({
  outcome: z.enum(['fits', 'ask', 'refuse']),
  reasons: z.array(
    z
      .object({ rule: z.string(), outcome: z.enum(['ask', 'refuse']), said: z.unknown() })
      .transform((r) => ({ ...r, said: storedPhrase(r.said) ?? { key: 'verdict.reason.unreadable' } })),
  ),
});

const StoredOffer = z.object({
  at: z.string(),
  reward: z.number().int(),
  note: z.string().optional(),
  dealId: z.number().int().optional(),
  state: z.string(),
  by: z.enum(['page', 'cli', 'auto']),
});

const StoredAnswer = z.object({ outcome: z.enum(['accepted', 'refused']), at: z.string() });

const StoredBrief = z.object({
  readAt: z.string(),
  keywordUrls: z.array(z.object({ keyword: z.string(), url: z.string() })).optional(),
  linksMode: z.number().int().optional(),
  textChars: z.number().int().optional(),
  textLinks: z.number().int().optional(),
  unreadable: z.string().optional(),
});

/** A stored hash read back leniently: a part that does not read is left out, not fatal. */
const StoredRecord = z.object({
  item: jsonOf(DemandListItem),
  firstSeenAt: z.string(),
  source: z.enum(['webhook', 'poll']).catch('poll'),
  brief: lenient(jsonOf(StoredBrief)),
  verdict: lenient(jsonOf(StoredVerdict)),
  available: z.string().transform((v) => v === '1'),
  goneAt: lenient(z.string()),
  offer: lenient(jsonOf(StoredOffer)),
  answer: lenient(jsonOf(StoredAnswer)),
  declinedAt: lenient(z.string()),
  notifiedAt: lenient(z.string()),
});

function readRecord(
  blogId: number,
  demandId: number,
  hash: Record<string, string>,
): DemandRecord | undefined {
  const parsed = StoredRecord.safeParse(hash);
  if (!parsed.success) return undefined;
  const r = parsed.data;
  return { blogId, demandId, ...r, verdict: r.verdict as RulesVerdict | undefined };
}

export function createDemandStore(redis: Redis, prefix: string): DemandStore {
  const keysOf = (blogId: number) => demandKeys(prefix, blogId);

  async function getMany(blogId: number, ids: readonly number[]): Promise<DemandRecord[]> {
    if (ids.length === 0) return [];
    const keys = keysOf(blogId);
    const pipeline = redis.pipeline();
    for (const id of ids) pipeline.hgetall(keys.record(id));
    const answers = (await pipeline.exec()) ?? [];
    return ids.flatMap((id, i) => {
      const [error, hash] = answers[i] ?? [null, {}];
      if (error) throw error;
      const record = readRecord(blogId, id, hash as Record<string, string>);
      return record ? [record] : [];
    });
  }

  async function ids(blogId: number, limit = MAX_DEMANDS_PER_BLOG * 2): Promise<number[]> {
    const members = await redis.zrevrange(keysOf(blogId).index, 0, limit - 1);
    return members.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  }

  async function drop(blogId: number, dropped: readonly number[]): Promise<void> {
    if (dropped.length === 0) return;
    const keys = keysOf(blogId);
    await redis
      .multi()
      .zrem(keys.index, ...dropped.map(String))
      .unlink(...dropped.map((id) => keys.record(id)))
      .exec();
  }

  return {
    list: async (blogId, limit) => getMany(blogId, await ids(blogId, limit)),

    async get(blogId, demandId) {
      return (await getMany(blogId, [demandId]))[0];
    },

    async see(blogId, item, at, source) {
      const keys = keysOf(blogId);
      const key = keys.record(item.id);
      const answers = await redis
        .multi()
        .hsetnx(key, 'firstSeenAt', at.toISOString())
        .hsetnx(key, 'source', source)
        .hset(key, 'item', JSON.stringify(item), 'available', '1')
        .hdel(key, 'goneAt')
        .zadd(keys.index, 'NX', at.getTime(), String(item.id))
        .exec();
      const isNew = answers?.[0]?.[1] === 1;
      if (isNew) {
        const over = (await redis.zcard(keys.index)) - MAX_DEMANDS_PER_BLOG;
        if (over > 0) {
          const oldest = await redis.zrange(keys.index, '0', String(over - 1));
          await drop(blogId, oldest.map(Number));
        }
      }
      return { isNew };
    },

    async judged(blogId, demandId, brief, verdict) {
      const kept: BriefSummary = {
        ...brief,
        ...(brief.keywordUrls ? { keywordUrls: brief.keywordUrls.slice(0, MAX_KEYWORD_URLS) } : {}),
      };
      const key = keysOf(blogId).record(demandId);
      // Only onto a record that exists: a pruned demand is not brought back by a late brief.
      if ((await redis.exists(key)) === 0) return;
      await redis.hset(key, 'brief', JSON.stringify(kept), 'verdict', JSON.stringify(verdict));
    },

    async markGone(blogId, listed, at) {
      const records = await getMany(blogId, await ids(blogId));
      const gone = records.filter((r) => r.available && !listed.has(r.demandId)).map((r) => r.demandId);
      if (gone.length === 0) return [];
      const keys = keysOf(blogId);
      const multi = redis.multi();
      for (const id of gone) multi.hset(keys.record(id), 'available', '0', 'goneAt', at.toISOString());
      await multi.exec();
      return gone;
    },

    async gone(blogId, demandId, at) {
      const key = keysOf(blogId).record(demandId);
      if ((await redis.exists(key)) === 0) return;
      await redis.hset(key, 'available', '0', 'goneAt', at.toISOString());
    },

    async markOffered(blogId, demandId, offer) {
      await redis.hset(keysOf(blogId).record(demandId), 'offer', JSON.stringify(offer));
    },

    async answered(blogId, demandId, answer) {
      const key = keysOf(blogId).record(demandId);
      // Only onto a record that exists: a pruned demand is not brought back by a late answer.
      if ((await redis.exists(key)) === 0) return false;
      return (await redis.hsetnx(key, 'answer', JSON.stringify(answer))) === 1;
    },

    async markDeclined(blogId, at) {
      const records = await getMany(blogId, await ids(blogId));
      const open = records.filter((r) => r.available && !r.offer).map((r) => r.demandId);
      if (open.length === 0) return [];
      const keys = keysOf(blogId);
      const multi = redis.multi();
      for (const id of open) multi.hset(keys.record(id), 'declinedAt', at.toISOString(), 'available', '0');
      await multi.exec();
      return open;
    },

    async claimNotice(blogId, demandIds, at) {
      if (demandIds.length === 0) return [];
      const keys = keysOf(blogId);
      const multi = redis.multi();
      for (const id of demandIds) multi.hsetnx(keys.record(id), 'notifiedAt', at.toISOString());
      const answers = (await multi.exec()) ?? [];
      return demandIds.filter((_, i) => answers[i]?.[1] === 1);
    },

    async incompleteSince(blogId) {
      return (await redis.get(keysOf(blogId).incomplete)) ?? undefined;
    },

    async markIncomplete(blogId, at) {
      return (await redis.set(keysOf(blogId).incomplete, at.toISOString(), 'NX')) === 'OK';
    },

    async listed(blogId) {
      return (await redis.del(keysOf(blogId).incomplete)) > 0;
    },

    async prune(blogId, now) {
      const records = await getMany(blogId, await ids(blogId));
      const cutoff = now.getTime() - KEEP_GONE_MS;
      const old = records
        .filter((r) => !r.available && Date.parse(r.goneAt ?? r.declinedAt ?? r.firstSeenAt) < cutoff)
        .map((r) => r.demandId);
      await drop(blogId, old);
      return old;
    },
  };
}
