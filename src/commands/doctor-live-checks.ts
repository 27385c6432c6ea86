/**
 * `doctor --live`: one check per working assumption (shared/marketplace-api-assumptions.md), each judging the
 * raw answers the recorder kept against the client's own schemas (src/marketplace/schema.ts, read as shapes).
 * A check reports field paths and shapes, never values of running text.
 */
import { compareShape, type Difference, joined } from '../capture/shape.js';
import { shapeOfSchema } from '../capture/zod-shape.js';
import type { Phrase, Said } from '../errors.js';
import {
  BlogList,
  Deal,
  DealList,
  DealText,
  MAX_PHOTO_N,
  Me,
  PUBLISHING_MODES,
  RATE_LIMIT_PER_MINUTE,
} from '../marketplace/schema.js';
import { failedAnswer, judged, type LiveCheck, notChecked } from './doctor-live-check.js';
import type { RecordedAnswer } from './doctor-live-record.js';

export const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function checkIdentity(answer: RecordedAnswer | undefined, error: Said): LiveCheck {
  const name: Phrase = { key: 'live.name.identity' };
  const where = 'GET /v1/me';
  if (answer?.status !== 200) return failedAnswer(name, where, answer, error);
  const differences = compareShape(answer.json, shapeOfSchema(Me));
  const me = objectOf(answer.json);
  if (me.role !== undefined && me.role !== 'bloger') {
    differences.push({
      path: 'role',
      found: `"${String(me.role)}"`,
      expected: { key: 'live.identity.role' },
    });
  }
  const scopes = listOf(me.scopes);
  const lacking = ['read', 'write'].filter((s) => !scopes.includes(s));
  if (Array.isArray(me.scopes) && lacking.length > 0) {
    differences.push({
      path: 'scopes',
      found: JSON.stringify(scopes),
      expected: { key: 'live.identity.scopes' },
    });
  }
  return judged(
    name,
    where,
    differences,
    { key: 'live.identity.held', params: { scopes: scopes.join(', ') } },
    { key: 'live.identity.fix' },
  );
}

export function checkBlogs(answer: RecordedAnswer | undefined, error: Said): LiveCheck {
  const name: Phrase = { key: 'live.name.blogs' };
  const where = 'GET /v1/blogs';
  if (answer?.status !== 200) return failedAnswer(name, where, answer, error);
  const differences = compareShape(answer.json, shapeOfSchema(BlogList));
  const blogs = listOf(objectOf(answer.json).data);
  const modes = new Set<string>();
  for (const blog of blogs) {
    const mode = objectOf(objectOf(blog).publishing).mode;
    if (mode === undefined) continue;
    if (typeof mode === 'string' && (PUBLISHING_MODES as readonly string[]).includes(mode)) modes.add(mode);
    else if (!differences.some((d) => d.path === 'data[].publishing.mode')) {
      differences.push({
        path: 'data[].publishing.mode',
        found: typeof mode === 'string' && /^[\w-]{1,30}$/.test(mode) ? `"${mode}"` : typeof mode,
        expected: { key: 'live.shape.one_of', params: { values: PUBLISHING_MODES.join(', ') } },
      });
    }
  }
  return judged(name, where, differences, {
    key: 'live.blogs.held',
    params: { n: String(blogs.length), modes: [...modes].join(', ') || { key: 'live.none' } },
  });
}

export function checkDealList(
  answer: RecordedAnswer | undefined,
  error: Said,
  asked: { page: number; perPage: number },
): LiveCheck {
  const name: Phrase = { key: 'live.name.deal_list' };
  const where = 'GET /v1/deals';
  if (answer?.status !== 200) return failedAnswer(name, where, answer, error);
  const differences = compareShape(answer.json, shapeOfSchema(DealList));
  const body = objectOf(answer.json);
  const data = listOf(body.data);
  if (typeof body.strana === 'number' && body.strana !== asked.page) {
    differences.push({
      path: 'strana',
      found: String(body.strana),
      expected: { key: 'live.list.page', params: { n: String(asked.page) } },
    });
  }
  if (typeof body.na_stranu === 'number' && body.na_stranu !== asked.perPage) {
    differences.push({
      path: 'na_stranu',
      found: String(body.na_stranu),
      expected: { key: 'live.list.per_page', params: { n: String(asked.perPage) } },
    });
  }
  if (typeof body.celkem === 'number' && body.celkem < data.length) {
    differences.push({
      path: 'celkem',
      found: String(body.celkem),
      expected: { key: 'live.list.total', params: { n: String(data.length) } },
    });
  }
  return judged(name, where, differences, {
    key: 'live.list.held',
    params: { n: String(data.length), total: String(body.celkem) },
  });
}

export function checkDealDetail(answer: RecordedAnswer | undefined, error: Said, dealId: number): LiveCheck {
  const name: Phrase = { key: 'live.name.deal_detail' };
  const where = ofDeal('GET /v1/deals/{id}', dealId);
  if (answer?.status !== 200) return failedAnswer(name, where, answer, error);
  return judged(name, where, compareShape(answer.json, shapeOfSchema(Deal)), { key: 'live.detail.held' });
}

