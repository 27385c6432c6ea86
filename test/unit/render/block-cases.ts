/** Block → markup cases shared by the unit tests of plugins/wordpress/blocks.ts and src/render/plain.ts, and the WordPress fidelity test. */
import type { Block, ImageRef } from '../../../src/render/types.js';

export const images = new Map<number, ImageRef>([
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

export const markupRows: Array<{ name: string; block: Block; expected: string }> = [
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
    expected: '<!-- wp:heading -->\n<h2>Nadpis</h2>\n<!-- /wp:heading -->',
  },
  {
    name: 'heading level 3',
    block: { type: 'heading', level: 3, html: 'Podnadpis' },
    expected: '<!-- wp:heading {"level":3} -->\n<h3>Podnadpis</h3>\n<!-- /wp:heading -->',
  },
  {
    name: 'unordered list',
    block: { type: 'list', ordered: false, items: ['a', '<strong>b</strong>'] },
    expected:
      '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>a</li>\n<!-- /wp:list-item -->\n\n' +
      '<!-- wp:list-item -->\n<li><strong>b</strong></li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
  },
  {
    name: 'ordered list with a nested list as inner blocks',
    block: { type: 'list', ordered: true, items: ['a<ul><li>b</li></ul>'] },
    expected:
      '<!-- wp:list {"ordered":true} -->\n<ol><!-- wp:list-item -->\n<li>a' +
      '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>b</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->' +
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
    name: 'image without an id, attribute values escaped as the editor does',
    block: { type: 'image', n: 2 },
    expected:
      '<!-- wp:image {"sizeSlug":"large","linkDestination":"none"} -->\n' +
      '<figure class="wp-block-image size-large"><img src="https://blog.cz/img/a.jpg?x=1&amp;y=2" alt="Alt s &quot;uvozovkami&quot; &amp; <znaky&gt;"/></figure>\n' +
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
    name: 'ordered list numbered from 3, reversed',
    block: { type: 'list', ordered: true, items: ['c', 'b'], start: 3, reversed: true },
    expected:
      '<!-- wp:list {"ordered":true,"start":3,"reversed":true} -->\n<ol reversed start="3"><!-- wp:list-item -->\n<li>c</li>\n<!-- /wp:list-item -->\n\n' +
      '<!-- wp:list-item -->\n<li>b</li>\n<!-- /wp:list-item --></ol>\n<!-- /wp:list -->',
  },
  {
    name: 'ordered list starting at 0',
    block: { type: 'list', ordered: true, items: ['a'], start: 0 },
    expected:
      '<!-- wp:list {"ordered":true,"start":0} -->\n<ol start="0"><!-- wp:list-item -->\n<li>a</li>\n<!-- /wp:list-item --></ol>\n<!-- /wp:list -->',
  },
  {
    name: 'list item holding its photo as an inner image block',
    block: { type: 'list', ordered: false, items: ['a', 'b'], images: [[], [1]] },
    expected:
      '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>a</li>\n<!-- /wp:list-item -->\n\n' +
      '<!-- wp:list-item -->\n<li>b<!-- wp:image {"id":123,"sizeSlug":"large","linkDestination":"none"} -->\n' +
      '<figure class="wp-block-image size-large"><img src="https://blog.cz/wp-content/uploads/2024/05/kolo.jpg" alt="Kolo – foto 1" class="wp-image-123"/></figure>\n' +
      '<!-- /wp:image --></li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
  },
  {
    name: 'quote with a citation',
    block: { type: 'quote', html: '<p>Citát</p>', citation: 'Jan <em>Novák</em>' },
    expected:
      '<!-- wp:quote -->\n<blockquote class="wp-block-quote"><!-- wp:paragraph -->\n<p>Citát</p>\n<!-- /wp:paragraph -->' +
      '<cite>Jan <em>Novák</em></cite></blockquote>\n<!-- /wp:quote -->',
  },
  {
    name: 'table with head, body and foot',
    block: {
      type: 'table',
      head: [
        [
          { tag: 'th', html: 'Model' },
          { tag: 'th', html: 'Cena' },
        ],
      ],
      body: [
        [
          { tag: 'td', html: '<strong>A</strong>' },
          { tag: 'td', html: '1 000 Kč' },
        ],
      ],
      foot: [
        [
          { tag: 'td', html: 'Celkem' },
          { tag: 'td', html: '' },
        ],
      ],
    },
    expected:
      '<!-- wp:table -->\n<figure class="wp-block-table"><table><thead><tr><th>Model</th><th>Cena</th></tr></thead>' +
      '<tbody><tr><td><strong>A</strong></td><td>1 000 Kč</td></tr></tbody><tfoot><tr><td>Celkem</td><td></td></tr></tfoot>' +
      '</table></figure>\n<!-- /wp:table -->',
  },
  {
    name: 'table with a caption',
    block: {
      type: 'table',
      head: [],
      body: [[{ tag: 'td', html: '1' }]],
      foot: [],
      caption: 'Tabulka <em>1</em>',
    },
    expected:
      '<!-- wp:table -->\n<figure class="wp-block-table"><table><tbody><tr><td>1</td></tr></tbody></table>' +
      '<figcaption class="wp-element-caption">Tabulka <em>1</em></figcaption></figure>\n<!-- /wp:table -->',
  },
  {
    name: 'table spanning cells: kept whole as custom HTML',
    block: {
      type: 'table',
      head: [],
      body: [
        [{ tag: 'td', html: 'a', colspan: 2 }],
        [
          { tag: 'td', html: 'b' },
          { tag: 'td', html: 'c' },
        ],
      ],
      foot: [],
    },
    expected:
      '<!-- wp:html -->\n<table><tbody><tr><td colspan="2">a</td></tr><tr><td>b</td><td>c</td></tr></tbody></table>\n<!-- /wp:html -->',
  },
  {
    name: 'separator',
    block: { type: 'separator' },
    expected:
      '<!-- wp:separator -->\n<hr class="wp-block-separator has-alpha-channel-opacity"/>\n<!-- /wp:separator -->',
  },
  {
    name: 'code, with what its save() escapes',
    block: { type: 'code', html: 'if (a &lt; b) x[0] = 1;\nhttps://example.cz/a\n  <strong>b</strong>\n' },
    expected:
      '<!-- wp:code -->\n<pre class="wp-block-code"><code>if (a &lt; b) x&#91;0] = 1;\nhttps:&#47;&#47;example.cz/a\n  <strong>b</strong>\n</code></pre>\n<!-- /wp:code -->',
  },
  {
    name: 'disclosure: a paragraph with the custom class',
    block: { type: 'disclosure', text: 'Komerční sdělení & PR', className: 'sponsored-label pr' },
    expected:
      '<!-- wp:paragraph {"className":"sponsored-label pr"} -->\n<p class="sponsored-label pr">Komerční sdělení &amp; PR</p>\n<!-- /wp:paragraph -->',
  },
  {
    name: 'custom HTML',
    block: { type: 'html', html: '<a href="https://x.cz/"><div>C</div></a>' },
    expected: '<!-- wp:html -->\n<a href="https://x.cz/"><div>C</div></a>\n<!-- /wp:html -->',
  },
];

export const htmlRows: Array<{ name: string; block: Block; expected: string }> = [
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
  {
    name: 'ordered list with start and reversed',
    block: { type: 'list', ordered: true, items: ['a'], start: 5, reversed: true },
    expected: '<ol start="5" reversed><li>a</li></ol>',
  },
  {
    name: 'list item with its photo',
    block: { type: 'list', ordered: false, items: ['a', 'b'], images: [[2], []] },
    expected:
      '<ul><li>a<figure><img src="https://blog.cz/img/a.jpg?x=1&amp;y=2" alt="Alt s &quot;uvozovkami&quot; &amp; &lt;znaky&gt;" loading="lazy"></figure></li><li>b</li></ul>',
  },
  {
    name: 'quote with a citation',
    block: { type: 'quote', html: '<p>Q</p>', citation: 'Autor' },
    expected: '<blockquote><p>Q</p><cite>Autor</cite></blockquote>',
  },
  {
    name: 'table',
    block: {
      type: 'table',
      head: [[{ tag: 'th', html: 'H' }]],
      body: [[{ tag: 'td', html: '1', rowspan: 2 }]],
      foot: [],
      caption: 'C',
    },
    expected:
      '<figure><table><thead><tr><th>H</th></tr></thead><tbody><tr><td rowspan="2">1</td></tr></tbody></table><figcaption>C</figcaption></figure>',
  },
  { name: 'separator', block: { type: 'separator' }, expected: '<hr>' },
  { name: 'code', block: { type: 'code', html: 'a [1]\n' }, expected: '<pre><code>a [1]\n</code></pre>' },
  {
    name: 'disclosure',
    block: { type: 'disclosure', text: 'Komerční sdělení', className: 'pressbridge-disclosure' },
    expected: '<p class="pressbridge-disclosure" role="note">Komerční sdělení</p>',
  },
  {
    name: 'html',
    block: { type: 'html', html: '<figure><p>x</p></figure>' },
    expected: '<figure><p>x</p></figure>',
  },
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
