/**
 * Writing to the repository through the Git Data API: one commit (blobs → tree → commit → move the branch,
 * never forcing), redone on the new head while somebody else moves the branch.
 */
import { errorMessage } from '../../src/errors.js';
import { allBounded, MEDIA_CONCURRENCY } from '../../src/publisher/kit/index.js';
import type { PublishLog } from '../../src/publisher/types.js';
import type { CallOptions } from './client.js';
import { GitHubErrorCode, GitHubPublishError } from './errors.js';
import { GhRef, GhSha } from './gh-schema.js';
import type { ArticlePlan } from './layout.js';

import { type GitHubSite, type Head, isStatus, type Lookup, type TreeFile } from './site.js';

/** Tries of the ref update when somebody else keeps moving the branch. */
const MAX_REF_TRIES = 5;
export type Committer = ReturnType<typeof createCommitter>;

/** `reads`: what the writer needs to know after a refused ref update (git-data.ts). */
export function createCommitter(
  site: GitHubSite,
  reads: {
    readBranch(branch: string, call: CallOptions): Promise<Head | undefined>;
    branchNotFound(branch: string): GitHubPublishError;
  },
) {
  const { options, client, repo } = site;
  const { readBranch, branchNotFound } = reads;

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

  return { createBlobs, createCommit, moveBranch, commitOnto };
}
