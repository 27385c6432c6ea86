/**
 * Arrange helpers for the github plugin's unit tests: a fake clock, a deal to publish, and GitHub answers in
 * the shape the REST API gives them (trimmed to the fields around the ones read, as recorded from
 * api.github.com), plus a recorder of the calls made.
 */
import type nock from 'nock';
import {
  createGitHubPublisher,
  GitHubOptions,
  type GitHubOptionsInput,
} from '../../../../plugins/github/index.js';
import type { GitHubPublisher } from '../../../../plugins/github/publisher.js';
import type { Clock } from '../../../../src/clock.js';
import { createSilentLogger, type Logger } from '../../../../src/logger.js';
import type {
  DraftInput,
  PublisherProgress,
  PublishImage,
  PublishInput,
} from '../../../../src/publisher/types.js';
import { slugify } from '../../../../src/render/slug.js';
import {
  buildDraftInput,
  buildPublishInput,
  type LogEntry,
  parsedArticle,
  publishDeal,
  publishImage,
  type Recorded,
  recordingLog,
} from '../../../helpers/publish-inputs.js';

export const API = 'https://api.github.com';
export const REPO = '/repos/jana/blog';
/** Looks like a real fine-grained token; must never show up in a message or a log. */
export const TOKEN = 'github_pat_11AAAAAAA0abcdefghijKLMNOPQRSTUV_wxyz0123456789secretSECRETsecret01';

/** 2026-11-21 23:00 in Prague; the deal was accepted at 22:40 (deadline 23:40). */
export const NOW = new Date('2026-11-21T22:00:00.000Z');
export const DEADLINE = new Date('2026-11-21T22:40:00.000Z');
export const ACCEPTED = new Date('2026-11-21T21:40:00.000Z');

export const SHA = {
  head: '1111111111111111111111111111111111111111',
  tree: '2222222222222222222222222222222222222222',
  head2: '3333333333333333333333333333333333333333',
  tree2: '4444444444444444444444444444444444444444',
  blob0: 'b000000000000000000000000000000000000000',
  blob1: 'b111111111111111111111111111111111111111',
  blob2: 'b222222222222222222222222222222222222222',
  newTree: '5555555555555555555555555555555555555555',
  commit: 'c0ffee0000000000000000000000000000000001',
  commit2: 'c0ffee0000000000000000000000000000000002',
  merge: 'e000000000000000000000000000000000000001',
  file: 'f000000000000000000000000000000000000001',
} as const;

export interface FakeClock extends Clock {
  sleeps: number[];
}

/** Time stands still until someone sleeps; every sleep is recorded and moves time on. */
export function fakeClock(start: Date = NOW): FakeClock {
  let now = start.getTime();
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => new Date(now),
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      now += ms;
    },
  };
}

export { type LogEntry, recordingLog };

/** The text as the marketplace delivers it: title, an advertiser's link, template syntax, two markers, a table. */
export const ARTICLE_HTML = `<h1>Výlet do Tater: kam s dětmi</h1>
<p>Tatry jsou krásné i v zimě. Vybavení půjčí <a href="https://www.horske-vybaveni.example.cz/pujcovna?utm_source=blog" rel="sponsored">horská půjčovna</a>, kde poradí.</p>
[foto1]
<h2>Kudy na Rysy</h2>
<ul><li>Štrbské pleso</li><li>chata pod Rysmi</li></ul>
<p>Šablony jako {{ site.title }} se nespustí.</p>
[foto2]
<table><thead><tr><th>Trasa</th><th>Čas</th></tr></thead><tbody><tr><td>Rysy</td><td>6 h</td></tr></tbody></table>`;

function image(n: number, slug: string, title: string): PublishImage {
  return publishImage(n, slug, {
    bytes: Buffer.from(`jpeg bytes of photo ${n}`),
    alt: n === 0 ? title : `${title} – foto ${n}`,
    width: 1600,
    height: 1067,
  });
}

export type Setup = Recorded<PublishInput>;

