/**
 * How the readers that use htmlparser2's Tokenizer alone (./article-links.ts, ./page-facts.ts) tell elements
 * apart, with no tree to ask: which ones hold no words of the page, and which ones never close.
 */

/**
 * Elements whose content a browser (with scripting on) reads as text, or (`template`) parses but never shows;
 * `plaintext` never ends. A `<template>` nested in another ends the skip at its own end tag: a link hidden that
 * deep counts.
 */
export const RAW_TEXT: ReadonlySet<string> = new Set([
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'template',
]);

/** Elements the Tokenizer reads as text already: their content is not the article's words. */
export const TOKENIZER_TEXT: ReadonlySet<string> = new Set(['script', 'style', 'title', 'textarea', 'xmp']);

/** Void elements: no end tag, so an open one never deepens the nesting of its name. */
export const VOID: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
