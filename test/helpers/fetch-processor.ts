/**
 * The fetch-only processor the worker ran before the publishing pipeline existed, kept for the tests of the
 * worker and the intake that need a deal's job to do real marketplace calls but publish nothing.
 */
import { isWaitSignal } from '../../src/deals/lifecycle.js';
import type { MarketplaceClient } from '../../src/marketplace/api.js';
import type { DealProcessor } from '../../src/pipeline/port.js';

const H1 = /<h1\b[^>]*>([\s\S]*?)<\/h1\s*>/i;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The article heading: the text of the first `<h1>`, tags stripped, common entities decoded. */
export function extractTitle(html: string): string | undefined {
  const match = H1.exec(html);
  if (!match?.[1]) return undefined;
  const text = match[1]
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text || undefined;
}

export interface FetchedDeal {
  title: string | undefined;
  textBytes: number;
  photos: Array<{ n: number; bytes: number; contentType: string }>;
}

/** A test processor: `GET text`, then each photo; the record ends in state `fetched`. */
export const fetchDealProcessor: DealProcessor = async (ctx): Promise<FetchedDeal> => {
  const { client, dealId, store, log, signal } = ctx;
  await store.update(dealId, { state: 'fetching' });

  let started = Date.now();
  let text: Awaited<ReturnType<MarketplaceClient['getDealText']>>;
  try {
    text = await client.getDealText(dealId, { signal, priority: 'high' });
  } catch (error) {
    const outcome = isWaitSignal(error) ? 'waiting_approval' : 'error';
    await store.recordStep(dealId, 'text', outcome, Date.now() - started);
    throw error;
  }
  await store.recordStep(dealId, 'text', 'ok', Date.now() - started);
  const title = extractTitle(text.text);
  const textBytes = Buffer.byteLength(text.text);
  log.info({ title, textBytes, photos: text.photos.map((p) => p.n) }, 'deal text fetched');

  started = Date.now();
  const photos: FetchedDeal['photos'] = [];
  const ordered = [...text.photos].sort((a, b) => a.n - b.n);
  try {
    for (const photo of ordered) {
      const file = await client.getDealPhoto(dealId, photo, { signal, priority: 'high' });
      photos.push({ n: photo.n, bytes: file.bytes.length, contentType: file.contentType });
    }
  } catch (error) {
    await store.recordStep(dealId, 'photos', 'error', Date.now() - started);
    throw error;
  }
  await store.recordStep(dealId, 'photos', 'ok', Date.now() - started);
  log.info({ photos }, 'photos ready');

  // This stand-in's own record shape (its `photos` are not the pipeline's): kept untyped on purpose.
  const fetched: Record<string, unknown> = {
    textBytes,
    photos,
    instantPublish: text.instant_publish,
    publishedBy: text.published_by,
    categoryId: text.category_id,
  };
  await store.update(dealId, {
    state: 'fetched',
    ...(title !== undefined ? { title } : {}),
    error: null,
    errorCode: null,
    supportCode: null,
    data: fetched,
  });
  return { title, textBytes, photos };
};
