/**
 * `doctor --live`'s read of the market (issue 30): `GET /v1/blogs/{id}/demands` for a configured blog, judged
 * against the client's own schema (src/marketplace/schema.ts `DemandList`), reporting how many demands the
 * blog is offered. A 422 `blog_neuplny` is a finding of its own: the marketplace offers the blog no demands
 * until the blogger completes it, and the check names the three things the document gives for it.
 */
import { compareShape } from '../capture/shape.js';
import { shapeOfSchema } from '../capture/zod-shape.js';
import type { Phrase, Said } from '../errors.js';
import { DemandList, ERROR_CODES } from '../marketplace/schema.js';
import { failedAnswer, judged, type LiveCheck, liveCheck } from './doctor-live-check.js';
import { listOf, objectOf } from './doctor-live-checks.js';
import type { RecordedAnswer } from './doctor-live-record.js';

/** At most this many configured blogs are read, so the run stays within its request budget. */
export const MAX_DEMAND_BLOGS = 2;

export function demandsPath(blogId: number): string {
  return `/v1/blogs/${blogId}/demands`;
}

export function checkDemands(answer: RecordedAnswer | undefined, error: Said, blogId: number): LiveCheck {
  const name: Phrase = { key: 'live.name.demands', params: { blog: String(blogId) } };
  const where: Phrase = {
    key: 'live.of_blog',
    params: { where: 'GET /v1/blogs/{id}/demands', blog: String(blogId) },
  };
  const code = objectOf(objectOf(answer?.json).error).code;
  if (answer?.status === 422 && code === ERROR_CODES.blogIncomplete) {
    return liveCheck('differs', {
      name,
      detail: { key: 'live.demands.incomplete', params: { where } },
      differences: [],
      fix: { key: 'live.demands.incomplete_fix', params: { blog: String(blogId) } },
    });
  }
  if (answer?.status !== 200) return failedAnswer(name, where, answer, error);
  const n = listOf(objectOf(answer.json).data).length;
  return judged(name, where, compareShape(answer.json, shapeOfSchema(DemandList)), {
    key: 'live.demands.held',
    params: { n: String(n) },
  });
}
