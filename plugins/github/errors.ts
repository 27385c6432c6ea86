/**
 * Turning whatever a request to the GitHub API ended with into one `GitHubPublishError`: classified once, here,
 * with a message that names the repository and tells the blogger what to fix, and, for rate limits, when to
 * try again. Retryable: network faults, timeouts, 5xx, primary and secondary rate limits. Permanent: a
 * rejected token, missing permissions, a repository or branch that does not exist, other 4xx, an answer over the
 * kit's byte limit.
 *
 * The token never appears here: messages are built from the route, the status and what GitHub said, and
 * `redact` removes the token from anything taken over from an answer anyway.
 */
import { PublishError } from '../../src/errors.js';
import {
  describeBytes,
  findTooLarge,
  networkReason,
  plainText,
  redact,
  toIsoWithServiceOffset,
} from '../../src/publisher/kit/index.js';
import { answerOf, type HttpAnswer, rateLimitOf, whatGitHubSaid } from './answer.js';

export const GitHubErrorCode = {
  unauthorized: 'github_unauthorized',
  forbidden: 'github_forbidden',
  rateLimited: 'github_rate_limited',
  secondaryRateLimited: 'github_secondary_rate_limited',
  repoNotFound: 'github_repo_not_found',
  branchNotFound: 'github_branch_not_found',
  notFound: 'github_not_found',
  emptyRepo: 'github_empty_repository',
  rejected: 'github_rejected',
  protectedBranch: 'github_protected_branch',
  refMoving: 'github_ref_moving',
  unavailable: 'github_unavailable',
  unreachable: 'github_unreachable',
  timeout: 'github_timeout',
  aborted: 'github_aborted',
  badAnswer: 'github_bad_answer',
  answerTooLarge: 'github_answer_too_large',
  pathTaken: 'github_path_taken',
  prClosed: 'github_pr_closed',
  prNotMerged: 'github_pr_not_merged',
  noDraftPath: 'github_no_draft_path',
} as const;
export type GitHubErrorCode = (typeof GitHubErrorCode)[keyof typeof GitHubErrorCode];

/**
 * A `PublishError` that also says what GitHub answered and, for a rate limit, how long to wait before the
 * next try (`retryAfterMs`: from `retry-after`, or until `x-ratelimit-reset`, or GitHub's advised minute).
 */
export class GitHubPublishError extends PublishError {
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** How long GitHub asked us to wait before trying again (rate limits only). */
  readonly retryAfterMs: number | undefined;

