import { describe, expect, it } from 'vitest';
import { toBlockMarkup } from '../../../../plugins/wordpress/blocks.js';
import {
  briefMarker,
  hasMarker,
  mediaSlug,
  postMarker,
  withMarker,
} from '../../../../plugins/wordpress/marker.js';

const MARKER = postMarker(123);

describe('plugins/wordpress/marker', () => {
  it('names a deal’s post, brief and photos', () => {
    expect(MARKER).toBe('pressbridge:deal:123');
    expect(briefMarker(123)).toBe('pressbridge:brief:123');
    expect(mediaSlug(123, 0)).toBe('pressbridge-deal-123-photo-0');
  });

  it.each([
    [
      'a block without attributes',
      '<!-- wp:paragraph -->\n<p>Ahoj</p>\n<!-- /wp:paragraph -->',
      '<!-- wp:paragraph {"pressbridgeRef":"pressbridge:deal:123"} -->\n<p>Ahoj</p>\n<!-- /wp:paragraph -->',
    ],
    [
      'a block with attributes',
      '<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading">A</h3>\n<!-- /wp:heading -->\n\n<!-- wp:paragraph -->\n<p>B</p>\n<!-- /wp:paragraph -->',
      '<!-- wp:heading {"level":3,"pressbridgeRef":"pressbridge:deal:123"} -->\n<h3 class="wp-block-heading">A</h3>\n<!-- /wp:heading -->\n\n<!-- wp:paragraph -->\n<p>B</p>\n<!-- /wp:paragraph -->',
    ],
    [
      'a void block',
      '<!-- wp:separator {"opacity":"css"} /-->',
      '<!-- wp:separator {"opacity":"css","pressbridgeRef":"pressbridge:deal:123"} /-->',
    ],
    [
      'nothing',
      '',
      '<!-- wp:paragraph {"pressbridgeRef":"pressbridge:deal:123"} -->\n<p></p>\n<!-- /wp:paragraph -->',
    ],
    [
      'freeform HTML',
      '<p>Classic</p>',
      '<!-- wp:paragraph {"pressbridgeRef":"pressbridge:deal:123"} -->\n<p></p>\n<!-- /wp:paragraph -->\n\n<p>Classic</p>',
    ],
  ])('marks %s', (_name, markup, expected) => {
    // Act
    const marked = withMarker(markup, MARKER);

    // Assert
    expect(marked).toBe(expected);
    expect(hasMarker(marked, MARKER)).toBe(true);
  });

  it('marks the image block the renderer writes, keeping its attributes', () => {
    // Arrange
    const markup = toBlockMarkup(
      { title: 'T', blocks: [{ type: 'image', n: 1 }], cover: undefined, notes: [] },
      new Map([[1, { id: 7, url: 'https://x.cz/a.jpg', alt: 'A' }]]),
    );

    // Act
    const marked = withMarker(markup, MARKER);

    // Assert
    expect(marked.split('\n')[0]).toBe(
      '<!-- wp:image {"id":7,"sizeSlug":"large","linkDestination":"none","pressbridgeRef":"pressbridge:deal:123"} -->',
    );
    expect(marked.split('\n').slice(1)).toEqual(markup.split('\n').slice(1));
  });

  it('recognises exactly its own deal', () => {
    // Arrange
    const marked = withMarker('<!-- wp:paragraph -->\n<p>x</p>\n<!-- /wp:paragraph -->', postMarker(1234));

    // Assert
    expect(hasMarker(marked, postMarker(1234))).toBe(true);
    expect(hasMarker(marked, postMarker(123))).toBe(false);
    expect(hasMarker(marked, postMarker(12345))).toBe(false);
    expect(hasMarker(marked, briefMarker(1234))).toBe(false);
    expect(hasMarker('<p>pressbridge:deal:1234</p>', postMarker(1234))).toBe(false);
  });
});
