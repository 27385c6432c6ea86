import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropWordPressSite,
  listMedia,
  listPosts,
  resetContent,
  restUrl,
  startWordPress,
  type WordPressSite,
  type WpMedia,
  type WpPost,
  wpFetch,
  wpGet,
  wpSend,
} from '../helpers/wordpress.js';

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return false;
  } catch (error) {
    return error instanceof Error && String(error.cause).includes('ECONNREFUSED');
  }
}

function categoryId(site: WordPressSite, name: string): number {
  const category = site.categories.find((c) => c.name === name);
  if (!category) throw new Error(`no category ${name} in ${JSON.stringify(site.categories)}`);
  return category.id;
}

describe('test/helpers/wordpress: a fresh site with pretty permalinks', () => {
  let site: WordPressSite;

  beforeAll(async () => {
    site = await startWordPress();
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('answers on the REST root with Application Passwords enabled', async () => {
    // Act
    const res = await fetch(site.restRoot);
    const root = (await res.json()) as { namespaces: string[]; authentication: Record<string, unknown> };

    // Assert
    expect(res.status).toBe(200);
    expect(site.restRoot).toBe(`${site.url}/wp-json/`);
    expect(root.namespaces).toContain('wp/v2');
    expect(root.authentication).toHaveProperty('application-passwords');
    expect(site.categories.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Cestování', 'Technika', 'Zdraví']),
    );
  });

  it('creates a post with the Application Password and serves it at its public URL', async () => {
    // Arrange
    const travel = categoryId(site, 'Cestování');

    // Act
    const post = await wpSend<WpPost>(site, '/wp/v2/posts', {
      title: 'Výlet do Vysokých Tater',
      content: '<p>Na Štrbském plese bylo krásně.</p>',
      status: 'publish',
      categories: [travel],
    });
    const page = await fetch(post.link);
    const html = await page.text();

    // Assert
    expect(post.status).toBe('publish');
    expect(post.categories).toEqual([travel]);
    expect(post.link).toBe(`${site.url}/${post.slug}/`);
    expect(page.status).toBe(200);
    expect(html).toContain('Výlet do Vysokých Tater');
    expect(html).toContain('Na Štrbském plese bylo krásně.');
    const found = await listPosts(site, { search: 'Tater' });
    expect(found.map((p) => p.id)).toEqual([post.id]);
    expect(found[0]?.title.raw).toBe('Výlet do Vysokých Tater');
  });

  it('takes a JPEG uploaded as a raw body and serves its source_url', async () => {
    // Arrange
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c83232' } })
      .jpeg({ quality: 85 })
      .toBuffer();

    // Act
    const res = await wpFetch(site, '/wp/v2/media', {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="x.jpg"' },
      body: jpeg,
    });
    const media = (await res.json()) as WpMedia;
    const served = await fetch(media.source_url);
    const bytes = Buffer.from(await served.arrayBuffer());

    // Assert
    expect(res.status).toBe(201);
    expect(media.mime_type).toBe('image/jpeg');
    expect(media.source_url).toMatch(
      new RegExp(`^${site.url}/wp-content/uploads/pressbridge/${site.name}/\\d{4}/\\d{2}/x\\.jpg$`),
    );
    expect(Object.keys(media.media_details.sizes ?? {})).toEqual(
      expect.arrayContaining(['thumbnail', 'medium', 'large']),
    );
    expect((await listMedia(site)).map((m) => m.id)).toContain(media.id);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(bytes.equals(jpeg)).toBe(true);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    const thumbnail = await fetch(media.media_details.sizes?.thumbnail?.source_url ?? '');
    expect(thumbnail.status).toBe(200);
    expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({
      width: 150,
      height: 150,
    });
  });

  it('answers 401 to a wrong Application Password', async () => {
    // Arrange
    const wrong = { ...site, applicationPassword: 'abcd EFGH ijkl MNOP qrst UVWX' };

    // Act
    const me = await wpFetch(wrong, '/wp/v2/users/me');
    const create = await wpFetch(wrong, '/wp/v2/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'nope', status: 'publish' }),
    });

    // Assert
    expect(me.status).toBe(401);
    expect(((await me.json()) as { code: string }).code).toBe('rest_not_logged_in');
    expect(create.status).toBe(401);
    expect(((await create.json()) as { code: string }).code).toBe('rest_cannot_create');
    expect((await wpGet<{ slug: string }>(site, '/wp/v2/users/me')).slug).toBe('admin');
  });

  it('answers on any Host header without redirecting to a stale port', async () => {
    // Act
    const res = await fetch(`${site.url.replace('127.0.0.1', 'localhost')}/wp-json/`, { redirect: 'manual' });
    const root = (await res.json()) as { home: string };

    // Assert
    expect(res.status).toBe(200);
    expect(root.home).toBe(`http://localhost:${site.port}`);
  });

  it('serves wp-admin: the administrator logs in and its pages load; /wp-admin redirects to /wp-admin/', async () => {
    // Arrange: log in as a browser does (WordPress wants its test cookie first)
    const cookies = new Map<string, string>([['wordpress_test_cookie', 'WP%20Cookie%20check']]);
    const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    };
    const login = await fetch(`${site.url}/wp-login.php`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        log: site.username,
        pwd: site.adminPassword,
        testcookie: '1',
        redirect_to: `${site.url}/wp-admin/`,
      }),
    });
    keep(login);
    const page = async (path: string) => {
      const res = await fetch(`${site.url}${path}`, {
        redirect: 'manual',
        headers: { cookie: cookieHeader() },
      });
      return { status: res.status, location: res.headers.get('location'), html: await res.text() };
    };

    // Act
    const dashboard = await page('/wp-admin/');
    const posts = await page('/wp-admin/edit.php');
    const newPost = await page('/wp-admin/post-new.php');
    const bare = await page('/wp-admin?paged=2');

    // Assert
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe(`${site.url}/wp-admin/`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.html).toContain('<title>Dashboard');
    expect(posts.status).toBe(200);
    expect(posts.html).toContain('<title>Posts');
    expect(newPost.status).toBe(200);
    expect(newPost.html).toContain('wp-block-editor');
    expect(bare).toMatchObject({ status: 301, location: '/wp-admin/?paged=2' });
  });
});

