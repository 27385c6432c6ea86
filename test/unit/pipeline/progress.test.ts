import { describe, expect, it } from 'vitest';
import { publisherProgressOf, readProgress } from '../../../src/pipeline/progress.js';

describe('src/pipeline/progress', () => {
  it('reads the fields the pipeline wrote, typed', () => {
    const progress = readProgress({
      publishedAt: '2026-05-04T10:00:00.000Z',
      late: { since: '2026-05-04T11:00:00.000Z' },
      publisher: { postId: 12, media: { 1: 40 } },
      marketplaceCheck: { at: 'x', state: 'akceptovano' },
    });
    expect(progress.publishedAt).toBe('2026-05-04T10:00:00.000Z');
    expect(progress.late).toEqual({ since: '2026-05-04T11:00:00.000Z' });
    expect(publisherProgressOf(progress)).toEqual({ postId: 12, media: { 1: 40 } });
  });

  it('reads a field that does not match its schema as absent, never as an error', () => {
    const progress = readProgress({
      handedInAt: 17,
      draft: { reused: true },
      publisher: ['not', 'an', 'object'],
      late: 'yes',
    });
    expect(progress.handedInAt).toBeUndefined();
    expect(progress.draft).toBeUndefined();
    expect(progress.late).toBeUndefined();
    expect(publisherProgressOf(progress)).toEqual({});
  });

  it('reads a record without data as empty', () => {
    expect(publisherProgressOf(readProgress(undefined))).toEqual({});
  });
});
