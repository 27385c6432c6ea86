import { describe, expect, it } from 'vitest';
import { useHttpMock } from '../../../http-mock.js';
import {
  API,
  branchBody,
  commitListItem,
  contentBody,
  draftInput,
  json,
  publisher,
  pullBody,
  REPO,
  recordCalls,
  refBody,
  SHA,
  shaBody,
} from './helpers.js';

const http = useHttpMock();

const PATH = '_drafts/zadani-zimni-pneumatiky.md';
const enc = (path: string) => path.replaceAll('/', '%2F');

describe('plugins/github/publisher: briefs (bloggerPublished: draft)', () => {
  it('commits the brief to _drafts (Jekyll leaves drafts out of the site) and links to GitHub’s editor', async () => {
    // Arrange
    const scope = http.scope(API);
    const calls = recordCalls(scope);
    let tree: Record<string, unknown> = {};
    scope
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head, SHA.tree))
      .get(`${REPO}/contents/${enc(PATH)}`)
      .query({ ref: SHA.head })
      .reply(404, { message: 'Not Found' })
      .post(`${REPO}/git/trees`)
      .reply(201, (_uri, body) => {
        tree = json(body);
        return shaBody(SHA.newTree);
      })
      .post(`${REPO}/git/commits`)
      .reply(201, shaBody(SHA.commit))
      .patch(`${REPO}/git/refs/heads%2Fmain`)
      .reply(200, refBody('heads/main', SHA.commit));
    const { input, progress } = draftInput();

    // Act
    const result = await publisher().createDraft(input);

    // Assert
    expect(result).toEqual({
      ref: SHA.commit,
      editUrl: `https://github.com/jana/blog/edit/main/${PATH}`,
      reused: false,
    });
    expect(calls.some((c) => c.includes('/git/blobs'))).toBe(false);
    expect(tree.tree).toEqual([
      {
        path: PATH,
        mode: '100644',
        type: 'blob',
        content:
          '---\ntitle: "Zadání: Zimní pneumatiky"\ndescription: "Klíčová slova: zimní pneumatiky"\ndate: 2026-11-21T22:40:00+01:00\nslug: zadani-zimni-pneumatiky\npressbridge_deal: 5151\n---\n\n**Klíčová slova:** zimní pneumatiky\n\n- pneu-shop.example.cz\n',
      },
    ]);
    expect(progress).toEqual([{ githubBriefPath: PATH, githubBranch: 'main', githubCommit: SHA.commit }]);
  });

  it('reuses a brief that is there already', async () => {
    // Arrange
    http
      .scope(API)
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head, SHA.tree))
      .get(`${REPO}/contents/${enc(PATH)}`)
      .query(true)
      .reply(200, contentBody(PATH, '---\ntitle: x\npressbridge_deal: 5151\n---\n'))
      .get(`${REPO}/commits`)
      .query(true)
      .reply(200, [
        commitListItem(
          SHA.commit2,
          `Add the brief "x" (pressbridge deal 5151)\n\nPressbridge-Deal: 5151\nPressbridge-Kind: brief\nPressbridge-Path: ${PATH}`,
        ),
      ]);

    // Act
    const result = await publisher().createDraft(draftInput().input);

    // Assert
    expect(result).toEqual({
      ref: SHA.commit2,
      editUrl: `https://github.com/jana/blog/edit/main/${PATH}`,
      reused: true,
    });
  });

  it('opens a draft pull request with the brief in PR mode (Hugo: draft: true)', async () => {
    // Arrange
    const hugoPath = 'content/posts/zadani-zimni-pneumatiky/index.md';
    const branch = 'pressbridge/deal-5151';
    let pull: Record<string, unknown> = {};
    let tree: Record<string, unknown> = {};
    http
      .scope(API)
      .get(`${REPO}/pulls`)
      .query(true)
      .reply(200, [])
      .get(`${REPO}/branches/main`)
      .reply(200, branchBody(SHA.head, SHA.tree))
      .get(`${REPO}/git/ref/heads%2F${enc(branch)}`)
      .reply(404, { message: 'Not Found' })
      .post(`${REPO}/git/trees`)
      .reply(201, (_uri, body) => {
        tree = json(body);
        return shaBody(SHA.newTree);
      })
      .post(`${REPO}/git/commits`)
      .reply(201, shaBody(SHA.commit))
      .post(`${REPO}/git/refs`)
      .reply(201, refBody(`heads/${branch}`, SHA.commit))
      .post(`${REPO}/pulls`)
      .reply(201, (_uri, body) => {
        pull = json(body);
        return pullBody(30, 'open', { branch });
      });

    // Act
    const result = await publisher({ preset: 'hugo', prMode: true }).createDraft(draftInput().input);

    // Assert
    expect(result).toEqual({
      ref: SHA.commit,
      editUrl: 'https://github.com/jana/blog/pull/30',
      reused: false,
    });
    expect(pull).toMatchObject({ draft: true, head: branch, base: 'main' });
    const entries = tree.tree as Array<{ path: string; content: string }>;
    expect(entries.map((e) => e.path)).toEqual([hugoPath]);
    expect(entries[0]?.content).toContain('\ndraft: true\npressbridge_deal: 5151\n');
  });

  it('refuses a brief when the generic layout has no place for it', async () => {
    const error = await publisher({
      preset: 'generic',
      paths: { article: 'posts/{slug}.md', images: 'img/', imageUrl: '/img/{filename}' },
      urlPattern: '{slug}/',
    })
      .createDraft(draftInput().input)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'github_no_draft_path', retryable: false });
    expect((error as Error).message).toContain('set paths.draft');
  });
});
