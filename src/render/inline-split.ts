import {
  EMBEDDED,
  endsWithSpace,
  HAS_MARKER,
  MARKER,
  trimAscii,
  trimEndAscii,
  trimSpaceBeforeEndTags,
  trimStartAscii,
} from './html-nodes.js';
import {
  type CleanElement,
  type CleanNode,
  endTag,
  escapeText,
  startTag,
  textContent,
  VOID_ELEMENTS,
} from './sanitize.js';

export type Segment = { kind: 'html'; html: string } | { kind: 'image'; n: number };

/**
 * Splits phrasing content into paragraphs at markers whose image goes in place. Works on the tree: open inline
 * elements are closed before the image and reopened after it, lazily, so that no empty element, empty paragraph
 * or dangling <br> is produced.
 */
export function splitInline(
  nodes: readonly CleanNode[],
  title: CleanElement | undefined,
  onMarker: (n: number) => boolean,
): Segment[] {
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
    if (node === title) {
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
