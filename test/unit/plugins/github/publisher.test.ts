import type nock from 'nock';
import { describe, expect, it } from 'vitest';
import type { GitHubOptionsInput } from '../../../../plugins/github/index.js';
import { useHttpMock } from '../../../http-mock.js';
import {
  API,
  BASE_OPTIONS,
  branchBody,
  commitListItem,
  contentBody,
  dealInput,
  fakeClock,
  json,
  publisher,
  REPO,
  recordCalls,
  refBody,
  repoBody,
  SHA,
  shaBody,
} from './helpers.js';

const http = useHttpMock();

const JEKYLL_PATH = '_posts/2026-11-21-vylet-do-tater-kam-s-detmi.md';
const JEKYLL_URL = 'https://jana.github.io/blog/2026/11/21/vylet-do-tater-kam-s-detmi.html';
const enc = (path: string) => path.replaceAll('/', '%2F');

interface Captured {
  blobs: Array<Record<string, unknown>>;
  trees: Array<Record<string, unknown>>;
  commits: Array<Record<string, unknown>>;
  refs: Array<Record<string, unknown>>;
}

function captured(): Captured {
  return { blobs: [], trees: [], commits: [], refs: [] };
}

/** A repository whose `main` is at SHA.head and does not hold the deal's article yet. */
function freshRepo(scope: nock.Scope, articlePath: string): nock.Scope {
  return scope
    .get(`${REPO}/branches/main`)
    .reply(200, branchBody(SHA.head, SHA.tree))
    .get(`${REPO}/contents/${enc(articlePath)}`)
    .query({ ref: SHA.head })
    .reply(404, {
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest/repos/contents#get-repository-content',
      status: '404',
    })
    .get(`${REPO}/commits`)
    .query({ sha: SHA.head, since: '2026-11-20T21:40:00.000Z', per_page: '100' })
    .reply(200, []);
}

/** Three blobs, a tree, a commit and the ref update, each answered as GitHub does. */
function writes(
  scope: nock.Scope,
  seen: Captured,
  blobShas: string[] = [SHA.blob0, SHA.blob1, SHA.blob2],
): nock.Scope {
  let blob = 0;
  return scope
    .post(`${REPO}/git/blobs`)
    .times(blobShas.length)
    .reply(201, (_uri, body) => {
      seen.blobs.push(json(body));
      return shaBody(blobShas[blob++] ?? 'x');
    })
    .post(`${REPO}/git/trees`)
    .reply(201, (_uri, body) => {
      seen.trees.push(json(body));
      return shaBody(SHA.newTree);
    })
    .post(`${REPO}/git/commits`)
    .reply(201, (_uri, body) => {
      seen.commits.push(json(body));
      return shaBody(SHA.commit);
    })
    .patch(`${REPO}/git/refs/heads%2Fmain`)
    .reply(200, (_uri, body) => {
      seen.refs.push(json(body));
      return refBody('heads/main', SHA.commit);
    });
}

function treeEntries(seen: Captured): Array<{ path: string; sha?: string; content?: string }> {
  return (seen.trees[0]?.tree ?? []) as Array<{ path: string; sha?: string; content?: string }>;
}

