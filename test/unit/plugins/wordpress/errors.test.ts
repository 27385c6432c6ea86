import { describe, expect, it } from 'vitest';
import {
  classifyHttpFailure,
  type RequestContext,
  redactError,
  secretsOf,
  toPublishError,
  unreachableReason,
} from '../../../../plugins/wordpress/errors.js';
import { BadJsonFailure, HttpFailure, TransportFailure } from '../../../../plugins/wordpress/failures.js';
import { WpErrorBody } from '../../../../plugins/wordpress/wp-schema.js';
import { PublishError } from '../../../../src/errors.js';
import { redact } from '../../../../src/publisher/kit/index.js';
import { english } from '../../../../src/publisher/phrase.js';

const SITE = 'https://blog.example.cz';
const context: RequestContext = {
  site: SITE,
  method: 'POST',
  route: '/wp/v2/posts',
  username: 'admin',
  timeoutMs: 20_000,
};

function failure(
  status: number,
  body?: { code: string; message?: string; data?: { status?: number; params?: Record<string, unknown> } },
  headers: Record<string, string> = {},
  snippet = '',
): HttpFailure {
  return new HttpFailure(
    status,
    new Headers(headers),
    body === undefined ? undefined : WpErrorBody.parse({ message: '', ...body }),
    snippet,
  );
}

function signals() {
  return { timeout: new AbortController().signal, caller: new AbortController().signal };
}

