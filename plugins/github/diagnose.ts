/**
 * Health of the target: the cheap reachability check for the status page, and `pressbridge doctor`'s thorough
 * checks (token and repository, permission to push, the branch, the URL pattern, the site, the rate limit),
 * each failure with its fix.
 */
import { errorMessage } from '../../src/errors.js';
import { USER_AGENT } from '../../src/publisher/kit/index.js';
import type { DiagnosticCheck, ReachabilityResult } from '../../src/publisher/types.js';
import type { CallOptions } from './client.js';
import { GitHubErrorCode, GitHubPublishError } from './errors.js';
import { GhRateLimit, GhRepo } from './gh-schema.js';
import type { GitData } from './git-data.js';
import { planArticle } from './layout.js';
import { type GitHubSite, isStatus } from './site.js';

export function createDiagnosis(site: GitHubSite, git: GitData) {
  const { options, client, clock, repo } = site;
  const { getRepo, repoNotFound, readBranch } = git;

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
    const doFetch = site.fetch ?? globalThis.fetch;
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

  return { checkReachable, diagnose };
}
