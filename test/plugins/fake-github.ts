/**
 * A repository behind GitHub's REST API, kept in memory and answered through nock (GitHub cannot be reached
 * from here): blobs, trees, commits and branch moves as the Git Data API makes them, so that a retry finds
 * what an earlier attempt committed; branches of their own and pull requests (fake-github-pulls.ts) for PR mode
 * and the last look's hold. Only the routes the github plugin calls; any other request matches no mock and fails
 * the test (test/http-mock.ts). The answers' shapes are the recorded ones of test/unit/plugins/github/helpers.ts.
 */
import { createHash } from 'node:crypto';
import type nock from 'nock';
import type { HttpMock } from '../http-mock.js';
import {
  API,
  branchBody,
  commitListItem,
  contentBody,
  gitCommitBody,
  json,
  REPO,
  refBody,
  repoBody,
  SHA,
  shaBody,
} from '../unit/plugins/github/helpers.js';
import { createFakePulls, type FakePull } from './fake-github-pulls.js';

export type { FakePull } from './fake-github-pulls.js';

/** A file in a tree: text (an article, a brief) or a blob (a photo). */
type Entry = { text: string } | { blob: string };

interface Commit {
  tree: string;
  parent: string | undefined;
  message: string;
}

export interface FakeGitHubRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** What an armed fault does with a request: answer in GitHub's place, or let it through late. */
export type FakeGitHubFault =
  | { when(request: FakeGitHubRequest): boolean; status: number; body: Record<string, unknown> }
  | { when(request: FakeGitHubRequest): boolean; answerAfterMs: number };