describe('plugins/github/publisher: publish', () => {
  it('makes one commit holding the article and its three photos: blobs → tree → commit → ref', async () => {
    // Arrange
    const seen = captured();
    const scope = http.scope(API, { reqheaders: { authorization: `token ${BASE_OPTIONS.token}` } });
    const calls = recordCalls(scope);
    writes(freshRepo(scope, JEKYLL_PATH), seen);
    const { input, progress } = dealInput();

    // Act
    const result = await publisher().publish(input);

    // Assert
    expect(result).toEqual({ url: JEKYLL_URL, ref: SHA.commit, reused: false });
    expect(calls).toEqual([
      'GET /repos/jana/blog/branches/main',
      `GET /repos/jana/blog/contents/${JEKYLL_PATH}?ref=${SHA.head}`,
      `GET /repos/jana/blog/commits?sha=${SHA.head}&since=2026-11-20T21:40:00.000Z&per_page=100`,
      'POST /repos/jana/blog/git/blobs',
      'POST /repos/jana/blog/git/blobs',
      'POST /repos/jana/blog/git/blobs',
      'POST /repos/jana/blog/git/trees',
      'POST /repos/jana/blog/git/commits',
      'PATCH /repos/jana/blog/git/refs/heads/main',
    ]);
    expect(seen.blobs).toEqual(
      [0, 1, 2].map((n) => ({
        content: Buffer.from(`jpeg bytes of photo ${n}`).toString('base64'),
        encoding: 'base64',
      })),
    );
    expect(seen.trees).toHaveLength(1);
    expect(seen.trees[0]?.base_tree).toBe(SHA.tree);
    expect(treeEntries(seen).map(({ path, sha }) => ({ path, sha }))).toEqual([
      { path: JEKYLL_PATH, sha: undefined },
      { path: 'assets/images/vylet-do-tater-kam-s-detmi/vylet-do-tater-kam-s-detmi-0.jpg', sha: SHA.blob0 },
      { path: 'assets/images/vylet-do-tater-kam-s-detmi/vylet-do-tater-kam-s-detmi-1.jpg', sha: SHA.blob1 },
      { path: 'assets/images/vylet-do-tater-kam-s-detmi/vylet-do-tater-kam-s-detmi-2.jpg', sha: SHA.blob2 },
    ]);
    expect(seen.commits).toEqual([
      {
        message: [
          'Publish "Výlet do Tater: kam s dětmi" (pressbridge deal 4242)',
          '',
          'The sponsored article of deal 4242, with its photos, published by pressbridge.',
          '',
          'Pressbridge-Deal: 4242',
          'Pressbridge-Kind: article',
          `Pressbridge-Path: ${JEKYLL_PATH}`,
          `Pressbridge-Url: ${JEKYLL_URL}`,
        ].join('\n'),
        tree: SHA.newTree,
        parents: [SHA.head],
      },
    ]);
    expect(seen.refs).toEqual([{ sha: SHA.commit, force: false }]);
    expect(progress).toEqual([
      { githubPath: JEKYLL_PATH, githubUrl: JEKYLL_URL, githubCommit: SHA.commit, githubBranch: 'main' },
    ]);
  });
});

const BODY = `Tatry jsou krásné i v zimě. Vybavení půjčí <a href="https://www.horske-vybaveni.example.cz/pujcovna?utm_source=blog" rel="sponsored">horská půjčovna</a>, kde poradí.

PHOTO1

## Kudy na Rysy

- Štrbské pleso
- chata pod Rysmi

Šablony jako &#123;&#123; site.title &#125;&#125; se nespustí.

PHOTO2

| Trasa | Čas |
| --- | --- |
| Rysy | 6 h |
`;

const ALT = (n: number) => `Výlet do Tater: kam s dětmi – foto ${n}`;
/** The photos as tags (the alt text exact wherever HTML passes) at these addresses. */
const tags = (url: (n: number) => string) =>
  BODY.replace(/PHOTO(\d)/g, (_, n: string) => {
    return `<img src="${url(Number(n))}" alt="${ALT(Number(n))}" width="1600" height="1067" loading="lazy">`;
  });
const DESCRIPTION = 'description: "Tatry jsou krásné i v zimě. Vybavení půjčí horská půjčovna, kde poradí."';

interface PresetCase {
  preset: 'jekyll' | 'hugo' | 'astro' | 'generic';
  options: Partial<GitHubOptionsInput>;
  path: string;
  url: string;
  images: string;
  file: string;
}

const SLUG = 'vylet-do-tater-kam-s-detmi';

