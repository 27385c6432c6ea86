/**
 * The advertiser's links are what the deal pays for: through the sanitiser and the renderer, every link keeps
 * its href, rel and text exactly as delivered (compared as a browser-grade parser reads them).
 */
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { parseArticle } from '../../../src/render/html.js';
import { DEFAULT_RENDER_LIMITS } from '../../../src/render/limits.js';
import { allHtml } from './article-html.js';

interface Link {
  href: string | undefined;
  rel: string | undefined;
  text: string;
}

function links(html: string): Link[] {
  const $ = load(html, null, false);
  return $('a')
    .toArray()
    .map((a) => ({ href: a.attribs.href, rel: a.attribs.rel, text: $(a).text() }));
}

const LONG_QUERY = Array.from({ length: 150 }, (_, i) => `p${i}=${i}`).join('&amp;');

const LINKS: Array<[string, string]> = [
  [
    'UTM parameters',
    '<p>Vyberte si <a href="https://www.eshop.cz/sekacky?utm_source=blog&amp;utm_medium=clanek&amp;utm_campaign=jaro" rel="sponsored">sekačku</a>.</p>',
  ],
  ['raw ampersands in the query', '<p><a href="https://x.cz/?a=1&b=2&c">odkaz</a></p>'],
  [
    'a named entity lookalike in the query',
    '<p><a href="https://x.cz/?a=1&copy=2&reg=3&amp=4">odkaz</a></p>',
  ],
  ['IDN host and Czech path', '<p><a href="https://www.žluťoučký-kůň.cz/sekačky/účet">kůň</a></p>'],
  ['percent-encoding kept', '<p><a href="https://x.cz/a%20b?q=%C5%BElut%C3%BD#k%C5%AF%C5%88">odkaz</a></p>'],
  ['fragment only', '<p><a href="#sekce-2">níže</a></p>'],
  [
    'rel with several tokens',
    '<p><a href="https://x.cz/" rel="sponsored noopener">a</a> <a href="https://y.cz/" rel="ugc  nofollow">b</a></p>',
  ],
  ['rel nofollow and target', '<p><a href="https://x.cz/" rel="nofollow" target="_blank">nový tab</a></p>'],
  ['no rel at all', '<p><a href="https://x.cz/">bez rel</a></p>'],
  [
    'text with nested emphasis',
    '<p><a href="https://x.cz/"><strong>Tučný</strong> a <em>kurzíva</em> odkaz</a></p>',
  ],
  ['text with entities', '<p><a href="https://x.cz/">Ceny &amp; slevy&nbsp;– „jaro“ &lt;2026&gt;</a></p>'],
  ['title attribute', '<p><a href="https://x.cz/" title="Eshop &quot;X&quot;">x</a></p>'],
  ['single-quoted and unquoted attributes', '<p><a href=\'https://x.cz/?q="a"\' rel=sponsored>x</a></p>'],
  ['upper-case attribute names', '<p><A HREF="https://x.cz/Velka" REL="Sponsored">X</A></p>'],
  [
    'mailto with an encoded subject',
    '<p><a href="mailto:obchod@x.cz?subject=Dotaz%20na%20sleva">napište</a></p>',
  ],
  ['tel', '<p><a href="tel:+420 123 456 789">zavolejte</a></p>'],
  ['whitespace around the href', '<p><a href=" https://x.cz/ ">mezery</a></p>'],
  ['a very long query', `<p><a href="https://x.cz/?${LONG_QUERY}">dlouhý</a></p>`],
  ['encoded quotes and angle brackets', '<p><a href="https://x.cz/?q=&quot;&lt;b&gt;&quot;">x</a></p>'],
  ['relative URL', '<p><a href="/kategorie/sekacky/">sekačky</a></p>'],
  ['protocol-relative URL', '<p><a href="//cdn.x.cz/katalog.pdf">katalog</a></p>'],
  [
    'link in a list item',
    '<ul><li><a href="https://x.cz/1" rel="sponsored">první</a></li><li>druhá</li></ul>',
  ],
  ['link in a heading', '<h2><a href="https://x.cz/h" rel="nofollow">Nadpis</a></h2>'],
  ['link in a quote', '<blockquote><p>Citace <a href="https://x.cz/q">zdroj</a></p></blockquote>'],
  ['link in a table', '<table><tr><td><a href="https://x.cz/t" rel="sponsored">buňka</a></td></tr></table>'],
  ['link wrapping a block', '<a href="https://x.cz/blok" rel="sponsored"><p>Celý odstavec</p></a>'],
  [
    'link inside a div and a span',
    '<div><span><a href="https://x.cz/d" rel="sponsored">v obalu</a></span></div>',
  ],
  [
    'several links in one paragraph',
    '<p><a href="https://a.cz/">A</a>, <a href="https://b.cz/" rel="sponsored">B</a> a <a href="https://c.cz/" rel="nofollow">C</a>.</p>',
  ],
];

describe('advertiser links', () => {
  it.each(LINKS)('%s: href, rel and text identical', (_name, body) => {
    const html = `<h1>Titulek</h1>${body}`;
    const article = parseArticle(html, { photoNumbers: [], limits: DEFAULT_RENDER_LIMITS });
    const delivered = links(body);

    expect(delivered.length).toBeGreaterThan(0);
    expect(links(allHtml(article))).toEqual(delivered);
  });
});
