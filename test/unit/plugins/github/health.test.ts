import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../../helpers/said.js';
import { useHttpMock } from '../../../http-mock.js';
import { API, branchBody, publisher, REPO, recordCalls, repoBody, SHA } from './helpers.js';

const http = useHttpMock();

const rateLimit = {
  resources: { core: { limit: 5000, remaining: 4990, reset: 1_800_000_000, used: 10 } },
  rate: {},
};

describe('plugins/github/publisher: health', () => {
  it('checkReachable is one GET of the repository', async () => {
    // Arrange
    const calls = recordCalls(http.scope(API).get(REPO).reply(200, repoBody()));

    // Act
    const result = inEnglish(await publisher().checkReachable());

    // Assert
    expect(result).toEqual({ ok: true, detail: 'GitHub repository jana/blog (default branch main)' });
    expect(calls).toEqual(['GET /repos/jana/blog']);
  });

  it('checkReachable reports a rejected token as not ok, without throwing', async () => {
    http.scope(API).get(REPO).reply(401, { message: 'Bad credentials' });
    const result = inEnglish(await publisher().checkReachable());
    expect(result.ok).toBe(false);
    expect(result.detail).toContain(
      'GitHub rejected the token for jana/blog (401 to GET /repos/jana/blog: Bad credentials)',
    );
  });

  it('diagnose: token, repository, permission, branch, URL pattern, the site, the rate limit', async () => {
    // Arrange
    http
      .scope(API)
      .get(REPO)
      .reply(200, repoBody())
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head, SHA.tree, true))
      .get('/rate_limit')
      .reply(200, rateLimit);
    http.scope('https://jana.github.io').get('/blog/').reply(200, '<html>blog</html>');

    // Act
    const checks = inEnglish(await publisher().diagnose());

    // Assert
    expect(checks).toEqual([
      {
        name: 'GitHub token and repository jana/blog',
        status: 'ok',
        detail: 'the token sees jana/blog (default branch main)',
      },
      {
        name: 'Permission to push to jana/blog',
        status: 'ok',
        detail: 'the token’s user may push (a fine-grained token also needs Contents: read and write)',
      },
      {
        name: 'Branch main of jana/blog',
        status: 'warn',
        detail: 'protected: direct commits may be refused (head 1111111)',
        fix: 'set prMode: true, or allow the token’s user to push to the branch',
      },
      {
        name: 'Public URLs of the articles',
        status: 'ok',
        detail: expect.stringMatching(
          /^e\.g\. https:\/\/jana\.github\.io\/blog\/\d{4}\/\d{2}\/\d{2}\/priklad-clanku\.html for _posts\/\d{4}-\d{2}-\d{2}-priklad-clanku\.md$/,
        ),
      },
      { name: 'The site at https://jana.github.io/blog/', status: 'ok', detail: 'answers 200' },
      {
        name: 'GitHub API rate limit of the token',
        status: 'ok',
        detail: '4990 of 5000 requests left this hour',
      },
    ]);
  });

  it('diagnose: a user without push, a classic token without repo scope, a missing branch, a URL off the site', async () => {
    // Arrange
    http
      .scope(API)
      .get(REPO)
      .reply(200, repoBody({ permissions: { push: false, pull: true } }))
      .get(`${REPO}/branches/drafts`)
      .reply(404, { message: 'Branch not found' })
      .get(REPO)
      .reply(200, repoBody())
      .get('/rate_limit')
      .reply(200, { resources: { core: { limit: 5000, remaining: 12, reset: 1_800_000_000 } } });
    http.scope('https://www.hory.cz').get('/').reply(503, 'down');

    // Act
    const checks = await publisher({
      branch: 'drafts',
      preset: 'hugo',
      siteUrl: 'https://www.hory.cz',
      urlPattern: 'https://hory.example.com/{slug}/',
    })
      .diagnose()
      .then(inEnglish);

    // Assert
    expect(checks.map(({ name, status }) => `${status} ${name}`)).toEqual([
      'ok GitHub token and repository jana/blog',
      'fail Permission to push to jana/blog',
      'fail Branch drafts of jana/blog',
      'warn Public URLs of the articles',
      'warn The site at https://www.hory.cz/',
      'warn GitHub API rate limit of the token',
    ]);
    expect(checks[3]?.detail).toContain(
      "not on the host of siteUrl (www.hory.cz); the marketplace takes only URLs on the blog's domain",
    );
    expect(checks[4]?.detail).toBe('answers 503');
  });

  it('diagnose stops at a repository the token cannot see', async () => {
    // Arrange
    http.scope(API).get(REPO).reply(404, { message: 'Not Found' });

    // Act
    const checks = inEnglish(await publisher().diagnose());

    // Assert
    expect(checks).toEqual([
      {
        name: 'GitHub token and repository jana/blog',
        status: 'fail',
        detail: expect.stringContaining(
          'The GitHub repository jana/blog does not exist, or the token cannot see it',
        ),
        fix: 'check the option repo (jana/blog) and give the token access to it',
      },
    ]);
  });

  it('diagnose tells a classic token without the repo scope', async () => {
    http
      .scope(API)
      .get(REPO)
      .reply(200, repoBody(), { 'x-oauth-scopes': 'read:user, gist' })
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head, SHA.tree))
      .get('/rate_limit')
      .reply(200, rateLimit);
    http.scope('https://jana.github.io').get('/blog/').reply(200, 'ok');

    const checks = inEnglish(await publisher().diagnose());

    expect(checks[1]).toEqual({
      name: 'Permission to push to jana/blog',
      status: 'fail',
      detail: 'a classic token without the repo scope (scopes: read:user, gist)',
      fix: 'use a fine-grained token with Contents: read and write, or give the classic token the repo scope',
    });
  });
});
