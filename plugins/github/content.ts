/**
 * The article file: YAML front matter, then the body as Markdown (turndown, GFM tables) or as the sanitised
 * HTML. Pure: the same deal and options always make the same bytes.
 *
 * Things the text must never do on a static site: run template code or break the build, become markup, become
 * a link without the blog's `rel`, or lose the advertiser's link attributes. Text is written inert for every
 * generator (markdown-inert.ts: references for `<`, `&`, braces; no bare address to link). Code cannot hold
 * references, so there only what opens a template (`{{`, `{%`, `{#`, and Nunjucks' `#}`) gets one. Links whose
 * attributes Markdown cannot say (`rel="sponsored"`, `target`), the blog's label with its class, and photos with
 * their exact alt text are HTML while `rawHtml` is on.
 */
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { Document, Scalar } from 'yaml';
import { toIsoWithServiceOffset } from '../../src/publisher/kit/index.js';
import {
  type Block,
  blocksToPlainHtml,
  escapeAttribute,
  escapeText,
  type ImageRef,
  plainImg,
} from '../../src/render/index.js';
import {
  braceReferences,
  inertText,
  markdownAlt,
  markdownDestination,
  markdownTitle,
  oneLineHtml,
  startTag,
  unlinkable,
} from './markdown-inert.js';
import type { Dialect, FrontMatterKeys } from './presets.js';

/**
 * What opens a template where references cannot stand (code, link addresses): `{{`, `{%`, `{#` (Liquid, Hugo's
 * shortcodes, Nunjucks) and `#}`, which Nunjucks refuses outside a comment, failing the site's whole build.
 */
const TEMPLATE_SYNTAX = /\{(?=[{%#])|(?<=#)\}/g;

/** Neutralises template syntax: `{{ x }}` is shown as written but never run by the site generator. */
export function escapeTemplateSyntax(text: string): string {
  return text.replace(TEMPLATE_SYNTAX, (brace) => braceReferences(brace));
}

interface TurndownMode {
  rawHtml: boolean;
  /** Photos as `<img>` (only while rawHtml is on). */
  htmlPhotos: boolean;
}

function createTurndown({ rawHtml, htmlPhotos }: TurndownMode): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  });
  service.use(gfm);
  // A `|` in text would end a table cell; `\|` reads as `|` everywhere in GFM. `&`, `<` and braces as
  // references: turndown's own escape leaves them, and a decoded `&lt;img …&gt;` would be a tag again.
  const escapeMarkdown = service.escape.bind(service);
  service.escape = (text: string) =>
    unlinkable(inertText(escapeMarkdown(text).replace(/\|/g, '\\|')), rawHtml);
  // Turndown's link and image rules escape titles and alt text too little for hostile text (a `\` before the
  // closing `"` ends the link early and shows the rest, tags included, as Markdown).
  service.addRule('inlineLink', {
    filter: (node) => node.nodeName === 'A' && (node.getAttribute('href') ?? '') !== '',
    replacement: (content, node) => `[${content}](${destinationAndTitle(node)})`,
  });
  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const src = node.getAttribute('src') ?? '';
      if (src === '') return '';
      const alt = node.getAttribute('alt') ?? '';
      if (!htmlPhotos) return `![${markdownAlt(alt)}](${destinationAndTitle(node)})`;
      const [width, height] = ['width', 'height'].map((name) => Number(node.getAttribute(name)) || undefined);
      return photoTag({ url: src, alt, ...(width ? { width } : {}), ...(height ? { height } : {}) });
    },
  });
  // `~~` as every Markdown with strikethrough reads it (the plugin writes a single `~`).
  service.addRule('strikethrough', {
    filter: ['del', 's'],
    replacement: (content) => `~~${content}~~`,
  });
  // One space after the marker ("- item", "1. item"), continuation lines indented to match.
  service.addRule('listItem', {
    filter: 'li',
    replacement(content, node) {
      const parent = node.parentNode as HTMLElement | null;
      let prefix = '- ';
      if (parent?.nodeName === 'OL') {
        const reversed = parent.hasAttribute('reversed');
        const start = Number(parent.getAttribute('start') ?? (reversed ? parent.children.length : '1'));
        const index = Array.prototype.indexOf.call(parent.children, node);
        prefix = `${(Number.isFinite(start) ? start : 1) + (reversed ? -index : index)}. `;
      }
      // Continuation lines indented to the marker; blank lines stay empty.
      const indent = ' '.repeat(prefix.length);
      const text = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .split('\n')
        .map((line, index) => (index === 0 || line === '' ? line : indent + line))
        .join('\n');
      return prefix + text + (node.nextSibling && !text.endsWith('\n') ? '\n' : '');
    },
  });
  if (rawHtml) {
    // A rule, not `keep`: turndown tries its own link rule before kept elements.
    // The link text as Markdown, escaped like any text: kramdown and CommonMark read Markdown between the tags.
    service.addRule('richLink', {
      filter: (node) => node.nodeName === 'A' && hasAttributesBeyondMarkdown(node),
      replacement: (content, node) => `${startTag(node)}${content}</a>`,
    });
  }
  return service;
}

