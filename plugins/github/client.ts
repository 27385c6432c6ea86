/**
 * The GitHub REST API through Octokit, one request at a time: each with its own time limit joined to the
 * caller's abort signal, writes spaced out per token, every failure classified once (errors.ts), every answer
 * read through a schema (gh-schema.ts) and within the kit's byte limit. Rate limits are waited out here when the wait ends before the
 * caller's deadline; otherwise the error goes up, retryable, with the wait as its hint.
 */
import { Octokit } from '@octokit/rest';
import type { z } from 'zod';
import { BODY_LIMITS, bufferedFetch, redact, USER_AGENT } from '../../src/publisher/kit/index.js';
import type { Clock, Logger, PublishLog } from '../../src/publisher/types.js';
import {
  GitHubErrorCode,
  GitHubPublishError,
  type RequestContext,
  redactError,
  toGitHubError,
} from './errors.js';
import { tokenKey, writePacers } from './serialize.js';

/** Rate-limit waits within one request before the error goes up. */
const MAX_LIMIT_WAITS = 3;

export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** Epoch ms: a rate limit is waited out only when the wait ends before this (none: never waited out). */
  deadlineMs?: number | undefined;
  /** Where a rate-limit wait is told (the deal's log). */
  log?: PublishLog | undefined;
}

export interface Answer<T> {
  data: T;
  headers: Readonly<Record<string, string | undefined>>;
}

export interface GitHubClient {
  /** `owner/name`. */
  readonly repo: string;
  readonly owner: string;
  readonly name: string;
  readonly api: string;
  /** The web address of GitHub (`https://github.com`, or the Enterprise server). */
  readonly web: string;
  /**
   * One request. `route` is Octokit's (`GET /repos/{owner}/{repo}/branches/{branch}`); `owner` and `repo` are
   * filled in. Methods other than GET count as writes and are paced.
   */
  request<T>(
    schema: z.ZodType<T>,
    route: string,
    params: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<Answer<T>>;
}

export interface GitHubClientOptions {
  token: string;
  owner: string;
  name: string;
  apiBaseUrl: string;
  timeoutMs: number;
  writeIntervalMs: number;
  log: Logger;
  clock: Clock;
  fetch?: typeof fetch | undefined;
}

/** `/repos/{owner}/{repo}/git/refs/{ref}` with the values in, for messages (no query string). */
export function describePath(route: string, params: Readonly<Record<string, unknown>>): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = params[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** `https://api.github.com` → `https://github.com`; `https://ghe.example.com/api/v3` → `https://ghe.example.com`. */
export function webUrlOf(apiBaseUrl: string): string {
  const url = new URL(apiBaseUrl);
  if (url.hostname === 'api.github.com') return 'https://github.com';
  return `${url.origin}${url.pathname.replace(/\/api\/v3\/?$/, '').replace(/\/+$/, '')}`;
}

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const { token, owner, name, clock, log } = options;
  const repo = `${owner}/${name}`;
  const api = options.apiBaseUrl;
  const secrets = [token];
  // Octokit's own log: request lines at debug, its warnings (deprecations) as warnings; never objects, which
  // could hold request options.
  const text = (value: unknown) => (typeof value === 'string' ? redact(value, secrets) : '');
  const octokitLog = {
    debug: () => {},
    info: (message: unknown) => log.debug({ github: text(message) }, 'GitHub request'),
    warn: (message: unknown) => log.warn({ github: text(message) }, 'GitHub API warning'),
    error: (message: unknown) => log.debug({ github: text(message) }, 'GitHub request failed'),
  };
  const octokit = new Octokit({
    auth: token,
    baseUrl: api,
    userAgent: USER_AGENT,
    log: octokitLog,
    // Octokit reads every answer whole; this fetch reads it within the kit's limit first (an error answer: its
    // start), so that a huge or endless answer is cut, whatever Octokit then does with it.
    request: {
      fetch: bufferedFetch(
        options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
        BODY_LIMITS.publisher,
      ),
      log: octokitLog,
    },
  });
  const pacer = writePacers(tokenKey(api, token));

  async function request<T>(
    schema: z.ZodType<T>,
    route: string,
    params: Record<string, unknown>,
    call: CallOptions = {},
  ): Promise<Answer<T>> {
    const method = route.slice(0, route.indexOf(' '));
    // Routes outside a repository (`GET /rate_limit`) must not get owner and repo as query parameters.
    const full = route.includes('{owner}') ? { owner, repo: name, ...params } : { ...params };
    const context: RequestContext = {
      repo,
      api,
      method,
      path: describePath(route, full),
      timeoutMs: options.timeoutMs,
    };
    const write = method !== 'GET' && method !== 'HEAD';
    for (let waits = 0; ; waits++) {
      try {
        if (write) await pacer.turn(options.writeIntervalMs, clock, call.signal);
      } catch (error) {
        throw aborted(context, error);
      }
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
      let response: { data: unknown; headers: Record<string, unknown> };
      try {
        response = await octokit.request(route, { ...full, request: { signal } });
      } catch (error) {
        const failure = redactError(
          toGitHubError(error, context, { caller: call.signal, timeout }, clock.now().getTime()),
          secrets,
        );
        const wait = failure.retryAfterMs;
        if (
          wait === undefined ||
          call.deadlineMs === undefined ||
          waits >= MAX_LIMIT_WAITS ||
          clock.now().getTime() + wait >= call.deadlineMs
        ) {
          throw failure;
        }
        call.log?.warn(
          {
            status: failure.status,
            code: failure.code,
            request: `${method} ${context.path}`,
            retryInMs: wait,
          },
          failure.code === GitHubErrorCode.rateLimited
            ? "GitHub's rate limit for the token is used up; waiting for it to reset"
            : "GitHub's secondary rate limit was hit; waiting as GitHub asks",
        );
        try {
          await clock.sleep(wait, call.signal);
        } catch (sleepError) {
          throw aborted(context, sleepError);
        }
        continue;
      }
      const parsed = schema.safeParse(response.data);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new GitHubPublishError(
          GitHubErrorCode.badAnswer,
          `GitHub (${api}) answered ${method} ${context.path} with an unexpected shape (${first ? `${first.path.join('.') || 'answer'}: ${first.message}` : 'unreadable'}); is apiBaseUrl a GitHub REST API?`,
          { retryable: false },
        );
      }
      const headers: Record<string, string | undefined> = {};
      for (const [key, value] of Object.entries(response.headers)) {
        headers[key.toLowerCase()] = value === undefined || value === null ? undefined : String(value);
      }
      return { data: parsed.data, headers };
    }
  }

  return { repo, owner, name, api, web: webUrlOf(api), request };
}

function aborted(context: RequestContext, cause: unknown): GitHubPublishError {
  return new GitHubPublishError(
    GitHubErrorCode.aborted,
    `${context.method} ${context.path} to GitHub was cancelled`,
    { retryable: true, cause },
  );
}