describe('plugins/github/publisher: the article file per preset', () => {
  it.each([
    {
      preset: 'jekyll',
      options: { frontMatter: { layout: 'post' } },
      path: JEKYLL_PATH,
      url: JEKYLL_URL,
      images: `assets/images/${SLUG}/`,
      file: `---
title: "Výlet do Tater: kam s dětmi"
${DESCRIPTION}
date: 2026-11-21T22:40:00+01:00
slug: ${SLUG}
categories:
  - Cestování
image: /assets/images/${SLUG}/${SLUG}-0.jpg
permalink: /2026/11/21/${SLUG}.html
layout: post
pressbridge_deal: 4242
---

${tags((n) => `/blog/assets/images/${SLUG}/${SLUG}-${n}.jpg`)}`,
    },
    {
      preset: 'hugo',
      options: { siteUrl: 'https://www.hory-s-detmi.cz' },
      path: `content/posts/${SLUG}/index.md`,
      url: `https://www.hory-s-detmi.cz/posts/${SLUG}/`,
      images: `content/posts/${SLUG}/`,
      file: `---
title: "Výlet do Tater: kam s dětmi"
${DESCRIPTION}
date: 2026-11-21T22:40:00+01:00
slug: ${SLUG}
categories:
  - Cestování
images:
  - posts/${SLUG}/${SLUG}-0.jpg
pressbridge_deal: 4242
---

${tags((n) => `${SLUG}-${n}.jpg`)}`,
    },
    {
      preset: 'astro',
      options: { siteUrl: 'https://blog.example.cz' },
      path: `src/content/blog/${SLUG}/index.md`,
      url: `https://blog.example.cz/blog/${SLUG}/`,
      images: `src/content/blog/${SLUG}/`,
      file: `---
title: "Výlet do Tater: kam s dětmi"
${DESCRIPTION}
pubDate: 2026-11-21T22:40:00+01:00
slug: ${SLUG}
categories:
  - Cestování
heroImage: ./${SLUG}-0.jpg
pressbridge_deal: 4242
---

${BODY.replace(/PHOTO(\d)/g, (_, n: string) => `![${ALT(Number(n))}](./${SLUG}-${n}.jpg)`)}`,
    },
    {
      preset: 'generic',
      options: {
        siteUrl: 'https://blog.example.cz',
        paths: {
          article: 'src/content/blog/{yyyy}-{mm}-{slug}.{ext}',
          images: 'public/images/{yyyy}/{slug}/',
          imageUrl: '/images/{yyyy}/{slug}/{filename}',
        },
        urlPattern: 'blog/{yyyy}/{mm}/{slug}/',
        frontMatterKeys: { date: 'pubDate', cover: 'heroImage', slug: null },
        frontMatter: { author: 'Jana Nováková', tags: ['hory'] },
      },
      path: `src/content/blog/2026-11-${SLUG}.md`,
      url: `https://blog.example.cz/blog/2026/11/${SLUG}/`,
      images: `public/images/2026/${SLUG}/`,
      file: `---
title: "Výlet do Tater: kam s dětmi"
${DESCRIPTION}
pubDate: 2026-11-21T22:40:00+01:00
categories:
  - Cestování
heroImage: /images/2026/${SLUG}/${SLUG}-0.jpg
author: Jana Nováková
tags:
  - hory
pressbridge_deal: 4242
---

${tags((n) => `/images/2026/${SLUG}/${SLUG}-${n}.jpg`)}`,
    },
  ] satisfies PresetCase[])(
    '$preset: front matter, Markdown body, paths and URL',
    async ({ preset, options, path, url, images, file }) => {
      // Arrange
      const seen = captured();
      writes(freshRepo(http.scope(API), path), seen);
      const { input } = dealInput();

      // Act
      const result = await publisher({ preset, ...options }).publish(input);

      // Assert
      expect(result).toEqual({ url, ref: SHA.commit, reused: false });
      const entries = treeEntries(seen);
      expect(entries.map((e) => e.path)).toEqual([
        path,
        ...[0, 1, 2].map((n) => `${images}${SLUG}-${n}.jpg`),
      ]);
      expect(entries[0]?.content).toBe(file);
    },
  );

  it('keeps the body as HTML with bodyFormat html (Jekyll: a .html post)', async () => {
    // Arrange
    const seen = captured();
    const path = '_posts/2026-11-21-vylet-do-tater-kam-s-detmi.html';
    writes(freshRepo(http.scope(API), path), seen);
    const { input } = dealInput({ categoryId: null });

    // Act
    await publisher({ bodyFormat: 'html' }).publish(input);

    // Assert
    const content = treeEntries(seen)[0]?.content ?? '';
    expect(content).toContain(`\n---\n\n<p>Tatry jsou krásné i v zimě.`);
    expect(content).toContain(
      `<figure><img src="/blog/assets/images/${SLUG}/${SLUG}-1.jpg" alt="Výlet do Tater: kam s dětmi – foto 1" width="1600" height="1067" loading="lazy"></figure>`,
    );
    expect(content).toContain('<p>Šablony jako &#123;&#123; site.title &#125;&#125; se nespustí.</p>');
    expect(content).not.toContain('categories:');
  });

  it('writes plain Markdown links (rel dropped, said in the log) with rawHtml off', async () => {
    // Arrange
    const seen = captured();
    writes(freshRepo(http.scope(API), JEKYLL_PATH), seen);
    const { input, entries } = dealInput();

    // Act
    await publisher({ rawHtml: false }).publish(input);

    // Assert
    expect(treeEntries(seen)[0]?.content).toContain(
      'půjčí [horská půjčovna](https://www.horske-vybaveni.example.cz/pujcovna?utm_source=blog), kde',
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'links lost attributes Markdown cannot express (rel, target) because the option rawHtml is off',
        fields: expect.objectContaining({ links: 1 }),
      }),
    );
  });

  it('falls back to the default category, saying so, for a category the map does not list', async () => {
    // Arrange
    const seen = captured();
    writes(freshRepo(http.scope(API), JEKYLL_PATH), seen);
    const { input, entries } = dealInput({ categoryId: 99 });

    // Act
    await publisher({ defaultCategory: 'Nezařazené' }).publish(input);

    // Assert
    expect(treeEntries(seen)[0]?.content).toContain('categories:\n  - Nezařazené\n');
    expect(entries.map((e) => e.msg)).toContain(
      'marketplace category 99 is not in the option categories; using the default category Nezařazené',
    );
  });
});

