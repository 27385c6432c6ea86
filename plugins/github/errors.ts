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
import { type Phrase, PublishError, type Said } from '../../src/errors.js';
import {
  bodyKind,
  describeBytes,
  findTooLarge,
  networkReasonPhrase,
  redact,
  redactPhrase,
  toIsoWithServiceOffset,
} from '../../src/publisher/kit/index.js';
import { english, type PublisherPhrase, phrase } from '../../src/publisher/phrase.js';
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
    options: {
      retryable: boolean;
      status?: number;
      retryAfterMs?: number | undefined;
      cause?: unknown;
      phrase?: Phrase | undefined;
    },
  ) {
    super(code, message, { retryable: options.retryable, cause: options.cause, phrase: options.phrase });
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

const TOKEN_FIX = phrase('gh.fix.token');

/** An error whose message is the phrase in English and whose phrase is for the blogger (src/publisher/phrase.ts). */
export function gitHubError(
  code: GitHubErrorCode,
  said: PublisherPhrase,
  options: { retryable: boolean; status?: number; retryAfterMs?: number | undefined; cause?: unknown },
): GitHubPublishError {
  return new GitHubPublishError(code, english(said), { ...options, phrase: said });
}

/** The classification of an error answer from GitHub (a status of 400 or more). */
export function classifyAnswer(
  answer: HttpAnswer,
  context: RequestContext,
  nowMs: number,
): GitHubPublishError {
  const { repo, api } = context;
  const request = `${context.method} ${context.path}`;
  const text = whatGitHubSaid(answer.data);
  const said: Said = text === '' ? phrase('gh.said.nothing') : text;
  const status = answer.status;
  const base = { status, cause: new GitHubAnswer(status, request) };
  const facts = { repo, api, request, said, status: String(status) };

  const limited = rateLimitOf(answer, nowMs);
  if (limited?.kind === 'primary') {
    const until = limited.resetAt
      ? phrase('gh.error.rate_until', { time: toIsoWithServiceOffset(limited.resetAt) })
      : '';
    const limit = limited.limit ? phrase('gh.error.rate_limit', { limit: limited.limit }) : '';
    const used = phrase('gh.error.rate_limited', {
      ...facts,
      limit,
      until,
      seconds: seconds(limited.waitMs),
    });
    return gitHubError(GitHubErrorCode.rateLimited, used, {
      ...base,
      retryable: true,
      retryAfterMs: limited.waitMs,
    });
  }
  if (limited?.kind === 'secondary') {
    const stopped = phrase('gh.error.secondary', { ...facts, seconds: seconds(limited.waitMs) });
    return gitHubError(GitHubErrorCode.secondaryRateLimited, stopped, {
      ...base,
      retryable: true,
      retryAfterMs: limited.waitMs,
    });
  }
  const permanent = { ...base, retryable: false };
  if (status === 401) {
    const rejected = phrase('gh.error.unauthorized', { ...facts, fix: TOKEN_FIX });
    return gitHubError(GitHubErrorCode.unauthorized, rejected, permanent);
  }
  if (status === 403)
    return gitHubError(GitHubErrorCode.forbidden, phrase('gh.error.forbidden', facts), permanent);
  if (status >= 500 || status === 408) {
    return gitHubError(GitHubErrorCode.unavailable, phrase('gh.error.unavailable', facts), {
      ...base,
      retryable: true,
    });
  }
  if (status === 404)
    return gitHubError(GitHubErrorCode.notFound, phrase('gh.error.not_found', facts), permanent);
  if (status === 409 && /empty/i.test(text)) {
    return gitHubError(GitHubErrorCode.emptyRepo, phrase('gh.error.empty', facts), permanent);
  }
  return gitHubError(GitHubErrorCode.rejected, phrase('gh.error.rejected', facts), permanent);
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
const NETWORK_HINTS = { ENOTFOUND: phrase('gh.net.not_found') };

/** The most telling reason in an error's cause chain, one short line. */
export function unreachableReason(error: unknown): Said {
  return networkReasonPhrase(error, NETWORK_HINTS);
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
  const { api } = context;
  if (signals.caller?.aborted) {
    return gitHubError(GitHubErrorCode.aborted, phrase('gh.error.aborted', { request }), { retryable: true });
  }
  if (signals.timeout.aborted) {
    const ms = String(context.timeoutMs);
    return gitHubError(GitHubErrorCode.timeout, phrase('gh.error.timeout', { api, request, ms }), {
      retryable: true,
    });
  }
  const tooLarge = findTooLarge(error);
  if (tooLarge) {
    const limit = { bytes: describeBytes(tooLarge.limitBytes), kind: bodyKind(tooLarge.kind) };
    return gitHubError(
      GitHubErrorCode.answerTooLarge,
      phrase('gh.error.answer_too_large', { api, request, ...limit }),
      {
        retryable: false,
      },
    );
  }
  const answer = answerOf(error);
  if (answer) return classifyAnswer(answer, context, nowMs);
  const reason = unreachableReason(error);
  return gitHubError(GitHubErrorCode.unreachable, phrase('gh.error.unreachable', { api, reason, request }), {
    retryable: true,
  });
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
    phrase: error.phrase && redactPhrase(error.phrase, secrets),
  });
}

function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}
