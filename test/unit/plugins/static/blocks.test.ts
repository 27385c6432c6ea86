/** The static page with the blog's disclosure label and every block type, as the pipeline hands them over. */
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { renderArticlePage } from '../../../../plugins/static/page.js';
import { parseArticle } from '../../../../src/render/html.js';
import { type ArticlePolicy, applyPolicy } from '../../../../src/render/policy.js';
import type { ImageRef } from '../../../../src/render/types.js';

const ARTICLE =
  '<h1>Sekačky</h1><p>Úvod <a href="https://obchod.example.cz/" target="_blank">obchod</a>.</p>' +
  '<ol start="2" reversed><li>druhá [foto1]</li><li>první</li></ol>' +
  '<blockquote><p>Citát</p><cite>Jana</cite></blockquote>' +
  '<table><tr><th>A</th><td colspan="2">B</td></tr></table><hr><pre>kód\n  odsazený</pre><p>Konec.</p>';

function page(disclosure: ArticlePolicy['disclosure']): ReturnType<typeof load> {
  const parsed = parseArticle(ARTICLE, { photoNumbers: [1] });
  const article = applyPolicy(
    { ...parsed, title: parsed.title ?? 'x' },
    { disclosure, links: { rel: 'sponsored' } },
  );
  const images = new Map<number, ImageRef>([
    [1, { url: 'sekacky-1.jpg', alt: 'foto 1', width: 320, height: 200 }],
  ]);
  return load(
    renderArticlePage({
      site: { lang: 'cs' },
      dealId: 1,
      article,
      images,
      canonicalUrl: 'https://blog.example.cz/sekacky/',
      publishedAt: new Date('2025-05-04T10:00:00Z'),
    }),
  );
}

describe('plugins/static/page: disclosure and blocks', () => {
  it('shows a label on top above the title, as a note with the configured class', () => {
    const $ = page({ text: 'Komerční sdělení', position: 'top', className: 'pressbridge-disclosure' });
    const first = $('article').children().first();
    expect(first.is('p[role="note"].pressbridge-disclosure')).toBe(true);
    expect(first.text()).toBe('Komerční sdělení');
    expect(first.next().is('h1')).toBe(true);
    expect($('[role="note"]')).toHaveLength(1);
  });

  it('shows a label at the bottom as the article’s last element; none when turned off', () => {
    const bottom = page({ text: 'PR článek', position: 'bottom', className: 'pr' });
    expect(bottom('article').children().last().is('p[role="note"].pr')).toBe(true);
    expect(bottom('article').children().first().is('h1')).toBe(true);
    const off = page(false);
    expect(off('[role="note"]')).toHaveLength(0);
  });

  it('renders each block type with its attributes', () => {
    const $ = page(false);
    expect($('article a[href="https://obchod.example.cz/"]').attr('rel')).toBe('sponsored noopener');
    expect($('article ol').attr('start')).toBe('2');
    expect($('article ol').attr('reversed')).toBe('');
    expect($('article ol > li').first().find('figure img').attr('src')).toBe('sekacky-1.jpg');
    expect($('article blockquote > cite').text()).toBe('Jana');
    expect($('article table td').attr('colspan')).toBe('2');
    expect($('article > hr')).toHaveLength(1);
    expect($('article pre > code').text()).toBe('kód\n  odsazený');
  });
});
