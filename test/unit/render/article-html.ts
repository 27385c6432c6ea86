import { blockHtmlParts } from '../../../src/render/block-visit.js';
import type { Article } from '../../../src/render/types.js';

/** Everything the renderer emits as HTML, block by block, for checks over the whole output. */
export function allHtml(article: Article): string {
  return article.blocks.map((block) => blockHtmlParts(block).join('\n')).join('\n');
}
