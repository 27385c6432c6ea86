import { describe, expect, it } from 'vitest';
import { altText, serializeBlockAttributes, toBlockMarkup, toHtml } from '../../../src/render/blocks.js';
import { type Article, type Block, type ImageRef, parseArticle } from '../../../src/render/html.js';

const article = (...blocks: Block[]): Article => ({ title: 'T', blocks, cover: undefined, notes: [] });

const images = new Map<number, ImageRef>([
  [
    1,
    {
      id: 123,
      url: 'https://blog.cz/wp-content/uploads/2024/05/kolo.jpg',
      alt: 'Kolo – foto 1',
      width: 1600,
      height: 1067,
    },
  ],
  [2, { url: 'https://blog.cz/img/a.jpg?x=1&y=2', alt: 'Alt s "uvozovkami" & <znaky>' }],
]);

const markupRows: Array<{ name: string; block: Block; expected: string }> = [
  {
    name: 'paragraph',
    block: {
      type: 'paragraph',
      html: 'Text s <a href="https://x.cz/?a=1&amp;b=2" rel="sponsored">odkazem</a><br>a řádkem',
    },
    expected:
      '<!-- wp:paragraph -->\n<p>Text s <a href="https://x.cz/?a=1&amp;b=2" rel="sponsored">odkazem</a><br>a řádkem</p>\n<!-- /wp:paragraph -->',
  },
  {
    name: 'heading level 2 (default, no attributes)',
    block: { type: 'heading', level: 2, html: 'Nadpis' },
    expected: '<!-- wp:heading -->\n<h2 class="wp-block-heading">Nadpis</h2>\n<!-- /wp:heading -->',
  },
  {
    name: 'heading level 3',
    block: { type: 'heading', level: 3, html: 'Podnadpis' },
    expected:
      '<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading">Podnadpis</h3>\n<!-- /wp:heading -->',
  },
  {
    name: 'unordered list',
    block: { type: 'list', ordered: false, items: ['a', '<strong>b</strong>'] },
    expected:
      '<!-- wp:list -->\n<ul class="wp-block-list"><!-- wp:list-item -->\n<li>a</li>\n<!-- /wp:list-item -->\n\n' +
      '<!-- wp:list-item -->\n<li><strong>b</strong></li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
  },
  {
    name: 'ordered list with a nested list as inner blocks',
    block: { type: 'list', ordered: true, items: ['a<ul><li>b</li></ul>'] },
    expected:
      '<!-- wp:list {"ordered":true} -->\n<ol class="wp-block-list"><!-- wp:list-item -->\n<li>a' +
      '<!-- wp:list -->\n<ul class="wp-block-list"><!-- wp:list-item -->\n<li>b</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->' +
      '</li>\n<!-- /wp:list-item --></ol>\n<!-- /wp:list -->',
  },
  {
    name: 'image with an attachment id',
    block: { type: 'image', n: 1 },
    expected:
      '<!-- wp:image {"id":123,"sizeSlug":"large","linkDestination":"none"} -->\n' +
      '<figure class="wp-block-image size-large"><img src="https://blog.cz/wp-content/uploads/2024/05/kolo.jpg" alt="Kolo – foto 1" class="wp-image-123"/></figure>\n' +
      '<!-- /wp:image -->',
  },
  {
    name: 'image without an id, attribute values escaped',
    block: { type: 'image', n: 2 },
    expected:
      '<!-- wp:image {"sizeSlug":"large","linkDestination":"none"} -->\n' +
      '<figure class="wp-block-image size-large"><img src="https://blog.cz/img/a.jpg?x=1&amp;y=2" alt="Alt s &quot;uvozovkami&quot; &amp; &lt;znaky&gt;"/></figure>\n' +
      '<!-- /wp:image -->',
  },
  {
    name: 'quote with inner paragraph blocks',
    block: { type: 'quote', html: '<p>První</p>\n<p>Druhý</p>' },
    expected:
      '<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>První</p>\n<!-- /wp:paragraph -->\n\n' +
      '<!-- wp:paragraph -->\n<p>Druhý</p>\n<!-- /wp:paragraph --></blockquote>\n<!-- /wp:quote -->',
  },
  {
    name: 'custom HTML',
    block: { type: 'html', html: '<table><tbody><tr><td>1</td></tr></tbody></table>' },
    expected: '<!-- wp:html -->\n<table><tbody><tr><td>1</td></tr></tbody></table>\n<!-- /wp:html -->',
  },
];

