/**
 * The repository through the Git Data API: reading branches, refs and files, and finding a deal's earlier
 * commit; with commit.ts's writer, everything else in the plugin reads and writes the repository through this.
 */

import { phrase } from '../../src/publisher/phrase.js';
import type { PublishDeal } from '../../src/publisher/types.js';
import type { CallOptions } from './client.js';
import { createCommitter } from './commit.js';
import { GitHubErrorCode, type GitHubPublishError, gitHubError } from './errors.js';
import {
  GhBlob,
  type GhBranch,
  GhBranch as GhBranchSchema,
  GhCommitList,
  GhContent,
  GhGitCommit,
  GhRef,
  GhRepo,
} from './gh-schema.js';
import { frontMatterDealId, mentionsDeal, parseTrailers, type WorkKind } from './marker.js';
import { type GitHubSite, type Head, isStatus } from './site.js';

/** How far back the commit search for a deal's earlier commit looks, before the deal's acceptance. */
const COMMIT_SEARCH_SLACK_MS = 24 * 3600_000;

/** Reading the repository, and (commit.ts) writing to it. */
export type GitData = ReturnType<typeof createGitData>;

export function createGitData(site: GitHubSite) {
  const { options, client, repo } = site;
  let defaultBranch: string | undefined;

  async function getRepo(call: CallOptions): Promise<GhRepo> {
    try {
      return (await client.request(GhRepo, 'GET /repos/{owner}/{repo}', {}, call)).data;
    } catch (error) {
      throw isStatus(error, 404) ? repoNotFound() : error;
    }
  }

  function repoNotFound(): GitHubPublishError {
    return gitHubError(GitHubErrorCode.repoNotFound, phrase('gh.error.repo_not_found', { repo }), {
      retryable: false,
      status: 404,
    });
  }

  function branchNotFound(branch: string): GitHubPublishError {
    return gitHubError(
      GitHubErrorCode.branchNotFound,
      phrase('gh.error.branch_not_found', { branch, repo }),
      {
        retryable: false,
        status: 404,
      },
    );
  }

  async function baseBranch(call: CallOptions): Promise<string> {
    if (options.branch !== undefined) return options.branch;
    defaultBranch ??= (await getRepo(call)).default_branch;
    return defaultBranch;
  }

  /** The branch's head commit and tree; undefined when the branch does not exist (the repository does). */
  async function readBranch(branch: string, call: CallOptions): Promise<Head | undefined> {
    let answer: GhBranch;
    try {
      answer = (
        await client.request(GhBranchSchema, 'GET /repos/{owner}/{repo}/branches/{branch}', { branch }, call)
      ).data;
    } catch (error) {
      if (!isStatus(error, 404)) throw error;
      await getRepo(call); // a 404 here means the repository itself is missing (or hidden)
      return undefined;
    }
    return { sha: answer.commit.sha, tree: answer.commit.commit.tree.sha, protected: answer.protected };
  }

  async function requireBranch(branch: string, call: CallOptions): Promise<Head> {
    const head = await readBranch(branch, call);
    if (!head) throw branchNotFound(branch);
    return head;
  }

  /** A ref's commit (`heads/<branch>`) with its tree; undefined when the ref does not exist. */
  async function readRef(ref: string, call: CallOptions): Promise<Head | undefined> {
    let sha: string;
    try {
      sha = (await client.request(GhRef, 'GET /repos/{owner}/{repo}/git/ref/{ref}', { ref }, call)).data
        .object.sha;
    } catch (error) {
      if (isStatus(error, 404)) return undefined;
      throw error;
    }
    const commit = await client.request(
      GhGitCommit,
      'GET /repos/{owner}/{repo}/git/commits/{commit_sha}',
      {
        commit_sha: sha,
      },
      call,
    );
    return { sha, tree: commit.data.tree.sha, protected: undefined };
  }

  /** A file's text at a commit: undefined when absent, null when something that is not a file is there. */
  async function readFile(path: string, ref: string, call: CallOptions): Promise<string | null | undefined> {
    let content: GhContent;
    try {
      content = (
        await client.request(GhContent, 'GET /repos/{owner}/{repo}/contents/{path}', { path, ref }, call)
      ).data;
    } catch (error) {
      if (isStatus(error, 404)) return undefined;
      throw error;
    }
    if (Array.isArray(content) || content.type !== 'file' || !('sha' in content)) return null;
    if (content.encoding === 'base64' && content.content !== undefined && content.content !== '') {
      return Buffer.from(content.content, 'base64').toString('utf8');
    }
    // Files over 1 MB come without content: read the blob.
    const blob = await client.request(
      GhBlob,
      'GET /repos/{owner}/{repo}/git/blobs/{file_sha}',
      {
        file_sha: content.sha,
      },
      call,
    );
    return Buffer.from(blob.data.content, blob.data.encoding === 'base64' ? 'base64' : 'utf8').toString(
      'utf8',
    );
  }

  /**
   * The deal's latest commit of this kind on a branch (or PR) — found by `pressbridge deal <id>` in the
   * message — with the path and URL its trailers name.
   */
  async function findDealCommit(
    headSha: string,
    deal: PublishDeal,
    kind: WorkKind,
    call: CallOptions,
  ): Promise<{ sha: string; path: string; url: string | undefined } | undefined> {
    const since = new Date(deal.acceptedAt.getTime() - COMMIT_SEARCH_SLACK_MS).toISOString();
    const commits = await client.request(
      GhCommitList,
      'GET /repos/{owner}/{repo}/commits',
      { sha: headSha, since, per_page: 100 },
      call,
    );
    for (const commit of commits.data) {
      if (!mentionsDeal(commit.commit.message, deal.dealId)) continue;
      const trailers = parseTrailers(commit.commit.message);
      if ((trailers.kind ?? 'article') !== kind || trailers.path === undefined) continue;
      if (kind === 'article' && trailers.url === undefined) continue;
      return { sha: commit.sha, path: trailers.path, url: trailers.url };
    }
    return undefined;
  }

  const isOurs = (text: string | null | undefined, dealId: number): boolean =>
    typeof text === 'string' && frontMatterDealId(text, options.keys.deal) === dealId;

  const { createBlobs, createCommit, moveBranch, commitOnto } = createCommitter(site, {
    readBranch,
    branchNotFound,
  });

  return {
    getRepo,
    repoNotFound,
    branchNotFound,
    baseBranch,
    readBranch,
    requireBranch,
    readRef,
    readFile,
    findDealCommit,
    isOurs,
    createBlobs,
    createCommit,
    moveBranch,
    commitOnto,
  };
}
