/**
 * Step 7, hand in (../hand-in.ts): `POST /v1/deals/{id}/article`. Past our deadline the marketplace decides
 * (src/deals/verdict.ts): a URL it still waits for is handed in late and marked so; a deal it moved on from ends
 * `closed`; one that misses even the late window ends `deadline_missed`.
 */
import { flagServices } from '../../deals/services.js';
import { errorMessage, errorSaid, type Phrase } from '../../errors.js';
import { createTranslator } from '../../i18n/index.js';
import { type HandInResult, handInArticle } from '../hand-in.js';
import { progressPatch } from '../progress.js';
import {
  type BlogRun,
  deadlineMissed,
  overdue,
  type PipelineResult,
  type Published,
} from '../run-context.js';
import { need } from './need.js';

const english = createTranslator('en').say;

export async function handInStep(run: BlogRun): Promise<PipelineResult> {
  const post = need(run.published, 'the published article');
  if (run.nowMs() >= run.deadlineMs) {
    return await lateHandIn(run, post, {
      key: 'deal.error.deadline_passed',
      params: { deadline: run.deadlineText },
    });
  }
  await run.job.store.update(run.job.dealId, { state: 'handing_in' });
  const handed = await handInOnce(run, post);
  return await finishHandedIn(run, post, handed, run.late || run.nowMs() >= run.statedMs);
}

/** Past the deadline: `why` it is late says the deal's error when the deadline is missed after all. */
export async function lateHandIn(run: BlogRun, post: Published, why: Phrase): Promise<PipelineResult> {
  const { store, dealId, log, signal } = run.job;
  const byHand: Phrase = { key: 'deal.error.by_hand', params: { url: post.url } };
  const missed: Phrase = { key: 'deal.error.missed', params: { why, byHand } };
  const verdict = await overdue(run, english(why), missed, post.url);
  if (verdict.kind === 'handed_in') {
    const confirmed = {
      articleUrl: verdict.articleUrl,
      dealState: verdict.state,
      via: 'deal_detail' as const,
    };
    return await finishHandedIn(run, post, { ...confirmed, tries: 0 }, true);
  }
  if (!run.settings.handIn.afterDeadline) throw deadlineMissed(missed);
  log.warn(
    { why: english(why), url: post.url, deadline: run.deadlineText },
    'the marketplace still waits: handing the URL in late',
    { why },
  );
  await store.update(dealId, { state: 'handing_in' });
  try {
    const handed = await handInOnce(run, post);
    return await finishHandedIn(run, post, handed, true);
  } catch (error) {
    // A refusal with a fix-it message (foreign domain, URL used, key rejected) says more than "late"; a
    // failure within the late window is retried like any other.
    if (signal.aborted || (error as { retryable?: unknown }).retryable === false) throw error;
    if (run.nowMs() < run.deadlineMs) throw error;
    throw deadlineMissed(
      { key: 'deal.error.late_failed', params: { why, error: errorSaid(error), byHand } },
      error,
    );
  }
}

/** The hand-in as a recorded step; a 409 `spatny_stav` asks the marketplace whether it moved on. */
async function handInOnce(run: BlogRun, post: Published): Promise<HandInResult> {
  const { client, dealId, signal, log, payload } = run.job;
  return await run.verdicts.unlessClosed(
    () =>
      run.step(
        'handIn',
        () =>
          handInArticle({
            client,
            dealId,
            url: post.url,
            signal,
            clock: run.clock,
            deadlineMs: run.deadlineMs,
            settings: run.settings.handIn,
            log,
            blog: {
              id: run.blog.id,
              name: run.blog.name ?? payload.event.blog.name,
              target: run.publisher.target,
            },
            once: false,
          }),
        handInOutcome,
      ),
    post.url,
  );
}

function handInOutcome(result: HandInResult): string {
  return result.via === 'deal_detail' ? 'already_handed_in' : 'ok';
}

async function finishHandedIn(
  run: BlogRun,
  post: Published,
  handed: HandInResult,
  late: boolean,
): Promise<PipelineResult> {
  const { store, dealId, log, payload } = run.job;
  await store.update(dealId, {
    state: 'handed_in',
    error: null,
    errorCode: null,
    supportCode: null,
    data: progressPatch({
      handedInAt: run.clock.now().toISOString(),
      handIn: {
        articleUrl: handed.articleUrl,
        dealState: handed.dealState,
        via: handed.via,
        tries: handed.tries,
        late,
      },
    }),
  });
  await store
    .deleteFiles(dealId)
    .catch((error: unknown) => log.warn({ err: errorMessage(error) }, 'working files not deleted'));
  const fields = { url: post.url, dealState: handed.dealState };
  if (late) log.warn({ ...fields, deadline: run.deadlineText }, 'URL handed in after the deadline');
  else log.info(fields, 'URL handed in');
  await flagServices({ store, dealId, log, event: payload.event });
  return {
    outcome: 'handed_in',
    url: post.url,
    ...(post.ref ? { ref: post.ref } : {}),
    ...(late ? { late } : {}),
  };
}
