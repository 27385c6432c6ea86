import { z } from 'zod';
import { unknownKeys } from '../../src/publisher/kit/index.js';
import { type PublisherMessageKey, ruleText } from '../../src/publisher/phrase.js';
import { type Layout, resolveUrlPattern } from './layout.js';
import {
  BRANCH,
  branchName,
  categories,
  categoryNames,
  httpUrl,
  Keys,
  keyName,
  milliseconds,
  Paths,
  pattern,
  REPO,
} from './option-fields.js';
import {
  type Dialect,
  type FrontMatterKeys,
  type PathPatterns,
  PRESET_DEFAULTS,
  PRESETS,
  type Preset,
  repoPathProblem,
  urlPatternProblem,
} from './presets.js';

/**
 * Options of the `github` publisher: one blog's `options` in the config file. Validated once at start-up; the
 * output is resolved (the preset's defaults filled in, the URL pattern made absolute), so the publisher never
 * looks at the preset again.
 *
 * Secrets: the config loader resolves `{ env: NAME }` and `{ file: PATH }` before this schema runs, so `token`
 * is a plain string here. No check that could fail on a non-empty token runs on it, because the config loader
 * quotes short rejected values in its messages.
 *
 * DESIGN: about 320 lines, kept whole: the one object schema (Raw) and the checks across its fields read
 * together; each field's own schema is in option-fields.ts.
 */

const KNOWN_OPTIONS =
  'token, repo, branch, apiBaseUrl, siteUrl, preset, paths, urlPattern, frontMatterKeys, frontMatter, categories, defaultCategory, bodyFormat, rawHtml, prMode, prBranchPrefix, prPollIntervalMs, commitAuthor, timeoutMs, writeIntervalMs';

const Raw = z.strictObject(
  {
    /**
     * A GitHub token that may write the repository: a fine-grained personal access token with Contents: read
     * and write (and Pull requests: read and write for `prMode`). Usually `{ env: GITHUB_TOKEN }`.
     */
    token: z.unknown().transform((value, ctx): string => {
      if (typeof value === 'string' && value !== '') return value;
      // A custom issue: the config loader quotes the found value of other issues, and this is a secret.
      ctx.issues.push({
        code: 'custom',
        message: ruleText(
          value === undefined
            ? 'gh.rule.token_required'
            : value === ''
              ? 'rule.not_empty'
              : 'gh.rule.token_text',
        ),
        input: '[redacted]',
      });
      return z.NEVER;
    }),
    /** The repository, `owner/name`. */
    repo: z
      .string({ error: ruleText('gh.rule.repo') })
      .trim()
      .regex(REPO, { error: ruleText('gh.rule.repo') }),
    /** The branch the site is built from. Default: the repository's default branch. */
    branch: branchName().optional(),
    /** The REST API root; GitHub Enterprise Server: `https://github.example.com/api/v3`. */
    apiBaseUrl: httpUrl('https://github.example.com/api/v3').default('https://api.github.com'),
    /** The public address of the site's home page, e.g. `https://jana.github.io/blog/`. */
    siteUrl: httpUrl('https://jana.github.io/blog/'),
    /** `jekyll`, `hugo`, `astro` or `generic` (set paths and urlPattern yourself). */
    preset: z.enum(PRESETS, { error: ruleText('gh.rule.preset') }).default('jekyll'),
    paths: Paths.optional(),
    /** The article's public URL, relative to `siteUrl` or absolute, e.g. `{yyyy}/{mm}/{slug}/`. */
    urlPattern: pattern('{yyyy}/{mm}/{slug}/').optional(),
    /** Names of the front-matter keys (null leaves the field out). */
    frontMatterKeys: Keys.optional(),
    /** Extra front-matter fields written into every article, e.g. `{ layout: post, author: Jana }`. */
    frontMatter: z.record(keyName, z.json({ error: ruleText('gh.rule.yaml_value') })).default({}),
    /**
     * How the deal's `category_id` becomes the front matter's `categories`: `identity` writes the id itself,
     * a map `{ <marketplace id>: <name or list of names> }` writes names. Default: an empty map.
     */
    categories: categories.default(() => new Map<number, readonly string[]>()),
    /** The category (or categories) of deals without one, or with one the map does not know. */
    defaultCategory: categoryNames.optional(),
    /** `markdown` (HTML turned into Markdown) or `html` (the sanitised HTML as it is). */
    bodyFormat: z.enum(['markdown', 'html'], { error: ruleText('gh.rule.body_format') }).default('markdown'),
    /**
     * Whether the site renders HTML inside Markdown (kramdown: yes; Hugo: with
     * `markup.goldmark.renderer.unsafe = true`). When true, links with attributes Markdown cannot express
     * (`rel="sponsored"`, `target`) are kept as HTML; when false they become plain Markdown links.
     */
    rawHtml: z.boolean({ error: ruleText('rule.boolean') }).default(true),
    /** Commit to a branch of its own per deal and open a pull request; hand in once it is merged. */
    prMode: z.boolean({ error: ruleText('rule.boolean') }).default(false),
    /** The pull request branches are `<prBranchPrefix>deal-<id>`. */
    prBranchPrefix: z
      .string({ error: ruleText('gh.rule.branch_prefix') })
      .trim()
      .default('pressbridge/')
      .refine((value) => value === '' || BRANCH.test(`${value}deal-1`), {
        error: ruleText('gh.rule.branch_prefix_chars'),
      }),
    /** How often the pull request is looked at while waiting for its merge. */
    prPollIntervalMs: milliseconds(100, 600_000, 30_000),
    /** Author (and committer) of the commits. Default: the token's user, as GitHub sets it. */
    commitAuthor: z
      .strictObject(
        {
          name: z
            .string({ error: ruleText('gh.rule.author_name') })
            .trim()
            .min(1, ruleText('rule.not_empty')),
          email: z.email({ error: ruleText('gh.rule.author_email') }),
        },
        {
          error: (issue) =>
            issue.code === 'unrecognized_keys'
              ? unknownKeys(issue.keys, 'name, email', 'key')
              : issue.code === 'invalid_type'
                ? ruleText('gh.rule.author')
                : undefined,
        },
      )
      .optional(),
    /** Time limit of each request to the GitHub API (a photo is one request). */
    timeoutMs: milliseconds(1000, 600_000, 30_000),
    /**
     * Pause between two writes (blob, tree, commit, ref, pull request) with the same token: GitHub asks for at
     * least a second to stay clear of its secondary rate limits.
     */
    writeIntervalMs: milliseconds(0, 60_000, 1000),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownKeys(issue.keys, KNOWN_OPTIONS)
        : issue.code === 'invalid_type'
          ? ruleText('gh.rule.options')
          : undefined,
  },
);

