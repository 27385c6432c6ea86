import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, parseClean, serialize } from '../../../src/render/sanitize.js';

describe('src/render/sanitize', () => {
  it.each([
    [
      'entity-encoded javascript: link',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a>x</a>',
      ['javascript: link'],
    ],
    [
      'javascript: with tabs and case',
      '<a href=" JaVa\tScRiPt:alert(1)">x</a>',
      '<a>x</a>',
      ['javascript: link'],
    ],
    ['vbscript: link', '<a href="vbscript:msgbox">x</a>', '<a>x</a>', ['vbscript: link']],
    ['data: link', '<a href="data:text/html,<script>x</script>">x</a>', '<a>x</a>', ['data: link']],
    [
      'image with data: src removed whole',
      'a<img src="data:image/png;base64,AAAA" alt="x">b',
      'ab',
      ['data: src'],
    ],
    [
      'data: in srcset',
      '<img src="https://x.cz/a.jpg" srcset="https://x.cz/b.jpg 2x, data:x 3x">',
      '<img src="https://x.cz/a.jpg">',
      ['data: srcset'],
    ],
    ['svg with onload', 'a<svg onload="x()"><circle/></svg>b', 'ab', ['svg']],
    ['math', '<math><mi>x</mi></math>', '', ['math']],
    [
      'meta, link, base, noscript, template',
      '<meta http-equiv="refresh"><link rel="x"><base href="/"><noscript>n</noscript><template>t</template>',
      '',
      ['meta', 'link', 'base', 'noscript', 'template'],
    ],
    [
      'event handlers of any name',
      '<b onpointerenter="x" ONCLICK="y">b</b>',
      '<b>b</b>',
      ['onpointerenter attribute', 'onclick attribute'],
    ],
    [
      'safe URLs and attributes untouched',
      '<a href="/relative?a=1&amp;b=2#x" rel="nofollow sponsored" target="_blank" title="t &quot;q&quot;" class="c">x</a>',
      '<a href="/relative?a=1&amp;b=2#x" rel="nofollow sponsored" target="_blank" title="t &quot;q&quot;" class="c">x</a>',
      [],
    ],
    [
      'mailto and tel kept',
      '<a href="mailto:a@b.cz">m</a><a href="tel:+420123">t</a>',
      '<a href="mailto:a@b.cz">m</a><a href="tel:+420123">t</a>',
      [],
    ],
    ['comments and doctype dropped', '<!doctype html><!-- wp:html -->a<!-- /wp:html -->', 'a', []],
    [
      'text escaped on output',
      '<p>1 &lt; 2 &amp;&amp; a&nbsp;b &gt; c</p>',
      '<p>1 &lt; 2 &amp;&amp; a&nbsp;b &gt; c</p>',
      [],
    ],
  ])('%s', (_name, html, expected, removed) => {
    const clean = parseClean(html);

    expect(serialize(clean.nodes)).toBe(expected);
    expect(clean.removed).toEqual(removed);
  });

  it('bounds the tree depth without losing text', () => {
    const depth = 10_000;
    const clean = parseClean(`${'<span>'.repeat(depth)}hluboko${'</span>'.repeat(depth)}`);
    let level = 0;
    let nodes = clean.nodes;
    while (nodes[0]?.kind === 'element') {
      level += 1;
      nodes = nodes[0].children;
    }

    expect(level).toBe(MAX_DEPTH);
    expect(nodes[0]).toEqual({ kind: 'text', text: 'hluboko' });
  });
});
