/**
 * The last look's hold on GitHub (docs/decisions/0025-the-last-look.md): the article as `publish` writes it (the
 * article file and its photos, one commit) on a branch of its own, `<prBranchPrefix>held-<id>`, with a draft
 * pull request titled "Held for your look". Never the site's branch and never PR mode's `deal-<id>` branch: on
 * approve `publish` neither takes the held file for the published article nor waits for the held pull request.
 * After the publish (`closeAfterPublish`, from publisher.ts) and on refuse (`discardDraft`) the held pull
 * request is closed with a comment and its branch deleted; merging it by hand publishes the article (the same
 * file `publish` writes), which `publish` then finds on the site's branch.
 */
import { readProgress } from '../../src/publisher/kit/index.js';
import type {
  DiscardDraftInput,
  DiscardDraftResult,
  DraftResult,
  PublishDeal,
  PublishInput,
  PublishLog,
  PublishResult,
} from '../../src/publisher/types.js';
import type { ArticleSteps } from './article.js';
import type { CallOptions } from './client.js';
import { GitHubPublishError } from './errors.js';
import { GhComment, GhNoContent, GhPull } from './gh-schema.js';
import type { GitData } from './git-data.js';
import { heldPullRequest } from './marker.js';
import { GitHubProgress } from './progress.js';
import type { PullRequests } from './pull-request.js';
import { repositoryLock } from './serialize.js';
import { type GitHubSite, isStatus } from './site.js';

export type Held = ReturnType<typeof createHeld>;

/** What putting a hold away found and did. */
interface PutAway {
  /** The held pull request found (the newest, merged before open before closed). */
  pull: GhPull | undefined;
  closed: boolean;
  branchDeleted: boolean;
}

