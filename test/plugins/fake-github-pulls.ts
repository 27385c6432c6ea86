/**
 * The pull requests of the fake GitHub (fake-github.ts): list by head branch, open (a second open one for the
 * same branch is refused with 422, as GitHub does), read, close, comment, and the merge a test does in the
 * blogger's place. Answers in the recorded shape of test/unit/plugins/github/helpers.ts (`pullBody`).
 */
import type nock from 'nock';
import { pullBody, REPO } from '../unit/plugins/github/helpers.js';

export interface FakePull {
  number: number;
  branch: string;
  base: string;
  title: string;
  body: string;
  draft: boolean;
  state: 'open' | 'closed';
  mergeCommit: string | undefined;
  comments: string[];
}

export interface FakePulls {
  all(): readonly FakePull[];
  merge(number: number): void;
  /** The answer to a pull request route; undefined: not one of these routes. */
  answer(
    method: string,
    route: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): [number, nock.ReplyBody] | undefined;
  reset(): void;
}

export function createFakePulls(repo: {
  branchExists(branch: string): boolean;
  /** Puts the branch's files onto the base branch; the merge commit's SHA. */
  merge(branch: string, base: string, title: string): string;
}): FakePulls {
  let pulls: FakePull[] = [];

  const show = (pull: FakePull) => ({
    ...pullBody(pull.number, pull.state, {
      merged: pull.mergeCommit !== undefined,
      body: pull.body,
      branch: pull.branch,
    }),
    title: pull.title,
    draft: pull.draft,
    merge_commit_sha: pull.mergeCommit ?? null,
  });
  const byNumber = (route: string, suffix = '') => {
    const match = new RegExp(`^${REPO}/(?:pulls|issues)/(\\d+)${suffix}$`).exec(route);
    return match ? pulls.find((pull) => pull.number === Number(match[1])) : undefined;
  };

  function merge(number: number): void {
    const pull = pulls.find((p) => p.number === number);
    if (pull?.state !== 'open') throw new Error(`pull request #${number} is not open`);
    pull.mergeCommit = repo.merge(pull.branch, pull.base, pull.title);
    pull.state = 'closed';
  }

  function answer(
    method: string,
    route: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): [number, nock.ReplyBody] | undefined {
    if (method === 'GET' && route === `${REPO}/pulls`) {
      const head = query.get('head')?.replace(/^[^:]*:/, '');
      return [200, pulls.filter((pull) => head === undefined || pull.branch === head).map(show)];
    }
    if (method === 'POST' && route === `${REPO}/pulls`) {
      const branch = String(body.head);
      if (!repo.branchExists(branch)) return [422, { message: 'Validation Failed' }];
      if (pulls.some((pull) => pull.branch === branch && pull.state === 'open')) {
        return [422, { message: `A pull request already exists for jana:${branch}.` }];
      }
      const pull: FakePull = {
        number: 100 + pulls.length,
        branch,
        base: String(body.base),
        title: String(body.title),
        body: String(body.body ?? ''),
        draft: body.draft === true,
        state: 'open',
        mergeCommit: undefined,
        comments: [],
      };
      pulls.push(pull);
      return [201, show(pull)];
    }
    const pull = byNumber(route) ?? byNumber(route, '/comments');
    if (!pull) return undefined;
    if (method === 'GET' && route.startsWith(`${REPO}/pulls/`)) return [200, show(pull)];
    if (method === 'PATCH' && route.startsWith(`${REPO}/pulls/`)) {
      if (body.state === 'closed' && pull.mergeCommit === undefined) pull.state = 'closed';
      return [200, show(pull)];
    }
    if (method === 'POST' && route.endsWith('/comments')) {
      pull.comments.push(String(body.body));
      return [201, { id: 5_000 + pull.comments.length, body: body.body }];
    }
    return undefined;
  }

  return {
    all: () => pulls,
    merge,
    answer,
    reset: () => {
      pulls = [];
    },
  };
}
