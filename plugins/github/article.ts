/**
 * A deal's article straight onto the site's branch: where it goes (its path, or `<slug>-<deal id>` when another
 * article holds that one), whether an earlier attempt put it there already, the file itself (front matter and
 * body), and the one commit that holds it and its photos.
 */
import { readProgress } from '../../src/publisher/kit/index.js';
import type { PublishInput, PublishResult } from '../../src/publisher/types.js';
import { firstParagraphExcerpt, type ImageRef, placedPhotos } from '../../src/render/index.js';
import { chooseCategories } from './categories.js';
import type { CallOptions } from './client.js';
import { renderBody, renderFile, renderFrontMatter } from './content.js';
import { GitHubErrorCode, GitHubPublishError } from './errors.js';
import type { GitData } from './git-data.js';
import { type ArticlePlan, planArticle } from './layout.js';
import { type CommitInfo, commitMessage } from './marker.js';
import { GitHubProgress } from './progress.js';
import { repositoryLock } from './serialize.js';
import type { GitHubSite, Lookup, TreeFile } from './site.js';

export type ArticleSteps = ReturnType<typeof createArticleSteps>;

export function createArticleSteps(site: GitHubSite, git: GitData) {
  const { options, clock, repo, lockKey } = site;
  const { baseBranch, requireBranch, readFile, findDealCommit, isOurs, createBlobs, commitOnto } = git;

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
      photos: options.dialect.photos,
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
      // What SEO templates, feeds and the Astro starter read; without it the label would be the summary.
      description: firstParagraphExcerpt(input.article.blocks),
      htmlDescription: options.dialect.htmlDescription,
      extra: options.frontMatter,
    });
    return { text: renderFile(frontMatter, body.text), linksSimplified: body.linksSimplified };
  }

  /** What a publish writes (the article file, then its photos as blobs): the one list for every branch. */
  async function articleFiles(
    input: PublishInput,
    plan: ArticlePlan,
    call: CallOptions,
  ): Promise<TreeFile[]> {
    const file = articleFile(input, plan);
    warnSimplifiedLinks(input, file.linksSimplified);
    return [{ path: plan.path, content: file.text }, ...(await createBlobs(plan, call))];
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
        const files = await articleFiles(input, plan, call);
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

  return {
    plansFor,
    lookupArticle,
    articleFile,
    articleFiles,
    publishDirectly,
    reuse,
    commitInfo,
    warnSimplifiedLinks,
  };
}

/** Static site generators leave out posts dated in the future: the front matter never says later than now. */
export function notInTheFuture(date: Date, now: Date): Date {
  return date.getTime() > now.getTime() ? now : date;
}
