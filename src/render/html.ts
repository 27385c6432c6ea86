import { checkMarkerCount, checkTextSize, type RenderLimits } from './limits.js';
import { blocksToPlainHtml } from './plain.js';
import {
  type CleanElement,
  type CleanNode,
  endTag,
  escapeText,
  parseClean,
  serialize,
  startTag,
  textContent,
  VOID_ELEMENTS,
} from './sanitize.js';
import { cellSpans, listNumbering, quoteParts, tableParts } from './structure.js';
import type { Article, Block, HeadingLevel, RenderNote, TableCell, TableRow } from './types.js';

export type { Article, Block, HeadingLevel, ImageRef, RenderNote } from './types.js';

export interface ParseArticleOptions {
  /** The photo numbers the marketplace delivered (0 = cover, 1..5 = markers `[foto1]`…`[foto5]`). */
  photoNumbers: readonly number[];
  /** Refuse texts over these limits (RenderLimitError); none when absent. */
  limits?: RenderLimits;
}

/** `[foto1]`, `[FOTO1]`, `[foto 1]`, `[ foto1 ]`. */
const MARKER = /\[\s*foto\s*(\d+)\s*\]/gi;
const HAS_MARKER = /\[\s*foto\s*\d+\s*\]/i;

/** Phrasing content: collected into paragraphs when it stands at block level. */
const INLINE = new Set([
  'a',
  'abbr',
  'acronym',
  'area',
  'b',
  'bdi',
  'bdo',
  'big',
  'br',
  'button',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'label',
  'map',
  'mark',
  'meter',
  'nobr',
  'option',
  'output',
  'picture',
  'progress',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'select',
  'small',
  'source',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'textarea',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
]);

/** Pure wrappers: unwrapped, their content handled as if it stood at their place. */
const CONTAINERS = new Set([
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'nav',
  'hgroup',
  'center',
  'body',
  'html',
]);

/** Elements that are content even without any text. */
const EMBEDDED = new Set([
  'img',
  'picture',
  'video',
  'audio',
  'canvas',
  'hr',
  'input',
  'select',
  'textarea',
  'button',
  'meter',
  'progress',
]);

const HEADING = /^h([1-6])$/;
/*
 * Whitespace trimming is done by hand: an end-anchored regex such as /\s+$/ backtracks quadratically on long
 * whitespace runs, and the input is untrusted. Only ASCII whitespace is trimmed; a no-break space is content.
 */
function isAsciiSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f';
}

function trimStartAscii(text: string): string {
  let start = 0;
  while (isAsciiSpace(text[start])) start += 1;
  return start === 0 ? text : text.slice(start);
}

