/** The structured, sanitised article the renderers work from. */
export interface Article {
  /** Text of the first non-empty `<h1>`, whitespace collapsed; undefined when there is none (see `no_title`). */
  title: string | undefined;
  blocks: Block[];
  /** 0 when photo 0 (the cover, i.e. the featured image) was delivered; it is never placed in the body. */
  cover: number | undefined;
  /** What the deal log should mention: missing/unused photos, a missing title, removed markup. */
  notes: RenderNote[];
}

/**
 * One body block. `html` values are sanitised inner HTML (for `html` blocks: the element's outer HTML), safe to
 * embed as they are.
 */
export type Block =
  | { type: 'paragraph'; html: string }
  | { type: 'heading'; level: HeadingLevel; html: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'image'; n: number }
  | { type: 'quote'; html: string }
  | { type: 'html'; html: string };

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
