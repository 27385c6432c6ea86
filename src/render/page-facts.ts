/**
 * The facts the article watcher reads from a live page (pure; run in a render thread, src/render/pool.ts
 * `readPage`): the advertiser's links with their `rel` and text, the robots meta, the canonical link, whether
 * the disclosure label is on the page, and a SHA-256 of the article's text.
 *
 * Like `linksOf` (./article-links.ts) it reads HTML with htmlparser2's Tokenizer alone: no tree, no stack of
 * open elements, cost linear in the bytes whatever the nesting (docs/security/watcher.md). The page's words are
 * only ever text: collected, whitespace-normalised, hashed or compared, never interpreted.
 *
 * The article's text: the content of the first element whose class holds `entry-content` or
 * `wp-block-post-content` (WordPress themes), else the first `<article>`, else `<main>`, else the whole page
 * (scripts, styles and the other raw-text elements excluded). Only the depth of that one tag name is counted,
 * so finding its end stays linear. Comments, sidebars and "recent posts" lists outside it do not change the
 * fingerprint.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { normaliseSpace, TextSink } from './text-sink.js';
import { RAW_TEXT, TOKENIZER_TEXT, VOID } from './tokenizer-elements.js';

const CONTENT_CLASS = /(?:^|\s)(?:entry-content|wp-block-post-content)(?:\s|$)/;
/** A link's text and rel are kept up to this length. */
const MAX_SHORT = 300;
/** An href (a moved link's, the canonical) is kept up to this length. */
const MAX_HREF = 2048;

export interface PageLink {
  /** The href as asked (normalised). */
  href: string;
  /** The `rel` of the first `<a>` with that href, whitespace-normalised; '' when it has none. */
  rel: string;
  /** Its text, whitespace-normalised (at most 300 characters). */
  text: string;
}

export interface LivePageFacts {
  /** The asked-for hrefs the page holds, once each, in page order. */
  links: PageLink[];
  /** `<a href>` elements on the page. */
  anchors: number;
  /** For each asked text of a link whose href is not on the page: an `<a>` with that text and another href. */
  moved: PageLink[];
  /** `noindex` in a `<meta name="robots">` (or `googlebot`). */
  noindex: boolean;
  /** The `<link rel="canonical">` href as written, if any. */
  canonical?: string;
  /** The asked label (whitespace-normalised) is in the page's text; undefined when none was asked. */
  labelPresent?: boolean;
  /** SHA-256 (hex) of the article's text, whitespace-normalised. */
  textSha256: string;
  /** Which part of the page the text was taken from. */
  textScope: 'content' | 'article' | 'main' | 'page';
  /**
   * Where that part is in the page's source: from its opening tag's `<` to the end of its closing tag (the end
   * of the page when it is not closed); the whole page for `page`. The evidence keeps `html.slice(...)` of it.
   */
  textRange: [number, number];
}

export interface LivePageAsk {
  links: readonly string[];
  /** Texts of links whose href may have changed (the reference texts of the advertiser's links). */
  texts?: readonly string[];
  /** The disclosure label as published. */
  label?: string;
}

/** An href as HTML reads it, for comparison (src/watch/links.ts): surrounding ASCII whitespace dropped. */
export function normaliseHref(href: string): string {
  return href.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '');
}

interface Scope {
  tag: string;
  depth: number;
  done: boolean;
  text: TextSink;
  /** Source offsets: its opening tag's `<`, and just past its closing tag's `>` once it is closed. */
  start: number;
  end?: number;
}

