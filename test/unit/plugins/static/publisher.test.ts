import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterEach, describe, expect, it } from 'vitest';
import staticSite, {
  createStaticPublisher,
  StaticOptions,
  type StaticOptionsInput,
  type StaticPublisherContext,
} from '../../../../plugins/static/index.js';
import { systemClock } from '../../../../src/clock.js';
import { PublishError } from '../../../../src/errors.js';
import { createSilentLogger } from '../../../../src/logger.js';
import { fixedClock } from '../../../helpers/clock.js';
import { inEnglish } from '../../../helpers/said.js';
import { caught, draftInput, publishInput, tempDirs } from './helpers.js';

const BASE = 'https://blog.example.cz/clanky/';
const SLUG = 'sekacky-a-travniky-pruvodce';

const temp = tempDirs();
afterEach(async () => {
  await temp.cleanup();
});

async function publisher(
  options: Partial<StaticOptionsInput> = {},
  context: Partial<StaticPublisherContext> = {},
) {
  const dataDir = await temp.make();
  const parsed = StaticOptions.parse({ baseUrl: BASE, ...options });
  const pub = createStaticPublisher(parsed, { log: createSilentLogger(), dataDir, ...context });
  return { pub, dir: pub.dir, dataDir };
}

async function exists(path: string): Promise<boolean> {
  return await stat(path).then(
    () => true,
    () => false,
  );
}

