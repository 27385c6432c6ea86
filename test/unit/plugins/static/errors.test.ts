import { describe, expect, it } from 'vitest';
import { listenError, toPublishError } from '../../../../plugins/static/errors.js';
import { PublishError } from '../../../../src/errors.js';
import { phrase } from '../../../../src/publisher/phrase.js';

function fsError(code: string): Error {
  return Object.assign(new Error(`${code}: something, open '/srv/site/x'`), { code });
}

describe('plugins/static/errors', () => {
  it.each([
    ['EACCES', 'static_not_writable', false, 'make /srv/site writable by the user running pressbridge'],
    ['EPERM', 'static_not_writable', false, 'owned by the user running pressbridge'],
    ['ENOSPC', 'static_disk_full', false, 'the disk holding /srv/site is full'],
    ['EDQUOT', 'static_disk_full', false, 'quota'],
    ['EROFS', 'static_read_only', false, 'read-only file system'],
    ['ENOTDIR', 'static_bad_path', false, 'check the option dir'],
    ['EBUSY', 'static_busy', true, 'will retry'],
    ['EAGAIN', 'static_busy', true, 'will retry'],
    ['EMFILE', 'static_busy', true, 'will retry'],
    ['EIO', 'static_io', true, 'will retry'],
  ])('%s → %s, retryable %s', (code, expected, retryable, fix) => {
    // Act
    const error = toPublishError(fsError(code), '/srv/site', phrase('static.what.article'));

    // Assert
    expect(error).toBeInstanceOf(PublishError);
    expect(error.code).toBe(expected);
    expect(error.retryable).toBe(retryable);
    expect(error.message).toContain('/srv/site');
    expect(error.message).toContain(fix);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('passes a PublishError through unchanged', () => {
    const original = new PublishError('static_too_many_slugs', 'x', { retryable: false });
    expect(toPublishError(original, '/srv/site', phrase('static.what.article'))).toBe(original);
  });

  it.each([
    ['EADDRINUSE', 'static_port_in_use', true, 'in use'],
    ['EACCES', 'static_cannot_listen', false, 'ports below 1024'],
    ['EADDRNOTAVAIL', 'static_cannot_listen', false, 'set serve.host'],
  ])('listening: %s → %s, retryable %s', (code, expected, retryable, fix) => {
    // Act
    const error = listenError(fsError(code), '127.0.0.1', 80);

    // Assert
    expect(error.code).toBe(expected);
    expect(error.retryable).toBe(retryable);
    expect(error.message).toContain('127.0.0.1:80');
    expect(error.message).toContain(fix);
  });
});
