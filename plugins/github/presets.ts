/**
 * The presets (where Jekyll, Hugo and a generic site keep articles, images and drafts, and their front-matter
 * keys) and the rules for the path and URL patterns a blogger may write. Pure: no I/O.
 *
 * DESIGN: PRESET_DEFAULTS is a data table; with the pattern checks that read it, this file is the plugin's
 * vocabulary of layouts, and layout.ts applies it to one deal.
 */
import { ruleText } from '../../src/publisher/phrase.js';

export const PRESETS = ['jekyll', 'hugo', 'generic'] as const;
export type Preset = (typeof PRESETS)[number];

/** The placeholders each pattern may use. */
export const PLACEHOLDERS = {
  article: ['{yyyy}', '{mm}', '{dd}', '{slug}', '{dealId}', '{ext}'],
  draft: ['{yyyy}', '{mm}', '{dd}', '{slug}', '{dealId}', '{ext}'],
  images: ['{yyyy}', '{mm}', '{dd}', '{slug}', '{dealId}'],
  imageUrl: ['{yyyy}', '{mm}', '{dd}', '{slug}', '{dealId}', '{filename}', '{sitePath}'],
  coverUrl: ['{yyyy}', '{mm}', '{dd}', '{slug}', '{dealId}', '{filename}', '{sitePath}'],
  url: ['{yyyy}', '{mm}', '{dd}', '{slug}', '{dealId}'],
} as const;
export type PatternKind = keyof typeof PLACEHOLDERS;

/** Paths in the repository and how the article refers to its images. */
export interface PathPatterns {
  /** The article file, e.g. `_posts/{yyyy}-{mm}-{dd}-{slug}.{ext}`. */
  article: string;
  /** The folder the images go to (ends with `/`), e.g. `assets/images/{slug}/`. */
  images: string;
  /** How the body refers to an image, e.g. `{sitePath}assets/images/{slug}/{filename}` or just `{filename}`. */
  imageUrl: string;
  /** How the front matter refers to the cover. */
  coverUrl: string;
  /** Where a brief for a hand-written deal goes (`bloggerPublished: draft`); none: briefs are refused. */
  draft: string | undefined;
}

/** Front-matter key names; null leaves that field out. */
export interface FrontMatterKeys {
  title: string | null;
  date: string | null;
  slug: string | null;
  categories: string | null;
  cover: string | null;
  /** The article's path on the site (relative to `siteUrl`), which pins the URL (Jekyll's `permalink`). */
  permalink: string | null;
  /** Set to true on a brief (Hugo and most generators leave drafts out of the build). */
  draft: string | null;
  /** The deal id: how pressbridge recognises its own files. Never left out. */
  deal: string;
}

export interface PresetDefaults {
  paths: PathPatterns;
  /** Relative to `siteUrl` (or absolute). */
  urlPattern: string | undefined;
  keys: FrontMatterKeys;
}

export const DEAL_KEY = 'pressbridge_deal';

/**
 * Jekyll: a post in `_posts/` named by date and slug, images under `assets/images/<slug>/`, the URL pinned by
 * a `permalink` in the front matter (so neither categories nor the site's permalink style move it).
 * Hugo: a page bundle `content/posts/<slug>/index.md` with its images beside it, the cover in `images`.
 * Generic: nothing assumed; the blogger gives the paths and the URL pattern.
 */
