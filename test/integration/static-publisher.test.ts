/**
 * The static publisher against the real file system and its own built-in HTTP server: what a visitor (or the
 * marketplace's check) sees at the URL the publisher hands back.
 */
import { cp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'cheerio';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import staticSite, { createStaticPublisher, type StaticPublisher } from '../../plugins/static/index.js';
import { systemClock } from '../../src/clock.js';
import { createSilentLogger } from '../../src/logger.js';
import { english } from '../../src/publisher/phrase.js';
import {
  ADVERTISER_LINK,
  caught,
  draftInput,
  publishInput,
  rawRequest,
  tempDirs,
} from '../unit/plugins/static/helpers.js';

const SLUG = 'sekacky-a-travniky-pruvodce';

function create(dataDir: string): StaticPublisher {
  const options = staticSite.optionsSchema.parse({ serve: {}, siteName: 'Zahrada u Jany', dir: 'web' });
  return staticSite.create(options, { blogId: 1, log: createSilentLogger(), dataDir, clock: systemClock });
}

async function articleFolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
}

describe('plugins/static with its built-in server', () => {
  const temp = tempDirs();
  let dataDir: string;
  let pub: StaticPublisher;
  let firstUrl: string;

  beforeAll(async () => {
    dataDir = await temp.make();
    pub = create(dataDir);
  });

  afterAll(async () => {
    await pub?.close();
    await temp.cleanup();
  });

  it('serves an empty index page as soon as it starts, before any article', async () => {
    // Act
    const response = await fetch(await pub.baseUrl());
    const $ = load(await response.text());

    // Assert
    expect(response.status).toBe(200);
    expect($('h1').text()).toBe('Zahrada u Jany');
    expect($('ul.articles li')).toHaveLength(0);
  });

  it('publishes a deal with a cover and two photos at a URL that answers with the page and its photos', async () => {
    // Arrange
    const { input } = await publishInput(201);

    // Act
    const result = await pub.publish(input);
    firstUrl = result.url;
    const base = await pub.baseUrl();
    const response = await fetch(result.url);
    const html = await response.text();

    // Assert
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(result).toEqual({ url: `${base}${SLUG}/`, ref: `static:${SLUG}`, reused: false });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const $ = load(html);
    expect($('h1').text()).toBe('Sekačky & trávníky: průvodce');
    expect($('title').text()).toBe('Sekačky & trávníky: průvodce – Zahrada u Jany');
    expect($('a[rel="sponsored"]').attr('href')).toBe(ADVERTISER_LINK);
    const sources = $('article img')
      .toArray()
      .map((img) => $(img).attr('src') ?? '');
    expect(sources).toEqual([`${SLUG}-0.jpg`, `${SLUG}-1.jpg`, `${SLUG}-2.webp`]);
    const expectedTypes = ['image/jpeg', 'image/jpeg', 'image/webp'];
    for (const [i, src] of sources.entries()) {
      const image = await fetch(new URL(src, result.url));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe(expectedTypes[i]);
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({ width: 320, height: 200, format: i === 2 ? 'webp' : 'jpeg' });
    }
  });

  it('lists the article on the index page at the served root', async () => {
    // Act
    const response = await fetch(await pub.baseUrl());
    const $ = load(await response.text());

    // Assert
    expect(response.status).toBe(200);
    expect($('ul.articles a').attr('href')).toBe(`${SLUG}/`);
    expect(new URL($('ul.articles a').attr('href') ?? '', await pub.baseUrl()).href).toBe(firstUrl);
  });

  it('reuses the page when the deal is published again with no record of the first attempt', async () => {
    // Arrange
    const { input } = await publishInput(201, { previous: {} });

    // Act
    const again = await pub.publish(input);
    const index = load(await (await fetch(await pub.baseUrl())).text());

    // Assert
    expect(again).toEqual({ url: firstUrl, ref: `static:${SLUG}`, reused: true });
    expect(await articleFolders(pub.dir)).toEqual([SLUG]);
    expect(index('ul.articles li')).toHaveLength(1);
  });

  it('shows nothing of a page whose write crashed before the rename, and publishes it on the next attempt', async () => {
    // Arrange: a stray temporary folder, as a killed process leaves it (complete page, never renamed).
    const stray = join(pub.dir, '.pressbridge', 'tmp', 'page-crashed');
    await cp(join(pub.dir, SLUG), stray, { recursive: true });
    const strayHtml = await readFile(join(stray, 'index.html'), 'utf8');
    const { input } = await publishInput(202, {
      html: '<h1>Jarní hnojení</h1><p>Trávník potřebuje dusík.</p>',
      slug: 'jarni-hnojeni',
      photoNumbers: [0],
    });

    // Act
    const result = await pub.publish(input);
    const strayAnswer = await rawRequest(await pub.baseUrl(), '/.pressbridge/tmp/page-crashed/index.html');

    // Assert
    expect(result.reused).toBe(false);
    expect((await fetch(result.url)).status).toBe(200);
    expect(strayAnswer.status).toBe(404);
    expect(strayAnswer.body.toString()).not.toContain(strayHtml.slice(0, 200));
    expect(await articleFolders(pub.dir)).toEqual(['jarni-hnojeni', SLUG]);
  });

  it('is not reachable while its temporary folder is complete but not yet renamed into place', async () => {
    // Arrange: a second publisher on another folder whose rename "crashes".
    const otherData = await temp.make();
    const options = staticSite.optionsSchema.parse({ serve: {}, dir: 'web' });
    let seenWhileWriting: number | undefined;
    const crashing = createStaticPublisher(options, {
      log: createSilentLogger(),
      dataDir: otherData,
      beforeCommit: async () => {
        seenWhileWriting = (await fetch(`${await crashing.baseUrl()}${SLUG}/`)).status;
        throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
      },
    });
    try {
      // Act
      const error = await caught(crashing.publish((await publishInput(301)).input));
      const afterCrash = await fetch(`${await crashing.baseUrl()}${SLUG}/`);
      const retried = createStaticPublisher(options, { log: createSilentLogger(), dataDir: otherData });
      const result = await retried.publish((await publishInput(301)).input);
      await retried.close();

      // Assert
      expect(error).toMatchObject({ retryable: true });
      expect(seenWhileWriting).toBe(404);
      expect(afterCrash.status).toBe(404);
      expect(result.reused).toBe(false);
      expect(result.ref).toBe(`static:${SLUG}`);
    } finally {
      await crashing.close();
    }
  });

  it('gives another deal with the same slug the next free one, both pages served', async () => {
    // Arrange
    const { input } = await publishInput(203, {
      html: '<h1>Sekačky a trávníky: průvodce</h1><p>Jiný článek se stejným názvem.</p>',
      photoNumbers: [],
    });

    // Act
    const result = await pub.publish(input);
    const first = load(await (await fetch(firstUrl)).text());
    const second = load(await (await fetch(result.url)).text());

    // Assert
    expect(result).toEqual({
      url: `${await pub.baseUrl()}${SLUG}-2/`,
      ref: `static:${SLUG}-2`,
      reused: false,
    });
    expect(first('meta[name="pressbridge-deal"]').attr('content')).toBe('201');
    expect(second('meta[name="pressbridge-deal"]').attr('content')).toBe('203');
    expect(second('article p').last().text()).toBe('Jiný článek se stejným názvem.');
  });

  it('writes a draft exactly once and never serves it', async () => {
    // Act
    const first = await pub.createDraft(draftInput(204));
    const second = await pub.createDraft(draftInput(204));
    const base = await pub.baseUrl();
    const direct = await rawRequest(base, '/.drafts/204-zadani-zahradni-technika.html');
    const encoded = await rawRequest(base, '/%2edrafts/204-zadani-zahradni-technika.html');
    const listing = await rawRequest(base, '/.drafts/');

    // Assert
    expect(first).toEqual({ ref: 'static:.drafts/204-zadani-zahradni-technika.html', reused: false });
    expect(second).toEqual({ ...first, reused: true });
    expect(await readdir(join(pub.dir, '.drafts'))).toEqual(['204-zadani-zahradni-technika.html']);
    expect([direct.status, encoded.status, listing.status]).toEqual([404, 404, 404]);
  });

  it('reports the folder and the server as reachable', async () => {
    // Act
    const reach = await pub.checkReachable();
    const checks = await pub.diagnose();

    // Assert
    expect(reach.ok).toBe(true);
    expect(english(reach.detail)).toContain(await pub.baseUrl());
    expect(checks.map((c) => c.status)).not.toContain('fail');
    expect(checks.some((c) => english(c.name).startsWith('file server') && c.status === 'ok')).toBe(true);
  });

  it('serves the published pages again after a restart, and still publishes each deal once', async () => {
    // Arrange
    const restarted = create(dataDir);
    try {
      // Act
      const again = await restarted.publish((await publishInput(201)).input);
      const page = await fetch(again.url);

      // Assert
      expect(again.reused).toBe(true);
      expect(again.url).toBe(`${await restarted.baseUrl()}${SLUG}/`);
      expect(page.status).toBe(200);
      expect(await articleFolders(restarted.dir)).toEqual(['jarni-hnojeni', SLUG, `${SLUG}-2`]);
    } finally {
      await restarted.close();
    }
  });

  it('stops serving on close()', async () => {
    // Arrange
    const base = await pub.baseUrl();
    expect((await fetch(base)).status).toBe(200);

    // Act
    await pub.close();

    // Assert
    expect(await caught(fetch(base))).toBeInstanceOf(TypeError);
    expect((await pub.checkReachable()).ok).toBe(false);
  });
});
