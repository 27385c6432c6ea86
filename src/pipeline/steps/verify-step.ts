/**
 * Step 6, verify (../verify.ts): the public URL answers 200. Also on a resumed run: it costs no marketplace
 * request, and the post may have changed. A URL still not live at the deadline goes to the late hand-in.
 */
import { fieldsSaid } from '../../deals/logger.js';
import type { Said } from '../../errors.js';
import { progressPatch } from '../progress.js';
import type { BlogRun, PipelineResult } from '../run-context.js';
import { verifyPublicUrl } from '../verify.js';
import { lateHandIn } from './hand-in-step.js';
import { need } from './need.js';

export async function verifyStep(run: BlogRun): Promise<PipelineResult | undefined> {
  const { store, dealId, log, signal } = run.job;
  const published = need(run.published, 'the published article');
  await store.update(dealId, { state: 'verifying' });
  const url = published.url;
  let lastLogged = -1;
  const result = await run.step(
    'verify',
    () =>
      verifyPublicUrl({
        url,
        // Our own reading only: in the late window the marketplace's reachability check (clanek_nedostupny,
        // retried) judges, and waiting for our GET there would hold the deal for the whole window.
        deadlineMs: run.statedMs,
        settings: run.settings.verify,
        clock: run.clock,
        fetch: run.fetch,
        signal,
        onMiss: (miss) => {
          // The first miss and every change of answer; not every try of a long wait.
          if (miss.status === lastLogged) return;
          lastLogged = miss.status;
          log.info(
            { url, status: miss.status, error: miss.error, tries: miss.tries, retryInMs: miss.nextInMs },
            'the article does not answer 200 yet',
            fieldsSaid({ error: miss.errorSaid }),
          );
        },
      }),
    (r) => (r.ok ? 'ok' : 'deadline'),
  );
  if (!result.ok) {
    const last: Said = result.status
      ? `HTTP ${result.status}`
      : (result.errorSaid ?? result.error ?? { key: 'net.no_answer' });
    const params = { url, deadline: run.deadlineText, tries: String(result.tries), last };
    return await lateHandIn(run, published, { key: 'deal.error.not_live', params });
  }
  await store.update(dealId, { data: progressPatch({ verifiedAt: run.clock.now().toISOString() }) });
  log.info(
    { url, tries: result.tries, ...(result.finalUrl !== url ? { finalUrl: result.finalUrl } : {}) },
    'the article is live',
  );
  return undefined;
}
