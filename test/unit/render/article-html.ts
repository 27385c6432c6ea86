import type { Article } from '../../../src/render/html.js';

/** Everything the renderer emits as HTML, block by block, for checks over the whole output. */
export function allHtml(article: Article): string {
  return article.blocks
    .map((block) => {
      switch (block.type) {
        case 'list':
          return block.items.join('\n');
        case 'image':
          return '';
        default:
          return block.html;
      }
    })
    .join('\n');
}
