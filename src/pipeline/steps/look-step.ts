/**
 * Step 4b, the last look (docs/decisions/0025-the-last-look.md): the blogger's rules on the real text, links and
 * photos of the accepted deal, before anything goes live. Runs after render, so a held deal's draft is the
 * article itself.
 *
 * | the record | the step |
 * |---|---|
 * | no rules on the blog | nothing (no request, no write) |
 * | not held; the verdict fits | goes on to publish |
 * | not held; the verdict asks or refuses | the article as a draft (`holdDraft`, else `createDraft`), state `held`, the job waits until the links expire |
 * | held, a decision: approve | goes on to publish, which makes the held draft the live post; verify, hand in |
 * | held, a decision: refuse | the draft put away (`discardDraft`, once), the advertiser told why (once), state `refused`, nothing handed in |
 * | held, no decision, the links expired | `rules.onNoAnswer`: hold (state stays `held`, the job ends), publish, refuse |
 * | held, no decision, before the expiry (woken early) | waits again |
 */
import { randomBytes } from 'node:crypto';
import { type HeldData, type LookDecision, MAX_LOOK_MESSAGE_CHARS, readDealData } from '../../deals/data.js';
import { DEAL_LOG } from '../../deals/log-messages.js';
import { claimDecision, lookExpiryMs, noAnswerDecision } from '../../deals/look.js';
import { errorMessage, PublishError, WaitUntilError } from '../../errors.js';
import { createTranslator } from '../../i18n/index.js';
import type { DiscardDraftResult } from '../../publisher/types.js';
import { blocksToPlainHtml } from '../../render/plain.js';
import { subjectOfDeal } from '../../rules/from-deal.js';
import { rulesVerdict } from '../../rules/verdict.js';
import type { BlogRun, PipelineResult } from '../run-context.js';
import { need } from './need.js';
import { publishInput } from './publish-step.js';

/** The job's wait while a deal is held: the runner keeps the state `held` and wakes the job at `until`. */
export const HELD_WAIT = 'deal_held';

export async function lookStep(run: BlogRun): Promise<PipelineResult | undefined> {
  const { store, dealId, log } = run.job;
  const record = await store.get(dealId);
  const { held, lookDecision } = readDealData(record?.data);
  if (held) {
    if (lookDecision && lookDecision.nonce === held.nonce) return await carryOut(run, held, lookDecision);
    if (run.nowMs() < Date.parse(held.expiresAt)) throw heldWait(held);
    return await noAnswer(run, held);
  }
  const rules = run.blog.rules;
  if (rules === undefined) return undefined;

  // The keyword URLs, link mode and express delivery are only in the deal detail: one request, rules only.
  const detail = await run.job.client
    .getDeal(dealId, { signal: run.job.signal, priority: 'high' })
    .catch((error: unknown) => {
      if (run.job.signal.aborted) throw error;
      log.warn({ err: errorMessage(error) }, DEAL_LOG.look_no_detail);
      return undefined;
    });
  const subject = subjectOfDeal({ accepted: run.job.payload.event, detail, text: run.text });
  const verdict = rulesVerdict(rules, subject);
  if (verdict.outcome === 'fits') {
    log.info({}, DEAL_LOG.look_fits);
    return undefined;
  }
  throw heldWait(await hold(run, verdict.outcome, [...verdict.reasons]));
}

async function hold(
  run: BlogRun,
  outcome: HeldData['outcome'],
  reasons: HeldData['reasons'],
): Promise<HeldData> {
  const { store, dealId, log, signal } = run.job;
  const rendered = need(run.rendered, 'the rendered article');
  const { publisher } = run;
  const draft = await run.step(
    'look',
    () =>
      // The post itself, unpublished, where the plugin can (publish raises it later: one post); else a draft.
      publisher.holdDraft
        ? publisher.holdDraft(publishInput(run))
        : publisher.createDraft({
            deal: run.deal,
            title: rendered.article.title,
            briefHtml: blocksToPlainHtml(rendered.article.blocks, new Map()),
            brief: rendered.article.blocks,
            slug: rendered.slug,
            previous: run.pub.previous,
            progress: run.pub.progress,
            log: run.publishLog,
            signal,
          }),
    () => `held:${outcome}`,
  );
  await run.pub.settled();
  const nowMs = run.nowMs();
  const held: HeldData = {
    at: new Date(nowMs).toISOString(),
    outcome,
    reasons: [...reasons],
    expiresAt: new Date(
      lookExpiryMs(run.job.deadline.getTime(), nowMs, run.settings.look.publishNeedsMs),
    ).toISOString(),
    nonce: randomBytes(12).toString('base64url'),
    draftRef: draft.ref,
    onNoAnswer: run.blog.rules?.onNoAnswer ?? 'hold',
    ...(draft.editUrl !== undefined ? { editUrl: draft.editUrl } : {}),
  };
  await store.update(dealId, { state: 'held', title: rendered.article.title, data: { held } });
  log.warn(
    { outcome, reasons: reasons.map((r) => r.rule), draft: draft.ref, expiresAt: held.expiresAt },
    DEAL_LOG.look_held,
  );
  return held;
}

