/**
 * The template languages of static site generators get the advertiser's text as inert text: Liquid (Jekyll,
 * Eleventy), Hugo's shortcodes and Nunjucks (Eleventy) all open with `{{`, `{%` or `{#`, and none may reach
 * the article file, in any block, in Markdown or HTML, whatever way the advertiser spells it.
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
];

/** Every place of an article the advertiser writes text into. */
const placed = (s: string): string =>
  `<h1>Titulek</h1><p>${s}</p><h2>${s}</h2><ul><li>${s}<ol><li>${s}</li></ol></li></ul>` +
  `<blockquote><p>${s}</p><cite>${s}</cite></blockquote>` +
  `<table><thead><tr><th>${s}</th></tr></thead><tbody><tr><td>${s}</td></tr></tbody></table>` +
  `<p><a href="https://shop.example/?q=${encodeURIComponent('{{x}}')}{{y}}" title="${s}">${s}</a></p>`;

/** An opener of Liquid, Hugo or Nunjucks. */
const OPENER = /\{[{%#]/;

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

    // Assert: no opener anywhere in the file's body, yet the HTML reads as the advertiser wrote it
    expect(body.text).not.toMatch(OPENER);
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
