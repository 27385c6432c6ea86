import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  type StaticServer,
  startStaticServer,
  urlHost,
} from '../../../../plugins/static/server.js';
import { PublishError } from '../../../../src/errors.js';
import { createSilentLogger } from '../../../../src/logger.js';
import { caught, jpeg, rawRequest, tempDirs, webp } from './helpers.js';

const SECRET = 'top secret outside the site';

describe('plugins/static/server', () => {
  const temp = tempDirs();
  let server: StaticServer;
  let jpegBytes: Buffer;

  beforeAll(async () => {
    const parent = await temp.make();
    const root = join(parent, 'site');
    jpegBytes = await jpeg('#123456', 16, 16);
    await mkdir(join(root, 'sekacky'), { recursive: true });
    await mkdir(join(root, 'prazdna'), { recursive: true });
    await mkdir(join(root, '.drafts'), { recursive: true });
    await writeFile(join(parent, 'secret.txt'), SECRET);
    await writeFile(join(root, 'index.html'), '<!doctype html><title>Index</title>');
    await writeFile(join(root, 'sekacky', 'index.html'), '<!doctype html><title>Sekačky</title>');
    await writeFile(join(root, 'sekacky', 'sekacky-1.jpg'), jpegBytes);
    await writeFile(join(root, 'sekacky', 'sekacky-2.webp'), await webp('#654321', 16, 16));
    await writeFile(join(root, 'sekacky', 'styl.css'), 'body{}');
    await writeFile(join(root, 'sekacky', 'data.bin'), 'x');
    await writeFile(join(root, '.drafts', '1-zadani.html'), SECRET);
    await symlink(join(parent, 'secret.txt'), join(root, 'odkaz.txt'));
    await symlink(join(root, '.drafts'), join(root, 'koncepty'));
    server = await startStaticServer({ root, host: '127.0.0.1', port: 0, log: createSilentLogger() });
  });

  afterAll(async () => {
    await server?.close();
    await temp.cleanup();
  });

  it('serves a folder’s index.html with the HTML type, nosniff and a strict content policy', async () => {
    // Act
    const answer = await rawRequest(server.url, '/sekacky/');

    // Assert
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.body.toString()).toContain('<title>Sekačky</title>');
  });

  it.each([
    ['/sekacky/sekacky-1.jpg', 'image/jpeg'],
    ['/sekacky/sekacky-2.webp', 'image/webp'],
    ['/sekacky/styl.css', 'text/css; charset=utf-8'],
    ['/sekacky/data.bin', 'application/octet-stream'],
    ['/', 'text/html; charset=utf-8'],
  ])('serves %s as %s', async (path, type) => {
    // Act
    const answer = await rawRequest(server.url, path);

    // Assert
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(type);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
  });

  it('serves the photo’s bytes unchanged', async () => {
    // Act
    const answer = await rawRequest(server.url, '/sekacky/sekacky-1.jpg');

    // Assert
    expect(answer.body.equals(jpegBytes)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    // Act
    const answer = await rawRequest(server.url, '/sekacky/sekacky-1.jpg', 'HEAD');

    // Assert
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(Number(answer.headers['content-length'])).toBe(jpegBytes.length);
    expect(answer.body.length).toBe(0);
  });

  it('redirects a folder without its trailing slash relatively (right behind a prefix), keeping the query', async () => {
    // Act
    const answer = await rawRequest(server.url, '/sekacky?utm=1');
    const followed = await fetch(new URL('/sekacky', server.url));

    // Assert
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('sekacky/?utm=1');
    expect(new URL(answer.headers.location ?? '', 'https://blog.example.cz/clanky/sekacky?utm=1').href).toBe(
      'https://blog.example.cz/clanky/sekacky/?utm=1',
    );
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(new URL('/sekacky/', server.url).href);
  });

  it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('refuses %s', async (method) => {
    // Act
    const answer = await rawRequest(server.url, '/sekacky/', method);

    // Assert
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it.each([
    ['no listing of a folder without index.html', '/prazdna/', 404],
    ['a missing file', '/nic.html', 404],
    ['a file asked for as a folder', '/sekacky/styl.css/', 404],
    ['a traversal', '/../secret.txt', 404],
    ['a deeper traversal', '/sekacky/../../secret.txt', 404],
    ['an encoded traversal', '/%2e%2e/secret.txt', 404],
    ['an encoded traversal with encoded slashes', '/%2E%2E%2Fsecret.txt', 404],
    ['a backslash traversal', '/..%5csecret.txt', 404],
    ['a doubled slash', '//secret.txt', 404],
    ['the drafts', '/.drafts/1-zadani.html', 404],
    ['the drafts, encoded', '/%2Edrafts/1-zadani.html', 404],
    ['pressbridge’s own state', '/.pressbridge/', 404],
    ['a link pointing outside the folder', '/odkaz.txt', 404],
    ['a link pointing at a hidden folder', '/koncepty/1-zadani.html', 404],
    ['bad percent-encoding', '/%E0%A4%A', 400],
  ])('refuses %s', async (_name, path, status) => {
    // Act
    const answer = await rawRequest(server.url, path);

    // Assert
    expect(answer.status).toBe(status);
    expect(answer.body.toString()).not.toContain(SECRET);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reports a port in use as a retryable PublishError naming the address', async () => {
    // Act
    const error = await caught(
      startStaticServer({
        root: '/nonexistent',
        host: '127.0.0.1',
        port: server.port,
        log: createSilentLogger(),
      }),
    );

    // Assert
    expect(error).toBeInstanceOf(PublishError);
    expect((error as PublishError).code).toBe('static_port_in_use');
    expect((error as PublishError).retryable).toBe(true);
    expect((error as PublishError).message).toContain(`127.0.0.1:${server.port}`);
  });

  it('stops answering after close()', async () => {
    // Arrange
    const root = await temp.make();
    await writeFile(join(root, 'index.html'), 'x');
    const other = await startStaticServer({ root, host: '127.0.0.1', port: 0, log: createSilentLogger() });
    expect((await rawRequest(other.url, '/')).status).toBe(200);

    // Act
    await other.close();

    // Assert
    expect(await caught(rawRequest(other.url, '/'))).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('names wildcard and IPv6 listen addresses as reachable URL hosts', () => {
    expect(urlHost('0.0.0.0')).toBe('127.0.0.1');
    expect(urlHost('::')).toBe('[::1]');
    expect(urlHost('::1')).toBe('[::1]');
    expect(urlHost('localhost')).toBe('localhost');
    expect(contentTypeOf('A.JPG')).toBe('image/jpeg');
  });
});
