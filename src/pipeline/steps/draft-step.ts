/** For `published_by: bloger` on a blog with `bloggerPublished: draft`: a draft holding the brief (../draft.ts). */
import { createBriefDraft } from '../draft.js';
import { progressPatch } from '../progress.js';
import type { BlogRun, PipelineResult } from '../run-context.js';

export async function draftStep(run: BlogRun): Promise<PipelineResult> {
  const { store, dealId, log, signal, client, payload } = run.job;
  await store.update(dealId, { state: 'publishing' });
  const draft = await run.step(
    'draft',
    () =>
      createBriefDraft({
        client,
        publisher: run.publisher,
        event: payload.event,
        deal: run.deal,
        fetchDetail: run.settings.draftDetail,
        previous: run.pub.previous,
        progress: run.pub.progress,
        log: run.publishLog,
        signal,
      }),
    (r) => (r.reused ? 'reused' : 'ok'),
  );
  await run.pub.settled();
  await store.update(dealId, {
    state: 'skipped',
    title: draft.title,
    postRef: draft.ref,
    error: null,
    errorCode: null,
    supportCode: null,
    data: progressPatch({
      skipReason: 'published_by_bloger',
      draft: {
        ref: draft.ref,
        reused: draft.reused,
        withKeywordUrls: draft.detail,
        ...(draft.editUrl !== undefined ? { editUrl: draft.editUrl } : {}),
      },
    }),
  });
  log.info(
    { ref: draft.ref, editUrl: draft.editUrl, target: run.publisher.target },
    'the blogger publishes this article by hand: a draft with the brief was created',
  );
  return { outcome: 'draft', ref: draft.ref, reason: 'published_by_bloger' };
}
