/**
 * What the setup collects, step by step (a–h of issue 21), whichever front end asks: the /setup page or
 * `pressbridge setup` in a terminal. Plain data, so both fronts hold the same draft and one writer turns it
 * into `pressbridge.yaml` and the secrets file (./write-config.ts).
 */
import type { Language } from '../i18n/index.js';
import type { SetupMarketplace } from './marketplace.js';

export type BlogTarget = 'wordpress' | 'github' | 'static' | 'none';

/** How the marketplace's categories become the target's: see the publishers' `categories` option. */
export type CategoryChoice =
  /** The target's categories are pushed to the marketplace, so the ids are the same (`categories: identity`). */
  | { mode: 'sync' }
  /** `{ <marketplace id>: <target id or name> }`. */
  | { mode: 'map'; map: Record<string, number | string> }
  /** Every deal in one category of the target (`defaultCategory`); absent id: the target's own default. */
  | { mode: 'default'; category?: number | string };

export interface WordPressAnswer {
  url: string;
  username: string;
  applicationPassword: string;
  restRoot?: string;
}

export interface GitHubAnswer {
  repo: string;
  token: string;
  branch?: string;
  siteUrl: string;
  /** The github plugin's preset the repository's files name (plugins/github/presets.ts). */
  preset: 'jekyll' | 'hugo' | 'astro' | 'generic';
  /** With preset `generic` (no generator the setup knows): where the article and its photos go, and its address. */
  generic?: GenericPaths;
}

/** The GitHub plugin's `paths.article`, `paths.images`, `paths.imageUrl` and `urlPattern` (plugins/github). */
export interface GenericPaths {
  article: string;
  images: string;
  imageUrl: string;
  urlPattern: string;
}

export interface StaticAnswer {
  dir: string;
  baseUrl: string;
}

export interface BlogAnswer {
  id: number;
  name: string;
  /** The blog's address in the marketplace (the WordPress address is proposed from it). */
  url: string;
  target: BlogTarget;
  wordpress?: WordPressAnswer;
  github?: GitHubAnswer;
  static?: StaticAnswer;
  categories?: CategoryChoice;
  /** Switch the marketplace's agent publishing on for this blog (step h). */
  agent: boolean;
}

export type NotifyAnswer =
  | { type: 'ntfy'; server: string; topic: string }
  | { type: 'telegram'; botToken: string; chatId: string };

export interface SetupAnswers {
  language: Language;
  marketplace: SetupMarketplace;
  blogs: BlogAnswer[];
  /**
   * `webhookUrl`: the public HTTPS address (webhook mode); `listen`: the webhook listener (default port 8080; the
   * address 0.0.0.0 for a webhook, 127.0.0.1 for the poll, which listens only once a webhook is registered).
   */
  intake: { mode: 'poll' | 'webhook'; webhookUrl?: string; listen?: { host?: string; port: number } };
  notify?: NotifyAnswer;
  status: { host: string; port: number; password?: string };
  redis?: { url?: string; prefix?: string; embedded?: boolean };
}

/** The blogs pressbridge publishes to: every blog with a target. */
export function handledBlogs(answers: Pick<SetupAnswers, 'blogs'>): BlogAnswer[] {
  return answers.blogs.filter((b) => b.target !== 'none');
}

/** The handled blogs whose publisher files an article under a category (a folder of files has none). */
export function blogsWithCategories(answers: Pick<SetupAnswers, 'blogs'>): BlogAnswer[] {
  return handledBlogs(answers).filter((b) => b.target !== 'static');
}
