import {
  type Article,
  type Block,
  escapeText,
  type ImageRef,
  type ListBlock,
  parseFragmentBlocks,
  plainTable,
  splitListItem,
  type TableBlock,
  tableSections,
} from '../../src/render/index.js';

/**
 * WordPress block-editor markup for the article body, exactly as the editor's own serializer writes it
 * (`<!-- wp:name {attrs} -->\ncontent\n<!-- /wp:name -->`, blocks joined by a blank line, inner blocks joined
 * by a blank line inside their parent), so that posts open without "unexpected or invalid content" warnings.
 * Each block's HTML is what WordPress 6.1's save() of that block writes for the attributes given (read in
 * wp-includes/js/dist/block-library.js): no generated class on paragraphs, headings and lists, which declare
 * `className: false` there.
 * Title and cover are not part of the body: they go to the post's title and featured image.
 * Image blocks whose photo has no ImageRef are left out. No `[` of the text reaches WordPress's shortcode
 * parser (see inertShortcodes).
 */
export function toBlockMarkup(article: Article, images: ReadonlyMap<number, ImageRef>): string {
  return inertShortcodes(serializeBlocks(article.blocks, images));
}

/**
 * A block delimiter `<!-- wp:name {json} -->`, `<!-- /wp:name -->` or `<!-- wp:name /-->`, found exactly as the
 * block editor's parser finds it (the tokenizer of wp-includes/js/dist/block-serialization-default-parser.js,
 * the same as WP_Block_Parser's; `[^]` written `[\s\S]`): WordPress takes these out before it looks for
 * shortcodes, so they are not text.
 */
const BLOCK_DELIMITER =
  /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+({(?:(?=([^}]+|}+(?=})|(?!}\s+\/?-->)[\s\S])*)\5|[\s\S]*?)}\s+)?(\/)?-->/g;

/**
 * Makes HTML (block markup, a post title, an excerpt) inert to WordPress shortcodes: every `[` outside block
 * delimiters becomes `&#91;`, as the code block's own save() writes it. WordPress runs shortcodes on the raw
 * post content after removing the delimiters (do_blocks before do_shortcode) and never decodes entities before
 * (wp-includes/shortcodes.php); a browser and the block editor decode `&#91;` to `[`, so the reader sees the
 * text as written and the editor finds every block valid. Every `[`, not only those before a registered name:
 * which shortcodes exist depends on the blog's plugins, and `[[x]]` or `[/x]` then show as written too.
 * Character references are valid in text and in attribute values alike, and the markup pressbridge writes
 * has `[` nowhere else (names come from the allowlist; `>` is escaped in attribute values, so no delimiter can
 * start inside one). Idempotent.
 */
