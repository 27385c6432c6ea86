import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type HttpAnswer, rateLimitOf } from '../../../../plugins/github/answer.js';
import { classifyAnswer, GitHubPublishError } from '../../../../plugins/github/errors.js';
import { PublishError } from '../../../../src/errors.js';
import { createLogger } from '../../../../src/logger.js';
import { english } from '../../../../src/publisher/phrase.js';
import { useHttpMock } from '../../../http-mock.js';
import {
  API,
  branchBody,
  dealInput,
  fakeClock,
  NOW,
  publisher,
  REPO,
  recordCalls,
  repoBody,
  SHA,
  TOKEN,
} from './helpers.js';

const http = useHttpMock();

const context = { repo: 'jana/blog', api: API, method: 'GET', path: '/repos/jana/blog', timeoutMs: 30_000 };
const nowMs = NOW.getTime();
const resetIn = (seconds: number) => String(Math.floor(nowMs / 1000) + seconds);

function answer(status: number, data: unknown, headers: Record<string, string> = {}): HttpAnswer {
  return { status, headers, data };
}

describe('plugins/github/errors: classifyAnswer', () => {
  it.each([
    [
      '401',
      answer(401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      }),
      { code: 'github_unauthorized', retryable: false, retryAfterMs: undefined },
      'GitHub rejected the token for jana/blog (401 to GET /repos/jana/blog: Bad credentials)',
    ],
    [
      '403 primary limit with reset',
      answer(
        403,
        { message: 'API rate limit exceeded for user ID 1.' },
        { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(600) },
      ),
      { code: 'github_rate_limited', retryable: true, retryAfterMs: 601_000 },
      "GitHub's rate limit for the token is used up (403 to GET /repos/jana/blog: 5000 requests an hour) until 2026-11-21T23:10:00+01:00; will retry in 601 s",
    ],
    [
      '429 primary limit with reset',
      answer(
        429,
        { message: 'API rate limit exceeded' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(30) },
      ),
      { code: 'github_rate_limited', retryable: true, retryAfterMs: 31_000 },
      "GitHub's rate limit for the token is used up",
    ],
    [
      '403 secondary limit with retry-after',
      answer(
        403,
        {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        },
        { 'retry-after': '120', 'x-ratelimit-remaining': '4711' },
      ),
      { code: 'github_secondary_rate_limited', retryable: true, retryAfterMs: 120_000 },
      "GitHub's secondary rate limit (too many writes in a short time) stopped GET /repos/jana/blog on jana/blog",
    ],
    [
      '403 secondary limit named only in the message',
      answer(
        403,
        { message: 'You have exceeded a secondary rate limit.' },
        { 'x-ratelimit-remaining': '4000' },
      ),
      { code: 'github_secondary_rate_limited', retryable: true, retryAfterMs: 60_000 },
      'will retry in 60 s',
    ],
    [
      '403 without a limit: permissions',
      answer(
        403,
        { message: 'Resource not accessible by personal access token' },
        { 'x-ratelimit-remaining': '4999' },
      ),
      { code: 'github_forbidden', retryable: false, retryAfterMs: undefined },
      'GitHub refused GET /repos/jana/blog on jana/blog (403: Resource not accessible by personal access token): the token may not do this',
    ],
    [
      '404',
      answer(404, { message: 'Not Found' }),
      { code: 'github_not_found', retryable: false, retryAfterMs: undefined },
      'the repository jana/blog does not exist, or the token cannot see it',
    ],
    [
      '409 empty repository',
      answer(409, { message: 'Git Repository is empty.' }),
      { code: 'github_empty_repository', retryable: false, retryAfterMs: undefined },
      'The repository jana/blog is empty',
    ],
    [
      '422 with validation errors',
      answer(422, {
        message: 'Validation Failed',
        errors: [
          { resource: 'Tree', code: 'invalid', message: 'tree.path contains a malformed path component' },
        ],
      }),
      { code: 'github_rejected', retryable: false, retryAfterMs: undefined },
      'GitHub refused GET /repos/jana/blog on jana/blog: 422 Validation Failed (tree.path contains a malformed path component)',
    ],
    [
      '500',
      answer(500, ''),
      { code: 'github_unavailable', retryable: true, retryAfterMs: undefined },
      'GitHub (https://api.github.com) answered 500 to GET /repos/jana/blog (no explanation); will retry',
    ],
    [
      '502 HTML page',
      answer(502, '<html><body><h1>502 Bad Gateway</h1></body></html>'),
      { code: 'github_unavailable', retryable: true, retryAfterMs: undefined },
      'answered 502 to GET /repos/jana/blog',
    ],
  ])('%s', (_name, given, expected, message) => {
    // Act
    const error = classifyAnswer(given, context, nowMs);

    // Assert
    expect(error).toBeInstanceOf(PublishError);
    expect(error).toBeInstanceOf(GitHubPublishError);
    expect({ code: error.code, retryable: error.retryable, retryAfterMs: error.retryAfterMs }).toEqual(
      expected,
    );
    expect(error.message).toContain(message);
    expect(error.status).toBe(given.status);
  });

  it('reads retry-after as an HTTP date too', () => {
    const limited = rateLimitOf(
      answer(429, {}, { 'retry-after': new Date(nowMs + 90_000).toUTCString() }),
      nowMs,
    );
    expect(limited).toEqual({ kind: 'secondary', waitMs: 90_000 });
  });
});

