/**
 * The advertiser's links of a rendered article (pure): every `<a href>` of the sanitised blocks whose href is an
 * absolute http(s) URL, read as HTML reads it (character references decoded, surrounding whitespace dropped).
 * Computed in the render thread (render-worker.ts → `Article.links`), so parsing a large article never blocks the
 * daemon's event loop; the article watcher (src/watch/links.ts) compares them with the live page.
 */
import { load } from 'cheerio';
import type { Article } from './types.js';
import { blockHtmlParts } from './walk.js';

/** At most this many links are kept per article, each at most this long. */
export const MAX_LINKS = 100;
const MAX_HREF_LENGTH = 2048;

/** An href as HTML reads it, for comparison (see the module comment). */
export function normaliseHref(href: string): string {
  return href.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
}

function isWatched(href: string): boolean {
  return /^https?:\/\//i.test(href) && href.length <= MAX_HREF_LENGTH;
}

/** The hrefs of every link in an HTML text, decoded, in document order, without duplicates. */
export function linksOf(html: string): string[] {
  const $ = load(html);
  const hrefs = new Set<string>();
  $('a[href]').each((_, element) => {
    const href = $(element).attr('href');
    if (href !== undefined) hrefs.add(normaliseHref(href));
  });
  return [...hrefs];
}

/** The advertiser's links of a rendered article: absolute http(s) hrefs, at most MAX_LINKS. */
export function articleLinks(article: Pick<Article, 'blocks'>): string[] {
  return linksOf(article.blocks.flatMap(blockHtmlParts).join('\n')).filter(isWatched).slice(0, MAX_LINKS);
}
