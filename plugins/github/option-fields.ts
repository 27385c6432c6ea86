/**
 * The schemas of the github publisher's option fields (URLs, branch names, front-matter keys, path patterns,
 * categories, durations), each with a message that says what was expected. options.ts puts them together.
 */
import { z } from 'zod';
import { categoriesOption, unknownKeys } from '../../src/publisher/kit/index.js';

export const httpUrl = (example: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be an http(s) URL, e.g. ${example}` })
    .refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), {
      error: 'must not contain a user name or password',
    })
    .refine((value) => !/[?#]/.test(value), {
      error: 'must be a plain address, without ?query or #fragment',
    });

/** A branch name git accepts (git check-ref-format, simplified). */
export const BRANCH = /^(?!\/|.*(?:\/\/|\.\.|@\{|\/$|\.lock$|\.$))[^\s~^:?*[\\\p{Cc}]+$/u;
export const branchName = (what: string) =>
  z
    .string({ error: `must be ${what}` })
    .trim()
    .min(1, 'must not be empty')
    .refine((value) => BRANCH.test(value), { error: `must be ${what} (no spaces, "..", "~", "^", ":" …)` });

const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
export const keyName = z
  .string({ error: 'must be a front-matter key (letters, digits, _ and -), or null to leave the field out' })
  .regex(KEY, { error: 'must be a front-matter key (letters, digits, _ and -), e.g. pubDate' });

export const pattern = (example: string) =>
  z
    .string({ error: `must be a pattern such as "${example}"` })
    .trim()
    .min(1, 'must not be empty');

export const Paths = z.strictObject(
  {
    /** The article file, e.g. `content/blog/{yyyy}-{mm}-{dd}-{slug}.{ext}`. */
    article: pattern('content/blog/{slug}.{ext}').optional(),
    /** The folder for the photos, ending in `/`, e.g. `public/images/{slug}/`. */
    images: pattern('public/images/{slug}/').optional(),
    /** How the article refers to a photo, e.g. `/images/{slug}/{filename}`. */
    imageUrl: pattern('/images/{slug}/{filename}').optional(),
    /** How the front matter refers to the cover (default: as imageUrl). */
    coverUrl: pattern('/images/{slug}/{filename}').optional(),
    /** Where a brief for a hand-written deal goes (`bloggerPublished: draft`). */
    draft: pattern('drafts/{slug}.{ext}').optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownKeys(issue.keys, 'article, images, imageUrl, coverUrl, draft', 'path')
        : issue.code === 'invalid_type'
          ? 'must be a map { article, images, imageUrl, coverUrl, draft }'
          : undefined,
  },
);

export const Keys = z.strictObject(
  {
    title: keyName.nullable().optional(),
    date: keyName.nullable().optional(),
    slug: keyName.nullable().optional(),
    categories: keyName.nullable().optional(),
    cover: keyName.nullable().optional(),
    permalink: keyName.nullable().optional(),
    draft: keyName.nullable().optional(),
    description: keyName.nullable().optional(),
    deal: keyName.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownKeys(
            issue.keys,
            'title, date, slug, categories, cover, permalink, draft, description, deal',
            'field',
          )
        : issue.code === 'invalid_type'
          ? 'must be a map from field (title, date, …) to the key to write it under'
          : undefined,
  },
);

export const categoryNames = z.union(
  [
    z.string().trim().min(1),
    z.array(z.string().trim().min(1)).min(1, { error: 'must name at least one category' }),
  ],
  { error: 'must be a category name, or a list of names' },
);

/** `identity`, or marketplace category id → the site's category name(s). */
export const categories = categoriesOption(
  categoryNames,
  (names): readonly string[] => (typeof names === 'string' ? [names] : names),
  "the site's category name, e.g. { 12: Cestování }",
);

export const milliseconds = (min: number, max: number, fallback: number) =>
  z
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(min, { error: `must be at least ${min} (milliseconds)` })
    .max(max, { error: `must be at most ${max} (milliseconds)` })
    .default(fallback);
