/**
 * The languages static site generators run over a post get the advertiser's text as inert text: Liquid
 * (Jekyll, Eleventy), Hugo's shortcodes and Nunjucks (Eleventy) open with `{{`, `{%` or `{#` (and Nunjucks fails
 * the build on a lone `#}`), kramdown's attribute lists and extensions with `{:` or `{#`, goldmark's heading
 * attributes and MDX's expressions with any `{`. No brace of the text may reach the article file as a brace,
 * in any block, in Markdown or HTML, whatever way the advertiser spells it; the real generators read the files
 * in test/integration/github-generators.test.ts.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { renderBody } from '../../../../plugins/github/content.js';
import { parseArticle } from '../../../../src/render/html.js';

/** Syntax of each engine, as written in the article (entities are decoded by the sanitiser). */
const CORPUS: Array<[engine: string, syntax: string, shown: string]> = [
  ['Liquid output', '{{ site.github.token }}', '{{ site.github.token }}'],
  ['Liquid output, whitespace control', '{{- page.x -}}', '{{- page.x -}}'],
  ['Liquid tag', '{% include secrets.html %}', '{% include secrets.html %}'],
  ['Liquid tag, whitespace control', '{%- if true -%}x{%- endif -%}', '{%- if true -%}x{%- endif -%}'],
  ['Liquid raw, closing first', '{% endraw %}{{ site }}{% raw %}', '{% endraw %}{{ site }}{% raw %}'],
  ['Liquid `liquid` tag', '{%liquid assign a = 1%}', '{%liquid assign a = 1%}'],
  ['Hugo shortcode (HTML)', '{{< youtube abc >}}', '{{< youtube abc >}}'],
  ['Hugo shortcode (Markdown)', '{{% notice %}}x{{% /notice %}}', '{{% notice %}}x{{% /notice %}}'],
  // `</* … */>` is a bogus end tag to an HTML parser: the sanitiser drops it, the braces stay.
  ['Hugo shortcode comment', '{{</* figure */>}}', '{{}}'],
  ['Nunjucks output with a filter', '{{ x | safe }}', '{{ x | safe }}'],
  ['Nunjucks tag', '{% set x = range(1, 99999999) %}', '{% set x = range(1, 99999999) %}'],
  ['Nunjucks comment', '{# komentář #}', '{# komentář #}'],
  ['Nunjucks comment, whitespace control', '{#- x -#}', '{#- x -#}'],
  ['triple braces', '{{{ raw }}}', '{{{ raw }}}'],
  ['written with entities', '&#123;{ site }} &lbrace;% x %} &#x7B;# y #}', '{{ site }} {% x %} {# y #}'],
  ['Nunjucks, a lone comment end', 'a #} b', 'a #} b'],
  ['kramdown span attributes', '<em>x</em>{: onmouseover="alert(1)"}', 'x{: onmouseover="alert(1)"}'],
  [
    'kramdown block attributes',
    '{: .x style="position:fixed" onclick="alert(1)"}',
    '{: .x style="position:fixed" onclick="alert(1)"}',
  ],
  ['kramdown attribute definition', '{:ref: onclick="alert(1)"}', '{:ref: onclick="alert(1)"}'],
  [
    'kramdown extension',
    '{::nomarkdown}x{:/nomarkdown} {::options parse_block_html="true" /}',
    '{::nomarkdown}x{:/nomarkdown} {::options parse_block_html="true" /}',
  ],
  ['kramdown header id', 'Nadpis {#id}', 'Nadpis {#id}'],
  ['goldmark attributes', 'Nadpis {onclick="alert(1)" .cls #id}', 'Nadpis {onclick="alert(1)" .cls #id}'],
  ['MDX expression', '{alert(1)} {import.meta.env}', '{alert(1)} {import.meta.env}'],
];

/** Every place of an article the advertiser writes text into. */
const placed = (s: string): string =>
  `<h1>Titulek</h1><p>${s}</p><h2>${s}</h2><ul><li>${s}<ol><li>${s}</li></ol></li></ul>` +
  `<blockquote><p>${s}</p><cite>${s}</cite></blockquote>` +
  `<table><thead><tr><th>${s}</th></tr></thead><tbody><tr><td>${s}</td></tr></tbody></table>` +
  `<p><a href="https://shop.example/?q=${encodeURIComponent('{{x}}')}{{y}}" title="${s}">${s}</a></p>`;

/** An opener of Liquid, Hugo or Nunjucks, or Nunjucks' comment end. */
const OPENER = /\{[{%#]|#\}/;

/** The file without its link addresses (there a brace is a URL's, and only openers are escaped). */
const withoutDestinations = (text: string): string => text.replace(/\]\((?:\\.|[^)\\])*\)/g, ']()');

describe('plugins/github/content template syntax corpus', () => {
  it.each(
    CORPUS.flatMap(([engine, syntax, shown]) => [
      { engine, syntax, shown, format: 'markdown' as const, rawHtml: true },
      { engine, syntax, shown, format: 'markdown' as const, rawHtml: false },
      { engine, syntax, shown, format: 'html' as const, rawHtml: true },
    ]),
  )('$engine in $format (rawHtml $rawHtml): no opener left', ({ syntax, shown, format, rawHtml }) => {
    // Arrange
    const article = parseArticle(placed(syntax), { photoNumbers: [] });

    // Act
    const body = renderBody({ blocks: article.blocks, images: new Map(), format, rawHtml });

    // Assert: no opener anywhere in the file's body and no brace in its text, yet it reads as written
    expect(body.text).not.toMatch(OPENER);
    expect(withoutDestinations(body.text)).not.toMatch(/[{}]/);
    expect(body.text).toContain('&#123;');
    if (format === 'html') {
      const $ = cheerio.load(body.text, null, false);
      expect($('p').first().text()).toBe(shown);
      expect($('a').attr('href')).toContain('{{y}}');
    }
  });

  it('escapes an opener that only turndown puts together (an empty element between the braces)', () => {
    const article = parseArticle('<p>{<b></b>{ site }}</p>', { photoNumbers: [] });
    const body = renderBody({ blocks: article.blocks, images: new Map(), format: 'markdown', rawHtml: true });
    expect(body.text).not.toMatch(OPENER);
  });
});
