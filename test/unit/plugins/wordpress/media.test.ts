/**
 * The media uploads of one deal run at once, bounded, and stay exactly once; WordPress's refusal before keeping
 * anything (the month folder's race) is sent once more. A small fake WordPress (through the plugin's `fetch`)
 * holds each upload until the test lets it answer, so what is in flight is counted, not timed.
 */
import { describe, expect, it } from 'vitest';
import { MEDIA_CONCURRENCY } from '../../../../src/concurrency.js';
import { publishInput, SITE, wordpressPublisher } from './publish-fixture.js';

/** An answer to an upload: a status, or a status with a REST error code. */
type UploadAnswer = number | { status: number; code: string };

interface Held {
  slug: string;
  answer(status: UploadAnswer): void;
}

/** What WordPress answers an upload whose `mkdir` of the month folder lost the race (nothing kept). */
const FOLDER_RACE: UploadAnswer = { status: 500, code: 'rest_upload_sideload_error' };

/** WordPress with a media library; uploads wait in `held` until answered. */
function fakeWordPress(stored: Array<{ id: number; slug: string }> = []) {
  const media = [...stored];
  const held: Held[] = [];
  const uploads: string[] = [];
  const posts: unknown[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let nextId = 100;
  let onHeld = () => {};
  let autoStatus: UploadAnswer | undefined;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const mediaJson = (m: { id: number; slug: string }) => ({
    id: m.id,
    slug: m.slug,
    source_url: `${SITE}/${m.slug}.jpg`,
    alt_text: '',
    media_details: {
      width: 1200,
      height: 800,
      sizes: { large: { source_url: `${SITE}/l.jpg`, width: 1024, height: 683 } },
    },
  });
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const route = url.pathname.replace(/^\/wp-json/, '');
    const method = init?.method ?? 'GET';
    if (route === '/') return json(200, { name: 'Blog', url: SITE, home: SITE, namespaces: ['wp/v2'] });
    if (route === '/wp/v2/users/me') return json(200, { id: 1, name: 'Admin' });
    if (route === '/wp/v2/posts' && method === 'GET') return json(200, []);
    if (route === '/wp/v2/media' && method === 'GET') {
      const slugs = (url.searchParams.get('slug') ?? '').split(',');
      return json(200, media.filter((m) => slugs.includes(m.slug)).map(mediaJson));
    }
    if (route === '/wp/v2/media' && method === 'POST') {
      const slug = url.searchParams.get('slug') ?? '';
      uploads.push(slug);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const answer =
        autoStatus ??
        (await new Promise<UploadAnswer>((answer) => {
          held.push({ slug, answer });
          onHeld();
        }));
      inFlight--;
      const { status, code } = typeof answer === 'number' ? { status: answer, code: 'busy' } : answer;
      if (status !== 201) return json(status, { code, message: 'try later' });
      const item = { id: nextId++, slug };
      media.push(item);
      return json(201, mediaJson(item));
    }
    if (route === '/wp/v2/posts' && method === 'POST') {
      posts.push(JSON.parse(String(init?.body)));
      return json(201, { id: 77, status: 'publish', slug: 'vylet', link: `${SITE}/vylet/` });
    }
    return json(404, { code: 'rest_no_route', message: `${method} ${route}` });
  };
  return {
    fetch: fetchImpl,
    media,
    uploads,
    posts,
    held,
    stats: () => ({ inFlight, maxInFlight }),
    /** Resolves when `count` uploads are waiting for an answer. */
    async waitHeld(count: number): Promise<void> {
      while (held.length < count) {
        await new Promise<void>((resolve) => {
          onHeld = resolve;
        });
      }
    },
    /** From now on answers every upload at once, those waiting included. */
    answerAll(status: UploadAnswer): void {
      autoStatus = status;
      while (held.length > 0) held.shift()?.answer(status);
    },
    /** Answers the waiting uploads, oldest first. */
    answer(status: UploadAnswer, count = 1): void {
      for (let i = 0; i < count; i++) held.shift()?.answer(status);
    },
  };
}

function setup(images: number[], wp: ReturnType<typeof fakeWordPress>) {
  const { input, progress } = publishInput(images);
  const publisher = wordpressPublisher(wp.fetch);
  return { publisher, input, progress };
}

const slug = (n: number) => `pressbridge-deal-9-photo-${n}`;

