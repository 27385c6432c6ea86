/**
 * The GitHub publisher: a deal's article and photos land in ONE commit made with the Git Data API
 * (blobs → tree → commit → move the branch), or, in PR mode, on a branch of their own with a pull request
 * that must be merged before the URL is handed in. Exactly once per deal (see README.md, "Exactly once").
 *
 * Waiting for the deploy is the pipeline's verify step: `publish` returns the article's computed URL as soon as
 * the commit is on the site's branch, and the pipeline GETs that URL until it answers 200 (bounded by the
 * deal's deadline) before handing it in. In PR mode `publish` itself waits until the pull request is merged.
 */
import { z } from 'zod';
import { errorMessage } from '../../src/errors.js';
import { allBounded, MEDIA_CONCURRENCY, readProgress, USER_AGENT } from '../../src/publisher/kit/index.js';
import type {
  Clock,
  DiagnosticCheck,
  DraftInput,
  DraftResult,
  Logger,
  PublishDeal,
  Publisher,
  PublishInput,
  PublishLog,
  PublishResult,
  ReachabilityResult,
} from '../../src/publisher/types.js';
import type { ImageRef } from '../../src/render/types.js';
import { placedPhotos } from '../../src/render/walk.js';
import { chooseCategories } from './categories.js';
import { type CallOptions, createGitHubClient } from './client.js';
import { renderBody, renderFile, renderFrontMatter } from './content.js';
import { GitHubErrorCode, GitHubPublishError } from './errors.js';
import {
  GhBlob,
  type GhBranch,
  GhBranch as GhBranchSchema,
  GhCommitList,
  GhContent,
  GhGitCommit,
  GhPull,
  GhPullList,
  GhRateLimit,
  GhRef,
  GhRepo,
  GhSha,
} from './gh-schema.js';
import { type ArticlePlan, draftPath, planArticle } from './layout.js';
import {
  type CommitInfo,
  commitMessage,
  frontMatterDealId,
  mentionsDeal,
  parseTrailers,
  pullRequestTitle,
  type WorkKind,
} from './marker.js';
import type { GitHubOptions } from './options.js';
import { repositoryKey, repositoryLock } from './serialize.js';

/** A publisher for one GitHub repository. Beyond the contract: `diagnose` for `pressbridge doctor`. */
export interface GitHubPublisher extends Publisher {
  diagnose(signal?: AbortSignal): Promise<DiagnosticCheck[]>;
}

export interface GitHubPublisherContext {
  log: Logger;
  fetch?: typeof fetch | undefined;
  /** The daemon's clock (the contract's); tests walk through rate-limit waits and the merge wait with theirs. */
  clock: Clock;
}

/** What this plugin records through `progress` (and reads back from `previous` as a hint). */
export const GitHubProgress = z.object({
  /** The article's file and URL, once committed (or found). */
  githubPath: z.string().optional().catch(undefined),
  githubUrl: z.string().optional().catch(undefined),
  /** The commit holding the article (or, reused, the one found for it). */
  githubCommit: z.string().optional().catch(undefined),
  /** The branch committed to (the site's branch, or the deal's own in PR mode). */
  githubBranch: z.string().optional().catch(undefined),
  /** PR mode: the pull request, and the merge commit once merged. */
  githubPr: z.number().int().positive().optional().catch(undefined),
  githubPrUrl: z.string().optional().catch(undefined),
  githubMergeCommit: z.string().optional().catch(undefined),
  /** A brief's file. */
  githubBriefPath: z.string().optional().catch(undefined),
});
export type GitHubProgress = z.infer<typeof GitHubProgress>;

/** Tries of the ref update when somebody else keeps moving the branch. */
const MAX_REF_TRIES = 5;
/** How far back the commit search for a deal's earlier commit looks, before the deal's acceptance. */
const COMMIT_SEARCH_SLACK_MS = 24 * 3600_000;

interface Head {
  sha: string;
  tree: string;
  protected: boolean | undefined;
}

interface TreeFile {
  path: string;
  /** Text content (the article), or the SHA of a blob made from bytes (a photo). */
  content?: string;
  sha?: string;
}