/** A deal with a cover and two photos, as the pipeline hands it to `publish`. */
export function dealInput(
  overrides: {
    dealId?: number;
    categoryId?: number | null;
    previous?: PublisherProgress;
    signal?: AbortSignal;
  } = {},
): Setup {
  const article = parsedArticle(ARTICLE_HTML, [0, 1, 2], 'Výlet');
  const slug = slugify(article.title);
  return buildPublishInput({
    deal: publishDeal({
      dealId: overrides.dealId ?? 4242,
      blogId: 7,
      categoryId: overrides.categoryId === undefined ? 12 : overrides.categoryId,
      deadline: DEADLINE,
      acceptedAt: ACCEPTED,
    }),
    article,
    slug,
    images: [0, 1, 2].map((n) => image(n, slug, article.title)),
    ...(overrides.previous === undefined ? {} : { previous: overrides.previous }),
    ...(overrides.signal === undefined ? {} : { signal: overrides.signal }),
  });
}

const BRIEF_HTML =
  '<p><strong>Klíčová slova:</strong> zimní pneumatiky</p><ul><li>pneu-shop.example.cz</li></ul>';

export function draftInput(): { input: DraftInput; progress: PublisherProgress[] } {
  return buildDraftInput({
    deal: publishDeal({ dealId: 5151, blogId: 7, deadline: DEADLINE, acceptedAt: ACCEPTED }),
    title: 'Zadání: Zimní pneumatiky',
    briefHtml: BRIEF_HTML,
    slug: 'zadani-zimni-pneumatiky',
  });
}

export const BASE_OPTIONS = {
  token: TOKEN,
  repo: 'jana/blog',
  branch: 'main',
  siteUrl: 'https://jana.github.io/blog/',
  categories: { 12: 'Cestování' },
  writeIntervalMs: 0,
} satisfies GitHubOptionsInput;

export function publisher(
  options: Partial<GitHubOptionsInput> = {},
  context: { clock?: Clock; log?: Logger } = {},
): GitHubPublisher {
  return createGitHubPublisher(GitHubOptions.parse({ ...BASE_OPTIONS, ...options }), {
    log: context.log ?? createSilentLogger(),
    clock: context.clock ?? fakeClock(),
  });
}

// --- GitHub answers ---------------------------------------------------------------------------------------

export function repoBody(overrides: Record<string, unknown> = {}) {
  return {
    id: 81_234_567,
    node_id: 'R_kgDOBNd1Bw',
    name: 'blog',
    full_name: 'jana/blog',
    private: false,
    owner: { login: 'jana', id: 1_234_567, type: 'User' },
    html_url: 'https://github.com/jana/blog',
    default_branch: 'main',
    archived: false,
    permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
    ...overrides,
  };
}

export function branchBody(sha: string, tree: string, isProtected = false) {
  return {
    name: 'main',
    commit: {
      sha,
      node_id: 'C_kwDOBNd1B9oAKDExMTE',
      commit: {
        author: { name: 'Jana', email: 'jana@example.cz', date: '2026-11-20T18:00:00Z' },
        committer: { name: 'GitHub', email: 'noreply@github.com', date: '2026-11-20T18:00:00Z' },
        message: 'Update about page',
        tree: { sha: tree, url: `${API}${REPO}/git/trees/${tree}` },
        url: `${API}${REPO}/git/commits/${sha}`,
        comment_count: 0,
      },
      url: `${API}${REPO}/commits/${sha}`,
      html_url: `https://github.com/jana/blog/commit/${sha}`,
      parents: [],
    },
    _links: { self: `${API}${REPO}/branches/main`, html: 'https://github.com/jana/blog/tree/main' },
    protected: isProtected,
    protection_url: `${API}${REPO}/branches/main/protection`,
  };
}

