/**
 * Every list a peer sends is read item by item: a malformed item is left out and named (its position, the id
 * when one can be read, the reason), never the whole list. One bad deal in a `GET /v1/deals` page used to fail
 * the page, and with it every poll after it (the odd item stayed in the `zmeneno_od` window for good).
 *
 * Lists are also bounded in items: past `limit` the rest is left out with one note (not one per item).
 */
import type { z } from 'zod';
import type { Said } from '../errors.js';

/** A list item that was left out. */
export interface SkippedItem {
  /** The list's name as the document calls it (`data`, `pending`, …). */
  list: string;
  /** 0-based position in the list. */
  index: number;
  /** The item's `id` when it is a usable one (a positive safe integer). */
  id?: number;
  /** The item's `blog.id` when usable: whether the item may be one of the blogger's own deals. */
  blogId?: number;
  /** The `id` as sent, when it is not usable (cut to 40 characters): names the item to the blogger. */
  rawId?: string;
  /** What did not fit, e.g. `demand: Invalid input: expected object, received undefined` (in English). */
  reason: string;
  /**
   * The first issue as zod gave it, when a schema refused the item: worded for the blogger by a module that may
   * import the catalog (src/intake/unreadable.ts). This one may not: the wire schema imports it, and the catalog
   * imports the deal lifecycle, which imports the wire schema.
   */
  issue?: z.core.$ZodIssue;
  /** `reason` for the blogger, when the module that left the item out has its own words for it. */
  reasonSaid?: Said;
}

export interface ReadItems<T> {
  items: T[];
  skipped: SkippedItem[];
  /** Items past the limit, left out unread (0 when none). */
  overLimit: number;
}

const RAW_ID_MAX = 40;

function usableId(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** The id as a short, single-line text (what the blogger can look up), or undefined when there is none. */
function rawIdText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return undefined;
  }
  const line = text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  if (line === '') return undefined;
  return line.length > RAW_ID_MAX ? `${line.slice(0, RAW_ID_MAX - 1)}…` : line;
}

/** The first issue of a failed parse, as one short line. */
export function firstIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  return `${where}: ${issue?.message ?? 'does not fit'}`;
}

/** Parses one item: its value, or what describes it as skipped. */
export function readItem<T extends z.ZodType>(
  item: T,
  value: unknown,
  list: string,
  index: number,
): { ok: true; data: z.output<T> } | { ok: false; skipped: SkippedItem } {
  const parsed = item.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const rawId = field(value, 'id');
  const id = usableId(rawId);
  const blogId = usableId(field(field(value, 'blog'), 'id'));
  const raw = id === undefined ? rawIdText(rawId) : undefined;
  const [issue] = parsed.error.issues;
  return {
    ok: false,
    skipped: {
      list,
      index,
      ...(id !== undefined ? { id } : {}),
      ...(blogId !== undefined ? { blogId } : {}),
      ...(raw !== undefined ? { rawId: raw } : {}),
      reason: firstIssue(parsed.error),
      ...(issue !== undefined ? { issue } : {}),
    },
  };
}

/** Parses each of `values` with `item`; what does not fit is skipped and described. */
export function readItems<T extends z.ZodType>(
  item: T,
  values: readonly unknown[],
  list: string,
  limit: number,
): ReadItems<z.output<T>> {
  const items: Array<z.output<T>> = [];
  const skipped: SkippedItem[] = [];
  const count = Math.min(values.length, limit);
  for (let index = 0; index < count; index++) {
    const read = readItem(item, values[index], list, index);
    if (read.ok) items.push(read.data);
    else skipped.push(read.skipped);
  }
  return { items, skipped, overLimit: values.length - count };
}

/** One line naming a skipped item, for logs and problem lists: `data[3] (id 1234) left out: demand: …`. */
export function describeSkipped(skipped: SkippedItem): string {
  const who =
    skipped.id !== undefined ? ` (id ${skipped.id})` : skipped.rawId ? ` (id ${skipped.rawId})` : '';
  return `${skipped.list}[${skipped.index}]${who} left out: ${skipped.reason}`;
}
