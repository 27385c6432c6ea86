import { z } from 'zod';
import { unknownKeys } from '../../src/publisher/kit/index.js';
import { ruleText } from '../../src/publisher/phrase.js';

/**
 * Options of the `static` publisher: one blog's `options` in the config file. Validated once at start-up.
 */

/** The placeholders a `pathPattern` may use. */
export const PATH_PLACEHOLDERS = ['{slug}', '{dealId}'] as const;

const PLACEHOLDER = /\{[^}]*\}/g;
const SEGMENT_CHARS = /^[A-Za-z0-9._-]*$/;

/** Why a path pattern is refused, or undefined when it is fine. */
export function pathPatternProblem(pattern: string): string | undefined {
  if (!pattern.endsWith('/')) {
    return ruleText('static.rule.path_folder');
  }
  if (pattern.startsWith('/')) return ruleText('static.rule.path_relative');
  const unknown = (pattern.match(PLACEHOLDER) ?? []).filter(
    (p) => !(PATH_PLACEHOLDERS as readonly string[]).includes(p),
  );
  if (unknown.length > 0) {
    const known = PATH_PLACEHOLDERS.join(', ');
    return ruleText('static.rule.path_placeholder', { placeholder: unknown[0] ?? '', known });
  }
  if (pattern.split('{slug}').length !== 2) return ruleText('static.rule.path_slug_once');
  for (const segment of pattern.slice(0, -1).split('/')) {
    const literal = segment.replace(PLACEHOLDER, 'x');
    if (segment === '') return ruleText('rule.no_empty_folders');
    if (!SEGMENT_CHARS.test(literal)) {
      return ruleText('static.rule.path_segment', { segment });
    }
    if (segment.startsWith('.')) {
      return ruleText('static.rule.path_dot', { segment });
    }
  }
  return undefined;
}

const publicUrl = z
  .url({
    protocol: /^https?$/,
    error: ruleText('rule.http_url_example', { example: 'https://blog.example.cz/clanky/' }),
  })
  .refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), { error: ruleText('rule.no_credentials') })
  .refine((value) => !/[?#]/.test(value), { error: ruleText('rule.plain_address') })
  // Page URLs are resolved against it: without the slash, https://x.cz/clanky + a/ would be https://x.cz/a/.
  .transform((value) => (value.endsWith('/') ? value : `${value}/`));

const Serve = z.strictObject(
  {
    /** Address to listen on. `127.0.0.1` (default) keeps it on this machine, e.g. behind a reverse proxy. */
    host: z
      .string({ error: ruleText('static.rule.host') })
      .trim()
      .min(1)
      .default('127.0.0.1'),
    /** Port to listen on; 0 = any free port (fine for the demo; a real site needs a fixed one). */
    port: z
      .number({ error: ruleText('static.rule.port') })
      .int({ error: ruleText('static.rule.port') })
      .min(0, { error: ruleText('static.rule.port') })
      .max(65535, { error: ruleText('static.rule.port') })
      .default(0),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownKeys(issue.keys, 'host, port')
        : issue.code === 'invalid_type'
          ? ruleText('static.rule.serve')
          : undefined,
  },
);

export const StaticOptions = z
  .strictObject(
    {
      /**
       * The folder the site is written to. A relative path is resolved against pressbridge's `dataDir`.
       * Default: `<dataDir>/static-site`.
       */
      dir: z
        .string({ error: ruleText('static.rule.dir') })
        .trim()
        .min(1, ruleText('rule.not_empty'))
        .default('static-site'),
      /**
       * The public address where `dir` is served, e.g. `https://blog.example.cz/clanky/`: the URL handed to the
       * marketplace is this plus the article's path. Required unless `serve` is set (then: the served address).
       */
      baseUrl: publicUrl.optional(),
      /** Serve `dir` over HTTP from pressbridge itself. */
      serve: Serve.optional(),
      /** Where an article goes inside `dir`: a folder ending in "/", with `{slug}` and optionally `{dealId}`. */
      pathPattern: z
        .string({ error: ruleText('static.rule.path_pattern') })
        .trim()
        .default('{slug}/')
        .superRefine((value, ctx) => {
          const problem = pathPatternProblem(value);
          if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem, input: value });
        }),
      /** The site's name, shown in every page's title and heading. */
      siteName: z
        .string({ error: ruleText('static.rule.site_name') })
        .trim()
        .min(1, ruleText('rule.not_empty'))
        .optional(),
      /** Language of the pages (`<html lang>`), e.g. `cs`, `sk`, `en`. */
      lang: z
        .string({ error: ruleText('static.rule.lang') })
        .trim()
        .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, {
          error: ruleText('static.rule.lang_tag'),
        })
        .default('cs'),
      /**
       * Keep `<dir>/index.html` as a list of the published articles, newest first. An index.html that
       * pressbridge did not write is never overwritten.
       */
      indexPage: z.boolean({ error: ruleText('rule.boolean') }).default(true),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? unknownKeys(issue.keys, 'dir, baseUrl, serve, pathPattern, siteName, lang, indexPage')
          : issue.code === 'invalid_type'
            ? ruleText('static.rule.options')
            : undefined,
    },
  )
  .superRefine((options, ctx) => {
    if (options.baseUrl === undefined && options.serve === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['baseUrl'],
        message: ruleText('static.rule.base_url_required'),
        input: options,
      });
    }
  })
  .readonly();

export type StaticOptions = z.output<typeof StaticOptions>;
/** The options as written in the config file (before defaults). */
export type StaticOptionsInput = z.input<typeof StaticOptions>;
