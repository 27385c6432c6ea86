/**
 * The repository through the Git Data API: reading branches, refs and files, finding a deal's earlier commit,
 * and writing one commit (blobs → tree → commit → move the branch, never forcing, redone on the new head
 * while somebody else moves it). Everything else in the plugin reads and writes the repository through this.
 */
import { errorMessage } from '../../src/errors.js';
import { allBounded, MEDIA_CONCURRENCY } from '../../src/publisher/kit/index.js';
import type { Clock, PublishDeal, PublishLog } from '../../src/publisher/types.js';
import type { CallOptions, GitHubClient } from './client.js';
import { GitHubErrorCode, GitHubPublishError } from './errors.js';
import {
  GhBlob,
  type GhBranch,
  GhBranch as GhBranchSchema,
  GhCommitList,
  GhContent,
  GhGitCommit,
  GhRef,
  GhRepo,
  GhSha,
} from './gh-schema.js';
import type { ArticlePlan } from './layout.js';
import { frontMatterDealId, mentionsDeal, parseTrailers, type WorkKind } from './marker.js';
import type { GitHubOptions } from './options.js';

/** What every part of the publisher shares: the blog's options, the API client, the clock, the lock key. */
export interface GitHubSite {
  options: GitHubOptions;
  client: GitHubClient;
  clock: Clock;
  /** `owner/name`. */
  repo: string;
  /** The process-wide repository lock's key for this repository. */
  lockKey: string;
  fetch?: typeof fetch | undefined;
}

/** Tries of the ref update when somebody else keeps moving the branch. */
const MAX_REF_TRIES = 5;
/** How far back the commit search for a deal's earlier commit looks, before the deal's acceptance. */
const COMMIT_SEARCH_SLACK_MS = 24 * 3600_000;

export interface Head {
  sha: string;
  tree: string;
  protected: boolean | undefined;
}

export interface TreeFile {
  path: string;
  /** Text content (the article), or the SHA of a blob made from bytes (a photo). */
  content?: string;
  sha?: string;
}

/** What the lookup found on a branch: the deal's own work, or where to put it. */
export type Lookup =
  | { kind: 'found'; path: string; url: string | undefined; commit: string | undefined }
  | { kind: 'absent'; plan: ArticlePlan };

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
    return new GitHubPublishError(
      GitHubErrorCode.repoNotFound,
      `The GitHub repository ${repo} does not exist, or the token cannot see it: check the option repo, and give the token access to ${repo} (fine-grained token → Repository access → Only select repositories)`,
      { retryable: false, status: 404 },
    );
  }

  function branchNotFound(branch: string): GitHubPublishError {
    return new GitHubPublishError(
      GitHubErrorCode.branchNotFound,
      `The branch ${branch} does not exist in the GitHub repository ${repo}: set the option branch to the branch the site is built from`,
      { retryable: false, status: 404 },
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

  /**
   * The photos as blobs (base64), one request each, a few at once: a blob is named by its content, so one
   * made twice (by a retry) is the same blob, and nothing points to it until the tree does.
   */
  async function createBlobs(plan: ArticlePlan, call: CallOptions): Promise<TreeFile[]> {
    const images = [...(plan.cover ? [plan.cover] : []), ...plan.images];
    return await allBounded(images, MEDIA_CONCURRENCY, async (image): Promise<TreeFile> => {
      const blob = await client.request(
        GhSha,
        'POST /repos/{owner}/{repo}/git/blobs',
        { content: image.image.bytes.toString('base64'), encoding: 'base64' },
        call,
      );
      return { path: image.path, sha: blob.data.sha };
    });
  }

  /** Tree on top of `head`'s, then the commit whose only parent is `head`. */
  async function createCommit(head: Head, files: readonly TreeFile[], message: string, call: CallOptions) {
    const tree = await client.request(
      GhSha,
      'POST /repos/{owner}/{repo}/git/trees',
      {
        base_tree: head.tree,
        tree: files.map((file) =>
          file.sha !== undefined
            ? { path: file.path, mode: '100644', type: 'blob', sha: file.sha }
            : { path: file.path, mode: '100644', type: 'blob', content: file.content ?? '' },
        ),
      },
      call,
    );
    const author = options.commitAuthor
      ? { author: options.commitAuthor, committer: options.commitAuthor }
      : {};
    const commit = await client.request(
      GhSha,
      'POST /repos/{owner}/{repo}/git/commits',
      { message, tree: tree.data.sha, parents: [head.sha], ...author },
      call,
    );
    return commit.data.sha;
  }

  /**
   * Moves `branch` from `head` to `commit`, never forcing. Refused as not a fast-forward (409/422) because the
   * branch moved: the new head is returned for the caller to redo its commit on. Refused although nobody moved
   * it: the branch is protected (or a rule refuses the token), a permanent error.
   */
  async function moveBranch(
    branch: string,
    head: Head,
    commit: string,
    call: CallOptions,
  ): Promise<{ moved: true } | { moved: false; head: Head }> {
    try {
      await client.request(
        GhRef,
        'PATCH /repos/{owner}/{repo}/git/refs/{ref}',
        { ref: `heads/${branch}`, sha: commit, force: false },
        call,
      );
      return { moved: true };
    } catch (error) {
      if (!isStatus(error, 409) && !isStatus(error, 422)) throw error;
      const now = await readBranch(branch, call);
      if (!now) throw branchNotFound(branch);
      if (now.sha !== head.sha) return { moved: false, head: now };
      throw new GitHubPublishError(
        GitHubErrorCode.protectedBranch,
        `GitHub refused to move the branch ${branch} of ${repo} to the new commit although nobody else changed it (${errorMessage(error).replace(/^GitHub refused [^:]*: /, '')}): the branch is probably protected (pull requests or status checks required); set prMode: true, or let the token's user push to ${branch}`,
        { retryable: false, status: (error as GitHubPublishError).status, cause: error },
      );
    }
  }

  /**
   * Commits `files` onto `branch` as one commit, redone on the new head while somebody else moves the branch
   * (each time first asking `stillNeeded` whether the new head brought the deal's work already).
   */
  async function commitOnto(
    branch: string,
    first: Head,
    files: readonly TreeFile[],
    message: string,
    stillNeeded: (head: Head) => Promise<Lookup | undefined>,
    log: PublishLog,
    call: CallOptions,
  ): Promise<
    | { kind: 'committed'; sha: string }
    | { kind: 'found'; found: Extract<Lookup, { kind: 'found' }>; head: Head }
  > {
    let head = first;
    for (let attempt = 1; ; attempt++) {
      const sha = await createCommit(head, files, message, call);
      const result = await moveBranch(branch, head, sha, call);
      if (result.moved) return { kind: 'committed', sha };
      log.info(
        { branch, was: head.sha, now: result.head.sha, attempt },
        'the branch moved while committing; making the commit again on its new head',
      );
      head = result.head;
      const found = await stillNeeded(head);
      if (found?.kind === 'found') return { kind: 'found', found, head };
      if (attempt >= MAX_REF_TRIES) {
        throw new GitHubPublishError(
          GitHubErrorCode.refMoving,
          `The branch ${branch} of ${repo} kept moving while pressbridge committed (${attempt} tries); will retry`,
          { retryable: true },
        );
      }
    }
  }

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

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof GitHubPublishError && error.status === status;
}
