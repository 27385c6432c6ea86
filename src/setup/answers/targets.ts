/**
 * Steps c and d, each handled blog's target: WordPress (the login pasted or handed back by WordPress; the answer
 * itself is built by the engine's `connectWordPress` once every check passed), a GitHub repository (its preset
 * guessed by the engine; the generic preset's paths when no generator was told) or a folder of files.
 */
import { z } from 'zod';
import { REPO } from '../../../plugins/github/option-fields.js';
import type { PRESETS } from '../../../plugins/github/presets.js';
import type { WordPressDiscovery } from '../wordpress/types.js';
import { filled, setupRule, typed } from './read.js';

export const WordPressLogin = z.object({
  username: filled('setup.rule.wp_login'),
  applicationPassword: filled('setup.rule.wp_login'),
});
export type WordPressLogin = z.output<typeof WordPressLogin>;

export interface WordPressAnswer {
  url: string;
  username: string;
  applicationPassword: string;
  /** Only when it is not the one the plugin derives from `url` (`<url>/wp-json/`). */
  restRoot?: string;
}

/** The WordPress answer for a login that passed every check at the site discovery found. */
export function wordpressAnswer(
  site: Pick<WordPressDiscovery, 'siteUrl' | 'restRoot'>,
  login: WordPressLogin,
): WordPressAnswer {
  const restRoot = site.restRoot === `${site.siteUrl}/wp-json/` ? {} : { restRoot: site.restRoot };
  return { url: site.siteUrl, ...login, ...restRoot };
}

/** The public address of a site (a repository's, a folder's). */
const siteAddress = z.preprocess(
  typed,
  z.url({ protocol: /^https?$/, error: setupRule('setup.rule.site_url') }),
);

export const GitHubRepo = z.object({
  repo: z
    .string({ error: setupRule('setup.rule.repo') })
    .trim()
    .regex(REPO, { error: setupRule('setup.rule.repo') }),
  token: filled('setup.rule.gh_token'),
  /** Absent: the repository's default branch. */
  branch: z.preprocess(typed, z.string().optional()),
  siteUrl: siteAddress,
});
export type GitHubRepo = z.output<typeof GitHubRepo>;

/** The GitHub plugin's `paths.article`, `paths.images`, `paths.imageUrl` and `urlPattern` (plugins/github). */
export const GenericPaths = z.object({
  article: filled('setup.rule.gh_paths'),
  images: filled('setup.rule.gh_paths'),
  imageUrl: filled('setup.rule.gh_paths'),
  urlPattern: filled('setup.rule.gh_paths'),
});
export type GenericPaths = z.output<typeof GenericPaths>;

export type GitHubAnswer = GitHubRepo & {
  /** The github plugin's preset the repository's files name (plugins/github/presets.ts). */
  preset: (typeof PRESETS)[number];
  /** With preset `generic` (no generator the setup knows): where the article and its photos go, and its address. */
  generic?: GenericPaths;
};

export const StaticAnswer = z.object({ dir: filled('setup.rule.static_dir'), baseUrl: siteAddress });
export type StaticAnswer = z.output<typeof StaticAnswer>;