/** Lets every pending promise and timer of this turn run: an upload that would start now has started. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('plugins/wordpress media uploads', () => {
  it(`uploads up to ${MEDIA_CONCURRENCY} photos at once, each once, and records every id as it exists`, async () => {
    // Arrange: a cover and four photos
    const wp = fakeWordPress();
    const { publisher, input, progress } = setup([0, 1, 2, 3, 4], wp);

    // Act: answer one upload each time the limit is reached, then the rest
    const publishing = publisher.publish(input);
    await wp.waitHeld(MEDIA_CONCURRENCY);
    expect(wp.uploads).toEqual([slug(0), slug(1), slug(2)]);
    wp.answer(201);
    await wp.waitHeld(MEDIA_CONCURRENCY);
    wp.answer(201);
    await wp.waitHeld(MEDIA_CONCURRENCY);
    wp.answer(201, MEDIA_CONCURRENCY);
    const result = await publishing;

    // Assert
    expect(result).toEqual({ url: `${SITE}/vylet/`, ref: 'wp:77', reused: false });
    expect(wp.stats()).toEqual({ inFlight: 0, maxInFlight: MEDIA_CONCURRENCY });
    expect([...wp.uploads].sort()).toEqual([0, 1, 2, 3, 4].map(slug));
    const ids = Object.fromEntries(wp.media.map((m) => [m.slug.slice(-1), m.id]));
    expect(progress.at(-2)).toEqual({ wpMedia: ids });
    expect(progress.at(-1)).toEqual({ wpPostId: 77 });
    expect(progress.map((p) => Object.keys(p.wpMedia ?? {}).length)).toEqual([1, 2, 3, 4, 5, 0]);
    expect(wp.posts).toEqual([expect.objectContaining({ featured_media: ids['0'] })]);
  });

  it('an upload WordPress refused before keeping it (the month folder race) is sent once more, the others untouched', async () => {
    // Arrange: a cover and two photos, all three running
    const wp = fakeWordPress();
    const { publisher, input } = setup([0, 1, 2], wp);
    const publishing = publisher.publish(input);
    await wp.waitHeld(MEDIA_CONCURRENCY);

    // Act: the cover's mkdir lost the race; then everything is stored
    wp.answer(FOLDER_RACE);
    await wp.waitHeld(MEDIA_CONCURRENCY);
    wp.answerAll(201);
    const result = await publishing;

    // Assert: the cover sent twice, every photo stored once, in the post
    expect(result.ref).toBe('wp:77');
    const uploadsOf = (n: number) => wp.uploads.filter((s) => s === slug(n)).length;
    expect([0, 1, 2].map(uploadsOf)).toEqual([2, 1, 1]);
    expect(wp.media.map((m) => m.slug).sort()).toEqual([0, 1, 2].map(slug));
    const ids = Object.fromEntries(wp.media.map((m) => [m.slug.slice(-1), m.id]));
    expect(wp.posts).toEqual([expect.objectContaining({ featured_media: ids['0'] })]);
  });

  it.each([
    ['the same refusal twice', [FOLDER_RACE, FOLDER_RACE], 2],
    ['another 500', [500], 1],
  ])('%s fails the attempt (retryable) and sends nothing more', async (_name, answers, sent) => {
    // Arrange
    const wp = fakeWordPress();
    const { publisher, input } = setup([0], wp);

    // Act
    const publishing = publisher.publish(input).catch((e: unknown) => e);
    for (const answer of answers) {
      await wp.waitHeld(1);
      wp.answer(answer);
    }
    const error = await publishing;

    // Assert
    expect(error).toMatchObject({ retryable: true });
    await settle();
    expect(wp.uploads).toEqual(Array.from({ length: sent }, () => slug(0)));
    expect(wp.media).toEqual([]);
    expect(wp.posts).toEqual([]);
  });

  it('after a failed upload waits for those running, and a retry reuses what they stored', async () => {
    // Arrange: a cover and three photos; the cover's upload is refused while photos 1 and 2 are running
    const wp = fakeWordPress();
    const first = setup([0, 1, 2, 3], wp);
    const publishing = first.publisher.publish(first.input).catch((e: unknown) => e);
    await wp.waitHeld(MEDIA_CONCURRENCY);
    wp.answer(503);
    wp.answerAll(201);
    const error = await publishing;
    expect(error).toMatchObject({ retryable: true });
    // Nothing was left running, and what was stored was recorded
    expect(wp.stats().inFlight).toBe(0);
    const storedFirst = Object.fromEntries(wp.media.map((m) => [m.slug.slice(-1), m.id]));
    expect(Object.keys(storedFirst).sort()).toEqual(['1', '2']);
    expect(first.progress.at(-1)).toEqual({ wpMedia: storedFirst });

    // Act: the retry
    const retry = setup([0, 1, 2, 3], wp);
    const result = await retry.publisher.publish(retry.input);

    // Assert: what the first attempt stored is reused, every photo stored once, one post
    expect(result.ref).toBe('wp:77');
    expect(retry.progress[0]).toEqual({ wpMedia: storedFirst });
    expect(wp.media.map((m) => m.slug).sort()).toEqual([0, 1, 2, 3].map(slug));
    const uploadsOf = (n: number) => wp.uploads.filter((s) => s === slug(n)).length;
    expect([0, 1, 2, 3].map(uploadsOf)).toEqual([2, 1, 1, 1]);
    expect(wp.posts).toHaveLength(1);
    expect(wp.stats().maxInFlight).toBeLessThanOrEqual(MEDIA_CONCURRENCY);
  });
});
