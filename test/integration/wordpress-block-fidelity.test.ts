/**
 * The block markup through a real WordPress (6.8; 6.1 with PRESSBRIDGE_WP=6.1): stored by the REST API exactly
 * as sent (its save filters, such as the `noopener` it adds to links with a target, change nothing), and the
 * stored content read back by that WordPress's block editor code (parse, validate, serialize in Chromium) with
 * every block valid and nothing changed but what that version's save() writes differently (asWordPressSavesIt).
 * Complements the wp-admin editor check, which opens the posts the publisher tests make.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBlockMarkup } from '../../plugins/wordpress/blocks.js';
import { parseArticle } from '../../src/render/html.js';
import { applyPolicy, DEFAULT_POLICY } from '../../src/render/policy.js';
import { asWordPressSavesIt } from '../helpers/block-editor.js';
import { startWordPress, type WordPressSite, type WpPost, wpGet, wpSend } from '../helpers/wordpress.js';
import { allBlocks, type BlockEditor, openBlockEditor } from '../unit/plugins/wordpress/wp-block-editor.js';
import { images, markupRows } from '../unit/render/block-cases.js';

const DELIVERED = `<h1>Jak vybrat kolo</h1>
<p>Úvod s <a href="https://obchod.example.cz/kola?utm_source=blog&amp;x=1" rel="sponsored" target="_blank">odkazem</a>
a <a href="https://b.example.cz/" target="okno" rel="author">B</a>.</p>
<h2>Typy</h2><h3>Horská</h3>
<ol start="3" reversed><li>Třetí [foto1]</li><li>Druhý<ul><li>vnořený</li></ul></li></ol>
<blockquote><p>Kolo je svoboda.</p><cite>Jan Novák</cite></blockquote>
<table><thead><tr><th>Model</th><th>Cena</th></tr></thead><tbody><tr><td>A</td><td>10&nbsp;000 Kč</td></tr></tbody></table>
<figure><table><tr><td>s titulkem</td></tr></table><figcaption>Tabulka 2</figcaption></figure>
<table><tr><td colspan="2">spojené</td></tr><tr><td>a</td><td>b</td></tr></table>
<hr>
<pre><code>const a = [1, 2];
https://example.cz/
if (a &lt; b &amp;&amp; c) {}
</code></pre>
<p>Konec [foto2]</p>`;

let wp: WordPressSite;
let editor: BlockEditor;

beforeAll(async () => {
  [wp, editor] = await Promise.all([startWordPress({ name: 'block-fidelity' }), openBlockEditor()]);
}, 180_000);

afterAll(async () => {
  await Promise.all([editor?.close(), wp?.stop()]);
});

async function expectStoredUnchanged(content: string): Promise<void> {
  const created = await wpSend<WpPost>(wp, '/wp/v2/posts', {
    title: 'Věrnost bloků',
    content,
    status: 'draft',
  });
  const stored = await wpGet<WpPost>(wp, `/wp/v2/posts/${created.id}?context=edit`);
  expect(stored.content.raw).toBe(content);
  const check = await editor.check(content);
  for (const block of allBlocks(check.blocks)) {
    expect(block.isValid, `${block.name}: ${block.issues.join(' | ')}`).toBe(true);
    expect(block.name).not.toBe('core/freeform');
  }
  expect(check.serialized).toBe(asWordPressSavesIt(content));
}

describe('block markup in a real WordPress', () => {
  it('a whole article with the label and the sponsored link policy', async () => {
    const article = applyPolicy(parseArticle(DELIVERED, { photoNumbers: [1, 2] }), {
      ...DEFAULT_POLICY,
      links: { rel: 'sponsored' },
    });
    const refs = new Map([
      [
        1,
        {
          id: 41,
          url: 'https://blog.example.cz/wp-content/uploads/kolo-1.jpg',
          alt: 'Jak vybrat kolo – foto 1',
        },
      ],
      [
        2,
        {
          id: 42,
          url: 'https://blog.example.cz/wp-content/uploads/kolo-2.jpg',
          alt: 'Jak vybrat kolo – foto 2',
        },
      ],
    ]);
    const content = toBlockMarkup(article, refs);
    expect(content).toContain('rel="sponsored noopener"');
    expect(content).toContain('rel="author sponsored noopener"');
    await expectStoredUnchanged(content);
  });

  it.each(markupRows)('$name', async ({ block }) => {
    await expectStoredUnchanged(
      toBlockMarkup({ title: 'T', blocks: [block], cover: undefined, notes: [] }, images),
    );
  });
});
