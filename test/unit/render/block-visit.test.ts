import { describe, expect, it } from 'vitest';
import { blockHtmlParts, mapBlockHtml, placedPhotos } from '../../../src/render/block-visit.js';
import { parseArticle } from '../../../src/render/html.js';
import type { Block } from '../../../src/render/types.js';

const TABLE: Block = {
  type: 'table',
  head: [[{ tag: 'th', html: 'h' }]],
  body: [[{ tag: 'td', html: 'b', colspan: 2 }]],
  foot: [],
  caption: 'c',
};

describe('src/render/block-visit', () => {
  it('lists the photos the body shows, those inside list items included, in document order', () => {
    const article = parseArticle(
      '<h1>T</h1><p>[foto2]</p><ul><li>a [foto3]</li><li>b [foto1]</li></ul><p>[foto4]</p>',
      {
        photoNumbers: [0, 1, 2, 3, 4, 5],
      },
    );
    // 0 is the cover (never in the body), 5 has no marker and is appended.
    expect(placedPhotos(article.blocks)).toEqual([2, 3, 1, 4, 5]);
  });

  it('visits every HTML fragment of a block, and maps them keeping the rest', () => {
    expect(blockHtmlParts(TABLE)).toEqual(['h', 'b', 'c']);
    expect(mapBlockHtml(TABLE, (html) => html.toUpperCase())).toEqual({
      type: 'table',
      head: [[{ tag: 'th', html: 'H' }]],
      body: [[{ tag: 'td', html: 'B', colspan: 2 }]],
      foot: [],
      caption: 'C',
    });
    const quote: Block = { type: 'quote', html: '<p>q</p>', citation: 'a' };
    expect(blockHtmlParts(quote)).toEqual(['<p>q</p>', 'a']);
    const list: Block = { type: 'list', ordered: true, items: ['x'], start: 2, images: [[1]] };
    expect(mapBlockHtml(list, () => 'y')).toEqual({ ...list, items: ['y'] });
    for (const block of [{ type: 'separator' }, { type: 'image', n: 1 }] as Block[]) {
      expect(blockHtmlParts(block)).toEqual([]);
      expect(mapBlockHtml(block, () => 'z')).toBe(block);
    }
  });
});
