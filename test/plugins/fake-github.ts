/**
 * A repository behind GitHub's REST API, kept in memory and answered through nock (GitHub cannot be reached
 * from here): blobs, trees, commits and the branch move as the Git Data API moves them, so that a retry finds
 * what an earlier attempt committed. Only the routes the github plugin calls for a direct publish, a brief
 * and `checkReachable`; any other request matches no mock and fails the test (test/http-mock.ts). The answers'
 * shapes are the recorded ones of test/unit/plugins/github/helpers.ts.
 */
import { createHash } from 'node:crypto';
import type nock from 'nock';
import type { HttpMock } from '../http-mock.js';
import {
  API,
  branchBody,
  commitListItem,
  contentBody,
  json,
  REPO,
  refBody,
  repoBody,
  SHA,
  shaBody,
} from '../unit/plugins/github/helpers.js';

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
  /** The files on the branch's head. */
  files(): Map<string, Entry>;
  /** The files on the branch's head as their bytes (an article's text, a photo's decoded blob). */
  checkout(): Map<string, Buffer>;
  fault: FakeGitHubFault | undefined;
  /** Registers the interceptors again (the mock wrapper removes every mock after each test) and empties the repository. */
  reset(): void;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

export function createFakeGitHub(http: HttpMock): FakeGitHub {
  let blobs = new Map<string, string>();
  let trees = new Map<string, Map<string, Entry>>();
  let commits = new Map<string, Commit>();
  let head: string = SHA.head;
  let uploads = 0;
  const requests: FakeGitHubRequest[] = [];
  const fake: FakeGitHub = {
    requests,
    blobUploads: () => uploads,
    files: () => trees.get(commits.get(head)?.tree ?? '') ?? new Map(),
    checkout: () =>
      new Map(
        [...fake.files()].map(([path, entry]): [string, Buffer] => [
          path,
          'text' in entry ? Buffer.from(entry.text) : Buffer.from(blobs.get(entry.blob) ?? '', 'base64'),
        ]),
      ),
    fault: undefined,
    reset,
  };

  function answer(method: string, path: string, body: Record<string, unknown>): [number, nock.ReplyBody] {
    const url = new URL(path, API);
    const route = decodeURIComponent(url.pathname);
    if (method === 'GET' && route === REPO) return [200, repoBody()];
    if (method === 'GET' && route === `${REPO}/branches/main`) {
      return [200, branchBody(head, commits.get(head)?.tree ?? SHA.tree)];
    }
    const file = route.startsWith(`${REPO}/contents/`) ? route.slice(`${REPO}/contents/`.length) : undefined;
    if (method === 'GET' && file !== undefined) {
      const at = commits.get(url.searchParams.get('ref') ?? head);
      const entry = trees.get(at?.tree ?? '')?.get(file);
      if (entry && 'text' in entry) return [200, contentBody(file, entry.text)];
      return [
        404,
        { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' },
      ];
    }
    if (method === 'GET' && route === `${REPO}/commits`) {
      const list = [];
      for (let sha = url.searchParams.get('sha') ?? head; commits.has(sha); ) {
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
    if (method === 'PATCH' && route === `${REPO}/git/refs/heads/main`) {
      const next = commits.get(String(body.sha));
      if (!next || next.parent !== head) return [422, { message: 'Update is not a fast forward' }];
      head = String(body.sha);
      return [200, refBody('heads/main', head)];
    }
    return [404, { message: 'Not Found (no such route in the fake)' }];
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
    head = SHA.head;
    uploads = 0;
    requests.length = 0;
    fake.fault = undefined;
    const scope = http.scope(API).persist();
    const all = () => true;
    scope.get(all).optionally().reply(reply('GET'));
    scope.post(all).optionally().reply(reply('POST'));
    scope.patch(all).optionally().reply(reply('PATCH'));
  }

  return fake;
}
