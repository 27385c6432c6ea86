/**
 * PR mode: the deal's files on a branch of their own (`<prBranchPrefix>deal-<id>`) with a pull request, and
 * the wait until somebody merges it (closed unmerged, or the deadline passing, is permanent). The branch and
 * the pull request an earlier attempt made are found and reused.
 */
import type { PublishDeal, PublishInput, PublishLog, PublishResult } from '../../src/publisher/types.js';
import type { ArticleSteps } from './article.js';
import type { CallOptions } from './client.js';
import { GitHubErrorCode, GitHubPublishError } from './errors.js';
import { GhPull, GhPullList, GhRef } from './gh-schema.js';
import type { GitData } from './git-data.js';
import { type CommitInfo, commitMessage, parseTrailers, pullRequestTitle } from './marker.js';
import { repositoryLock } from './serialize.js';
import { type GitHubSite, type Head, isStatus, type TreeFile } from './site.js';

export type PullRequests = ReturnType<typeof createPullRequests>;

/** A pull request's title and body. */
export interface PullText {
  title: string;
  body: string;
}

export function createPullRequests(site: GitHubSite, git: GitData, article: ArticleSteps) {
  const { options, client, clock, lockKey } = site;
  const { baseBranch, requireBranch, readRef, readFile, isOurs, createCommit, commitOnto } = git;
  const { plansFor, lookupArticle, articleFiles, reuse, commitInfo } = article;

  const prBranchOf = (dealId: number) => `${options.prBranchPrefix}deal-${dealId}`;

  /** The deal's pull request: merged before open before closed, the newest of each. */
  async function findPull(branch: string, call: CallOptions): Promise<GhPull | undefined> {
    const pulls = await client.request(
      GhPullList,
      'GET /repos/{owner}/{repo}/pulls',
      { head: `${options.repo.owner}:${branch}`, state: 'all', per_page: 20 },
      call,
    );
    const rank = (pull: GhPull) => (pull.merged_at ? 0 : pull.state === 'open' ? 1 : 2);
    return [...pulls.data]
      .filter((pull) => pull.head.ref === branch)
      .sort((a, b) => rank(a) - rank(b) || b.number - a.number)[0];
  }

  async function openPull(
    branch: string,
    base: string,
    text: PullText,
    call: CallOptions,
    draft: boolean,
  ): Promise<GhPull> {
    try {
      return (
        await client.request(
          GhPull,
          'POST /repos/{owner}/{repo}/pulls',
          {
            title: text.title,
            head: branch,
            base,
            body: text.body,
            maintainer_can_modify: true,
            ...(draft ? { draft: true } : {}),
          },
          call,
        )
      ).data;
    } catch (error) {
      // "A pull request already exists for owner:branch": an earlier attempt opened it.
      if (!isStatus(error, 422)) throw error;
      const existing = await findPull(branch, call);
      if (!existing) throw error;
      return existing;
    }
  }

  /**
   * Puts the deal's files on its own branch (made from the site's branch; the branch an earlier attempt made
   * is reused when it holds the deal's file already) and opens the pull request.
   */
  async function branchAndPull(args: {
    base: string;
    baseHead: Head;
    branch: string;
    makeFiles: () => Promise<TreeFile[]>;
    info: CommitInfo;
    dealId: number;
    log: PublishLog;
    call: CallOptions;
    draft: boolean;
    /** The pull request's title and body; default: the commit's subject and message. */
    pullText?: PullText;
  }): Promise<{ pull: GhPull; commit: string }> {
    const { branch, info, log, call } = args;
    const existing = await readRef(`heads/${branch}`, call);
    let commit: string;
    if (existing && isOurs(await readFile(info.path, existing.sha, call), args.dealId)) {
      commit = existing.sha;
      log.info({ branch, commit }, 'the deal’s branch from an earlier attempt holds its files; reusing it');
    } else if (existing) {
      const files = await args.makeFiles();
      const result = await commitOnto(
        branch,
        existing,
        files,
        commitMessage(info),
        async () => undefined,
        log,
        call,
      );
      commit = result.kind === 'committed' ? result.sha : existing.sha;
    } else {
      const files = await args.makeFiles();
      commit = await createCommit(args.baseHead, files, commitMessage(info), call);
      await client.request(
        GhRef,
        'POST /repos/{owner}/{repo}/git/refs',
        { ref: `refs/heads/${branch}`, sha: commit },
        call,
      );
    }
    const text = args.pullText ?? { title: pullRequestTitle(info), body: commitMessage(info) };
    const pull = await openPull(branch, args.base, text, call, args.draft);
    return { pull, commit };
  }

  async function publishByPullRequest(input: PublishInput): Promise<PublishResult> {
    const { deal, log, signal } = input;
    const deadlineMs = deal.deadline.getTime();
    const call: CallOptions = { signal, deadlineMs, log };
    const branch = prBranchOf(deal.dealId);
    const base = await baseBranch(call);

    let pull = await findPull(branch, call);
    let reused = pull !== undefined;
    let url = pull ? parseTrailers(pull.body ?? '').url : undefined;
    if (!pull) {
      const made = await repositoryLock.run(
        lockKey,
        async () => {
          const head = await requireBranch(base, call);
          const lookup = await lookupArticle(input, head.sha, call);
          if (lookup.kind === 'found') return { reused: await reuse(input, lookup, base, head.sha) };
          const { plan } = lookup;
          const result = await branchAndPull({
            base,
            baseHead: head,
            branch,
            makeFiles: () => articleFiles(input, plan, call),
            info: commitInfo(input, plan),
            dealId: deal.dealId,
            log,
            call,
            draft: false,
          });
          await input.progress({
            githubPath: plan.path,
            githubUrl: plan.url,
            githubCommit: result.commit,
            githubBranch: branch,
          });
          return { pull: result.pull, url: plan.url };
        },
        signal,
      );
      if ('reused' in made) return made.reused;
      pull = made.pull;
      url = made.url;
      reused = false;
    }
    url ??= plansFor(input)[0].url;
    await input.progress({
      githubPr: pull.number,
      githubPrUrl: pull.html_url,
      githubBranch: branch,
      githubUrl: url,
    });
    if (!pull.merged_at) {
      log.info(
        { dealId: deal.dealId, pr: pull.number, prUrl: pull.html_url, url },
        'waiting for the pull request to be merged before handing in',
      );
    }
    const merged = await waitForMerge(pull, deal, call);
    const ref = merged.merge_commit_sha ?? merged.head.sha;
    await input.progress({ githubMergeCommit: ref });
    log.info(
      { dealId: deal.dealId, pr: merged.number, commit: ref, url },
      'the pull request is merged; the site deploys the article now',
    );
    return { url, ref, reused };
  }

  /** Polls the pull request until it is merged; closed unmerged, or the deadline passing, is permanent. */
  async function waitForMerge(first: GhPull, deal: PublishDeal, call: CallOptions): Promise<GhPull> {
    let pull = first;
    for (;;) {
      if (pull.merged_at) return pull;
      if (pull.state === 'closed') {
        throw new GitHubPublishError(
          GitHubErrorCode.prClosed,
          `The pull request #${pull.number} (${pull.html_url}) for deal ${deal.dealId} was closed without merging, so the article was not published: reopen and merge it, then run pressbridge retry ${deal.dealId}; or hand the deal back in the marketplace`,
          { retryable: false },
        );
      }
      const remaining = deal.deadline.getTime() - clock.now().getTime();
      if (remaining <= 0) {
        throw new GitHubPublishError(
          GitHubErrorCode.prNotMerged,
          `The pull request #${pull.number} (${pull.html_url}) for deal ${deal.dealId} was not merged before the deadline, so nothing was handed in: merge it, then run pressbridge retry ${deal.dealId} if the deal still takes the article`,
          { retryable: false },
        );
      }
      try {
        await clock.sleep(Math.min(options.prPollIntervalMs, remaining), call.signal);
      } catch (error) {
        throw new GitHubPublishError(
          GitHubErrorCode.aborted,
          `Waiting for the pull request #${pull.number} to be merged was cancelled; the next attempt waits on`,
          { retryable: true, cause: error },
        );
      }
      pull = (
        await client.request(
          GhPull,
          'GET /repos/{owner}/{repo}/pulls/{pull_number}',
          { pull_number: pull.number },
          call,
        )
      ).data;
    }
  }

  return { prBranchOf, findPull, branchAndPull, publishByPullRequest };
}
