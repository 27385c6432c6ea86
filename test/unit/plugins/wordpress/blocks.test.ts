import { describe, expect, it } from 'vitest';
import { serializeBlockAttributes, toBlockMarkup } from '../../../../plugins/wordpress/blocks.js';
import { parseArticle } from '../../../../src/render/html.js';
import type { Article, Block } from '../../../../src/render/types.js';
import { images, markupRows } from '../../render/block-cases.js';

const article = (...blocks: Block[]): Article => ({ title: 'T', blocks, cover: undefined, notes: [] });

describe('plugins/wordpress/blocks', () => {
  describe('toBlockMarkup', () => {
    it.each(markupRows)('$name', ({ block, expected }) => {
      expect(toBlockMarkup(article(block), images)).toBe(expected);
    });

    it('joins blocks with a blank line and skips images that have no ImageRef', () => {
      const markup = toBlockMarkup(
        article({ type: 'paragraph', html: 'a' }, { type: 'image', n: 9 }, { type: 'paragraph', html: 'b' }),
        images,
      );
      expect(markup).toBe(
        '<!-- wp:paragraph -->\n<p>a</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>b</p>\n<!-- /wp:paragraph -->',
      );
    });

    it('gives the wp:image JSON id and the wp-image-<id> class the same id', () => {
      const parsed = parseArticle('<h1>T</h1><p>a [foto1] b</p><p>[foto2]</p>', { photoNumbers: [1, 2] });
      const markup = toBlockMarkup(
        parsed,
        new Map([
          [1, { id: 77, url: 'https://b.cz/1.jpg', alt: 'x' }],
          [2, { id: 78, url: 'https://b.cz/2.jpg', alt: 'y' }],
        ]),
      );
      const pairs = [
        ...markup.matchAll(/<!-- wp:image (\{.*?\}) -->\n<figure[^>]*><img [^>]*class="wp-image-(\d+)"/g),
      ];

      expect(pairs).toHaveLength(2);
      for (const [, json, classId] of pairs) {
        expect((JSON.parse(json!) as { id: number }).id).toBe(Number(classId));
      }
    });

    it('renders a parsed article into balanced block delimiters without markers or scripts', () => {
      const parsed = parseArticle(
        '<h1>T</h1><p>a [foto1] b</p><ul><li>x [foto2]</li></ul><blockquote>q</blockquote><script>x</script>',
        { photoNumbers: [1, 2] },
      );
      const markup = toBlockMarkup(parsed, images);

      const opened = [...markup.matchAll(/<!-- wp:([a-z-]+)/g)].map((m) => m[1]);
      const closed = [...markup.matchAll(/<!-- \/wp:([a-z-]+)/g)].map((m) => m[1]);
      expect(opened.sort()).toEqual(closed.sort());
      expect(markup).not.toMatch(/\[foto|<script|<p><\/p>/);
    });
  });

  describe('serializeBlockAttributes', () => {
    it.each([
      [{ level: 3 }, '{"level":3}'],
      [{ a: 'x--y' }, '{"a":"x\\u002d\\u002dy"}'],
      [{ a: '<b>&' }, '{"a":"\\u003cb\\u003e\\u0026"}'],
      [{ a: 'say "hi"' }, '{"a":"say \\u0022hi\\u0022"}'],
    ])('%j → %s', (attributes, expected) => {
      expect(serializeBlockAttributes(attributes)).toBe(expected);
    });
  });
});
