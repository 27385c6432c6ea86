/**
 * Step 1, decide (./decide.ts holds the table): skip, draft, or publish. Runs once, on the flags of
 * `deal.accepted`; the text step asks again only when the text's own flags differ from them.
 */
import { acceptedAtOf } from '../../deals/lifecycle.js';
import { AppError, type Phrase } from '../../errors.js';
import { createTranslator } from '../../i18n/index.js';
import type { PublishedBy } from '../../marketplace/schema.js';
import { type Decision, decide } from '../decide.js';
import { splitKeywords } from '../keywords.js';
import type { ResolvedBlog } from '../options.js';
import { progressPatch } from '../progress.js';
import {
  type BlogRun,
  type PipelineResult,
  publisherProgress,
  type RunContext,
  toPublishLog,
} from '../run-context.js';
import { draftStep } from './draft-step.js';

export interface DealFlags {
  instantPublish: boolean;
  publishedBy: PublishedBy;
}

/** A finished run (skipped, or a draft made), or the run that publishes. */
export type DecideOutcome = { done: PipelineResult } | { run: BlogRun };

export async function decideStep(run: RunContext): Promise<DecideOutcome> {
  const { payload } = run.job;
  const event = payload.event;
  const flags = { instantPublish: event.instant_publish, publishedBy: event.published_by };
  let resolved: ResolvedBlog | undefined;
  const decision = await run.step(
    'decide',
    async () => {
      resolved = run.resolveBlog(payload.blogId);
      return decide(decisionInput(run, flags), resolved?.blog);
    },
    decisionOutcome,
  );
  if (decision.kind === 'skip') return { done: await finishSkipped(run, decision) };
  if (decision.kind === 'unknown_blog' || !resolved) {
    const said: Phrase =
      decision.kind === 'unknown_blog'
        ? decision.said
        : { key: 'deal.error.blog_not_configured', params: { blog: String(payload.blogId) } };
    throw new AppError('blog_not_configured', createTranslator('en').say(said), { phrase: said });
  }
  const blogRun: BlogRun = Object.assign(run, {
    blog: resolved.blog,
    publisher: resolved.publisher,
    publishLog: toPublishLog(run.job.log),
    pub: publisherProgress(run),
    deal: {
      dealId: run.job.dealId,
      blogId: payload.blogId,
      categoryId: event.category_id,
      deadline: run.job.deadline,
      acceptedAt: acceptedAtOf(run.job.deadline),
      keywords: splitKeywords(event.demand?.keywords),
    },
  });
  if (decision.kind === 'draft') return { done: await draftStep(blogRun) };
  return { run: blogRun };
}

/**
 * The text's flags are the marketplace's latest word; the webhook payload may predate a change. Undefined when
 * they match the flags `decide` ran on (the decision stands), else the run's end when they change it.
 */
export async function redecide(run: BlogRun, flags: DealFlags): Promise<PipelineResult | undefined> {
  const event = run.job.payload.event;
  if (flags.instantPublish === event.instant_publish && flags.publishedBy === event.published_by)
    return undefined;
  const decision = decide(decisionInput(run, flags), run.blog);
  if (decision.kind === 'skip') return await finishSkipped(run, decision);
  if (decision.kind === 'draft') return await draftStep(run);
  return undefined;
}

function decisionInput(run: RunContext, flags: DealFlags) {
  const { payload, dealId } = run.job;
  return { dealId, blogId: payload.blogId, blogName: payload.event.blog.name, ...flags };
}

function decisionOutcome(decision: Decision): string {
  return decision.kind === 'skip' ? `skip:${decision.reason}` : decision.kind;
}

async function finishSkipped(
  run: RunContext,
  skip: Extract<Decision, { kind: 'skip' }>,
): Promise<PipelineResult> {
  await run.job.store.update(run.job.dealId, {
    state: 'skipped',
    error: null,
    errorCode: null,
    supportCode: null,
    data: progressPatch({ skipReason: skip.reason }),
  });
  run.job.log.info({ reason: skip.reason }, skip.message);
  return { outcome: 'skipped', reason: skip.reason };
}
