/**
 * The publishing pipeline as a `DealProcessor` for the deal worker. This file only sequences the steps
 * (./steps/, one file each, over the run context of ./run-context.ts):
 *
 *   decide → text → photos → render → look → publish → verify → hand in
 *
 * Every step records its outcome and duration in the deal record (`steps`) and says what happened in the deal
 * log; the record's fields (./progress.ts) say how far the deal got, and ./resume-point.ts where a retry starts.
 * Adding a step: one file in ./steps/ (`<name>-step.ts`, beside the work it calls in ./<name>.ts) and its line
 * in PRODUCE or DELIVER below.
 *
 * API budget on the happy path: 1 text request + 1 per photo + 1 hand-in; `GET /v1/deals/{id}` only after a
 * 409 `clanek_odevzdan`, for a draft's keyword URLs, and once when the deadline passed or the state changed.
 *
 * Deadline (the deal's `publish_deadline` plus `deadlineGraceMs`; see `effectiveDeadline` for runs an operator
 * asked for): our reading of it never ends a deal by itself. When it passes, the marketplace decides
 * (src/deals/verdict.ts, one `GET /v1/deals/{id}` per deal at most): still `akceptovano` without a URL → publish
 * and hand in, marked late, within a fresh 60 minutes from that answer; moved on (cancelled, handed in by hand)
 * → the deal ends `closed` with the marketplace's state as the reason, and nothing (more) is published. The
 * same question is asked when the marketplace refuses the text, a photo or the hand-in with 409 `spatny_stav`.
 * A deal that misses even the late window ends `deadline_missed` (DeadlineMissedError), never silently.
 */

import { systemClock } from '../clock.js';
import { RenderSettings } from '../render/limits.js';
import type { PipelineOptions } from './options.js';
import type { DealJobContext, DealProcessor } from './port.js';
import { resumePoint } from './resume-point.js';
import { type BlogRun, createRunContext, type PipelineResult, type RunEnv } from './run-context.js';
import { PipelineSettings } from './settings.js';
import { decideStep } from './steps/decide-step.js';
import { handInStep } from './steps/hand-in-step.js';
import { lookStep } from './steps/look-step.js';
import { photosStep } from './steps/photos-step.js';
import { publishStep } from './steps/publish-step.js';
import { renderStep } from './steps/render-step.js';
import { deadlineGate, finishedEarlier } from './steps/resume.js';
import { textStep } from './steps/text-step.js';
import { verifyStep } from './steps/verify-step.js';

/** A step after `decide`: a result ends the run (skipped, draft, handed in); undefined goes on. */
type Step = (run: BlogRun) => Promise<PipelineResult | undefined>;

/** Text to a published article: skipped when an earlier attempt published. */
const PRODUCE: readonly Step[] = [textStep, photosStep, renderStep, lookStep, publishStep];
/** Also on a resumed run: verifying costs no marketplace request, and the post may have changed. */
const DELIVER: readonly Step[] = [verifyStep, handInStep];

export function createPipelineProcessor(options: PipelineOptions): DealProcessor {
  const env: RunEnv = {
    settings: PipelineSettings.parse(options.settings ?? {}),
    renderSettings: RenderSettings.parse(options.render ?? {}),
    renderPool: options.renderPool,
    clock: options.clock ?? systemClock,
    // Looked up per call, so a fetch patched after start-up (test interceptors) is honoured.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    resolveBlog: options.resolveBlog,
  };

  return async (job: DealJobContext): Promise<PipelineResult> => {
    const record = await job.store.get(job.dealId);
    const point = resumePoint(record);
    const ctx = createRunContext(env, job, record);
    const earlier = await finishedEarlier(ctx, point);
    if (earlier) return earlier;

    const decided = await decideStep(ctx);
    if ('done' in decided) return decided.done;
    const run = decided.run;

    if (point.kind === 'published') {
      run.published = { url: point.url, ref: point.ref };
      job.log.info(
        { url: point.url, attempt: job.attempt },
        'resuming: the article is published already; verifying and handing in its URL',
      );
    } else {
      await deadlineGate(run);
      const ended = await run.verdicts.unlessClosed(() => runSteps(PRODUCE, run));
      if (ended) return ended;
    }
    const result = await runSteps(DELIVER, run);
    if (!result) throw new Error('pipeline: the hand-in step ended without a result');
    return result;
  };
}

async function runSteps(steps: readonly Step[], run: BlogRun): Promise<PipelineResult | undefined> {
  for (const step of steps) {
    const result = await step(run);
    if (result) return result;
  }
  return undefined;
}
