/**
 * The github plugin against the conformance suite, direct mode (the article committed onto the site's
 * branch): GitHub cannot be reached from here, so the repository is an in-memory fake answered through nock
 * (fake-github.ts). A commit is atomic: photos sent as blobs before a failed commit are not stored, so a
 * retry after one sends them again; the suite asks only that nothing the repository holds is sent twice.
 */
import github from '../../plugins/github/index.js';
import { createSilentLogger } from '../../src/logger.js';
import { useHttpMock } from '../http-mock.js';
import { BASE_OPTIONS, fakeClock, REPO } from '../unit/plugins/github/helpers.js';
import { describePublisherConformance } from './conformance.js';
import { createFakeGitHub, type FakeGitHubFault, type FakeGitHubRequest } from './fake-github.js';

const http = useHttpMock();

const isWrite = (r: FakeGitHubRequest) => r.method !== 'GET';
const movesTheBranch = (r: FakeGitHubRequest) => r.method === 'PATCH';
const TIMEOUT = 'a timeout moving the branch (moved, the answer never arrives)';

const FAULTS: Record<string, FakeGitHubFault> = {
  '401 Unauthorized (a revoked token)': {
    when: () => true,
    status: 401,
    body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' },
  },
  '403 Forbidden (a token that may read but not write)': {
    when: isWrite,
    status: 403,
    body: {
      message: 'Resource not accessible by personal access token',
      documentation_url: 'https://docs.github.com/rest/git/blobs#create-a-blob',
      status: '403',
    },
  },
  '500 Internal Server Error creating the commit': {
    when: (r) => r.method === 'POST' && r.path.endsWith('/git/commits'),
    status: 500,
    body: { message: 'Server Error' },
  },
  '502 Bad Gateway moving the branch': {
    when: movesTheBranch,
    status: 502,
    body: { message: 'Server Error' },
  },
  [TIMEOUT]: { when: movesTheBranch, answerAfterMs: 2_500 },
};

describePublisherConformance('github', {
  faults: Object.keys(FAULTS).map((name) => ({
    name,
    kind: name.startsWith('40') ? ('permanent' as const) : ('retryable' as const),
  })),
  unreachable: '401 Unauthorized (a revoked token)',
  async start() {
    const fake = createFakeGitHub(http);
    let armed: string | undefined;
    const posts = () => [...fake.files()].filter(([path]) => path.startsWith('_posts/'));
    return {
      siteName: REPO.replace('/repos/', ''),
      async reset() {
        armed = undefined;
        fake.reset();
      },
      async publisher() {
        const options = github.optionsSchema.parse({
          ...BASE_OPTIONS,
          // The shortest the option allows, only while the timeout is armed.
          ...(armed === TIMEOUT ? { timeoutMs: 1_000 } : {}),
        });
        return github.create(options, {
          blogId: 7,
          log: createSilentLogger(),
          dataDir: '/tmp',
          clock: fakeClock(),
        });
      },
      async holdings() {
        const files = [...fake.files()];
        return {
          articles: posts().length,
          photos: files.filter(([, entry]) => 'blob' in entry).length,
          drafts: files.filter(([path]) => path.startsWith('_drafts/')).length,
        };
      },
      uploads: () => fake.blobUploads(),
      requests: () => fake.requests.length,
      async articleText() {
        const [, entry] = posts()[0] ?? ['', { text: '' }];
        return 'text' in entry ? entry.text : '';
      },
      async arm(name) {
        armed = name;
        fake.fault = FAULTS[name];
      },
      async disarm() {
        armed = undefined;
        fake.fault = undefined;
      },
      async close() {},
    };
  },
});
