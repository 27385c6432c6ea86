/**
 * The github plugin's promise, checked with the real generators a blogger's repository runs: the advertiser's
 * text can neither break the site's build nor become markup, whatever each generator's Markdown and template
 * languages do with it, and the page reads right (title, images, social tags, the label, the links' rel).
 *
 * For each generator (Jekyll with kramdown, minima, jekyll-seo-tag and jekyll-feed; Hugo; Eleventy 3 with
 * Nunjucks and with Liquid over Markdown; Astro with the blog starter's schema) the corpus
 * (../helpers/generator-corpus.ts) goes through pressbridge's own render and the plugin's `publish()` into the
 * fake GitHub, the commit's tree is laid into a minimal blog (test/fixtures/generator-sites/), built once, and
 * every page is opened in Chromium with every event fired on every element (../helpers/page-probe.ts).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitHubPublisher, GitHubOptions } from '../../plugins/github/index.js';
import { createSilentLogger } from '../../src/logger.js';
import type { StoredPhoto } from '../../src/pipeline/files.js';
import { type RenderedDeal, renderDeal } from '../../src/pipeline/render.js';
import { firstParagraphExcerpt } from '../../src/render/index.js';
import { articlePolicy } from '../../src/render/policy.js';
import { createRenderPool, type RenderPool } from '../../src/render/pool.js';
import { launchBrowser } from '../helpers/browser.js';
import { type CorpusArticle, GENERATOR_CORPUS } from '../helpers/generator-corpus.js';
import {
  type Blog,
  type BuildResult,
  buildBlog,
  GENERATORS,
  type Generator,
  jekyllSeoTexts,
  prepareBlog,
  type SiteServer,
  startSiteServer,
} from '../helpers/generator-sites.js';
import { createPageProbe, type PageFacts } from '../helpers/page-probe.js';
import { buildPublishInput, publishDeal, solidImage } from '../helpers/publish-inputs.js';
import { useHttpMock } from '../http-mock.js';
import { createFakeGitHub } from '../plugins/fake-github.js';
import { BASE_OPTIONS, fakeClock } from '../unit/plugins/github/helpers.js';

const http = useHttpMock();

const SITE_TITLE = 'Hory s dětmi';
const LABEL = 'Komerční sdělení';
const LABEL_CLASSES = ['pb-label', 'ad-note'];
const REL = ['sponsored', 'nofollow'];
const POLICY = articlePolicy({
  disclosure: { text: LABEL, position: 'top', className: LABEL_CLASSES.join(' ') },
  links: { rel: 'sponsored nofollow' },
});

interface Article {
  corpus: CorpusArticle;
  rendered: RenderedDeal;
  dealId: number;
}

interface PublishedPage {
  article: Article;
  url: string;
  facts: PageFacts | undefined;
}

interface SiteRun {
  generator: Generator;
  /** Set when publishing or building could not even start (reported by every check of the site). */
  failure: string | undefined;
  blog: Blog | undefined;
  build: BuildResult | undefined;
  pages: PublishedPage[];
}

