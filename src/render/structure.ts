/**
 * Shape checks on the clean tree for the blocks that have an inner structure of their own: a quote and its
 * citation, a table and its sections, list numbering. Pure and non-recursive beyond the element's own children.
 */
import type { CleanElement, CleanNode } from './sanitize.js';

function isBlank(node: CleanNode): boolean {
  return node.kind === 'text' && !/\S/.test(node.text);
}

function elementsOnly(nodes: readonly CleanNode[]): CleanElement[] | undefined {
  const out: CleanElement[] = [];
  for (const node of nodes) {
    if (node.kind === 'element') out.push(node);
    else if (!isBlank(node)) return undefined;
  }
  return out;
}

export interface QuoteParts {
  body: CleanNode[];
  /** The nodes of the quote's citation, when its last child is one. */
  citation: CleanNode[] | undefined;
}

/**
 * A blockquote's citation: its last child when that is a `<cite>`, or a paragraph holding nothing but a
 * `<cite>`. Everything else is the quote's body. (A `<footer>` attribution never gets here: the allowlist turns
 * it into a paragraph.)
 */
export function quoteParts(element: CleanElement): QuoteParts {
  const children = element.children;
  let last = children.length - 1;
  while (last >= 0 && isBlank(children[last]!)) last -= 1;
  const candidate = children[last];
  if (candidate?.kind === 'element') {
    let citation: CleanNode[] | undefined;
    if (candidate.name === 'cite') citation = candidate.children;
    else if (candidate.name === 'p') {
      const only = elementsOnly(candidate.children);
      if (only?.length === 1 && only[0]!.name === 'cite') citation = only[0]!.children;
    }
    if (citation !== undefined) return { body: children.slice(0, last), citation };
  }
  return { body: [...children], citation: undefined };
}

export interface TableParts {
  head: CleanElement[];
  body: CleanElement[];
  foot: CleanElement[];
  caption: CleanNode[] | undefined;
}

const SECTIONS = new Set(['thead', 'tbody', 'tfoot']);

/**
 * The rows of a plain table (sections holding rows holding `td`/`th` cells, nothing else), or of a `<figure>`
 * holding exactly such a table and optionally a `<figcaption>`. Undefined for anything else (a `<caption>`,
 * `<colgroup>`, text between rows): such a table stays as it was delivered.
 */
export function tableParts(element: CleanElement): TableParts | undefined {
  if (element.name === 'figure') {
    const children = elementsOnly(element.children);
    if (children === undefined) return undefined;
    const tables = children.filter((child) => child.name === 'table');
    const captions = children.filter((child) => child.name === 'figcaption');
    if (tables.length !== 1 || captions.length > 1 || tables.length + captions.length !== children.length) {
      return undefined;
    }
    const parts = tableParts(tables[0]!);
    return parts === undefined ? undefined : { ...parts, caption: captions[0]?.children };
  }
  if (element.name !== 'table') return undefined;
  const children = elementsOnly(element.children);
  if (children === undefined) return undefined;
  const parts: TableParts = { head: [], body: [], foot: [], caption: undefined };
  for (const child of children) {
    const rows =
      child.name === 'tr' ? [child] : SECTIONS.has(child.name) ? elementsOnly(child.children) : undefined;
    if (rows === undefined || !rows.every(isPlainRow)) return undefined;
    const target = child.name === 'thead' ? parts.head : child.name === 'tfoot' ? parts.foot : parts.body;
    target.push(...rows);
  }
  return parts;
}

function isPlainRow(row: CleanElement): boolean {
  if (row.name !== 'tr') return false;
  return elementsOnly(row.children)?.every((cell) => cell.name === 'td' || cell.name === 'th') ?? false;
}

function attribute(element: CleanElement, name: string): string | undefined {
  return element.attrs.find(([key]) => key === name)?.[1];
}

/** An integer attribute as HTML reads it (`start="3"`, `colspan=" 2 "`), or undefined. */
function integerAttribute(element: CleanElement, name: string): number | undefined {
  const value = attribute(element, name)?.trim();
  if (value === undefined || !/^-?\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

/** `<ol start reversed>` as delivered. */
export function listNumbering(
  element: CleanElement,
  ordered: boolean,
): { start?: number; reversed?: boolean } {
  if (!ordered) return {};
  const start = integerAttribute(element, 'start');
  const reversed = attribute(element, 'reversed') !== undefined;
  return { ...(start === undefined ? {} : { start }), ...(reversed ? { reversed } : {}) };
}

/** `colspan`/`rowspan` above 1, as delivered. */
export function cellSpans(cell: CleanElement): { colspan?: number; rowspan?: number } {
  const colspan = integerAttribute(cell, 'colspan');
  const rowspan = integerAttribute(cell, 'rowspan');
  return {
    ...(colspan !== undefined && colspan > 1 ? { colspan } : {}),
    ...(rowspan !== undefined && rowspan > 1 ? { rowspan } : {}),
  };
}