function trimEndAscii(text: string): string {
  let end = text.length;
  while (isAsciiSpace(text[end - 1])) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

function trimAscii(text: string): string {
  return trimEndAscii(trimStartAscii(text));
}

function endsWithSpace(text: string): boolean {
  return isAsciiSpace(text[text.length - 1]);
}

const END_TAG = /^<\/[a-z][a-z0-9-]*>$/;

/** `foo </em></strong>` → `foo</em></strong>`, on markup this module generated. */
function trimSpaceBeforeEndTags(html: string): string {
  let end = html.length;
  while (html[end - 1] === '>') {
    const open = html.lastIndexOf('</', end - 1);
    if (open < 0 || !END_TAG.test(html.slice(open, end))) break;
    end = open;
  }
  let cut = end;
  while (isAsciiSpace(html[cut - 1])) cut -= 1;
  return cut === end ? html : html.slice(0, cut) + html.slice(end);
}

/** Which photos exist, which markers were used, and the notes about both. */
class PhotoLedger {
  readonly notes: RenderNote[] = [];
  private readonly photos: ReadonlySet<number>;
  private readonly used = new Set<number>();
  private readonly missing = new Set<number>();

  constructor(photoNumbers: readonly number[]) {
    this.photos = new Set(photoNumbers);
  }

  /** True when the image for marker `n` belongs here: the photo exists, is not the cover, not placed yet. */
  claim(n: number): boolean {
    if (!this.photos.has(n)) {
      if (!this.missing.has(n)) {
        this.missing.add(n);
        this.notes.push({ kind: 'missing_photo', n });
      }
      return false;
    }
    if (n === 0 || this.used.has(n)) return false;
    this.used.add(n);
    return true;
  }

  hasCover(): boolean {
    return this.photos.has(0);
  }

  /** Body photos never referenced by a marker, ascending. */
  unused(): number[] {
    return [...this.photos].filter((n) => n > 0 && !this.used.has(n)).sort((a, b) => a - b);
  }
}

/** Where blocks go, and whether markers become images in place or are collected to follow the enclosing block. */
interface Sink {
  blocks: Block[];
  collected: number[] | undefined;
}

type Segment = { kind: 'html'; html: string } | { kind: 'image'; n: number };

class Walker {
  constructor(
    private readonly ledger: PhotoLedger,
    private readonly title: CleanElement | undefined,
  ) {}

  walk(nodes: readonly CleanNode[], sink: Sink): void {
    let run: CleanNode[] = [];
    const flushRun = (): void => {
      if (run.length > 0) this.paragraphs(run, sink);
      run = [];
    };
    for (const node of nodes) {
      if (node.kind === 'text') {
        run.push(node);
        continue;
      }
      if (node === this.title) {
        // The title's text leaves the body; blocks an unclosed <h1> swallowed stay in it.
        flushRun();
        const [inline, rest] = splitAtFirstBlock(node.children);
        const pending: number[] = [];
        this.claimMarkers(textContent(inline), pending);
        this.place(pending, sink);
        this.walk(rest, sink);
        continue;
      }
      const name = node.name;
      const heading = HEADING.exec(name);
      if (INLINE.has(name)) {
        if (!this.hasBlockDescendant(node)) {
          run.push(node);
        } else if (name === 'a') {
          // A link wrapping blocks is what the advertiser paid for: keep it whole rather than unwrap it.
          flushRun();
          this.htmlBlock(node, sink);
        } else {
          flushRun();
          this.walk(node.children, sink);
        }
      } else if (CONTAINERS.has(name) || name === 'p') {
        flushRun();
        this.walk(node.children, sink);
      } else if (heading) {
        flushRun();
        const level = Math.max(2, Number(heading[1])) as HeadingLevel;
        this.heading(node, level, sink);
      } else if (name === 'ul' || name === 'ol' || name === 'menu') {
        flushRun();
        this.list(node, name === 'ol', sink);
      } else if (name === 'blockquote') {
        flushRun();
        this.quote(node, sink);
      } else if (name === 'hr') {
        flushRun();
        sink.blocks.push({ type: 'separator' });
      } else if (name === 'pre') {
        flushRun();
        this.code(node, sink);
      } else if ((name === 'table' || name === 'figure') && tableParts(node) !== undefined) {
        flushRun();
        this.table(node, sink);
      } else {
        flushRun();
        this.htmlBlock(node, sink);
      }
    }
    flushRun();
  }

  private paragraphs(nodes: readonly CleanNode[], sink: Sink): void {
    const collected = sink.collected;
    const onMarker =
      collected === undefined
        ? (n: number) => this.ledger.claim(n)
        : (n: number) => {
            if (this.ledger.claim(n)) collected.push(n);
            return false;
          };
    for (const segment of this.splitInline(nodes, onMarker)) {
      sink.blocks.push(
        segment.kind === 'html' ? { type: 'paragraph', html: segment.html } : { type: 'image', n: segment.n },
      );
    }
  }

  private heading(element: CleanElement, level: HeadingLevel, sink: Sink): void {
    const [inline, rest] = splitAtFirstBlock(element.children);
    const pending: number[] = [];
    const html = trimAscii(this.serializeCollecting(inline, pending));
    if (this.hasContent(inline)) sink.blocks.push({ type: 'heading', level, html });
    this.place(pending, sink);
    this.walk(rest, sink);
  }

  private list(element: CleanElement, ordered: boolean, sink: Sink): void {
    // Photos marked in an item are shown in that item; inside a quote they follow the quote, like its others.
    const inQuote = sink.collected !== undefined;
    const pending: number[] = [];
    const items: string[] = [];
    const images: number[][] = [];
    for (const child of element.children) {
      if (child.kind === 'element' && child === this.title) {
        this.claimMarkers(textContent(child.children), pending);
        continue;
      }
      // Stray content directly in <ul> (broken HTML) becomes an item of its own.
      const content =
        child.kind === 'element' && child.name === 'li' ? flattenParagraphs(child.children) : [child];
      const own: number[] = [];
      const hasContent = this.hasContent(content);
      let html = '';
      if (hasContent) html = trimAscii(this.serializeCollecting(content, own));
      else this.claimMarkers(textContent(content), own);
      if (inQuote) pending.push(...own.splice(0));
      if (hasContent || own.length > 0) {
        items.push(html);
        images.push(own);
      }
    }
    if (items.length > 0) {
      const withPhotos = images.some((item) => item.length > 0) ? { images } : {};
      sink.blocks.push({ type: 'list', ordered, items, ...listNumbering(element, ordered), ...withPhotos });
    }
    this.place(pending, sink);
  }

  private quote(element: CleanElement, sink: Sink): void {
    const { body, citation } = quoteParts(element);
    const inner: Sink = { blocks: [], collected: [] };
    this.walk(body, inner);
    const pending = inner.collected ?? [];
    const cite = citation === undefined ? '' : trimAscii(this.serializeCollecting(citation, pending));
    if (inner.blocks.length > 0 || cite !== '') {
      const html = blocksToPlainHtml(inner.blocks, new Map());
      sink.blocks.push(cite === '' ? { type: 'quote', html } : { type: 'quote', html, citation: cite });
    }
    this.place(pending, sink);
  }

  /** `<pre>` (or `<pre><code>`): the code's inner HTML, whitespace as delivered, markers out. */
  private code(element: CleanElement, sink: Sink): void {
    const only = element.children.length === 1 ? element.children[0] : undefined;
    const nodes = only?.kind === 'element' && only.name === 'code' ? only.children : element.children;
    const pending: number[] = [];
    const html = this.serializeCollecting(nodes, pending);
    if (this.hasContent(nodes)) sink.blocks.push({ type: 'code', html });
    this.place(pending, sink);
  }

  /** A table of plain rows and cells (see tableParts); markers in cells place their photos after it. */
  private table(element: CleanElement, sink: Sink): void {
    const parts = tableParts(element);
    if (parts === undefined) return;
    const pending: number[] = [];
    const rows = (section: readonly CleanElement[]): TableRow[] =>
      section.map((row) =>
        row.children.flatMap((cell): TableCell[] => {
          if (cell.kind !== 'element') return [];
          const html = trimAscii(this.serializeCollecting(flattenParagraphs(cell.children), pending));
          return [{ tag: cell.name === 'th' ? 'th' : 'td', html, ...cellSpans(cell) }];
        }),
      );
    const head = rows(parts.head);
    const body = rows(parts.body);
    const foot = rows(parts.foot);
    const caption =
      parts.caption === undefined ? '' : trimAscii(this.serializeCollecting(parts.caption, pending));
    if (head.length + body.length + foot.length > 0) {
      sink.blocks.push({ type: 'table', head, body, foot, ...(caption === '' ? {} : { caption }) });
    }
    this.place(pending, sink);
  }

  private htmlBlock(element: CleanElement, sink: Sink): void {
    const pending: number[] = [];
    const html = this.serializeCollecting([element], pending);
    if (EMBEDDED.has(element.name) || this.hasContent([element])) sink.blocks.push({ type: 'html', html });
    this.place(pending, sink);
  }

  private place(ns: readonly number[], sink: Sink): void {
    if (sink.collected !== undefined) sink.collected.push(...ns);
    else for (const n of ns) sink.blocks.push({ type: 'image', n });
  }

  private claimMarkers(text: string, into: number[]): void {
    for (const match of text.matchAll(MARKER)) {
      const n = Number(match[1]);
      if (this.ledger.claim(n)) into.push(n);
    }
  }

  /** Serialises with markers removed; the images they stand for are collected into `pending`, in order. */
  private serializeCollecting(nodes: readonly CleanNode[], pending: number[]): string {
    return serialize(
      nodes,
      (text) => this.dropMarkers(text, pending),
      (element) => {
        if (element !== this.title) return false;
        this.claimMarkers(textContent(element.children), pending);
        return true;
      },
    );
  }

  private dropMarkers(text: string, pending: number[]): string {
    if (!HAS_MARKER.test(text)) return text;
    let out = '';
    let last = 0;
    let trimNext = false;
    for (const match of text.matchAll(MARKER)) {
      const n = Number(match[1]);
      if (this.ledger.claim(n)) pending.push(n);
      const before = text.slice(last, match.index);
      out += trimNext ? trimStartAscii(before) : before;
      trimNext = out === '' || endsWithSpace(out);
      last = match.index + match[0].length;
    }
    const rest = text.slice(last);
    return out + (trimNext ? trimStartAscii(rest) : rest);
  }

  private hasContent(nodes: readonly CleanNode[]): boolean {
    for (const node of nodes) {
      if (node.kind === 'text') {
        if (/\S/.test(node.text.replace(MARKER, ''))) return true;
      } else if (node !== this.title) {
        if (EMBEDDED.has(node.name) || this.hasContent(node.children)) return true;
      }
    }
    return false;
  }

  private hasBlockDescendant(element: CleanElement): boolean {
    return hasBlockDescendant(element);
  }

  /**
   * Splits phrasing content into paragraphs at markers whose image goes in place. Works on the tree: open inline
   * elements are closed before the image and reopened after it, lazily, so that no empty element, empty paragraph
   * or dangling <br> is produced.
   */
  private splitInline(nodes: readonly CleanNode[], onMarker: (n: number) => boolean): Segment[] {
    const segments: Segment[] = [];
    const stack: Array<{ element: CleanElement; open: boolean }> = [];
    let buffer = '';
    let content = false;
    let pendingBreaks = 0;

    const ensureOpen = (): void => {
      for (const frame of stack) {
        if (!frame.open) {
          buffer += startTag(frame.element);
          frame.open = true;
        }
      }
    };
    const write = (html: string, meaningful: boolean): void => {
      ensureOpen();
      if (meaningful) {
        buffer += '<br>'.repeat(pendingBreaks);
        pendingBreaks = 0;
        content = true;
      }
      buffer += html;
    };
    const writeText = (text: string): void => {
      if (text === '') return;
      // Whitespace at the start of a paragraph is insignificant: drop it instead of opening elements for it.
      if (/\S/.test(text)) write(escapeText(content ? text : trimStartAscii(text)), true);
      else if (content) write(escapeText(text), false);
    };
    const flush = (): void => {
      buffer = trimSpaceBeforeEndTags(buffer);
      for (let i = stack.length - 1; i >= 0; i--) {
        const frame = stack[i]!;
        if (frame.open) {
          buffer += endTag(frame.element);
          frame.open = false;
        }
      }
      const html = trimAscii(buffer);
      if (content && html !== '') segments.push({ kind: 'html', html });
      buffer = '';
      content = false;
      pendingBreaks = 0;
    };
    const image = (n: number): void => {
      flush();
      segments.push({ kind: 'image', n });
    };

    const text = (value: string): void => {
      if (!HAS_MARKER.test(value)) {
        writeText(value);
        return;
      }
      let last = 0;
      let trimNext = false;
      let piece = '';
      for (const match of value.matchAll(MARKER)) {
        let before = value.slice(last, match.index);
        if (trimNext) before = trimStartAscii(before);
        last = match.index + match[0].length;
        if (onMarker(Number(match[1]))) {
          writeText(piece + trimEndAscii(before));
          piece = '';
          image(Number(match[1]));
          trimNext = true;
        } else {
          piece += before;
          trimNext = piece === '' || endsWithSpace(piece);
        }
      }
      let rest = value.slice(last);
      if (trimNext) rest = trimStartAscii(rest);
      writeText(piece + rest);
    };

    const visit = (node: CleanNode): void => {
      if (node.kind === 'text') {
        text(node.text);
        return;
      }
      if (node === this.title) {
        for (const match of textContent(node.children).matchAll(MARKER)) {
          const n = Number(match[1]);
          if (onMarker(n)) image(n);
        }
        return;
      }
      if (node.name === 'br') {
        if (content) pendingBreaks += 1;
        return;
      }
      if (VOID_ELEMENTS.has(node.name)) {
        write(startTag(node), node.name !== 'wbr');
        return;
      }
      const frame = { element: node, open: false };
      stack.push(frame);
      for (const child of node.children) visit(child);
      stack.pop();
      if (frame.open) buffer += endTag(node);
      else if (node.children.length === 0) write(startTag(node) + endTag(node), EMBEDDED.has(node.name));
    };

    for (const node of nodes) visit(node);
    flush();
    return segments;
  }
}

function isBlockLevel(node: CleanNode): boolean {
  return node.kind === 'element' && (!INLINE.has(node.name) || hasBlockDescendant(node));
}

function hasBlockDescendant(element: CleanElement): boolean {
  return element.children.some(isBlockLevel);
}

/**
 * Phrasing content up to the first block-level child, and the rest: an unclosed `<h2>` followed by paragraphs
 * holds them all, and only its leading text is the heading.
 */
function splitAtFirstBlock(nodes: readonly CleanNode[]): [CleanNode[], CleanNode[]] {
  const index = nodes.findIndex(isBlockLevel);
  return index < 0 ? [[...nodes], []] : [nodes.slice(0, index), nodes.slice(index)];
}

const BR: CleanElement = { kind: 'element', name: 'br', attrs: [], children: [] };

/** `<li><p>a</p><p>b</p></li>` → `<li>a<br>b</li>`: a list item holds inline text in the block editor. */
function flattenParagraphs(nodes: readonly CleanNode[]): CleanNode[] {
  const out: CleanNode[] = [];
  for (const node of nodes) {
    if (node.kind === 'element' && (node.name === 'p' || node.name === 'div')) {
      if (out.length > 0 && /\S/.test(textContent(out))) out.push(BR);
      out.push(...node.children);
    } else {
      out.push(node);
    }
  }
  return out;
}

function findTitle(nodes: readonly CleanNode[]): CleanElement | undefined {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    if (node.name === 'h1' && titleText(node) !== '') return node;
    const nested = findTitle(node.children);
    if (nested) return nested;
  }
  return undefined;
}

