import { describe, expect, it } from 'vitest';
import { chooseCategory } from '../../../../plugins/wordpress/categories.js';

const map = new Map([
  [12, 5],
  [13, 6],
]);

describe('plugins/wordpress/categories', () => {
  it.each([
    ['a mapped id', { categories: map, defaultCategory: 9 }, 12, { termId: 5, source: 'mapped' }],
    [
      'identity',
      { categories: 'identity' as const, defaultCategory: 9 },
      42,
      { termId: 42, source: 'identity' },
    ],
    [
      'no category, a default',
      { categories: map, defaultCategory: 9 },
      null,
      { termId: 9, source: 'default' },
    ],
    [
      'no category, no default',
      { categories: 'identity' as const, defaultCategory: undefined },
      null,
      { termId: undefined, source: 'wordpress-default' },
    ],
    [
      'an unknown id, a default',
      { categories: map, defaultCategory: 9 },
      99,
      {
        termId: 9,
        source: 'default',
        warning: 'marketplace category 99 is not in the option categories; using the default category 9',
      },
    ],
    [
      'an unknown id, no default',
      { categories: map, defaultCategory: undefined },
      99,
      {
        termId: undefined,
        source: 'wordpress-default',
        warning:
          "marketplace category 99 is not in the option categories; using WordPress's default category",
      },
    ],
    [
      'an empty map',
      { categories: new Map<number, number>(), defaultCategory: 9 },
      12,
      { termId: 9, source: 'default', warning: expect.stringContaining('category 12 is not in') },
    ],
  ])('%s', (_name, options, categoryId, expected) => {
    expect(chooseCategory(options, categoryId)).toEqual(expected);
  });
});
