/**
 * Health of the target: the cheap reachability check for the status page, and `pressbridge doctor`'s thorough
 * checks (token and repository, permission to push, the branch, the URL pattern, the site, the rate limit),
 * each failure with its fix.
 */
import { errorSaid } from '../../src/errors.js';
import { USER_AGENT } from '../../src/publisher/kit/index.js';
import { phrase } from '../../src/publisher/phrase.js';
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
        detail: phrase('gh.reach.ok', {
          repo,
          branch: answer.default_branch,
          push: push === false ? phrase('gh.reach.no_push') : '',
        }),
      };
    } catch (error) {
      return { ok: false, detail: errorSaid(error) };
    }
  }

  async function diagnose(signal?: AbortSignal): Promise<DiagnosticCheck[]> {
    const checks: DiagnosticCheck[] = [];
    const call: CallOptions = { signal };
    const repoName = phrase('gh.check.repo', { repo });
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
        detail: errorSaid(isStatus(error, 404) ? repoNotFound() : error),
        fix: unauthorized ? phrase('gh.check.repo_fix_token') : phrase('gh.check.repo_fix_access', { repo }),
      });
      return checks;
    }
    checks.push({
      name: repoName,
      status: 'ok',
      detail: phrase('gh.check.repo_seen', {
        repo: repository.full_name ?? repo,
        branch: repository.default_branch,
      }),
    });

    const pushName = phrase('gh.check.push', { repo });
    const classicScopes = scopes
      ?.split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (repository.archived) {
      checks.push({
        name: pushName,
        status: 'fail',
        detail: phrase('gh.check.archived'),
        fix: phrase('gh.check.archived_fix'),
      });
    } else if (repository.permissions?.push === false) {
      checks.push({
        name: pushName,
        status: 'fail',
        detail: phrase('gh.check.no_push'),
        fix: phrase('gh.check.no_push_fix'),
      });
    } else if (classicScopes && !classicScopes.some((s) => s === 'repo' || s === 'public_repo')) {
      checks.push({
        name: pushName,
        status: 'fail',
        detail: phrase('gh.check.classic_scopes', {
          scopes: classicScopes.join(', ') || phrase('gh.check.none'),
        }),
        fix: phrase('gh.check.classic_fix'),
      });
    } else {
      checks.push({
        name: pushName,
        status: repository.permissions?.push === true ? 'ok' : 'warn',
        detail:
          repository.permissions?.push === true
            ? phrase(options.prMode ? 'gh.check.may_push_pr' : 'gh.check.may_push')
            : phrase('gh.check.push_unknown'),
      });
    }

    const branch = options.branch ?? repository.default_branch;
    const branchName = phrase('gh.check.branch', { branch, repo });
    try {
      const head = await readBranch(branch, call);
      if (!head) {
        checks.push({
          name: branchName,
          status: 'fail',
          detail: phrase('gh.check.branch_missing'),
          fix: phrase('gh.check.branch_fix'),
        });
      } else if (head.protected && !options.prMode) {
        checks.push({
          name: branchName,
          status: 'warn',
          detail: phrase('gh.check.protected', { sha: head.sha.slice(0, 7) }),
          fix: phrase('gh.check.protected_fix'),
        });
      } else {
        checks.push({
          name: branchName,
          status: 'ok',
          detail: phrase('gh.check.head', { sha: head.sha.slice(0, 7) }),
        });
      }
    } catch (error) {
      checks.push({ name: branchName, status: 'fail', detail: errorSaid(error) });
    }

    checks.push(urlCheck());
    checks.push(await siteCheck(signal));
    try {
      const limits = await client.request(GhRateLimit, 'GET /rate_limit', {}, call);
      const core = limits.data.resources.core;
      checks.push({
        name: phrase('gh.check.rate'),
        status: core.remaining < 100 ? 'warn' : 'ok',
        detail: phrase('gh.check.rate_left', { remaining: core.remaining, limit: core.limit }),
        ...(core.remaining < 100 ? { fix: phrase('gh.check.rate_fix') } : {}),
      });
    } catch (error) {
      checks.push({ name: phrase('gh.check.rate'), status: 'warn', detail: errorSaid(error) });
    }
    return checks;
  }

  /** The URL pattern, tried on a sample deal. */
  function urlCheck(): DiagnosticCheck {
    const name = phrase('gh.check.urls');
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
        detail: phrase('gh.check.not_url', { url: sample.url }),
        fix: phrase('gh.check.url_pattern_fix'),
      };
    }
    const site = new URL(options.siteUrl);
    const detail = phrase('gh.check.url_sample', { url: sample.url, path: sample.path });
    if (url.host !== site.host) {
      return {
        name,
        status: 'warn',
        detail: phrase('gh.check.url_other_host', { sample: detail, host: site.host }),
        fix: phrase('gh.check.url_other_host_fix'),
      };
    }
    if (url.protocol === 'http:' && !/^(localhost|127\.|\[::1\])/.test(url.host)) {
      return {
        name,
        status: 'warn',
        detail: phrase('gh.check.url_plain_http', { sample: detail }),
        fix: phrase('gh.check.use_https'),
      };
    }
    return { name, status: 'ok', detail };
  }

  async function siteCheck(signal?: AbortSignal): Promise<DiagnosticCheck> {
    const name = phrase('gh.check.site', { url: options.siteUrl });
    const doFetch = site.fetch ?? globalThis.fetch;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await doFetch(options.siteUrl, {
        redirect: 'follow',
        headers: { 'User-Agent': USER_AGENT },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      await response.body?.cancel().catch(() => {});
      const answers = phrase('gh.check.site_answers', { status: String(response.status) });
      return response.status === 200
        ? { name, status: 'ok', detail: answers }
        : { name, status: 'warn', detail: answers, fix: phrase('gh.check.site_fix') };
    } catch (error) {
      return {
        name,
        status: 'warn',
        detail: phrase('gh.check.site_no_answer', { reason: errorSaid(error) }),
        fix: phrase('gh.check.site_no_answer_fix'),
      };
    }
  }

  return { checkReachable, diagnose };
}
