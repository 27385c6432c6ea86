/**
 * The last look on a real WordPress (docs/decisions/0025-the-last-look.md): the held deal is the post itself,
 * made as a draft (`holdDraft`); approve (`publish`) makes that draft the live post, refuse (`discardDraft`)
 * moves it to the trash. One post per deal, its photos uploaded once, whatever crashes in between.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import wordpress, { type WordPressPublisher } from '../../plugins/wordpress/index.js';
import { systemClock } from '../../src/clock.js';
import type { DiscardDraftInput, PublisherProgress, PublishInput } from '../../src/publisher/types.js';
import { caught } from '../helpers/caught.js';
import {
  buildDraftInput,
  buildPublishInput,
  parsedArticle,
  publishDeal,
  type Recorded,
  recordingLog,
  solidPhotos,
} from '../helpers/publish-inputs.js';
import {
  listMedia,
  listPosts,
  resetContent,
  startWordPress,
  type WordPressSite,
} from '../helpers/wordpress.js';

const SLUG = 'kasino-v-tatrach';
const ARTICLE_HTML = `<h1>Kasino v Tatrách</h1>
<p>Na Štrbském plese bylo krásně. [foto1] Pak jsme šli dál.</p>
<p>[foto2]</p>`;

async function publishInput(
  dealId: number,
  overrides: Partial<PublishInput> = {},
): Promise<Recorded<PublishInput>> {
  return buildPublishInput({
    deal: publishDeal({ dealId }),
    article: parsedArticle(ARTICLE_HTML, [0, 1, 2]),
    slug: SLUG,
    images: await solidPhotos(SLUG, { alt: (n) => `Tatry ${n}` }),
    ...overrides,
  });
}

function discardInput(dealId: number, ref: string, previous: PublisherProgress = {}): DiscardDraftInput {
  return {
    deal: publishDeal({ dealId }),
    ref,
    slug: SLUG,
    previous,
    progress: async () => {},
    log: recordingLog().log,
    signal: new AbortController().signal,
  };
}

/** What the pipeline would pass as `previous`: every patch a step reported, merged in order. */
function merged(patches: readonly PublisherProgress[]): PublisherProgress {
  return Object.assign({}, ...patches) as PublisherProgress;
}

describe('plugins/wordpress: the last look’s held draft against a real WordPress', () => {
  let site: WordPressSite;
  let publisher: WordPressPublisher;

  beforeAll(async () => {
    site = await startWordPress({ name: 'pb-held' });
    const options = wordpress.optionsSchema.parse({
      url: site.url,
      username: site.username,
      applicationPassword: site.applicationPassword,
      categories: 'identity',
    });
    publisher = wordpress.create(options, {
      blogId: 1,
      log: pino({ level: 'silent' }),
      dataDir: '/tmp',
      clock: systemClock,
    });
  });

  afterAll(async () => {
    await site?.stop();
  });

  beforeEach(async () => {
    await resetContent(site);
  });

  it('approve: the held draft becomes the live post (same id, one post, photos uploaded once)', async () => {
    // Arrange
    const held = await publishInput(401);
    const draft = await publisher.holdDraft(held.input);
    const [before] = await listPosts(site, { status: 'all' });
    expect(before?.status).toBe('draft');
    expect(draft).toEqual({
      ref: `wp:${before?.id}`,
      editUrl: `${site.url}/wp-admin/post.php?post=${before?.id}&action=edit`,
      reused: false,
    });
    expect(await listMedia(site)).toHaveLength(3);

    // Act
    const approved = await publishInput(401, { previous: merged(held.progress) });
    const result = await publisher.publish(approved.input);

    // Assert
    const posts = await listPosts(site, { status: 'all' });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.id).toBe(before?.id);
    expect(posts[0]?.status).toBe('publish');
    expect(result).toEqual({ url: `${site.url}/${SLUG}/`, ref: draft.ref, reused: false });
    const media = await listMedia(site);
    expect(media).toHaveLength(3);
    expect(posts[0]?.featured_media).toBe(media.find((m) => m.slug === 'pressbridge-deal-401-photo-0')?.id);
  });

  it('a retry of publish after a crash, before and after the draft went live, still leaves one post', async () => {
    // Arrange: held; the record of it lost (previous empty), and the worker dies recording the post it found
    await publisher.holdDraft((await publishInput(402)).input);
    const crash = new Error('worker killed');
    const crashing = await publishInput(402, {
      progress: async (patch) => {
        if (patch.wpPostId !== undefined) throw crash;
      },
    });
    expect(await caught(publisher.publish(crashing.input))).toBe(crash);
    expect((await listPosts(site, { status: 'all' }))[0]?.status).toBe('draft');

    // Act: the retry; then one more, as after a crash between WordPress's answer and the record
    const retry = await publisher.publish((await publishInput(402)).input);
    const again = await publisher.publish((await publishInput(402)).input);

    // Assert
    const posts = await listPosts(site, { status: 'all' });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.status).toBe('publish');
    expect(retry).toMatchObject({ ref: `wp:${posts[0]?.id}`, reused: false });
    expect(again).toMatchObject({ ref: `wp:${posts[0]?.id}`, reused: true });
    expect(await listMedia(site)).toHaveLength(3);
  });

  it('a held draft made twice (a retry of the hold) is one draft', async () => {
    const first = await publisher.holdDraft((await publishInput(403)).input);
    const second = await publisher.holdDraft((await publishInput(403)).input);
    expect(second).toEqual({ ...first, reused: true });
    expect(await listPosts(site, { status: 'all' })).toHaveLength(1);
    expect(await listMedia(site)).toHaveLength(3);
  });

  it('refuse: the held draft goes to the trash (restorable), nothing is published; a second refuse finds it gone', async () => {
    // Arrange: the held draft, and a brief draft of the same deal id (a differently marked post: never touched)
    const held = await publishInput(404);
    const draft = await publisher.holdDraft(held.input);
    const brief = buildDraftInput({
      deal: publishDeal({ dealId: 404 }),
      title: 'Zadání',
      briefHtml: '<p>Napište o Tatrách.</p>',
      slug: 'zadani',
    });
    const briefDraft = await publisher.createDraft(brief.input);

    // Act
    const discarded = await publisher.discardDraft(discardInput(404, draft.ref, merged(held.progress)));
    const twice = await publisher.discardDraft(discardInput(404, draft.ref));

    // Assert
    expect(discarded).toEqual({ outcome: 'trashed', detail: `post ${draft.ref.slice(3)} on ${site.url}` });
    expect(twice).toEqual({ outcome: 'gone' });
    const posts = await listPosts(site, { status: 'all' });
    expect(posts.filter((p) => p.status === 'publish')).toHaveLength(0);
    expect(posts.find((p) => `wp:${p.id}` === draft.ref)?.status).toBe('trash');
    expect(posts.find((p) => `wp:${p.id}` === briefDraft.ref)?.status).toBe('draft');
  });

  it('refuse never touches a live post of the deal', async () => {
    const live = await publisher.publish((await publishInput(405)).input);
    const result = await publisher.discardDraft(discardInput(405, live.ref));
    expect(result.outcome).toBe('kept');
    const posts = await listPosts(site, { status: 'all' });
    expect(posts).toHaveLength(1);
    expect(posts[0]?.status).toBe('publish');
  });
});
