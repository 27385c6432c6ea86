/**
 * How the client reads a 2xx answer: JSON through a lenient schema, nothing, or a photo's bytes. Every body is
 * read within its limit (src/http-body.ts); an answer over it is a `ResponseTooLargeError`, which the transport
 * turns into `response_too_large` (a photo's own: `photo_too_large`).
 */
import type { z } from 'zod';
import { MarketplaceError, type Phrase, ResponseTooLargeError } from '../errors.js';
import { BODY_LIMITS, type BodyLimit, readBody, readBodyText } from '../http-body.js';
import type { PhotoFile } from './api.js';
import { badResponse, english } from './classify.js';
import { contentTypeSaid, discard, issuesSaid } from './http.js';
import { type DealPhoto, defaultPhotoPath } from './schema.js';
import type { Reader } from './transport.js';

/** JSON through `schema`; the body at most `limit` (a single object's unless said). */
export function json<S extends z.ZodType>(
  schema: S,
  limit: BodyLimit = BODY_LIMITS.object,
): Reader<z.infer<S>> {
  return async (response, context) => {
    const text = await readBodyText(response, limit, `${context.method} ${context.path}`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      const type = contentTypeSaid(response);
      throw badResponse(context, response.status, { key: 'market.detail.not_json', params: { type } });
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw badResponse(context, response.status, issuesSaid(parsed.error));
    return parsed.data;
  };
}

export const ignoreBody: Reader<void> = async (response) => {
  await discard(response);
};

export function photoReader(maxPhotoBytes: number): Reader<PhotoFile> {
  return async (response, context) => {
    const contentType = response.headers.get('content-type')?.trim() || 'image/jpeg';
    if (/^text\/|json/i.test(contentType)) {
      await discard(response);
      const said = { key: 'market.detail.not_image', params: { type: contentType } };
      throw badResponse(context, response.status, said);
    }
    let bytes: Buffer;
    try {
      bytes = await readBody(
        response,
        { bytes: maxPhotoBytes, kind: 'a photo' },
        `${context.method} ${context.path}`,
      );
    } catch (error) {
      if (!(error instanceof ResponseTooLargeError)) throw error;
      throw new MarketplaceError({
        status: response.status,
        code: 'photo_too_large',
        message: error.message,
        said: error.phrase,
        method: context.method,
        path: context.path,
        retryable: false,
        cause: error,
      });
    }
    return { bytes, contentType };
  };
}

/** Assumption 2: missing → default path; relative → on the service root; absolute → only on our origin. */
export function photoUrl(base: URL, basePath: string, dealId: number, photo: DealPhoto): URL {
  const fallback = defaultPhotoPath(dealId, photo.n);
  const raw = photo.url?.trim() || fallback;
  const refuse = (code: string, said: Phrase): MarketplaceError =>
    new MarketplaceError({
      status: 0,
      code,
      message: english(said),
      said,
      method: 'GET',
      path: fallback,
      retryable: false,
    });
  const which = { n: String(photo.n), deal: String(dealId) };
  let url: URL;
  try {
    if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) {
      url = new URL(raw, base);
    } else {
      const rel = raw.startsWith('/') ? raw : `/${raw}`;
      // A path that already carries the service root's own path prefix is taken as is.
      const path =
        basePath && (rel === basePath || rel.startsWith(`${basePath}/`)) ? rel : `${basePath}${rel}`;
      url = new URL(path, base.origin);
    }
  } catch {
    throw refuse('bad_response', { key: 'market.photo.unusable_url', params: which });
  }
  if (url.origin !== base.origin) {
    const params = { ...which, host: url.host || url.protocol, ours: base.host };
    throw refuse('foreign_photo_host', { key: 'market.photo.foreign_host', params });
  }
  return url;
}