  constructor(
    code: GitHubErrorCode,
    message: string,
    options: { retryable: boolean; status?: number; retryAfterMs?: number | undefined; cause?: unknown },
  ) {
    super(code, message, { retryable: options.retryable, cause: options.cause });
    this.status = options.status ?? 0;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Where a request went, for messages. Never holds the token. */
export interface RequestContext {
  /** `owner/name`. */
  repo: string;
  /** The API root, e.g. `https://api.github.com`. */
  api: string;
  method: string;
  /** The path with its parameters filled in, e.g. `/repos/jana/blog/git/refs/heads/main`. */
  path: string;
  timeoutMs: number;
}

const TOKEN_FIX =
  'create a fine-grained personal access token (GitHub → Settings → Developer settings → Personal access tokens) with access to the repository and the permission Contents: read and write (Pull requests: read and write for prMode), and set the option token';

/** The classification of an error answer from GitHub (a status of 400 or more). */
export function classifyAnswer(
  answer: HttpAnswer,
  context: RequestContext,
  nowMs: number,
): GitHubPublishError {
  const { repo, api } = context;
  const request = `${context.method} ${context.path}`;
  const said = whatGitHubSaid(answer.data);
  const status = answer.status;
  const base = { status, cause: new GitHubAnswer(status, request) };

  const limited = rateLimitOf(answer, nowMs);
  if (limited?.kind === 'primary') {
    const until = limited.resetAt ? ` until ${toIsoWithServiceOffset(limited.resetAt)}` : '';
    return new GitHubPublishError(
      GitHubErrorCode.rateLimited,
      `GitHub's rate limit for the token is used up (${status} to ${request}${limited.limit ? `: ${limited.limit} requests an hour` : ''})${until}; will retry in ${seconds(limited.waitMs)} s. Another program using the same token may be spending it`,
      { ...base, retryable: true, retryAfterMs: limited.waitMs },
    );
  }
  if (limited?.kind === 'secondary') {
    return new GitHubPublishError(
      GitHubErrorCode.secondaryRateLimited,
      `GitHub's secondary rate limit (too many writes in a short time) stopped ${request} on ${repo} (${status}: ${said}); will retry in ${seconds(limited.waitMs)} s`,
      { ...base, retryable: true, retryAfterMs: limited.waitMs },
    );
  }
  if (status === 401) {
    return new GitHubPublishError(
      GitHubErrorCode.unauthorized,
      `GitHub rejected the token for ${repo} (401 to ${request}: ${said}): the token is wrong, expired or revoked; ${TOKEN_FIX}`,
      { ...base, retryable: false },
    );
  }
  if (status === 403) {
    return new GitHubPublishError(
      GitHubErrorCode.forbidden,
      `GitHub refused ${request} on ${repo} (403: ${said}): the token may not do this; give it access to ${repo} with the permission Contents: read and write (Pull requests: read and write for prMode), or check that the repository is not archived`,
      { ...base, retryable: false },
    );
  }
  if (status >= 500 || status === 408) {
    return new GitHubPublishError(
      GitHubErrorCode.unavailable,
      `GitHub (${api}) answered ${status} to ${request} (${said}); will retry`,
      { ...base, retryable: true },
    );
  }
  if (status === 404) {
    return new GitHubPublishError(
      GitHubErrorCode.notFound,
      `GitHub answered 404 to ${request}: the repository ${repo} does not exist, or the token cannot see it (give the token access to ${repo})`,
      { ...base, retryable: false },
    );
  }
  if (status === 409 && /empty/i.test(said)) {
    return new GitHubPublishError(
      GitHubErrorCode.emptyRepo,
      `The repository ${repo} is empty (409 to ${request}): push the site's first commit, then pressbridge can add articles to it`,
      { ...base, retryable: false },
    );
  }
  return new GitHubPublishError(
    GitHubErrorCode.rejected,
    `GitHub refused ${request} on ${repo}: ${status} ${said}`,
    { ...base, retryable: false },
  );
}

/** A small, serialisable cause (the Octokit error would carry the request body, i.e. whole photos). */
export class GitHubAnswer extends Error {
  override readonly name = 'GitHubAnswer';
  constructor(
    readonly status: number,
    readonly request: string,
  ) {
    super(`HTTP ${status} to ${request}`);
  }
}

/** Which option to check, by system error code (the general wording is the kit's). */
const NETWORK_HINTS = { ENOTFOUND: 'host name not found (check the option apiBaseUrl)' };

/** The most telling reason in an error's cause chain, one short line. */
export function unreachableReason(error: unknown): string {
  return plainText(networkReason(error, NETWORK_HINTS));
}

/** Any failure of one request → GitHubPublishError. Errors of this plugin pass unchanged. */
export function toGitHubError(
  error: unknown,
  context: RequestContext,
  signals: { caller?: AbortSignal | undefined; timeout: AbortSignal },
  nowMs: number,
): GitHubPublishError {
  if (error instanceof GitHubPublishError) return error;
  const request = `${context.method} ${context.path}`;
  if (signals.caller?.aborted) {
    return new GitHubPublishError(GitHubErrorCode.aborted, `${request} to GitHub was cancelled`, {
      retryable: true,
    });
  }
  if (signals.timeout.aborted) {
    return new GitHubPublishError(
      GitHubErrorCode.timeout,
      `GitHub (${context.api}) did not answer ${request} within ${context.timeoutMs} ms; will retry (raise the option timeoutMs if it keeps happening)`,
      { retryable: true },
    );
  }
  const tooLarge = findTooLarge(error);
  if (tooLarge) {
    return new GitHubPublishError(
      GitHubErrorCode.answerTooLarge,
      `GitHub (${context.api}) answered ${request} with more than ${describeBytes(tooLarge.limitBytes)} (the limit for ${tooLarge.kind}); the read was stopped: is apiBaseUrl a GitHub REST API?`,
      { retryable: false },
    );
  }
  const answer = answerOf(error);
  if (answer) return classifyAnswer(answer, context, nowMs);
  return new GitHubPublishError(
    GitHubErrorCode.unreachable,
    `Cannot reach GitHub at ${context.api}: ${unreachableReason(error)} (${request}); will retry`,
    { retryable: true },
  );
}

/** The same error with the token removed from its message. */
export function redactError(error: GitHubPublishError, secrets: readonly string[]): GitHubPublishError {
  const message = redact(error.message, secrets);
  if (message === error.message) return error;
  return new GitHubPublishError(error.code as GitHubErrorCode, message, {
    retryable: error.retryable,
    status: error.status,
    retryAfterMs: error.retryAfterMs,
    cause: error.cause,
  });
}

function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}
