/**
 * Fidelity of the block markup against WordPress 6.1's own block editor code (parse → validate → serialize, run
 * in real Chromium from the installed WordPress's scripts): every block valid, none a Classic (core/freeform)
 * block, and the editor's serialisation of what it read is byte for byte what pressbridge wrote, so opening and
 * saving a post in the editor changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBlockMarkup } from '../../../../plugins/wordpress/blocks.js';
import { parseArticle } from '../../../../src/render/html.js';
import type { Article, Block } from '../../../../src/render/types.js';
import { wordpressCoreDir } from '../../../helpers/wordpress-version.js';
import { images, markupRows } from '../../render/block-cases.js';
import { allBlocks, type BlockEditor, openBlockEditor } from './wp-block-editor.js';

let editor: BlockEditor;

beforeAll(async () => {
  // 6.1's editor, whatever PRESSBRIDGE_WP says: pressbridge writes 6.1's markup, and this is the byte-for-byte
  // check of it (6.8's re-serialisation is test/integration/wordpress-block-fidelity.test.ts's).
  editor = await openBlockEditor(wordpressCoreDir('6.1'));
}, 60_000);

afterAll(async () => {
  await editor?.close();
});

const article = (...blocks: Block[]): Article => ({ title: 'T', blocks, cover: undefined, notes: [] });

async function expectFaithful(markup: string, names?: string[]): Promise<void> {
  const result = await editor.check(markup);
  const blocks = allBlocks(result.blocks);
  for (const block of blocks) {
    expect(block.isValid, `${block.name} invalid: ${block.issues.join(' | ')}`).toBe(true);
    expect(block.name).not.toBe('core/freeform');
  }
  if (names !== undefined) expect(blocks.map((block) => block.name)).toEqual(names);
  expect(result.serialized).toBe(markup);
}

/** A delivered article exercising every block type, parsed as the pipeline does. */
const DELIVERED = `<h1>Jak vybrat kolo</h1>
<p>Úvod s <a href="https://obchod.example.cz/kola?utm_source=blog&amp;x=1" rel="sponsored" target="_blank">odkazem</a>.</p>
<h2>Typy</h2><h3>Horská</h3>
<ol start="3" reversed><li>Třetí [foto1]</li><li>Druhý<ul><li>vnořený</li></ul></li></ol>
<blockquote><p>Kolo je svoboda.</p><cite>Jan Novák</cite></blockquote>
<table><thead><tr><th>Model</th><th>Cena</th></tr></thead><tbody><tr><td>A</td><td>10 000 Kč</td></tr></tbody></table>
<figure><table><tr><td>s titulkem</td></tr></table><figcaption>Tabulka 2</figcaption></figure>
<table><tr><td colspan="2">spojené</td></tr><tr><td>a</td><td>b</td></tr></table>
<hr>
<pre><code>const a = [1, 2];
https://example.cz/
</code></pre>
<p>Konec [foto2]</p>`;

describe(`block markup against the WordPress block editor`, () => {
  it('runs the installed WordPress 6.1', () => {
    expect(editor.version).toMatch(/^6\.1\./);
  });

  it.each(markupRows)('$name', async ({ block }) => {
    await expectFaithful(toBlockMarkup(article(block), images));
  });

  it('a whole delivered article, disclosure included', async () => {
    const parsed = parseArticle(DELIVERED, { photoNumbers: [1, 2] });
    const withLabel = article(
      { type: 'disclosure', text: 'Komerční sdělení', className: 'pressbridge-disclosure' },
      ...parsed.blocks,
    );
    const refs = new Map([
      [1, { id: 41, url: 'https://blog.cz/wp-content/uploads/kolo-1.jpg', alt: 'Jak vybrat kolo – foto 1' }],
      [2, { id: 42, url: 'https://blog.cz/wp-content/uploads/kolo-2.jpg', alt: 'Jak vybrat kolo – foto 2' }],
    ]);
    await expectFaithful(toBlockMarkup(withLabel, refs), [
      'core/paragraph',
      'core/paragraph',
      'core/heading',
      'core/heading',
      'core/list',
      'core/list-item',
      'core/image',
      'core/list-item',
      'core/list',
      'core/list-item',
      'core/quote',
      'core/paragraph',
      'core/table',
      'core/table',
      'core/html',
      'core/separator',
      'core/code',
      'core/paragraph',
      'core/image',
    ]);
  });
});
