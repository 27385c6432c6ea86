/**
 * No shortcode of the advertiser's runs in WordPress. A corpus of core shortcodes and of shortcodes a test
 * must-use plugin registers (scripts/wordpress/mu-plugins/pressbridge-test-shortcodes.php: they print
 * PB-SHORTCODE-RAN, and that site also runs shortcodes in titles and excerpts, as many themes do) goes into every
 * block kind, the title, the excerpt and the photos' alt text, through the render step and the real WordPress
 * publisher plugin. The public page shows the brackets as written and nothing ran; the block editor opens every
 * post with every block valid and the title showing `[`.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { renderDeal } from '../../src/pipeline/render.js';
import type { PublishLog } from '../../src/publisher/types.js';
import { editorPhotos } from '../fixtures/editor-articles.js';
import { asEditorSavesIt, openInBlockEditor } from '../helpers/block-editor.js';
import { editorWorld } from '../helpers/editor-world.js';
import { type WpPost, wpGet } from '../helpers/wordpress.js';
import { selectedWordPress } from '../helpers/wordpress-version.js';

const quiet: PublishLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Core shortcodes, the test plugin's, and the ways of writing a bracket an attacker might try. */
const CORPUS = [
  '[audio src="https://evil.example/a.mp3"]',
  '[video src="https://evil.example/v.mp4"]',
  '[gallery]',
  '[embed]https://evil.example/e[/embed]',
  '[playlist]',
  '[caption id="c1" width="300"]popisek[/caption]',
  '[pb_marker]',
  '[pb_form id="7"]',
  '[pb_members]tajné[/pb_members]',
  '[[pb_marker]]',
  '[/pb_marker]',
  '[ pb_marker ]',
  '\\[pb_marker]',
  '&#91;pb_marker]',
  '&lsqb;pb_marker]',
].join(' ');

/** What the reader sees of the corpus (quotation marks left out: wptexturize curls them). */
const SHOWN = [
  '[audio src=',
  '[video src=',
  '[gallery]',
  '[embed]https://evil.example/e[/embed]',
  '[playlist]',
  '[caption id=',
  'popisek[/caption]',
  '[pb_marker]',
  '[pb_form id=',
  '[pb_members]tajné[/pb_members]',
  '[[pb_marker]]',
  '[/pb_marker]',
  '[ pb_marker ]',
];

/** What a shortcode that ran leaves in the content. */
const RAN =
  /PB-SHORTCODE-RAN|<audio|<video|<source|wp-audio-shortcode|wp-video-shortcode|wp-playlist|class="gallery|wp-caption|wp-embedded-content|https:\/\/evil\.example\/e"/;

const TITLE = 'Recenze [pb_marker] [audio src="https://evil.example/t.mp3"] [[pb_form]]';
const TITLE_SHOWN = ['[pb_marker]', '[audio src=', '[[pb_form]]'];

interface Case {
  name: string;
  body: string;
  photos?: number[];
  /** The article's first paragraph, and so the post's excerpt, holds the corpus. */
  excerpt?: boolean;
}

const CASES: Case[] = [
  { name: 'a paragraph, and so the excerpt', body: `<p>${CORPUS}</p>`, excerpt: true },
  { name: 'headings', body: `<h2>${CORPUS}</h2><h3>${CORPUS}</h3>` },
  { name: 'a list and a nested list', body: `<ul><li>${CORPUS}<ol><li>${CORPUS}</li></ol></li></ul>` },
  {
    name: 'a quote and its citation',
    body: `<blockquote><p>${CORPUS}</p><cite>${CORPUS}</cite></blockquote>`,
  },
  {
    name: 'table cells and the caption',
    body: `<figure><table><thead><tr><th>${CORPUS}</th></tr></thead><tbody><tr><td>${CORPUS}</td></tr></tbody></table><figcaption>${CORPUS}</figcaption></figure>`,
  },
  {
    name: 'a Custom HTML block (a table with spans)',
    body: `<table><tr><td colspan="2">${CORPUS}</td></tr><tr><td>a</td><td>b</td></tr></table>`,
  },
  {
    name: 'link text, href and title',
    body: `<p>Odkaz: <a href="https://shop.example/[pb_marker]?q=[pb_form]" title="[pb_form id=7]">${CORPUS}</a></p>`,
  },
  { name: 'a code block', body: `<pre><code>${CORPUS}</code></pre>` },
  {
    name: 'photos: the alt text and the attachment pages',
    body: `<p>Foto:</p><p>[foto1]</p>`,
    photos: [0, 1],
  },
];

