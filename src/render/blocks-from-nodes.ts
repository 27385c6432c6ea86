/** The tree walker behind parseArticle (html.ts): sanitised nodes in, blocks out, `[fotoN]` images placed. Pure. */
import { BLOCK_WRAPPERS } from './allowlist.js';
import {
  EMBEDDED,
  endsWithSpace,
  flattenParagraphs,
  HAS_MARKER,
  HEADING,
  hasBlockDescendant,
  INLINE,
  MARKER,
  splitAtFirstBlock,
  trimAscii,
  trimStartAscii,
} from './html-nodes.js';
import { splitInline } from './inline-split.js';
import type { PhotoLedger } from './photo-ledger.js';
import { blocksToPlainHtml } from './plain.js';
import { type CleanElement, type CleanNode, serialize, textContent } from './sanitize.js';
import { cellSpans, listNumbering, quoteParts, tableParts } from './structure.js';
import type { Block, HeadingLevel, TableCell, TableRow } from './types.js';

/** Where blocks go, and whether markers become images in place or are collected to follow the enclosing block. */
export interface Sink {
  blocks: Block[];
  collected: number[] | undefined;
}

export class Walker {
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
        if (!hasBlockDescendant(node)) {
          run.push(node);
        } else if (name === 'a') {
          // A link wrapping blocks is what the advertiser paid for: keep it whole rather than unwrap it.
          flushRun();
          this.htmlBlock(node, sink);
        } else {
          flushRun();
          this.walk(node.children, sink);
        }
      } else if (BLOCK_WRAPPERS.has(name) || name === 'p') {
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
    for (const segment of splitInline(nodes, this.title, onMarker)) {
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
}
