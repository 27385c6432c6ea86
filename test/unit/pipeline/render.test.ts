import { afterAll, describe, expect, it } from 'vitest';
import type { StoredPhoto } from '../../../src/pipeline/files.js';
import { noteLines, renderDeal } from '../../../src/pipeline/render.js';
import { createRenderPool } from '../../../src/render/pool.js';

function photo(n: number): StoredPhoto {
  return {
    n,
    bytes: Buffer.from([n]),
    width: 1600,
    height: 1067,
    contentType: 'image/jpeg',
    extension: 'jpg',
  };
}

describe('src/pipeline/render', () => {
  const renderPool = createRenderPool({ threads: 2 });
  afterAll(() => renderPool.close());

  it('takes the title from the first <h1> and names the photos after the slug', async () => {
    const rendered = await renderDeal(renderPool, {
      dealId: 1,
      html: '<h1>Příliš žluťoučký kůň</h1><p>Text [foto1].</p>',
      photos: [photo(1), photo(0)],
      dealName: 'Jméno obchodu',
    });

    expect(rendered.titleSource).toBe('h1');
    expect(rendered.article.title).toBe('Příliš žluťoučký kůň');
    expect(rendered.slug).toBe('prilis-zlutoucky-kun');
    expect(rendered.article.cover).toBe(0);
    expect(rendered.images.map((i) => [i.n, i.filename, i.alt])).toEqual([
      [0, 'prilis-zlutoucky-kun-0.jpg', 'Příliš žluťoučký kůň'],
      [1, 'prilis-zlutoucky-kun-1.jpg', 'Příliš žluťoučký kůň – foto 1'],
    ]);
  });

  it.each([
    [
      'the deal name',
      'Sekačky pro malé zahrady',
      'Sekačky pro malé zahrady',
      'deal_name',
      'sekacky-pro-male-zahrady',
    ],
    ['a neutral title', undefined, 'Článek 77', 'deal_id', 'clanek-77'],
    ['a neutral title for a blank name', '   ', 'Článek 77', 'deal_id', 'clanek-77'],
  ])('without <h1> falls back to %s', async (_name, dealName, title, source, slug) => {
    const rendered = await renderDeal(renderPool, {
      dealId: 77,
      html: '<p>Jen text.</p>',
      photos: [],
      dealName,
    });

    expect(rendered.article.title).toBe(title);
    expect(rendered.titleSource).toBe(source);
    expect(rendered.slug).toBe(slug);
  });

  it.each([
    ['the <h1>', `<h1>Faktura \u202Egnp.exe\u200B</h1><p>Text.</p>`, undefined, 'h1'],
    ['the deal name', '<p>Text.</p>', 'Faktura\u2028\u202Egnp.exe\u2066', 'deal_name'],
  ])(
    'hands the publisher a title from %s without bidi controls or other invisible characters',
    async (_from, html, dealName, source) => {
      const rendered = await renderDeal(renderPool, { dealId: 5, html, photos: [photo(0)], dealName });
      // The spoof `U+202E gnp.exe` displays as `exe.png`; the post title reads as it was written.
      expect(rendered.article.title).toBe('Faktura gnp.exe');
      expect(rendered.titleSource).toBe(source);
      expect(rendered.images[0]?.alt).toBe('Faktura gnp.exe');
      expect(rendered.slug).toBe('faktura-gnp-exe');
    },
  );

  it('falls back to the deal name when the <h1> is nothing but invisible characters', async () => {
    const rendered = await renderDeal(renderPool, {
      dealId: 5,
      html: '<h1>\u202E\u200B\u2066</h1><p>Text.</p>',
      photos: [],
      dealName: 'Jméno',
    });
    expect(rendered.article.title).toBe('Jméno');
    expect(rendered.titleSource).toBe('deal_name');
  });

  it('uses the webp extension for webp photos', async () => {
    const rendered = await renderDeal(renderPool, {
      dealId: 1,
      html: '<h1>A</h1>',
      photos: [{ ...photo(0), contentType: 'image/webp', extension: 'webp' }],
    });
    expect(rendered.images[0]).toMatchObject({ filename: 'a-0.webp', contentType: 'image/webp' });
  });

  it('turns the renderer notes into deal-log lines', async () => {
    const rendered = await renderDeal(renderPool, {
      dealId: 1,
      html: '<h1>T</h1><p onclick="x()">[foto3] a</p><script>x()</script><p>b</p>',
      photos: [photo(1)],
    });

    const lines = noteLines(rendered.article.notes);

    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', msg: 'markup outside the allowlist removed from the text' }),
      {
        level: 'warn',
        msg: 'a photo marker has no photo; the marker was removed',
        fields: { marker: '[foto3]', n: 3 },
      },
      {
        level: 'info',
        msg: 'a photo has no marker in the text; it was placed at the end of the article',
        fields: { n: 1 },
      },
    ]);
    expect(JSON.stringify(lines[0]?.fields)).toMatch(/script/);
  });
});
