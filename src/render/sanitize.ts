import { load } from 'cheerio';

/**
 * A sanitised, depth-bounded copy of the parsed HTML. Everything downstream works on this tree, never on the raw
 * DOM, so a removed element or attribute cannot slip back in and recursion depth stays bounded.
 */
export type CleanNode = CleanElement | CleanText;

export interface CleanElement {
  kind: 'element';
  /** Lowercase tag name, always matching VALID_TAG. */
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

/** Removed together with their content. */
const DROP_ELEMENTS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'link',
  'meta',
  'base',
  'title',
  'noscript',
  'template',
  'svg',
  'math',
  'portal',
]);

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

/** Attributes holding one URL; a dangerous scheme removes the attribute (or, for a src, the whole element). */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'background',
  'cite',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'codebase',
  'data',
  'ping',
]);

/** Elements that are pointless without their source URL: removed whole when it is dangerous. */
const NEEDS_SRC = new Set(['img', 'source', 'track', 'video', 'audio', 'input']);

const VALID_TAG = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const VALID_ATTRIBUTE = /^[a-z_:][a-z0-9_:.-]*$/;
const DANGEROUS_SCHEME = /^(javascript|vbscript|data):/;

/**
 * Past this depth elements are unwrapped (their content kept): real articles nest a dozen levels, and bounded
 * depth keeps every recursive walk over the tree safe from stack overflows on hostile input.
 */
export const MAX_DEPTH = 64;

type Scheme = 'javascript' | 'vbscript' | 'data';

/** Browsers ignore ASCII whitespace and control characters anywhere in a scheme ("java\tscript:"). */
function withoutUrlNoise(url: string): string {
  let out = '';
  for (let i = 0; i < url.length && out.length < 16; i++) {
    const code = url.charCodeAt(i);
    if (code > 0x20 && code !== 0x7f) out += url[i];
  }
  return out;
}

function dangerousScheme(url: string): Scheme | undefined {
  const match = DANGEROUS_SCHEME.exec(withoutUrlNoise(url).toLowerCase());
  return match ? (match[1] as Scheme) : undefined;
}

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

/**
 * Parses an HTML fragment (browser-grade error recovery via parse5) and returns its sanitised tree.
 * Iterative, linear in the input size.
 */
export function parseClean(html: string): CleanFragment {
  const $ = load(html, null, false);
  const root = $.root()[0] as unknown as DomNode;
  const removed: string[] = [];
  const seen = new Set<string>();
  const note = (what: string): void => {
    if (!seen.has(what)) {
      seen.add(what);
      removed.push(what);
    }
  };

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
      appendText(frame.target, node.data ?? '');
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') {
      // Comments (which could fake block delimiters such as <!-- wp:html -->), doctype, CDATA.
      continue;
    }
    const name = (node.name ?? '').toLowerCase();
    if (DROP_ELEMENTS.has(name)) {
      note(name);
      continue;
    }
    const children = node.children ?? [];
    if (!VALID_TAG.test(name) || frame.depth >= MAX_DEPTH) {
      // Keep the content, lose the wrapper.
      stack.push({ source: children, index: 0, target: frame.target, depth: frame.depth });
      continue;
    }
    const attrs = cleanAttributes(name, node.attribs ?? {}, note);
    if (attrs === undefined) continue;
    const element: CleanElement = { kind: 'element', name, attrs, children: [] };
    frame.target.push(element);
    if (!VOID_ELEMENTS.has(name)) {
      stack.push({ source: children, index: 0, target: element.children, depth: frame.depth + 1 });
    }
  }
  return { nodes, removed };
}

function appendText(target: CleanNode[], text: string): void {
  if (text === '') return;
  const last = target[target.length - 1];
  if (last?.kind === 'text') last.text += text;
  else target.push({ kind: 'text', text });
}

/** Returns undefined when the whole element must go (e.g. an image whose src is a javascript: URL). */
function cleanAttributes(
  element: string,
  attribs: Record<string, string>,
  note: (what: string) => void,
): Array<[string, string]> | undefined {
  const kept: Array<[string, string]> = [];
  for (const [rawName, value] of Object.entries(attribs)) {
    const name = rawName.toLowerCase();
    if (name.startsWith('on')) {
      note(`${name} attribute`);
      continue;
    }
    if (name === 'style' || name === 'srcdoc') {
      note(`${name} attribute`);
      continue;
    }
    if (!VALID_ATTRIBUTE.test(name)) {
      note('malformed attribute');
      continue;
    }
    if (URL_ATTRIBUTES.has(name)) {
      const scheme = dangerousScheme(value);
      if (scheme !== undefined) {
        note(`${scheme}: ${name === 'href' ? 'link' : name}`);
        if (name === 'src' && NEEDS_SRC.has(element)) return undefined;
        continue;
      }
    }
    if (name === 'srcset' || name === 'imagesrcset') {
      const candidates = value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
      const bad = candidates.map(dangerousScheme).find((scheme) => scheme !== undefined);
      if (bad !== undefined) {
        note(`${bad}: ${name}`);
        continue;
      }
    }
    kept.push([name, value]);
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