describe('plugins/wordpress/errors', () => {
  it.each([
    [
      401,
      { code: 'rest_not_logged_in', message: 'You are not currently logged in.' },
      'wordpress_unauthorized',
      false,
      'WordPress rejected the credentials for https://blog.example.cz',
    ],
    [
      403,
      { code: 'rest_cannot_publish', message: 'Sorry, you are not allowed to publish posts as this user.' },
      'wordpress_unauthorized',
      false,
      'user "admin" is not allowed to do this',
    ],
    [403, undefined, 'wordpress_unauthorized', false, 'a firewall or security plugin'],
    [
      400,
      {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): status',
        data: { status: 400, params: { status: 'Status is forbidden.' } },
      },
      'wordpress_unauthorized',
      false,
      'WordPress rejected the credentials',
    ],
    [
      400,
      {
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): slug',
        data: { status: 400, params: { slug: 'Invalid slug.' } },
      },
      'wordpress_rejected',
      false,
      'rest_invalid_param: Invalid parameter(s): slug (slug: Invalid slug.)',
    ],
    [
      404,
      { code: 'rest_no_route', message: 'No route was found matching the URL and request method.' },
      'wordpress_not_found',
      false,
      'answered 404 to POST /wp/v2/posts (rest_no_route',
    ],
    [408, undefined, 'wordpress_unavailable', true, 'answered 408'],
    [413, undefined, 'wordpress_too_large', false, 'client_max_body_size'],
    [429, undefined, 'wordpress_unavailable', true, 'answered 429'],
    [
      500,
      { code: 'internal_server_error', message: '<p>There has been a critical error on this website.</p>' },
      'wordpress_unavailable',
      true,
      '(internal_server_error: There has been a critical error on this website.); will retry',
    ],
    [502, undefined, 'wordpress_unavailable', true, 'answered 502 to POST /wp/v2/posts ("Bad Gateway")'],
    [503, undefined, 'wordpress_unavailable', true, 'will retry'],
  ])('%i %j → %s (retryable %s)', (status, body, code, retryable, text) => {
    // Act
    const error = classifyHttpFailure(
      failure(status, body, {}, status === 502 ? '<h1>Bad Gateway</h1>' : ''),
      context,
    );

    // Assert
    expect(error).toBeInstanceOf(PublishError);
    expect(error.code).toBe(code);
    expect(error.retryable).toBe(retryable);
    expect(error.message).toContain(text);
    expect(error.message).toContain(SITE);
  });

  it('tells where a redirect leads', () => {
    const error = classifyHttpFailure(
      failure(301, undefined, { location: 'https://www.blog.example.cz/wp-json/wp/v2/posts' }),
      context,
    );
    expect(error).toMatchObject({ code: 'wordpress_redirect', retryable: false });
    expect(error.message).toContain('to https://www.blog.example.cz/wp-json/wp/v2/posts');
    expect(error.message).toContain('set the option url');
  });

  it('turns a refused connection into a retryable error naming the site and the cause', () => {
    // Arrange: what undici throws
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });

    // Act
    const error = toPublishError(new TransportFailure(refused), context, signals());

    // Assert
    expect(error).toMatchObject({ code: 'wordpress_unreachable', retryable: true });
    expect(error.message).toBe(
      'Cannot reach WordPress at https://blog.example.cz: connection refused (is WordPress running, and is the address right?) [ECONNREFUSED] (POST /wp/v2/posts); will retry',
    );
  });

  it('tells a timeout from the caller cancelling', () => {
    // Arrange
    const timedOut = new AbortController();
    timedOut.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    const cancelled = new AbortController();
    cancelled.abort();
    const reason = new TransportFailure(new DOMException('This operation was aborted', 'AbortError'));

    // Act
    const timeout = toPublishError(reason, context, { timeout: timedOut.signal, caller: undefined });
    const aborted = toPublishError(reason, context, { timeout: timedOut.signal, caller: cancelled.signal });

    // Assert
    expect(timeout).toMatchObject({ code: 'wordpress_timeout', retryable: true });
    expect(timeout.message).toContain('did not answer POST /wp/v2/posts within 20000 ms');
    expect(aborted).toMatchObject({ code: 'wordpress_aborted', retryable: true });
  });

  it('treats a 2xx that is not JSON as retryable, quoting its start', () => {
    const error = toPublishError(
      new BadJsonFailure(200, '<br />\n<b>Deprecated</b>: something in plugin.php'),
      context,
      signals(),
    );
    expect(error).toMatchObject({ code: 'wordpress_bad_answer', retryable: true });
    expect(error.message).toContain('"Deprecated : something in plugin.php"');
  });

  it('passes a PublishError through unchanged', () => {
    const original = new PublishError('x', 'y', { retryable: false });
    expect(toPublishError(original, context, signals())).toBe(original);
  });

  it.each([
    [
      Object.assign(new Error('getaddrinfo ENOTFOUND blog.example.cz'), { code: 'ENOTFOUND' }),
      'host name not found (check the option url) [ENOTFOUND]',
    ],
    [new TypeError('fetch failed', { cause: new AggregateError([new Error('a')], 'x') }), 'x'],
    [
      new TypeError('fetch failed', {
        cause: Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' }),
      }),
      'connection refused (is WordPress running, and is the address right?) [ECONNREFUSED]',
    ],
    [new TypeError('fetch failed', { cause: new Error('other side closed') }), 'other side closed'],
    ['a string', 'a string'],
    [undefined, 'no answer'],
  ])('unreachableReason(%s) → %s', (error, reason) => {
    expect(english(unreachableReason(error))).toBe(reason);
  });

  it('redacts the password in every form it can travel in', () => {
    // Arrange
    const secrets = secretsOf('admin', 'abcd EFGH ijkl MNOP qrst UVWX');
    const basic = Buffer.from('admin:abcd EFGH ijkl MNOP qrst UVWX').toString('base64');
    const text = `a abcd EFGH ijkl MNOP qrst UVWX b abcdEFGHijklMNOPqrstUVWX c Basic ${basic}`;

    // Act
    const redacted = redact(text, secrets);
    const error = redactError(new PublishError('x', text, { retryable: true }), secrets);

    // Assert
    expect(redacted).toBe('a [redacted] b [redacted] c Basic [redacted]');
    expect(error.message).toBe(redacted);
    expect(error.retryable).toBe(true);
  });
});
