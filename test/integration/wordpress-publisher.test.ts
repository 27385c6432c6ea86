import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { load } from 'cheerio';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import wordpress, {
  type WordPressOptionsInput,
  type WordPressPublisher,
} from '../../plugins/wordpress/index.js';
import { systemClock } from '../../src/clock.js';
import { PublishError } from '../../src/errors.js';
import type { DraftInput, PublisherProgress, PublishImage, PublishInput } from '../../src/publisher/types.js';
import { parseArticle } from '../../src/render/html.js';
import { caught } from '../helpers/caught.js';
import {
  buildDraftInput,
  buildPublishInput,
  parsedArticle,
  publishDeal,
  type Recorded,
  solidPhotos,
} from '../helpers/publish-inputs.js';
import { freePort } from '../helpers/redis-server.js';
import { inEnglish } from '../helpers/said.js';
import {
  listMedia,
  listPosts,
  parseBlocks,
  resetContent,
  startWordPress,
  type WordPressSite,
  type WpPost,
  wpFetch,
  wpGet,
  wpSend,
} from '../helpers/wordpress.js';

// --- arrange helpers -------------------------------------------------------------------------------------

/** The daemon's logger at debug level, every line kept (to prove no secret reaches it). */
function daemonLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

const ARTICLE_HTML = `<h1>Výlet do Vysokých Tater</h1>
<p>Na Štrbském plese bylo krásně. [foto1] Pak jsme šli dál.</p>
<h2>Kudy dál</h2>
<p>[foto2]</p>
<p>Ubytování doporučuje <a href="https://hotel.example.cz/tatry" rel="sponsored">Hotel Tatry</a>.</p>`;

async function photos(slug: string): Promise<PublishImage[]> {
  return await solidPhotos(slug, {
    width: 1200,
    height: 800,
    alt: (n) => (n === 0 ? 'Výlet do Vysokých Tater' : `Výlet do Vysokých Tater – foto ${n}`),
  });
}

async function publishInput(
  dealId: number,
  categoryId: number | null,
  overrides: Partial<PublishInput> = {},
): Promise<Recorded<PublishInput>> {
  const slug = 'vylet-do-vysokych-tater';
  return buildPublishInput({
    deal: publishDeal({ dealId, categoryId }),
    article: parsedArticle(ARTICLE_HTML, [0, 1, 2], 'bez názvu'),
    slug,
    images: await photos(slug),
    ...overrides,
  });
}

const BRIEF_HTML =
  '<h2>Zadání</h2><ul><li>Klíčové slovo: <a href="https://hotel.example.cz/">hotel v Tatrách</a></li></ul><p>Napište o ubytování.</p>';

function draftInput(
  dealId: number,
  overrides: Partial<DraftInput> = {},
): DraftInput & { patches: PublisherProgress[] } {
  const { input, progress } = buildDraftInput({
    deal: publishDeal({ dealId }),
    title: 'Zadání: Hotel Tatry',
    briefHtml: BRIEF_HTML,
    slug: 'zadani-hotel-tatry',
  });
  return { ...input, patches: progress, ...overrides };
}

function categoryId(site: WordPressSite, name: string): number {
  const category = site.categories.find((c) => c.name === name);
  if (!category) throw new Error(`no category ${name}`);
  return category.id;
}

function publisherFor(
  site: WordPressSite,
  options: Partial<WordPressOptionsInput> = {},
  log = daemonLog().log,
): WordPressPublisher {
  const parsed = wordpress.optionsSchema.parse({
    url: site.url,
    username: site.username,
    applicationPassword: site.applicationPassword,
    categories: 'identity',
    ...options,
  });
  return wordpress.create(parsed, { blogId: 1, log, dataDir: '/tmp', clock: systemClock });
}

function imageIds(post: WpPost): number[] {
  return parseBlocks(post.content.raw ?? '')
    .filter((b) => b.blockName === 'core/image')
    .map((b) => Number(b.attrs.id));
}

