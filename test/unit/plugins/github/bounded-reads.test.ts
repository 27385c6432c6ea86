/**
 * The GitHub client (Octokit) against a real local server playing an odd GitHub API: Octokit reads answers
 * whole, so its fetch reads each within the kit's limit first; an answer over it is `github_answer_too_large`,
 * and an error answer of any size is classified from its start.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../../../plugins/github/client.js';
import { GhRepo } from '../../../../plugins/github/gh-schema.js';
import { systemClock } from '../../../../src/clock.js';
import { PublishError } from '../../../../src/errors.js';
import { createSilentLogger } from '../../../../src/logger.js';
import { caught } from '../../../helpers/caught.js';
import {
  gzipBomb,
  type PeerServer,
  type Route,
  sizedBody,
  startPeerServer,
} from '../../../helpers/peer-server.js';

const caughtAs = (promise: Promise<unknown>) => caught(promise, PublishError);

const MiB = 1024 * 1024;
const TOKEN = 'github_pat_11BOUNDED0abcdefghijKLMNOPQRSTUV_wxyz0123456789secret';

describe('plugins/github/client: bounded reads', () => {
  let peer: PeerServer | undefined;
  afterEach(async () => {
    await peer?.close();
    peer = undefined;
  });

  async function clientFor(routes: Record<string, Route>) {
    peer = await startPeerServer(routes);
    return createGitHubClient({
      token: TOKEN,
      owner: 'jana',
      name: 'blog',
      apiBaseUrl: peer.url,
      timeoutMs: 10_000,
      writeIntervalMs: 0,
      log: createSilentLogger(),
      clock: systemClock,
    });
  }

  it('refuses a 2xx answer over 8 MiB as github_answer_too_large, permanent, and drops the connection', async () => {
    // Arrange
    const client = await clientFor({
      '/repos/jana/blog': sizedBody(300 * MiB, { head: '{"default_branch":"main","x":"' }),
    });

    // Act
    const error = await caughtAs(client.request(GhRepo, 'GET /repos/{owner}/{repo}', {}));

    // Assert
    expect(error).toMatchObject({ code: 'github_answer_too_large', retryable: false });
    expect(error.message).toBe(
      `GitHub (${peer?.url}) answered GET /repos/jana/blog with more than 8 MiB (the limit for a publishing target's API answer); the read was stopped: is apiBaseUrl a GitHub REST API?`,
    );
    await expect.poll(() => peer?.served('/repos/jana/blog')?.closedEarly).toBe(true);
    expect(peer?.served('/repos/jana/blog')?.written).toBeLessThan(100 * MiB);
  });

  it('counts the inflated bytes of a gzip bomb', async () => {
    const client = await clientFor({ '/repos/jana/blog': gzipBomb(1024 * MiB) });

    const error = await caughtAs(client.request(GhRepo, 'GET /repos/{owner}/{repo}', {}));

    expect(error).toMatchObject({ code: 'github_answer_too_large', retryable: false });
  });

  it('classifies a huge error answer from its start (a 502 stays retryable)', async () => {
    const client = await clientFor({
      '/repos/jana/blog': sizedBody(300 * MiB, { status: 502, head: '{"message":"Server Error"' }),
    });

    const error = await caughtAs(client.request(GhRepo, 'GET /repos/{owner}/{repo}', {}));

    expect(error).toMatchObject({ code: 'github_unavailable', retryable: true, status: 502 });
    await expect.poll(() => peer?.served('/repos/jana/blog')?.closedEarly).toBe(true);
  });

  it('reads a normal answer', async () => {
    const client = await clientFor({
      '/repos/jana/blog': sizedBody(4096, { head: '{"default_branch":"main"}' }),
    });

    const answer = await client.request(GhRepo, 'GET /repos/{owner}/{repo}', {});

    expect(answer.data.default_branch).toBe('main');
  });
});