function destinationAndTitle(node: HTMLElement): string {
  const url = markdownDestination(node.getAttribute(node.nodeName === 'IMG' ? 'src' : 'href') ?? '');
  const title = node.getAttribute('title') ?? '';
  return title === '' ? url : `${url} "${markdownTitle(title)}"`;
}

function hasAttributesBeyondMarkdown(node: HTMLElement): boolean {
  for (const attribute of Array.from(node.attributes)) {
    if (attribute.name !== 'href' && attribute.name !== 'title') return true;
  }
  return false;
}

/** A photo as an `<img>` tag, its braces as references (its alt text is the advertiser's title). */
function photoTag(image: ImageRef): string {
  return braceReferences(plainImg(image));
}

const services = new Map<string, TurndownService>();

function turndown(mode: TurndownMode): TurndownService {
  const key = `${mode.rawHtml}:${mode.htmlPhotos}`;
  let service = services.get(key);
  if (service === undefined) {
    service = createTurndown(mode);
    services.set(key, service);
  }
  return service;
}

/** Links that carry attributes a Markdown link cannot (they become plain links when rawHtml is off). */
export function countRichLinks(html: string): number {
  let count = 0;
  for (const tag of html.matchAll(/<a\b([^>]*)>/gi)) {
    const names = [...(tag[1] ?? '').matchAll(/([^\s"'=<>/]+)\s*=/g)].map((m) => (m[1] ?? '').toLowerCase());
    if (names.some((name) => name !== 'href' && name !== 'title')) count += 1;
  }
  return count;
}

export interface BodyInput {
  blocks: readonly Block[];
  /** Photo number → how the body refers to it; image blocks without one are left out. */
  images: ReadonlyMap<number, ImageRef>;
  format: 'markdown' | 'html';
  rawHtml: boolean;
  /** How the site's generator takes photos (presets.ts); Markdown images whatever it says when rawHtml is off. */
  photos?: Dialect['photos'];
}

export interface Body {
  text: string;
  /** Links that lost attributes (`rel`, `target`) because rawHtml is off. */
  linksSimplified: number;
}

/** The article's body (no title, no cover: both go to the front matter), escaped for template engines. */
export function renderBody(input: BodyInput): Body {
  if (input.format === 'html') {
    // HTML decodes references everywhere, code included: every brace can be one.
    return { text: braceReferences(blocksToPlainHtml(input.blocks, input.images)), linksSimplified: 0 };
  }
  const htmlPhotos = input.rawHtml && (input.photos ?? 'html') === 'html';
  const service = turndown({ rawHtml: input.rawHtml, htmlPhotos });
  const parts: string[] = [];
  let linksSimplified = 0;
  for (const block of input.blocks) {
    if (block.type === 'image') {
      const image = input.images.get(block.n);
      if (image && htmlPhotos) parts.push(photoTag(image));
      else if (image) parts.push(`![${markdownAlt(image.alt)}](${markdownDestination(image.url)})`);
      continue;
    }
    if (block.type === 'disclosure') {
      // Its own paragraph; with raw HTML a span carrying the blog's class, which degrades to the bare text
      // where a site drops inline HTML (Hugo without `unsafe`): the label is never lost.
      const text = service.escape(block.text);
      parts.push(
        input.rawHtml ? `<span class="${escapeAttribute(block.className)}" role="note">${text}</span>` : text,
      );
      continue;
    }
    // The map too: a list item shows the photos marked in it.
    const html = blocksToPlainHtml([block], input.images);
    if (!input.rawHtml) linksSimplified += countRichLinks(html);
    if (input.rawHtml && block.type === 'list' && block.reversed) {
      // Markdown numbers a list upwards from its first number: a countdown stays HTML.
      parts.push(oneLineHtml(html));
      continue;
    }
    const markdown = service
      .turndown(html)
      .replace(/^>[ \t]+$/gm, '>')
      .trim();
    if (markdown !== '') parts.push(markdown);
  }
  return { text: escapeTemplateSyntax(parts.join('\n\n')), linksSimplified };
}

export interface FrontMatterInput {
  keys: FrontMatterKeys;
  title: string;
  /** The deal's acceptance. */
  date: Date;
  slug: string;
  categories: readonly string[];
  /** How the front matter refers to the cover. */
  cover: string | undefined;
  /** The article's path on the site (see FrontMatterKeys.permalink). */
  permalink: string | undefined;
  dealId: number;
  /** A brief: marked as a draft. */
  draft: boolean;
  /** The article's first paragraph as plain text (undefined: none, the field is left out). */
  description?: string | undefined;
  /** Written with `&`, `<`, `>` as references, for templates that print it as it is (Dialect). */
  htmlDescription?: boolean;
  extra: Readonly<Record<string, unknown>>;
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/**
 * The YAML front matter, `---` lines included. Written as YAML 1.1 (Jekyll's Ruby and older Go parsers read
 * `yes`, `on`, `no` as booleans, so such texts are quoted); the date stays unquoted, a timestamp to every reader.
 * Key order: title, description, date, slug, categories, cover, permalink, the extra fields, draft, the deal id.
 */
export function renderFrontMatter(input: FrontMatterInput): string {
  const { keys } = input;
  const doc = new Document({}, { version: '1.1' });
  const set = (key: string | null, value: unknown) => {
    if (key !== null && value !== undefined) doc.set(key, value);
  };
  // The title is text: always one double-quoted YAML string, whatever markup or YAML syntax it holds.
  if (keys.title !== null) doc.set(keys.title, doubleQuoted(doc, input.title));
  if (keys.description !== null && input.description !== undefined) {
    const text = input.htmlDescription ? escapeText(input.description) : input.description;
    doc.set(keys.description, doubleQuoted(doc, text));
  }
  set(keys.date, toIsoWithServiceOffset(input.date));
  set(keys.slug, input.slug);
  if (input.categories.length > 0) set(keys.categories, [...input.categories]);
  if (input.cover !== undefined) set(keys.cover, keys.cover === 'images' ? [input.cover] : input.cover);
  set(keys.permalink, input.permalink);
  for (const [key, value] of Object.entries(input.extra)) doc.set(key, value);
  if (input.draft) set(keys.draft, true);
  doc.set(keys.deal, input.dealId);
  let yaml = doc.toString({ lineWidth: 0 });
  if (keys.date !== null) {
    const key = keys.date.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
    yaml = yaml.replace(
      new RegExp(`^("?${key}"?): "([^"\\n]*)"$`, 'm'),
      (whole, name: string, value: string) => (ISO_WITH_OFFSET.test(value) ? `${name}: ${value}` : whole),
    );
  }
  return `---\n${yaml}---\n`;
}

function doubleQuoted(doc: Document, text: string): Scalar {
  const node = doc.createNode(text) as Scalar;
  node.type = Scalar.QUOTE_DOUBLE;
  return node;
}

/** The whole file: front matter, a blank line, the body, a final newline. */
export function renderFile(frontMatter: string, body: string): string {
  return body === '' ? frontMatter : `${frontMatter}\n${body}\n`;
}
