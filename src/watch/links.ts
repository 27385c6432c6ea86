/**
 * The advertiser's links of an article and their comparison with the live page (pure).
 *
 * Which links: every `<a href>` of the rendered article (the delivered text after sanitising, as pressbridge
 * published it) whose href is an absolute http(s) URL; anchors, `mailto:` and relative links are not the
 * advertiser's target. They are stored on the deal at the render step (`data.watch.links`).
 *
 * How they are compared: the href attribute's value as HTML reads it (character references decoded, so `&amp;`
 * and `&#038;` equal `&`; surrounding ASCII whitespace dropped, as browsers do) must be EXACTLY equal on the live
 * page. Nothing else is normalised: a trailing slash added or removed, http turned into https, a plugin's
 * `/go/…` redirect or a tracking parameter all count as a lost link, because the advertiser checks the href
 * it paid for. Other attributes (`rel`, `target`, `title`) and the link's text may change freely.
 * Any link of the page counts (the theme decides where the article's body sits).
 */
import { load } from 'cheerio';
import type { Article } from '../render/types.js';

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

function blockHtml(article: Pick<Article, 'blocks'>): string[] {
  return article.blocks.flatMap((block): string[] => {
    switch (block.type) {
      case 'paragraph':
      case 'heading':
      case 'code':
      case 'html':
        return [block.html];
      case 'quote':
        return block.citation === undefined ? [block.html] : [block.html, block.citation];
      case 'list':
        return block.items;
      case 'table':
        return [
          ...[...block.head, ...block.body, ...block.foot].flat().map((cell) => cell.html),
          ...(block.caption === undefined ? [] : [block.caption]),
        ];
      default:
        return [];
    }
  });
}

/** The advertiser's links of a rendered article: absolute http(s) hrefs, at most MAX_LINKS. */
export function articleLinks(article: Pick<Article, 'blocks'>): string[] {
  return linksOf(blockHtml(article).join('\n')).filter(isWatched).slice(0, MAX_LINKS);
}

/** The expected hrefs the live page does not hold, in their stored order. */
export function missingLinks(expected: readonly string[], pageHtml: string): string[] {
  const present = new Set(linksOf(pageHtml));
  return expected.filter((href) => !present.has(normaliseHref(href)));
}

/** The links stored on a deal (`data.watch.links`); none when absent or unreadable. */
export function storedLinks(data: Record<string, unknown>): string[] {
  const watch = data.watch;
  if (!watch || typeof watch !== 'object') return [];
  const links = (watch as { links?: unknown }).links;
  return Array.isArray(links) ? links.filter((link): link is string => typeof link === 'string') : [];
}