export function contentBody(path: string, text: string) {
  return {
    type: 'file',
    encoding: 'base64',
    size: Buffer.byteLength(text),
    name: path.split('/').pop(),
    path,
    // GitHub wraps the base64 at 60 characters.
    content: `${Buffer.from(text).toString('base64').replace(/.{60}/g, '$&\n')}\n`,
    sha: SHA.file,
    url: `${API}${REPO}/contents/${path}?ref=main`,
    html_url: `https://github.com/jana/blog/blob/main/${path}`,
    download_url: `https://raw.githubusercontent.com/jana/blog/main/${path}`,
  };
}

export function commitListItem(sha: string, message: string) {
  return {
    sha,
    node_id: 'C_kwDOBNd1B9oAKGMwZmZlZQ',
    commit: {
      author: { name: 'pressbridge', email: 'bot@example.cz', date: '2026-11-21T21:45:00Z' },
      committer: { name: 'GitHub', email: 'noreply@github.com', date: '2026-11-21T21:45:00Z' },
      message,
      tree: { sha: SHA.newTree, url: `${API}${REPO}/git/trees/${SHA.newTree}` },
      comment_count: 0,
    },
    url: `${API}${REPO}/commits/${sha}`,
    html_url: `https://github.com/jana/blog/commit/${sha}`,
    parents: [{ sha: SHA.head }],
  };
}

export function shaBody(sha: string) {
  return { sha, url: `${API}${REPO}/git/blobs/${sha}` };
}

export function gitCommitBody(sha: string, tree: string, parent: string) {
  return {
    sha,
    node_id: 'C_kwDOBNd1B9oAKGMwZmZlZQ',
    url: `${API}${REPO}/git/commits/${sha}`,
    html_url: `https://github.com/jana/blog/commit/${sha}`,
    author: { name: 'Jana', email: 'jana@example.cz', date: '2026-11-21T22:00:00Z' },
    committer: { name: 'Jana', email: 'jana@example.cz', date: '2026-11-21T22:00:00Z' },
    tree: { sha: tree, url: `${API}${REPO}/git/trees/${tree}` },
    message: 'commit',
    parents: [{ sha: parent }],
    verification: { verified: false, reason: 'unsigned' },
  };
}

export function refBody(ref: string, sha: string) {
  return {
    ref: `refs/${ref}`,
    node_id: 'REF_kwDOBNd1B69yZWZzL2hlYWRzL21haW4',
    url: `${API}${REPO}/git/refs/${ref}`,
    object: { sha, type: 'commit', url: `${API}${REPO}/git/commits/${sha}` },
  };
}

export function pullBody(
  number: number,
  state: 'open' | 'closed',
  options: { merged?: boolean; body?: string; branch?: string } = {},
) {
  const merged = options.merged ?? false;
  return {
    url: `${API}${REPO}/pulls/${number}`,
    id: 1_900_000_000 + number,
    html_url: `https://github.com/jana/blog/pull/${number}`,
    number,
    state,
    locked: false,
    title: 'Publish',
    user: { login: 'jana' },
    body: options.body ?? null,
    created_at: '2026-11-21T22:00:00Z',
    closed_at: state === 'closed' ? '2026-11-21T22:10:00Z' : null,
    merged_at: merged ? '2026-11-21T22:10:00Z' : null,
    merge_commit_sha: merged ? SHA.merge : null,
    head: {
      label: `jana:${options.branch ?? 'pressbridge/deal-4242'}`,
      ref: options.branch ?? 'pressbridge/deal-4242',
      sha: SHA.commit,
    },
    base: { label: 'jana:main', ref: 'main', sha: SHA.head },
    draft: false,
    merged,
  };
}

/** Records `METHOD path` of every request the scope answers, in order. */
export function recordCalls(scope: nock.Scope): string[] {
  const calls: string[] = [];
  scope.on('request', (req: { method?: string; path?: string }) => {
    calls.push(`${req.method ?? '?'} ${decodeURIComponent(req.path ?? '')}`);
  });
  return calls;
}

/** The JSON body of a request nock intercepted (nock hands it over as parsed JSON or a string). */
export function json(body: nock.Body): Record<string, unknown> {
  return (typeof body === 'string' ? JSON.parse(body) : body) as Record<string, unknown>;
}
