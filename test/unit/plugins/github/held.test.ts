/**
 * The last look on GitHub (docs/decisions/0025-the-last-look.md) against the in-memory fake GitHub
 * (test/plugins/fake-github.ts): a held deal's article waits in a draft pull request on a branch of its own
 * (`holdDraft`), never on the site's branch nor on PR mode's deal branch; approve (`publish`) publishes it once
 * and closes the held pull request and deletes its branch; refuse (`discardDraft`) closes and deletes, and a
 * permanent refusal of GitHub answers `kept` with the reason.
 */
import { describe, expect, it } from 'vitest';
import type { GitHubOptionsInput } from '../../../../plugins/github/index.js';
import type { Clock } from '../../../../src/clock.js';
import type { DiscardDraftInput, PublisherProgress } from '../../../../src/publisher/types.js';
import { recordingLog } from '../../../helpers/publish-inputs.js';
import { useHttpMock } from '../../../http-mock.js';
import { createFakeGitHub, type FakeGitHub } from '../../../plugins/fake-github.js';
import { dealInput, fakeClock, publisher } from './helpers.js';

const http = useHttpMock();

const HELD = 'pressbridge/held-4242';
const DEAL_BRANCH = 'pressbridge/deal-4242';
const SLUG = 'vylet-do-tater-kam-s-detmi';
const PRESETS = {
  jekyll: {
    path: `_posts/2026-11-21-${SLUG}.md`,
    url: `https://jana.github.io/blog/2026/11/21/${SLUG}.html`,
  },
  hugo: { path: `content/posts/${SLUG}/index.md`, url: `https://jana.github.io/blog/posts/${SLUG}/` },
} as const;

function start(): FakeGitHub {
  const fake = createFakeGitHub(http);
  fake.reset();
  return fake;
}

/** A clock whose waits stand for the blogger merging PR mode's pull request of the deal. */
function mergingClock(fake: FakeGitHub): Clock {
  const clock = fakeClock();
  return {
    now: clock.now,
    sleep: async (ms, signal) => {
      await clock.sleep(ms, signal);
      const open = fake.pulls().find((pull) => pull.branch === DEAL_BRANCH && pull.state === 'open');
      if (open) fake.merge(open.number);
    },
  };
}

const merged = (patches: PublisherProgress[]): PublisherProgress => Object.assign({}, ...patches);

function discardInput(ref: string): DiscardDraftInput {
  return {
    deal: dealInput().input.deal,
    ref,
    slug: SLUG,
    previous: {},
    progress: async () => {},
    log: recordingLog().log,
    signal: new AbortController().signal,
  };
}

/** The files of the deal's article (front matter naming deal 4242) on a branch. */
const articlesOn = (fake: FakeGitHub, branch = 'main') =>
  [...fake.checkout(branch)].filter(([, bytes]) => bytes.toString().includes('pressbridge_deal: 4242'));

