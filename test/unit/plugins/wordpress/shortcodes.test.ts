/**
 * The advertiser's text reaches WordPress inert to shortcodes: `[` as `&#91;` everywhere but in the block
 * delimiters, in every block the renderer writes. The same corpus against a real WordPress, its public pages
 * and its block editor: test/integration/wordpress-shortcodes.test.ts.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import {
  inertShortcodes,
  inertShortcodesInText,
  toBlockMarkup,
} from '../../../../plugins/wordpress/blocks.js';
import { postTitle } from '../../../../plugins/wordpress/posts.js';
import { parseArticle } from '../../../../src/render/html.js';

/** Every HTML comment taken out: what is left is what WordPress would look for shortcodes in. */
const withoutComments = (markup: string): string => markup.replace(/<!--[\s\S]*?-->/g, '');

describe('plugins/wordpress/blocks inertShortcodes', () => {
  it.each([
    ['nothing to do', 'Obyčejný text (v závorkách)', 'Obyčejný text (v závorkách)'],
    ['the empty string', '', ''],
    [
      'a core shortcode with attributes',
      '[audio src="https://evil.example/a.mp3"]',
      '&#91;audio src="https://evil.example/a.mp3"]',
    ],
    [
      'an enclosing shortcode',
      '[embed]https://evil.example/v[/embed]',
      '&#91;embed]https://evil.example/v&#91;/embed]',
    ],
    ['WordPress’s own escape [[x]], shown as written', '[[gallery]]', '&#91;&#91;gallery]]'],
    ['a closing tag alone', '[/audio]', '&#91;/audio]'],
    ['spaces inside', '[ audio ]', '&#91; audio ]'],
    ['a backslash before', '\\[audio]', '\\&#91;audio]'],
    ['a self-closing shortcode', '[pb_marker/]', '&#91;pb_marker/]'],
    ['`&#91;` already (WordPress decodes no entity before shortcodes)', '&#91;audio]', '&#91;audio]'],
    ['`&lsqb;` (likewise left as it is)', '&lsqb;audio]', '&lsqb;audio]'],
    ['a lone closing bracket', 'pole]', 'pole]'],
    [
      'text and attribute values alike',
      '<p><a href="https://a.cz/[x]?q=[y]" title="[pb_form id=7]">[z]</a></p>',
      '<p><a href="https://a.cz/&#91;x]?q=&#91;y]" title="&#91;pb_form id=7]">&#91;z]</a></p>',
    ],
    [
      'a block delimiter’s JSON kept as it is',
      '<!-- wp:paragraph {"className":"a[b]"} -->\n<p>[x]</p>\n<!-- /wp:paragraph -->',
      '<!-- wp:paragraph {"className":"a[b]"} -->\n<p>&#91;x]</p>\n<!-- /wp:paragraph -->',
    ],
    [
      'a self-closing delimiter with an array and a brace in a string',
      '<!-- wp:pb/x {"list":[1,2],"s":"}[a]"} /-->[y]',
      '<!-- wp:pb/x {"list":[1,2],"s":"}[a]"} /-->&#91;y]',
    ],
    [
      'an escaped delimiter in text is text',
      '<p>&lt;!-- wp:x {"a":"[b]"} --&gt;</p>',
      '<p>&lt;!-- wp:x {"a":"&#91;b]"} --&gt;</p>',
    ],
    ['a comment that is not a delimiter', '<!-- [x] -->', '<!-- &#91;x] -->'],
  ])('%s', (_name, input, expected) => {
    expect(inertShortcodes(input)).toBe(expected);
  });

  it('is idempotent', () => {
    const once = inertShortcodes('<!-- wp:a {"b":[1]} -->\n<p>[x] [[y]]</p>\n<!-- /wp:a -->');
    expect(inertShortcodes(once)).toBe(once);
  });

  it.each([
    ['a shortcode', '[pb_marker] a <b> & c', '&#91;pb_marker] a <b> & c'],
    [
      'something like a delimiter (plain text has none)',
      '<!-- wp:x {"a":"[b]"} -->',
      '<!-- wp:x {"a":"&#91;b]"} -->',
    ],
  ])('inertShortcodesInText: %s', (_name, input, expected) => {
    expect(inertShortcodesInText(input)).toBe(expected);
  });

  it.each([
    [
      'a shortcode and markup',
      '[pb_marker] <b>Recenze</b> & test',
      '&#91;pb_marker] &lt;b&gt;Recenze&lt;/b&gt; &amp; test',
    ],
    ['an escaped shortcode', '[[audio]]', '&#91;&#91;audio]]'],
  ])('the WordPress post title of %s', (_name, title, expected) => {
    expect(postTitle(title)).toBe(expected);
  });
});

/** The advertiser's shortcodes, as they might be written (entities are decoded by the sanitiser). */
const CORPUS =
  '[audio src="https://evil.example/a.mp3"] [gallery] [pb_members]tajné[/pb_members] [[pb_marker]] [ x ] \\[y] &#91;z] &lsqb;w]';
const SHOWN = [
  '[audio src="https://evil.example/a.mp3"]',
  '[gallery]',
  '[pb_members]tajné[/pb_members]',
  '[[pb_marker]]',
  '[ x ]',
  '\\[y]',
  '[z]',
  '[w]',
];

