/**
 * Markdown readers (kramdown, markdown-it, goldmark with `unsafe`) pass raw HTML through to the page, so the
 * advertiser's text must reach the Markdown file as text: markup the advertiser escaped in HTML (`&lt;img …&gt;`)
 * must not come back as a tag, in any block, in link text, titles or alt text, with `rawHtml` on or off.
 *
 * The file is read twice: with an HTML parser (cheerio), as a reader that passes everything through would, and
 * rendered by markdown-it with raw HTML on (CommonMark, Eleventy's renderer). Either way the elements found for a
 * hostile article must be exactly those found for the same article with a harmless word, and no `<` may be
 * followed by what opens a tag, comment, declaration, autolink or `<% %>` outside our own tags.
 */
import * as cheerio from 'cheerio';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { renderBody } from '../../../../plugins/github/content.js';
import { parseArticle } from '../../../../src/render/html.js';
import type { ImageRef } from '../../../../src/render/types.js';

/** Each vector as it stands in the article's HTML, and the text a reader must see for it. */
const VECTORS: Array<[name: string, html: string, shown: string]> = [
  ['img onerror', '&lt;img src=x onerror=alert(1)&gt;', '<img src=x onerror=alert(1)>'],
  ['script', '&lt;script&gt;alert(1)&lt;/script&gt;', '<script>alert(1)</script>'],
  [
    'javascript: link',
    '&lt;a href=javascript:alert(1)&gt;klik&lt;/a&gt;',
    '<a href=javascript:alert(1)>klik</a>',
  ],
  ['svg onload', '&lt;svg/onload=alert(1)&gt;', '<svg/onload=alert(1)>'],
  ['ERB/EJS', '&lt;%= system(1) %&gt; &lt;% x %&gt;', '<%= system(1) %> <% x %>'],
  ['comment', '&lt;!-- x --&gt;', '<!-- x -->'],
  ['processing instruction', '&lt;?php x ?&gt;', '<?php x ?>'],
  ['CDATA', '&lt;![CDATA[x]]&gt;', '<![CDATA[x]]>'],
  ['autolink', '&lt;https://evil.test&gt;', '<https://evil.test>'],
  ['double-escaped', '&amp;lt;img src=x onerror=alert(1)&amp;gt;', '&lt;img src=x onerror=alert(1)&gt;'],
  ['numeric reference as text', '&amp;#60;img&amp;#x3C;', '&#60;img&#x3C;'],
  ['backslash before', '\\&lt;img src=x onerror=alert(1)&gt;', '\\<img src=x onerror=alert(1)>'],
  ['title breaker', '\\&quot; &lt;img src=x onerror=alert(1)&gt; \\', '\\" <img src=x onerror=alert(1)> \\'],
];

const PHOTOS: ReadonlyArray<number> = [1, 2];

/** Every place of an article the advertiser writes text into, photos included (their alt text). */
const placed = (s: string): string =>
  `<h1>Titulek</h1><p>${s} [foto1]</p><h2>${s}</h2><ul><li>${s} [foto2]<ol><li>${s}</li></ol></li></ul>` +
  `<blockquote><p>${s}</p><cite>${s}</cite></blockquote>` +
  `<table><thead><tr><th>${s}</th></tr></thead><tbody><tr><td>${s}</td></tr></tbody></table>` +
  `<p><a href="https://shop.example/" title="${s}">${s}</a> a ` +
  `<a href="https://shop.example/b" rel="sponsored" title="${s}">${s}</a></p>` +
  `<ol reversed><li>${s}</li><li>${s}</li></ol>`;

function render(html: string, alt: string, rawHtml: boolean): string {
  const photoNumbers = PHOTOS.filter((n) => html.includes(`[foto${n}]`));
  const article = parseArticle(html, { photoNumbers });
  const images = new Map<number, ImageRef>(photoNumbers.map((n) => [n, { url: `foto ${n}.jpg`, alt }]));
  return renderBody({ blocks: article.blocks, images, format: 'markdown', rawHtml }).text;
}

/** The part of a parsed node's shape read here. */
interface ParsedNode {
  type: string;
  name?: string;
  children?: ParsedNode[];
}

/** What an HTML parser finds in the file, in document order: element names, and `comment`, `directive` or `cdata`. */
function markup(text: string): string[] {
  const found: string[] = [];
  const visit = (nodes: readonly ParsedNode[]): void => {
    for (const node of nodes) {
      const isElement = node.type === 'tag' || node.type === 'script' || node.type === 'style';
      if (isElement) found.push(node.name ?? '');
      else if (node.type !== 'text') found.push(node.type);
      visit(node.children ?? []);
    }
  };
  visit(cheerio.load(text, null, false).root().toArray());
  return found.filter((name) => name !== 'root');
}

/**
 * The text a reader sees, roughly: Markdown's backslash escapes undone (not in a block kept as HTML, where they
 * are literal), then the HTML references, tags dropped.
 */