export const PRESET_DEFAULTS: Record<Preset, PresetDefaults> = {
  jekyll: {
    paths: {
      article: '_posts/{yyyy}-{mm}-{dd}-{slug}.{ext}',
      images: 'assets/images/{slug}/',
      imageUrl: '{sitePath}assets/images/{slug}/{filename}',
      coverUrl: '/assets/images/{slug}/{filename}',
      draft: '_drafts/{slug}.{ext}',
    },
    urlPattern: '{yyyy}/{mm}/{dd}/{slug}.html',
    keys: {
      title: 'title',
      date: 'date',
      slug: 'slug',
      categories: 'categories',
      cover: 'image',
      permalink: 'permalink',
      draft: null,
      deal: DEAL_KEY,
    },
  },
  hugo: {
    paths: {
      article: 'content/posts/{slug}/index.{ext}',
      images: 'content/posts/{slug}/',
      imageUrl: '{filename}',
      coverUrl: '{filename}',
      draft: 'content/posts/{slug}/index.{ext}',
    },
    urlPattern: 'posts/{slug}/',
    keys: {
      title: 'title',
      date: 'date',
      slug: 'slug',
      categories: 'categories',
      cover: 'images',
      permalink: null,
      draft: 'draft',
      deal: DEAL_KEY,
    },
  },
  generic: {
    paths: {
      article: '',
      images: '',
      imageUrl: '',
      coverUrl: '',
      draft: undefined,
    },
    urlPattern: undefined,
    keys: {
      title: 'title',
      date: 'date',
      slug: 'slug',
      categories: 'categories',
      cover: 'image',
      permalink: null,
      draft: 'draft',
      deal: DEAL_KEY,
    },
  },
};

export const PLACEHOLDER = /\{[^}]*\}/g;
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Why a repository path pattern is refused (undefined: fine). `folder`: must end with `/`. */
export function repoPathProblem(pattern: string, kind: 'article' | 'draft' | 'images'): string | undefined {
  const unknown = unknownPlaceholders(pattern, kind);
  if (unknown) return unknown;
  if (pattern.startsWith('/')) return ruleText('gh.rule.path.relative');
  if (pattern.includes('\\')) return ruleText('gh.rule.path.slashes');
  const folder = kind === 'images';
  if (folder && !pattern.endsWith('/')) return ruleText('gh.rule.path.folder');
  if (!folder && pattern.endsWith('/')) return ruleText('gh.rule.path.file');
  if (folder && pattern === '/') return ruleText('gh.rule.path.root');
  const segments = (folder ? pattern.slice(0, -1) : pattern).split('/');
  for (const segment of segments) {
    if (segment === '') return ruleText('rule.no_empty_folders');
    const literal = segment.replace(PLACEHOLDER, 'x');
    if (!SEGMENT.test(literal)) {
      return ruleText('gh.rule.path.segment', { segment });
    }
    if (segment === '.' || segment === '..') return ruleText('gh.rule.path.dots');
  }
  if (segments[0] === '.git' || segments[0] === '.github') {
    return ruleText('gh.rule.path.reserved', { folder: segments[0] });
  }
  if (!folder && !pattern.includes('{slug}') && !pattern.includes('{dealId}')) {
    return ruleText('gh.rule.path.own_file');
  }
  return undefined;
}

/** Why a URL pattern (imageUrl, coverUrl, url) is refused (undefined: fine). */
export function urlPatternProblem(
  pattern: string,
  kind: 'imageUrl' | 'coverUrl' | 'url',
): string | undefined {
  const unknown = unknownPlaceholders(pattern, kind);
  if (unknown) return unknown;
  if (/\s/.test(pattern)) return ruleText('gh.rule.url.spaces');
  if (/[?#]/.test(pattern)) return ruleText('gh.rule.url.query');
  if (kind === 'url' && !pattern.includes('{slug}') && !pattern.includes('{dealId}')) {
    return ruleText('gh.rule.url.own_url');
  }
  if ((kind === 'imageUrl' || kind === 'coverUrl') && !pattern.includes('{filename}')) {
    return ruleText('gh.rule.url.filename');
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(pattern) && !/^https?:\/\//i.test(pattern)) {
    return ruleText('gh.rule.url.kind');
  }
  return undefined;
}

function unknownPlaceholders(pattern: string, kind: PatternKind): string | undefined {
  const known: readonly string[] = PLACEHOLDERS[kind];
  const unknown = (pattern.match(PLACEHOLDER) ?? []).filter((p) => !known.includes(p));
  if (unknown.length === 0) return undefined;
  return ruleText('gh.rule.placeholder', { placeholder: unknown[0] ?? '', known: known.join(' ') });
}
