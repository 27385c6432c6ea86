/**
 * The deal's working files between job attempts: the fetched text and the normalised photos, in the store's
 * `P:deal:<id>:files` hash with a TTL. A retry after a failed publish takes them from here instead of spending
 * marketplace requests again; they are deleted once the URL is handed in.
 *
 * Why Redis and not the data directory: the record, the queue and the rate limiter already live there, every
 * worker process sees the same files, and the TTL cleans up deals that never finish. A deal's photos are small
 * once normalised (a few hundred KiB each, at most six).
 */
import type { DealStore } from '../deals/record.js';
import { type Phrase, storedPhrase } from '../errors.js';
import { type DealText, DealText as DealTextSchema } from '../marketplace/schema.js';

export interface StoredPhoto {
  n: number;
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg' | 'image/webp';
  extension: 'jpg' | 'webp';
}

/** A photo the marketplace delivered that cannot be used (the article is published without it). */
export interface DroppedPhoto {
  n: number;
  code: string;
  message: string;
  /** `message` for the blogger, when the error carried its phrase. */
  said?: Phrase;
}

export interface DealFiles {
  text: DealText | undefined;
  photos: Map<number, StoredPhoto>;
  dropped: Map<number, DroppedPhoto>;
}

type Writer = Pick<DealStore, 'putFiles'>;

const TEXT = 'text';
const photoField = (n: number): string => `photo:${n}`;
const metaField = (n: number): string => `photo:${n}:meta`;
const droppedField = (n: number): string => `photo:${n}:dropped`;
const PHOTO_FIELD = /^photo:(\d+)(?::(meta|dropped))?$/;

function json(buffer: Buffer | undefined): unknown {
  if (buffer === undefined) return undefined;
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    return undefined;
  }
}

function photoMeta(value: unknown): Omit<StoredPhoto, 'n' | 'bytes'> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const m = value as Record<string, unknown>;
  if (typeof m.width !== 'number' || typeof m.height !== 'number') return undefined;
  if (m.contentType === 'image/jpeg' && m.extension === 'jpg') {
    return { width: m.width, height: m.height, contentType: 'image/jpeg', extension: 'jpg' };
  }
  if (m.contentType === 'image/webp' && m.extension === 'webp') {
    return { width: m.width, height: m.height, contentType: 'image/webp', extension: 'webp' };
  }
  return undefined;
}

/** Whatever an earlier attempt kept; unreadable entries count as absent (they are fetched again). */
export async function readDealFiles(store: Pick<DealStore, 'getFiles'>, dealId: number): Promise<DealFiles> {
  const raw = await store.getFiles(dealId);
  const parsedText = DealTextSchema.safeParse(json(raw.get(TEXT)));
  const files: DealFiles = {
    text: parsedText.success ? parsedText.data : undefined,
    photos: new Map(),
    dropped: new Map(),
  };
  for (const field of raw.keys()) {
    const match = PHOTO_FIELD.exec(field);
    if (!match || match[2] !== undefined) continue;
    const n = Number(match[1]);
    const bytes = raw.get(field);
    const meta = photoMeta(json(raw.get(metaField(n))));
    if (bytes && bytes.length > 0 && meta) files.photos.set(n, { n, bytes, ...meta });
  }
  for (const [field, value] of raw) {
    const match = PHOTO_FIELD.exec(field);
    if (match?.[2] !== 'dropped') continue;
    const n = Number(match[1]);
    const info = json(value) as Partial<DroppedPhoto> | undefined;
    if (info && typeof info.code === 'string' && typeof info.message === 'string') {
      const said = storedPhrase(info.said);
      files.dropped.set(n, { n, code: info.code, message: info.message, ...(said ? { said } : {}) });
    }
  }
  return files;
}

export async function saveText(store: Writer, dealId: number, text: DealText, ttlSeconds: number) {
  await store.putFiles(dealId, { [TEXT]: JSON.stringify(text) }, ttlSeconds);
}

export async function savePhoto(store: Writer, dealId: number, photo: StoredPhoto, ttlSeconds: number) {
  const { width, height, contentType, extension } = photo;
  await store.putFiles(
    dealId,
    {
      [photoField(photo.n)]: photo.bytes,
      [metaField(photo.n)]: JSON.stringify({ width, height, contentType, extension }),
    },
    ttlSeconds,
  );
}

export async function saveDropped(store: Writer, dealId: number, dropped: DroppedPhoto, ttlSeconds: number) {
  await store.putFiles(dealId, { [droppedField(dropped.n)]: JSON.stringify(dropped) }, ttlSeconds);
}