/** Folders holding an article page (everything but pressbridge's hidden ones). */
async function pages(dir: string): Promise<string[]> {
  const names = await readdir(dir, { withFileTypes: true });
  return names
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

describe('plugins/static/publisher', () => {
  it('writes the page and its photos into <dir>/<slug>/ and answers the public URL', async () => {
    // Arrange
    const { pub, dir } = await publisher();
    const { input, progress } = await publishInput(101);

    // Act
    const result = await pub.publish(input);

    // Assert
    expect(result).toEqual({ url: `${BASE}${SLUG}/`, ref: `static:${SLUG}`, reused: false });
    expect((await readdir(join(dir, SLUG))).sort()).toEqual([
      'index.html',
      `${SLUG}-0.jpg`,
      `${SLUG}-1.jpg`,
      `${SLUG}-2.webp`,
    ]);
    const bytes = await readFile(join(dir, SLUG, `${SLUG}-1.jpg`));
    expect(bytes.equals(input.images[1]?.bytes ?? Buffer.alloc(0))).toBe(true);
    const $ = load(await readFile(join(dir, SLUG, 'index.html'), 'utf8'));
    expect($('link[rel="canonical"]').attr('href')).toBe(result.url);
    expect($('meta[name="pressbridge-deal"]').attr('content')).toBe('101');
    expect(progress).toEqual([{ staticPath: `${SLUG}/` }]);
    const manifest = JSON.parse(await readFile(join(dir, '.pressbridge', 'deals', '101.json'), 'utf8'));
    expect(manifest).toMatchObject({ dealId: 101, path: `${SLUG}/`, slug: SLUG });
    expect(pub.target).toBe(BASE);
  });

  it('resolves a relative dir against the data folder, and defaults to <dataDir>/static-site', async () => {
    // Arrange
    const dataDir = await temp.make();
    const context = { blogId: 1, log: createSilentLogger(), dataDir, clock: systemClock };

    // Act
    const byDefault = staticSite.create(StaticOptions.parse({ baseUrl: BASE }), context);
    const relative = staticSite.create(StaticOptions.parse({ baseUrl: BASE, dir: 'www/blog' }), context);
    const absolute = staticSite.create(StaticOptions.parse({ baseUrl: BASE, dir: '/srv/blog' }), context);

    // Assert
    expect(byDefault.kind).toBe('static');
    expect(byDefault.dir).toBe(join(dataDir, 'static-site'));
    expect(relative.dir).toBe(join(dataDir, 'www', 'blog'));
    expect(absolute.dir).toBe('/srv/blog');
    expect(byDefault.listCategories).toBeUndefined();
  });

  it('reuses the deal’s page on a second publish instead of writing another', async () => {
    // Arrange
    const { pub, dir } = await publisher();
    const first = await pub.publish((await publishInput(101)).input);
    const before = (await stat(join(dir, SLUG, 'index.html'))).mtimeMs;

    // Act
    const second = await pub.publish((await publishInput(101)).input);

    // Assert
    expect(second).toEqual({ ...first, reused: true });
    expect(await pages(dir)).toEqual([SLUG]);
    expect((await stat(join(dir, SLUG, 'index.html'))).mtimeMs).toBe(before);
  });

  it('finds its page by the marker when the manifest was lost, and writes the manifest again', async () => {
    // Arrange: a crash after the rename, before the manifest.
    const { pub, dir } = await publisher();
    const first = await pub.publish((await publishInput(101)).input);
    await rm(join(dir, '.pressbridge', 'deals', '101.json'));
    await rm(join(dir, 'index.html'));

    // Act
    const second = await pub.publish((await publishInput(101)).input);

    // Assert
    expect(second).toEqual({ ...first, reused: true });
    expect(await pages(dir)).toEqual([SLUG]);
    expect(await exists(join(dir, '.pressbridge', 'deals', '101.json'))).toBe(true);
    const $ = load(await readFile(join(dir, 'index.html'), 'utf8'));
    expect($('ul.articles a').attr('href')).toBe(`${SLUG}/`);
  });

  it('still counts a page edited by hand (marker gone) as the deal’s, going by the manifest', async () => {
    // Arrange
    const { pub, dir } = await publisher();
    const first = await pub.publish((await publishInput(101)).input);
    await writeFile(join(dir, SLUG, 'index.html'), '<!doctype html><title>Upraveno ručně</title>');

    // Act
    const second = await pub.publish((await publishInput(101)).input);

    // Assert
    expect(second).toEqual({ ...first, reused: true });
    expect(await pages(dir)).toEqual([SLUG]);
    expect(await readFile(join(dir, SLUG, 'index.html'), 'utf8')).toContain('Upraveno ručně');
  });

  it('does not take another deal’s page for its own when its recorded folder was reused by that deal', async () => {
    // Arrange: deal 101's folder deleted, deal 102 (same slug) got the freed folder, then 101 is retried.
    const { pub, dir } = await publisher();
    await pub.publish((await publishInput(101)).input);
    await rm(join(dir, SLUG), { recursive: true });
    await pub.publish((await publishInput(102)).input);

    // Act
    const retried = await pub.publish((await publishInput(101)).input);

    // Assert
    expect(retried).toEqual({ url: `${BASE}${SLUG}-2/`, ref: `static:${SLUG}-2`, reused: false });
    const $ = load(await readFile(join(dir, SLUG, 'index.html'), 'utf8'));
    expect($('meta[name="pressbridge-deal"]').attr('content')).toBe('102');
  });

  it('gives a slug another deal already uses a numbered suffix, and never touches that deal’s page', async () => {
    // Arrange
    const { pub, dir } = await publisher();
    await pub.publish((await publishInput(101)).input);
    const otherPage = await readFile(join(dir, SLUG, 'index.html'), 'utf8');

    // Act
    const second = await pub.publish((await publishInput(102)).input);
    const third = await pub.publish((await publishInput(103)).input);
    const secondAgain = await pub.publish((await publishInput(102)).input);

    // Assert
    expect(second).toEqual({ url: `${BASE}${SLUG}-2/`, ref: `static:${SLUG}-2`, reused: false });
    expect(third.url).toBe(`${BASE}${SLUG}-3/`);
    expect(secondAgain).toEqual({ ...second, reused: true });
    expect(await readFile(join(dir, SLUG, 'index.html'), 'utf8')).toBe(otherPage);
    expect(await pages(dir)).toEqual([SLUG, `${SLUG}-2`, `${SLUG}-3`]);
  });

  it('leaves a folder of the blogger’s own alone when it has the slug’s name', async () => {
    // Arrange
    const { pub, dir } = await publisher();
    await mkdir(join(dir, SLUG), { recursive: true });
    await writeFile(join(dir, SLUG, 'index.html'), '<p>moje vlastní stránka</p>');

    // Act
    const result = await pub.publish((await publishInput(101)).input);

    // Assert
    expect(result.url).toBe(`${BASE}${SLUG}-2/`);
    expect(await readFile(join(dir, SLUG, 'index.html'), 'utf8')).toBe('<p>moje vlastní stránka</p>');
  });

  it('never gives two deals published at the same moment the same folder', async () => {
    // Arrange
    const { pub, dir } = await publisher();
    const inputs = await Promise.all([101, 102, 103].map(async (id) => (await publishInput(id)).input));

    // Act
    const results = await Promise.all(inputs.map((input) => pub.publish(input)));

    // Assert
    expect(new Set(results.map((r) => r.url)).size).toBe(3);
    expect(await pages(dir)).toEqual([SLUG, `${SLUG}-2`, `${SLUG}-3`]);
  });

  it('trusts the recorded folder only when its page carries the deal’s marker', async () => {
    // Arrange: deal 101 was published under the old pattern; deal 102's record points at 101's page.
    const dataDir = await temp.make();
    const make = (pathPattern: string) =>
      createStaticPublisher(StaticOptions.parse({ baseUrl: BASE, pathPattern }), {
        log: createSilentLogger(),
        dataDir,
      });
    const old = await make('{slug}/').publish((await publishInput(101)).input);
    await rm(join(dataDir, 'static-site', '.pressbridge', 'deals', '101.json'));
    const pub = make('clanky/{slug}/');

    // Act
    const reused = await pub.publish(
      (await publishInput(101, { previous: { staticPath: `${SLUG}/` } })).input,
    );
    const other = await pub.publish(
      (await publishInput(102, { previous: { staticPath: `${SLUG}/` } })).input,
    );

    // Assert
    expect(reused).toEqual({ ...old, reused: true });
    expect(other).toEqual({ url: `${BASE}clanky/${SLUG}/`, ref: `static:${SLUG}`, reused: false });
  });

  it('writes the page again when the one recorded for the deal was deleted', async () => {
    // Arrange
    const { pub, dir } = await publisher();
    await pub.publish((await publishInput(101)).input);
    await rm(join(dir, SLUG), { recursive: true });
    const { input, entries } = await publishInput(101);

    // Act
    const result = await pub.publish(input);

    // Assert
    expect(result).toEqual({ url: `${BASE}${SLUG}/`, ref: `static:${SLUG}`, reused: false });
    expect(await exists(join(dir, SLUG, 'index.html'))).toBe(true);
    expect(entries.some((e) => e.level === 'warn' && e.msg.includes('gone'))).toBe(true);
  });

  it('follows the path pattern', async () => {
    // Arrange
    const { pub, dir } = await publisher({ pathPattern: 'clanky/{dealId}-{slug}/' });

    // Act
    const result = await pub.publish((await publishInput(101)).input);

    // Assert
    expect(result.url).toBe(`${BASE}clanky/101-${SLUG}/`);
    expect(result.ref).toBe(`static:${SLUG}`);
    const $ = load(await readFile(join(dir, 'clanky', `101-${SLUG}`, 'index.html'), 'utf8'));
    expect($('header.site a').attr('href')).toBe('../../');
  });

  it('keeps the index page newest first', async () => {
    // Arrange
    let clock = Date.parse('2025-01-01T10:00:00Z');
    const tick = () => {
      clock += 60_000;
      return new Date(clock);
    };
    const { pub, dir } = await publisher({}, { clock: fixedClock(tick) });

    // Act
    await pub.publish((await publishInput(101)).input);
    await pub.publish((await publishInput(102, { html: '<h1>Druhý</h1><p>Text.</p>', slug: 'druhy' })).input);
    await pub.publish((await publishInput(103, { html: '<h1>Třetí</h1><p>Text.</p>', slug: 'treti' })).input);

    // Assert
    const $ = load(await readFile(join(dir, 'index.html'), 'utf8'));
    expect(
      $('ul.articles a')
        .toArray()
        .map((a) => $(a).attr('href')),
    ).toEqual(['treti/', 'druhy/', `${SLUG}/`]);
  });

  it('never overwrites an index.html it did not write, and writes none when told not to', async () => {
    // Arrange
    const own = await publisher();
    await mkdir(own.dir, { recursive: true });
    await writeFile(join(own.dir, 'index.html'), '<h1>Můj blog</h1>');
    const none = await publisher({ indexPage: false });
    const { input, entries } = await publishInput(101);

    // Act
    await own.pub.publish(input);
    await none.pub.publish((await publishInput(101)).input);

    // Assert
    expect(await readFile(join(own.dir, 'index.html'), 'utf8')).toBe('<h1>Můj blog</h1>');
    expect(entries.some((e) => e.level === 'warn' && e.msg.includes('index.html'))).toBe(true);
    expect(await exists(join(none.dir, 'index.html'))).toBe(false);
    const $ = load(await readFile(join(none.dir, SLUG, 'index.html'), 'utf8'));
    expect($('header.site a')).toHaveLength(0);
  });

  it('fails permanently, naming the folder, when the folder cannot be created', async () => {
    // Arrange: a file stands where a folder should be.
    const dataDir = await temp.make();
    await writeFile(join(dataDir, 'soubor'), 'x');
    const pub = createStaticPublisher(StaticOptions.parse({ baseUrl: BASE, dir: 'soubor/web' }), {
      log: createSilentLogger(),
      dataDir,
    });

    // Act
    const error = await caught(pub.publish((await publishInput(101)).input));

    // Assert
    expect(error).toBeInstanceOf(PublishError);
    expect((error as PublishError).retryable).toBe(false);
    expect((error as PublishError).code).toBe('static_bad_path');
    expect((error as PublishError).message).toContain(join(dataDir, 'soubor', 'web'));
  });

  it('writes nothing when the job is cancelled, and says a retry may help', async () => {
    // Arrange
    const { pub, dir } = await publisher();
    const controller = new AbortController();
    controller.abort();

    // Act
    const error = await caught(pub.publish((await publishInput(101, { signal: controller.signal })).input));

    // Assert
    expect(error).toMatchObject({ code: 'static_aborted', retryable: true });
    expect(await exists(dir)).toBe(false);
  });

  it('shows nothing of a write that failed before the rename, and publishes on the next attempt', async () => {
    // Arrange
    let fail = true;
    const { pub, dir } = await publisher(
      {},
      {
        beforeCommit: async () => {
          if (fail) throw Object.assign(new Error('EBUSY: resource busy'), { code: 'EBUSY' });
        },
      },
    );

    // Act
    const error = await caught(pub.publish((await publishInput(101)).input));
    const afterFailure = { pages: await pages(dir), temp: await readdir(join(dir, '.pressbridge', 'tmp')) };
    fail = false;
    const result = await pub.publish((await publishInput(101)).input);

    // Assert
    expect(error).toMatchObject({ code: 'static_busy', retryable: true });
    expect(afterFailure).toEqual({ pages: [], temp: [] });
    expect(await exists(join(dir, '.pressbridge', 'deals', '101.json'))).toBe(true);
    expect(result).toEqual({ url: `${BASE}${SLUG}/`, ref: `static:${SLUG}`, reused: false });
  });

  it('lets a failure to record progress through as it is, and reuses the page on the retry', async () => {
    // Arrange
    const { pub } = await publisher();
    const redisDown = new Error('Connection is closed.');
    const { input } = await publishInput(101, {
      progress: async () => {
        throw redisDown;
      },
    });

    // Act
    const error = await caught(pub.publish(input));
    const retried = await pub.publish((await publishInput(101)).input);

    // Assert
    expect(error).toBe(redisDown);
    expect(retried).toEqual({ url: `${BASE}${SLUG}/`, ref: `static:${SLUG}`, reused: true });
  });

  it('removes old leftovers of a crashed write, and leaves fresh ones to whoever is writing them', async () => {
    // Arrange
    const { pub, dir } = await publisher();
    const tmp = join(dir, '.pressbridge', 'tmp');
    await mkdir(join(tmp, 'page-old'), { recursive: true });
    await writeFile(join(tmp, 'page-old', 'index.html'), '<meta name="pressbridge-deal" content="101">');
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(join(tmp, 'page-old'), hourAgo, hourAgo);
    await mkdir(join(tmp, 'page-fresh'));
    const { input, entries } = await publishInput(101);

    // Act
    const result = await pub.publish(input);

    // Assert
    expect(result.reused).toBe(false);
    expect((await readdir(tmp)).sort()).toEqual(['page-fresh']);
    expect(
      entries.some((e) => e.msg.includes('leftovers') && JSON.stringify(e.fields).includes('page-old')),
    ).toBe(true);
  });

  it('writes a draft once, into the hidden drafts folder', async () => {
    // Arrange
    const { pub, dir } = await publisher();
    const patches: unknown[] = [];
    const progress = async (patch: unknown) => {
      patches.push(patch);
    };

    // Act
    const first = await pub.createDraft(draftInput(55, { progress }));
    const second = await pub.createDraft(draftInput(55, { slug: 'jiny-nazev' }));
    const other = await pub.createDraft(draftInput(555));

    // Assert
    expect(first).toEqual({ ref: 'static:.drafts/55-zadani-zahradni-technika.html', reused: false });
    expect(second).toEqual({ ...first, reused: true });
    expect(other).toEqual({ ref: 'static:.drafts/555-zadani-zahradni-technika.html', reused: false });
    expect((await readdir(join(dir, '.drafts'))).sort()).toEqual([
      '55-zadani-zahradni-technika.html',
      '555-zadani-zahradni-technika.html',
    ]);
    const $ = load(await readFile(join(dir, '.drafts', '55-zadani-zahradni-technika.html'), 'utf8'));
    expect($('meta[name="pressbridge-deal"]').attr('content')).toBe('55');
    expect($('article a').attr('href')).toBe('https://www.zahradni-technika.example.cz/');
    expect(patches).toEqual([{ staticDraft: '55-zadani-zahradni-technika.html' }]);
    expect(await pages(dir)).toEqual([]);
  });

  it('reports whether the folder can be written', async () => {
    // Arrange
    const good = await publisher();
    const dataDir = await temp.make();
    await writeFile(join(dataDir, 'soubor'), 'x');
    const bad = createStaticPublisher(StaticOptions.parse({ baseUrl: BASE, dir: 'soubor/web' }), {
      log: createSilentLogger(),
      dataDir,
    });

    // Act
    const ok = inEnglish(await good.pub.checkReachable());
    const notOk = inEnglish(await bad.checkReachable());

    // Assert
    expect(ok.ok).toBe(true);
    expect(ok.detail).toContain(good.dir);
    expect(ok.detail).toContain(BASE);
    expect(notOk.ok).toBe(false);
    expect(notOk.detail).toContain(join(dataDir, 'soubor'));
  });

  it.each([
    [200, 'ok'],
    [404, 'warn'],
    [500, 'fail'],
    [0, 'fail'],
  ] as const)('diagnose: the public address answering %i is %s', async (status, expected) => {
    // Arrange
    const requested: string[] = [];
    const fakeFetch = async (url: string | URL | Request) => {
      requested.push(String(url));
      if (status === 0) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      return new Response('x', { status });
    };
    const { pub, dir } = await publisher({}, { fetch: fakeFetch as typeof fetch });

    // Act
    const checks = inEnglish(await pub.diagnose());

    // Assert
    expect(checks.find((c) => c.name === `static site folder ${dir}`)?.status).toBe('ok');
    const publicCheck = checks.find((c) => c.name === `public address ${BASE}`);
    expect(publicCheck?.status).toBe(expected);
    if (expected !== 'ok') expect(publicCheck?.fix).toContain(dir);
    expect(requested).toEqual([BASE]);
    expect(await readdir(join(dir, '.pressbridge'))).not.toContain('doctor-probe');
  });

  it('diagnose: warns about an index.html pressbridge did not write', async () => {
    // Arrange
    const { pub, dir } = await publisher({}, { fetch: (async () => new Response('x')) as typeof fetch });
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'index.html'), '<h1>Můj blog</h1>');

    // Act
    const checks = inEnglish(await pub.diagnose());

    // Assert
    expect(checks).toContainEqual(
      expect.objectContaining({ name: `index page ${dir}/index.html`, status: 'warn' }),
    );
  });
});
