import { describe, expect, it } from 'vitest';
import {
  createWordPressClient,
  routeUrl,
  type WordPressClient,
} from '../../../../plugins/wordpress/client.js';
import { WpPostList, WpUser } from '../../../../plugins/wordpress/wp-schema.js';
import { PublishError } from '../../../../src/errors.js';
import { caught } from '../../../helpers/caught.js';
import { useHttpMock } from '../../../http-mock.js';

const caughtAs = (promise: Promise<unknown>) => caught(promise, PublishError);

const SITE = 'https://blog.example.cz';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const INDEX = { name: 'Blog', url: SITE, home: SITE, namespaces: ['oembed/1.0', 'wp/v2'] };
const ME = { id: 1, name: 'Admin', slug: 'admin' };

const http = useHttpMock();

function client(
  overrides: { url?: string; applicationPassword?: string; timeoutMs?: number; restRoot?: string } = {},
): WordPressClient {
  return createWordPressClient({
    url: overrides.url ?? SITE,
    username: 'admin',
    applicationPassword: overrides.applicationPassword ?? PASSWORD,
    timeoutMs: overrides.timeoutMs ?? 5_000,
    restRoot: overrides.restRoot,
  });
}

describe('plugins/wordpress/client', () => {
  it.each([
    ['https://x.cz/wp-json/', '/wp/v2/posts', {}, 'https://x.cz/wp-json/wp/v2/posts'],
    [
      'https://x.cz/blog/wp-json/',
      'wp/v2/posts/5',
      { context: 'edit' },
      'https://x.cz/blog/wp-json/wp/v2/posts/5?context=edit',
    ],
    ['https://x.cz/wp-json/', '/', { _fields: 'a,b' }, 'https://x.cz/wp-json/?_fields=a%2Cb'],
    [
      'https://x.cz/?rest_route=/',
      '/wp/v2/posts',
      { search: 'pressbridge:deal:1', skip: undefined },
      'https://x.cz/?rest_route=%2Fwp%2Fv2%2Fposts&search=pressbridge%3Adeal%3A1',
    ],
    ['https://x.cz/index.php?rest_route=/', '/', {}, 'https://x.cz/index.php?rest_route=%2F'],
    ['https://x.cz/api', '/wp/v2/media', {}, 'https://x.cz/api/wp/v2/media'],
  ])('routeUrl(%s, %s, %j) = %s', (root, route, query, expected) => {
    expect(routeUrl(root, route, query)).toBe(expected);
  });

  it('finds /wp-json/ and sends the credentials with every request', async () => {
    // Arrange
    http
      .scope(SITE, { reqheaders: { authorization: AUTH } })
      .get('/wp-json/')
      .query({ _fields: 'name,url,home,namespaces', _locale: 'user' })
      .reply(200, INDEX)
      .get('/wp-json/wp/v2/users/me')
      .query({ context: 'edit', _fields: 'id,name,slug,capabilities', _locale: 'user' })
      .reply(200, ME)
      .get('/wp-json/wp/v2/posts')
      .query({ search: 'x', _locale: 'user' })
      .reply(200, []);
    const wp = client();

    // Act
    const me = await wp.me();
    const posts = await wp.request(WpPostList, {
      method: 'GET',
      route: '/wp/v2/posts',
      query: { search: 'x' },
    });

    // Assert
    expect(me).toEqual(ME);
    expect(posts).toEqual([]);
    expect(wp.knownRoot()).toEqual({ root: `${SITE}/wp-json/`, index: INDEX, adminUrl: `${SITE}/wp-admin/` });
  });

  it('falls back to ?rest_route= when /wp-json/ is the home page, and keeps using it', async () => {
    // Arrange
    http
      .scope(SITE)
      .get('/wp-json/')
      .query(true)
      .reply(200, '<!DOCTYPE html><html><body>Blog</body></html>', { 'content-type': 'text/html' })
      .get('/')
      .query((q) => q.rest_route === '/')
      .reply(200, INDEX)
      .get('/')
      .query((q) => q.rest_route === '/wp/v2/users/me')
      .twice()
      .reply(200, ME);
    const wp = client();

    // Act
    await wp.request(WpUser, { method: 'GET', route: '/wp/v2/users/me' });
    await wp.request(WpUser, { method: 'GET', route: '/wp/v2/users/me' });

    // Assert
    expect(wp.knownRoot()?.root).toBe(`${SITE}/?rest_route=/`);
  });

  it('uses the restRoot option as it is', async () => {
    // Arrange
    http
      .scope(SITE)
      .get('/api/')
      .query(true)
      .reply(200, INDEX)
      .get('/api/wp/v2/users/me')
      .query(true)
      .reply(200, ME);

    // Act
    const me = await client({ restRoot: `${SITE}/api/` }).me();

    // Assert
    expect(me.id).toBe(1);
  });

  it('says there is no WordPress REST API when neither root answers as one (permanent)', async () => {
    // Arrange
    http
      .scope(SITE)
      .get('/wp-json/')
      .query(true)
      .reply(404, '<h1>Not Found</h1>')
      .get('/')
      .query((q) => q.rest_route === '/')
      .reply(200, { hello: 'not wordpress', namespaces: ['other/v1'] });

    // Act
    const error = await caughtAs(client().me());

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_no_rest_api', retryable: false });
    expect(error.message).toBe(
      `There is no WordPress REST API at ${SITE} (tried ${SITE}/wp-json/, ${SITE}/?rest_route=/): check the option url (the address of the blog's home page); if the REST API lives elsewhere set restRoot, and make sure no plugin disables it`,
    );
  });

  it('reports rejected credentials as permanent, naming the site and never the password', async () => {
    // Arrange
    http
      .scope(SITE)
      .get('/wp-json/')
      .query(true)
      .reply(200, INDEX)
      .get('/wp-json/wp/v2/users/me')
      .query(true)
      .reply(401, {
        code: 'rest_not_logged_in',
        message: `You are not currently logged in. (${PASSWORD})`,
        data: { status: 401 },
      });

    // Act
    const error = await caughtAs(client().me());

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_unauthorized', retryable: false });
    expect(error.message).toContain(
      `WordPress rejected the credentials for ${SITE} (401 to GET /wp/v2/users/me`,
    );
    expect(error.message).toContain('Application Password');
    expect(error.message).not.toContain(PASSWORD);
    expect(error.message).not.toContain(PASSWORD.replace(/ /g, ''));
  });

  it('a refused connection is a retryable error naming the site with its real cause', async () => {
    // Arrange
    http
      .scope(SITE)
      .get('/wp-json/')
      .query(true)
      .replyWithError(
        Object.assign(new Error('connect ECONNREFUSED 203.0.113.5:443'), { code: 'ECONNREFUSED' }),
      );

    // Act
    const error = await caughtAs(client().me());

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_unreachable', retryable: true });
    expect(error.message).toContain(`Cannot reach WordPress at ${SITE}: connection refused`);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).not.toContain('onLine');
  });

  it('a 5xx is retryable and keeps the root it found', async () => {
    // Arrange
    http
      .scope(SITE)
      .get('/wp-json/')
      .query(true)
      .reply(200, INDEX)
      .get('/wp-json/wp/v2/posts')
      .query(true)
      .reply(503, '<h1>Service Unavailable</h1>')
      .get('/wp-json/wp/v2/posts')
      .query(true)
      .reply(200, []);
    const wp = client();

    // Act
    const error = await caughtAs(wp.request(WpPostList, { method: 'GET', route: '/wp/v2/posts' }));
    const afterwards = await wp.request(WpPostList, { method: 'GET', route: '/wp/v2/posts' });

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_unavailable', retryable: true });
    expect(error.message).toContain('answered 503 to GET /wp/v2/posts ("Service Unavailable")');
    expect(afterwards).toEqual([]);
  });

  it('a page instead of JSON is retryable and makes the client look for the root again', async () => {
    // Arrange: the blogger switched to plain permalinks while the daemon ran
    http
      .scope(SITE)
      .get('/wp-json/')
      .query(true)
      .reply(200, INDEX)
      .get('/wp-json/wp/v2/posts')
      .query(true)
      .reply(200, '<!DOCTYPE html><html>home page</html>', { 'content-type': 'text/html' })
      .get('/wp-json/')
      .query(true)
      .reply(200, '<!DOCTYPE html><html>home page</html>', { 'content-type': 'text/html' })
      .get('/')
      .query((q) => q.rest_route === '/')
      .reply(200, INDEX)
      .get('/')
      .query((q) => q.rest_route === '/wp/v2/posts')
      .reply(200, []);
    const wp = client();

    // Act
    const error = await caughtAs(wp.request(WpPostList, { method: 'GET', route: '/wp/v2/posts' }));
    const afterwards = await wp.request(WpPostList, { method: 'GET', route: '/wp/v2/posts' });

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_bad_answer', retryable: true });
    expect(error.message).toContain('with something that is not JSON ("home page")');
    expect(afterwards).toEqual([]);
    expect(wp.knownRoot()?.root).toBe(`${SITE}/?rest_route=/`);
  });

  it('gives up on a request after timeoutMs, retryably', async () => {
    // Arrange
    http.scope(SITE).get('/wp-json/').query(true).delay(2_000).reply(200, INDEX);

    // Act
    const started = Date.now();
    const error = await caughtAs(client({ timeoutMs: 150 }).me());

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_timeout', retryable: true });
    expect(error.message).toContain(`WordPress at ${SITE} did not answer GET / within 150 ms`);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('stops when the caller aborts', async () => {
    // Arrange
    http.scope(SITE).get('/wp-json/').query(true).delay(2_000).reply(200, INDEX);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);

    // Act
    const error = await caughtAs(client().me(controller.signal));

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_aborted', retryable: true });
  });

  it('reports a redirected POST instead of following it (it would become a GET)', async () => {
    // Arrange
    http
      .scope(SITE)
      .get('/wp-json/')
      .query(true)
      .reply(200, INDEX)
      .post('/wp-json/wp/v2/posts')
      .query(true)
      .reply(301, '', { location: 'https://www.blog.example.cz/wp-json/wp/v2/posts' });

    // Act
    const error = await caughtAs(
      client().request(WpPostList, { method: 'POST', route: '/wp/v2/posts', data: { title: 'x' } }),
    );

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_redirect', retryable: false });
    expect(error.message).toContain('to https://www.blog.example.cz/wp-json/wp/v2/posts');
  });

  it('does not follow a redirect of the REST root either (fetch would drop the credentials on the way)', async () => {
    // Arrange
    http
      .scope('http://blog.example.cz')
      .get('/wp-json/')
      .query(true)
      .reply(301, '', { location: 'https://blog.example.cz/wp-json/' });

    // Act
    const error = await caughtAs(client({ url: 'http://blog.example.cz' }).me());

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_redirect', retryable: false });
    expect(error.message).toBe(
      'WordPress at http://blog.example.cz redirects GET / (301 to https://blog.example.cz/wp-json/): set the option url to the address WordPress redirects to',
    );
  });

  it('keeps two sites apart in one process: each request carries its own credentials', async () => {
    // Arrange
    const other = 'http://127.0.0.1:8099';
    const otherAuth = `Basic ${Buffer.from('admin:zzzz zzzz zzzz zzzz zzzz zzzz').toString('base64')}`;
    http
      .scope(SITE, { reqheaders: { authorization: AUTH } })
      .get('/wp-json/')
      .query(true)
      .reply(200, INDEX)
      .get('/wp-json/wp/v2/users/me')
      .query(true)
      .reply(200, ME);
    http
      .scope(other, { reqheaders: { authorization: otherAuth } })
      .get('/wp-json/')
      .query(true)
      .reply(200, { ...INDEX, url: other })
      .get('/wp-json/wp/v2/users/me')
      .query(true)
      .reply(200, { ...ME, id: 2 });

    // Act
    const [a, b] = await Promise.all([
      client().me(),
      client({ url: other, applicationPassword: 'zzzz zzzz zzzz zzzz zzzz zzzz' }).me(),
    ]);

    // Assert
    expect([a.id, b.id]).toEqual([1, 2]);
  });

  it('probe: one request, to ?rest_route= before the root is known; 404 means no REST API', async () => {
    // Arrange
    http
      .scope(SITE)
      .get('/')
      .query((q) => q.rest_route === '/wp/v2/users/me')
      .reply(200, ME)
      .get('/')
      .query((q) => q.rest_route === '/wp/v2/users/me')
      .reply(404, '<h1>Not Found</h1>');
    const wp = client();

    // Act
    const me = await wp.probe();
    const error = await caughtAs(wp.probe());

    // Assert
    expect(me.id).toBe(1);
    expect(error).toMatchObject({ code: 'wordpress_no_rest_api', retryable: false });
  });
});
