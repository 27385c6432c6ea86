/**
 * The list items the intake had to leave out (src/marketplace/list-items.ts), kept in Redis
 * (`<prefix>:intake:unreadable`, one field per item) so the home page and a notification can name them: an
 * unreadable deal may be one the blogger must hand in by hand.
 *
 * - An item is known by its deal id when it has a usable one, else by the id as sent, else by its reason.
 * - It is cleared when the same deal is later read whole (the poll acted on it), or when no listing has shown it
 *   for `UNSEEN_MS` (it left the window the poll reads; the blogger was told once).
 * - At most `MAX_ITEMS` are kept, the most recently seen.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Said } from '../errors.js';
import { issueAtSaid } from '../marketplace/http.js';
import type { SkippedItem } from '../marketplace/list-items.js';

export const UNSEEN_MS = 24 * 3_600_000;
export const MAX_ITEMS = 50;

export interface UnreadableItem {
  /** Stable across polls: `deal:<id>`, `raw:<id as sent>` or `item:<hash of the reason>`. */
  key: string;
  id?: number | undefined;
  rawId?: string | undefined;
  blogId?: number | undefined;
  /** Where it was left out (`data`, `data[412]` of a listing…) and why, in English: one line. */
  reason: string;
  /** The same for the blogger (absent on an item noted before it was kept: `reason` is shown). */
  reasonSaid?: Said | undefined;
  /** ISO 8601. */
  firstAt: string;
  lastAt: string;
  /** ISO 8601: when the poll read the deal's own page for it (once per item; reconciliation only notes). */
  triedAt?: string | undefined;
}

export function unreadableKey(item: Pick<SkippedItem, 'id' | 'rawId' | 'reason'>): string {
  if (item.id !== undefined) return `deal:${item.id}`;
  if (item.rawId !== undefined) return `raw:${item.rawId}`;
  return `item:${createHash('sha256').update(item.reason).digest('hex').slice(0, 12)}`;
}

/** Why the item was left out, for the blogger: the intake's own phrase, else zod's issue in our words. */
function reasonSaidOf(skipped: SkippedItem): { reasonSaid?: Said } {
  const said = skipped.reasonSaid ?? (skipped.issue ? issueAtSaid(skipped.issue) : undefined);
  return said === undefined ? {} : { reasonSaid: said };
}

function parse(raw: string): UnreadableItem | undefined {
  try {
    const item = JSON.parse(raw) as UnreadableItem;
    return typeof item.key === 'string' && typeof item.reason === 'string' && typeof item.lastAt === 'string'
      ? item
      : undefined;
  } catch {
    return undefined;
  }
}

export function createUnreadableStore(redis: Redis, prefix: string) {
  const key = `${prefix}:intake:unreadable`;

  async function all(): Promise<UnreadableItem[]> {
    const raw = await redis.hgetall(key);
    return Object.values(raw)
      .flatMap((value) => parse(value) ?? [])
      .sort((a, b) => b.lastAt.localeCompare(a.lastAt));
  }

  return {
    /** Records a left-out item (what was known of it is kept: when it was first seen, whether its page was read). */
    async note(skipped: SkippedItem, at: Date): Promise<UnreadableItem> {
      const field = unreadableKey(skipped);
      const before = await redis.hget(key, field);
      const known = before ? parse(before) : undefined;
      const item: UnreadableItem = {
        key: field,
        ...(skipped.id !== undefined ? { id: skipped.id } : {}),
        ...(skipped.rawId !== undefined ? { rawId: skipped.rawId } : {}),
        ...(skipped.blogId !== undefined ? { blogId: skipped.blogId } : {}),
        reason: skipped.reason.slice(0, 300),
        ...reasonSaidOf(skipped),
        firstAt: known?.firstAt ?? at.toISOString(),
        lastAt: at.toISOString(),
        ...(known?.triedAt ? { triedAt: known.triedAt } : {}),
      };
      await redis.hset(key, field, JSON.stringify(item));
      return item;
    },
    /** The deal's own page was read for the item (whatever it answered): not again. */
    async tried(item: UnreadableItem, at: Date): Promise<void> {
      await redis.hset(key, item.key, JSON.stringify({ ...item, triedAt: at.toISOString() }));
    },
    /** The deal was read whole: it is no longer unreadable. */
    async clear(dealId: number): Promise<boolean> {
      return (await redis.hdel(key, `deal:${dealId}`)) > 0;
    },
    /** Newest first. */
    list: all,
    /** Drops items unseen for `UNSEEN_MS` and all but the `MAX_ITEMS` most recently seen. */
    async prune(now: Date): Promise<void> {
      const items = await all();
      const gone = items
        .filter((item, index) => index >= MAX_ITEMS || now.getTime() - Date.parse(item.lastAt) > UNSEEN_MS)
        .map((item) => item.key);
      if (gone.length > 0) await redis.hdel(key, ...gone);
    },
  };
}
export type UnreadableStore = ReturnType<typeof createUnreadableStore>;
