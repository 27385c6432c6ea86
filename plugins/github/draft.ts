/**
 * Briefs (`bloggerPublished: draft`): the brief, already rendered by the pipeline, as a draft file in the
 * repository (`paths.draft`), committed to the site's branch, or in PR mode opened as a draft pull request.
 */
import type { DraftInput, DraftResult } from '../../src/publisher/types.js';
import { firstParagraphExcerpt } from '../../src/render/index.js';
import { notInTheFuture } from './article.js';
import { chooseCategories } from './categories.js';
import type { CallOptions } from './client.js';
import { renderBody, renderFile, renderFrontMatter } from './content.js';
import { GitHubErrorCode, GitHubPublishError } from './errors.js';
import type { GitData } from './git-data.js';
import { draftPath } from './layout.js';
import { type CommitInfo, commitMessage } from './marker.js';
import type { PullRequests } from './pull-request.js';
import { repositoryLock } from './serialize.js';
import type { GitHubSite, Head, Lookup } from './site.js';

export function createDraftStep(site: GitHubSite, git: GitData, pulls: PullRequests) {
  const { options, client, clock, repo, lockKey } = site;
  const { baseBranch, requireBranch, readFile, findDealCommit, isOurs, commitOnto } = git;
  const { prBranchOf, findPull, branchAndPull } = pulls;

  async function createDraft(input: DraftInput): Promise<DraftResult> {
    const { deal, log, signal } = input;
    const call: CallOptions = { signal, deadlineMs: deal.deadline.getTime(), log };
    const date = deal.acceptedAt;
    const path = draftPath(options.layout, { dealId: deal.dealId, slug: input.slug, date });
    if (path === undefined) {
      throw new GitHubPublishError(
        GitHubErrorCode.noDraftPath,
        `The github publisher of ${repo} has no place for briefs (preset ${options.preset}): set paths.draft (e.g. "drafts/{slug}.{ext}"), or set the blog's bloggerPublished: skip`,
        { retryable: false },
      );
    }
    const categories = chooseCategories(options, deal.categoryId);
    const body = renderBody({
      blocks: input.brief,
      images: new Map(),
      format: options.bodyFormat,
      rawHtml: options.rawHtml,
      photos: options.dialect.photos,
    });
    const text = renderFile(
      renderFrontMatter({
        keys: options.keys,
        title: input.title,
        date: notInTheFuture(date, clock.now()),
        slug: input.slug,
        categories: categories.names,
        cover: undefined,
        permalink: undefined,
        dealId: deal.dealId,
        draft: true,
        description: firstParagraphExcerpt(input.brief),
        htmlDescription: options.dialect.htmlDescription,
        extra: options.frontMatter,
      }),
      body.text,
    );
    const info: CommitInfo = { kind: 'brief', dealId: deal.dealId, title: input.title, path };
    const base = await baseBranch(call);

    if (options.prMode) {
      const branch = prBranchOf(deal.dealId);
      const existing = await findPull(branch, call);
      if (existing) {
        log.info({ pr: existing.number }, 'the deal’s brief has its pull request already; reusing it');
        return { ref: existing.head.sha, editUrl: existing.html_url, reused: true };
      }
      return await repositoryLock.run(
        lockKey,
        async () => {
          const head = await requireBranch(base, call);
          const result = await branchAndPull({
            base,
            baseHead: head,
            branch,
            makeFiles: async () => [{ path, content: text }],
            info,
            dealId: deal.dealId,
            log,
            call,
            draft: true,
          });
          await input.progress({ githubBriefPath: path, githubBranch: branch, githubPr: result.pull.number });
          log.info({ pr: result.pull.number, path }, 'opened a draft pull request with the brief');
          return { ref: result.commit, editUrl: result.pull.html_url, reused: false };
        },
        signal,
      );
    }

    const editUrl = `${client.web}/${repo}/edit/${base}/${path}`;
    return await repositoryLock.run(
      lockKey,
      async () => {
        const head = await requireBranch(base, call);
        const stillNeeded = async (now: Head): Promise<Lookup | undefined> =>
          isOurs(await readFile(path, now.sha, call), deal.dealId)
            ? { kind: 'found', path, url: undefined, commit: undefined }
            : undefined;
        const found = await stillNeeded(head);
        if (found?.kind === 'found') {
          const commit = await findDealCommit(head.sha, deal, 'brief', call);
          await input.progress({ githubBriefPath: path, githubBranch: base });
          log.info({ path }, 'the deal’s brief is in the repository already; reusing it');
          return { ref: commit?.sha ?? head.sha, editUrl, reused: true };
        }
        const result = await commitOnto(
          base,
          head,
          [{ path, content: text }],
          commitMessage(info),
          stillNeeded,
          log,
          call,
        );
        const ref = result.kind === 'committed' ? result.sha : result.head.sha;
        await input.progress({ githubBriefPath: path, githubBranch: base, githubCommit: ref });
        log.info({ path, commit: ref }, 'committed the brief to GitHub as a draft');
        return { ref, editUrl, reused: result.kind === 'found' };
      },
      signal,
    );
  }

  return { createDraft };
}
