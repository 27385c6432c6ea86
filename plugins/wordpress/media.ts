/**
 * A deal's photos in the WordPress media library, exactly once: what an earlier attempt stored (found by its
 * slug, see marker.ts) is reused, the rest uploaded, up to MEDIA_CONCURRENCY at once.
 *
 * The month's upload folder: WordPress makes it on an upload (`wp_upload_dir()` → `wp_mkdir_p()`) without a
 * lock, `file_exists` then `mkdir`; when two uploads find it missing, the one whose `mkdir` comes second fails
 * and answers 500 `rest_upload_sideload_error` "Unable to create directory …" (6.1 and 6.8 alike, measured in
 * bench/RESULTS.md). WordPress answers it before it keeps anything (no file, no attachment), and by then the
 * folder exists, so that upload is sent once more (`SIDELOAD_ATTEMPTS`).
 *
 * Exactly once with uploads in parallel: each attachment id goes to `progress` as soon as it exists (the
 * patches carry every id known so far, and the pipeline writes them in call order, so a later patch never
 * loses an earlier id); the slug lookup, not the record, is what finds a photo again after a crash; and
 * `ensureMedia` never returns while an upload is still running, so a retry cannot race an upload of its own
 * earlier attempt. After a failed upload no further one starts.
 */
import type { z } from 'zod';
import { errorMessage, PublishError } from '../../src/errors.js';
import { allBounded, MEDIA_CONCURRENCY } from '../../src/publisher/kit/index.js';
import type { PublishImage, PublishInput, PublishLog } from '../../src/publisher/types.js';
import { inertShortcodesInText } from './blocks.js';
import type { WordPressClient } from './client.js';
import { HttpFailure } from './failures.js';
import { mediaSlug } from './marker.js';
import { MEDIA_FIELDS, WpMedia, WpMediaList } from './wp-schema.js';

/** Attempts of `post-process` after an upload that WordPress stored but failed to finish. */
const POST_PROCESS_ATTEMPTS = 3;

/** Attempts of one upload that WordPress refused before keeping anything (see isSideloadRefusal). */
const SIDELOAD_ATTEMPTS = 2;

export interface MediaLibraryDeps {
  client: WordPressClient;
  /** `GET` that answers undefined for a 404 WordPress itself gave (the item is gone). */
  getIfExists<T>(
    schema: z.ZodType<T>,
    route: string,
    query: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<T | undefined>;
}

export interface MediaLibrary {
  /** Photo number → attachment, for every photo of the deal. */
  ensureMedia(input: PublishInput): Promise<Map<number, WpMedia>>;
}

export function createMediaLibrary({ client, getIfExists }: MediaLibraryDeps): MediaLibrary {
  async function ensureMedia(input: PublishInput): Promise<Map<number, WpMedia>> {
    const { deal, log, signal } = input;
    const images = uniqueByNumber(input.images);
    const result = new Map<number, WpMedia>();
    if (images.length === 0) return result;
    const existing = await client.request(
      WpMediaList,
      {
        method: 'GET',
        route: '/wp/v2/media',
        query: {
          slug: images.map((image) => mediaSlug(deal.dealId, image.n)).join(','),
          status: 'inherit,private',
          context: 'edit',
          per_page: '100',
          _fields: MEDIA_FIELDS,
        },
      },
      signal,
    );
    const bySlug = new Map(existing.map((media) => [media.slug, media]));
    const ids: Record<string, number> = {};
    for (const image of images) {
      const media = bySlug.get(mediaSlug(deal.dealId, image.n));
      if (media === undefined) continue;
      result.set(image.n, media);
      ids[String(image.n)] = media.id;
    }
    if (result.size > 0) {
      log.info(
        { dealId: deal.dealId, mediaIds: { ...ids } },
        'reusing photos an earlier attempt uploaded to WordPress',
      );
      await input.progress({ wpMedia: { ...ids } });
      const unfinished = [...result].filter(([, media]) => needsSubsizes(media));
      await allBounded(unfinished, MEDIA_CONCURRENCY, async ([n, media]) => {
        result.set(n, await finishSubsizes(media.id, n, log, signal, media));
      });
    }
    const missing = images.filter((image) => !result.has(image.n));
    const uploaded = await allBounded(missing, MEDIA_CONCURRENCY, (image) => upload(image, input, ids));
    for (const [i, media] of uploaded.entries()) result.set(missing[i]!.n, media);
    return result;
  }

  /** Records the id the moment it exists; `ids` is shared by the uploads running at once. */
  async function record(input: PublishInput, ids: Record<string, number>, n: number, id: number) {
    ids[String(n)] = id;
    await input.progress({ wpMedia: { ...ids } });
  }

  async function upload(
    image: PublishImage,
    input: PublishInput,
    ids: Record<string, number>,
  ): Promise<WpMedia> {
    const { deal, log, signal } = input;
    const filename = asciiFilename(image, deal.dealId);
    const started = Date.now();
    const send = () =>
      client.request(
        WpMedia,
        {
          method: 'POST',
          route: '/wp/v2/media',
          // Sent with the file, so that a stored file always carries its slug (the lookup key) and alt text.
          // `[` as `&#91;`: the attachment page runs shortcodes over the image's alt text.
          query: {
            slug: mediaSlug(deal.dealId, image.n),
            alt_text: inertShortcodesInText(image.alt),
            title: image.alt === '' ? undefined : inertShortcodesInText(image.alt),
            _fields: MEDIA_FIELDS,
          },
          body: image.bytes,
          headers: {
            'Content-Type': image.contentType,
            'Content-Disposition': `attachment; filename="${filename}"`,
          },
        },
        signal,
      );
    let media: WpMedia;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          media = await send();
          break;
        } catch (error) {
          if (attempt >= SIDELOAD_ATTEMPTS || signal.aborted || !isSideloadRefusal(error)) throw error;
          log.info(
            { dealId: deal.dealId, n: image.n, error: errorMessage(error) },
            'WordPress refused the photo before keeping it (another upload was making the month folder); sending it once more',
          );
        }
      }
    } catch (error) {
      const attachmentId = storedAttachmentId(error);
      if (attachmentId === undefined) throw error;
      // WordPress stored the file but failed making its sizes (memory, time): finish it as the block editor
      // does, instead of uploading a duplicate.
      await record(input, ids, image.n, attachmentId);
      log.warn(
        { dealId: deal.dealId, n: image.n, mediaId: attachmentId, error: errorMessage(error) },
        'WordPress stored the photo but failed to finish it; finishing it with post-process',
      );
      return await finishSubsizes(attachmentId, image.n, log, signal, undefined, error);
    }
    await record(input, ids, image.n, media.id);
    log.debug(
      { dealId: deal.dealId, n: image.n, mediaId: media.id, ms: Date.now() - started },
      'photo uploaded to WordPress',
    );
    return media;
  }

  /**
   * `POST /wp/v2/media/{id}/post-process` (create-image-subsizes), a few times. When WordPress cannot finish
   * the sizes, the attachment is used as it is (its full-size file works); when it is gone, the upload's own
   * error is thrown so that the next attempt uploads again.
   */
  async function finishSubsizes(
    id: number,
    n: number,
    log: PublishLog,
    signal: AbortSignal,
    known: WpMedia | undefined,
    uploadError?: unknown,
  ): Promise<WpMedia> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= POST_PROCESS_ATTEMPTS; attempt++) {
      try {
        return await client.request(
          WpMedia,
          {
            method: 'POST',
            route: `/wp/v2/media/${id}/post-process`,
            query: { _fields: MEDIA_FIELDS },
            data: { action: 'create-image-subsizes' },
          },
          signal,
        );
      } catch (error) {
        lastError = error;
        if (!(error instanceof PublishError && error.retryable) || signal.aborted) break;
      }
    }
    const media =
      known ??
      (await getIfExists(WpMedia, `/wp/v2/media/${id}`, { context: 'edit', _fields: MEDIA_FIELDS }, signal));
    if (media === undefined) throw uploadError ?? lastError;
    log.warn(
      { n, mediaId: id, error: errorMessage(lastError) },
      'WordPress could not make the smaller sizes of a photo; the post uses its full-size file',
    );
    return media;
  }

  return { ensureMedia };
}

