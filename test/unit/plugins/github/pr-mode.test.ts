import { describe, expect, it } from 'vitest';
import { useHttpMock } from '../../../http-mock.js';
import {
  API,
  branchBody,
  contentBody,
  dealInput,
  fakeClock,
  json,
  publisher,
  pullBody,
  REPO,
  recordCalls,
  refBody,
  SHA,
  shaBody,
} from './helpers.js';

const http = useHttpMock();

const PATH = '_posts/2026-11-21-vylet-do-tater-kam-s-detmi.md';
const URL_ = 'https://jana.github.io/blog/2026/11/21/vylet-do-tater-kam-s-detmi.html';
const BRANCH = 'pressbridge/deal-4242';
const enc = (path: string) => path.replaceAll('/', '%2F');
const PR_BODY = `Publish "Výlet do Tater: kam s dětmi" (pressbridge deal 4242)\n\nPressbridge-Deal: 4242\nPressbridge-Kind: article\nPressbridge-Path: ${PATH}\nPressbridge-Url: ${URL_}`;

function pullsQuery(q: Record<string, unknown>): boolean {
  return q.head === `jana:${BRANCH}` && q.state === 'all';
}

describe('plugins/github/publisher: PR mode', () => {
  it('commits to the deal’s branch, opens a pull request and returns only once it is merged', async () => {
    // Arrange
    const scope = http.scope(API);
    const calls = recordCalls(scope);
    const bodies: Record<string, Record<string, unknown>> = {};
    let polls = 0;
    scope
      .get(`${REPO}/pulls`)
      .query(pullsQuery)
      .reply(200, [])
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head, SHA.tree))
      .get(`${REPO}/contents/${enc(PATH)}`)
      .query({ ref: SHA.head })
      .reply(404, { message: 'Not Found' })
      .get(`${REPO}/commits`)
      .query(true)
      .reply(200, [])
      .get(`${REPO}/git/ref/heads%2F${enc(BRANCH)}`)
      .reply(404, { message: 'Not Found' })
      .post(`${REPO}/git/blobs`)
      .times(3)
      .reply(201, shaBody(SHA.blob0))
      .post(`${REPO}/git/trees`)
      .reply(201, (_uri, body) => {
        bodies.tree = json(body);
        return shaBody(SHA.newTree);
      })
      .post(`${REPO}/git/commits`)
      .reply(201, (_uri, body) => {
        bodies.commit = json(body);
        return shaBody(SHA.commit);
      })
      .post(`${REPO}/git/refs`)
      .reply(201, (_uri, body) => {
        bodies.ref = json(body);
        return refBody(`heads/${BRANCH}`, SHA.commit);
      })
      .post(`${REPO}/pulls`)
      .reply(201, (_uri, body) => {
        bodies.pull = json(body);
        return pullBody(12, 'open', { body: PR_BODY });
      })
      .get(`${REPO}/pulls/12`)
      .times(2)
      .reply(200, () => (++polls === 1 ? pullBody(12, 'open') : pullBody(12, 'closed', { merged: true })));
    const clock = fakeClock();
    const { input, progress, entries } = dealInput();

    // Act
    const result = await publisher({ prMode: true, prPollIntervalMs: 20_000 }, { clock }).publish(input);

    // Assert
    expect(result).toEqual({ url: URL_, ref: SHA.merge, reused: false });
    expect(calls).toEqual([
      `GET /repos/jana/blog/pulls?head=jana:${BRANCH}&state=all&per_page=20`,
      'GET /repos/jana/blog/branches/main',
      `GET /repos/jana/blog/contents/${PATH}?ref=${SHA.head}`,
      expect.stringMatching(/^GET \/repos\/jana\/blog\/commits\?sha=1{40}&since=/),
      `GET /repos/jana/blog/git/ref/heads/${BRANCH}`,
      'POST /repos/jana/blog/git/blobs',
      'POST /repos/jana/blog/git/blobs',
      'POST /repos/jana/blog/git/blobs',
      'POST /repos/jana/blog/git/trees',
      'POST /repos/jana/blog/git/commits',
      'POST /repos/jana/blog/git/refs',
      'POST /repos/jana/blog/pulls',
      'GET /repos/jana/blog/pulls/12',
      'GET /repos/jana/blog/pulls/12',
    ]);
    expect(bodies.tree?.base_tree).toBe(SHA.tree);
    expect(bodies.commit?.parents).toEqual([SHA.head]);
    expect(bodies.ref).toEqual({ ref: `refs/heads/${BRANCH}`, sha: SHA.commit });
    expect(bodies.pull).toMatchObject({
      title: 'Publish "Výlet do Tater: kam s dětmi" (pressbridge deal 4242)',
      head: BRANCH,
      base: 'main',
      body: expect.stringContaining(`Pressbridge-Url: ${URL_}`),
    });
    expect(clock.sleeps).toEqual([20_000, 20_000]);
    expect(progress).toEqual([
      { githubPath: PATH, githubUrl: URL_, githubCommit: SHA.commit, githubBranch: BRANCH },
      {
        githubPr: 12,
        githubPrUrl: 'https://github.com/jana/blog/pull/12',
        githubBranch: BRANCH,
        githubUrl: URL_,
      },
      { githubMergeCommit: SHA.merge },
    ]);
    expect(entries.map((e) => e.msg)).toEqual(
      expect.arrayContaining([
        'waiting for the pull request to be merged before handing in',
        'the pull request is merged; the site deploys the article now',
      ]),
    );
  });

  it('reuses a pull request an earlier attempt got merged, without writing anything', async () => {
    // Arrange
    const scope = http.scope(API);
    const calls = recordCalls(scope);
    scope
      .get(`${REPO}/pulls`)
      .query(pullsQuery)
      .reply(200, [
        pullBody(9, 'closed', { body: PR_BODY }),
        pullBody(12, 'closed', { merged: true, body: PR_BODY }),
        pullBody(13, 'open', { body: PR_BODY, branch: 'pressbridge/deal-42420' }),
      ]);
    const clock = fakeClock();

    // Act
    const result = await publisher({ prMode: true }, { clock }).publish(dealInput().input);

    // Assert
    expect(result).toEqual({ url: URL_, ref: SHA.merge, reused: true });
    expect(calls).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('fails for good when the pull request is closed without merging', async () => {
    // Arrange
    http
      .scope(API)
      .get(`${REPO}/pulls`)
      .query(pullsQuery)
      .reply(200, [pullBody(12, 'open', { body: PR_BODY })])
      .get(`${REPO}/pulls/12`)
      .reply(200, pullBody(12, 'closed', { body: PR_BODY }));
    const clock = fakeClock();

    // Act
    const error = await publisher({ prMode: true }, { clock })
      .publish(dealInput().input)
      .catch((e: unknown) => e);

    // Assert
    expect(error).toMatchObject({
      code: 'github_pr_closed',
      retryable: false,
      message: expect.stringContaining(
        'The pull request #12 (https://github.com/jana/blog/pull/12) for deal 4242 was closed without merging',
      ),
    });
  });

  it('stops waiting at the deal’s deadline with a permanent error naming the pull request', async () => {
    // Arrange: 40 minutes to the deadline, a look every 10 minutes, never merged.
    http
      .scope(API)
      .get(`${REPO}/pulls`)
      .query(pullsQuery)
      .reply(200, [pullBody(12, 'open', { body: PR_BODY })])
      .get(`${REPO}/pulls/12`)
      .times(4)
      .reply(200, pullBody(12, 'open', { body: PR_BODY }));
    const clock = fakeClock();

    // Act
    const error = await publisher({ prMode: true, prPollIntervalMs: 600_000 }, { clock })
      .publish(dealInput().input)
      .catch((e: unknown) => e);

    // Assert
    expect(clock.sleeps).toEqual([600_000, 600_000, 600_000, 600_000]);
    expect(error).toMatchObject({
      code: 'github_pr_not_merged',
      retryable: false,
      message: expect.stringContaining(
        'was not merged before the deadline, so nothing was handed in: merge it, then run pressbridge retry 4242',
      ),
    });
  });

  it('reuses the branch an earlier attempt pushed before it could open the pull request', async () => {
    // Arrange
    const scope = http.scope(API);
    const calls = recordCalls(scope);
    scope
      .get(`${REPO}/pulls`)
      .query(pullsQuery)
      .reply(200, [])
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head, SHA.tree))
      .get(`${REPO}/contents/${enc(PATH)}`)
      .query({ ref: SHA.head })
      .reply(404, { message: 'Not Found' })
      .get(`${REPO}/commits`)
      .query(true)
      .reply(200, [])
      .get(`${REPO}/git/ref/heads%2F${enc(BRANCH)}`)
      .reply(200, refBody(`heads/${BRANCH}`, SHA.commit))
      .get(`${REPO}/git/commits/${SHA.commit}`)
      .reply(200, { sha: SHA.commit, tree: { sha: SHA.newTree }, parents: [{ sha: SHA.head }], message: 'x' })
      .get(`${REPO}/contents/${enc(PATH)}`)
      .query({ ref: SHA.commit })
      .reply(200, contentBody(PATH, '---\ntitle: Výlet\npressbridge_deal: 4242\n---\n\nText\n'))
      .post(`${REPO}/pulls`)
      .reply(201, pullBody(14, 'closed', { merged: true, body: PR_BODY }));

    // Act
    const result = await publisher({ prMode: true }).publish(dealInput().input);

    // Assert
    expect(result).toEqual({ url: URL_, ref: SHA.merge, reused: false });
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /repos/jana/blog/pulls']);
  });
});
