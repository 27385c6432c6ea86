/**
 * The advertiser's text as inert Markdown, for every reader a GitHub-built site runs over it (the table of
 * generators and what each gets: docs/security/interpreters.md).
 *
 * - Markup: kramdown (Jekyll), markdown-it (Eleventy), goldmark with `unsafe` (Hugo) and Astro's remark pass raw
 *   HTML through, and text the sanitiser received as `&lt;img onerror=…&gt;` is a plain `<img onerror=…>` once
 *   turndown has read it. So `<` and an `&` that could start a reference are written as `&lt;` and `&amp;`.
 * - Braces: every `{` and `}` in text is a reference (`&#123;`, `&#125;`). A brace opens kramdown's attribute
 *   lists and extensions (`{: onmouseover=…}`, `{::nomarkdown}`), goldmark's heading attributes (`{.cls}`),
 *   Liquid, Nunjucks (whose lexer also fails the whole build on a lone `#}`), Hugo's shortcodes and MDX
 *   expressions; none of them reads a reference as a brace, and every Markdown shows it as one.
 * - Bare addresses: Hugo's goldmark (linkify) and Astro's GFM turn `https://…`, `www.…` and `a@b.cz` in text into
 *   links, without the blog's `rel`. Where a link would start, text gets an empty comment `<!---->` (`rawHtml`:
 *   Astro's GFM finds addresses in the decoded text, so only a node between the characters stops it) or a
 *   reference for the `:`, `.` or `@` (no raw HTML; goldmark and markdown-it look at the source).
 *
 * Code is literal in Markdown and stays as it is (content.ts neutralises template openers there). No `>`: it
 * opens nothing outside a tag, and the file stays readable for the blogger.
 */
import { escapeAttribute } from '../../src/render/index.js';

const BRACE_REFERENCES: Record<string, string> = { '{': '&#123;', '}': '&#125;' };

/** Every brace as a reference: in HTML (a tag's attributes, text) the browser reads them back as braces. */
export function braceReferences(html: string): string {
  return html.replace(/[{}]/g, (brace) => BRACE_REFERENCES[brace] ?? brace);
}

/**
 * `<`, an `&` that could start a character reference (`&lt;`, `&#60;`, `&amp` in HTML) and every brace as
 * references: no tag, comment, autolink, processing instruction (`<% %>`), reference, attribute list, template
 * tag or expression can start in the text. A lone `&` ("Tipy & triky") is text to every reader and stays.
 */
export function inertText(text: string): string {
  return braceReferences(text.replace(/&(?=[#0-9A-Za-z])/g, '&amp;').replace(/</g, '&lt;'));
}

/** Where an autolinker starts: the `:` of `://`, the `.` of `www.`, an `@`. */
const LINK_START = /:(?=\/\/)|(?<=\bwww)\.|@/gi;
const LINK_START_REFERENCES: Record<string, string> = { ':': '&#58;', '.': '&#46;', '@': '&#64;' };

/** Text (already inert) in which no generator finds an address to link (see the header). */
export function unlinkable(text: string, rawHtml: boolean): string {
  return text.replace(LINK_START, (found) =>
    !rawHtml ? (LINK_START_REFERENCES[found] ?? found) : found === ':' ? ':<!---->' : `<!---->${found}`,
  );
}

/**
 * Alt text inside `![…]`, whitespace collapsed, no markup: brackets, backslashes and what opens emphasis or code
 * backslash-escaped (CommonMark makes the alt text of the inline content, `*a*` would lose its stars; kramdown
 * reads the same escapes).
 */
export function markdownAlt(alt: string): string {
  return inertText(alt.replace(/\s+/g, ' ').trim()).replace(/([\\[\]*_`])/g, '\\$1');
}

/**
 * A link or image destination that no reader ends early: `\`, `(` and `)` backslash-escaped (CommonMark reads
 * them back), and what a URL cannot hold as it is (whitespace, controls, `<`, `>`) percent-encoded, as a browser
 * would send it anyway. Never in angle brackets, so nothing here can look like a tag or an autolink.
 */
export function markdownDestination(url: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what is being encoded.
  return url.replace(/[\\()]/g, '\\$&').replace(/[\s\x00-\x1f\x7f<>]/g, encodeURIComponent);
}

/**
 * A link title, without its quotes: as character references, so that no reader ends it early (`"`, and `\`
 * before a `"`) and no line breaks inside it. kramdown keeps references in attributes as they are, CommonMark
 * decodes them: the browser shows the same title.
 */
export function markdownTitle(title: string): string {
  return inertText(title)
    .replace(/"/g, '&quot;')
    .replace(/\\/g, '&#92;')
    .replace(/\r\n?|\n/g, '&#10;');
}

/**
 * An element's start tag, written for raw HTML in Markdown: attribute values escaped, braces as references,
 * and on one line (a newline in a value as `&#10;`) so that no blank line can end the HTML and turn the rest
 * into Markdown.
 */
export function startTag(element: Element): string {
  let tag = `<${element.nodeName.toLowerCase()}`;
  for (const attribute of Array.from(element.attributes)) {
    const value = braceReferences(escapeAttribute(attribute.value)).replace(/\r\n?|\n/g, '&#10;');
    tag += ` ${attribute.name}="${value}"`;
  }
  return `${tag}>`;
}

/**
 * Sanitised HTML for a Markdown file, on one line and with its braces as references: an HTML block ends at a
 * blank line and whatever follows would be read as Markdown. The sanitiser's tags hold no line breaks, so each
 * one is in a text or an attribute value, where `&#10;` means the same.
 */
export function oneLineHtml(html: string): string {
  return braceReferences(html).replace(/\r\n?|\n/g, '&#10;');
}
