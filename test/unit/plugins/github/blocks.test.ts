/**
 * The Markdown and HTML bodies of the GitHub publisher for every block type, with the blog's disclosure label
 * and link policy applied as the pipeline does.
 */
import { describe, expect, it } from 'vitest';
import { renderBody } from '../../../../plugins/github/content.js';
import { parseArticle } from '../../../../src/render/html.js';
import { type ArticlePolicy, applyPolicy } from '../../../../src/render/policy.js';
import type { ImageRef } from '../../../../src/render/types.js';

const ARTICLE =
  '<h1>Kola</h1><p>Úvod <a href="https://a.cz/" target="_blank">A</a>, <a href="https://z.cz/">Z</a>.</p>' +
  '<ol start="3"><li>jedna [foto1]</li><li><a href="https://b.cz/" rel="sponsored">B</a> dva</li></ol>' +
  '<blockquote><p>Citát</p><cite>Jan Novák</cite></blockquote>' +
  '<table><thead><tr><th>Model</th><th>Cena</th></tr></thead><tbody><tr><td><a href="https://c.cz/">C</a></td><td>1 | 2</td></tr></tbody></table>' +
  '<hr><pre><code>x = [1]\n  y</code></pre><p>Konec.</p>';

const IMAGES = new Map<number, ImageRef>([[1, { url: 'kola-1.jpg', alt: 'Kola – foto 1' }]]);

const POLICY: ArticlePolicy = {
  disclosure: { text: 'Komerční sdělení', position: 'top', className: 'pressbridge-disclosure' },
  links: { rel: 'nofollow' },
};

function body(format: 'markdown' | 'html', rawHtml: boolean, policy = POLICY, html = ARTICLE) {
  const article = applyPolicy(parseArticle(html, { photoNumbers: [1] }), policy);
  return renderBody({ blocks: article.blocks, images: IMAGES, format, rawHtml });
}

describe('plugins/github: blocks in the article body', () => {
  it('Markdown: the label with its class, links with rel or target as inline <a>, photos as tags, every block type', () => {
    expect(body('markdown', true)).toEqual({
      text: [
        '<span class="pressbridge-disclosure" role="note">Komerční sdělení</span>',
        '',
        'Úvod <a href="https://a.cz/" target="_blank" rel="nofollow noopener">A</a>, <a href="https://z.cz/" rel="nofollow">Z</a>.',
        '',
        '3. jedna',
        '',
        '   <img src="kola-1.jpg" alt="Kola – foto 1" loading="lazy">',
        '4. <a href="https://b.cz/" rel="sponsored nofollow">B</a> dva',
        '',
        '> Citát',
        '>',
        '> Jan Novák',
        '',
        '| Model | Cena |',
        '| --- | --- |',
        '| <a href="https://c.cz/" rel="nofollow">C</a> | 1 \\| 2 |',
        '',
        '---',
        '',
        '```',
        'x = [1]',
        '  y',
        '```',
        '',
        'Konec.',
      ].join('\n'),
      linksSimplified: 0,
    });
  });

  it('Markdown without raw HTML: plain links, counted as simplified; the label a plain line, Markdown photos', () => {
    const result = body('markdown', false);
    expect(result.linksSimplified).toBe(4);
    expect(result.text).toContain('Úvod [A](https://a.cz/), [Z](https://z.cz/).');
    expect(result.text).not.toContain('<');
    expect(result.text.startsWith('Komerční sdělení\n\n')).toBe(true);
    expect(result.text).toContain('   ![Kola – foto 1](kola-1.jpg)');
  });

  it('Markdown: a label at the bottom is the last line; none when turned off', () => {
    const bottom = body('markdown', true, {
      ...POLICY,
      disclosure: { text: 'PR článek', position: 'bottom', className: 'pr' },
    });
    expect(bottom.text.endsWith('Konec.\n\n<span class="pr" role="note">PR článek</span>')).toBe(true);
    const off = body('markdown', true, { ...POLICY, disclosure: false });
    expect(off.text.startsWith('Úvod ')).toBe(true);
    expect(off.text).not.toContain('Komerční sdělení');
  });

  it('Markdown: a reversed list stays HTML (Markdown counts upwards), or counts down without raw HTML', () => {
    const html = '<h1>T</h1><ol reversed><li>tři</li><li>dva</li><li>jedna</li></ol>';
    const policy = { ...POLICY, disclosure: false } as const;
    expect(body('markdown', true, policy, html).text).toBe(
      '<ol reversed><li>tři</li><li>dva</li><li>jedna</li></ol>\n\n<img src="kola-1.jpg" alt="Kola – foto 1" loading="lazy">',
    );
    expect(body('markdown', false, policy, html).text).toBe(
      '3. tři\n2. dva\n1. jedna\n\n![Kola – foto 1](kola-1.jpg)',
    );
  });

  it('HTML body: the label as a note paragraph, the photo inside its list item, the citation in the quote', () => {
    expect(body('html', true).text).toBe(
      [
        '<p class="pressbridge-disclosure" role="note">Komerční sdělení</p>',
        '<p>Úvod <a href="https://a.cz/" target="_blank" rel="nofollow noopener">A</a>, <a href="https://z.cz/" rel="nofollow">Z</a>.</p>',
        '<ol start="3"><li>jedna<figure><img src="kola-1.jpg" alt="Kola – foto 1" loading="lazy"></figure></li><li><a href="https://b.cz/" rel="sponsored nofollow">B</a> dva</li></ol>',
        '<blockquote><p>Citát</p><cite>Jan Novák</cite></blockquote>',
        '<table><thead><tr><th>Model</th><th>Cena</th></tr></thead><tbody><tr><td><a href="https://c.cz/" rel="nofollow">C</a></td><td>1 | 2</td></tr></tbody></table>',
        '<hr>',
        '<pre><code>x = [1]\n  y</code></pre>',
        '<p>Konec.</p>',
      ].join('\n'),
    );
  });
});
