import { escapeAttribute } from './sanitize.js';
import type { Block, ImageRef } from './types.js';

/** Plain semantic HTML for blocks, one block per line; image blocks without an ImageRef are skipped. */
export function blocksToPlainHtml(blocks: readonly Block[], images: ReadonlyMap<number, ImageRef>): string {
  const out: string[] = [];
  for (const block of blocks) {
    const html = blockToPlainHtml(block, images);
    if (html !== undefined) out.push(html);
  }
  return out.join('\n');
}

function blockToPlainHtml(block: Block, images: ReadonlyMap<number, ImageRef>): string | undefined {
  switch (block.type) {
    case 'paragraph':
      return `<p>${block.html}</p>`;
    case 'heading':
      return `<h${block.level}>${block.html}</h${block.level}>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`;
    }
    case 'quote':
      return `<blockquote>${block.html}</blockquote>`;
    case 'html':
      return block.html;
    case 'image': {
      const image = images.get(block.n);
      return image === undefined ? undefined : `<figure>${plainImg(image)}</figure>`;
    }
  }
}

export function plainImg(image: ImageRef): string {
  let tag = `<img src="${escapeAttribute(image.url)}" alt="${escapeAttribute(image.alt)}"`;
  if (image.width !== undefined) tag += ` width="${image.width}"`;
  if (image.height !== undefined) tag += ` height="${image.height}"`;
  return `${tag} loading="lazy">`;
}