/** Assumption 2: a photo's `url` is missing, a path on the service, or absolute on the service's own host. */
function photoUrlDifferences(photos: unknown[], serviceOrigin: string): Difference[] {
  const differences: Difference[] = [];
  for (const photo of photos) {
    const { url, n } = objectOf(photo);
    if (typeof n === 'number' && (n < 0 || n > MAX_PHOTO_N)) {
      const expected = { key: 'live.text.photo_n', params: { max: String(MAX_PHOTO_N) } };
      differences.push({ path: 'photos[].n', found: String(n), expected });
    }
    if (url === undefined || typeof url !== 'string') continue;
    let host: Said | undefined;
    try {
      const parsed = new URL(url, serviceOrigin);
      if (parsed.origin !== serviceOrigin) host = parsed.host || parsed.protocol;
    } catch {
      host = { key: 'live.text.unusable_url' };
    }
    if (host !== undefined) {
      differences.push({
        path: 'photos[].url',
        found: { key: 'live.text.foreign_url', params: { host } },
        expected: { key: 'live.text.url_expected', params: { host: new URL(serviceOrigin).host } },
      });
      break;
    }
  }
  return differences;
}

export function checkDealText(
  answer: RecordedAnswer | undefined,
  error: Said,
  dealId: number,
  serviceOrigin: string,
): LiveCheck {
  const name: Phrase = { key: 'live.name.deal_text' };
  const where = ofDeal('GET /v1/deals/{id}/text', dealId);
  if (answer?.status === 409) return notChecked(name, { key: 'live.text.awaits', params: { where } });
  if (answer?.status !== 200) return failedAnswer(name, where, answer, error);
  const differences = compareShape(answer.json, shapeOfSchema(DealText));
  const photos = listOf(objectOf(answer.json).photos);
  differences.push(...photoUrlDifferences(photos, serviceOrigin));
  const forms = new Set(
    photos.map((p) => {
      const url = objectOf(p).url;
      return typeof url !== 'string' ? 'missing' : /^[a-z][a-z0-9+.-]*:/i.test(url) ? 'absolute' : 'path';
    }),
  );
  const urls = [...forms].map((form): Said => ({ key: `live.text.url.${form}` }));
  return judged(
    name,
    where,
    differences,
    { key: 'live.text.held', params: { n: String(photos.length), forms: joined(urls, '/') || '-' } },
    { key: 'live.text.fix' },
  );
}

export function checkPhoto(answer: RecordedAnswer | undefined, error: Said, n: number): LiveCheck {
  const name: Phrase = { key: 'live.name.photo' };
  const where = `GET /v1/deals/{id}/photos/${n}`;
  if (answer?.status !== 200) return failedAnswer(name, where, answer, error);
  const type = answer.headers.get('content-type')?.split(';')[0]?.trim();
  const differences: Difference[] =
    type?.toLowerCase() === 'image/jpeg'
      ? []
      : [{ path: 'Content-Type', found: type || { key: 'live.shape.missing' }, expected: 'image/jpeg' }];
  return judged(name, where, differences, 'image/jpeg');
}

/** Assumption 9: `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds) on each answer. */
export function checkRateLimitHeaders(answers: RecordedAnswer[], configuredLimit: number): LiveCheck {
  const name: Phrase = { key: 'live.name.rate_limit' };
  const where: Phrase = { key: 'live.rate.answers', params: { n: String(answers.length) } };
  const differences: Difference[] = [];
  const note = (d: Difference): void => {
    if (!differences.some((x) => x.path === d.path)) differences.push(d);
  };
  for (const a of answers) {
    const remaining = a.headers.get('x-ratelimit-remaining');
    const reset = a.headers.get('x-ratelimit-reset');
    const label = `${a.method} ${a.path.split('?')[0]}`;
    if (remaining === null || !/^\d+$/.test(remaining.trim())) {
      note({
        path: `X-RateLimit-Remaining (${label})`,
        found: { key: remaining === null ? 'live.shape.missing' : 'live.rate.not_number' },
        expected: { key: 'live.rate.whole_number' },
      });
    }
    if (reset === null || !/^\d+(\.\d+)?$/.test(reset.trim())) {
      note({
        path: `X-RateLimit-Reset (${label})`,
        found: { key: reset === null ? 'live.shape.missing' : 'live.rate.not_number' },
        expected: { key: 'live.rate.unix_seconds' },
      });
    } else {
      const date = Date.parse(a.headers.get('date') ?? '');
      const resetMs = Number(reset) * 1000;
      const base = Number.isNaN(date) ? a.receivedAt : date;
      if (resetMs < base - 5_000 || resetMs > base + 3_600_000) {
        note({
          path: 'X-RateLimit-Reset',
          found: { key: Number(reset) < 100_000 ? 'live.rate.seconds_left' : 'live.rate.far' },
          expected: { key: 'live.rate.window_end' },
        });
      }
    }
    const limit = a.headers.get('x-ratelimit-limit');
    if (limit !== null && /^\d+$/.test(limit.trim()) && Number(limit) !== configuredLimit) {
      note({
        path: 'X-RateLimit-Limit',
        found: limit.trim(),
        expected: {
          key: 'live.rate.limit',
          params: { limit: String(configuredLimit), document: String(RATE_LIMIT_PER_MINUTE) },
        },
      });
    }
  }
  return judged(
    name,
    where,
    differences,
    { key: 'live.rate.held' },
    differences.some((d) => d.path === 'X-RateLimit-Limit') ? { key: 'live.rate.fix' } : undefined,
  );
}

/** `GET /v1/deals/{id} (deal 7)`: the request's template and the deal it was sent for. */
function ofDeal(where: string, dealId: number): Phrase {
  return { key: 'live.of_deal', params: { where, deal: String(dealId) } };
}
