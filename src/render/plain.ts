import { escapeAttribute, escapeText } from './sanitize.js';
import type { Article, Block, ImageRef, ListBlock, TableBlock, TableCell, TableRow } from './types.js';

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
    case 'list':
      return plainList(block, images);
    case 'quote':
      return `<blockquote>${block.html}${block.citation === undefined ? '' : `<cite>${block.citation}</cite>`}</blockquote>`;
    case 'table':
      return plainTable(block);
    case 'separator':
      return '<hr>';
    case 'code':
      return `<pre><code>${block.html}</code></pre>`;
    case 'disclosure':
      // role="note": the label reads as an aside to assistive technology, and a page can style it by that.
      return `<p class="${escapeAttribute(block.className)}" role="note">${escapeText(block.text)}</p>`;
    case 'html':
      return block.html;
    case 'image': {
      const image = images.get(block.n);
      return image === undefined ? undefined : plainFigure(image);
    }
  }
}

function plainFigure(image: ImageRef): string {
  return `<figure>${plainImg(image)}</figure>`;
}

/** `<ol start reversed>` with the items; photos marked in an item follow its text, inside the item. */
function plainList(block: ListBlock, images: ReadonlyMap<number, ImageRef>): string {
  const tag = block.ordered ? 'ol' : 'ul';
  let open = `<${tag}`;
  if (block.start !== undefined) open += ` start="${block.start}"`;
  if (block.reversed) open += ' reversed';
  const items = block.items.map((item, index) => {
    const figures = (block.images?.[index] ?? []).flatMap((n) => {
      const image = images.get(n);
      return image === undefined ? [] : [plainFigure(image)];
    });
    return `<li>${item}${figures.join('')}</li>`;
  });
  return `${open}>${items.join('')}</${tag}>`;
}

/** The table as HTML: sections in head, body, foot order; in a figure when it has a caption. */
export function plainTable(block: TableBlock): string {
  const table = `<table>${tableSections(block, plainCell)}</table>`;
  return block.caption === undefined
    ? table
    : `<figure>${table}<figcaption>${block.caption}</figcaption></figure>`;
}

function plainCell(cell: TableCell): string {
  let open = `<${cell.tag}`;
  if (cell.colspan !== undefined) open += ` colspan="${cell.colspan}"`;
  if (cell.rowspan !== undefined) open += ` rowspan="${cell.rowspan}"`;
  return `${open}>${cell.html}</${cell.tag}>`;
}

/** `<thead>…</thead><tbody>…</tbody><tfoot>…</tfoot>`, empty sections left out, each cell as `cell` writes it. */
export function tableSections(block: TableBlock, cell: (cell: TableCell) => string): string {
  const section = (tag: string, rows: readonly TableRow[]): string =>
    rows.length === 0
      ? ''
      : `<${tag}>${rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('')}</${tag}>`;
  return section('thead', block.head) + section('tbody', block.body) + section('tfoot', block.foot);
}

export function plainImg(image: ImageRef): string {
  let tag = `<img src="${escapeAttribute(image.url)}" alt="${escapeAttribute(image.alt)}"`;
  if (image.width !== undefined) tag += ` width="${image.width}"`;
  if (image.height !== undefined) tag += ` height="${image.height}"`;
  return `${tag} loading="lazy">`;
}

/** Plain semantic HTML of the article body (no title, no cover), for static sites and Markdown hosts. */
export function toHtml(article: Article, images: ReadonlyMap<number, ImageRef>): string {
  return blocksToPlainHtml(article.blocks, images);
}
