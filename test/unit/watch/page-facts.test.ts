/** The live page's facts (src/render/page-facts.ts), read as the render thread reads them. */
import { describe, expect, it } from 'vitest';
import { readLivePage } from '../../../src/render/page-facts.js';
import { nestedDivs } from '../../helpers/hostile-texts.js';

const AD = 'https://shop.example.cz/a?x=1&y=2';

describe('readLivePage', () => {
  it('reads rel and text of the first link with an asked href; links in raw text do not count', () => {
    const html = `<noscript><a href="${AD}" rel="x">skrytý</a></noscript><script>"<a href='${AD}'>"</script>
<p><a href="${AD.replace('&', '&amp;')}" rel=" sponsored   nofollow ">Sekačky <b>levně</b></a>
<a href="${AD}" rel="">druhý</a></p>`;
    expect(readLivePage(html, { links: [AD] }).links).toEqual([
      { href: AD, rel: 'sponsored nofollow', text: 'Sekačky levně' },
    ]);
  });

  it("finds a link by its text when its href changed; the advertiser's words stay text", () => {
    const html = '<p><a href="https://jinam.example/">Sekačky &lt;script&gt;</a></p>';
    const facts = readLivePage(html, { links: [AD], texts: ['Sekačky <script>'] });
    expect(facts.links).toEqual([]);
    expect(facts.moved).toEqual([{ href: 'https://jinam.example/', rel: '', text: 'Sekačky <script>' }]);
  });

  it('gives the source range of the article part: the content element exactly as served, nested divs and all', () => {
    const content = '<div class="entry-content"><div><p>Text <a href="x">a</a></p></div><div>dál</div></div>';
    const html = `<html><body><header>menu</header><article>${content}<p>pod</p></article><aside>x</aside></body></html>`;
    const facts = readLivePage(html, { links: [] });
    expect(facts.textScope).toBe('content');
    expect(html.slice(...facts.textRange)).toBe(content);
    // No content element: the <article>; an unclosed one runs to the end of the page.
    const article = '<article><p>Jen článek</p></article>';
    expect(readLivePage(`<p>a</p>${article}`, { links: [] }).textRange).toEqual([8, 8 + article.length]);
    const open = '<main><p>bez konce';
    expect(readLivePage(open, { links: [] }).textRange).toEqual([0, open.length]);
    // No part at all: the whole page.
    expect(readLivePage('<p>jen text</p>', { links: [] })).toMatchObject({
      textScope: 'page',
      textRange: [0, 15],
    });
  });

  it('fingerprints the content element only, whitespace-normalised; the label is looked for in the text', () => {
    const page = (body: string, aside: string) =>
      `<main><div class="post wp-block-post-content"><div><p>${body}</p></div></div><p>pod</p></main><aside>${aside}</aside>`;
    const a = readLivePage(page('Text  článku', 'A'), { links: [], label: 'Komerční  sdělení' });
    const b = readLivePage(page('Text\nčlánku', 'B'), { links: [] });
    const c = readLivePage(page('Jiný text', 'A'), { links: [] });
    expect(a.textScope).toBe('content');
    expect(a.textSha256).toBe(b.textSha256);
    expect(c.textSha256).not.toBe(a.textSha256);
    expect(a.labelPresent).toBe(false);
    expect(
      readLivePage('<p>Komerční sdělení</p>', { links: [], label: 'Komerční sdělení' }).labelPresent,
    ).toBe(true);
    expect(
      readLivePage('<script>"Komerční sdělení"</script>', { links: [], label: 'Komerční sdělení' })
        .labelPresent,
    ).toBe(false);
  });

  it('reads robots noindex and the canonical link', () => {
    const facts = readLivePage(
      '<head><meta name="GoogleBot" content="NOINDEX"><link rel="Canonical" href=" https://blog.cz/a "></head>',
      { links: [] },
    );
    expect(facts).toMatchObject({ noindex: true, canonical: 'https://blog.cz/a' });
    expect(readLivePage('<meta name="robots" content="index, follow">', { links: [] }).noindex).toBe(false);
  });

  it('reads 60,000 nested elements in linear time', () => {
    const started = performance.now();
    const facts = readLivePage(nestedDivs(60_000).replace('text', `<a href="${AD}">x</a>`), { links: [AD] });
    expect(facts.links).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