type Raw = z.output<typeof Raw>;

/** The resolved options the publisher works with. */
export interface GitHubOptions {
  readonly token: string;
  readonly repo: { readonly owner: string; readonly name: string };
  /** Undefined: the repository's default branch. */
  readonly branch: string | undefined;
  /** Without a trailing slash. */
  readonly apiBaseUrl: string;
  /** With a trailing slash. */
  readonly siteUrl: string;
  readonly preset: Preset;
  readonly layout: Layout;
  readonly keys: FrontMatterKeys;
  /** What the preset's generator does beyond Markdown (presets.ts). */
  readonly dialect: Dialect;
  readonly frontMatter: Readonly<Record<string, unknown>>;
  readonly categories: 'identity' | ReadonlyMap<number, readonly string[]>;
  readonly defaultCategory: readonly string[] | undefined;
  readonly bodyFormat: 'markdown' | 'html';
  readonly rawHtml: boolean;
  readonly prMode: boolean;
  readonly prBranchPrefix: string;
  readonly prPollIntervalMs: number;
  readonly commitAuthor: { readonly name: string; readonly email: string } | undefined;
  readonly timeoutMs: number;
  readonly writeIntervalMs: number;
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** The preset's defaults under what the blogger set (undefined: neither gives one). */
function resolvePaths(raw: Raw): { [K in keyof PathPatterns]: string | undefined } {
  const preset = PRESET_DEFAULTS[raw.preset].paths;
  const given = raw.paths ?? {};
  const or = (value: string | undefined, fallback: string | undefined) =>
    value ?? (fallback === '' ? undefined : fallback);
  const imageUrl = or(given.imageUrl, preset.imageUrl);
  return {
    article: or(given.article, preset.article),
    images: or(given.images, preset.images),
    imageUrl,
    coverUrl: or(given.coverUrl, raw.preset === 'generic' ? imageUrl : preset.coverUrl),
    draft: or(given.draft, preset.draft),
  };
}

function resolveKeys(raw: Raw): FrontMatterKeys {
  const preset = PRESET_DEFAULTS[raw.preset].keys;
  const given = raw.frontMatterKeys ?? {};
  const pick = (name: Exclude<keyof FrontMatterKeys, 'deal'>) =>
    given[name] === undefined ? preset[name] : given[name];
  return {
    title: pick('title'),
    date: pick('date'),
    slug: pick('slug'),
    categories: pick('categories'),
    cover: pick('cover'),
    permalink: pick('permalink'),
    draft: pick('draft'),
    description: pick('description'),
    deal: given.deal ?? preset.deal,
  };
}

export const GitHubOptions = Raw.superRefine((raw, ctx) => {
  const issue = (path: Array<string | number>, message: string) =>
    ctx.addIssue({ code: 'custom', path, message, input: raw });
  const paths = resolvePaths(raw);
  const isGeneric = raw.preset === 'generic';
  const generic = (what: PublisherMessageKey) => ruleText('gh.rule.generic_needs', { what: ruleText(what) });
  const need = (name: 'article' | 'images' | 'imageUrl', what: PublisherMessageKey) => {
    if (paths[name] === undefined) issue(['paths', name], generic(what));
  };
  need('article', 'gh.rule.needs.article');
  need('images', 'gh.rule.needs.images');
  need('imageUrl', 'gh.rule.needs.image_url');
  for (const name of ['article', 'draft', 'images'] as const) {
    const value = paths[name];
    const problem = value === undefined ? undefined : repoPathProblem(value, name);
    if (problem) issue(['paths', name], problem);
  }
  for (const name of ['imageUrl', 'coverUrl'] as const) {
    const value = paths[name];
    const problem = value === undefined ? undefined : urlPatternProblem(value, name);
    if (problem) issue(['paths', name], problem);
  }
  const urlPattern = raw.urlPattern ?? PRESET_DEFAULTS[raw.preset].urlPattern;
  const siteUrl = withSlash(raw.siteUrl);
  if (urlPattern === undefined) {
    if (isGeneric) issue(['urlPattern'], generic('gh.rule.needs.url_pattern'));
  } else if (URL.canParse(siteUrl)) {
    const problem = urlPatternProblem(urlPattern, 'url');
    if (problem) issue(['urlPattern'], problem);
    else {
      const resolved = resolveUrlPattern(urlPattern, siteUrl);
      const keys = resolveKeys(raw);
      if (keys.permalink !== null && !resolved.startsWith(siteUrl)) {
        issue(['urlPattern'], ruleText('gh.rule.under_site_url', { siteUrl }));
      }
      if (!URL.canParse(resolved.replace(/\{[^}]*\}/g, 'x'))) {
        issue(['urlPattern'], ruleText('gh.rule.not_url'));
      }
    }
  }
  const keys = resolveKeys(raw);
  const generated = new Set(
    Object.values(keys).filter((key): key is string => typeof key === 'string' && key !== ''),
  );
  for (const key of Object.keys(raw.frontMatter)) {
    if (generated.has(key)) {
      issue(['frontMatter', key], ruleText('gh.rule.key_generated', { key }));
    }
  }
  const seen = new Map<string, string>();
  for (const [field, key] of Object.entries(keys)) {
    if (typeof key !== 'string') continue;
    const first = seen.get(key);
    if (first !== undefined) issue(['frontMatterKeys', field], ruleText('gh.rule.key_taken', { key, first }));
    else seen.set(key, field);
  }
})
  .transform((raw): GitHubOptions => {
    const [owner = '', name = ''] = raw.repo.split('/');
    const paths = resolvePaths(raw);
    const siteUrl = withSlash(raw.siteUrl);
    const urlPattern = raw.urlPattern ?? PRESET_DEFAULTS[raw.preset].urlPattern ?? '{slug}/';
    return {
      token: raw.token,
      repo: { owner, name },
      branch: raw.branch,
      apiBaseUrl: raw.apiBaseUrl.replace(/\/+$/, ''),
      siteUrl,
      preset: raw.preset,
      layout: {
        paths: {
          article: paths.article ?? '{slug}.{ext}',
          images: paths.images ?? '',
          imageUrl: paths.imageUrl ?? '{filename}',
          coverUrl: paths.coverUrl ?? paths.imageUrl ?? '{filename}',
          draft: paths.draft,
        },
        url: resolveUrlPattern(urlPattern, siteUrl),
        siteUrl,
        ext: raw.bodyFormat === 'html' ? 'html' : 'md',
      },
      keys: resolveKeys(raw),
      dialect: PRESET_DEFAULTS[raw.preset].dialect,
      frontMatter: raw.frontMatter,
      categories: raw.categories,
      defaultCategory:
        raw.defaultCategory === undefined
          ? undefined
          : typeof raw.defaultCategory === 'string'
            ? [raw.defaultCategory]
            : raw.defaultCategory,
      bodyFormat: raw.bodyFormat,
      rawHtml: raw.rawHtml,
      prMode: raw.prMode,
      prBranchPrefix: raw.prBranchPrefix,
      prPollIntervalMs: raw.prPollIntervalMs,
      commitAuthor: raw.commitAuthor,
      timeoutMs: raw.timeoutMs,
      writeIntervalMs: raw.writeIntervalMs,
    };
  })
  .readonly();

/** The options as written in the config file (before defaults). */
export type GitHubOptionsInput = z.input<typeof GitHubOptions>;