// The name turns the test plugin on (it runs only on sites named shortcodes*).
const world = editorWorld('shortcodes-corpus');

async function publishCase(testCase: Case, dealId: number): Promise<number> {
  const rendered = await renderDeal(world.renderPool, {
    dealId,
    html: `<h1>${TITLE}</h1>${testCase.body}`,
    photos: await editorPhotos(testCase.photos ?? []),
  });
  const result = await world.publisher.publish({
    deal: {
      dealId,
      blogId: 1,
      categoryId: null,
      deadline: new Date(Date.now() + 3_600_000),
      acceptedAt: new Date(),
    },
    article: rendered.article,
    slug: rendered.slug,
    images: rendered.images,
    previous: {},
    progress: async () => {},
    log: quiet,
    signal: new AbortController().signal,
  });
  return Number(result.ref.replace(/^wp:/, ''));
}

async function publicPage(url: string): Promise<{ html: string; $: cheerio.CheerioAPI }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const html = await res.text();
  return { html, $: cheerio.load(html) };
}

/** What the editor saves back: every `&#91;` as `[`, except in code blocks, whose save() writes `&#91;` itself. */
function asEditorWritesBrackets(raw: string): string {
  // The code block's save() writes `&#91;` itself; 6.8's Custom HTML block keeps its content as stored.
  const kept =
    selectedWordPress() === '6.1'
      ? /(<!-- wp:code -->[\s\S]*?<!-- \/wp:code -->)/
      : /(<!-- wp:code -->[\s\S]*?<!-- \/wp:code -->|<!-- wp:html -->[\s\S]*?<!-- \/wp:html -->)/;
  return asEditorSavesIt(raw)
    .split(kept)
    .map((part, index) => (index % 2 === 1 ? part : part.replaceAll('&#91;', '[')))
    .join('');
}

/** The excerpt (the corpus, shortened): stored with no `[`, nothing ran in it, the brackets shown. */
async function expectExcerptInert(post: WpPost): Promise<void> {
  expect(post.excerpt.raw ?? '').toContain('pb_marker');
  expect(post.excerpt.raw).not.toContain('[');
  expect(post.excerpt.rendered).not.toMatch(RAN);
  const shown = cheerio.load(post.excerpt.rendered, null, false).root().text();
  for (const part of ['[audio src=', '[video src=', '[gallery]', '[playlist]', '[pb_marker]']) {
    expect(shown).toContain(part);
  }
}

/**
 * The photos' alt text (made from the title): in the post's image blocks and featured image, and on each
 * attachment page, where WordPress runs shortcodes over the content it puts the image's alt text into.
 */
async function expectPhotosInert(dealId: number, photos: number[], $: cheerio.CheerioAPI): Promise<void> {
  const alts = $('img')
    .toArray()
    .map((img) => $(img).attr('alt') ?? '')
    .filter((alt) => alt.includes('Recenze'));
  expect(alts.length).toBeGreaterThanOrEqual(photos.length);
  for (const alt of alts) expect(alt).toContain('[pb_marker]');
  const slugs = photos.map((n) => `pressbridge-deal-${dealId}-photo-${n}`).join(',');
  const media = await wpGet<Array<{ link: string; alt_text: string }>>(
    world.site,
    `/wp/v2/media?slug=${slugs}&context=edit`,
  );
  expect(media).toHaveLength(photos.length);
  for (const item of media) {
    expect(item.alt_text).toContain('pb_marker');
    expect(item.alt_text).not.toContain('[');
    const attachment = await publicPage(item.link);
    expect(attachment.html).not.toContain('PB-SHORTCODE-RAN');
    // Where the theme draws the image differs (Twenty Twenty-Three: in the post content; Twenty Twenty-Five:
    // its own attachment template): any image of the page with the title's alt text counts.
    const shown = attachment
      .$('img')
      .toArray()
      .map((img) => attachment.$(img).attr('alt') ?? '')
      .filter((alt) => alt.includes('Recenze'));
    expect(shown.length).toBeGreaterThan(0);
    for (const alt of shown) for (const part of TITLE_SHOWN) expect(alt).toContain(part);
  }
}

