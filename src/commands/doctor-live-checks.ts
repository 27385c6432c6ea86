/**
 * `doctor --live`: one check per working assumption (shared/marketplace-api-assumptions.md), each judging the
 * raw answers the recorder kept against the client's own schemas (src/marketplace/schema.ts, read as shapes).
 * A check reports field paths and shapes, never values of running text.
 */
import type { CapturedCheck } from '../capture/capture.js';
import { compareShape, type Difference } from '../capture/shape.js';
import { shapeOfSchema } from '../capture/zod-shape.js';
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
import type { RecordedAnswer } from './doctor-live-record.js';

export type LiveCheck = CapturedCheck & { fix?: string };

export function notChecked(name: string, why: string): LiveCheck {
  return { name, outcome: 'not checked', detail: why, differences: [] };
}

function judged(
  name: string,
  where: string,
  differences: Difference[],
  heldDetail: string,
  fix?: string,
): LiveCheck {
  return differences.length === 0
    ? { name, outcome: 'held', detail: `${where}: ${heldDetail}`, differences }
    : { name, outcome: 'differs', detail: where, differences, ...(fix ? { fix } : {}) };
}

/** An answer that is not a 200 is a difference of its own (with the error code, never the message body). */
function failedAnswer(
  name: string,
  where: string,
  answer: RecordedAnswer | undefined,
  error: string,
): LiveCheck {
  const code =
    answer?.json && typeof answer.json === 'object' && 'error' in answer.json
      ? String((answer.json as { error?: { code?: unknown } }).error?.code ?? '')
      : '';
  return {
    name,
    outcome: 'differs',
    detail: answer ? `${where} answered ${answer.status}${code ? ` ${code}` : ''}` : `${where}: ${error}`,
    differences: [],
  };
}

export const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function checkIdentity(answer: RecordedAnswer | undefined, error: string): LiveCheck {
  const name = 'identity and scopes';
  const where = 'GET /v1/me';
  if (answer?.status !== 200) return failedAnswer(name, where, answer, error);
  const differences = compareShape(answer.json, shapeOfSchema(Me));
  const me = objectOf(answer.json);
  if (me.role !== undefined && me.role !== 'bloger') {
    differences.push({ path: 'role', found: `"${String(me.role)}"`, expected: '"bloger" (a blogger key)' });
  }
  const scopes = listOf(me.scopes);
  const lacking = ['read', 'write'].filter((s) => !scopes.includes(s));
  if (Array.isArray(me.scopes) && lacking.length > 0) {
    differences.push({
      path: 'scopes',
      found: JSON.stringify(scopes),
      expected: 'to include read and write',
    });
  }
  return judged(
    name,
    where,
    differences,
    `bare object, role bloger, scopes ${scopes.join(', ')}`,
    'create a blogger key with scopes read + write (account settings → API keys) and set marketplace.apiKey',
  );
}

export function checkBlogs(answer: RecordedAnswer | undefined, error: string): LiveCheck {
  const name = 'blog list and publishing modes';
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
        expected: `one of ${PUBLISHING_MODES.join(', ')}`,
      });
    }
  }
  return judged(
    name,
    where,
    differences,
    `{data: [...]}, ${blogs.length} blog(s), modes ${[...modes].join(', ') || 'none'}`,
  );
}

export function checkDealList(
  answer: RecordedAnswer | undefined,
  error: string,
  asked: { page: number; perPage: number },
): LiveCheck {
  const name = 'deals list envelope and paging';
  const where = 'GET /v1/deals';
  if (answer?.status !== 200) return failedAnswer(name, where, answer, error);
  const differences = compareShape(answer.json, shapeOfSchema(DealList));
  const body = objectOf(answer.json);
  const data = listOf(body.data);
  if (typeof body.strana === 'number' && body.strana !== asked.page) {
    differences.push({
      path: 'strana',
      found: String(body.strana),
      expected: `${asked.page} (the page asked for)`,
    });
  }
  if (typeof body.na_stranu === 'number' && body.na_stranu !== asked.perPage) {
    differences.push({
      path: 'na_stranu',
      found: String(body.na_stranu),
      expected: `${asked.perPage} (as asked)`,
    });
  }
  if (typeof body.celkem === 'number' && body.celkem < data.length) {
    differences.push({
      path: 'celkem',
      found: String(body.celkem),
      expected: `at least ${data.length} (the deals on the page)`,
    });
  }
  return judged(
    name,
    where,
    differences,
    `{data, strana, na_stranu, celkem}, ${data.length} of ${String(body.celkem)} deal(s)`,
  );
}

