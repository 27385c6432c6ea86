import { describe, expect, it } from 'vitest';
import { isLocalUrl } from '../../../../plugins/wordpress/diagnose.js';
import { asciiFilename, storedAttachmentId } from '../../../../plugins/wordpress/media.js';
import { PublishError } from '../../../../src/errors.js';
import type { PublishLog } from '../../../../src/publisher/types.js';
import { useHttpMock } from '../../../http-mock.js';
import { publishInput, SITE, wordpressPublisher } from './publish-fixture.js';

const INDEX = { name: 'Blog', url: SITE, home: SITE, namespaces: ['wp/v2'] };

const http = useHttpMock();

function media(
  id: number,
  n: number,
  sizes: Record<string, unknown> = {
    large: { source_url: `${SITE}/p-${n}-1024x683.jpg`, width: 1024, height: 683 },
  },
) {
  return {
    id,
    slug: `pressbridge-deal-9-photo-${n}`,
    source_url: `${SITE}/p-${n}.jpg`,
    alt_text: `alt ${n}`,
    media_details: { width: 1200, height: 800, sizes },
  };
}

function setup(images: number[]) {
  const warnings: string[] = [];
  const log: PublishLog = {
    debug: () => undefined,
    info: () => undefined,
    warn: (_fields, msg) => warnings.push(msg),
    error: () => undefined,
  };
  const { input, progress } = publishInput(images, log);
  const publisher = wordpressPublisher();
  return { publisher, input, progress, warnings };
}

/** Root, user, no post and no media yet: what every fresh publish asks first. */
function freshSite(mediaFound: unknown[] = []) {
  return http
    .scope(SITE)
    .get('/wp-json/')
    .query(true)
    .reply(200, INDEX)
    .get('/wp-json/wp/v2/users/me')
    .query(true)
    .reply(200, { id: 1, name: 'Admin' })
    .get('/wp-json/wp/v2/posts')
    .query(
      (q) => q.search === 'pressbridge:deal:9' && q.status === 'publish,future,draft,pending,private,trash',
    )
    .reply(200, [])
    .get('/wp-json/wp/v2/media')
    .query((q) => typeof q.slug === 'string' && q.slug.startsWith('pressbridge-deal-9-photo-0'))
    .reply(200, mediaFound);
}

function postCreated(bodies: unknown[]) {
  return http
    .scope(SITE)
    .post('/wp-json/wp/v2/posts', (body: unknown) => {
      bodies.push(body);
      return true;
    })
    .query(true)
    .reply(201, { id: 77, status: 'publish', slug: 'vylet', link: `${SITE}/vylet/` });
}

