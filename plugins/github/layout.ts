/**
 * Where a deal's files go in the repository and where the article appears on the site: the patterns (from
 * presets.ts, checked there) filled in for one deal. Pure: no I/O.
 *
 * Every value that becomes part of a path comes from the deal (its id, the acceptance date, the slug the
 * pipeline made of the title), and the slug is re-checked here, so nothing outside the patterns the blogger
 * wrote can reach `..`, `.git/` or another folder.
 */
import { formatServiceDateTime, safeSlug } from '../../src/publisher/kit/index.js';
import type { PublishImage } from '../../src/publisher/types.js';
import { type PathPatterns, PLACEHOLDER } from './presets.js';

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
  urlPath?: string;
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
  const url = expand(layout.url, values);
  const urlPath = folderBelowSite(url, layout.siteUrl);
  const imagesDir = expand(layout.paths.images, values);
  const byNumber = new Map<number, PublishImage>();
  for (const image of input.images) if (!byNumber.has(image.n)) byNumber.set(image.n, image);

  const planImage = (image: PublishImage, refPattern: string): PlannedImage => {
    const filename = `${slug}-${image.n}.${image.contentType === 'image/webp' ? 'webp' : 'jpg'}`;
    return {
      n: image.n,
      path: `${imagesDir}${filename}`,
      ref: expand(refPattern, { ...values, filename, sitePath, urlPath }),
      image,
    };
  };
  const images = [...byNumber.values()]
    .filter((image) => image.n !== 0 && input.usedPhotos.has(image.n))
    .sort((a, b) => a.n - b.n)
    .map((image) => planImage(image, layout.paths.imageUrl));
  const coverImage = byNumber.get(0);
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

/**
 * `{urlPath}`: the folder of the article's URL below `siteUrl`, without a leading `/` (`posts/vylet/` for
 * `https://jana.cz/blog/posts/vylet/`); for a URL elsewhere, the folder of its whole path.
 */
export function folderBelowSite(url: string, siteUrl: string): string {
  const below = permalinkOf(url, siteUrl) ?? new URL(url).pathname;
  return below.slice(1, below.lastIndexOf('/') + 1);
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