describe('plugins/github/errors: through publish', () => {
  it.each([
    [
      'a rejected token (401)',
      401,
      { message: 'Bad credentials' },
      {},
      { code: 'github_unauthorized', retryable: false },
    ],
    [
      'a server error (502)',
      502,
      { message: 'Server Error' },
      {},
      { code: 'github_unavailable', retryable: true },
    ],
    [
      'a primary limit that resets after the deadline',
      403,
      { message: 'API rate limit exceeded for user ID 1.' },
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(3 * 3600) },
      { code: 'github_rate_limited', retryable: true, retryAfterMs: 3 * 3600_000 + 1000 },
    ],
  ])('%s', async (_name, status, body, headers, expected) => {
    // Arrange
    http.scope(API).get(`${REPO}/branches/main`).reply(status, body, headers);
    const clock = fakeClock();

    // Act
    const error = await publisher({}, { clock })
      .publish(dealInput().input)
      .catch((e: unknown) => e);

    // Assert
    expect(error).toBeInstanceOf(GitHubPublishError);
    expect(error).toMatchObject(expected);
    expect(clock.sleeps).toEqual([]);
  });

  it('names the repository when it does not exist (404 on the branch, then on the repository)', async () => {
    // Arrange
    http
      .scope(API)
      .get(`${REPO}/branches/main`)
      .reply(404, { message: 'Not Found' })
      .get(REPO)
      .reply(404, { message: 'Not Found' });

    // Act
    const error = await publisher()
      .publish(dealInput().input)
      .catch((e: unknown) => e);

    // Assert
    expect(error).toMatchObject({
      code: 'github_repo_not_found',
      retryable: false,
      message: expect.stringContaining(
        'The GitHub repository jana/blog does not exist, or the token cannot see it',
      ),
    });
  });

  it('names the branch when only the branch is missing', async () => {
    // Arrange
    http
      .scope(API)
      .get(`${REPO}/branches/main`)
      .reply(404, { message: 'Branch not found' })
      .get(REPO)
      .reply(200, repoBody());

    // Act
    const error = await publisher()
      .publish(dealInput().input)
      .catch((e: unknown) => e);

    // Assert
    expect(error).toMatchObject({
      code: 'github_branch_not_found',
      retryable: false,
      message:
        'The branch main does not exist in the GitHub repository jana/blog: set the option branch to the branch the site is built from',
    });
  });

  it('waits out a secondary limit as retry-after says, then carries on', async () => {
    // Arrange
    const scope = http.scope(API);
    const calls = recordCalls(scope);
    scope
      .get(`${REPO}/branches/main`)
      .reply(403, { message: 'You have exceeded a secondary rate limit.' }, { 'retry-after': '45' })
      .get(`${REPO}/branches/main`)
      .reply(404, { message: 'Branch not found' })
      .get(REPO)
      .reply(200, repoBody());
    const clock = fakeClock();
    const { input, entries } = dealInput();

    // Act
    const error = await publisher({}, { clock })
      .publish(input)
      .catch((e: unknown) => e);

    // Assert: the second try happened after the wait (and got to the next answer).
    expect(clock.sleeps).toEqual([45_000]);
    expect(calls).toEqual([
      'GET /repos/jana/blog/branches/main',
      'GET /repos/jana/blog/branches/main',
      'GET /repos/jana/blog',
    ]);
    expect(error).toMatchObject({ code: 'github_branch_not_found' });
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: "GitHub's secondary rate limit was hit; waiting as GitHub asks",
        fields: expect.objectContaining({ retryInMs: 45_000, status: 403 }),
      }),
    );
  });

  it('waits for the primary limit to reset when that is before the deadline', async () => {
    // Arrange
    http
      .scope(API)
      .get(`${REPO}/branches/main`)
      .reply(
        403,
        { message: 'API rate limit exceeded' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(300) },
      )
      .get(`${REPO}/branches/main`)
      .reply(401, { message: 'Bad credentials' });
    const clock = fakeClock();

    // Act
    const error = await publisher({}, { clock })
      .publish(dealInput().input)
      .catch((e: unknown) => e);

    // Assert
    expect(clock.sleeps).toEqual([301_000]);
    expect(error).toMatchObject({ code: 'github_unauthorized' });
  });

  it('is retryable, saying so, when GitHub cannot be reached', async () => {
    // Arrange
    http
      .scope(API)
      .get(`${REPO}/branches/main`)
      .replyWithError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));

    // Act
    const error = await publisher()
      .publish(dealInput().input)
      .catch((e: unknown) => e);

    // Assert
    expect(error).toMatchObject({ code: 'github_unreachable', retryable: true });
    expect((error as Error).message).toMatch(
      /^Cannot reach GitHub at https:\/\/api\.github\.com: .+ \(GET \/repos\/jana\/blog\/branches\/main\); will retry$/,
    );
  });

  it('gives up a request after timeoutMs, retryable', async () => {
    // Arrange
    http.scope(API).get(`${REPO}/branches/main`).delay(3_000).reply(200, branchBody(SHA.head, SHA.tree));

    // Act
    const error = await publisher({ timeoutMs: 1000 })
      .publish(dealInput().input)
      .catch((e: unknown) => e);

    // Assert
    expect(error).toMatchObject({
      code: 'github_timeout',
      retryable: true,
      message:
        'GitHub (https://api.github.com) did not answer GET /repos/jana/blog/branches/main within 1000 ms; will retry (raise the option timeoutMs if it keeps happening)',
    });
  });

  it('stops at once, retryable, when the job is cancelled', async () => {
    // Arrange
    http.scope(API).get(`${REPO}/branches/main`).delay(2_000).reply(200, branchBody(SHA.head, SHA.tree));
    const controller = new AbortController();
    const { input } = dealInput({ signal: controller.signal });

    // Act
    const pending = publisher().publish(input);
    setTimeout(() => controller.abort(new Error('shutdown')), 50);
    const error = await pending.catch((e: unknown) => e);

    // Assert
    expect(error).toMatchObject({ code: 'github_aborted', retryable: true });
  });
});