// --- both permalink structures ----------------------------------------------------------------------------

describe.each([
  { permalinks: 'pretty', name: 'pb-publisher', prettyPermalinks: true },
  { permalinks: 'plain', name: 'pb-publisher-plain', prettyPermalinks: false },
])('plugins/wordpress against a real WordPress with $permalinks permalinks', ({ name, prettyPermalinks }) => {
  let site: WordPressSite;

  beforeAll(async () => {
    site = await startWordPress({ name, prettyPermalinks });
  });

  afterAll(async () => {
    await site?.stop();
  });

  beforeEach(async () => {
    await resetContent(site);
  });

  it('publishes an article with a cover and two inline photos as one well-formed post', async () => {
    // Arrange
    const technika = categoryId(site, 'Technika');
    const { input, progress } = await publishInput(101, technika);
    const logs = daemonLog();
    const publisher = publisherFor(site, {}, logs.log);

    // Act
    const result = await publisher.publish(input);

    // Assert: the post
    const posts = await listPosts(site, { status: 'all' });
    expect(posts).toHaveLength(1);
    const post = posts[0] as WpPost;
    expect(result).toEqual({ url: post.link, ref: `wp:${post.id}`, reused: false });
    expect(post.link).toBe(
      prettyPermalinks ? `${site.url}/vylet-do-vysokych-tater/` : `${site.url}/?p=${post.id}`,
    );
    expect(post.status).toBe('publish');
    expect(post.slug).toBe('vylet-do-vysokych-tater');
    expect(post.title.raw).toBe('Výlet do Vysokých Tater');
    expect(post.categories).toEqual([technika]);

    // Assert: the media
    const media = await listMedia(site);
    expect(media).toHaveLength(3);
    const bySlug = new Map(media.map((m) => [m.slug, m]));
    const cover = bySlug.get('pressbridge-deal-101-photo-0');
    const first = bySlug.get('pressbridge-deal-101-photo-1');
    const second = bySlug.get('pressbridge-deal-101-photo-2');
    expect(post.featured_media).toBe(cover?.id);
    expect(cover?.alt_text).toBe('Výlet do Vysokých Tater');
    expect(first?.alt_text).toBe('Výlet do Vysokých Tater – foto 1');
    expect(second?.alt_text).toBe('Výlet do Vysokých Tater – foto 2');
    expect(media.every((m) => m.mime_type === 'image/jpeg' && m.media_details.width === 1200)).toBe(true);
    expect(media.every((m) => Object.keys(m.media_details.sizes ?? {}).includes('large'))).toBe(true);
    expect(first?.source_url).toMatch(/\/vylet-do-vysokych-tater-1\.jpg$/);

    // Assert: the content is block markup WordPress parses, image blocks referencing the media
    const blocks = parseBlocks(post.content.raw ?? '');
    const named = blocks.filter((b) => b.blockName !== null || b.innerHTML.trim() !== '');
    expect(named.every((b) => b.blockName !== null)).toBe(true);
    expect(named.map((b) => b.blockName)).toEqual([
      'core/paragraph',
      'core/image',
      'core/paragraph',
      'core/heading',
      'core/image',
      'core/paragraph',
    ]);
    expect(imageIds(post)).toEqual([first?.id, second?.id]);
    expect(post.content.raw).toContain(`class="wp-image-${first?.id}"`);
    expect(post.content.raw).toContain(first?.media_details.sizes?.large?.source_url);
    expect(post.content.raw).toContain(
      '<a href="https://hotel.example.cz/tatry" rel="sponsored">Hotel Tatry</a>',
    );
    expect(blocks[0]?.attrs.pressbridgeRef).toBe('pressbridge:deal:101');

    // Assert: the public page shows the article and no trace of pressbridge's marker
    const page = await fetch(result.url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Výlet do Vysokých Tater');
    expect(html).toContain('Hotel Tatry');
    expect(html).not.toContain('pressbridge:deal');

    // Assert: each id was reported as soon as it existed (uploads run at once, so in the order they finished),
    // every report carrying the ids reported before it
    const ids = { '0': cover?.id, '1': first?.id, '2': second?.id };
    expect(progress).toHaveLength(4);
    const reported = progress.slice(0, 3).map((patch) => patch.wpMedia as Record<string, number>);
    for (const [i, patch] of reported.entries()) {
      expect(Object.keys(patch)).toHaveLength(i + 1);
      expect(patch).toEqual(expect.objectContaining(reported[i - 1] ?? {}));
      expect(ids).toEqual(expect.objectContaining(patch));
    }
    expect(progress[3]).toEqual({ wpPostId: post.id });
    expect(logs.lines.join('\n')).not.toContain(site.applicationPassword);
  });

  it('publishing the same deal again, with no record of the first time, reuses the post', async () => {
    // Arrange
    const publisher = publisherFor(site);
    const first = await publisher.publish((await publishInput(102, null)).input);
    const again = await publishInput(102, null);

    // Act
    const second = await publisherFor(site).publish(again.input);

    // Assert
    expect(second).toEqual({ url: first.url, ref: first.ref, reused: true });
    expect(await listPosts(site, { status: 'all' })).toHaveLength(1);
    expect(await listMedia(site)).toHaveLength(3);
    expect(again.progress).toEqual([{ wpPostId: Number(first.ref.slice(3)) }]);
  });

  it('a retry after a crash between two photo uploads finishes with exactly one post and three photos', async () => {
    // Arrange: the deal record cannot be written once the second photo exists, and the process dies before
    // the third upload (running at the same time) reaches WordPress
    const crash = new Error('redis went away');
    let crashed = () => {};
    const afterCrash = new Promise<void>((resolve) => {
      crashed = resolve;
    });
    const crashing = await publishInput(103, null, {
      progress: async (patch) => {
        if (Object.keys((patch.wpMedia as object | undefined) ?? {}).length === 2) {
          crashed();
          throw crash;
        }
      },
    });
    const held = crashing.input.images[2]?.n;
    const dying: typeof fetch = async (url, init) => {
      if (init?.method === 'POST' && String(url).includes(`pressbridge-deal-103-photo-${held}`)) {
        await afterCrash;
        throw new TypeError('fetch failed: the process died');
      }
      return await fetch(url, init);
    };
    const parsed = wordpress.optionsSchema.parse({
      url: site.url,
      username: site.username,
      applicationPassword: site.applicationPassword,
    });
    const dyingPublisher = wordpress.create(parsed, {
      blogId: 1,
      log: daemonLog().log,
      dataDir: '/tmp',
      clock: systemClock,
      fetch: dying,
    });
    expect(await caught(dyingPublisher.publish(crashing.input))).toBe(crash);
    const leftBehind = await listMedia(site);
    expect(leftBehind).toHaveLength(2);
    expect(await listPosts(site, { status: 'all' })).toHaveLength(0);
    const retry = await publishInput(103, null);

    // Act
    const result = await publisherFor(site).publish(retry.input);

    // Assert
    const media = await listMedia(site);
    const posts = await listPosts(site, { status: 'all' });
    expect(media).toHaveLength(3);
    expect(posts).toHaveLength(1);
    expect(result.reused).toBe(false);
    const reusedIds = leftBehind.map((m) => m.id);
    expect(media.map((m) => m.id)).toEqual(expect.arrayContaining(reusedIds));
    expect(retry.progress[0]).toEqual({
      wpMedia: Object.fromEntries(leftBehind.map((m) => [m.slug.slice(-1), m.id])),
    });
    const post = posts[0] as WpPost;
    const cover = media.find((m) => m.slug === 'pressbridge-deal-103-photo-0');
    expect(post.featured_media).toBe(cover?.id);
    expect(imageIds(post)).toEqual(
      ['1', '2'].map((n) => media.find((m) => m.slug === `pressbridge-deal-103-photo-${n}`)?.id),
    );
  });
});

// --- one site: the rest of the behaviour ------------------------------------------------------------------

describe('plugins/wordpress against a real WordPress', () => {
  let site: WordPressSite;

  beforeAll(async () => {
    site = await startWordPress({ name: 'pb-publisher' });
  });

  afterAll(async () => {
    await site?.stop();
  });

  beforeEach(async () => {
    await resetContent(site);
  });

  it('a retry after a crash between creating the post and recording it reuses the post', async () => {
    // Arrange
    const crash = new Error('worker killed');
    const crashing = await publishInput(201, null, {
      progress: async (patch) => {
        if (patch.wpPostId !== undefined) throw crash;
      },
    });
    expect(await caught(publisherFor(site).publish(crashing.input))).toBe(crash);
    const created = await listPosts(site, { status: 'all' });
    expect(created).toHaveLength(1);
    const retry = await publishInput(201, null);

    // Act
    const result = await publisherFor(site).publish(retry.input);

    // Assert
    expect(result).toEqual({ url: created[0]?.link, ref: `wp:${created[0]?.id}`, reused: true });
    expect(await listPosts(site, { status: 'all' })).toHaveLength(1);
    expect(await listMedia(site)).toHaveLength(3);
  });

  it('updates the deal’s draft to published instead of making a second post', async () => {
    // Arrange
    const draft = await publisherFor(site, { status: 'draft' }).publish(
      (await publishInput(202, null)).input,
    );
    const [before] = await listPosts(site, { status: 'all' });
    expect(before?.status).toBe('draft');

    // Act
    const result = await publisherFor(site, { status: 'publish' }).publish(
      (await publishInput(202, null)).input,
    );

    // Assert
    const posts = await listPosts(site, { status: 'all' });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.status).toBe('publish');
    // Made live by this call (the draft existed, the live post did not): not a reuse of an earlier attempt's.
    expect(result).toEqual({ url: `${site.url}/vylet-do-vysokych-tater/`, ref: draft.ref, reused: false });
    expect(draft.url).toBe(`${site.url}/?p=${before?.id}`);
    expect(await listMedia(site)).toHaveLength(3);
  });

  it('trusts a recorded post id only when it is the deal’s post, even after the editor dropped the marker', async () => {
    // Arrange
    const first = await publisherFor(site).publish((await publishInput(203, null)).input);
    const id = Number(first.ref.slice(3));
    const other = await wpSend<WpPost>(site, '/wp/v2/posts', {
      title: 'Jiný',
      status: 'publish',
      slug: 'jiny',
    });
    const wrongHint = await publishInput(203, null, { previous: { wpPostId: other.id } });

    // Act: a record pointing at someone else's post; then the deal's post saved again by the block editor
    // (which drops attributes a block does not declare) and a record pointing at it
    const viaSearch = await publisherFor(site).publish(wrongHint.input);
    await wpSend(site, `/wp/v2/posts/${id}`, {
      content: '<!-- wp:paragraph -->\n<p>Upraveno v editoru.</p>\n<!-- /wp:paragraph -->',
    });
    const viaHint = await publisherFor(site).publish(
      (await publishInput(203, null, { previous: { wpPostId: id } })).input,
    );

    // Assert
    expect(viaSearch).toEqual({ url: first.url, ref: first.ref, reused: true });
    expect(wrongHint.entries.some((e) => e.msg.includes('is not this deal’s'))).toBe(true);
    expect(viaHint).toEqual({ url: first.url, ref: first.ref, reused: true });
    const posts = await listPosts(site, { status: 'all' });
    expect(posts.map((p) => p.id).sort((a, b) => a - b)).toEqual([id, other.id].sort((a, b) => a - b));
    expect(posts.find((p) => p.id === other.id)?.title.raw).toBe('Jiný');
    expect(posts.find((p) => p.id === id)?.content.raw).toContain('Upraveno v editoru.');
    expect(await listMedia(site)).toHaveLength(3);
  });

  it('refuses to publish again while the deal’s post is in the trash', async () => {
    // Arrange
    const first = await publisherFor(site).publish((await publishInput(204, null)).input);
    const trash = await wpFetch(site, `/wp/v2/posts/${first.ref.slice(3)}`, { method: 'DELETE' });
    expect(trash.status).toBe(200);

    // Act
    const error = await caught(publisherFor(site).publish((await publishInput(204, null)).input));

    // Assert
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ code: 'wordpress_post_trashed', retryable: false });
    expect((error as Error).message).toContain(site.url);
    expect((error as Error).message).toContain('Trash');
    expect(await listPosts(site, { status: 'all' })).toHaveLength(1);
  });

  it('maps categories: a map entry, an unknown id to the default with a warning, none to WordPress’s default', async () => {
    // Arrange
    const cestovani = categoryId(site, 'Cestování');
    const zdravi = categoryId(site, 'Zdraví');
    const publisher = publisherFor(site, { categories: { '12': cestovani }, defaultCategory: zdravi });
    const mapped = await publishInput(205, 12);
    const unknown = await publishInput(206, 99);
    const identityMissing = await publishInput(207, 9999);

    // Act
    const a = await publisher.publish(mapped.input);
    const b = await publisher.publish(unknown.input);
    const c = await publisherFor(site, { categories: 'identity' }).publish(identityMissing.input);

    // Assert
    const posts = await listPosts(site, { status: 'all' });
    const categoriesOf = (ref: string) => posts.find((p) => `wp:${p.id}` === ref)?.categories;
    expect(categoriesOf(a.ref)).toEqual([cestovani]);
    expect(categoriesOf(b.ref)).toEqual([zdravi]);
    expect(unknown.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: `marketplace category 99 is not in the option categories; using the default category ${zdravi}`,
      }),
    );
    expect(categoriesOf(c.ref)).toEqual([categoryId(site, 'Uncategorized')]);
    expect(identityMissing.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: `WordPress category 9999 does not exist on ${site.url}; using WordPress's default category`,
      }),
    );
  });

  it('sets author and comment status from the options', async () => {
    // Arrange
    const publisher = publisherFor(site, { author: 1, commentStatus: 'closed', status: 'pending' });

    // Act
    const result = await publisher.publish((await publishInput(208, null)).input);

    // Assert
    const posts = await listPosts(site, { status: 'all' });
    const post = posts.find((p) => `wp:${p.id}` === result.ref) as WpPost & {
      author: number;
      comment_status: string;
    };
    expect(post.status).toBe('pending');
    expect(post.author).toBe(1);
    expect(post.comment_status).toBe('closed');
  });

  it('sends titles as text: markup in a title shows as characters, also for an Administrator', async () => {
    // Arrange: the <h1> carries escaped markup, so the title itself contains "<img …>" as characters
    const title = '<img src=x onerror=alert(1)> Sekačky & "vozíky" <b>levně</b>';
    const article = parseArticle(
      '<h1>&lt;img src=x onerror=alert(1)&gt; Sekačky &amp; "vozíky" &lt;b&gt;levně&lt;/b&gt;</h1><p>Text.</p>',
      { photoNumbers: [] },
    );
    expect(article.title).toBe(title);
    const { input } = await publishInput(305, null, {
      article: { ...article, title },
      slug: 'sekacky',
      images: [],
    });
    const publisher = publisherFor(site);

    // Act
    const result = await publisher.publish(input);
    await publisher.createDraft(draftInput(306, { title, slug: 'zadani-sekacky' }));

    // Assert: stored escaped, shown as the same characters, never as an element
    const posts = await listPosts(site, { status: 'all' });
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.title.raw).toBe(
        '&lt;img src=x onerror=alert(1)&gt; Sekačky &amp; "vozíky" &lt;b&gt;levně&lt;/b&gt;',
      );
      const rendered = load(`<h1>${post.title.rendered}</h1>`, null, false);
      expect(rendered('h1 *')).toHaveLength(0);
      expect(rendered('h1').text().replace(/[“”″]/g, '"')).toBe(title);
    }
    const page = await (await fetch(result.url)).text();
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<b>levně');
    expect(load(page)('h1, h2, title').text()).toContain('<img src=x onerror=alert(1)> Sekačky');
  });

  it('creates the brief draft exactly once', async () => {
    // Arrange
    const publisher = publisherFor(site);
    const first = draftInput(301);

    // Act
    const created = await publisher.createDraft(first);
    const again = await publisherFor(site).createDraft(draftInput(301));

    // Assert
    const posts = await listPosts(site, { status: 'all' });
    expect(posts).toHaveLength(1);
    const post = posts[0] as WpPost;
    expect(created).toEqual({
      ref: `wp:${post.id}`,
      editUrl: `${site.url}/wp-admin/post.php?post=${post.id}&action=edit`,
      reused: false,
    });
    expect(again).toEqual({ ...created, reused: true });
    expect(post.status).toBe('draft');
    expect(post.title.raw).toBe('Zadání: Hotel Tatry');
    expect(
      parseBlocks(post.content.raw ?? '')
        .filter((b) => b.blockName !== null)
        .map((b) => b.blockName),
    ).toEqual(['core/heading', 'core/list', 'core/paragraph']);
    expect(post.content.raw).toContain('<a href="https://hotel.example.cz/">hotel v Tatrách</a>');
    expect(first.patches).toEqual([{ wpDraftId: post.id }]);
    expect(await listMedia(site)).toHaveLength(0);
  });

  it('reports a wrong Application Password as a permanent error naming the site, without the password', async () => {
    // Arrange
    const wrong = 'abcd EFGH ijkl MNOP qrst UVWX';
    const logs = daemonLog();
    const publisher = publisherFor(site, { applicationPassword: wrong }, logs.log);
    const { input, entries } = await publishInput(401, null);

    // Act
    const error = await caught(publisher.publish(input));
    const reachable = inEnglish(await publisher.checkReachable());

    // Assert
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ code: 'wordpress_unauthorized', retryable: false });
    const message = (error as Error).message;
    expect(message).toContain(`WordPress rejected the credentials for ${site.url}`);
    expect(message).toContain('applicationPassword');
    expect(reachable.ok).toBe(false);
    expect(reachable.detail).toContain(`WordPress rejected the credentials for ${site.url}`);
    const everything = [message, reachable.detail, ...logs.lines, JSON.stringify(entries)].join('\n');
    expect(everything).not.toContain(wrong);
    expect(everything).not.toContain(wrong.replace(/ /g, ''));
    expect(await listPosts(site, { status: 'all' })).toHaveLength(0);
    expect(await listMedia(site)).toHaveLength(0);
  });

  it('checkReachable: ok on the site; not ok, saying why, when nothing listens', async () => {
    // Arrange
    const port = await freePort();
    const nowhere = { ...site, url: `http://127.0.0.1:${port}` };

    // Act
    const ok = inEnglish(await publisherFor(site).checkReachable());
    const refused = inEnglish(await publisherFor(nowhere).checkReachable());

    // Assert
    expect(ok).toEqual({ ok: true, detail: `WordPress at ${site.url}: signed in as admin` });
    expect(refused.ok).toBe(false);
    expect(refused.detail).toContain(`Cannot reach WordPress at http://127.0.0.1:${port}`);
    expect(refused.detail).toContain('connection refused');
  });

  it('a refused connection while publishing is a retryable error naming the site', async () => {
    // Arrange
    const port = await freePort();
    const publisher = publisherFor({ ...site, url: `http://127.0.0.1:${port}` });

    // Act
    const error = await caught(publisher.publish((await publishInput(402, null)).input));

    // Assert
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ code: 'wordpress_unreachable', retryable: true });
    expect((error as Error).message).toContain(`Cannot reach WordPress at http://127.0.0.1:${port}`);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it('diagnose and listCategories describe the site', async () => {
    // Arrange
    const publisher = publisherFor(site, { categories: { '1': categoryId(site, 'Zdraví'), '2': 4242 } });

    // Act
    const checks = inEnglish(await publisher.diagnose());
    const categories = await publisher.listCategories();

    // Assert
    expect(checks.map((c) => c.status)).toEqual(['ok', 'ok', 'ok', 'warn']);
    expect(checks[3]?.detail).toContain('categories 4242 do not exist');
    expect(categories).toEqual(
      expect.arrayContaining([
        { id: categoryId(site, 'Uncategorized'), name: 'Uncategorized', default: true },
        { id: categoryId(site, 'Zdraví'), name: 'Zdraví' },
      ]),
    );
  });

  // --- tags, excerpt and the sponsored category ------------------------------------------------------------

  async function withKeywords(dealId: number, keywords: string[]): Promise<Recorded<PublishInput>> {
    const run = await publishInput(dealId, null);
    run.input.deal = { ...run.input.deal, keywords };
    return run;
  }

  async function tagNames(ids: number[]): Promise<string[]> {
    const names: string[] = [];
    for (const id of ids) names.push((await wpGet<{ name: string }>(site, `/wp/v2/tags/${id}`)).name);
    return names;
  }

  async function postOf(ref: string): Promise<WpPost> {
    const post = (await listPosts(site, { status: 'all' })).find((p) => `wp:${p.id}` === ref);
    if (!post) throw new Error(`no post ${ref}`);
    return post;
  }

  it('tags: keywords takes existing tags by name and creates none unless createTags', async () => {
    // Arrange
    const existing = await wpSend<{ id: number }>(site, '/wp/v2/tags', { name: 'Zahradní Sekačka' });
    const only = await withKeywords(401, ['zahradní sekačka', 'sekačky na trávu']);

    // Act
    const result = await publisherFor(site, { tags: 'keywords' }).publish(only.input);

    // Assert
    expect((await postOf(result.ref)).tags).toEqual([existing.id]);
    const all = await wpGet<Array<{ name: string }>>(site, '/wp/v2/tags?hide_empty=false&per_page=100');
    expect(all.map((t) => t.name)).toEqual(['Zahradní Sekačka']);
    expect(only.entries).toContainEqual(
      expect.objectContaining({
        level: 'info',
        msg: `keywords without a tag on ${site.url} were left out: sekačky na trávu (set createTags: true to create them)`,
      }),
    );
  });

  it('createTags: true creates the missing tags once; the next deal reuses them', async () => {
    // Arrange
    const existing = await wpSend<{ id: number }>(site, '/wp/v2/tags', { name: 'sekačka' });
    const publisher = publisherFor(site, { tags: 'keywords', createTags: true });
    const first = await withKeywords(402, ['Sekačka', 'Trávník & zahrada']);
    const second = await withKeywords(403, ['trávník & zahrada']);

    // Act
    const a = await publisher.publish(first.input);
    const b = await publisher.publish(second.input);

    // Assert
    const tagsA = (await postOf(a.ref)).tags;
    expect(tagsA[0]).toBe(existing.id);
    expect(await tagNames(tagsA)).toEqual(['sekačka', 'Trávník &amp; zahrada']);
    expect((await postOf(b.ref)).tags).toEqual([tagsA[1]]);
    const all = await wpGet<unknown[]>(site, '/wp/v2/tags?hide_empty=false&per_page=100');
    expect(all).toHaveLength(2);
  });

  it('without the option tags, keywords make no tags', async () => {
    // Arrange
    const run = await withKeywords(404, ['sekačka']);

    // Act
    const result = await publisherFor(site, { createTags: true }).publish(run.input);

    // Assert
    expect((await postOf(result.ref)).tags).toEqual([]);
    expect(await wpGet<unknown[]>(site, '/wp/v2/tags?hide_empty=false')).toEqual([]);
  });

  it('sets the excerpt to the first paragraph as plain text, escaped; excerpt: false leaves it to WordPress', async () => {
    // Arrange
    const hostile = await publishInput(405, null, {
      article: {
        title: 'Sekačky',
        blocks: [
          { type: 'heading', level: 2, html: 'Úvod' },
          { type: 'paragraph', html: '&lt;img src=x onerror=alert(1)&gt; <em>Sekačky</em> &amp; trávníky' },
          { type: 'paragraph', html: 'Druhý odstavec.' },
        ],
        cover: undefined,
        notes: [],
      },
      slug: 'sekacky',
      images: [],
    });
    const plain = await publishInput(406, null);

    // Act
    const a = await publisherFor(site).publish(hostile.input);
    const b = await publisherFor(site, { excerpt: false }).publish(plain.input);

    // Assert
    const postA = await postOf(a.ref);
    expect(postA.excerpt.raw).toBe('&lt;img src=x onerror=alert(1)&gt; Sekačky &amp; trávníky');
    expect(postA.excerpt.rendered).not.toContain('<img');
    expect(postA.excerpt.rendered).toContain('&lt;img src=x onerror=alert(1)&gt; Sekačky &amp; trávníky');
    expect((await postOf(b.ref)).excerpt.raw).toBe('');
    const c = await publisherFor(site).publish((await publishInput(407, null)).input);
    expect((await postOf(c.ref)).excerpt.raw).toBe('Na Štrbském plese bylo krásně.');
  });

  it('adds the sponsored category (by name or id) and tag to the post’s own', async () => {
    // Arrange
    const technika = categoryId(site, 'Technika');
    const zdravi = categoryId(site, 'Zdraví');
    const byName = publisherFor(site, {
      tags: 'keywords',
      createTags: true,
      sponsored: { category: 'zdraví', tag: 'Reklama' },
    });
    const byId = publisherFor(site, { sponsored: { category: zdravi } });
    const first = await withKeywords(408, ['sekačka']);
    first.input.deal = { ...first.input.deal, categoryId: technika };

    // Act
    const a = await byName.publish(first.input);
    const b = await byId.publish((await publishInput(409, null)).input);

    // Assert
    const postA = await postOf(a.ref);
    expect(postA.categories).toEqual([technika, zdravi]);
    expect((await tagNames(postA.tags)).sort()).toEqual(['Reklama', 'sekačka']);
    expect((await postOf(b.ref)).categories).toEqual([zdravi]);
  });

  it('a sponsored category the site does not have is left out with a warning; the post is published', async () => {
    // Arrange
    const run = await publishInput(410, null);

    // Act
    const result = await publisherFor(site, { sponsored: { category: 'Komerční sdělení' } }).publish(
      run.input,
    );

    // Assert
    expect((await postOf(result.ref)).categories).toEqual([categoryId(site, 'Uncategorized')]);
    expect(run.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: expect.stringContaining(
          `the sponsored category "Komerční sdělení" does not exist on ${site.url}; the post goes without it`,
        ),
      }),
    );
  });
});

describe('plugins/wordpress against a web server that is not WordPress', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('says there is no WordPress REST API at the url, permanently', async () => {
    // Arrange
    const publisher = wordpress.create(
      wordpress.optionsSchema.parse({
        url,
        username: 'admin',
        applicationPassword: 'abcd efgh ijkl mnop qrst uvwx',
      }),
      { blogId: 1, log: daemonLog().log, dataDir: '/tmp', clock: systemClock },
    );

    // Act
    const error = await caught(publisher.publish((await publishInput(501, null)).input));
    const reachable = inEnglish(await publisher.checkReachable());

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_no_rest_api', retryable: false });
    expect((error as Error).message).toContain(`There is no WordPress REST API at ${url}`);
    expect(reachable).toEqual({
      ok: false,
      detail: expect.stringContaining(`no WordPress REST API at ${url}`),
    });
  });
});