/** Typographic quotes and dashes as plain ones: what a generator's typography may make of the same text. */
function plainTypography(text: string): string {
  return text
    .replace(/[‘’‚]/g, "'")
    .replace(/[“”„]/g, '"')
    .replace(/—/g, '---')
    .replace(/–/g, '--')
    .replace(/…/g, '...')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Astro 7's Markdown escapes a backtick in an image's alt text twice, so the page shows `&#x60;`: Astro's own
 * doing, whatever the file says (docs/security/interpreters.md, Astro's limits).
 */
function astroAlt(alt: string): string {
  return alt.replaceAll('`', '&#x60;');
}

async function photos(): Promise<StoredPhoto[]> {
  return await Promise.all(
    [0, 1, 2].map(async (n): Promise<StoredPhoto> => {
      const colour = ['#c83232', '#32c832', '#3232c8'][n] ?? '#888';
      return {
        n,
        bytes: await solidImage(colour, 'jpeg', 320, 200),
        width: 320,
        height: 200,
        contentType: 'image/jpeg',
        extension: 'jpg',
      };
    }),
  );
}

describe('github plugin → Jekyll, Hugo, Eleventy, Astro → Chromium (integration)', () => {
  let server: SiteServer;
  let pool: RenderPool;
  let browser: Browser;
  const runs: SiteRun[] = [];
  const articles: Article[] = [];
  /** Each title as jekyll-seo-tag prints it (see the Jekyll title check), or why Ruby could not say. */
  let jekyllTitles: string[] | Error = [];
  // One repository, emptied for each site: a second fake's interceptors would never be reached.
  const fake = createFakeGitHub(http);

  async function publishAll(generator: Generator, siteUrl: string): Promise<[PublishedPage[], Blog]> {
    fake.reset();
    const publisher = createGitHubPublisher(
      GitHubOptions.parse({ ...BASE_OPTIONS, ...generator.options, siteUrl }),
      { log: createSilentLogger(), clock: fakeClock(new Date()) },
    );
    const pages: PublishedPage[] = [];
    for (const article of articles) {
      const { input } = buildPublishInput({
        deal: publishDeal({ dealId: article.dealId, acceptedAt: new Date(Date.now() - 3_600_000) }),
        article: article.rendered.article,
        slug: article.rendered.slug,
        images: article.rendered.images,
      });
      const result = await publisher.publish(input);
      pages.push({ article, url: result.url, facts: undefined });
    }
    return [pages, prepareBlog(generator, siteUrl, fake.checkout())];
  }

  beforeAll(async () => {
    server = await startSiteServer();
    pool = createRenderPool({ threads: 1 });
    const stored = await photos();
    for (const [index, corpus] of GENERATOR_CORPUS.entries()) {
      const dealId = 7001 + index;
      const rendered = await renderDeal(pool, { dealId, html: corpus.html, photos: stored, policy: POLICY });
      articles.push({ corpus, rendered, dealId });
    }
    for (const generator of GENERATORS) {
      const run: SiteRun = { generator, failure: undefined, blog: undefined, build: undefined, pages: [] };
      runs.push(run);
      try {
        [run.pages, run.blog] = await publishAll(generator, `${server.origin}/${generator.name}/`);
      } catch (error) {
        run.failure = `publishing failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    const seoTitles = jekyllSeoTexts(articles.map((article) => article.rendered.article.title)).then(
      (titles) => titles,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    // Two builds at a time: most of a build is one process's CPU, and CI has two cores.
    const queue = runs.filter((run) => run.blog !== undefined);
    const worker = async () => {
      for (let run = queue.shift(); run !== undefined; run = queue.shift()) {
        const blog = run.blog as Blog;
        run.build = await buildBlog(blog);
        server.mount(run.generator.name, join(blog.dir, run.generator.output));
      }
    };
    await Promise.all([worker(), worker()]);
    jekyllTitles = await seoTitles;
    browser = await launchBrowser();
    const probe = await createPageProbe(browser);
    for (const run of runs) {
      if (run.build?.code !== 0) continue;
      for (const page of run.pages) {
        page.facts = await probe.probe(page.url, { content: run.generator.content, label: LABEL });
      }
    }
    await probe.close();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await pool?.close();
    await server?.close();
    for (const run of runs) if (run.blog) rmSync(run.blog.dir, { recursive: true, force: true });
  });

  function site(name: string): SiteRun {
    const run = runs.find((r) => r.generator.name === name);
    if (run === undefined) throw new Error(`no site ${name}`);
    if (run.failure !== undefined) throw new Error(run.failure);
    return run;
  }

  function built(name: string): Array<PublishedPage & { facts: PageFacts }> {
    const run = site(name);
    if (run.build?.code !== 0) {
      throw new Error(`${name} did not build (exit ${run.build?.code}):\n${run.build?.output.slice(-3000)}`);
    }
    return run.pages.map((page) => {
      if (page.facts === undefined) throw new Error(`${page.url} was not opened`);
      return { ...page, facts: page.facts };
    });
  }

  describe.each(GENERATORS.map((g) => g.name))('%s', (name) => {
    it('builds: the generator exits 0', () => {
      const run = site(name);
      expect(run.build?.code, run.build?.output.slice(-3000)).toBe(0);
    });

    it('serves the page at every URL handed back', () => {
      for (const page of built(name)) expect(page.facts.status, page.url).toBe(200);
    });

    it('shows the title exactly in <h1>, <title> and og:title', () => {
      for (const [index, { article, facts, url }] of built(name).entries()) {
        const title = article.rendered.article.title;
        expect(facts.h1, url).toContain(title);
        // jekyll-seo-tag reads the title as Markdown, with typography (docs/security/interpreters.md): the
        // front matter's title is exact when the tag prints what it makes of the exact title.
        if (jekyllTitles instanceof Error) throw jekyllTitles;
        const seoTitle = name === 'jekyll' ? (jekyllTitles[index] ?? '') : title;
        expect([seoTitle, `${seoTitle} | ${SITE_TITLE}`], url).toContain(facts.title);
        expect(facts.meta['og:title'], url).toBe(seoTitle);
      }
    });

    it('resolves every image and the social image; alt texts as written', () => {
      for (const { article, facts, url } of built(name)) {
        expect(facts.images.length, url).toBe(2);
        for (const image of facts.images) expect(image.loaded, `${url}: ${image.src}`).toBe(true);
        const alts = article.rendered.images.filter((image) => image.n !== 0).map((image) => image.alt);
        expect(facts.images.map((image) => plainTypography(image.alt)).sort(), url).toEqual(
          alts.map((alt) => plainTypography(name === 'astro' ? astroAlt(alt) : alt)).sort(),
        );
        expect(facts.socialImages.length, `${url}: og:image`).toBeGreaterThan(0);
        for (const image of facts.socialImages) {
          expect(image.status, `${url}: ${image.url}`).toBe(200);
          expect(image.type, image.url).toMatch(/^image\//);
        }
      }
    });

    it('shows the label first, visible, on top of everything, with its classes', () => {
      for (const { facts, url } of built(name)) {
        expect(facts.label, url).toMatchObject({ found: true, visible: true, topmost: true, first: true });
        if (facts.label.found)
          expect(facts.label.classes, url).toEqual(expect.arrayContaining(LABEL_CLASSES));
      }
    });

    it('gives every link in the article the configured rel; no bare address became a link without it', () => {
      for (const { facts, url } of built(name)) {
        expect(facts.links.length, url).toBeGreaterThan(0);
        for (const link of facts.links) {
          const tokens = link.rel.toLowerCase().split(/\s+/);
          expect(tokens, `${url}: <a href="${link.href}">${link.text}</a>`).toEqual(
            expect.arrayContaining(REL),
          );
        }
      }
    });

    it('runs nothing the advertiser wrote: no handler ran, no script, on* attribute or style came from the text', () => {
      for (const { facts, url } of built(name)) {
        expect(facts.ran, url).toEqual([]);
        expect(facts.handlers, url).toEqual([]);
        expect(facts.scriptUrls, url).toEqual([]);
        expect(facts.foreign, url).toEqual([]);
        expect(facts.styled, url).toEqual([]);
      }
    });

    it('shows the text as written: attribute lists, template tags, markup and addresses stay text', () => {
      for (const { article, facts, url } of built(name)) {
        for (const shown of article.corpus.shown) {
          expect(plainTypography(facts.text), url).toContain(plainTypography(shown));
        }
      }
    });

    it('describes the article by its first paragraph, not by the label', () => {
      for (const { article, facts, url } of built(name)) {
        const expected = firstParagraphExcerpt(article.rendered.article.blocks) ?? '';
        for (const key of ['description', 'og:description']) {
          if (!(key in facts.meta)) continue;
          const description = facts.meta[key] ?? '';
          expect(description, `${url}: ${key}`).not.toContain(LABEL);
          expect(plainTypography(description), `${url}: ${key}`).toBe(plainTypography(expected));
        }
        expect(facts.meta.description, `${url}: description`).toBeDefined();
      }
    });
  });

  it('jekyll-feed: no entry is summarised by the label', () => {
    const run = site('jekyll');
    built('jekyll');
    const feed = readFileSync(join(run.blog?.dir ?? '', '_site/feed.xml'), 'utf8');
    const summaries = [...feed.matchAll(/<summary[^>]*>([\s\S]*?)<\/summary>/g)].map((m) => m[1] ?? '');
    expect(summaries.length).toBe(GENERATOR_CORPUS.length);
    for (const summary of summaries) expect(summary).not.toContain(LABEL);
  });
});
