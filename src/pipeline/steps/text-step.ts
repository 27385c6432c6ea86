/** Step 2, text (../text.ts): the deal's text, from the working files when an earlier attempt fetched it. */
import { readDealFiles } from '../files.js';
import { progressPatch } from '../progress.js';
import type { BlogRun, PipelineResult } from '../run-context.js';
import { loadText } from '../text.js';
import { redecide } from './decide-step.js';

export async function textStep(run: BlogRun): Promise<PipelineResult | undefined> {
  const { store, dealId, log, signal, client, payload } = run.job;
  await store.update(dealId, { state: 'fetching' });
  const files = await readDealFiles(store, dealId);
  run.files = files;
  const ttlSeconds = run.settings.filesTtlSeconds;
  const { text, fromCache } = await run.step(
    'text',
    () => loadText({ client, store, dealId, signal, files, ttlSeconds }),
    (r) => (r.fromCache ? 'cached' : 'ok'),
  );
  log.info(
    { bytes: Buffer.byteLength(text.text), photos: text.photos.map((p) => p.n) },
    fromCache ? 'deal text taken from the earlier attempt' : 'deal text fetched',
  );
  run.text = text;
  run.deal.categoryId = text.category_id ?? payload.event.category_id;
  await store.update(dealId, {
    data: progressPatch({
      deal: {
        publishedBy: text.published_by,
        instantPublish: text.instant_publish,
        categoryId: run.deal.categoryId,
      },
    }),
  });
  return await redecide(run, { instantPublish: text.instant_publish, publishedBy: text.published_by });
}
