/**
 * The presets (where Jekyll, Hugo, an Astro blog and a generic site keep articles, images and drafts, their
 * front-matter keys, and what their generator does beyond Markdown) and the rules for the path and URL patterns
 * a blogger may write. Pure: no I/O.
 *
 * DESIGN: PRESET_DEFAULTS is a data table; with the pattern checks that read it, this file is the plugin's
 * vocabulary of layouts, and layout.ts applies it to one deal.
 */
import { ruleText } from '../../src/publisher/phrase.js';

export const PRESETS = ['jekyll', 'hugo', 'astro', 'generic'] as const;
export type Preset = (typeof PRESETS)[number];

/** The placeholders each pattern may use. */
export const PLACEHOLDERS = {
  article: ['{yyyy}', '{mm}', '{dd}', '{slug}', '{dealId}', '{ext}'],
  draft: ['{yyyy}', '{mm}', '{dd}', '{slug}', '{dealId}', '{ext}'],
  images: ['{yyyy}', '{mm}', '{dd}', '{slug}', '{dealId}'],
  imageUrl: ['{yyyy}', '{mm}', '{dd}', '{slug}', '{dealId}', '{filename}', '{sitePath}', '{urlPath}'],
  coverUrl: ['{yyyy}', '{mm}', '{dd}', '{slug}', '{dealId}', '{filename}', '{sitePath}', '{urlPath}'],
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
  /**
   * How the front matter refers to the cover, e.g. Hugo's `{urlPath}{filename}`: the path below the site that
   * its social-card templates resolve (`absURL`), whatever the page's own folder.
   */
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
  /**
   * The article's summary (its first paragraph as plain text), what SEO templates, feeds and the Astro blog
   * starter's schema read; without it, Jekyll and Hugo take the first paragraph of the body, which is the label.
   */
  description: string | null;
  /** The deal id: how pressbridge recognises its own files. Never left out. */
  deal: string;
}

/** What the site's generator does beyond Markdown, where it decides how the article is written (content.ts). */
export interface Dialect {
  /**
   * Body photos as `<img>` tags while `rawHtml` is on: the alt text exact wherever HTML passes (markdown-it and
   * Hugo 0.111 garble references and escapes in a Markdown image's alt text). Markdown images where the
   * generator processes them: Astro resizes an image it finds beside the article and leaves a tag alone.
   */
  photos: 'html' | 'markdown';
  /**
   * The description written as HTML (`&`, `<`, `>` as references): Jekyll's templates print front matter as it
   * is (jekyll-seo-tag's own pass strips tags, jekyll-feed puts it in CDATA), the others escape what they print.
   */
  htmlDescription: boolean;
}

export interface PresetDefaults {
  paths: PathPatterns;
  /** Relative to `siteUrl` (or absolute). */
  urlPattern: string | undefined;
  keys: FrontMatterKeys;
  dialect: Dialect;
}

export const DEAL_KEY = 'pressbridge_deal';

/**
 * Jekyll: a post in `_posts/` named by date and slug, images under `assets/images/<slug>/`, the URL pinned by
 * a `permalink` in the front matter (so neither categories nor the site's permalink style move it).
 * Hugo: a page bundle `content/posts/<slug>/index.md` with its images beside it, the cover in `images` as a
 * path below the site (Hugo's built-in social templates resolve it against the site, not the page).
 * Astro: the blog starter's collection, `src/content/blog/<slug>/index.md` with its images beside it, the
 * cover in `heroImage` relative to the article (the starter's `image()` takes no `/public` path), `pubDate`,
 * and the `description` its schema requires.
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
      description: 'description',
      deal: DEAL_KEY,
    },
    dialect: { photos: 'html', htmlDescription: true },
  },
  hugo: {
    paths: {
      article: 'content/posts/{slug}/index.{ext}',
      images: 'content/posts/{slug}/',
      imageUrl: '{filename}',
      coverUrl: '{urlPath}{filename}',
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
      description: 'description',
      deal: DEAL_KEY,
    },
    dialect: { photos: 'html', htmlDescription: false },
  },
  astro: {
    paths: {
      article: 'src/content/blog/{slug}/index.{ext}',
      images: 'src/content/blog/{slug}/',
      imageUrl: './{filename}',
      coverUrl: './{filename}',
      draft: undefined,
    },
    urlPattern: 'blog/{slug}/',
    keys: {
      title: 'title',
      date: 'pubDate',
      slug: 'slug',
      categories: 'categories',
      cover: 'heroImage',
      permalink: null,
      draft: null,
      description: 'description',
      deal: DEAL_KEY,
    },
    dialect: { photos: 'markdown', htmlDescription: false },
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
      description: 'description',
      deal: DEAL_KEY,
    },
    dialect: { photos: 'html', htmlDescription: false },
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
  if (!folder && /\.mdx$/i.test(pattern)) {
    return ruleText('gh.rule.path.mdx');
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
