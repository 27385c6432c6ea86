import * as cheerio from 'cheerio';
import type { Block } from './types.js';

/** Longer first paragraphs are cut at a word boundary before this many characters and end with "…". */
export const EXCERPT_MAX_CHARS = 300;

/**
 * The article's summary: its first paragraph with text in it, as plain text (markup removed, entities decoded,
 * whitespace collapsed), at most EXCERPT_MAX_CHARS characters. Never the disclosure label, which is a block of
 * its own. Undefined when the article has no such paragraph. WordPress's excerpt and a static site's
 * `description` are this (the targets then make their own when there is none).
 */
export function firstParagraphExcerpt(blocks: readonly Block[]): string | undefined {
  for (const block of blocks) {
    if (block.type !== 'paragraph') continue;
    const text = plainText(block.html);
    if (text !== '') return shorten(text, EXCERPT_MAX_CHARS);
  }
  return undefined;
}

function plainText(html: string): string {
  const $ = cheerio.load(html, null, false);
  $('br').replaceWith(' ');
  return $.root().text().replace(/\s+/g, ' ').trim();
}

function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  const base = space > max / 2 ? cut.slice(0, space) : cut;
  return `${base.replace(/[\s,;:–-]+$/, '')}…`;
}
