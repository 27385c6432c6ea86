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
import { normaliseHref } from '../render/article-links.js';

/**
 * The expected hrefs the live page does not hold, in their stored order. `present`: the page's hrefs as read
 * (`linksOf`, or `PageFacts.links` from a render thread: src/render/article-links.ts reads the page).
 */
export function missingLinks(expected: readonly string[], present: Iterable<string>): string[] {
  const found = new Set([...present].map(normaliseHref));
  return expected.filter((href) => !found.has(normaliseHref(href)));
}

/** The links stored on a deal (`data.watch.links`); none when absent or unreadable. */
export function storedLinks(data: Record<string, unknown>): string[] {
  const watch = data.watch;
  if (!watch || typeof watch !== 'object') return [];
  const links = (watch as { links?: unknown }).links;
  return Array.isArray(links) ? links.filter((link): link is string => typeof link === 'string') : [];
}
