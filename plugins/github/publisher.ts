/**
 * The GitHub publisher: a deal's article and photos land in ONE commit made with the Git Data API
 * (blobs → tree → commit → move the branch), or, in PR mode, on a branch of their own with a pull request
 * that must be merged before the URL is handed in. Exactly once per deal (see README.md, "Exactly once").
 *
 * Waiting for the deploy is the pipeline's verify step: `publish` returns the article's computed URL as soon as
 * the commit is on the site's branch, and the pipeline GETs that URL until it answers 200 (bounded by the
 * deal's deadline) before handing it in. In PR mode `publish` itself waits until the pull request is merged.
 */
import type {
  Clock,
  DiagnosticCheck,
  Logger,
  Publisher,
  PublishInput,
  PublishResult,
} from '../../src/publisher/types.js';
import { createArticleSteps } from './article.js';
import { createGitHubClient } from './client.js';
import { createDiagnosis } from './diagnose.js';
import { createDraftStep } from './draft.js';
import { createGitData } from './git-data.js';
import { createHeld } from './held.js';
import type { GitHubOptions } from './options.js';
import { createPullRequests } from './pull-request.js';
import { repositoryKey } from './serialize.js';
import type { GitHubSite } from './site.js';

/**
 * The parts, each in its module: git-data.ts and commit.ts (reading and committing through the Git Data API; site.ts: what they share), article.ts
 * (the article onto the site's branch), pull-request.ts (PR mode), draft.ts (briefs), held.ts (the last look's
 * hold), diagnose.ts (health and doctor). This file only wires them for one repository.
 */

/**
 * A publisher for one GitHub repository. Beyond the contract's required part: the last look's `holdDraft` and
 * `discardDraft` (held.ts), `diagnose` for `pressbridge doctor`.
 */
export interface GitHubPublisher extends Publisher {
  holdDraft: NonNullable<Publisher['holdDraft']>;
  discardDraft: NonNullable<Publisher['discardDraft']>;
  diagnose(signal?: AbortSignal): Promise<DiagnosticCheck[]>;
}

export interface GitHubPublisherContext {
  log: Logger;
  fetch?: typeof fetch | undefined;
  /** The daemon's clock (the contract's); tests walk through rate-limit waits and the merge wait with theirs. */
  clock: Clock;
}

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
  const site: GitHubSite = {
    options,
    client,
    clock,
    repo: client.repo,
    lockKey: repositoryKey(options.apiBaseUrl, options.repo.owner, options.repo.name),
    fetch: context.fetch,
  };
  const git = createGitData(site);
  const article = createArticleSteps(site, git);
  const pulls = createPullRequests(site, git, article);
  const { createDraft } = createDraftStep(site, git, pulls);
  const held = createHeld(site, git, pulls, article);
  const { checkReachable, diagnose } = createDiagnosis(site, git);

  async function publish(input: PublishInput): Promise<PublishResult> {
    const result = options.prMode
      ? await pulls.publishByPullRequest(input)
      : await article.publishDirectly(input);
    // A deal the last look held: one article, so its held pull request goes once the article is published.
    await held.closeAfterPublish(input, result);
    return result;
  }

  return {
    kind: 'github',
    target: `${client.web}/${client.repo}`,
    publish,
    createDraft,
    holdDraft: held.holdDraft,
    discardDraft: held.discardDraft,
    checkReachable,
    diagnose,
  };
}