describe('plugins/github: the last look’s hold', () => {
  it('holds the article in a draft pull request on its own branch; the site’s branch gets nothing', async () => {
    const fake = start();
    const { input, progress } = dealInput();

    const result = await publisher({ preset: 'hugo' }).holdDraft(input);

    const [pull] = fake.pulls();
    expect(fake.pulls()).toHaveLength(1);
    expect(pull).toMatchObject({ branch: HELD, base: 'main', draft: true, state: 'open' });
    expect(pull?.title).toBe('Held for your look: "Výlet do Tater: kam s dětmi" (pressbridge deal 4242)');
    expect(pull?.body).toContain('Pressbridge-Deal: 4242');
    expect(result).toEqual({
      ref: 'https://github.com/jana/blog/pull/100',
      editUrl: 'https://github.com/jana/blog/pull/100',
      reused: false,
    });
    // The same files publish writes: the article (not marked draft) and its photos.
    const held = fake.checkout(HELD);
    expect(held.get(PRESETS.hugo.path)?.toString()).not.toContain('draft: true');
    expect([...held.keys()].filter((path) => path.endsWith('.jpg'))).toHaveLength(3);
    expect([...fake.files().keys()]).toEqual(['index.md']);
    expect(fake.branches().has(DEAL_BRANCH)).toBe(false);
    expect(merged(progress)).toEqual({ githubHeldBranch: HELD, githubHeldPr: 100 });
  });

  it('held twice (a retry) is one pull request, the photos sent once', async () => {
    const fake = start();
    const pub = publisher();

    const first = await pub.holdDraft(dealInput().input);
    const second = await pub.holdDraft(dealInput().input);

    expect(fake.pulls()).toHaveLength(1);
    expect(second).toEqual({ ...first, reused: true });
    expect(fake.blobUploads()).toBe(3);
  });

  it.each([
    { preset: 'jekyll', prMode: false },
    { preset: 'jekyll', prMode: true },
    { preset: 'hugo', prMode: false },
    { preset: 'hugo', prMode: true },
  ] as const)(
    'approved, $preset (PR mode: $prMode): published once, the held pull request closed and its branch deleted',
    async ({ preset, prMode }) => {
      const fake = start();
      const options: Partial<GitHubOptionsInput> = { preset, prMode };
      const hold = dealInput();
      await publisher(options).holdDraft(hold.input);

      const result = await publisher(options, { clock: mergingClock(fake) }).publish(
        dealInput({ previous: merged(hold.progress) }).input,
      );

      const { path, url } = PRESETS[preset];
      expect(result).toMatchObject({ url, reused: false });
      const live = articlesOn(fake);
      expect(live.map(([file]) => file)).toEqual([path]);
      expect(live[0]?.[1].toString()).not.toContain('draft: true');
      const held = fake.pulls().find((pull) => pull.branch === HELD);
      expect(held).toMatchObject({ state: 'closed', mergeCommit: undefined });
      expect(held?.comments).toEqual([expect.stringContaining(`published by pressbridge: ${url}`)]);
      expect(fake.branches().has(HELD)).toBe(false);
      if (prMode) {
        expect(fake.pulls().filter((pull) => pull.branch === DEAL_BRANCH && pull.mergeCommit)).toHaveLength(
          1,
        );
      }
    },
  );

  it('a retry that finds the article published (a crash before the close) still closes the held pull request', async () => {
    const fake = start();
    const hold = dealInput();
    await publisher().holdDraft(hold.input);
    // The first attempt's publish; its process died before it closed the hold.
    await publisher().publish(dealInput().input);
    expect(fake.pulls()[0]?.state).toBe('open');

    const again = await publisher().publish(dealInput({ previous: merged(hold.progress) }).input);

    expect(again.reused).toBe(true);
    expect(articlesOn(fake)).toHaveLength(1);
    expect(fake.pulls()[0]?.state).toBe('closed');
    expect(fake.branches().has(HELD)).toBe(false);
  });

  it('a deal never held: publish looks for no held pull request', async () => {
    const fake = start();

    await publisher().publish(dealInput().input);

    expect(fake.requests.filter((r) => r.path.includes('/pulls'))).toEqual([]);
    expect(articlesOn(fake)).toHaveLength(1);
  });

  it('refused: the held pull request closed with a comment and its branch deleted, nothing published; twice: gone', async () => {
    const fake = start();
    const pub = publisher();
    const draft = await pub.holdDraft(dealInput().input);

    const first = await pub.discardDraft(discardInput(draft.ref));
    const second = await pub.discardDraft(discardInput(draft.ref));

    expect(first).toEqual({
      outcome: 'deleted',
      detail: `pull request ${draft.ref} closed, branch ${HELD} deleted`,
    });
    expect(second).toEqual({ outcome: 'gone' });
    const [pull] = fake.pulls();
    expect(pull).toMatchObject({ state: 'closed', mergeCommit: undefined });
    expect(pull?.comments).toEqual([expect.stringContaining('Refused at the blogger’s last look')]);
    expect(fake.branches().has(HELD)).toBe(false);
    expect([...fake.files().keys()]).toEqual(['index.md']);
  });

  it('refused, and GitHub refuses to close the pull request (403): kept, with the reason, not thrown', async () => {
    const fake = start();
    const pub = publisher();
    const draft = await pub.holdDraft(dealInput().input);
    fake.fault = {
      when: (r) => r.method === 'PATCH' && r.path.includes('/pulls/'),
      status: 403,
      body: { message: 'Resource not accessible by personal access token', status: '403' },
    };

    const result = await pub.discardDraft(discardInput(draft.ref));

    expect(result.outcome).toBe('kept');
    expect(result.detail).toContain(`${draft.ref} (branch ${HELD}) stays`);
    expect(result.detail).toContain('Resource not accessible by personal access token');
    expect(fake.pulls()[0]?.state).toBe('open');
    expect(fake.branches().has(HELD)).toBe(true);
  });

  it('refused after the blogger merged the held pull request by hand: kept, the article left as it is', async () => {
    const fake = start();
    const pub = publisher();
    const draft = await pub.holdDraft(dealInput().input);
    fake.merge(100);

    const result = await pub.discardDraft(discardInput(draft.ref));

    expect(result.outcome).toBe('kept');
    expect(result.detail).toContain('was merged');
    expect(articlesOn(fake)).toHaveLength(1);
  });
});