describe('plugins/wordpress/publisher', () => {
  it('finishes an upload that answered 5xx with X-WP-Upload-Attachment-ID through post-process, uploading nothing twice', async () => {
    // Arrange
    const { publisher, input, progress, warnings } = setup([0]);
    const bodies: unknown[] = [];
    freshSite()
      .post('/wp-json/wp/v2/media')
      .query((q) => q.slug === 'pressbridge-deal-9-photo-0' && q.alt_text === 'alt 0')
      .reply(
        500,
        { code: 'internal_server_error', message: 'Critical error' },
        { 'X-WP-Upload-Attachment-ID': '41' },
      )
      .post('/wp-json/wp/v2/media/41/post-process', { action: 'create-image-subsizes' })
      .query(true)
      .reply(201, media(41, 0));
    postCreated(bodies);

    // Act
    const result = await publisher.publish(input);

    // Assert
    expect(result).toEqual({ url: `${SITE}/vylet/`, ref: 'wp:77', reused: false });
    expect(progress).toEqual([{ wpMedia: { '0': 41 } }, { wpPostId: 77 }]);
    expect(bodies).toEqual([
      expect.objectContaining({ featured_media: 41, status: 'publish', slug: 'vylet', title: 'Výlet' }),
    ]);
    expect(warnings).toEqual([
      'WordPress stored the photo but failed to finish it; finishing it with post-process',
    ]);
  });

  it('uses the stored file as it is when post-process keeps failing', async () => {
    // Arrange
    const { publisher, input, progress, warnings } = setup([0, 1]);
    const bodies: unknown[] = [];
    freshSite()
      .post('/wp-json/wp/v2/media')
      .query((q) => q.slug === 'pressbridge-deal-9-photo-0')
      .reply(201, media(40, 0))
      .post('/wp-json/wp/v2/media')
      .query((q) => q.slug === 'pressbridge-deal-9-photo-1')
      .reply(502, 'Bad Gateway', { 'X-WP-Upload-Attachment-ID': '41' })
      .post('/wp-json/wp/v2/media/41/post-process')
      .query(true)
      .times(3)
      .reply(500, { code: 'internal_server_error', message: 'Out of memory' })
      .get('/wp-json/wp/v2/media/41')
      .query(true)
      .reply(200, media(41, 1, {}));
    postCreated(bodies);

    // Act
    const result = await publisher.publish(input);

    // Assert
    expect(result.ref).toBe('wp:77');
    expect(progress).toEqual([{ wpMedia: { '0': 40 } }, { wpMedia: { '0': 40, '1': 41 } }, { wpPostId: 77 }]);
    const content = (bodies[0] as { content: string }).content;
    expect(content).toContain('<!-- wp:image {"id":41,');
    expect(content).toContain(`src="${SITE}/p-1.jpg"`);
    expect(warnings).toContain(
      'WordPress could not make the smaller sizes of a photo; the post uses its full-size file',
    );
  });

  it('a 5xx upload without the header is a retryable error, and nothing else is tried', async () => {
    // Arrange
    const { publisher, input, progress } = setup([0]);
    freshSite().post('/wp-json/wp/v2/media').query(true).reply(503, 'busy');

    // Act
    const error = await publisher.publish(input).catch((e: unknown) => e);

    // Assert
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toMatchObject({ code: 'wordpress_unavailable', retryable: true });
    expect(progress).toEqual([]);
  });

  it('finishes a photo an earlier attempt left without sizes, and reuses it', async () => {
    // Arrange
    const { publisher, input, progress } = setup([0]);
    const bodies: unknown[] = [];
    freshSite([media(41, 0, {})])
      .post('/wp-json/wp/v2/media/41/post-process', { action: 'create-image-subsizes' })
      .query(true)
      .reply(201, media(41, 0));
    postCreated(bodies);

    // Act
    await publisher.publish(input);

    // Assert
    expect(progress).toEqual([{ wpMedia: { '0': 41 } }, { wpPostId: 77 }]);
    expect(bodies).toEqual([expect.objectContaining({ featured_media: 41 })]);
  });

  it.each([
    [{ status: 500, id: '41' }, 41],
    [{ status: 503, id: ' 7 ' }, 7],
    [{ status: 500, id: 'x' }, undefined],
    [{ status: 500, id: undefined }, undefined],
    [{ status: 400, id: '41' }, undefined],
  ])('storedAttachmentId(%j) = %s', async ({ status, id }, expected) => {
    // Arrange
    http
      .scope(SITE)
      .get('/wp-json/')
      .query(true)
      .reply(200, INDEX)
      .post('/wp-json/wp/v2/media')
      .query(true)
      .reply(status, '', id === undefined ? {} : { 'X-WP-Upload-Attachment-ID': id });
    const { publisher, input } = setup([0]);
    http.scope(SITE).get('/wp-json/wp/v2/users/me').query(true).reply(200, { id: 1 });
    http.scope(SITE).get('/wp-json/wp/v2/posts').query(true).reply(200, []);
    http.scope(SITE).get('/wp-json/wp/v2/media').query(true).reply(200, []);
    if (expected !== undefined) {
      http
        .scope(SITE)
        .post(`/wp-json/wp/v2/media/${expected}/post-process`)
        .query(true)
        .times(3)
        .reply(500, '');
      http
        .scope(SITE)
        .get(`/wp-json/wp/v2/media/${expected}`)
        .query(true)
        .reply(404, { code: 'rest_post_invalid_id', message: '' });
    }

    // Act
    const error = await publisher.publish(input).catch((e: unknown) => e);

    // Assert
    expect(storedAttachmentId(error)).toBe(expected);
  });

  it.each([
    [
      { filename: 'prilis-zlutoucky-kun-1.jpg', contentType: 'image/jpeg', n: 1 },
      'prilis-zlutoucky-kun-1.jpg',
    ],
    [{ filename: 'Příliš žluťoučký kůň.jpeg', contentType: 'image/jpeg', n: 1 }, 'Prilis-zlutoucky-kun.jpg'],
    [{ filename: 'foto-2.jpg', contentType: 'image/webp', n: 2 }, 'foto-2.webp'],
    [{ filename: '"; evil=".jpg', contentType: 'image/jpeg', n: 3 }, 'evil.jpg'],
    [{ filename: '', contentType: 'image/jpeg', n: 0 }, 'pressbridge-9-0.jpg'],
  ] as const)('asciiFilename(%j) = %s', (image, expected) => {
    expect(asciiFilename(image, 9)).toBe(expected);
  });

  it.each([
    ['http://127.0.0.1:8080', true],
    ['http://localhost', true],
    ['http://wordpress', true],
    ['http://192.168.1.20', true],
    ['http://blog.local', true],
    ['http://172.20.0.5', true],
    ['http://blog.example.cz', false],
    ['http://8.8.8.8', false],
  ])('isLocalUrl(%s) = %s', (url, expected) => {
    expect(isLocalUrl(url)).toBe(expected);
  });
});