/**
 * The attachment WordPress stored before answering 5xx (it says so in `X-WP-Upload-Attachment-ID` when making
 * the sub-sizes failed), from a failed upload's error.
 */
export function storedAttachmentId(error: unknown): number | undefined {
  if (!(error instanceof PublishError) || !(error.cause instanceof HttpFailure)) return undefined;
  if (error.cause.status < 500 || error.cause.status > 599) return undefined;
  const header = error.cause.headers.get('x-wp-upload-attachment-id');
  const id = header === null ? Number.NaN : Number(header.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * WordPress's 500 `rest_upload_sideload_error`: `wp_handle_sideload()` refused the file before anything was kept
 * (no file moved, no attachment made), so sending it again cannot make a second photo. Its cause in practice is
 * the upload-folder race above; the message is translated on a site in another language, so the
 * code is what is matched. A refusal that stays (a file type the site does not allow) costs one more request.
 */
export function isSideloadRefusal(error: unknown): boolean {
  if (!(error instanceof PublishError) || !(error.cause instanceof HttpFailure)) return false;
  const failure = error.cause;
  return (
    failure.status === 500 &&
    failure.body?.code === 'rest_upload_sideload_error' &&
    failure.headers.get('x-wp-upload-attachment-id') === null
  );
}

/** The deal's photos by ascending number, each number once. */
export function uniqueByNumber(images: readonly PublishImage[]): PublishImage[] {
  const seen = new Set<number>();
  const out: PublishImage[] = [];
  for (const image of [...images].sort((a, b) => a.n - b.n)) {
    if (seen.has(image.n)) continue;
    seen.add(image.n);
    out.push(image);
  }
  return out;
}

/** WordPress makes sub-sizes of anything larger than its thumbnail (150 px); none means it did not finish. */
function needsSubsizes(media: WpMedia): boolean {
  const details = media.media_details;
  if (details === undefined || details.width === undefined || details.height === undefined) return false;
  const sizes = Object.keys(details.sizes ?? {}).filter((size) => size !== 'full');
  return sizes.length === 0 && (details.width > 150 || details.height > 150);
}

/**
 * The file name for `Content-Disposition`: ASCII only (WordPress 6.1 reads only `filename=`, and fetch refuses
 * header characters above U+00FF), with the extension of the content type.
 */
export function asciiFilename(
  image: Pick<PublishImage, 'filename' | 'contentType' | 'n'>,
  dealId: number,
): string {
  const extension = image.contentType === 'image/webp' ? 'webp' : 'jpg';
  const base = image.filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return `${base === '' ? `pressbridge-${dealId}-${image.n}` : base}.${extension}`;
}