describe('plugins/github/publisher: exactly once', () => {
  it('finds its own file on a retry (nothing recorded) and makes no second commit', async () => {
    // Arrange: the first attempt commits…
    const seen = captured();
    writes(freshRepo(http.scope(API), JEKYLL_PATH), seen);
    const first = dealInput();
    const github = publisher();
    await github.publish(first.input);
    const committed = treeEntries(seen)[0]?.content ?? '';
    const message = String(seen.commits[0]?.message);
    // …and a retry with an empty record sees that file and that commit on the branch.
    const scope = http.scope(API);
    const calls = recordCalls(scope);
    scope
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.commit, SHA.newTree))
      .get(`${REPO}/contents/${enc(JEKYLL_PATH)}`)
      .query({ ref: SHA.commit })
      .reply(200, contentBody(JEKYLL_PATH, committed))
      .get(`${REPO}/commits`)
      .query(true)
      .reply(200, [commitListItem(SHA.commit, message), commitListItem(SHA.head, 'Update about page')]);
    const retry = dealInput();

    // Act
    const result = await github.publish(retry.input);

    // Assert: no write request at all (an unexpected one would fail the mock), the same URL and commit.
    expect(result).toEqual({ url: JEKYLL_URL, ref: SHA.commit, reused: true });
    expect(calls.every((call) => call.startsWith('GET '))).toBe(true);
    expect(retry.progress).toEqual([
      { githubPath: JEKYLL_PATH, githubUrl: JEKYLL_URL, githubCommit: SHA.commit, githubBranch: 'main' },
    ]);
    expect(retry.entries.map((e) => e.msg)).toContain(
      'the deal’s article is in the repository already; reusing it',
    );
  });

  it('finds its own file by the front matter alone when its commit is out of the search', async () => {
    // Arrange: the branch has moved on by many commits since; the file still says whose it is.
    const scope = http.scope(API);
    const calls = recordCalls(scope);
    scope
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head2, SHA.tree2))
      .get(`${REPO}/contents/${enc(JEKYLL_PATH)}`)
      .query({ ref: SHA.head2 })
      .reply(
        200,
        contentBody(JEKYLL_PATH, '---\ntitle: Výlet\npressbridge_deal: 4242\n---\n\nUpraveno ručně.\n'),
      )
      .get(`${REPO}/commits`)
      .query(true)
      .reply(200, [commitListItem(SHA.head2, 'Redesign')]);

    // Act
    const result = await publisher().publish(dealInput().input);

    // Assert
    expect(result).toEqual({ url: JEKYLL_URL, ref: SHA.head2, reused: true });
    expect(calls).toHaveLength(3);
  });

  it('finds the deal by its commit when the article lies elsewhere now (a new title, changed options)', async () => {
    // Arrange
    const elsewhere = '_posts/2026-11-21-stary-nazev.md';
    const oldUrl = 'https://jana.github.io/blog/2026/11/21/stary-nazev.html';
    const message = `Publish "Starý název" (pressbridge deal 4242)\n\nPressbridge-Deal: 4242\nPressbridge-Kind: article\nPressbridge-Path: ${elsewhere}\nPressbridge-Url: ${oldUrl}`;
    http
      .scope(API)
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head, SHA.tree))
      .get(`${REPO}/contents/${enc(JEKYLL_PATH)}`)
      .query(true)
      .reply(404, { message: 'Not Found' })
      .get(`${REPO}/commits`)
      .query(true)
      .reply(200, [
        commitListItem(
          SHA.head,
          'Publish "Jiný" (pressbridge deal 42420)\n\nPressbridge-Deal: 42420\nPressbridge-Path: x.md\nPressbridge-Url: https://jana.github.io/blog/x.html',
        ),
        commitListItem(SHA.commit2, message),
      ]);
    const { input, progress } = dealInput();

    // Act
    const result = await publisher().publish(input);

    // Assert
    expect(result).toEqual({ url: oldUrl, ref: SHA.commit2, reused: true });
    expect(progress).toEqual([
      { githubPath: elsewhere, githubUrl: oldUrl, githubCommit: SHA.commit2, githubBranch: 'main' },
    ]);
  });

  it("uses <slug>-<deal id> when another deal's article holds the path", async () => {
    // Arrange
    const fallback = '_posts/2026-11-21-vylet-do-tater-kam-s-detmi-4242.md';
    const seen = captured();
    const scope = http.scope(API);
    scope
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head, SHA.tree))
      .get(`${REPO}/contents/${enc(JEKYLL_PATH)}`)
      .query(true)
      .reply(200, contentBody(JEKYLL_PATH, '---\ntitle: Výlet\npressbridge_deal: 1717\n---\n\nJiný článek\n'))
      .get(`${REPO}/commits`)
      .query(true)
      .reply(200, [])
      .get(`${REPO}/contents/${enc(fallback)}`)
      .query(true)
      .reply(404, { message: 'Not Found' });
    writes(scope, seen);
    const { input, entries } = dealInput();

    // Act
    const result = await publisher().publish(input);

    // Assert
    expect(result.url).toBe('https://jana.github.io/blog/2026/11/21/vylet-do-tater-kam-s-detmi-4242.html');
    expect(treeEntries(seen).map((e) => e.path)).toEqual([
      fallback,
      ...[0, 1, 2].map((n) => `assets/images/${SLUG}-4242/${SLUG}-4242-${n}.jpg`),
    ]);
    expect(entries.map((e) => e.msg)).toContain(
      'another article already has this path in the repository; using the deal id in the name',
    );
  });

  it('redoes tree and commit on the new head when the ref update is not a fast-forward, without new blobs', async () => {
    // Arrange
    const seen = captured();
    const scope = http.scope(API);
    const calls = recordCalls(scope);
    let trees = 0;
    let commits = 0;
    freshRepo(scope, JEKYLL_PATH)
      .post(`${REPO}/git/blobs`)
      .times(3)
      .reply(201, (_uri, body) => {
        seen.blobs.push(json(body));
        return shaBody([SHA.blob0, SHA.blob1, SHA.blob2][seen.blobs.length - 1] ?? 'x');
      })
      .post(`${REPO}/git/trees`)
      .times(2)
      .reply(201, (_uri, body) => {
        seen.trees.push(json(body));
        return shaBody(trees++ === 0 ? SHA.newTree : '6666666666666666666666666666666666666666');
      })
      .post(`${REPO}/git/commits`)
      .times(2)
      .reply(201, (_uri, body) => {
        seen.commits.push(json(body));
        return shaBody(commits++ === 0 ? SHA.commit : SHA.commit2);
      })
      .patch(`${REPO}/git/refs/heads%2Fmain`)
      .reply(422, {
        message: 'Update is not a fast forward',
        documentation_url: 'https://docs.github.com/rest/git/refs#update-a-reference',
        status: '422',
      })
      // Someone pushed meanwhile: the new head, which does not hold the deal's article either.
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head2, SHA.tree2))
      .get(`${REPO}/contents/${enc(JEKYLL_PATH)}`)
      .query({ ref: SHA.head2 })
      .reply(404, { message: 'Not Found' })
      .get(`${REPO}/commits`)
      .query((q) => q.sha === SHA.head2)
      .reply(200, [commitListItem(SHA.head2, 'Fix typo')])
      .patch(`${REPO}/git/refs/heads%2Fmain`)
      .reply(200, (_uri, body) => {
        seen.refs.push(json(body));
        return refBody('heads/main', SHA.commit2);
      });
    const { input, entries } = dealInput();

    // Act
    const result = await publisher().publish(input);

    // Assert
    expect(result).toEqual({ url: JEKYLL_URL, ref: SHA.commit2, reused: false });
    expect(seen.blobs).toHaveLength(3);
    expect(seen.trees.map((t) => t.base_tree)).toEqual([SHA.tree, SHA.tree2]);
    expect(seen.trees[1]?.tree).toEqual(seen.trees[0]?.tree);
    expect(seen.commits.map((c) => c.parents)).toEqual([[SHA.head], [SHA.head2]]);
    expect(seen.refs).toEqual([{ sha: SHA.commit2, force: false }]);
    expect(calls.filter((c) => c.startsWith('PATCH'))).toHaveLength(2);
    expect(entries.map((e) => e.msg)).toContain(
      'the branch moved while committing; making the commit again on its new head',
    );
  });

  it('stops when the moved head already holds the article (another process published it)', async () => {
    // Arrange
    const scope = http.scope(API);
    freshRepo(scope, JEKYLL_PATH)
      .post(`${REPO}/git/blobs`)
      .times(3)
      .reply(201, shaBody(SHA.blob0))
      .post(`${REPO}/git/trees`)
      .reply(201, shaBody(SHA.newTree))
      .post(`${REPO}/git/commits`)
      .reply(201, shaBody(SHA.commit))
      .patch(`${REPO}/git/refs/heads%2Fmain`)
      .reply(409, { message: 'Reference cannot be updated' })
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head2, SHA.tree2))
      .get(`${REPO}/contents/${enc(JEKYLL_PATH)}`)
      .query({ ref: SHA.head2 })
      .reply(200, contentBody(JEKYLL_PATH, '---\ntitle: x\npressbridge_deal: 4242\n---\n'))
      .get(`${REPO}/commits`)
      .query(true)
      .reply(200, []);
    const { input } = dealInput();

    // Act
    const result = await publisher().publish(input);

    // Assert
    expect(result).toEqual({ url: JEKYLL_URL, ref: SHA.head2, reused: true });
  });

  it('fails for good when the update is refused although nobody moved the branch (protected branch)', async () => {
    // Arrange
    freshRepo(http.scope(API), JEKYLL_PATH)
      .post(`${REPO}/git/blobs`)
      .times(3)
      .reply(201, shaBody(SHA.blob0))
      .post(`${REPO}/git/trees`)
      .reply(201, shaBody(SHA.newTree))
      .post(`${REPO}/git/commits`)
      .reply(201, shaBody(SHA.commit))
      .patch(`${REPO}/git/refs/heads%2Fmain`)
      .reply(422, { message: 'Protected branch update failed for refs/heads/main.' })
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head, SHA.tree, true));
    const { input } = dealInput();

    // Act
    const error = await publisher()
      .publish(input)
      .catch((e: unknown) => e);

    // Assert
    expect(error).toMatchObject({
      code: 'github_protected_branch',
      retryable: false,
      message: expect.stringContaining('set prMode: true'),
    });
    expect((error as Error).message).toContain('Protected branch update failed');
  });

  it('takes the repository’s default branch when none is configured, asking once per process', async () => {
    // Arrange
    const seen = captured();
    const scope = http.scope(API);
    scope.get(REPO).once().reply(200, repoBody());
    writes(freshRepo(scope, JEKYLL_PATH), seen);
    const { input } = dealInput();

    // Act
    const result = await publisher({ branch: undefined }).publish(input);

    // Assert
    expect(result.ref).toBe(SHA.commit);
    expect(seen.refs).toHaveLength(1);
  });
});