export function createHeld(site: GitHubSite, git: GitData, pulls: PullRequests, article: ArticleSteps) {
  const { options, client, repo, lockKey } = site;
  const { baseBranch, requireBranch } = git;
  const { findPull, branchAndPull } = pulls;
  const { lookupArticle, articleFiles, commitInfo } = article;

  const heldBranchOf = (dealId: number) => `${options.prBranchPrefix}held-${dealId}`;
  const callOf = (deal: PublishDeal, log: PublishLog, signal: AbortSignal): CallOptions => ({
    signal,
    deadlineMs: deal.deadline.getTime(),
    log,
  });

  async function holdDraft(input: PublishInput): Promise<DraftResult> {
    const { deal, log, signal } = input;
    const call = callOf(deal, log, signal);
    const branch = heldBranchOf(deal.dealId);
    const base = await baseBranch(call);
    const existing = await findPull(branch, call);
    if (existing && (existing.state === 'open' || existing.merged_at)) {
      await input.progress({ githubHeldBranch: branch, githubHeldPr: existing.number });
      log.info({ pr: existing.number, branch }, 'the deal’s held pull request exists already; reusing it');
      return { ref: existing.html_url, editUrl: existing.html_url, reused: true };
    }
    return await repositoryLock.run(
      lockKey,
      async () => {
        const head = await requireBranch(base, call);
        const lookup = await lookupArticle(input, head.sha, call);
        if (lookup.kind === 'found') {
          log.warn(
            { dealId: deal.dealId, path: lookup.path, branch: base },
            'the deal’s article is on the site’s branch already; there is nothing to hold',
          );
          return { ref: lookup.commit ?? head.sha, reused: true };
        }
        const { plan } = lookup;
        const info = commitInfo(input, plan);
        const result = await branchAndPull({
          base,
          baseHead: head,
          branch,
          makeFiles: () => articleFiles(input, plan, call),
          info,
          dealId: deal.dealId,
          log,
          call,
          draft: true,
          pullText: heldPullRequest(info),
        });
        await input.progress({ githubHeldBranch: branch, githubHeldPr: result.pull.number });
        log.info(
          {
            dealId: deal.dealId,
            pr: result.pull.number,
            prUrl: result.pull.html_url,
            branch,
            path: plan.path,
          },
          'held the article in a draft pull request for the blogger’s look',
        );
        return { ref: result.pull.html_url, editUrl: result.pull.html_url, reused: false };
      },
      signal,
    );
  }

  /** Closes the deal's held pull request (a comment first says why) and deletes its branch; a merged one stays. */
  async function putAway(deal: PublishDeal, comment: string, call: CallOptions): Promise<PutAway> {
    const branch = heldBranchOf(deal.dealId);
    const pull = await findPull(branch, call);
    if (pull?.merged_at) return { pull, closed: false, branchDeleted: false };
    let closed = false;
    if (pull?.state === 'open') {
      await client.request(
        GhComment,
        'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
        { issue_number: pull.number, body: comment },
        call,
      );
      await client.request(
        GhPull,
        'PATCH /repos/{owner}/{repo}/pulls/{pull_number}',
        { pull_number: pull.number, state: 'closed' },
        call,
      );
      closed = true;
    }
    return { pull, closed, branchDeleted: await deleteBranch(branch, call) };
  }

  /** Deletes a branch; false when it was not there (GitHub answers 422 "Reference does not exist", or 404). */
  async function deleteBranch(branch: string, call: CallOptions): Promise<boolean> {
    try {
      await client.request(
        GhNoContent,
        'DELETE /repos/{owner}/{repo}/git/refs/{ref}',
        { ref: `heads/${branch}` },
        call,
      );
      return true;
    } catch (error) {
      if (isStatus(error, 422) || isStatus(error, 404)) return false;
      throw error;
    }
  }

  /** Refuse: the held pull request closed and its branch deleted; a permanent refusal of GitHub keeps it. */
  async function discardDraft(input: DiscardDraftInput): Promise<DiscardDraftResult> {
    const { deal, log, signal } = input;
    const branch = heldBranchOf(deal.dealId);
    let done: PutAway;
    try {
      done = await putAway(deal, REFUSED_COMMENT, callOf(deal, log, signal));
    } catch (error) {
      if (error instanceof GitHubPublishError && !error.retryable) {
        return { outcome: 'kept', detail: `${input.ref} (branch ${branch}) stays: ${error.message}` };
      }
      throw error;
    }
    const { pull } = done;
    if (pull?.merged_at) {
      return {
        outcome: 'kept',
        detail: `the held pull request ${pull.html_url} was merged, so the article is on the site's branch of ${repo}: left as it is`,
      };
    }
    if (!done.closed && !done.branchDeleted) return { outcome: 'gone' };
    log.info(
      { dealId: deal.dealId, pr: pull?.number, branch },
      'closed the refused deal’s held pull request and deleted its branch',
    );
    const what = done.closed && pull ? `pull request ${pull.html_url} closed, ` : '';
    return { outcome: 'deleted', detail: `${what}branch ${branch} deleted` };
  }

  /**
   * After a publish of a deal the last look held here (the record says so: holdDraft writes it on every call),
   * its held pull request closed and its branch deleted. A failure only warns: the live article is what counts.
   */
  async function closeAfterPublish(input: PublishInput, result: PublishResult): Promise<void> {
    const { deal, log, signal } = input;
    if (readProgress(GitHubProgress, input.previous).githubHeldBranch === undefined) return;
    try {
      const done = await putAway(deal, publishedComment(result.url), callOf(deal, log, signal));
      if (done.closed || done.branchDeleted) {
        log.info(
          { dealId: deal.dealId, pr: done.pull?.number, branch: heldBranchOf(deal.dealId) },
          'closed the deal’s held pull request now that the article is published',
        );
      }
    } catch (error) {
      log.warn(
        {
          dealId: deal.dealId,
          branch: heldBranchOf(deal.dealId),
          err: error instanceof Error ? error.message : String(error),
        },
        'could not close the deal’s held pull request after publishing; close it and delete its branch by hand',
      );
    }
  }

  return { heldBranchOf, holdDraft, discardDraft, closeAfterPublish };
}

const REFUSED_COMMENT =
  'Refused at the blogger’s last look: pressbridge closes this pull request and deletes its branch. Nothing was published.';

function publishedComment(url: string): string {
  return `Approved at the blogger’s last look and published by pressbridge: ${url}. This held copy is closed and its branch deleted.`;
}