export function readLivePage(html: string, ask: LivePageAsk): LivePageFacts {
  const wanted = new Set(ask.links.map(normaliseHref));
  const texts = new Set((ask.texts ?? []).map(normaliseSpace).filter((t) => t !== ''));
  const found = new Map<string, PageLink>();
  const moved = new Map<string, PageLink>();
  let anchors = 0;
  let noindex = false;
  let canonical: string | undefined;
  const label = ask.label === undefined ? undefined : normaliseSpace(ask.label);
  const all = new TextSink(label === '' ? undefined : label);
  const scopes: Record<'content' | 'article' | 'main', Scope | undefined> = {
    content: undefined,
    article: undefined,
    main: undefined,
  };
  let tag = '';
  let tagStart = 0;
  let attribute = '';
  let value = '';
  let attrs: Record<string, string> = {};
  let rawUntil: string | undefined;
  let textUntil: string | undefined;
  /** The open `<a>` being read: its href, rel and text so far. */
  let anchor: { href: string; rel: string; text: string } | undefined;

  const openScope = (name: keyof typeof scopes) => {
    if (scopes[name] === undefined)
      scopes[name] = { tag, depth: 1, done: false, text: new TextSink(), start: tagStart };
  };
  const closeAnchor = () => {
    if (!anchor) return;
    const text = normaliseSpace(anchor.text).slice(0, MAX_SHORT);
    const link = {
      href: anchor.href.slice(0, MAX_HREF),
      rel: normaliseSpace(anchor.rel).slice(0, MAX_SHORT),
      text,
    };
    if (wanted.has(anchor.href)) {
      if (!found.has(anchor.href)) found.set(anchor.href, link);
    } else if (texts.has(text) && !moved.has(text)) moved.set(text, link);
    anchor = undefined;
  };
  const endOfOpenTag = (selfClosing: boolean) => {
    if (rawUntil === undefined && textUntil === undefined) {
      for (const scope of Object.values(scopes))
        if (scope && !scope.done && scope.tag === tag && !VOID.has(tag)) scope.depth += 1;
      if (tag === 'a' && attrs.href !== undefined) {
        anchors += 1;
        closeAnchor();
        const href = normaliseHref(attrs.href);
        anchor = { href, rel: attrs.rel ?? '', text: '' };
      } else if (tag === 'meta') {
        const name = (attrs.name ?? '').toLowerCase().trim();
        if ((name === 'robots' || name === 'googlebot') && /\bnoindex\b/i.test(attrs.content ?? ''))
          noindex = true;
      } else if (tag === 'link' && canonical === undefined) {
        if ((attrs.rel ?? '').toLowerCase().split(/\s+/).includes('canonical') && attrs.href !== undefined)
          canonical = normaliseHref(attrs.href).slice(0, MAX_HREF);
      }
      if (scopes.content === undefined && CONTENT_CLASS.test(attrs.class ?? '')) {
        openScope('content');
      } else if (tag === 'article' && scopes.article === undefined) {
        openScope('article');
      } else if (tag === 'main' && scopes.main === undefined) {
        openScope('main');
      }
      // `<noscript/>` still opens raw text: HTML ignores the slash on elements that are not void.
      if (RAW_TEXT.has(tag)) rawUntil = tag;
      else if (TOKENIZER_TEXT.has(tag) && !selfClosing) textUntil = tag;
    }
    tag = '';
    attrs = {};
  };
  const onText = (text: string) => {
    if (rawUntil !== undefined || textUntil !== undefined) return;
    all.add(text);
    // A link's text is kept up to a bound (whitespace runs shrink it later).
    if (anchor && anchor.text.length < 8 * MAX_SHORT) anchor.text += text;
    for (const scope of Object.values(scopes)) if (scope && !scope.done) scope.text.add(text);
  };
  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      tag = html.slice(start, end).toLowerCase();
      tagStart = Math.max(0, start - 1);
      attrs = {};
    },
    onattribname(start, end) {
      attribute = html.slice(start, end).toLowerCase();
      value = '';
    },
    onattribdata(start, end) {
      value += html.slice(start, end);
    },
    onattribentity(codepoint) {
      value += String.fromCodePoint(codepoint);
    },
    onattribend() {
      // The first of repeated attributes counts, as in a browser.
      if (attribute !== '' && attrs[attribute] === undefined) attrs[attribute] = value;
      attribute = '';
    },
    onopentagend: () => endOfOpenTag(false),
    onselfclosingtag: () => endOfOpenTag(true),
    onclosetag(start, end) {
      const name = html.slice(start, end).toLowerCase();
      if (textUntil !== undefined) {
        if (name === textUntil) textUntil = undefined;
        return;
      }
      if (rawUntil !== undefined) {
        if (rawUntil !== 'plaintext' && name === rawUntil) rawUntil = undefined;
        return;
      }
      if (name === 'a') closeAnchor();
      for (const scope of Object.values(scopes)) {
        if (!scope || scope.done || scope.tag !== name) continue;
        scope.depth -= 1;
        if (scope.depth <= 0) {
          scope.done = true;
          const close = html.indexOf('>', end);
          scope.end = close === -1 ? html.length : close + 1;
        }
      }
      // A block's end separates words.
      onText(' ');
    },
    ontext(start, end) {
      onText(html.slice(start, end));
    },
    ontextentity(codepoint) {
      onText(String.fromCodePoint(codepoint));
    },
    oncdata() {},
    oncomment() {},
    ondeclaration() {},
    onend() {},
    onprocessinginstruction() {},
  };
  const tokenizer = new Tokenizer({ xmlMode: false, decodeEntities: true }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  closeAnchor();

  const pick = (['content', 'article', 'main'] as const).find((name) => scopes[name]?.text.empty === false);
  const picked = pick ? (scopes[pick] as Scope) : undefined;
  return {
    links: [...found.values()],
    anchors,
    moved: [...moved.values()],
    noindex,
    ...(canonical === undefined ? {} : { canonical }),
    ...(label === undefined || label === '' ? {} : { labelPresent: all.found }),
    textSha256: (pick ? (scopes[pick] as Scope).text : all).digest(),
    textScope: pick ?? 'page',
    textRange: picked ? [picked.start, picked.end ?? html.length] : [0, html.length],
  };
}