describe('plugins/github/publisher: one writer per repository', () => {
  it('runs two deals for the same repository one after the other, never interleaving their requests', async () => {
    // Arrange: every request answers after a short delay, so that unserialised work would interleave.
    const scope = http.scope(API);
    const calls = recordCalls(scope);
    const pathOf = (id: number) => `_posts/2026-11-21-clanek-${id}.md`;
    let head: string = SHA.head;
    scope
      .get(`${REPO}/branches/main`)
      .times(2)
      .delay(20)
      .reply(200, () => branchBody(head, SHA.tree))
      .get((uri) => uri.startsWith(`${REPO}/contents/`))
      .times(2)
      .query(true)
      .delay(20)
      .reply(404, { message: 'Not Found' })
      .get(`${REPO}/commits`)
      .times(2)
      .query(true)
      .delay(20)
      .reply(200, [])
      .post(`${REPO}/git/trees`)
      .times(2)
      .delay(20)
      .reply(201, shaBody(SHA.newTree))
      .post(`${REPO}/git/commits`)
      .times(2)
      .delay(20)
      .reply(201, shaBody(SHA.commit))
      .patch(`${REPO}/git/refs/heads%2Fmain`)
      .times(2)
      .delay(20)
      .reply(200, () => {
        head = head === SHA.head ? SHA.head2 : SHA.commit;
        return refBody('heads/main', head);
      });
    const github = publisher();
    const deal = (id: number) => {
      const { input } = dealInput({ dealId: id });
      return { ...input, slug: `clanek-${id}`, images: [], article: { ...input.article, blocks: [] } };
    };

    // Act
    const results = await Promise.all([github.publish(deal(1)), github.publish(deal(2))]);

    // Assert
    expect(results.map((r) => r.url)).toEqual([
      'https://jana.github.io/blog/2026/11/21/clanek-1.html',
      'https://jana.github.io/blog/2026/11/21/clanek-2.html',
    ]);
    const contents = calls.filter((c) => c.includes('/contents/')).map((c) => c.split('?')[0]);
    expect(contents).toEqual([pathOf(1), pathOf(2)].map((p) => `GET /repos/jana/blog/contents/${p}`));
    // Deal 2 reads the branch only after deal 1 moved it.
    expect(calls.map((c) => c.split(' ')[0] + (c.includes('branches') ? ' branch' : ''))).toEqual([
      'GET branch',
      'GET',
      'GET',
      'POST',
      'POST',
      'PATCH',
      'GET branch',
      'GET',
      'GET',
      'POST',
      'POST',
      'PATCH',
    ]);
  });

  it('spaces writes out by writeIntervalMs (secondary rate limits)', async () => {
    // Arrange
    const seen = captured();
    writes(freshRepo(http.scope(API), JEKYLL_PATH), seen);
    const clock = fakeClock();
    const { input } = dealInput();

    // Act
    await publisher({ writeIntervalMs: 1000 }, { clock }).publish(input);

    // Assert: blob, blob, blob, tree, commit, ref: a second before each write after the first.
    expect(clock.sleeps).toEqual([1000, 1000, 1000, 1000, 1000]);
  });
});
