import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { blockHtmlParts } from '../../../src/render/block-visit.js';
import { parseArticle } from '../../../src/render/html.js';
import type { Article, Block, RenderNote } from '../../../src/render/types.js';
import { allHtml } from './article-html.js';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../fixtures/render/${name}`, import.meta.url), 'utf8');

const p = (html: string): Block => ({ type: 'paragraph', html });
const img = (n: number): Block => ({ type: 'image', n });

function expectClean(article: Article): void {
  const html = allHtml(article);
  expect(html).not.toMatch(/\[\s*foto/i);
  expect(html).not.toContain('<p></p>');
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
  for (const block of article.blocks) {
    if (block.type === 'image') continue;
    blockHtmlParts(block).forEach((part, index) => {
      // An item may hold nothing but its photo.
      const photoOnly = block.type === 'list' && (block.images?.[index]?.length ?? 0) > 0;
      if (!photoOnly) expect(part.trim()).not.toBe('');
      // Balanced: re-parsing and re-serialising the fragment gives the same markup back.
      expect(load(part, null, false).html()).toBe(part);
    });
  }
}

interface Row {
  name: string;
  html: string;
  photos?: number[];
  blocks: Block[];
  notes?: RenderNote[];
  title?: string | undefined;
}

const rows: Row[] = [
  {
    name: 'marker alone in a paragraph',
    html: '<h1>T</h1><p>Před.</p><p>[foto1]</p><p>Po.</p>',
    photos: [1],
    blocks: [p('Před.'), img(1), p('Po.')],
    notes: [],
  },
  {
    name: 'marker alone with whitespace and <br> around it',
    html: '<h1>T</h1><p>\n  <br>[foto1]<br>&nbsp;\n</p>',
    photos: [1],
    blocks: [img(1)],
    notes: [],
  },
  {
    name: 'marker inline mid-sentence',
    html: '<h1>T</h1><p>Začátek věty [foto1] konec věty.</p>',
    photos: [1],
    blocks: [p('Začátek věty'), img(1), p('konec věty.')],
  },
  {
    name: 'marker at the start of a paragraph',
    html: '<h1>T</h1><p>[foto1] Text za fotkou.</p>',
    photos: [1],
    blocks: [img(1), p('Text za fotkou.')],
  },
  {
    name: 'marker at the end of a paragraph',
    html: '<h1>T</h1><p>Text před fotkou. [foto1]</p>',
    photos: [1],
    blocks: [p('Text před fotkou.'), img(1)],
  },
  {
    name: 'marker spellings [FOTO1], [foto 2], [ foto3 ]',
    html: '<h1>T</h1><p>a [FOTO1] b [foto 2] c [ foto3 ] d</p>',
    photos: [1, 2, 3],
    blocks: [p('a'), img(1), p('b'), img(2), p('c'), img(3), p('d')],
  },
  {
    name: 'marker inside <strong>: closed and reopened',
    html: '<h1>T</h1><p>Je <strong>velmi [foto1] důležité</strong> vědět.</p>',
    photos: [1],
    blocks: [p('Je <strong>velmi</strong>'), img(1), p('<strong>důležité</strong> vědět.')],
  },
  {
    name: 'marker inside nested formatting and a link',
    html: '<h1>T</h1><p><a href="https://x.cz/" rel="sponsored"><strong>A <em>b [foto2] c</em> d</strong></a></p>',
    photos: [2],
    blocks: [
      p('<a href="https://x.cz/" rel="sponsored"><strong>A <em>b</em></strong></a>'),
      img(2),
      p('<a href="https://x.cz/" rel="sponsored"><strong><em>c</em> d</strong></a>'),
    ],
  },
  {
    name: 'marker as the only content of nested formatting: no empty elements left behind',
    html: '<h1>T</h1><p>Text <strong><em>[foto1]</em></strong> další</p>',
    photos: [1],
    blocks: [p('Text'), img(1), p('další')],
  },
  {
    name: 'marker in a list item: the photo stays in that item',
    html: '<h1>T</h1><ul><li>první [foto1]</li><li>druhá</li></ul><p>Po.</p>',
    photos: [1],
    blocks: [{ type: 'list', ordered: false, items: ['první', 'druhá'], images: [[1], []] }, p('Po.')],
  },
  {
    name: 'marker alone in a list item: an item holding the photo',
    html: '<h1>T</h1><ol start="2"><li>a</li><li> [foto2] </li><li>[foto9]</li></ol>',
    photos: [2],
    blocks: [{ type: 'list', ordered: true, items: ['a', ''], start: 2, images: [[], [2]] }],
    notes: [{ kind: 'missing_photo', n: 9 }],
  },
  {
    name: 'marker in a list inside a quote: photo after the quote',
    html: '<h1>T</h1><blockquote><ul><li>a [foto1]</li></ul></blockquote>',
    photos: [1],
    blocks: [{ type: 'quote', html: '<ul><li>a</li></ul>' }, img(1)],
  },
  {
    name: 'ordered list keeps start and reversed, not on a bullet list',
    html: '<h1>T</h1><ol start=" 10 " reversed><li>a</li></ol><ol start="x"><li>b</li></ol><ul start="3" reversed><li>c</li></ul>',
    photos: [],
    blocks: [
      { type: 'list', ordered: true, items: ['a'], start: 10, reversed: true },
      { type: 'list', ordered: true, items: ['b'] },
      { type: 'list', ordered: false, items: ['c'] },
    ],
  },
  {
    name: 'cite at the end of a blockquote becomes its citation',
    html: '<h1>T</h1><blockquote><p>Kolo je <em>svoboda</em>.</p><cite>Jan [foto1] Novák</cite></blockquote>',
    photos: [1],
    blocks: [{ type: 'quote', html: '<p>Kolo je <em>svoboda</em>.</p>', citation: 'Jan Novák' }, img(1)],
  },
  {
    name: 'a paragraph holding only a cite is the citation; a footer (outside the allowlist) is a paragraph; a cite mid-text is not',
    html:
      '<h1>T</h1><blockquote><p>A</p><footer>— <cite>Kniha</cite></footer></blockquote>' +
      '<blockquote>B<p><cite>C</cite></p>\n</blockquote><blockquote><p>Viz <cite>D</cite> dál.</p></blockquote>',
    photos: [],
    blocks: [
      { type: 'quote', html: '<p>A</p>\n<p>— <cite>Kniha</cite></p>' },
      { type: 'quote', html: '<p>B</p>', citation: 'C' },
      { type: 'quote', html: '<p>Viz <cite>D</cite> dál.</p>' },
    ],
  },
  {
    name: 'table: head, body, foot; th and td; spans; paragraphs in cells flattened',
    html:
      '<h1>T</h1><table><tfoot><tr><td>F</td></tr></tfoot><thead><tr><th>H</th></tr></thead>' +
      '<tr><td colspan="2" rowspan="1"><p>a</p><p>b</p></td></tr><tbody><tr><th>x</th><td rowspan="3">y</td></tr></tbody></table>',
    photos: [],
    blocks: [
      {
        type: 'table',
        head: [[{ tag: 'th', html: 'H' }]],
        body: [
          [{ tag: 'td', html: 'a<br>b', colspan: 2 }],
          [
            { tag: 'th', html: 'x' },
            { tag: 'td', html: 'y', rowspan: 3 },
          ],
        ],
        foot: [[{ tag: 'td', html: 'F' }]],
      },
    ],
  },
  {
    name: 'figure holding a table and its caption',
    html: '<h1>T</h1><figure> <table><tr><td>1</td></tr></table><figcaption>Ceny <b>2024</b></figcaption></figure>',
    photos: [],
    blocks: [
      { type: 'table', head: [], body: [[{ tag: 'td', html: '1' }]], foot: [], caption: 'Ceny <b>2024</b>' },
    ],
  },
  {
    name: 'a caption (outside the allowlist) becomes a paragraph before the table',
    html: '<h1>T</h1><table><caption>C</caption><tr><td>1</td></tr></table>',
    photos: [],
    blocks: [p('C'), { type: 'table', head: [], body: [[{ tag: 'td', html: '1' }]], foot: [] }],
  },
  {
    name: 'hr is a separator; pre and pre>code are code with whitespace kept',
    html: '<h1>T</h1><p>a</p><hr><pre>  x = [1]\n\ty</pre><pre><code>&lt;b&gt; [foto1]\n</code></pre>',
    photos: [1],
    blocks: [
      p('a'),
      { type: 'separator' },
      { type: 'code', html: '  x = [1]\n\ty' },
      { type: 'code', html: '&lt;b&gt; ' },
      img(1),
    ],
  },
  {
    name: 'marker in a heading: image after the heading',
    html: '<h1>T</h1><h3>Nadpis [foto1]</h3><p>Text.</p>',
    photos: [1],
    blocks: [{ type: 'heading', level: 3, html: 'Nadpis' }, img(1), p('Text.')],
  },
  {
    name: 'marker in a blockquote: image after the quote',
    html: '<h1>T</h1><blockquote><p>Citát [foto1] pokračuje.</p></blockquote>',
    photos: [1],
    blocks: [{ type: 'quote', html: '<p>Citát pokračuje.</p>' }, img(1)],
  },
  {
    name: 'marker in a table: image after the table',
    html: '<h1>T</h1><table><tr><td>a [foto1]</td></tr></table>',
    photos: [1],
    blocks: [{ type: 'table', head: [], body: [[{ tag: 'td', html: 'a' }]], foot: [] }, img(1)],
  },
  {
    name: 'missing photo: marker dropped, noted',
    html: '<h1>T</h1><p>Text [foto3] dál.</p><p>[foto3]</p>',
    photos: [1],
    blocks: [p('Text dál.'), img(1)],
    notes: [
      { kind: 'missing_photo', n: 3 },
      { kind: 'unused_photo', n: 1 },
    ],
  },
  {
    name: 'unused photos appended at the end in order, noted',
    html: '<h1>T</h1><p>[foto2]</p><p>Text.</p>',
    photos: [0, 5, 1, 2],
    blocks: [img(2), p('Text.'), img(1), img(5)],
    notes: [
      { kind: 'unused_photo', n: 1 },
      { kind: 'unused_photo', n: 5 },
    ],
  },
  {
    name: 'duplicate marker: image once, at the first place',
    html: '<h1>T</h1><p>[foto1]</p><p>A [foto1] B</p>',
    photos: [1],
    blocks: [img(1), p('A B')],
    notes: [],
  },
  {
    name: '[foto0] is the cover: marker removed, never inlined',
    html: '<h1>T</h1><p>[foto0]</p><p>Text [foto0] dál.</p>',
    photos: [0],
    blocks: [p('Text dál.')],
    notes: [],
  },
  {
    name: 'no <h1>: no title, noted',
    html: '<h2>Jen podnadpis</h2><p>Text.</p>',
    blocks: [{ type: 'heading', level: 2, html: 'Jen podnadpis' }, p('Text.')],
    notes: [{ kind: 'no_title' }],
    title: undefined,
  },
  {
    name: 'second <h1> becomes an <h2>; title whitespace collapsed',
    html: '<h1>  První\n  <em>titulek</em> </h1><p>A</p><h1>Druhý</h1>',
    blocks: [p('A'), { type: 'heading', level: 2, html: 'Druhý' }],
    title: 'První titulek',
  },
  {
    name: '<h1> nested in wrappers is still the title; empty <h1> skipped',
    html: '<h1> </h1><div><section><h1>Titulek</h1><p>A</p></section></div>',
    blocks: [p('A')],
    title: 'Titulek',
  },
  {
    name: 'links keep href, rel, target, title exactly',
    html: '<h1>T</h1><p>Viz <a href="https://x.cz/?a=1&amp;b=2" rel="nofollow sponsored" target="_blank" title="Obchod &quot;X&quot;">obchod</a>.</p>',
    blocks: [
      p(
        'Viz <a href="https://x.cz/?a=1&amp;b=2" rel="nofollow sponsored" target="_blank" title="Obchod &quot;X&quot;">obchod</a>.',
      ),
    ],
    notes: [],
  },
  {
    name: 'scripts, styles, iframes, event handlers, javascript: and data: URLs removed with notes',
    html: '<h1>T</h1><script>alert(1)</script><style>p{}</style><p onclick="x()" style="color:red">A <a href=" JaVa&#x09;script:alert(1)" onmouseover="y()">b</a> <img src="data:image/png;base64,AAAA"></p><iframe src="https://e.com"></iframe><object data="x"></object><form action="/"><input name="q"></form>',
    blocks: [p('A <a>b</a>')],
    notes: [
      { kind: 'removed', what: 'script' },
      { kind: 'removed', what: 'style' },
      { kind: 'removed', what: 'onclick attribute' },
      { kind: 'removed', what: 'style attribute' },
      { kind: 'removed', what: 'javascript: link' },
      { kind: 'removed', what: 'onmouseover attribute' },
      { kind: 'removed', what: 'img' },
      { kind: 'removed', what: 'iframe' },
      { kind: 'removed', what: 'object' },
      { kind: 'removed', what: 'form' },
      { kind: 'removed', what: 'input' },
    ],
  },
  {
    name: 'comments dropped (they could fake block delimiters)',
    html: '<h1>T</h1><p>A<!-- /wp:paragraph --><!-- wp:html -->B</p>',
    blocks: [p('AB')],
    notes: [],
  },
  {
    name: 'Czech text with diacritics and entities intact',
    html: '<h1>Žluťoučký kůň</h1><p>Příliš &bdquo;žluťoučký&ldquo; kůň &amp; ďábelské ódy za 5&nbsp;000&nbsp;Kč &lt;3</p>',
    blocks: [p('Příliš „žluťoučký“ kůň &amp; ďábelské ódy za 5&nbsp;000&nbsp;Kč &lt;3')],
    title: 'Žluťoučký kůň',
  },
  {
    name: 'loose text and inline nodes wrapped, <br> kept, div unwrapped',
    html: '<h1>T</h1>Volný <b>text</b><div>řádek 1<br>řádek 2</div>   <div> </div>',
    blocks: [p('Volný <b>text</b>'), p('řádek 1<br>řádek 2')],
  },
  {
    name: 'ordered list, nested list kept in the item',
    html: '<h1>T</h1><ol><li>a<ul><li>b</li></ul></li><li> </li></ol>',
    blocks: [{ type: 'list', ordered: true, items: ['a<ul><li>b</li></ul>'] }],
  },
  {
    name: 'paragraphs inside list items become line breaks',
    html: '<h1>T</h1><ul><li><p>a</p><p>b</p></li><li>\n<p>c</p></li></ul>',
    blocks: [{ type: 'list', ordered: false, items: ['a<br>b', 'c'] }],
  },
  {
    name: 'title with a line break reads as words',
    html: '<h1>Jak vybrat<br>kolo</h1><p>A</p>',
    blocks: [p('A')],
    title: 'Jak vybrat kolo',
  },
  {
    name: 'broken HTML: unclosed tags, stray </p>, unclosed list',
    html: '<h1>T<p>Odstavec <b>tučně<p>další</p></p></p><ul><li>x<li>y',
    // The allowlist pass (htmlparser2) closes the unclosed <b> with its paragraph; the list stays plain.
    blocks: [
      p('Odstavec <b>tučně</b>'),
      p('<b>další</b>'),
      { type: 'list', ordered: false, items: ['x', 'y'] },
    ],
    title: 'T',
  },
  {
    name: 'unclosed heading swallowing paragraphs: only its own text is the heading',
    html: '<h1>T</h1><h2>Sekce<p>Text pod ní.</p><p>Další.</p>',
    blocks: [{ type: 'heading', level: 2, html: 'Sekce' }, p('Text pod ní.'), p('Další.')],
  },
  {
    name: 'inline element wrapping blocks is unwrapped; a link wrapping blocks is kept whole',
    html: '<h1>T</h1><span><p>A</p><p>B</p></span><a href="https://x.cz/"><div>C</div></a>',
    // The <div> is outside the allowlist: a paragraph takes its place.
    blocks: [p('A'), p('B'), { type: 'html', html: '<a href="https://x.cz/"><p>C</p></a>' }],
  },
  {
    name: 'empty input',
    html: '',
    blocks: [],
    notes: [{ kind: 'no_title' }],
    title: undefined,
  },
  {
    name: 'empty input with photos: photos still published',
    html: '   ',
    photos: [0, 1],
    blocks: [img(1)],
    notes: [{ kind: 'no_title' }, { kind: 'unused_photo', n: 1 }],
    title: undefined,
  },
];

describe('src/render/html', () => {
  describe('parseArticle', () => {
    it.each(rows)('$name', (row) => {
      const article = parseArticle(row.html, { photoNumbers: row.photos ?? [] });

      expect(article.blocks).toEqual(row.blocks);
      if (row.notes) expect(article.notes).toEqual(row.notes);
      if ('title' in row) expect(article.title).toBe(row.title);
      expectClean(article);
    });

    it('sets cover to 0 only when photo 0 exists', () => {
      expect(parseArticle('<h1>T</h1>', { photoNumbers: [0, 1] }).cover).toBe(0);
      expect(parseArticle('<h1>T</h1>', { photoNumbers: [1] }).cover).toBeUndefined();
    });

    it('keeps the advertiser link attribute values exactly (compared after parsing)', () => {
      const href = 'https://www.kola-example.cz/rady?utm_source=blog&utm_medium=clanek';
      const article = parseArticle(fixture('article.html'), { photoNumbers: [0, 1, 2, 3, 4] });
      const $ = load(allHtml(article), null, false);
      const link = $('a[href]').first();

      expect(link.attr('href')).toBe(href);
      expect(link.attr('rel')).toBe('sponsored noopener');
      expect(link.attr('target')).toBe('_blank');
      expect(link.attr('title')).toBe('Poradna');
      expect(link.text()).toBe('poradně obchodu');
    });

    it('renders the fixture article', () => {
      const article = parseArticle(fixture('article.html'), { photoNumbers: [0, 1, 2, 3, 4, 5] });

      expect(article.title).toBe('Jak vybrat kolo pro celou rodinu');
      expect(article.cover).toBe(0);
      expect(article.blocks.map((b) => (b.type === 'image' ? `image:${b.n}` : b.type))).toEqual([
        'paragraph',
        'image:1',
        'heading',
        'image:2',
        'paragraph',
        'image:3',
        'paragraph',
        'list',
        'paragraph',
        'image:5',
      ]);
      expect(article.blocks[0]).toEqual(
        p('Příliš žluťoučký kůň úpěl ďábelské ódy &amp; jel „na kole“ za 12&nbsp;000&nbsp;Kč.'),
      );
      expect(article.blocks[4]).toEqual(p('Nejdůležitější je <strong>správná velikost rámu</strong>'));
      expect(article.blocks[7]).toEqual({
        type: 'list',
        ordered: false,
        items: ['dětská kola', 'horská kola'],
        images: [[4], []],
      });
      expect(article.blocks[8]).toEqual(p('Na závěr: <a>klikněte</a>.'));
      expect(article.notes).toEqual([
        { kind: 'removed', what: 'div' },
        { kind: 'removed', what: 'script' },
        { kind: 'removed', what: 'onclick attribute' },
        { kind: 'removed', what: 'javascript: link' },
        { kind: 'removed', what: 'iframe' },
        { kind: 'unused_photo', n: 5 },
      ]);
      expectClean(article);
    });

    it('survives enormous input (~2 MB, many markers and deep nesting)', () => {
      const paragraph =
        '<p>Odstavec s <strong>tučným [foto1] textem</strong> a <a href="https://x.cz/">odkazem</a>.</p>';
      const deep = `${'<div><span>'.repeat(5000)}hluboko [foto2]${'</span></div>'.repeat(5000)}`;
      const html = `<h1>Velký</h1>${paragraph.repeat(20_000)}${deep}<p>${' '.repeat(200_000)}x</p>`;
      expect(html.length).toBeGreaterThan(2_000_000);

      const article = parseArticle(html, { photoNumbers: [1, 2] });

      expect(article.title).toBe('Velký');
      expect(article.blocks.filter((b) => b.type === 'image')).toEqual([img(1), img(2)]);
      expect(article.blocks.length).toBeGreaterThan(20_000);
      expect(allHtml(article)).not.toContain('[foto');
    });
  });
});
