import { describe, expect, it } from 'vitest';
import type { DealRecord } from '../../../src/deals/record.js';
import { type ResumePoint, resumePoint } from '../../../src/pipeline/resume-point.js';

type RecordFields = Pick<DealRecord, 'url' | 'postRef' | 'data'>;

const URL = 'https://blog.example.cz/clanek/';
const AT = '2026-05-04T10:00:00.000Z';

describe('src/pipeline/resume-point', () => {
  it.each<[string, RecordFields | undefined, ResumePoint]>([
    ['no record', undefined, { kind: 'start' }],
    ['an empty record', { data: {} }, { kind: 'start' }],
    [
      'url + handedInAt',
      { url: URL, postRef: 'wp:12', data: { handedInAt: AT, publishedAt: AT } },
      { kind: 'handed_in', url: URL, ref: 'wp:12', handedInAt: AT },
    ],
    [
      'url + handedInAt, no ref',
      { url: URL, data: { handedInAt: AT } },
      { kind: 'handed_in', url: URL, handedInAt: AT },
    ],
    ['handedInAt without a url', { data: { handedInAt: AT } }, { kind: 'start' }],
    [
      'handedInAt not a string',
      { url: URL, data: { handedInAt: 5, publishedAt: AT } },
      { kind: 'published', url: URL },
    ],
    [
      'a draft',
      { postRef: 'wp:3', data: { draft: { ref: 'wp:3', reused: false } } },
      { kind: 'draft', ref: 'wp:3' },
    ],
    [
      'a draft with odd extra fields',
      { data: { draft: { ref: 'wp:3', reused: 'yes' } } },
      { kind: 'draft', ref: 'wp:3' },
    ],
    ['a draft without a ref', { data: { draft: { reused: true } } }, { kind: 'start' }],
    ['a draft that is not an object', { data: { draft: 'wp:3' } }, { kind: 'start' }],
    [
      'url + publishedAt',
      { url: URL, postRef: 'gh:abc', data: { publishedAt: AT } },
      { kind: 'published', url: URL, ref: 'gh:abc' },
    ],
    ['publishedAt without a url', { data: { publishedAt: AT } }, { kind: 'start' }],
    ['a url without publishedAt', { url: URL, data: {} }, { kind: 'start' }],
    [
      'only the plugin progress and the text flags (working files decide the rest)',
      { data: { publisher: { postId: 12 }, deal: { publishedBy: 'agent', instantPublish: false } } },
      { kind: 'start' },
    ],
  ])('%s', (_name, record, expected) => {
    expect(resumePoint(record)).toEqual(expected);
  });
});
