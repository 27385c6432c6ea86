/**
 * Links read from HTML (pure): the advertiser's links of a rendered article, and the facts the article watcher
 * reads from a live page. An href is read as HTML reads it: character references decoded, surrounding
 * whitespace dropped (src/watch/links.ts says how the watcher compares them).
 *
 * Both run in a render thread (render-worker.ts), never on the daemon's event loop, and both read HTML with
 * htmlparser2's Tokenizer alone: it builds no tree and keeps no stack of open elements, so its cost is linear in
 * the bytes and blind to nesting depth (a live page is anyone's markup: 60,000 nested `<div>` of a theme or an
 * ad cost a tree builder seconds to minutes). The Tokenizer already reads `<script>`, `<style>`, `<title>`,
 * `<textarea>`, `<xmp>` and comments as text; the elements a browser (with scripting on) also reads as raw text
 * are skipped here, so an `<a href>` written inside any of them is not a link, as in a browser.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { blockHtmlParts } from './block-visit.js';
import { normaliseHref, readLivePage } from './page-facts.js';
import { RAW_TEXT } from './tokenizer-elements.js';
import type { Article } from './types.js';

/** At most this many links are kept per article, each at most this long. */
export const MAX_LINKS = 100;
const MAX_HREF_LENGTH = 2048;

/**
 * Which of the asked hrefs a page holds (the links part of ./page-facts.ts `LivePageFacts`, which the watcher
 * reads in a render thread).
 */
export interface PageFacts {
  /** The asked-for hrefs (normalised) that the page holds as an `<a href>`, once each, in page order. */
  links: string[];
  /** `<a href>` elements on the page. */
  anchors: number;
}

export { normaliseHref };

function isWatched(href: string): boolean {
  return /^https?:\/\//i.test(href) && href.length <= MAX_HREF_LENGTH;
}

/** Calls `onHref` with the decoded href of every `<a href>` in document order (repeats included). */
function scanHrefs(html: string, onHref: (href: string) => void): void {
  let tag = '';
  let attribute = '';
  let value = '';
  let href: string | undefined;
  /** Set while inside an element read as raw text: its end tag's name. */
  let rawUntil: string | undefined;
  const inAnchor = () => tag === 'a' && rawUntil === undefined;
  const endOfOpenTag = () => {
    if (inAnchor() && href !== undefined) onHref(href);
    if (rawUntil === undefined && RAW_TEXT.has(tag)) rawUntil = tag;
    tag = '';
  };
  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      tag = html.slice(start, end).toLowerCase();
      href = undefined;
    },
    onattribname(start, end) {
      attribute = inAnchor() ? html.slice(start, end).toLowerCase() : '';
      value = '';
    },
    onattribdata(start, end) {
      if (attribute === 'href') value += html.slice(start, end);
    },
    onattribentity(codepoint) {
      if (attribute === 'href') value += String.fromCodePoint(codepoint);
    },
    onattribend() {
      // The first of repeated attributes counts, as in a browser.
      if (attribute === 'href' && href === undefined) href = value;
      attribute = '';
    },
    onopentagend: endOfOpenTag,
    // `<noscript/>` still opens raw text: HTML ignores the slash on elements that are not void.
    onselfclosingtag: endOfOpenTag,
    onclosetag(start, end) {
      if (rawUntil === undefined || rawUntil === 'plaintext') return;
      if (html.slice(start, end).toLowerCase() === rawUntil) rawUntil = undefined;
    },
    oncdata() {},
    oncomment() {},
    ondeclaration() {},
    onend() {},
    onprocessinginstruction() {},
    ontext() {},
    ontextentity() {},
  };
  const tokenizer = new Tokenizer({ xmlMode: false, decodeEntities: true }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
}

/** The hrefs of every link in an HTML text, decoded, in document order, without duplicates. */
export function linksOf(html: string): string[] {
  const hrefs = new Set<string>();
  scanHrefs(html, (href) => hrefs.add(normaliseHref(href)));
  return [...hrefs];
}

/** The facts of a live page: which of the `wanted` hrefs it holds (compared normalised); ./page-facts.ts reads it. */
export function readPageFacts(html: string, wanted: readonly string[]): PageFacts {
  const facts = readLivePage(html, { links: wanted });
  return { links: facts.links.map((link) => link.href), anchors: facts.anchors };
}

/** The advertiser's links of a rendered article: absolute http(s) hrefs, at most MAX_LINKS. */
export function articleLinks(article: Pick<Article, 'blocks'>): string[] {
  return linksOf(article.blocks.flatMap(blockHtmlParts).join('\n')).filter(isWatched).slice(0, MAX_LINKS);
}
