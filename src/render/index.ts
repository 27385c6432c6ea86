/**
 * What a publisher plugin may use of the renderer (a dependency-cruiser rule keeps plugins to this module): the
 * target-neutral Article and its blocks, the escaping, plain semantic HTML, and the helpers a target's own
 * markup needs (a quote's inner blocks, a list item's nested lists, the photos the body places). The target's
 * markup itself lives in its plugin (WordPress blocks: plugins/wordpress/blocks.ts). Parsing the advertiser's
 * HTML is not here: it runs in the render threads (pool.ts) before a plugin sees the article.
 */
export { altText } from './alt-text.js';
export { placedPhotos } from './block-visit.js';
export { EXCERPT_MAX_CHARS, firstParagraphExcerpt } from './excerpt.js';
export { parseFragmentBlocks, splitListItem } from './html.js';
export { blocksToPlainHtml, plainImg, plainTable, tableSections, toHtml } from './plain.js';
export { escapeAttribute, escapeText } from './sanitize.js';
export type {
  Article,
  Block,
  HeadingLevel,
  ImageRef,
  ListBlock,
  RenderNote,
  TableBlock,
  TableCell,
  TableRow,
} from './types.js';