export function checkDealDetail(
  answer: RecordedAnswer | undefined,
  error: string,
  dealId: number,
): LiveCheck {
  const name = 'deal detail';
  const where = `GET /v1/deals/{id} (deal ${dealId})`;
  if (answer?.status !== 200) return failedAnswer(name, where, answer, error);
  return judged(
    name,
    where,
    compareShape(answer.json, shapeOfSchema(Deal)),
    'bare object with the deal fields',
  );
}

/** Assumption 2: a photo's `url` is missing, a path on the service, or absolute on the service's own host. */
function photoUrlDifferences(photos: unknown[], serviceOrigin: string): Difference[] {
  const differences: Difference[] = [];
  for (const photo of photos) {
    const { url, n } = objectOf(photo);
    if (typeof n === 'number' && (n < 0 || n > MAX_PHOTO_N)) {
      differences.push({ path: 'photos[].n', found: String(n), expected: `0 to ${MAX_PHOTO_N}` });
    }
    if (url === undefined || typeof url !== 'string') continue;
    let host: string | undefined;
    try {
      const parsed = new URL(url, serviceOrigin);
      if (parsed.origin !== serviceOrigin) host = parsed.host || parsed.protocol;
    } catch {
      host = 'an unusable URL';
    }
    if (host !== undefined) {
      differences.push({
        path: 'photos[].url',
        found: `absolute URL on another host (${host})`,
        expected: `missing, a path, or an absolute URL on ${new URL(serviceOrigin).host}`,
      });
      break;
    }
  }
  return differences;
}

export function checkDealText(
  answer: RecordedAnswer | undefined,
  error: string,
  dealId: number,
  serviceOrigin: string,
): LiveCheck {
  const name = 'deal text';
  const where = `GET /v1/deals/{id}/text (deal ${dealId})`;
  if (answer?.status === 409) {
    return notChecked(name, `${where} answered 409: the text awaits the advertiser's approval`);
  }
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
  return judged(
    name,
    where,
    differences,
    `fields as assumed, ${photos.length} photo(s), url ${[...forms].join('/') || '-'}`,
    'the service sends the text in another shape: attach the capture (doctor --live --save) to a bug report',
  );
}

export function checkPhoto(answer: RecordedAnswer | undefined, error: string, n: number): LiveCheck {
  const name = 'photo content type';
  const where = `GET /v1/deals/{id}/photos/${n}`;
  if (answer?.status !== 200) return failedAnswer(name, where, answer, error);
  const type = (answer.headers.get('content-type') ?? 'missing').split(';')[0]?.trim() ?? 'missing';
  const differences: Difference[] =
    type.toLowerCase() === 'image/jpeg'
      ? []
      : [{ path: 'Content-Type', found: type, expected: 'image/jpeg' }];
  return judged(name, where, differences, 'image/jpeg');
}

/** Assumption 9: `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds) on each answer. */
export function checkRateLimitHeaders(answers: RecordedAnswer[], configuredLimit: number): LiveCheck {
  const name = 'rate-limit headers';
  const where = `${answers.length} answer(s)`;
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
        found: remaining === null ? 'missing' : 'not a number',
        expected: 'a whole number',
      });
    }
    if (reset === null || !/^\d+(\.\d+)?$/.test(reset.trim())) {
      note({
        path: `X-RateLimit-Reset (${label})`,
        found: reset === null ? 'missing' : 'not a number',
        expected: 'Unix time in seconds',
      });
    } else {
      const date = Date.parse(a.headers.get('date') ?? '');
      const resetMs = Number(reset) * 1000;
      const base = Number.isNaN(date) ? a.receivedAt : date;
      if (resetMs < base - 5_000 || resetMs > base + 3_600_000) {
        note({
          path: 'X-RateLimit-Reset',
          found: Number(reset) < 100_000 ? 'seconds until the reset' : 'a time more than an hour away',
          expected: 'Unix time in seconds of the window’s end',
        });
      }
    }
    const limit = a.headers.get('x-ratelimit-limit');
    if (limit !== null && /^\d+$/.test(limit.trim()) && Number(limit) !== configuredLimit) {
      note({
        path: 'X-RateLimit-Limit',
        found: limit.trim(),
        expected: `${configuredLimit} (marketplace.requestsPerMinute; the document: ${RATE_LIMIT_PER_MINUTE})`,
      });
    }
  }
  return judged(
    name,
    where,
    differences,
    'X-RateLimit-Remaining and X-RateLimit-Reset (Unix seconds) on each',
    differences.some((d) => d.path === 'X-RateLimit-Limit')
      ? 'set marketplace.requestsPerMinute to the limit the service announces'
      : undefined,
  );
}