const htmlRows: Array<{ name: string; block: Block; expected: string }> = [
  { name: 'paragraph', block: { type: 'paragraph', html: 'a<br>b' }, expected: '<p>a<br>b</p>' },
  { name: 'heading', block: { type: 'heading', level: 4, html: 'H' }, expected: '<h4>H</h4>' },
  {
    name: 'list',
    block: { type: 'list', ordered: false, items: ['a', 'b'] },
    expected: '<ul><li>a</li><li>b</li></ul>',
  },
  {
    name: 'ordered list',
    block: { type: 'list', ordered: true, items: ['a'] },
    expected: '<ol><li>a</li></ol>',
  },
  {
    name: 'quote',
    block: { type: 'quote', html: '<p>Q</p>' },
    expected: '<blockquote><p>Q</p></blockquote>',
  },
  { name: 'html', block: { type: 'html', html: '<pre>x</pre>' }, expected: '<pre>x</pre>' },
  {
    name: 'image with dimensions',
    block: { type: 'image', n: 1 },
    expected:
      '<figure><img src="https://blog.cz/wp-content/uploads/2024/05/kolo.jpg" alt="Kolo – foto 1" width="1600" height="1067" loading="lazy"></figure>',
  },
  {
    name: 'image without dimensions',
    block: { type: 'image', n: 2 },
    expected:
      '<figure><img src="https://blog.cz/img/a.jpg?x=1&amp;y=2" alt="Alt s &quot;uvozovkami&quot; &amp; &lt;znaky&gt;" loading="lazy"></figure>',
  },
];

describe('src/render/blocks', () => {
  describe('toBlockMarkup', () => {
    it.each(markupRows)('$name', ({ block, expected }) => {
      expect(toBlockMarkup(article(block), images)).toBe(expected);
    });

    it('joins blocks with a blank line and skips images that have no ImageRef', () => {
      const markup = toBlockMarkup(
        article({ type: 'paragraph', html: 'a' }, { type: 'image', n: 9 }, { type: 'paragraph', html: 'b' }),
        images,
      );
      expect(markup).toBe(
        '<!-- wp:paragraph -->\n<p>a</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>b</p>\n<!-- /wp:paragraph -->',
      );
    });

    it('gives the wp:image JSON id and the wp-image-<id> class the same id', () => {
      const parsed = parseArticle('<h1>T</h1><p>a [foto1] b</p><p>[foto2]</p>', { photoNumbers: [1, 2] });
      const markup = toBlockMarkup(
        parsed,
        new Map([
          [1, { id: 77, url: 'https://b.cz/1.jpg', alt: 'x' }],
          [2, { id: 78, url: 'https://b.cz/2.jpg', alt: 'y' }],
        ]),
      );
      const pairs = [
        ...markup.matchAll(/<!-- wp:image (\{.*?\}) -->\n<figure[^>]*><img [^>]*class="wp-image-(\d+)"/g),
      ];

      expect(pairs).toHaveLength(2);
      for (const [, json, classId] of pairs) {
        expect((JSON.parse(json!) as { id: number }).id).toBe(Number(classId));
      }
    });

    it('renders a parsed article into balanced block delimiters without markers or scripts', () => {
      const parsed = parseArticle(
        '<h1>T</h1><p>a [foto1] b</p><ul><li>x [foto2]</li></ul><blockquote>q</blockquote><script>x</script>',
        { photoNumbers: [1, 2] },
      );
      const markup = toBlockMarkup(parsed, images);

      const opened = [...markup.matchAll(/<!-- wp:([a-z-]+)/g)].map((m) => m[1]);
      const closed = [...markup.matchAll(/<!-- \/wp:([a-z-]+)/g)].map((m) => m[1]);
      expect(opened.sort()).toEqual(closed.sort());
      expect(markup).not.toMatch(/\[foto|<script|<p><\/p>/);
    });
  });

  describe('serializeBlockAttributes', () => {
    it.each([
      [{ level: 3 }, '{"level":3}'],
      [{ a: 'x--y' }, '{"a":"x\\u002d\\u002dy"}'],
      [{ a: '<b>&' }, '{"a":"\\u003cb\\u003e\\u0026"}'],
      [{ a: 'say "hi"' }, '{"a":"say \\u0022hi\\u0022"}'],
    ])('%j → %s', (attributes, expected) => {
      expect(serializeBlockAttributes(attributes)).toBe(expected);
    });
  });

  describe('toHtml', () => {
    it.each(htmlRows)('$name', ({ block, expected }) => {
      expect(toHtml(article(block), images)).toBe(expected);
    });

    it('puts one block per line', () => {
      const html = toHtml(
        article({ type: 'paragraph', html: 'a' }, { type: 'heading', level: 2, html: 'b' }),
        images,
      );
      expect(html).toBe('<p>a</p>\n<h2>b</h2>');
    });
  });

  describe('altText', () => {
    it.each([
      ['Jak vybrat kolo', 0, 'Jak vybrat kolo'],
      ['Jak vybrat kolo', 2, 'Jak vybrat kolo – foto 2'],
      ['  Víc   mezer ', 1, 'Víc mezer – foto 1'],
      [undefined, 3, 'Foto 3'],
      [undefined, 0, 'Úvodní fotografie'],
    ])('%s, %i → %s', (title, n, expected) => {
      expect(altText(title, n)).toBe(expected);
    });
  });
});
