import { parseFragmentBlocks, splitListItem } from './html.js';
import { blocksToPlainHtml } from './plain.js';
import { escapeAttribute } from './sanitize.js';
import type { Article, Block, ImageRef } from './types.js';

/**
 * WordPress block-editor markup for the article body, exactly as the editor's own serializer writes it
 * (`<!-- wp:name {attrs} -->\ncontent\n<!-- /wp:name -->`, blocks joined by a blank line, inner blocks joined
 * by a blank line inside their parent), so that posts open without "unexpected or invalid content" warnings.
 * Title and cover are not part of the body: they go to the post's title and featured image.
 * Image blocks whose photo has no ImageRef are left out.
 */
export function toBlockMarkup(article: Article, images: ReadonlyMap<number, ImageRef>): string {
  return serializeBlocks(article.blocks, images);
}

/** Plain semantic HTML of the article body (no title, no cover), for static sites and Markdown hosts. */
export function toHtml(article: Article, images: ReadonlyMap<number, ImageRef>): string {
  return blocksToPlainHtml(article.blocks, images);
}

/** Alt text for photo `n` of an article: the title for the cover, "title – foto n" for the others. */
export function altText(title: string | undefined, n: number): string {
  const base = title?.replace(/\s+/g, ' ').trim() ?? '';
  if (n === 0) return base === '' ? 'Úvodní fotografie' : base;
  return base === '' ? `Foto ${n}` : `${base} – foto ${n}`;
}

/**
 * JSON for a block comment, escaped as WordPress's serializeAttributes() does: nothing in it can end the HTML
 * comment, and wp_kses_stripslashes() cannot unescape a quotation mark.
 */
export function serializeBlockAttributes(attributes: Record<string, unknown>): string {
  return JSON.stringify(attributes)
    .replace(/--/g, '\\u002d\\u002d')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\\"/g, '\\u0022');
}

function delimited(name: string, attributes: Record<string, unknown> | undefined, content: string): string {
  const attrs = attributes === undefined ? '' : `${serializeBlockAttributes(attributes)} `;
  return `<!-- wp:${name} ${attrs}-->\n${content}\n<!-- /wp:${name} -->`;
}

function serializeBlocks(blocks: readonly Block[], images: ReadonlyMap<number, ImageRef>): string {
  const out: string[] = [];
  for (const block of blocks) {
    const markup = blockMarkup(block, images);
    if (markup !== undefined) out.push(markup);
  }
  return out.join('\n\n');
}

function blockMarkup(block: Block, images: ReadonlyMap<number, ImageRef>): string | undefined {
  switch (block.type) {
    case 'paragraph':
      return delimited('paragraph', undefined, `<p>${block.html}</p>`);
    case 'heading': {
      const tag = `h${block.level}`;
      return delimited(
        'heading',
        block.level === 2 ? undefined : { level: block.level },
        `<${tag} class="wp-block-heading">${block.html}</${tag}>`,
      );
    }
    case 'list':
      return listMarkup(block.ordered, block.items);
    case 'quote': {
      const inner = serializeBlocks(parseFragmentBlocks(block.html), new Map());
      return delimited('quote', undefined, `<blockquote class="wp-block-quote">${inner}</blockquote>`);
    }
    case 'html':
      return delimited('html', undefined, block.html);
    case 'image': {
      const image = images.get(block.n);
      return image === undefined ? undefined : imageMarkup(image);
    }
  }
}

function listMarkup(ordered: boolean, items: readonly string[]): string {
  const tag = ordered ? 'ol' : 'ul';
  const inner = items
    .map((item) => {
      const { html, lists } = splitListItem(item);
      const nested = lists.map((list) => (list.type === 'list' ? listMarkup(list.ordered, list.items) : ''));
      return delimited('list-item', undefined, `<li>${html}${nested.join('\n\n')}</li>`);
    })
    .join('\n\n');
  return delimited(
    'list',
    ordered ? { ordered: true } : undefined,
    `<${tag} class="wp-block-list">${inner}</${tag}>`,
  );
}

function imageMarkup(image: ImageRef): string {
  const id = image.id !== undefined && Number.isSafeInteger(image.id) && image.id > 0 ? image.id : undefined;
  const attributes =
    id === undefined
      ? { sizeSlug: 'large', linkDestination: 'none' }
      : { id, sizeSlug: 'large', linkDestination: 'none' };
  const className = id === undefined ? '' : ` class="wp-image-${id}"`;
  const img = `<img src="${escapeAttribute(image.url)}" alt="${escapeAttribute(image.alt)}"${className}/>`;
  return delimited('image', attributes, `<figure class="wp-block-image size-large">${img}</figure>`);
}
