import { z } from 'zod';
import { categoriesOption, unknownKeys } from '../../src/publisher/kit/index.js';
import { ruleText } from '../../src/publisher/phrase.js';

/**
 * Options of the `wordpress` publisher: one blog's `options` in the config file. Validated once at start-up.
 *
 * Secrets: the config loader resolves `{ env: NAME }` and `{ file: PATH }` before this schema runs, so
 * `applicationPassword` is always a plain string here. The schema never runs a check that could fail on a
 * non-empty password, because the config loader quotes short rejected values in its messages.
 */

const termId = z
  .number({ error: ruleText('wp.rule.category_id') })
  .int({ error: ruleText('wp.rule.category_id') })
  .positive({ error: ruleText('wp.rule.category_id_positive') });

const httpUrl = z.url({
  protocol: /^https?$/,
  error: ruleText('rule.http_url_example', { example: 'https://blog.example.cz' }),
});

/** `identity` or a map from marketplace category id (a YAML key, so a string) to WordPress term id. */
const categories = categoriesOption(termId, (id) => id, ruleText('wp.rule.categories_describe'));

const termName = z
  .string({ error: ruleText('wp.rule.term_name') })
  .trim()
  .min(1, ruleText('rule.not_empty'))
  .max(200, ruleText('wp.rule.term_name_max'));

/** `sponsored: { category?, tag? }`: where every post pressbridge publishes is filed as paid content. */
const sponsored = z.strictObject(
  {
    /** A category id (e.g. 7) or the exact name of an existing category (e.g. "Komerční sdělení"). */
    category: z.union([termId, termName], { error: ruleText('wp.rule.category_id_or_name') }).optional(),
    /** A tag name (e.g. "reklama"): the existing tag of that name, created when there is none. */
    tag: termName.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownKeys(issue.keys, 'category, tag')
        : issue.code === 'invalid_type'
          ? ruleText('wp.rule.sponsored')
          : undefined,
  },
);

export const WordPressOptions = z
  .strictObject(
    {
      /**
       * The address of the blog's home page, e.g. `https://blog.example.cz` (a WordPress in a folder:
       * `https://example.cz/blog`). Plain http only for a WordPress on the same machine or network whose
       * `WP_ENVIRONMENT_TYPE` is `local`: WordPress refuses Application Passwords over http otherwise.
       */
      url: httpUrl
        .refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), {
          error: ruleText('wp.rule.url_credentials'),
        })
        .refine((value) => !/[?#]/.test(value), {
          error: ruleText('wp.rule.url_plain'),
        })
        .transform((value) => value.replace(/\/+$/, '')),
      /** The WordPress login (user name, not e-mail) of the user who owns the Application Password. */
      username: z
        .string({ error: ruleText('wp.rule.username') })
        .trim()
        .min(1, ruleText('rule.not_empty')),
      /**
       * An Application Password of that user (Users → Profile → Application Passwords), e.g.
       * `abcd EFGH 1234 ijkl MNOP 5678`; spaces do not matter. Usually `{ env: WORDPRESS_APP_PASSWORD }`.
       * Never the user's login password.
       */
      applicationPassword: z
        .string({ error: ruleText('wp.rule.application_password') })
        .min(1, ruleText('rule.not_empty')),
      /**
       * How the deal's `category_id` becomes a WordPress category: `identity` when the marketplace category
       * ids ARE WordPress category (term) ids, or a map `{ <marketplace id>: <WordPress id> }`. An id the map
       * does not know (or, with identity, a category WordPress does not have) falls back to `defaultCategory`
       * with a warning in the deal's log. Default: an empty map (every deal gets the default category).
       */
      categories: categories.default(() => new Map<number, number>()),
      /** WordPress category id for deals without (or with an unknown) category. Default: WordPress's own. */
      defaultCategory: termId.optional(),
      /** Status of new posts: `publish` (default), `draft` or `pending` (waiting for review). */
      status: z
        .enum(['publish', 'draft', 'pending'], { error: ruleText('wp.rule.status') })
        .default('publish'),
      /** WordPress user id shown as the posts' author. Default: the user of the Application Password. */
      author: z
        .number({ error: ruleText('wp.rule.author') })
        .int({ error: ruleText('wp.rule.author') })
        .positive({ error: ruleText('wp.rule.author_positive') })
        .optional(),
      /** Comments on the posts: `open` or `closed`. Default: the site's setting (Settings → Discussion). */
      commentStatus: z.enum(['open', 'closed'], { error: ruleText('wp.rule.comment_status') }).optional(),
      /** Time limit of each request to WordPress, in milliseconds (a photo upload is one request). */
      timeoutMs: z
        .number({ error: ruleText('rule.ms') })
        .int({ error: ruleText('rule.ms_whole') })
        .min(1000, { error: ruleText('rule.ms_min', { min: '1000' }) })
        .max(600_000, { error: ruleText('wp.rule.timeout_max') })
        .default(20_000),
      /**
       * The REST API root when it cannot be found from `url`, e.g. `https://example.cz/index.php?rest_route=/`
       * or a custom prefix `https://example.cz/api/`. Default: `<url>/wp-json/`, else `<url>/?rest_route=/`.
       */
      restRoot: httpUrl.optional(),
      /**
       * `keywords`: tag each post with the deal's keywords (the demand's `keywords`). Each keyword becomes the
       * existing tag of that name (case-insensitive); keywords without a tag are left out unless `createTags`.
       * Default: no tags from keywords.
       */
      tags: z.enum(['keywords'], { error: ruleText('wp.rule.tags') }).optional(),
      /** With `tags: keywords`: create the tags that do not exist yet. Default false (only existing tags). */
      createTags: z.boolean({ error: ruleText('rule.boolean') }).default(false),
      /** Set the post's excerpt to the article's first paragraph as plain text. Default true. */
      excerpt: z.boolean({ error: ruleText('rule.boolean') }).default(true),
      /** A category and/or tag added to every post (paid content), besides its own category and tags. */
      sponsored: sponsored.optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? unknownKeys(
              issue.keys,
              'url, username, applicationPassword, categories, defaultCategory, status, author, commentStatus, timeoutMs, restRoot, tags, createTags, excerpt, sponsored',
            )
          : issue.code === 'invalid_type'
            ? ruleText('wp.rule.options')
            : undefined,
    },
  )
  .readonly();

export type WordPressOptions = z.output<typeof WordPressOptions>;
/** The options as written in the config file (before defaults). */
export type WordPressOptionsInput = z.input<typeof WordPressOptions>;
