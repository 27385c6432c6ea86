/** The publish input and the plugin both WordPress publisher test files build: a short article with photos. */
import wordpress from '../../../../plugins/wordpress/index.js';
import { systemClock } from '../../../../src/clock.js';
import { createSilentLogger } from '../../../../src/logger.js';
import type { PublisherProgress, PublishInput, PublishLog } from '../../../../src/publisher/types.js';
import { buildPublishInput, publishDeal, publishImage } from '../../../helpers/publish-inputs.js';

export const SITE = 'https://blog.example.cz';
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

const QUIET: PublishLog = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Deal 9, "Výlet", a paragraph and an image block per photo `n > 0`; every reported progress is kept. */
export function publishInput(
  images: readonly number[],
  log: PublishLog = QUIET,
): { input: PublishInput; progress: PublisherProgress[] } {
  return buildPublishInput({
    deal: publishDeal({ dealId: 9, deadline: new Date() }),
    article: {
      title: 'Výlet',
      blocks: [
        { type: 'paragraph', html: 'Text' },
        ...images.filter((n) => n > 0).map((n) => ({ type: 'image' as const, n })),
      ],
      cover: images.includes(0) ? 0 : undefined,
      notes: [],
    },
    slug: 'vylet',
    images: images.map((n) =>
      publishImage(n, 'vylet', { bytes: JPEG, alt: `alt ${n}`, width: 1200, height: 800 }),
    ),
    log,
  });
}

/** The WordPress plugin for `SITE` with an Application Password; `fetch` replaces the network when given. */
export function wordpressPublisher(fetch?: typeof globalThis.fetch) {
  return wordpress.create(
    wordpress.optionsSchema.parse({
      url: SITE,
      username: 'admin',
      applicationPassword: 'abcd efgh ijkl mnop qrst uvwx',
    }),
    {
      blogId: 1,
      log: createSilentLogger(),
      dataDir: '/tmp',
      clock: systemClock,
      ...(fetch === undefined ? {} : { fetch }),
    },
  );
}
