/**
 * The photo step fetches a few photos at once and keeps each the moment it is ready. The fake client holds
 * every request until the test answers it, so what runs at once is counted, not timed.
 */
import { describe, expect, it } from 'vitest';
import { MEDIA_CONCURRENCY } from '../../../src/concurrency.js';
import type { PhotoFile } from '../../../src/marketplace/api.js';
import type { DealPhoto } from '../../../src/marketplace/schema.js';
import type { DealFiles } from '../../../src/pipeline/files.js';
import { loadPhotos } from '../../../src/pipeline/photos.js';
import { jpeg, marketplaceError } from './fakes.js';

function heldClient() {
  const waiting: Array<{ n: number; answer(result: PhotoFile | Error): void }> = [];
  const requested: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let onWaiting = () => {};
  return {
    requested,
    stats: () => ({ inFlight, maxInFlight }),
    client: {
      async getDealPhoto(_dealId: number, photo: DealPhoto): Promise<PhotoFile> {
        requested.push(photo.n);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const result = await new Promise<PhotoFile | Error>((answer) => {
          waiting.push({ n: photo.n, answer });
          onWaiting();
        });
        inFlight--;
        if (result instanceof Error) throw result;
        return result;
      },
    },
    async waitFor(count: number): Promise<void> {
      while (waiting.length < count) {
        await new Promise<void>((resolve) => {
          onWaiting = resolve;
        });
      }
    },
    /** Answers the oldest waiting request. */
    answer(result: PhotoFile | Error): number | undefined {
      const next = waiting.shift();
      next?.answer(result);
      return next?.n;
    },
  };
}

function memoryStore() {
  const fields = new Map<string, Buffer | string>();
  return {
    fields,
    async putFiles(_dealId: number, files: Record<string, Buffer | string>) {
      for (const [name, value] of Object.entries(files)) fields.set(name, value);
    },
  };
}

const emptyFiles = (): DealFiles => ({ text: undefined, photos: new Map(), dropped: new Map() });
const listed = (numbers: number[]): DealPhoto[] =>
  numbers.map((n) => ({ n, url: `https://api.example.cz/photos/${n}.jpg` }));

describe('loadPhotos', () => {
  it(`fetches up to ${MEDIA_CONCURRENCY} photos at once, each once, and keeps every one`, async () => {
    // Arrange
    const marketplace = heldClient();
    const store = memoryStore();
    const files = emptyFiles();
    const photo = { bytes: await jpeg(), contentType: 'image/jpeg' };

    // Act: answer one request each time the limit is reached, then the rest
    const loading = loadPhotos({
      client: marketplace.client,
      store,
      dealId: 5,
      signal: new AbortController().signal,
      photos: listed([0, 1, 2, 3, 4, 5]),
      files,
      image: {},
      ttlSeconds: 60,
    });
    for (let i = 0; i < 3; i++) {
      await marketplace.waitFor(MEDIA_CONCURRENCY);
      marketplace.answer(photo);
    }
    await marketplace.waitFor(MEDIA_CONCURRENCY);
    for (let i = 0; i < MEDIA_CONCURRENCY; i++) marketplace.answer(photo);
    const result = await loading;

    // Assert
    expect(marketplace.stats()).toEqual({ inFlight: 0, maxInFlight: MEDIA_CONCURRENCY });
    expect(marketplace.requested).toEqual([0, 1, 2, 3, 4, 5]);
    expect(result.photos.map((p) => p.n)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(result).toMatchObject({ fetched: 6, fromCache: 0, dropped: [] });
    expect([...store.fields.keys()].filter((k) => /^photo:\d+$/.test(k)).sort()).toEqual(
      [0, 1, 2, 3, 4, 5].map((n) => `photo:${n}`),
    );
  });

  it('keeps what arrived when one request fails transiently, and the retry fetches only the rest', async () => {
    // Arrange: photo 0 answers 503 while 1 and 2 are fetched; 3 is broken (404) and dropped
    const marketplace = heldClient();
    const store = memoryStore();
    const files = emptyFiles();
    const photo = { bytes: await jpeg(), contentType: 'image/jpeg' };
    const input = {
      client: marketplace.client,
      store,
      dealId: 5,
      signal: new AbortController().signal,
      photos: listed([0, 1, 2, 3]),
      files,
      image: {},
      ttlSeconds: 60,
    };
    const first = loadPhotos(input).catch((e: unknown) => e);
    await marketplace.waitFor(MEDIA_CONCURRENCY);
    const unavailable = marketplaceError('nedostupne', 503, true, '/v1/deals/5/photos/0');
    marketplace.answer(unavailable);
    marketplace.answer(photo);
    marketplace.answer(photo);
    await marketplace.waitFor(1);
    marketplace.answer(marketplaceError('nenalezeno', 404, false, '/v1/deals/5/photos/3'));

    // Act
    const error = await first;
    const retry = loadPhotos(input);
    await marketplace.waitFor(1);
    marketplace.answer(photo);
    const result = await retry;

    // Assert
    expect(error).toBe(unavailable);
    expect(marketplace.requested).toEqual([0, 1, 2, 3, 0]);
    expect(result.photos.map((p) => p.n)).toEqual([0, 1, 2]);
    expect(result.dropped).toEqual([expect.objectContaining({ n: 3, code: 'nenalezeno' })]);
    expect(result).toMatchObject({ fetched: 1, fromCache: 3 });
    expect(store.fields.has('photo:3:dropped')).toBe(true);
  });
});
