import { describe, expect, it } from 'vitest';
import { EXCERPT_MAX_CHARS, firstParagraphExcerpt } from '../../../src/render/excerpt.js';
import { parseArticle } from '../../../src/render/html.js';

function excerptOf(html: string): string | undefined {
  return firstParagraphExcerpt(parseArticle(html, { photoNumbers: [0, 1] }).blocks);
}

describe('src/render/excerpt', () => {
  it('is the first paragraph as plain text: markup gone, entities decoded, whitespace collapsed', () => {
    // Act
    const excerpt = excerptOf(
      '<h1>Titulek</h1><h2>Úvod</h2><p>Na <strong>Štrbském</strong>  plese<br>bylo &lt;krásně&gt; &amp; <a href="https://a.example/">draho</a>.</p><p>Druhý.</p>',
    );

    // Assert
    expect(excerpt).toBe('Na Štrbském plese bylo <krásně> & draho.');
  });

  it('skips paragraphs without text (a photo marker alone becomes an image, not text)', () => {
    // Act
    const excerpt = excerptOf('<h1>T</h1><p>[foto1]</p><p>   </p><p>Teprve tady je text.</p>');

    // Assert
    expect(excerpt).toBe('Teprve tady je text.');
  });

  it('is undefined when the article has no paragraph with text', () => {
    // Act + Assert
    expect(excerptOf('<h1>T</h1><h2>Jen nadpis</h2><ul><li>a</li></ul>')).toBeUndefined();
  });

  it('cuts a long first paragraph at a word boundary and ends it with an ellipsis', () => {
    // Arrange
    const words = Array.from({ length: 120 }, (_, i) => `slovo${i}`).join(' ');

    // Act
    const excerpt = excerptOf(`<p>${words}</p>`) ?? '';

    // Assert
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(EXCERPT_MAX_CHARS);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(words.startsWith(excerpt.slice(0, -1))).toBe(true);
    expect(excerpt.slice(0, -1)).toMatch(/slovo\d+$/);
  });
});