function readerText(text: string): string {
  const unescaped = text
    .split('\n\n')
    .map((block) => (block.startsWith('<ol') ? block : block.replace(/\\([!-/:-@[-`{-~])/g, '$1')))
    .join('\n\n');
  return cheerio.load(unescaped, null, false).text();
}

/** CommonMark with raw HTML passed through, as Eleventy (markdown-it) and kramdown read a Markdown file. */
const commonMark = new MarkdownIt({ html: true });

/** Every attribute of the page markdown-it renders, as `element attribute=value`. */
function renderedAttributes(text: string): string[] {
  const $ = cheerio.load(commonMark.render(text), null, false);
  return $('*')
    .toArray()
    .flatMap((element) =>
      Object.entries((element as unknown as { attribs: Record<string, string> }).attribs).map(
        ([name, value]) => `${(element as unknown as { name: string }).name} ${name}=${value}`,
      ),
    );
}

const occurrences = (haystack: string, needle: string): number => haystack.split(needle).length - 1;

describe('plugins/github/content: HTML in the advertiser text stays text in Markdown', () => {
  it.each(
    VECTORS.flatMap(([name, html, shown]) => [
      { name, html, shown, rawHtml: false },
      { name, html, shown, rawHtml: true },
    ]),
  )('$name (rawHtml $rawHtml): no element but ours, shown as written', ({ html, shown, rawHtml }) => {
    // Arrange: the same article with a harmless word in every place is the structure we allow
    const harmless = render(placed('NEVINNE'), 'NEVINNE', rawHtml);

    // Act
    const written = render(placed(html), shown, rawHtml);
    // Our empty comments, where a generator would start a link in the text (an address, `www.`, an `@`)
    const text = written.replaceAll('<!---->', '');

    // Assert: the parser finds our own elements only (none at all without rawHtml)
    expect(markup(text)).toEqual(markup(harmless));
    if (!rawHtml) expect(markup(written)).toEqual([]);
    const withoutOurTags = text.replace(/<\/?(?:a|ol|li|img)\b[^<>]*>/g, '');
    expect(withoutOurTags).not.toMatch(/<[A-Za-z/!?%]/);
    // A real CommonMark renderer makes the same elements of it, with no handler and no script address
    expect(markup(commonMark.render(text))).toEqual(markup(commonMark.render(harmless)));
    expect(
      renderedAttributes(text).filter((a) => /^\S+ (?:on\w*=|(?:href|src)=\s*javascript:)/i.test(a)),
    ).toEqual([]);
    // …and the reader sees the text in every place the harmless word stood
    expect(occurrences(readerText(text), shown)).toBe(occurrences(readerText(harmless), 'NEVINNE'));
  });

  it.each([false, true])('keeps code literal, neither escaped twice nor run (rawHtml %s)', (rawHtml) => {
    const text = render(
      '<pre><code>&lt;img src=x onerror=alert(1)&gt; &amp;lt; a &amp; b</code></pre><p><code>&lt;% x %&gt;</code></p>',
      '',
      rawHtml,
    );
    expect(text).toBe('```\n<img src=x onerror=alert(1)> &lt; a & b\n```\n\n`<% x %>`');
  });

  it('escapes text before template syntax: an advertiser’s `&#123;` is not decoded, ours is not escaped again', () => {
    const text = render('<p>{{ x }} &amp;#123;{ y }} &lt;b&gt; Tipy &amp; triky</p>', '', false);
    expect(text).toBe('&#123;&#123; x &#125;&#125; &amp;#123;&#123; y &#125;&#125; &lt;b> Tipy & triky');
  });

  it('writes a rich link’s text as escaped Markdown between its tags, its attributes escaped', () => {
    const text = render(
      '<p><a href="https://shop.example/?a=1&amp;b=&quot;2&quot;" rel="sponsored">[c](javascript:alert(1)) &lt;b&gt;</a></p>',
      '',
      true,
    );
    expect(text).toBe(
      '<a href="https://shop.example/?a=1&amp;b=&quot;2&quot;" rel="sponsored">\\[c\\](javascript:alert(1)) &lt;b></a>',
    );
  });

  it('keeps a link whole when its address holds what would end it', () => {
    const text = render(
      '<p><a href="https://shop.example/a)b\\(c&lt;img src=x onerror=1&gt;">x</a></p>',
      '',
      false,
    );
    expect(text).toBe('[x](https://shop.example/a\\)b\\\\\\(c%3Cimg%20src=x%20onerror=1%3E)');
  });

  it('writes a countdown list kept as HTML on one line, so no blank line ends it', () => {
    const text = render(
      '<ol reversed><li><pre><code>a\n\n[x](javascript:alert(1))</code></pre></li></ol>',
      '',
      true,
    );
    expect(text).not.toContain('\n');
    expect(cheerio.load(text, null, false)('code').text()).toBe('a\n\n[x](javascript:alert(1))');
  });
});