describe('test/helpers/wordpress: plain permalinks', () => {
  let site: WordPressSite;

  beforeAll(async () => {
    site = await startWordPress({ prettyPermalinks: false, workers: 2 });
  });

  afterAll(async () => {
    await site?.stop();
  });

  it('answers REST requests on ?rest_route= only', async () => {
    // Act
    const categories = await wpGet<Array<{ name: string }>>(site, '/wp/v2/categories?hide_empty=false');
    const post = await wpSend<WpPost>(site, '/wp/v2/posts', { title: 'Plain', status: 'publish' });
    const page = await fetch(post.link);

    // Assert
    expect(site.restRoot).toBe(`${site.url}/?rest_route=/`);
    expect(restUrl(site, '/wp/v2/posts?search=x')).toBe(`${site.url}/?rest_route=/wp/v2/posts&search=x`);
    expect(categories.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Cestování', 'Technika', 'Zdraví']),
    );
    expect(post.link).toBe(`${site.url}/?p=${post.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Plain');
    // Without rewrite rules WordPress ignores the path: /wp-json/ is the home page, not the REST API.
    const wpJson = await fetch(`${site.url}/wp-json/`);
    expect(wpJson.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('test/helpers/wordpress: a named site', () => {
  const name = 'pb-setup-test';

  it('is kept by stop(), reused by the next start, emptied by resetContent', async () => {
    // Arrange
    const first = await startWordPress({ name, fresh: true });
    let second: WordPressSite | undefined;
    try {
      const post = await wpSend<WpPost>(first, '/wp/v2/posts', { title: 'Kept', status: 'draft' });
      const tag = await wpSend<{ id: number }>(first, '/wp/v2/tags', { name: 'dočasný' });
      await first.stop();

      // Act
      second = await startWordPress({ name });
      const kept = await listPosts(second);

      // Assert
      expect(await refused(first.url)).toBe(true);
      expect(first.installed).toBe(true);
      expect(second.installed).toBe(false);
      expect(second.applicationPassword).not.toBe(first.applicationPassword);
      expect(kept.map((p) => p.id)).toEqual([post.id]);
      await resetContent(second);
      expect(await listPosts(second, { status: 'all' })).toEqual([]);
      const tags = await wpGet<Array<{ id: number }>>(second, '/wp/v2/tags?hide_empty=false');
      expect(tags.map((t) => t.id)).not.toContain(tag.id);
    } finally {
      await first.stop();
      await second?.stop();
      await dropWordPressSite(name);
    }
  });
});