function titleText(element: CleanElement): string {
  return textContent(splitAtFirstBlock(element.children)[0]).replace(MARKER, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Turns the marketplace's article HTML into sanitised blocks: the first `<h1>` becomes the title, `[fotoN]`
 * markers become image blocks (in place in paragraphs; after the block in lists, headings, quotes, tables),
 * photos nobody marked are appended at the end. Never throws on malformed HTML.
 */
export function parseArticle(html: string, options: ParseArticleOptions): Article {
  const limits = options.limits;
  if (limits !== undefined) {
    checkTextSize(html, limits);
    checkMarkerCount(html, MARKER, limits);
  }
  const { nodes, removed } = parseClean(html, { maxDepth: limits?.maxDepth });
  const ledger = new PhotoLedger(options.photoNumbers);
  const titleElement = findTitle(nodes);
  const sink: Sink = { blocks: [], collected: undefined };
  new Walker(ledger, titleElement).walk(nodes, sink);

  const notes: RenderNote[] = removed.map((what) => ({ kind: 'removed', what }));
  if (titleElement === undefined) notes.push({ kind: 'no_title' });
  notes.push(...ledger.notes);
  for (const n of ledger.unused()) {
    sink.blocks.push({ type: 'image', n });
    notes.push({ kind: 'unused_photo', n });
  }
  return {
    title: titleElement === undefined ? undefined : titleText(titleElement),
    blocks: sink.blocks,
    cover: ledger.hasCover() ? 0 : undefined,
    notes,
  };
}

/**
 * Blocks of an HTML fragment that is already part of an Article (a quote's content): sanitised again, markers
 * dropped, no title taken.
 */
export function parseFragmentBlocks(html: string): Block[] {
  const { nodes } = parseClean(html);
  const sink: Sink = { blocks: [], collected: [] };
  new Walker(new PhotoLedger([]), undefined).walk(nodes, sink);
  return sink.blocks;
}

/** A list item's own content and the lists nested in it (which WordPress wants as inner blocks). */
export function splitListItem(html: string): { html: string; lists: Block[] } {
  const { nodes } = parseClean(html);
  const own: CleanNode[] = [];
  const nested: CleanNode[] = [];
  for (const node of nodes) {
    if (node.kind === 'element' && (node.name === 'ul' || node.name === 'ol')) nested.push(node);
    else own.push(node);
  }
  if (nested.length === 0) return { html, lists: [] };
  const sink: Sink = { blocks: [], collected: [] };
  new Walker(new PhotoLedger([]), undefined).walk(nested, sink);
  return { html: trimAscii(serialize(own)), lists: sink.blocks };
}
