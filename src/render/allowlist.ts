/**
 * The allowlist of what an advertiser's article may contain, applied by sanitize-html (step 1 of sanitising; the
 * tree-building in sanitize.ts applies the same allowlist again on its own parse, so a difference between the two
 * HTML parsers cannot let anything else through).
 *
 * Only what an article needs: paragraphs, headings (the first `<h1>` is the title, any later one becomes `<h2>`),
 * lists, quotes, inline emphasis, code, links, tables and figures. Images come only from the `[fotoN]` markers
 * pressbridge places itself, never from the text. Everything else is removed with its text kept, except the
 * elements in DROP_WITH_CONTENT, whose content is not article text.
 */
import sanitizeHtml from 'sanitize-html';
import { RenderLimitError } from './limits.js';

export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'cite',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'mark',
  'code',
  'pre',
  'br',
  'hr',
  'a',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
]);

export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'rel', 'target', 'hreflang'],
  ol: ['start', 'reversed'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

export const ALLOWED_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/** Removed together with their content: code, styling, embedded documents and form controls are not text. */
export const DROP_WITH_CONTENT: readonly string[] = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'applet',
  'embed',
  'template',
  'title',
  'head',
  'svg',
  'math',
];

/**
 * Block wrappers: elements that only group blocks. Outside the allowlist, so sanitize-html turns each into a
 * paragraph rather than dropping it, and `<div>one</div><div>two</div>` stays two paragraphs instead of running
 * together as "onetwo" (the tree-building drops the empty paragraphs this leaves around nested blocks). The
 * article walker (blocks-from-nodes.ts) unwraps them too, should one ever reach it. The one list of them.
 */
export const BLOCK_WRAPPERS: ReadonlySet<string> = new Set([
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'address',
  'center',
  'details',
  'summary',
  'dl',
  'dt',
  'dd',
  'fieldset',
  'form',
  'hgroup',
  'body',
  'html',
]);

/** More distinct removals than this are summarised, so a crafted text cannot flood the deal log. */
const MAX_NOTED = 40;

/** What was removed, deduplicated, in order of first occurrence. */
export class RemovalNotes {
  readonly list: string[] = [];
  private readonly seen = new Set<string>();
  private more = 0;

  add(what: string): void {
    if (this.seen.has(what)) return;
    this.seen.add(what);
    if (this.list.length < MAX_NOTED) this.list.push(what);
    else this.more += 1;
  }

  result(): string[] {
    return this.more === 0 ? [...this.list] : [...this.list, `${this.more} more`];
  }
}

/**
 * The scheme of a URL when it is not an allowed one (`javascript`, `data`, `vbscript`, `ftp`, …). Browsers ignore
 * whitespace and control characters inside a scheme (`java&#x09;script:`), so they are skipped here too, however
 * many there are.
 */
export function disallowedScheme(url: string): string | undefined {
  let head = '';
  for (let i = 0; i < url.length && head.length < 64; i++) {
    const code = url.charCodeAt(i);
    if (code > 0x20 && code !== 0x7f) head += url[i];
  }
  const match = /^([a-z][a-z0-9.+-]*):/i.exec(head);
  if (match === null) return undefined;
  const scheme = (match[1] ?? '').toLowerCase();
  return ALLOWED_SCHEMES.includes(scheme) ? undefined : scheme;
}

/** Names as they appear in the deal log; anything else is reported as malformed, never quoted. */
const LOGGED_ELEMENT = /^[a-z][a-z0-9-]{0,40}$/;
const LOGGED_ATTRIBUTE = /^[a-z@:_][a-z0-9@:._-]{0,40}$/;

export function elementRemoval(name: string): string {
  return LOGGED_ELEMENT.test(name) ? name : 'malformed element';
}

/** Why an attribute of an allowed element goes, or undefined when it stays. */
export function attributeRemoval(element: string, name: string, value: string): string | undefined {
  if (!(ALLOWED_ATTRIBUTES[element] ?? []).includes(name)) {
    return LOGGED_ATTRIBUTE.test(name) ? `${name} attribute` : 'malformed attribute';
  }
  if (name === 'href') {
    const scheme = disallowedScheme(value);
    if (scheme !== undefined) return `${scheme}: link`;
  }
  return undefined;
}

/**
 * Step 1 of sanitising: sanitize-html with the allowlist. Also measures the nesting depth on the same (linear)
 * parse and refuses the text past `maxDepth`, before the tree-building's parser, whose cost grows with the square
 * of the depth, ever sees it.
 */
export function applyAllowlist(
  html: string,
  notes: RemovalNotes,
  maxDepth = Number.POSITIVE_INFINITY,
): string {
  let depth = 0;
  /** The depth of the dropped element being skipped (its descendants are not noted one by one). */
  let dropping = 0;
  return sanitizeHtml(html, {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: { ...ALLOWED_ATTRIBUTES } as Record<string, string[]>,
    allowedSchemes: [...ALLOWED_SCHEMES],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: true,
    nonTextTags: [...DROP_WITH_CONTENT],
    disallowedTagsMode: 'discard',
    transformTags: Object.fromEntries(
      [...BLOCK_WRAPPERS].map((tag) => [tag, () => ({ tagName: 'p', attribs: {} })]),
    ),
    onOpenTag: (name, attribs) => {
      depth += 1;
      if (depth > maxDepth) throw RenderLimitError.depth(maxDepth);
      if (dropping > 0) return;
      if (DROP_WITH_CONTENT.includes(name)) dropping = depth;
      if (!ALLOWED_TAGS.has(name)) {
        notes.add(elementRemoval(name));
        return;
      }
      for (const [attribute, value] of Object.entries(attribs)) {
        const why = attributeRemoval(name, attribute, value);
        if (why !== undefined) notes.add(why);
      }
    },
    onCloseTag: () => {
      if (depth === dropping) dropping = 0;
      depth -= 1;
    },
  });
}