export interface FakeGitHub {
  requests: FakeGitHubRequest[];
  /** POST git/blobs received. */
  blobUploads(): number;
  /** The files on the head of a branch (default: the site's, `main`); empty for a branch that does not exist. */
  files(branch?: string): Map<string, Entry>;
  /** The files on the branch's head as their bytes (an article's text, a photo's decoded blob). */
  checkout(branch?: string): Map<string, Buffer>;
  /** The branches and their head commits. */
  branches(): Map<string, string>;
  /** The pull requests, by number. */
  pulls(): readonly FakePull[];
  /** Merges an open pull request the way GitHub's button does (its files onto the base branch). */
  merge(number: number): void;
  fault: FakeGitHubFault | undefined;
  /** Registers the interceptors again (the mock wrapper removes every mock after each test) and empties the repository. */
  reset(): void;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const NOT_FOUND = { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' };

export function createFakeGitHub(http: HttpMock): FakeGitHub {
  let blobs = new Map<string, string>();
  let trees = new Map<string, Map<string, Entry>>();
  let commits = new Map<string, Commit>();
  let refs = new Map<string, string>();
  let uploads = 0;
  const requests: FakeGitHubRequest[] = [];
  const filesAt = (sha: string | undefined) => trees.get(commits.get(sha ?? '')?.tree ?? '') ?? new Map();
  const pulls = createFakePulls({
    branchExists: (branch) => refs.has(branch),
    merge(branch, base, title) {
      const from = commits.get(refs.get(branch) ?? '');
      const onto = refs.get(base);
      if (!from || onto === undefined) throw new Error(`cannot merge ${branch} into ${base}`);
      const files = new Map([...filesAt(onto), ...filesAt(refs.get(branch))]);
      const tree = sha1(`tree ${JSON.stringify([...files])}`);
      trees.set(tree, files);
      const sha = sha1(`merge ${branch} ${onto}`);
      commits.set(sha, { tree, parent: onto, message: `Merge ${branch}\n\n${title}` });
      refs.set(base, sha);
      return sha;
    },
  });
  const fake: FakeGitHub = {
    requests,
    blobUploads: () => uploads,
    files: (branch = 'main') => filesAt(refs.get(branch)),
    checkout: (branch = 'main') =>
      new Map(
        [...fake.files(branch)].map(([path, entry]): [string, Buffer] => [
          path,
          'text' in entry ? Buffer.from(entry.text) : Buffer.from(blobs.get(entry.blob) ?? '', 'base64'),
        ]),
      ),
    branches: () => new Map(refs),
    pulls: () => pulls.all(),
    merge: (number) => pulls.merge(number),
    fault: undefined,
    reset,
  };

  function answer(method: string, path: string, body: Record<string, unknown>): [number, nock.ReplyBody] {
    const url = new URL(path, API);
    const route = decodeURIComponent(url.pathname);
    const below = (prefix: string) =>
      route.startsWith(`${REPO}/${prefix}`) ? route.slice(`${REPO}/${prefix}`.length) : undefined;
    if (method === 'GET' && route === REPO) return [200, repoBody()];
    const branch = below('branches/');
    if (method === 'GET' && branch !== undefined) {
      const head = refs.get(branch);
      if (head === undefined) return [404, { ...NOT_FOUND, message: 'Branch not found' }];
      return [200, { ...branchBody(head, commits.get(head)?.tree ?? SHA.tree), name: branch }];
    }
    const ref = below('git/ref/heads/');
    if (method === 'GET' && ref !== undefined) {
      const head = refs.get(ref);
      return head === undefined ? [404, NOT_FOUND] : [200, refBody(`heads/${ref}`, head)];
    }
    const commitSha = below('git/commits/');
    if (method === 'GET' && commitSha !== undefined) {
      const commit = commits.get(commitSha);
      if (!commit) return [404, NOT_FOUND];
      return [200, gitCommitBody(commitSha, commit.tree, commit.parent ?? SHA.head)];
    }
    const file = below('contents/');
    if (method === 'GET' && file !== undefined) {
      const at = url.searchParams.get('ref') ?? refs.get('main');
      const entry = filesAt(refs.get(at ?? '') ?? at ?? undefined).get(file);
      if (entry && 'text' in entry) return [200, contentBody(file, entry.text)];
      return [404, NOT_FOUND];
    }
    if (method === 'GET' && route === `${REPO}/commits`) {
      const list = [];
      for (let sha = url.searchParams.get('sha') ?? refs.get('main') ?? ''; commits.has(sha); ) {
        const commit = commits.get(sha) as Commit;
        list.push(commitListItem(sha, commit.message));
        if (commit.parent === undefined) break;
        sha = commit.parent;
      }
      return [200, list];
    }
    if (method === 'POST' && route === `${REPO}/git/blobs`) {
      uploads += 1;
      const sha = sha1(`blob ${String(body.content)}`);
      blobs.set(sha, String(body.content));
      return [201, shaBody(sha)];
    }
    if (method === 'POST' && route === `${REPO}/git/trees`) {
      const files = new Map(trees.get(String(body.base_tree)) ?? []);
      for (const item of body.tree as Array<{ path: string; sha?: string; content?: string }>) {
        if (item.sha !== undefined && !blobs.has(item.sha)) return [422, { message: 'Invalid tree info' }];
        files.set(item.path, item.sha !== undefined ? { blob: item.sha } : { text: item.content ?? '' });
      }
      const sha = sha1(`tree ${JSON.stringify([...files])}`);
      trees.set(sha, files);
      return [201, shaBody(sha)];
    }
    if (method === 'POST' && route === `${REPO}/git/commits`) {
      const parents = body.parents as string[];
      const sha = sha1(`commit ${String(body.tree)} ${parents.join(' ')} ${String(body.message)}`);
      commits.set(sha, { tree: String(body.tree), parent: parents[0], message: String(body.message) });
      return [201, shaBody(sha)];
    }
    if (method === 'POST' && route === `${REPO}/git/refs`) {
      const name = String(body.ref).replace(/^refs\/heads\//, '');
      if (refs.has(name)) return [422, { message: 'Reference already exists' }];
      if (!commits.has(String(body.sha))) return [422, { message: 'Object does not exist' }];
      refs.set(name, String(body.sha));
      return [201, refBody(`heads/${name}`, String(body.sha))];
    }
    const moved = below('git/refs/heads/');
    if (method === 'PATCH' && moved !== undefined) {
      const next = commits.get(String(body.sha));
      if (!next || next.parent !== refs.get(moved)) return [422, { message: 'Update is not a fast forward' }];
      refs.set(moved, String(body.sha));
      return [200, refBody(`heads/${moved}`, String(body.sha))];
    }
    if (method === 'DELETE' && moved !== undefined) {
      if (!refs.delete(moved)) return [422, { message: 'Reference does not exist' }];
      return [204, ''];
    }
    return (
      pulls.answer(method, route, url.searchParams, body) ?? [
        404,
        { message: 'Not Found (no such route in the fake)' },
      ]
    );
  }

  function reply(method: string) {
    return (path: string, raw: nock.Body, callback: (error: null, result: nock.ReplyFnResult) => void) => {
      const request = { method, path, body: raw === '' ? {} : json(raw) };
      requests.push(request);
      const fault = fake.fault?.when(request) ? fake.fault : undefined;
      if (fault && 'status' in fault) return callback(null, [fault.status, fault.body]);
      const result = answer(method, path, request.body);
      if (fault) setTimeout(() => callback(null, result), fault.answerAfterMs);
      else callback(null, result);
    };
  }

  function reset(): void {
    blobs = new Map();
    trees = new Map([[SHA.tree, new Map<string, Entry>([['index.md', { text: '# Jana píše\n' }]])]]);
    commits = new Map([[SHA.head, { tree: SHA.tree, parent: undefined, message: 'Initial site' }]]);
    refs = new Map([['main', SHA.head]]);
    uploads = 0;
    requests.length = 0;
    pulls.reset();
    fake.fault = undefined;
    const scope = http.scope(API).persist();
    const all = () => true;
    scope.get(all).optionally().reply(reply('GET'));
    scope.post(all).optionally().reply(reply('POST'));
    scope.patch(all).optionally().reply(reply('PATCH'));
    scope.delete(all).optionally().reply(reply('DELETE'));
  }

  return fake;
}
