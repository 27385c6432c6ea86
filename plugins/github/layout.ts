/**
 * Where a deal's files go in the repository and where the article appears on the site: the presets, the
 * placeholders of the path and URL patterns, and the plan for one deal. Pure: no I/O.
 *
 * Every value that becomes part of a path comes from the deal (its id, the acceptance date, the slug the
 * pipeline made of the title), and the slug is re-checked here, so nothing outside the patterns the blogger
 * wrote can reach `..`, `.git/` or another folder.
 */
import { formatServiceDateTime } from '../../src/marketplace/schema.js';
import { safeSlug } from '../../src/publisher/kit/index.js';
import type { PublishImage } from '../../src/publisher/types.js';

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

const PLACEHOLDER = /\{[^}]*\}/g;
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Why a repository path pattern is refused (undefined: fine). `folder`: must end with `/`. */
export function repoPathProblem(pattern: string, kind: 'article' | 'draft' | 'images'): string | undefined {
  const unknown = unknownPlaceholders(pattern, kind);
  if (unknown) return unknown;
  if (pattern.startsWith('/')) return 'must be relative to the repository root (no leading "/")';
  if (pattern.includes('\\')) return 'must use "/" between folders';
  const folder = kind === 'images';
  if (folder && !pattern.endsWith('/'))
    return 'must be a folder: end it with "/", e.g. "assets/images/{slug}/"';
  if (!folder && pattern.endsWith('/')) return 'must be a file, e.g. "content/blog/{slug}.{ext}"';
  if (folder && pattern === '/') return 'must not be the repository root';
  const segments = (folder ? pattern.slice(0, -1) : pattern).split('/');
  for (const segment of segments) {
    if (segment === '') return 'must not contain empty folder names ("//")';
    const literal = segment.replace(PLACEHOLDER, 'x');
    if (!SEGMENT.test(literal)) {
      return `"${segment}" may hold only letters a-z, digits, ".", "-", "_" and placeholders`;
    }
    if (segment === '.' || segment === '..') return 'must not contain "." or ".." folders';
  }
  if (segments[0] === '.git' || segments[0] === '.github') {
    return `must not write into ${segments[0]}/`;
  }
  if (!folder && !pattern.includes('{slug}') && !pattern.includes('{dealId}')) {
    return 'must contain {slug} or {dealId}, so that every deal gets its own file';
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
  if (/\s/.test(pattern)) return 'must not contain spaces';
  if (/[?#]/.test(pattern)) return 'must not contain ?query or #fragment';
  if (kind === 'url' && !pattern.includes('{slug}') && !pattern.includes('{dealId}')) {
    return 'must contain {slug} or {dealId}, so that every article gets its own URL';
  }
  if ((kind === 'imageUrl' || kind === 'coverUrl') && !pattern.includes('{filename}')) {
    return 'must contain {filename}';
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(pattern) && !/^https?:\/\//i.test(pattern)) {
    return 'must be an http(s) address, a path beginning with "/", or a path relative to the page';
  }
  return undefined;
}

function unknownPlaceholders(pattern: string, kind: PatternKind): string | undefined {
  const known: readonly string[] = PLACEHOLDERS[kind];
  const unknown = (pattern.match(PLACEHOLDER) ?? []).filter((p) => !known.includes(p));
  if (unknown.length === 0) return undefined;
  return `unknown placeholder ${unknown[0]} (known here: ${known.join(' ')})`;
}

/** The values the placeholders stand for. */
export interface PatternValues {
  yyyy: string;
  mm: string;
  dd: string;
  slug: string;
  dealId: string;
  ext?: string;
  filename?: string;
  sitePath?: string;
}

/** Fills a pattern's placeholders; a placeholder without a value stays as it is (the schema refuses those). */
export function expand(pattern: string, values: PatternValues): string {
  return pattern.replace(PLACEHOLDER, (placeholder) => {
    const value = values[placeholder.slice(1, -1) as keyof PatternValues];
    return value === undefined ? placeholder : value;
  });
}

/** `{yyyy}`, `{mm}`, `{dd}` of an instant, on the Prague wall clock (the marketplace's time zone). */
export function dateParts(date: Date): { yyyy: string; mm: string; dd: string } {
  const text = formatServiceDateTime(date);
  return { yyyy: text.slice(0, 4), mm: text.slice(5, 7), dd: text.slice(8, 10) };
}

/** The resolved layout of a configured blog (from the options). */
export interface Layout {
  paths: PathPatterns;
  /** Absolute URL pattern (already resolved against `siteUrl`). */
  url: string;
  siteUrl: string;
  ext: 'md' | 'html';
}

export interface PlannedImage {
  n: number;
  /** Path of the file in the repository. */
  path: string;
  /** How the article refers to it (body image or cover field). */
  ref: string;
  image: PublishImage;
}

/** Everything about where one deal's article goes, for one slug. */
export interface ArticlePlan {
  slug: string;
  /** The article file in the repository. */
  path: string;
  /** The article's public URL. */
  url: string;
  /** The URL's path relative to `siteUrl`, with a leading `/` (Jekyll's `permalink`); undefined: not under it. */
  permalink: string | undefined;
  /** The body photos (the cover excluded), by number. */
  images: PlannedImage[];
  cover: PlannedImage | undefined;
}

/**
 * The plan for a deal: article path, URL, image paths and references. `slug` is the pipeline's slug, or the
 * fallback `<slug>-<dealId>` when another article already holds the first one. Images are named
 * `<slug>-<n>.<jpg|webp>` (what the pipeline names them, re-made so that the fallback slug renames them too).
 */
export function planArticle(
  layout: Layout,
  input: {
    dealId: number;
    slug: string;
    date: Date;
    images: readonly PublishImage[];
    usedPhotos: ReadonlySet<number>;
  },
): ArticlePlan {
  const slug = safeSlug(input.slug);
  const values: PatternValues = { ...dateParts(input.date), slug, dealId: String(input.dealId) };
  const sitePath = new URL(layout.siteUrl).pathname;
  const imagesDir = expand(layout.paths.images, values);
  const byNumber = new Map<number, PublishImage>();
  for (const image of input.images) if (!byNumber.has(image.n)) byNumber.set(image.n, image);

  const planImage = (image: PublishImage, refPattern: string): PlannedImage => {
    const filename = `${slug}-${image.n}.${image.contentType === 'image/webp' ? 'webp' : 'jpg'}`;
    return {
      n: image.n,
      path: `${imagesDir}${filename}`,
      ref: expand(refPattern, { ...values, filename, sitePath }),
      image,
    };
  };
  const images = [...byNumber.values()]
    .filter((image) => image.n !== 0 && input.usedPhotos.has(image.n))
    .sort((a, b) => a.n - b.n)
    .map((image) => planImage(image, layout.paths.imageUrl));
  const coverImage = byNumber.get(0);
  const url = expand(layout.url, values);
  return {
    slug,
    path: expand(layout.paths.article, { ...values, ext: layout.ext }),
    url,
    permalink: permalinkOf(url, layout.siteUrl),
    images,
    cover: coverImage ? planImage(coverImage, layout.paths.coverUrl) : undefined,
  };
}

/** The brief's path for a deal (undefined: no draft path configured). */
export function draftPath(
  layout: Layout,
  input: { dealId: number; slug: string; date: Date },
): string | undefined {
  if (layout.paths.draft === undefined) return undefined;
  const values: PatternValues = {
    ...dateParts(input.date),
    slug: safeSlug(input.slug),
    dealId: String(input.dealId),
    ext: layout.ext,
  };
  return expand(layout.paths.draft, values);
}

/** A URL's path below `siteUrl`, with a leading `/`; undefined when the URL is not under it. */
export function permalinkOf(url: string, siteUrl: string): string | undefined {
  return url.startsWith(siteUrl) ? `/${url.slice(siteUrl.length)}` : undefined;
}

/** A URL pattern resolved against the site: absolute patterns stay; others are relative to `siteUrl`. */
export function resolveUrlPattern(pattern: string, siteUrl: string): string {
  if (/^https?:\/\//i.test(pattern)) return pattern;
  return `${siteUrl}${pattern.replace(/^\/+/, '')}`;
}
