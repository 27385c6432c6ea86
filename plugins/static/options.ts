import { z } from 'zod';
import { unknownKeys } from '../../src/publisher/kit/index.js';

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
    return 'must end with "/" (each article is a folder holding index.html and its photos), e.g. "{slug}/"';
  }
  if (pattern.startsWith('/')) return 'must be relative to dir (no leading "/"), e.g. "clanky/{slug}/"';
  const unknown = (pattern.match(PLACEHOLDER) ?? []).filter(
    (p) => !(PATH_PLACEHOLDERS as readonly string[]).includes(p),
  );
  if (unknown.length > 0) {
    return `unknown placeholder ${unknown[0]} (known: ${PATH_PLACEHOLDERS.join(', ')})`;
  }
  if (pattern.split('{slug}').length !== 2) return 'must contain {slug} exactly once';
  for (const segment of pattern.slice(0, -1).split('/')) {
    const literal = segment.replace(PLACEHOLDER, 'x');
    if (segment === '') return 'must not contain empty folder names ("//")';
    if (!SEGMENT_CHARS.test(literal)) {
      return `folder "${segment}" may hold only letters a-z, digits, ".", "-", "_" and placeholders`;
    }
    if (segment.startsWith('.')) {
      return `folder "${segment}" must not start with "." (such folders are never served)`;
    }
  }
  return undefined;
}

const publicUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://blog.example.cz/clanky/' })
  .refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), {
    error: 'must not contain a user name or password',
  })
  .refine((value) => !/[?#]/.test(value), { error: 'must be a plain address, without ?query or #fragment' })
  // Page URLs are resolved against it: without the slash, https://x.cz/clanky + a/ would be https://x.cz/a/.
  .transform((value) => (value.endsWith('/') ? value : `${value}/`));

const Serve = z.strictObject(
  {
    /** Address to listen on. `127.0.0.1` (default) keeps it on this machine, e.g. behind a reverse proxy. */
    host: z.string({ error: 'must be a host name or IP address' }).trim().min(1).default('127.0.0.1'),
    /** Port to listen on; 0 = any free port (fine for the demo; a real site needs a fixed one). */
    port: z
      .number({ error: 'must be a port number (0-65535)' })
      .int({ error: 'must be a port number (0-65535)' })
      .min(0, { error: 'must be a port number (0-65535)' })
      .max(65535, { error: 'must be a port number (0-65535)' })
      .default(0),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? unknownKeys(issue.keys, 'host, port')
        : issue.code === 'invalid_type'
          ? 'must be a map { host, port } (an empty map {} serves on 127.0.0.1 at any free port)'
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
        .string({ error: 'must be a folder path' })
        .trim()
        .min(1, 'must not be empty')
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
        .string({ error: 'must be a path pattern such as "{slug}/"' })
        .trim()
        .default('{slug}/')
        .superRefine((value, ctx) => {
          const problem = pathPatternProblem(value);
          if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem, input: value });
        }),
      /** The site's name, shown in every page's title and heading. */
      siteName: z.string({ error: 'must be a text' }).trim().min(1, 'must not be empty').optional(),
      /** Language of the pages (`<html lang>`), e.g. `cs`, `sk`, `en`. */
      lang: z
        .string({ error: 'must be a language tag such as cs or en' })
        .trim()
        .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, {
          error: 'must be a language tag such as cs, sk or en',
        })
        .default('cs'),
      /**
       * Keep `<dir>/index.html` as a list of the published articles, newest first. An index.html that
       * pressbridge did not write is never overwritten.
       */
      indexPage: z.boolean({ error: 'must be true or false' }).default(true),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? unknownKeys(issue.keys, 'dir, baseUrl, serve, pathPattern, siteName, lang, indexPage')
          : issue.code === 'invalid_type'
            ? 'must be a map of static-site options (dir, baseUrl, serve, …)'
            : undefined,
    },
  )
  .superRefine((options, ctx) => {
    if (options.baseUrl === undefined && options.serve === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['baseUrl'],
        message:
          'required: the public address where the folder is served (e.g. https://blog.example.cz/clanky/), or set serve: {} to let pressbridge serve the folder itself',
        input: options,
      });
    }
  })
  .readonly();

export type StaticOptions = z.output<typeof StaticOptions>;
/** The options as written in the config file (before defaults). */
export type StaticOptionsInput = z.input<typeof StaticOptions>;