describe('WordPress runs no shortcode of the advertiser’s', () => {
  it.each(CASES.map((testCase, index) => ({ ...testCase, dealId: 9101 + index })))(
    '$name',
    async (testCase) => {
      // Arrange
      const id = await publishCase(testCase, testCase.dealId);
      const post = await wpGet<WpPost & { link: string }>(world.site, `/wp/v2/posts/${id}?context=edit`);

      // Act
      const { html, $ } = await publicPage(post.link);

      // Assert: nothing ran, on the page or in the REST API's rendered title and excerpt
      expect(html).not.toContain('PB-SHORTCODE-RAN');
      const content = $('.wp-block-post-content');
      expect(content).toHaveLength(1);
      expect(content.html() ?? '').not.toMatch(RAN);
      expect(post.title.rendered).not.toContain('PB-SHORTCODE-RAN');
      expect(post.excerpt.rendered).not.toContain('PB-SHORTCODE-RAN');

      // Assert: the reader sees the brackets as written, in the content, the title and the window title
      const text = content.text();
      if (testCase.photos === undefined) for (const shown of SHOWN) expect(text).toContain(shown);
      const heading = $('h1.wp-block-post-title').text();
      const windowTitle = $('title').text();
      for (const shown of TITLE_SHOWN) {
        expect(heading).toContain(shown);
        expect(windowTitle).toContain(shown);
      }
      expect(heading).not.toContain('&#91;');

      // Assert: the block editor opens it clean, the title field showing `[`
      const report = await openInBlockEditor(world.page, world.site, id);
      expect(report.blocks.filter((b) => !b.isValid)).toEqual([]);
      expect(report.blocks.filter((b) => b.name === 'core/freeform' || b.name === 'core/missing')).toEqual(
        [],
      );
      expect(report.serialized).toBe(asEditorWritesBrackets(post.content.raw ?? ''));
      const editorTitle = report.canvas.title;
      for (const shown of TITLE_SHOWN) expect(editorTitle).toContain(shown);
      expect(editorTitle).not.toContain('&#91;');

      if (testCase.excerpt) await expectExcerptInert(post);
      if (testCase.photos !== undefined) await expectPhotosInert(testCase.dealId, testCase.photos, $);
    },
    120_000,
  );
});

/** URLs that WordPress's auto-embed (run before blocks and shortcodes) would make a player or an iframe. */
const EMBED_CASES: Case[] = [
  { name: 'a paragraph of only an audio URL', body: '<p>https://evil.example/a.mp3</p>' },
  { name: 'a video URL alone on a line', body: '<p>Text\nhttps://evil.example/v.mp4\ndál</p>' },
  { name: 'a URL alone on a line of a list item', body: '<ul><li>\nhttps://evil.example/a.mp3\n</li></ul>' },
  {
    name: 'two URLs alone in a code block',
    body: '<pre><code>x\nhttps://evil.example/c.mp3\nhttps://evil.example/d.mp3\ny</code></pre>',
  },
];

describe('WordPress auto-embeds no URL of the advertiser’s', () => {
  it.each(EMBED_CASES.map((testCase, index) => ({ ...testCase, dealId: 9201 + index })))(
    '$name',
    async (testCase) => {
      const id = await publishCase(testCase, testCase.dealId);
      const post = await wpGet<WpPost & { link: string }>(world.site, `/wp/v2/posts/${id}?context=edit`);

      const { $ } = await publicPage(post.link);

      const content = $('.wp-block-post-content');
      expect(content.html() ?? '').not.toMatch(RAN);
      expect(content.find('iframe, audio, video, blockquote.wp-embedded-content')).toHaveLength(0);
      expect(content.text()).toContain('https://evil.example/');
      const report = await openInBlockEditor(world.page, world.site, id);
      expect(report.blocks.filter((b) => !b.isValid)).toEqual([]);
    },
    120_000,
  );
});
