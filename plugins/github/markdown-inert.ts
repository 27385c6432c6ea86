/**
 * The advertiser's text as inert Markdown. kramdown (Jekyll), markdown-it (Eleventy) and goldmark with
 * `unsafe` (Hugo) pass raw HTML in Markdown through to the page, and text the sanitiser received as
 * `&lt;img onerror=…&gt;` is a plain `<img onerror=…>` once turndown has read it: written back as it is, the
 * site would build a live element. So `<` and `&` in text, alt text and link titles are written as `&lt;` and
 * `&amp;`, which every Markdown shows as the characters; code is literal in Markdown and stays as it is. No `>`:
 * it opens nothing outside a tag, and the file stays readable for the blogger.
 */
import { escapeAttribute } from '../../src/render/index.js';

/**
 * `<` and an `&` that could start a character reference (`&lt;`, `&#60;`, `&amp` in HTML) as references: no tag,
 * comment, autolink, processing instruction (`<% %>`) or reference can start in the text. A lone `&` ("Tipy &
 * triky") is text to every reader and stays as it is.
 */
export function inertText(text: string): string {
  return text.replace(/&(?=[#0-9A-Za-z])/g, '&amp;').replace(/</g, '&lt;');
}

/** Alt text inside `![…]`: brackets and backslashes escaped, whitespace collapsed, no markup. */
export function markdownAlt(alt: string): string {
  return inertText(alt.replace(/\s+/g, ' ').trim()).replace(/([\\[\]])/g, '\\$1');
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
 * An element's start tag, written for raw HTML in Markdown: attribute values escaped, and on one line (a
 * newline in a value as `&#10;`) so that no blank line can end the HTML and turn the rest into Markdown.
 */
export function startTag(element: Element): string {
  let tag = `<${element.nodeName.toLowerCase()}`;
  for (const attribute of Array.from(element.attributes)) {
    const value = escapeAttribute(attribute.value).replace(/\r\n?|\n/g, '&#10;');
    tag += ` ${attribute.name}="${value}"`;
  }
  return `${tag}>`;
}

/**
 * Sanitised HTML for a Markdown file, on one line: an HTML block ends at a blank line and whatever follows would
 * be read as Markdown. The sanitiser's tags hold no line breaks, so each one is in a text or an attribute value,
 * where `&#10;` means the same.
 */
export function oneLineHtml(html: string): string {
  return html.replace(/\r\n?|\n/g, '&#10;');
}