/** What the lookup found on a branch: the deal's own work, or where to put it. */
type Lookup =
  | { kind: 'found'; path: string; url: string | undefined; commit: string | undefined }
  | { kind: 'absent'; plan: ArticlePlan };

export function createGitHubPublisher(
  options: GitHubOptions,
  context: GitHubPublisherContext,
): GitHubPublisher {
  const { clock } = context;
  const client = createGitHubClient({
    token: options.token,
    owner: options.repo.owner,
    name: options.repo.name,
    apiBaseUrl: options.apiBaseUrl,
    timeoutMs: options.timeoutMs,
    writeIntervalMs: options.writeIntervalMs,
    log: context.log,
    clock,
    fetch: context.fetch,
  });
  const repo = client.repo;
  const lockKey = repositoryKey(options.apiBaseUrl, options.repo.owner, options.repo.name);
  const target = `${client.web}/${repo}`;
  let defaultBranch: string | undefined;

  // --- reading the repository -----------------------------------------------------------------------------

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

  // --- the article ----------------------------------------------------------------------------------------

  function plansFor(input: PublishInput): [ArticlePlan, ArticlePlan] {
    const usedPhotos = new Set(placedPhotos(input.article.blocks));
    const base = {
      dealId: input.deal.dealId,
      date: input.deal.acceptedAt,
      images: input.images,
      usedPhotos,
    };
    const primary = planArticle(options.layout, { ...base, slug: input.slug });
    const fallback = planArticle(options.layout, { ...base, slug: `${primary.slug}-${input.deal.dealId}` });
    return [primary, fallback];
  }

  /**
   * Is the deal's article on this commit already? Looked for at its path (the file's front matter names the
   * deal), at the path an earlier attempt recorded, and by the deal's commit on the branch (a path that changed
   * since). Otherwise: where it goes — its path, or `<slug>-<deal id>` when another article holds that one.
   */
  async function lookupArticle(input: PublishInput, headSha: string, call: CallOptions): Promise<Lookup> {
    const { deal } = input;
    const [primary, fallback] = plansFor(input);
    const previous = readProgress(GitHubProgress, input.previous);
    const atPrimary = await readFile(primary.path, headSha, call);
    const hinted =
      previous.githubPath !== undefined &&
      previous.githubUrl !== undefined &&
      previous.githubPath !== primary.path &&
      previous.githubPath !== fallback.path
        ? { path: previous.githubPath, url: previous.githubUrl }
        : undefined;
    const commit = await findDealCommit(headSha, deal, 'article', call);
    if (isOurs(atPrimary, deal.dealId)) {
      return { kind: 'found', path: primary.path, url: primary.url, commit: commit?.sha };
    }
    if (commit) return { kind: 'found', path: commit.path, url: commit.url, commit: commit.sha };
    if (hinted && isOurs(await readFile(hinted.path, headSha, call), deal.dealId)) {
      return { kind: 'found', path: hinted.path, url: hinted.url, commit: undefined };
    }
    if (atPrimary === undefined) return { kind: 'absent', plan: primary };
    const atFallback = await readFile(fallback.path, headSha, call);
    if (isOurs(atFallback, deal.dealId)) {
      return { kind: 'found', path: fallback.path, url: fallback.url, commit: undefined };
    }
    if (atFallback === undefined) {
      input.log.warn(
        { dealId: deal.dealId, taken: primary.path, path: fallback.path },
        'another article already has this path in the repository; using the deal id in the name',
      );
      return { kind: 'absent', plan: fallback };
    }
    throw new GitHubPublishError(
      GitHubErrorCode.pathTaken,
      `Both ${primary.path} and ${fallback.path} in ${repo} hold other files than deal ${deal.dealId}'s article: move one of them away, or change paths.article`,
      { retryable: false },
    );
  }

  function articleFile(input: PublishInput, plan: ArticlePlan): { text: string; linksSimplified: number } {
    const { deal } = input;
    const categories = chooseCategories(options, deal.categoryId);
    if (categories.warning)
      input.log.warn({ dealId: deal.dealId, categoryId: deal.categoryId }, categories.warning);
    const refs = new Map<number, ImageRef>();
    for (const image of plan.images) {
      refs.set(image.n, {
        url: image.ref,
        alt: image.image.alt,
        width: image.image.width,
        height: image.image.height,
      });
    }
    const body = renderBody({
      blocks: input.article.blocks,
      images: refs,
      format: options.bodyFormat,
      rawHtml: options.rawHtml,
    });
    const frontMatter = renderFrontMatter({
      keys: options.keys,
      title: input.article.title,
      date: notInTheFuture(deal.acceptedAt, clock.now()),
      slug: plan.slug,
      categories: categories.names,
      cover: plan.cover?.ref,
      permalink: plan.permalink,
      dealId: deal.dealId,
      draft: false,
      extra: options.frontMatter,
    });
    return { text: renderFile(frontMatter, body.text), linksSimplified: body.linksSimplified };
  }

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

  async function publish(input: PublishInput): Promise<PublishResult> {
    return options.prMode ? await publishByPullRequest(input) : await publishDirectly(input);
  }

  async function publishDirectly(input: PublishInput): Promise<PublishResult> {
    const { deal, log, signal } = input;
    const call: CallOptions = { signal, deadlineMs: deal.deadline.getTime(), log };
    const started = clock.now().getTime();
    const branch = await baseBranch(call);
    return await repositoryLock.run(
      lockKey,
      async () => {
        const head = await requireBranch(branch, call);
        const lookup = await lookupArticle(input, head.sha, call);
        if (lookup.kind === 'found') return await reuse(input, lookup, branch, head.sha);
        const { plan } = lookup;
        const file = articleFile(input, plan);
        warnSimplifiedLinks(input, file.linksSimplified);
        const files = [{ path: plan.path, content: file.text }, ...(await createBlobs(plan, call))];
        const message = commitMessage(commitInfo(input, plan));
        const result = await commitOnto(
          branch,
          head,
          files,
          message,
          async (now) => {
            const again = await lookupArticle(input, now.sha, call);
            if (again.kind === 'absent' && again.plan.path !== plan.path) {
              throw new GitHubPublishError(
                GitHubErrorCode.refMoving,
                `While pressbridge committed deal ${deal.dealId}'s article, another commit put a file at ${plan.path} in ${repo}; will retry`,
                { retryable: true },
              );
            }
            return again;
          },
          log,
          call,
        );
        if (result.kind === 'found') return await reuse(input, result.found, branch, result.head.sha);
        await input.progress({
          githubPath: plan.path,
          githubUrl: plan.url,
          githubCommit: result.sha,
          githubBranch: branch,
        });
        log.info(
          {
            dealId: deal.dealId,
            repo,
            branch,
            commit: result.sha,
            path: plan.path,
            photos: files.length - 1,
            url: plan.url,
            ms: clock.now().getTime() - started,
          },
          'article committed to GitHub; the site deploys it now',
        );
        return { url: plan.url, ref: result.sha, reused: false };
      },
      signal,
    );
  }

  async function reuse(
    input: PublishInput,
    found: Extract<Lookup, { kind: 'found' }>,
    branch: string,
    headSha: string,
  ): Promise<PublishResult> {
    const url = found.url ?? plansFor(input)[0].url;
    const ref = found.commit ?? headSha;
    await input.progress({ githubPath: found.path, githubUrl: url, githubCommit: ref, githubBranch: branch });
    input.log.info(
      { dealId: input.deal.dealId, repo, branch, path: found.path, commit: ref, url },
      'the deal’s article is in the repository already; reusing it',
    );
    return { url, ref, reused: true };
  }

  function commitInfo(input: PublishInput, plan: ArticlePlan): CommitInfo {
    return {
      kind: 'article',
      dealId: input.deal.dealId,
      title: input.article.title,
      path: plan.path,
      url: plan.url,
    };
  }

  function warnSimplifiedLinks(input: PublishInput, count: number): void {
    if (count === 0) return;
    input.log.warn(
      { dealId: input.deal.dealId, links: count },
      'links lost attributes Markdown cannot express (rel, target) because the option rawHtml is off',
    );
  }

  // --- PR mode --------------------------------------------------------------------------------------------

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
    info: CommitInfo,
    call: CallOptions,
    draft: boolean,
  ): Promise<GhPull> {
    try {
      return (
        await client.request(
          GhPull,
          'POST /repos/{owner}/{repo}/pulls',
          {
            title: pullRequestTitle(info),
            head: branch,
            base,
            body: commitMessage(info),
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
    const pull = await openPull(branch, args.base, info, call, args.draft);
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
            makeFiles: async () => {
              const file = articleFile(input, plan);
              warnSimplifiedLinks(input, file.linksSimplified);
              return [{ path: plan.path, content: file.text }, ...(await createBlobs(plan, call))];
            },
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

  // --- briefs (bloggerPublished: draft) -------------------------------------------------------------------

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

  // --- health ---------------------------------------------------------------------------------------------

  async function checkReachable(signal?: AbortSignal): Promise<ReachabilityResult> {
    try {
      const answer = await getRepo({ signal });
      const push = answer.permissions?.push;
      return {
        ok: true,
        detail: `GitHub repository ${repo} (default branch ${answer.default_branch}${push === false ? ', the token may not push' : ''})`,
      };
    } catch (error) {
      return { ok: false, detail: errorMessage(error) };
    }
  }

  async function diagnose(signal?: AbortSignal): Promise<DiagnosticCheck[]> {
    const checks: DiagnosticCheck[] = [];
    const call: CallOptions = { signal };
    const repoName = `GitHub token and repository ${repo}`;
    let repository: GhRepo;
    let scopes: string | undefined;
    try {
      const answer = await client.request(GhRepo, 'GET /repos/{owner}/{repo}', {}, call);
      repository = answer.data;
      scopes = answer.headers['x-oauth-scopes'];
    } catch (error) {
      const unauthorized = error instanceof GitHubPublishError && error.code === GitHubErrorCode.unauthorized;
      checks.push({
        name: repoName,
        status: 'fail',
        detail: errorMessage(isStatus(error, 404) ? repoNotFound() : error),
        fix: unauthorized
          ? 'create a fine-grained personal access token with Contents: read and write on the repository and set the option token'
          : `check the option repo (${repo}) and give the token access to it`,
      });
      return checks;
    }
    checks.push({
      name: repoName,
      status: 'ok',
      detail: `the token sees ${repository.full_name ?? repo} (default branch ${repository.default_branch})`,
    });

    const pushName = `Permission to push to ${repo}`;
    const classicScopes = scopes
      ?.split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (repository.archived) {
      checks.push({
        name: pushName,
        status: 'fail',
        detail: 'the repository is archived (read-only)',
        fix: 'unarchive it (Settings → Danger Zone)',
      });
    } else if (repository.permissions?.push === false) {
      checks.push({
        name: pushName,
        status: 'fail',
        detail: 'the token’s user may not push to the repository',
        fix: 'give the user write access (Settings → Collaborators), and the token Contents: read and write',
      });
    } else if (classicScopes && !classicScopes.some((s) => s === 'repo' || s === 'public_repo')) {
      checks.push({
        name: pushName,
        status: 'fail',
        detail: `a classic token without the repo scope (scopes: ${classicScopes.join(', ') || 'none'})`,
        fix: 'use a fine-grained token with Contents: read and write, or give the classic token the repo scope',
      });
    } else {
      checks.push({
        name: pushName,
        status: repository.permissions?.push === true ? 'ok' : 'warn',
        detail:
          repository.permissions?.push === true
            ? `the token’s user may push${options.prMode ? ' and open pull requests' : ''} (a fine-grained token also needs Contents: read and write${options.prMode ? ' and Pull requests: read and write' : ''})`
            : 'GitHub did not say whether the token may push',
      });
    }

    const branch = options.branch ?? repository.default_branch;
    const branchName = `Branch ${branch} of ${repo}`;
    try {
      const head = await readBranch(branch, call);
      if (!head) {
        checks.push({
          name: branchName,
          status: 'fail',
          detail: 'the branch does not exist',
          fix: 'set the option branch to the branch the site is built from',
        });
      } else if (head.protected && !options.prMode) {
        checks.push({
          name: branchName,
          status: 'warn',
          detail: `protected: direct commits may be refused (head ${head.sha.slice(0, 7)})`,
          fix: 'set prMode: true, or allow the token’s user to push to the branch',
        });
      } else {
        checks.push({ name: branchName, status: 'ok', detail: `head ${head.sha.slice(0, 7)}` });
      }
    } catch (error) {
      checks.push({ name: branchName, status: 'fail', detail: errorMessage(error) });
    }

    checks.push(urlCheck());
    checks.push(await siteCheck(signal));
    try {
      const limits = await client.request(GhRateLimit, 'GET /rate_limit', {}, call);
      const core = limits.data.resources.core;
      checks.push({
        name: 'GitHub API rate limit of the token',
        status: core.remaining < 100 ? 'warn' : 'ok',
        detail: `${core.remaining} of ${core.limit} requests left this hour`,
        ...(core.remaining < 100
          ? { fix: 'another program may be using the same token; give pressbridge its own' }
          : {}),
      });
    } catch (error) {
      checks.push({
        name: 'GitHub API rate limit of the token',
        status: 'warn',
        detail: errorMessage(error),
      });
    }
    return checks;
  }

  /** The URL pattern, tried on a sample deal. */
  function urlCheck(): DiagnosticCheck {
    const name = 'Public URLs of the articles';
    const sample = planArticle(options.layout, {
      dealId: 12345,
      slug: 'priklad-clanku',
      date: clock.now(),
      images: [],
      usedPhotos: new Set(),
    });
    let url: URL;
    try {
      url = new URL(sample.url);
    } catch {
      return {
        name,
        status: 'fail',
        detail: `"${sample.url}" is not a URL`,
        fix: 'correct the option urlPattern',
      };
    }
    const site = new URL(options.siteUrl);
    const detail = `e.g. ${sample.url} for ${sample.path}`;
    if (url.host !== site.host) {
      return {
        name,
        status: 'warn',
        detail: `${detail}: not on the host of siteUrl (${site.host}); the marketplace takes only URLs on the blog's domain`,
        fix: 'correct urlPattern or siteUrl',
      };
    }
    if (url.protocol === 'http:' && !/^(localhost|127\.|\[::1\])/.test(url.host)) {
      return {
        name,
        status: 'warn',
        detail: `${detail}: plain http`,
        fix: 'use the https address of the site',
      };
    }
    return { name, status: 'ok', detail };
  }

  async function siteCheck(signal?: AbortSignal): Promise<DiagnosticCheck> {
    const name = `The site at ${options.siteUrl}`;
    const doFetch = context.fetch ?? globalThis.fetch;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await doFetch(options.siteUrl, {
        redirect: 'follow',
        headers: { 'User-Agent': USER_AGENT },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      await response.body?.cancel().catch(() => {});
      return response.status === 200
        ? { name, status: 'ok', detail: 'answers 200' }
        : {
            name,
            status: 'warn',
            detail: `answers ${response.status}`,
            fix: 'check siteUrl: it must be the public address of the site built from the repository',
          };
    } catch (error) {
      return { name, status: 'warn', detail: `no answer (${errorMessage(error)})`, fix: 'check siteUrl' };
    }
  }

  return {
    kind: 'github',
    target,
    publish,
    createDraft,
    checkReachable,
    diagnose,
  };
}

// --- helpers --------------------------------------------------------------------------------------------

function isStatus(error: unknown, status: number): boolean {
  return error instanceof GitHubPublishError && error.status === status;
}

/** Static site generators leave out posts dated in the future: the front matter never says later than now. */
function notInTheFuture(date: Date, now: Date): Date {
  return date.getTime() > now.getTime() ? now : date;
}
