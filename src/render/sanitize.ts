import { load } from 'cheerio';
import { ALLOWED_TAGS, applyAllowlist, attributeRemoval, elementRemoval, RemovalNotes } from './allowlist.js';
import { neutraliseInvisible } from './invisible.js';

/**
 * A sanitised, depth-bounded copy of the parsed HTML. Everything downstream works on this tree, never on the raw
 * DOM, so a removed element or attribute cannot slip back in and recursion depth stays bounded.
 */
export type CleanNode = CleanElement | CleanText;

export interface CleanElement {
  kind: 'element';
  /** Lowercase tag name, always one of ALLOWED_TAGS (allowlist.ts). */
  name: string;
  /** In source order; values decoded (entities resolved), escaped again only when serialised. */
  attrs: Array<[string, string]>;
  children: CleanNode[];
}

export interface CleanText {
  kind: 'text';
  /** Decoded text. */
  text: string;
}

export interface CleanFragment {
  nodes: CleanNode[];
  /** What was removed, deduplicated, in order of first occurrence ('script', 'onclick attribute', …). */
  removed: string[];
}

export const VOID_ELEMENTS = new Set([
  'area',
  'br',
  'col',
  'hr',
  'img',
  'input',
  'source',
  'track',
  'wbr',
  'param',
]);

/**
 * Past this depth elements are unwrapped (their content kept): real articles nest a dozen levels, and bounded
 * depth keeps every recursive walk over the tree safe from stack overflows on hostile input.
 */
export const MAX_DEPTH = 64;

/** The read-only slice of domhandler's node shape that this module touches. */
interface DomNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
  data?: string;
}

interface Frame {
  source: DomNode[];
  index: number;
  target: CleanNode[];
  depth: number;
}

export interface ParseCleanOptions {
  /** Refuse the text (RenderLimitError) when it nests elements deeper than this. */
  maxDepth?: number | undefined;
}

/**
 * Sanitises an HTML fragment and returns its tree: first sanitize-html with the allowlist (allowlist.ts), then a
 * browser-grade parse (parse5) of its output, on which the same allowlist is applied again while the tree is
 * built. Iterative, linear in the input size.
 */
export function parseClean(html: string, options: ParseCleanOptions = {}): CleanFragment {
  const notes = new RemovalNotes();
  const $ = load(applyAllowlist(html, notes, options.maxDepth), null, false);
  const root = $.root()[0] as unknown as DomNode;

  const nodes: CleanNode[] = [];
  const stack: Frame[] = [{ source: root.children ?? [], index: 0, target: nodes, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const node = frame.source[frame.index];
    if (node === undefined) {
      stack.pop();
      continue;
    }
    frame.index += 1;

    if (node.type === 'text') {
      // Bidi overrides and other invisible characters could make a link text read as another address
      // (`U+202E moc.knab`): the article's readers get the text without them (src/render/invisible.ts).
      appendText(frame.target, neutraliseInvisible(node.data ?? '', { multiline: true }));
      continue;
    }
    if (node.type !== 'tag') {
      // Comments (which could fake block delimiters such as <!-- wp:html -->), doctype, CDATA.
      continue;
    }
    const name = (node.name ?? '').toLowerCase();
    const children = node.children ?? [];
    if (!ALLOWED_TAGS.has(name) || frame.depth >= MAX_DEPTH) {
      // Keep the content, lose the wrapper.
      if (!ALLOWED_TAGS.has(name)) notes.add(elementRemoval(name));
      stack.push({ source: children, index: 0, target: frame.target, depth: frame.depth });
      continue;
    }
    const element: CleanElement = {
      kind: 'element',
      name,
      attrs: cleanAttributes(name, node.attribs ?? {}, notes),
      children: [],
    };
    frame.target.push(element);
    if (!VOID_ELEMENTS.has(name)) {
      stack.push({ source: children, index: 0, target: element.children, depth: frame.depth + 1 });
    }
  }
  return { nodes, removed: notes.result() };
}

function appendText(target: CleanNode[], text: string): void {
  if (text === '') return;
  const last = target[target.length - 1];
  if (last?.kind === 'text') last.text += text;
  else target.push({ kind: 'text', text });
}

/** Attributes whose value people read as text. */
const TEXT_ATTRIBUTES = new Set(['title', 'alt']);

function cleanAttributes(
  element: string,
  attribs: Record<string, string>,
  notes: RemovalNotes,
): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  for (const [rawName, value] of Object.entries(attribs)) {
    const name = rawName.toLowerCase();
    const why = attributeRemoval(element, name, value);
    // A tooltip or an alt text is read like the text around it (hrefs and the rest stay as sent).
    if (why === undefined) kept.push([name, TEXT_ATTRIBUTES.has(name) ? neutraliseInvisible(value) : value]);
    else notes.add(why);
  }
  return kept;
}

export function escapeText(text: string): string {
  return text.replace(/[&<>\u00a0]/g, (c) => TEXT_ESCAPES[c] ?? c);
}

export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"\u00a0]/g, (c) => TEXT_ESCAPES[c] ?? c);
}

const TEXT_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\u00a0': '&nbsp;',
};

export function startTag(element: CleanElement): string {
  let tag = `<${element.name}`;
  for (const [name, value] of element.attrs) tag += ` ${name}="${escapeAttribute(value)}"`;
  return `${tag}>`;
}

export function endTag(element: CleanElement): string {
  return VOID_ELEMENTS.has(element.name) ? '' : `</${element.name}>`;
}

/**
 * Serialises clean nodes. `transformText` lets callers rewrite text (e.g. drop photo markers); `skip` omits an
 * element with its content (e.g. the title heading).
 */
export function serialize(
  nodes: readonly CleanNode[],
  transformText: (text: string) => string = (text) => text,
  skip?: (element: CleanElement) => boolean,
): string {
  let out = '';
  const visit = (node: CleanNode): void => {
    if (node.kind === 'text') {
      out += escapeText(transformText(node.text));
      return;
    }
    if (skip?.(node)) return;
    out += startTag(node);
    for (const child of node.children) visit(child);
    out += endTag(node);
  };
  for (const node of nodes) visit(node);
  return out;
}

/** Text content of clean nodes, in document order; a <br> counts as a space ("Jak vybrat<br>kolo"). */
export function textContent(nodes: readonly CleanNode[]): string {
  let out = '';
  const visit = (node: CleanNode): void => {
    if (node.kind === 'text') out += node.text;
    else if (node.name === 'br') out += ' ';
    else for (const child of node.children) visit(child);
  };
  for (const node of nodes) visit(node);
  return out;
}
