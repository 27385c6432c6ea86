/**
 * Step 3, photos: each photo the text lists is fetched through the marketplace client (which fetches only from
 * the marketplace's own host), normalised (upright, metadata stripped, resized, re-encoded) and kept in the
 * deal's working files, so a retry fetches only what is still missing.
 *
 * A photo the marketplace delivers broken (not an image, too large, missing, on a foreign host) is dropped and
 * the article is published without it, with a warning in the deal log. Why not fail the deal: the URL is due
 * within 60 minutes and the blogger is paid for a published article with the advertiser's links; a missing
 * photo can be added by hand later, a missed deadline cannot be undone, and no retry makes the same bytes
 * decodable. Transient errors (network, 5xx, 429) are not "broken": they fail the attempt, and the job retries.
 */

import { allSettledBounded, MEDIA_CONCURRENCY } from '../concurrency.js';
import type { DealStore } from '../deals/record.js';
import { AppError, MarketplaceError } from '../errors.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type { DealPhoto } from '../marketplace/schema.js';
import { type NormalizeImageOptions, normalizeImage } from '../render/images.js';
import { type DealFiles, type DroppedPhoto, type StoredPhoto, saveDropped, savePhoto } from './files.js';

export interface PhotoStepInput {
  client: Pick<MarketplaceClient, 'getDealPhoto'>;
  store: Pick<DealStore, 'putFiles'>;
  dealId: number;
  signal: AbortSignal;
  /** As the text lists them. */
  photos: readonly DealPhoto[];
  files: DealFiles;
  image: NormalizeImageOptions;
  ttlSeconds: number;
}

export interface PhotoStepResult {
  /** Usable photos, by ascending `n`. */
  photos: StoredPhoto[];
  dropped: DroppedPhoto[];
  /** Photo requests made in this attempt. */
  fetched: number;
  fromCache: number;
}

/** Whether an error says "this photo cannot be used" rather than "try again later". */
export function isBrokenPhotoError(error: unknown): boolean {
  if (error instanceof MarketplaceError) {
    // 401/403 concern the key, not the photo: they fail the deal with the key's fix-it hint.
    return !error.retryable && error.status !== 401 && error.status !== 403;
  }
  return error instanceof AppError && (error.code === 'image_invalid' || error.code === 'image_too_large');
}

export async function loadPhotos(input: PhotoStepInput): Promise<PhotoStepResult> {
  const { files } = input;
  const listed = new Map<number, DealPhoto>();
  for (const photo of input.photos) if (!listed.has(photo.n)) listed.set(photo.n, photo);
  const wanted = [...listed.values()].sort((a, b) => a.n - b.n);
  const missing = wanted.filter((p) => !files.photos.has(p.n) && !files.dropped.has(p.n));

  // A few at once (the marketplace client's rate limiter still paces each request), each kept the moment it
  // is ready, so that a crash halfway keeps what did arrive and the retry fetches only the rest.
  const settled = await allSettledBounded(missing, MEDIA_CONCURRENCY, async (photo) => {
    try {
      const file = await input.client.getDealPhoto(input.dealId, photo, {
        signal: input.signal,
        priority: 'high',
      });
      const image = await normalizeImage(file.bytes, input.image);
      const stored: StoredPhoto = {
        n: photo.n,
        bytes: image.bytes,
        width: image.width,
        height: image.height,
        contentType: image.contentType,
        extension: image.extension,
      };
      await savePhoto(input.store, input.dealId, stored, input.ttlSeconds);
      files.photos.set(photo.n, stored);
    } catch (error) {
      if (!isBrokenPhotoError(error)) throw error;
      const reason = error as AppError;
      const dropped: DroppedPhoto = {
        n: photo.n,
        code: reason.code,
        message: reason.message,
        ...(reason.phrase ? { said: reason.phrase } : {}),
      };
      await saveDropped(input.store, input.dealId, dropped, input.ttlSeconds);
      files.dropped.set(photo.n, dropped);
    }
  });
  // What did arrive is kept (above); the retry fetches only the rest.
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;

  return {
    photos: wanted.flatMap((p) => files.photos.get(p.n) ?? []),
    dropped: wanted.flatMap((p) => files.dropped.get(p.n) ?? []),
    fetched: missing.length,
    fromCache: wanted.length - missing.length,
  };
}