export function inertShortcodes(html: string): string {
  let out = '';
  let last = 0;
  for (const match of html.matchAll(BLOCK_DELIMITER)) {
    out += inertText(html.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + inertText(html.slice(last));
}

/**
 * A URL standing alone on a line, or alone in a paragraph: what WordPress's auto-embed (WP_Embed::autoembed,
 * run on the content before blocks and shortcodes) turns into a player, an `[audio]`/`[video]` shortcode or
 * a third party's iframe. The same two patterns as wp-includes/class-wp-embed.php, for every match.
 */
const EMBED_LINE = /^(\s*https?:)\/\/(?=[^\s<>"]+\s*$)/gim;
const EMBED_PARAGRAPH = /(<p(?:\s[^>]*)?>\s*https?:)\/\/(?=[^\s<>"]+\s*<\/p>)/gi;

/** `[` as `&#91;` and an auto-embeddable URL's `//` as `&#47;&#47;` (what the code block's save() writes). */
function inertText(html: string): string {
  return html
    .replaceAll('[', '&#91;')
    .replace(EMBED_LINE, '$1&#47;&#47;')
    .replace(EMBED_PARAGRAPH, '$1&#47;&#47;');
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
        `<${tag}>${block.html}</${tag}>`,
      );
    }
    case 'list':
      return listMarkup(block, images);
    case 'quote': {
      const inner = serializeBlocks(parseFragmentBlocks(block.html), new Map());
      const cite =
        block.citation === undefined || block.citation === '' ? '' : `<cite>${block.citation}</cite>`;
      return delimited('quote', undefined, `<blockquote class="wp-block-quote">${inner}${cite}</blockquote>`);
    }
    case 'table':
      return tableMarkup(block);
    case 'separator':
      return delimited('separator', undefined, '<hr class="wp-block-separator has-alpha-channel-opacity"/>');
    case 'code':
      return delimited(
        'code',
        undefined,
        // What the code block's save() does to its content (`[` as `&#91;`, a URL alone on a line with its `//`
        // as `&#47;&#47;`) inertShortcodes does for the whole markup.
        `<pre class="wp-block-code"><code>${block.html}</code></pre>`,
      );
    case 'disclosure': {
      // A custom class name (the blogger's), which the paragraph block keeps in its `className` attribute.
      const p = `<p class="${blockAttribute(block.className)}">${escapeText(block.text)}</p>`;
      return delimited('paragraph', { className: block.className }, p);
    }
    case 'html':
      return delimited('html', undefined, block.html);
    case 'image': {
      const image = images.get(block.n);
      return image === undefined ? undefined : imageMarkup(image);
    }
  }
}

/**
 * inertShortcodes for plain text that WordPress stores as given and prints escaped without encoding entities
 * twice (an attachment's alt text and title): WordPress puts an image's alt text into the content of its
 * attachment page before running shortcodes there.
 */
export function inertShortcodesInText(text: string): string {
  return text.replaceAll('[', '&#91;');
}

/**
 * core/table: cells hold content only (WordPress 6.1's table block has no colspan or rowspan), so a table that
 * spans cells is kept whole in a Custom HTML block rather than changed.
 */
function tableMarkup(block: TableBlock): string | undefined {
  const rows = [...block.head, ...block.body, ...block.foot];
  if (rows.length === 0) return undefined;
  if (rows.some((row) => row.some((cell) => cell.colspan !== undefined || cell.rowspan !== undefined))) {
    return delimited('html', undefined, plainTable(block));
  }
  const table = `<table>${tableSections(block, (cell) => `<${cell.tag}>${cell.html}</${cell.tag}>`)}</table>`;
  const caption =
    block.caption === undefined || block.caption === ''
      ? ''
      : `<figcaption class="wp-element-caption">${block.caption}</figcaption>`;
  return delimited('table', undefined, `<figure class="wp-block-table">${table}${caption}</figure>`);
}

/**
 * core/list with core/list-item inner blocks. An item's nested lists and the photos marked in it are the item's
 * inner blocks (lists first), after its text.
 */
function listMarkup(block: ListBlock, images: ReadonlyMap<number, ImageRef>): string {
  const tag = block.ordered ? 'ol' : 'ul';
  const inner = block.items
    .map((item, index) => {
      const { html, lists } = splitListItem(item);
      const nested = lists.flatMap((list) => (list.type === 'list' ? [listMarkup(list, new Map())] : []));
      const photos = (block.images?.[index] ?? []).flatMap((n) => {
        const image = images.get(n);
        return image === undefined ? [] : [imageMarkup(image)];
      });
      return delimited('list-item', undefined, `<li>${html}${[...nested, ...photos].join('\n\n')}</li>`);
    })
    .join('\n\n');
  // Attribute order as WordPress writes them: the comment follows block.json (ordered, start, reversed), the
  // tag follows save() (reversed, start).
  const attributes: Record<string, unknown> = {};
  if (block.ordered) attributes.ordered = true;
  if (block.ordered && block.start !== undefined) attributes.start = block.start;
  if (block.ordered && block.reversed) attributes.reversed = true;
  let open = `<${tag}`;
  if (block.ordered && block.reversed) open += ' reversed';
  if (block.ordered && block.start !== undefined) open += ` start="${block.start}"`;
  return delimited(
    'list',
    Object.keys(attributes).length === 0 ? undefined : attributes,
    `${open}>${inner}</${tag}>`,
  );
}

/**
 * An attribute value as the block editor's serializer writes it (@wordpress/escape-html escapeAttribute:
 * `&`, `"` and `>` escaped, `<` and a no-break space as they are), but for the `<` of a comment opener: an alt
 * text holding `<!-- wp:x {` would open a block delimiter inside the attribute that both block parsers (and
 * inertShortcodes) read up to the next real one, hiding the text between from the shortcode escape and from the
 * page. The editor's validator decodes references in attributes, so the block stays valid; only such a value
 * is written differently from the editor.
 */
function blockAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/>/g, '&gt;')
    .replace(/<!--/g, '&lt;!--');
}

function imageMarkup(image: ImageRef): string {
  const id = image.id !== undefined && Number.isSafeInteger(image.id) && image.id > 0 ? image.id : undefined;
  const attributes =
    id === undefined
      ? { sizeSlug: 'large', linkDestination: 'none' }
      : { id, sizeSlug: 'large', linkDestination: 'none' };
  const className = id === undefined ? '' : ` class="wp-image-${id}"`;
  const img = `<img src="${blockAttribute(image.url)}" alt="${blockAttribute(image.alt)}"${className}/>`;
  return delimited('image', attributes, `<figure class="wp-block-image size-large">${img}</figure>`);
}
