/** Step 3, photos (../photos.ts): fetched at once, each normalised; one the marketplace cannot deliver is dropped. */
import { fieldsSaid } from '../../deals/logger.js';
import { loadPhotos } from '../photos.js';
import type { BlogRun } from '../run-context.js';
import { need } from './need.js';

export async function photosStep(run: BlogRun): Promise<undefined> {
  const { store, dealId, log, signal, client } = run.job;
  const text = need(run.text, 'the text');
  const photoStep = await run.step(
    'photos',
    () =>
      loadPhotos({
        client,
        store,
        dealId,
        signal,
        photos: text.photos,
        files: need(run.files, 'the working files'),
        image: run.settings.images,
        ttlSeconds: run.settings.filesTtlSeconds,
      }),
    (r) => (r.fetched === 0 && r.fromCache > 0 ? 'cached' : r.dropped.length > 0 ? 'partial' : 'ok'),
  );
  for (const dropped of photoStep.dropped) {
    log.warn(
      { n: dropped.n, code: dropped.code, reason: dropped.message },
      'a photo from the marketplace cannot be used; the article is published without it',
      fieldsSaid({ reason: dropped.said }),
    );
  }
  log.info(
    {
      photos: photoStep.photos.map((p) => ({
        n: p.n,
        width: p.width,
        height: p.height,
        bytes: p.bytes.length,
      })),
      fetched: photoStep.fetched,
      fromEarlierAttempt: photoStep.fromCache,
    },
    'photos ready',
  );
  run.photos = photoStep;
  return undefined;
}
