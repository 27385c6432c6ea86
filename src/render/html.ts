import { type Sink, Walker } from './blocks-from-nodes.js';
import { findTitle, MARKER, titleText, trimAscii } from './html-nodes.js';
import { checkMarkerCount, checkTextSize, type RenderLimits } from './limits.js';
import { PhotoLedger } from './photo-ledger.js';
import { type CleanNode, parseClean, serialize } from './sanitize.js';
import type { Article, Block, RenderNote } from './types.js';

export interface ParseArticleOptions {
  /** The photo numbers the marketplace delivered (0 = cover, 1..5 = markers `[foto1]`…`[foto5]`). */
  photoNumbers: readonly number[];
  /** Refuse texts over these limits (RenderLimitError); none when absent. */
  limits?: RenderLimits;
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
