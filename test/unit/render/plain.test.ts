import { describe, expect, it } from 'vitest';
import { altText, toHtml } from '../../../src/render/index.js';
import type { Article, Block } from '../../../src/render/types.js';
import { htmlRows, images } from './block-cases.js';

const article = (...blocks: Block[]): Article => ({ title: 'T', blocks, cover: undefined, notes: [] });

describe('src/render plain HTML and alt text', () => {
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
