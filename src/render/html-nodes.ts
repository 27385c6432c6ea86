/**
 * The vocabulary of the article walker (blocks-from-nodes.ts): the `[fotoN]` marker, which tags are phrasing or
 * embedded content, ASCII-only trimming that cannot backtrack, and the tree helpers (title, block split, list
 * item flattening). Pure: no I/O.
 */
import { type CleanElement, type CleanNode, textContent } from './sanitize.js';

/** `[foto1]`, `[FOTO1]`, `[foto 1]`, `[ foto1 ]`. */
export const MARKER = /\[\s*foto\s*(\d+)\s*\]/gi;
export const HAS_MARKER = /\[\s*foto\s*\d+\s*\]/i;

/** Phrasing content: collected into paragraphs when it stands at block level. */
export const INLINE = new Set([
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

/** Elements that are content even without any text. */
export const EMBEDDED = new Set([
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

export const HEADING = /^h([1-6])$/;
/*
 * Whitespace trimming is done by hand: an end-anchored regex such as /\s+$/ backtracks quadratically on long
 * whitespace runs, and the input is untrusted. Only ASCII whitespace is trimmed; a no-break space is content.
 */
export function isAsciiSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f';
}

export function trimStartAscii(text: string): string {
  let start = 0;
  while (isAsciiSpace(text[start])) start += 1;
  return start === 0 ? text : text.slice(start);
}

export function trimEndAscii(text: string): string {
  let end = text.length;
  while (isAsciiSpace(text[end - 1])) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

export function trimAscii(text: string): string {
  return trimEndAscii(trimStartAscii(text));
}

export function endsWithSpace(text: string): boolean {
  return isAsciiSpace(text[text.length - 1]);
}

export const END_TAG = /^<\/[a-z][a-z0-9-]*>$/;

/** `foo </em></strong>` → `foo</em></strong>`, on markup this module generated. */
export function trimSpaceBeforeEndTags(html: string): string {
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

export function isBlockLevel(node: CleanNode): boolean {
  return node.kind === 'element' && (!INLINE.has(node.name) || hasBlockDescendant(node));
}

export function hasBlockDescendant(element: CleanElement): boolean {
  return element.children.some(isBlockLevel);
}

/**
 * Phrasing content up to the first block-level child, and the rest: an unclosed `<h2>` followed by paragraphs
 * holds them all, and only its leading text is the heading.
 */
export function splitAtFirstBlock(nodes: readonly CleanNode[]): [CleanNode[], CleanNode[]] {
  const index = nodes.findIndex(isBlockLevel);
  return index < 0 ? [[...nodes], []] : [nodes.slice(0, index), nodes.slice(index)];
}

export const BR: CleanElement = { kind: 'element', name: 'br', attrs: [], children: [] };

/** `<li><p>a</p><p>b</p></li>` → `<li>a<br>b</li>`: a list item holds inline text in the block editor. */
export function flattenParagraphs(nodes: readonly CleanNode[]): CleanNode[] {
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

export function findTitle(nodes: readonly CleanNode[]): CleanElement | undefined {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    if (node.name === 'h1' && titleText(node) !== '') return node;
    const nested = findTitle(node.children);
    if (nested) return nested;
  }
  return undefined;
}

export function titleText(element: CleanElement): string {
  return textContent(splitAtFirstBlock(element.children)[0]).replace(MARKER, ' ').replace(/\s+/g, ' ').trim();
}