describe('plugins/wordpress/blocks toBlockMarkup with shortcodes in the text', () => {
  it.each([
    ['a paragraph', `<p>${CORPUS}</p>`],
    ['a heading', `<h2>${CORPUS}</h2><h4>${CORPUS}</h4>`],
    ['a list and a nested list', `<ul><li>${CORPUS}<ol><li>${CORPUS}</li></ol></li></ul>`],
    ['a quote and its citation', `<blockquote><p>${CORPUS}</p><cite>${CORPUS}</cite></blockquote>`],
    [
      'table cells and the caption',
      `<figure><table><thead><tr><th>${CORPUS}</th></tr></thead><tbody><tr><td>${CORPUS}</td></tr></tbody></table><figcaption>${CORPUS}</figcaption></figure>`,
    ],
    [
      'a table kept as Custom HTML',
      `<table><tr><td colspan="2">${CORPUS}</td></tr><tr><td>a</td><td>b</td></tr></table>`,
    ],
    [
      'link text, href and title',
      `<p><a href="https://shop.example/[pb_marker]" title="[pb_form]">${CORPUS}</a></p>`,
    ],
    ['a code block', `<pre><code>${CORPUS}</code></pre>`],
  ])('%s: no `[` outside the delimiters, the text shown as written', (_name, html) => {
    // Arrange
    const article = parseArticle(`<h1>Titulek</h1>${html}`, { photoNumbers: [] });

    // Act
    const markup = toBlockMarkup(article, new Map());

    // Assert
    expect(withoutComments(markup)).not.toContain('[');
    const text = cheerio.load(withoutComments(markup), null, false).root().text();
    for (const shown of SHOWN) expect(text).toContain(shown);
  });

  it('escapes the image’s alt text and URL, and keeps its JSON attributes valid', () => {
    const article = parseArticle('<h1>T</h1><p>[foto1]</p>', { photoNumbers: [1] });
    const markup = toBlockMarkup(
      article,
      new Map([[1, { id: 5, url: 'https://b.cz/[x].jpg', alt: '[pb_marker] [audio src=x] – foto 1' }]]),
    );
    expect(markup).toContain('<!-- wp:image {"id":5,"sizeSlug":"large","linkDestination":"none"} -->');
    expect(markup).toContain(
      'src="https://b.cz/&#91;x].jpg" alt="&#91;pb_marker] &#91;audio src=x] – foto 1"',
    );
    expect(withoutComments(markup)).not.toContain('[');
  });

  it('replaces the [fotoN] markers before, so they become images and not text', () => {
    const article = parseArticle('<h1>T</h1><p>a [foto1] b</p>', { photoNumbers: [1] });
    const markup = toBlockMarkup(article, new Map([[1, { id: 5, url: 'https://b.cz/1.jpg', alt: 'x' }]]));
    expect(markup).toContain('<!-- wp:image ');
    expect(markup).not.toMatch(/foto1/);
  });
});

/** A URL WordPress's auto-embed would turn into a player or an iframe (wp-includes/class-wp-embed.php). */
const EMBEDDABLE = [/^\s*https?:\/\/[^\s<>"]+\s*$/im, /<p(?:\s[^>]*)?>\s*https?:\/\/[^\s<>"]+\s*<\/p>/i];

describe('plugins/wordpress/blocks toBlockMarkup: no URL WordPress would auto-embed', () => {
  it.each([
    ['a paragraph of only a URL', '<p>https://evil.example/a.mp3</p>'],
    ['a URL alone on a line of a paragraph', '<p>text\nhttps://evil.example/v.mp4\nmore</p>'],
    ['a URL alone on a line in bold', '<p><strong>\nhttps://evil.example/v.mp4\n</strong></p>'],
    ['a heading', '<h2>\nhttps://www.youtube.com/watch?v=x\n</h2>'],
    ['list items', '<ul><li>\nhttps://evil.example/a.mp3\n</li><li>b</li></ul>'],
    ['a table cell', '<table><tr><td>\nhttps://evil.example/a.mp3\n</td></tr></table>'],
    [
      'two URLs in a code block',
      '<pre><code>x\nhttps://a.example/c.mp3\nhttps://a.example/d.mp3\ny</code></pre>',
    ],
  ])('%s', (_name, html) => {
    const markup = toBlockMarkup(parseArticle(`<h1>T</h1>${html}`, { photoNumbers: [] }), new Map());
    const content = withoutComments(markup);

    for (const pattern of EMBEDDABLE) expect(content).not.toMatch(pattern);
    // The reader still sees the address
    expect(cheerio.load(content, null, false).root().text()).toMatch(/https:\/\/(evil|a|www)\./);
  });

  it('keeps a link’s href and a URL inside a sentence as they are', () => {
    const markup = toBlockMarkup(
      parseArticle('<h1>T</h1><p>viz https://a.cz/x a <a href="https://shop.example/">obchod</a></p>', {
        photoNumbers: [],
      }),
      new Map(),
    );
    expect(markup).toContain('<p>viz https://a.cz/x a <a href="https://shop.example/">obchod</a></p>');
  });
});

describe('plugins/wordpress/blocks toBlockMarkup: a comment opener in an attribute value', () => {
  it('cannot open a block delimiter that hides the text after it from the shortcode escape', () => {
    const article = parseArticle(
      '<h1>T</h1><p>[foto1]</p><p>[audio src="https://evil.example/a.mp3"]</p><h3>x</h3>',
      {
        photoNumbers: [1],
      },
    );
    const markup = toBlockMarkup(
      article,
      new Map([[1, { id: 5, url: 'https://b.cz/1.jpg', alt: '<!-- wp:x { – foto 1' }]]),
    );

    expect(markup).toContain('alt="&lt;!-- wp:x { – foto 1"');
    expect(withoutComments(markup)).toContain('&#91;audio src=');
    expect(withoutComments(markup)).not.toContain('[');
  });
});
