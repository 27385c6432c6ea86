/**
 * The schemas of the github publisher's option fields (URLs, branch names, front-matter keys, path patterns,
 * categories, durations), each with a message that says what was expected. options.ts puts them together.
 */
import { z } from 'zod';
import { categoriesOption, unknownKeys } from '../../src/publisher/kit/index.js';
import { ruleText } from '../../src/publisher/phrase.js';

export const httpUrl = (example: string) =>
  z
    .url({ protocol: /^https?$/, error: ruleText('rule.http_url_example', { example }) })
    .refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), { error: ruleText('rule.no_credentials') })
    .refine((value) => !/[?#]/.test(value), { error: ruleText('rule.plain_address') });

/** A repository, `owner/name`, as GitHub allows them (the setup asks for one with this rule too). */
export const REPO = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

/** A branch name git accepts (git check-ref-format, simplified). */
export const BRANCH = /^(?!\/|.*(?:\/\/|\.\.|@\{|\/$|\.lock$|\.$))[^\s~^:?*[\\\p{Cc}]+$/u;
export const branchName = () =>
  z
    .string({ error: ruleText('gh.rule.branch') })
    .trim()
    .min(1, ruleText('rule.not_empty'))
    .refine((value) => BRANCH.test(value), { error: ruleText('gh.rule.branch_chars') });

const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
export const keyName = z
  .string({ error: ruleText('gh.rule.key_name_or_null') })
  .regex(KEY, { error: ruleText('gh.rule.key_name') });

export const pattern = (example: string) =>
  z
    .string({ error: ruleText('gh.rule.pattern', { example }) })
    .trim()
    .min(1, ruleText('rule.not_empty'));

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
          ? ruleText('gh.rule.paths')
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
          ? ruleText('gh.rule.keys')
          : undefined,
  },
);

export const categoryNames = z.union(
  [
    z.string().trim().min(1),
    z.array(z.string().trim().min(1)).min(1, { error: ruleText('gh.rule.category_list') }),
  ],
  { error: ruleText('gh.rule.category_names') },
);

/** `identity`, or marketplace category id → the site's category name(s). */
export const categories = categoriesOption(
  categoryNames,
  (names): readonly string[] => (typeof names === 'string' ? [names] : names),
  ruleText('gh.rule.categories_describe'),
);

export const milliseconds = (min: number, max: number, fallback: number) =>
  z
    .number({ error: ruleText('rule.ms') })
    .int({ error: ruleText('rule.ms_whole') })
    .min(min, { error: ruleText('rule.ms_min', { min: String(min) }) })
    .max(max, { error: ruleText('rule.ms_max', { max: String(max) }) })
    .default(fallback);
