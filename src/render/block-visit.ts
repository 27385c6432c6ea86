/** Generic visits over blocks: every HTML fragment a block holds, and the photos the body shows. */
import type { Block, TableRow } from './types.js';

/** Every sanitised HTML fragment of a block, in document order (text-only and image blocks have none). */
export function blockHtmlParts(block: Block): string[] {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
    case 'code':
    case 'html':
      return [block.html];
    case 'quote':
      return block.citation === undefined ? [block.html] : [block.html, block.citation];
    case 'list':
      return [...block.items];
    case 'table': {
      const cells = [...block.head, ...block.body, ...block.foot].flatMap((row) =>
        row.map((cell) => cell.html),
      );
      return block.caption === undefined ? cells : [...cells, block.caption];
    }
    case 'image':
    case 'separator':
    case 'disclosure':
      return [];
  }
}

/** The same block with `map` applied to every HTML fragment it holds. */
export function mapBlockHtml(block: Block, map: (html: string) => string): Block {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
    case 'code':
    case 'html':
      return { ...block, html: map(block.html) };
    case 'quote':
      return block.citation === undefined
        ? { ...block, html: map(block.html) }
        : { ...block, html: map(block.html), citation: map(block.citation) };
    case 'list':
      return { ...block, items: block.items.map(map) };
    case 'table': {
      const rows = (section: readonly TableRow[]): TableRow[] =>
        section.map((row) => row.map((cell) => ({ ...cell, html: map(cell.html) })));
      const mapped = { ...block, head: rows(block.head), body: rows(block.body), foot: rows(block.foot) };
      return block.caption === undefined ? mapped : { ...mapped, caption: map(block.caption) };
    }
    case 'image':
    case 'separator':
    case 'disclosure':
      return block;
  }
}

/** The photos the body shows (image blocks and photos inside list items), in document order. */
export function placedPhotos(blocks: readonly Block[]): number[] {
  return blocks.flatMap((block) => {
    if (block.type === 'image') return [block.n];
    if (block.type === 'list') return (block.images ?? []).flat();
    return [];
  });
}
