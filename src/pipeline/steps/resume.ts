/** Before the steps: a deal an earlier run finished ends at once; one not yet published checks the deadline. */

import type { ResumePoint } from '../resume-point.js';
import { overdue, type PipelineResult, type RunContext } from '../run-context.js';

/** The result of a deal an earlier run finished (handed in, or a draft made), with its state set back. */
export async function finishedEarlier(
  run: RunContext,
  point: ResumePoint,
): Promise<PipelineResult | undefined> {
  const { store, dealId, log } = run.job;
  const cleared = { error: null, errorCode: null, supportCode: null };
  if (point.kind === 'handed_in') {
    await store.update(dealId, { state: 'handed_in', ...cleared });
    log.info(
      { url: point.url, handedInAt: point.handedInAt },
      'the URL was handed in already; nothing to do',
    );
    return { outcome: 'handed_in', url: point.url, ...(point.ref ? { ref: point.ref } : {}) };
  }
  if (point.kind === 'draft') {
    await store.update(dealId, { state: 'skipped', ...cleared });
    log.info({ ref: point.ref }, 'the draft with the brief exists already; nothing to do');
    return { outcome: 'draft', ref: point.ref, reason: 'published_by_bloger' };
  }
  if (point.kind === 'refused') {
    await store.update(dealId, { state: 'refused', ...cleared });
    return { outcome: 'refused' };
  }
  return undefined;
}

/** Nothing is published past our deadline unless the marketplace says it still waits (then marked late). */
export async function deadlineGate(run: RunContext): Promise<void> {
  if (run.nowMs() < run.deadlineMs) return;
  await overdue(run, 'the deadline passed before the article was published', {
    key: 'deal.error.not_published',
    params: { deadline: run.deadlineText },
  });
}