function heldWait(held: HeldData): WaitUntilError {
  return new WaitUntilError(HELD_WAIT, `held for the blogger's look until ${held.expiresAt}`, {
    until: new Date(held.expiresAt),
  });
}

async function noAnswer(run: BlogRun, held: HeldData): Promise<PipelineResult | undefined> {
  const { store, dealId, log } = run.job;
  const onNoAnswer = run.blog.rules?.onNoAnswer ?? 'hold';
  const decision = noAnswerDecision(onNoAnswer);
  if (decision === undefined) {
    await store.update(dealId, {
      state: 'held',
      data: { lookLapsed: { at: run.clock.now().toISOString() } },
    });
    log.warn({ expiresAt: held.expiresAt }, DEAL_LOG.look_no_answer_hold);
    return { outcome: 'held', reason: 'no_answer' };
  }
  const mine: LookDecision = {
    decision,
    by: 'no_answer',
    at: run.clock.now().toISOString(),
    nonce: held.nonce,
  };
  const claim = await claimDecision(store, dealId, mine);
  // A tap that landed just now wins over the default.
  const taken = claim.kind === 'not_held' ? mine : claim.decision;
  if (taken.by === 'no_answer') {
    log.warn(
      { onNoAnswer },
      decision === 'approve' ? DEAL_LOG.look_no_answer_publish : DEAL_LOG.look_no_answer_refuse,
    );
  }
  return await carryOut(run, held, taken);
}

async function carryOut(
  run: BlogRun,
  held: HeldData,
  decision: LookDecision,
): Promise<PipelineResult | undefined> {
  const { store, dealId, log, client, signal } = run.job;
  if (decision.decision === 'approve') {
    if (decision.by !== 'no_answer') log.info({ by: decision.by, at: decision.at }, DEAL_LOG.look_approved);
    return undefined;
  }
  if (decision.by !== 'no_answer') log.info({ by: decision.by, at: decision.at }, DEAL_LOG.look_refused);
  const data = readDealData((await store.get(dealId))?.data);
  // Before the message: a record that says the message went (resume-point.ts) says the draft was seen to.
  if (!data.lookDraft) await discardDraft(run, held);
  if (!data.lookMessage) {
    // The client's idempotency key is per deal, so a retry after a lost answer sends nothing twice.
    const text = advertiserMessage(held);
    await client.postDealMessage(dealId, text, { signal, priority: 'high' });
    const at = run.clock.now().toISOString();
    await store.update(dealId, {
      data: { lookMessage: { at, text: text.slice(0, MAX_LOOK_MESSAGE_CHARS) } },
    });
    log.info({}, DEAL_LOG.look_message_sent);
  }
  await store.update(dealId, { state: 'refused', error: null, errorCode: null, supportCode: null });
  return { outcome: 'refused', ref: held.draftRef, reason: decision.by };
}

/** The refused deal's held draft put away (the plugin's `discardDraft`), or kept when it has none; once. */
async function discardDraft(run: BlogRun, held: HeldData): Promise<void> {
  const { store, dealId, log, signal } = run.job;
  const discard = run.publisher.discardDraft?.bind(run.publisher);
  const result = discard
    ? await run.step(
        'look',
        () =>
          discard({
            deal: run.deal,
            ref: held.draftRef,
            slug: run.rendered?.slug ?? '',
            previous: run.pub.previous,
            progress: run.pub.progress,
            log: run.publishLog,
            signal,
          }).catch((error: unknown): DiscardDraftResult => {
            // A refusal a retry cannot fix (no right to delete posts, …) must not keep the advertiser untold.
            if (error instanceof PublishError && !error.retryable) {
              return { outcome: 'kept', detail: error.message };
            }
            throw error;
          }),
        (r) => `draft:${r.outcome}`,
      )
    : { outcome: 'kept' as const };
  await run.pub.settled();
  const fields = { draft: held.draftRef, ...(result.detail !== undefined ? { detail: result.detail } : {}) };
  if (result.outcome === 'trashed') log.info(fields, DEAL_LOG.look_draft_trashed);
  if (result.outcome === 'deleted') log.info(fields, DEAL_LOG.look_draft_deleted);
  if (result.outcome === 'kept') log.warn(fields, DEAL_LOG.look_draft_kept);
  await store.update(dealId, {
    data: { lookDraft: { at: run.clock.now().toISOString(), outcome: result.outcome } },
  });
}

const czech = createTranslator('cs');
const REASON_KEY = 'verdict.reason.';

/**
 * The refusal for the advertiser, in Czech (the marketplace is Czech): each verdict reason in the advertiser's
 * voice (`look.advertiser.reason.*`, the verdict's params as data), neutral terms, each said once.
 */
export function advertiserMessage(held: Pick<HeldData, 'reasons'>): string {
  const said = held.reasons.map((r) => {
    const kind = r.said.key.startsWith(REASON_KEY) ? r.said.key.slice(REASON_KEY.length) : 'other';
    const key = `look.advertiser.reason.${kind}`;
    const other = czech.t('look.advertiser.reason.other');
    return czech.say(r.said.params ? { key, params: r.said.params } : { key }, other);
  });
  const reasons = [...new Set(said)].join('; ');
  return czech.t('look.advertiser_message', { reasons });
}
