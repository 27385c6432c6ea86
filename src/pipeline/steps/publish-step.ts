/** Step 5, publish: the blog's publisher plugin, resuming from its own progress (`data.publisher`). */
import type { PublishInput } from '../../publisher/types.js';
import { progressPatch } from '../progress.js';
import type { BlogRun } from '../run-context.js';
import { need } from './need.js';

/** The rendered article as the plugin takes it: `publish`, and `holdDraft` for the last look (./look-step.ts). */
export function publishInput(run: BlogRun): PublishInput {
  const rendered = need(run.rendered, 'the rendered article');
  return {
    deal: run.deal,
    article: rendered.article,
    slug: rendered.slug,
    images: rendered.images,
    previous: run.pub.previous,
    progress: run.pub.progress,
    log: run.publishLog,
    signal: run.job.signal,
  };
}

export async function publishStep(run: BlogRun): Promise<undefined> {
  const { store, dealId, log } = run.job;
  const input = publishInput(run);
  const result = await run.step(
    'publish',
    () => run.publisher.publish(input),
    (r) => (r.reused ? 'reused' : 'ok'),
  );
  await run.pub.settled();
  await store.update(dealId, {
    state: 'published',
    url: result.url,
    postRef: result.ref,
    data: progressPatch({ publishedAt: run.clock.now().toISOString(), publishReused: result.reused }),
  });
  log.info(
    { url: result.url, ref: result.ref, reused: result.reused, target: run.publisher.target },
    result.reused ? 'the article was published by an earlier attempt; reusing it' : 'article published',
  );
  run.published = { url: result.url, ref: result.ref };
  return undefined;
}
