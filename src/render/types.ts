/** The structured, sanitised article the renderers work from. */
export interface Article {
  /** Text of the first non-empty `<h1>`, whitespace collapsed; undefined when there is none (see `no_title`). */
  title: string | undefined;
  blocks: Block[];
  /** 0 when photo 0 (the cover, i.e. the featured image) was delivered; it is never placed in the body. */
  cover: number | undefined;
  /** What the deal log should mention: missing/unused photos, a missing title, removed markup. */
  notes: RenderNote[];
  /**
   * The advertiser's absolute http(s) hrefs as published (./article-links.ts), set by the render thread after the
   * link policy; the render step stores them for the article watcher.
   */
  links?: string[];
}

/**
 * One body block. `html` values are sanitised inner HTML (for `html` blocks: the element's outer HTML), safe to
 * embed as they are.
 */
export type Block =
  | { type: 'paragraph'; html: string }
  | { type: 'heading'; level: HeadingLevel; html: string }
  | ListBlock
  | { type: 'image'; n: number }
  /** `citation`: the inner HTML of the quote's `<cite>`, when it had one. */
  | { type: 'quote'; html: string; citation?: string }
  | TableBlock
  /** A thematic break (`<hr>`). */
  | { type: 'separator' }
  /** Preformatted text (`<pre>`, `<pre><code>`): `html` is the code's inner HTML, whitespace as delivered. */
  | { type: 'code'; html: string }
  /** The blog's label for a paid article (see src/render/disclosure.ts): plain text, never from the advertiser. */
  | { type: 'disclosure'; text: string; className: string }
  | { type: 'html'; html: string };

export interface ListBlock {
  type: 'list';
  ordered: boolean;
  /** Each item's inner HTML (nested lists included). */
  items: string[];
  /**
   * Photos whose `[fotoN]` marker stood in an item, shown in that item after its text: `images[i]` belongs to
   * `items[i]`. Present only when some item has one.
   */
  images?: number[][];
  /** `<ol start>` as delivered (an integer). */
  start?: number;
  /** `<ol reversed>`. */
  reversed?: boolean;
}

export interface TableBlock {
  type: 'table';
  head: TableRow[];
  body: TableRow[];
  foot: TableRow[];
  /** Inner HTML of the `<figcaption>` of a `<figure>` holding the table. */
  caption?: string;
}

export type TableRow = TableCell[];

export interface TableCell {
  tag: 'td' | 'th';
  /** Inner HTML of the cell. */
  html: string;
  colspan?: number;
  rowspan?: number;
}

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export type RenderNote =
  | { kind: 'missing_photo'; n: number }
  | { kind: 'unused_photo'; n: number }
  | { kind: 'no_title' }
  | { kind: 'removed'; what: string };

/** A photo as uploaded to (or stored next to) the target site. */
export interface ImageRef {
  /** The CMS media id (WordPress attachment id), when there is one. */
  id?: number;
  url: string;
  alt: string;
  width?: number;
  height?: number;
}