describe('plugins/github: the token never leaves the Authorization header', () => {
  it('is absent from every message and every log line, also when an answer repeats it', async () => {
    // Arrange: a proxy that echoes the header, then GitHub refusing it.
    let output = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    const logger = createLogger({ level: 'trace', destination: sink });
    http
      .scope(API, { reqheaders: { authorization: `token ${TOKEN}` } })
      .get(`${REPO}/branches/main`)
      .reply(502, `Bad gateway (upstream rejected Authorization: token ${TOKEN})`, {
        'content-type': 'text/plain',
      })
      .get(`${REPO}/branches/main`)
      .reply(401, { message: `Bad credentials: ${TOKEN}` })
      .get(REPO)
      .reply(403, { message: `Forbidden for ${TOKEN}` }, { 'x-ratelimit-remaining': '10' });
    const github = publisher({}, { log: logger });
    const messages: string[] = [];

    // Act
    for (let i = 0; i < 2; i++) {
      const { input, entries } = dealInput();
      const error = await github.publish(input).catch((e: unknown) => e);
      messages.push(String((error as Error).message), JSON.stringify(entries));
    }
    const reachable = await github.checkReachable();
    messages.push(english(reachable.detail));

    // Assert
    expect(messages.join('\n')).toContain('[redacted]');
    for (const text of [...messages, output]) expect(text).not.toContain(TOKEN);
    expect(output).toContain('GitHub request failed');
  });
});
