/**
 * WordPress makes the month's upload folder without a lock, and an upload whose `mkdir` loses that race is
 * refused (500 rest_upload_sideload_error, nothing kept); plugins/wordpress/media.ts sends it once more. Here the
 * race happens on every run: a throwaway site (its uploads folder does not exist yet) loads
 * test/fixtures/wordpress/upload-folder-race.php, which holds the first upload until a second one finds the
 * folder missing too, and gives that one WordPress's own refusal. The deal's photos still end up in the media
 * library and in the post exactly once, each its own file.
 */
import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import wordpress from '../../plugins/wordpress/index.js';
import { mediaSlug } from '../../plugins/wordpress/marker.js';
import { systemClock } from '../../src/clock.js';
import { createSilentLogger } from '../../src/logger.js';
import { buildPublishInput, parsedArticle, publishDeal, solidPhotos } from '../helpers/publish-inputs.js';
import {
  listMedia,
  parseBlocks,
  startWordPress,
  type WordPressSite,
  type WpPost,
  wpGet,
} from '../helpers/wordpress.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/wordpress/upload-folder-race.php', import.meta.url));
const PHOTOS = [0, 1, 2, 3];

let site: WordPressSite;
let raceDir: string;

beforeAll(async () => {
  site = await startWordPress({ muPlugins: [FIXTURE] });
  raceDir = `${tmpdir()}/pressbridge-upload-race-${site.name}`;
});

afterAll(async () => {
  await site?.stop();
  if (raceDir) rmSync(raceDir, { recursive: true, force: true });
});

it('uploads racing to make the month folder: every photo once in the media library and in the post', async () => {
  // Arrange: a cover and three photos for a site whose uploads folder does not exist yet
  const slug = 'zavod-o-slozku';
  const publisher = wordpress.create(
    wordpress.optionsSchema.parse({
      url: site.url,
      username: site.username,
      applicationPassword: site.applicationPassword,
      categories: 'identity',
    }),
    { blogId: 1, log: createSilentLogger(), dataDir: '/tmp', clock: systemClock },
  );
  const { input, entries } = buildPublishInput({
    deal: publishDeal({ dealId: 4242 }),
    article: parsedArticle('<h1>Závod o složku</h1><p>[foto1]</p><p>[foto2]</p><p>[foto3]</p>', PHOTOS),
    slug,
    images: await solidPhotos(slug, { numbers: PHOTOS, alt: (n) => `Závod o složku ${n}` }),
  });

  // Act
  const result = await publisher.publish(input);

  // Assert: the race happened (an upload was refused while the folder was being made), and each refused upload
  // was sent once more
  const lost = readdirSync(raceDir).filter((f) => f.startsWith('lost-')).length;
  expect(lost).toBeGreaterThan(0);
  expect(entries.filter((e) => e.msg.includes('sending it once more'))).toHaveLength(lost);
  // every photo once in the library, each its own file with its own bytes
  const media = await listMedia(site);
  const bySlug = new Map(media.map((m) => [m.slug, m]));
  expect(media.map((m) => m.slug).sort()).toEqual(PHOTOS.map((n) => mediaSlug(4242, n)).sort());
  const files = await Promise.all(
    media.map(async (m) => {
      const res = await fetch(m.source_url);
      expect(res.status).toBe(200);
      return createHash('sha256')
        .update(Buffer.from(await res.arrayBuffer()))
        .digest('hex');
    }),
  );
  expect(new Set(media.map((m) => m.media_details.file)).size).toBe(PHOTOS.length);
  expect(new Set(files).size).toBe(PHOTOS.length);
  // and in the post: the cover as its featured image, photos 1–3 in order
  const post = await wpGet<WpPost>(site, `/wp/v2/posts/${result.ref.replace('wp:', '')}?context=edit`);
  const id = (n: number) => bySlug.get(mediaSlug(4242, n))?.id;
  expect(post.featured_media).toBe(id(0));
  const images = parseBlocks(post.content.raw ?? '').filter((b) => b.blockName === 'core/image');
  expect(images.map((b) => Number(b.attrs.id))).toEqual([1, 2, 3].map(id));
});
