/**
 * The WordPress client against a real local server playing an odd WordPress: a REST answer is read within the
 * kit's limit (`wordpress_answer_too_large` over it), an error page of any size is classified from its start,
 * and the XML-RPC probe reads only the start of its answer.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { createWordPressClient } from '../../../../plugins/wordpress/client.js';
import { probePasswordOverXmlRpc } from '../../../../plugins/wordpress/credentials.js';
import { WpPostList } from '../../../../plugins/wordpress/wp-schema.js';
import { PublishError } from '../../../../src/errors.js';
import { caught } from '../../../helpers/caught.js';
import {
  gzipBomb,
  jsonBody,
  type PeerServer,
  type Route,
  sizedBody,
  startPeerServer,
} from '../../../helpers/peer-server.js';

const caughtAs = (promise: Promise<unknown>) => caught(promise, PublishError);

const MiB = 1024 * 1024;
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

describe('plugins/wordpress: bounded reads', () => {
  let peer: PeerServer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  async function clientFor(posts: Route) {
    peer = await startPeerServer({
      '/wp-json/': jsonBody({ name: 'Blog', url: 'x', home: 'x', namespaces: ['wp/v2'] }),
      '/wp-json/wp/v2/posts': posts,
    });
    const client = createWordPressClient({
      url: peer.url,
      username: 'admin',
      applicationPassword: PASSWORD,
      timeoutMs: 10_000,
    });
    return () => client.request(WpPostList, { method: 'GET', route: '/wp/v2/posts' });
  }

  it('refuses a REST answer over 8 MiB as wordpress_answer_too_large, permanent, and drops the connection', async () => {
    // Arrange
    const listPosts = await clientFor(sizedBody(300 * MiB, { head: '[{"id":1,"x":"' }));

    // Act
    const error = await caughtAs(listPosts());

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_answer_too_large', retryable: false });
    expect(error.message).toContain(
      `WordPress at ${peer?.url} answered GET /wp/v2/posts with more than 8 MiB (the limit for a publishing target's API answer); the read was stopped`,
    );
    expect(error.message).not.toContain(PASSWORD);
    await expect.poll(() => peer?.served('/wp-json/wp/v2/posts')?.closedEarly).toBe(true);
    expect(peer?.served('/wp-json/wp/v2/posts')?.written).toBeLessThan(100 * MiB);
  });

  it('counts the inflated bytes of a gzip bomb', async () => {
    const listPosts = await clientFor(gzipBomb(1024 * MiB));

    const error = await caughtAs(listPosts());

    expect(error).toMatchObject({ code: 'wordpress_answer_too_large', retryable: false });
  });

  it('classifies a huge error page from its start (a 503 stays retryable) and drops the connection', async () => {
    const listPosts = await clientFor(
      sizedBody(300 * MiB, {
        status: 503,
        head: '<html><body>Service Unavailable',
        headers: { 'content-type': 'text/html' },
      }),
    );

    const error = await caughtAs(listPosts());

    expect(error).toMatchObject({ code: 'wordpress_unavailable', retryable: true });
    expect(error.message).toContain('answered 503 to GET /wp/v2/posts ("Service Unavailable');
    await expect.poll(() => peer?.served('/wp-json/wp/v2/posts')?.closedEarly).toBe(true);
  });

  it('reads only the start of an XML-RPC answer: an endless one still says accepted from its first bytes', async () => {
    peer = await startPeerServer({
      '/xmlrpc.php': sizedBody(300 * MiB, {
        head: '<?xml version="1.0"?><methodResponse><params><param>',
        headers: { 'content-type': 'text/xml' },
      }),
    });

    const probe = await probePasswordOverXmlRpc(peer.url, 'admin', PASSWORD);

    expect(probe).toBe('accepted');
    await expect.poll(() => peer?.served('/xmlrpc.php')?.closedEarly).toBe(true);
  });
});
