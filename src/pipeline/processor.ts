/**
 * The publishing pipeline as a `DealProcessor` for the deal worker:
 *
 *   decide → text → photos → render → publish → verify → hand in
 *
 * Every step records its outcome and duration in the deal record (`steps`) and says what happened in the deal
 * log; the record's fields say how far the deal got, so a retry resumes there:
 *
 * | record says | a retry does |
 * |---|---|
 * | `data.handedInAt` | nothing (state back to `handed_in`) |
 * | `data.draft` | nothing (state back to `skipped`) |
 * | `url` + `data.publishedAt` | no text, photos or publish: verify and hand in |
 * | working files (text, photos) | publish from them: no marketplace request is spent again |
 * | nothing | everything |
 *
 * API budget on the happy path: 1 text request + 1 per photo + 1 hand-in; `GET /v1/deals/{id}` only after a
 * 409 `clanek_odevzdan`, for a draft's keyword URLs, and once when the deadline passed or the state changed.
 *
 * Deadline (the deal's `publish_deadline` plus `deadlineGraceMs`; see `effectiveDeadline` for runs an operator
 * asked for): our reading of it never ends a deal by itself. When it passes, the marketplace decides
 * (src/deals/lost.ts, one `GET /v1/deals/{id}` per deal at most): still `akceptovano` without a URL → publish
 * and hand in, marked late, within a fresh 60 minutes from that answer; moved on (cancelled, handed in by hand)
 * → the deal ends `closed` with the marketplace's state as the reason, and nothing (more) is published. The
 * same question is asked when the marketplace refuses the text, a photo or the hand-in with 409 `spatny_stav`.
 * A deal that misses even the late window ends `deadline_missed` (DeadlineMissedError), never silently.
 */
import { lateDeadline } from '../deals/lost.js';
import { flagServices } from '../deals/services.js';
import type { DealRecord } from '../deals/store.js';
import { AppError, errorMessage } from '../errors.js';
import { AGENT_DEADLINE_MINUTES, ERROR_CODES, toIsoWithServiceOffset } from '../marketplace/schema.js';
import type { PublishDeal, PublisherProgress, PublishLog } from '../publisher/types.js';
import { DeadlineMissedError, type DealJobContext, type DealProcessor } from '../queue/worker.js';
import { RenderSettings } from '../render/limits.js';
import { articlePolicy } from '../render/policy.js';
import { type Clock, systemClock } from './clock.js';
import { type Decision, decide } from './decide.js';
import { createBriefDraft } from './draft.js';
import { readDealFiles } from './files.js';
import { type HandInResult, handInArticle } from './hand-in.js';
import { splitKeywords } from './keywords.js';
import { type PipelineOptions, PipelineSettings, type ResolvedBlog } from './options.js';
import { loadPhotos } from './photos.js';
import { noteLines, renderDeal } from './render.js';
import { loadText } from './text.js';
import { createVerdicts } from './verdict.js';
import { verifyPublicUrl } from './verify.js';

export type PipelineOutcome = 'handed_in' | 'skipped' | 'draft';

/** What the job returns (BullMQ keeps it as the job's return value). */
export interface PipelineResult {
  outcome: PipelineOutcome;
  url?: string;
  ref?: string;
  /** Why the deal was skipped (`instant_publish`, `published_by_placla`, `published_by_bloger`). */
  reason?: string;
  /** Handed in after the deadline. */
  late?: boolean;
}

interface Published {
  url: string;
  ref: string | undefined;
}

export function createPipelineProcessor(options: PipelineOptions): DealProcessor {
  const settings = PipelineSettings.parse(options.settings ?? {});
  const renderSettings = RenderSettings.parse(options.render ?? {});
  const clock: Clock = options.clock ?? systemClock;
  // Looked up per call, so a fetch patched after start-up (test interceptors) is honoured.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return async (ctx: DealJobContext): Promise<PipelineResult> => {
    const { dealId, store, log, payload, signal } = ctx;
    const event = payload.event;
    const nowMs = (): number => clock.now().getTime();
    const record = await store.get(dealId);
    const data = record?.data ?? {};
    // A stored "the marketplace still waits" answer moves the deadline to 60 minutes after that answer.
    const lateUntil = lateDeadline(data);
    const statedMs = effectiveDeadline(ctx, record, settings.deadlineGraceMs, nowMs());
    let deadlineMs = Math.max(statedMs, lateUntil ?? 0);
    /** Past our own reading of the deadline (the marketplace said it still waits). */
    let late = lateUntil !== undefined && nowMs() >= statedMs;
    const deadlineText = toIsoWithServiceOffset(new Date(statedMs));
    const verdicts = createVerdicts({ ctx, clock });

    async function step<T>(name: string, run: () => Promise<T>, outcome?: (value: T) => string): Promise<T> {
      const started = nowMs();
      try {
        const value = await run();
        await store.recordStep(dealId, name, outcome ? outcome(value) : 'ok', nowMs() - started);
        return value;
      } catch (error) {
        const waiting = error instanceof AppError && error.code === ERROR_CODES.awaitingApproval;
        await store
          .recordStep(dealId, name, waiting ? 'waiting_approval' : 'error', nowMs() - started)
          .catch((storeError: unknown) => log.warn({ err: errorMessage(storeError) }, 'step not recorded'));
        throw error;
      }
    }

    // --- finished in an earlier run -------------------------------------------------------------------------
    if (typeof data.handedInAt === 'string' && record?.url) {
      await store.update(dealId, { state: 'handed_in', error: null, errorCode: null, supportCode: null });
      log.info(
        { url: record.url, handedInAt: data.handedInAt },
        'the URL was handed in already; nothing to do',
      );
      return { outcome: 'handed_in', url: record.url, ...(record.postRef ? { ref: record.postRef } : {}) };
    }
    const earlierDraft = draftOf(data.draft);
    if (earlierDraft) {
      await store.update(dealId, { state: 'skipped', error: null, errorCode: null, supportCode: null });
      log.info({ ref: earlierDraft.ref }, 'the draft with the brief exists already; nothing to do');
      return { outcome: 'draft', ref: earlierDraft.ref, reason: 'published_by_bloger' };
    }

    // --- 1. decide ------------------------------------------------------------------------------------------
    let resolved: ResolvedBlog | undefined;
    const decision = await step(
      'decide',
      async () => {
        resolved = options.resolveBlog(payload.blogId);
        return decide(
          {
            dealId,
            blogId: payload.blogId,
            blogName: event.blog.name,
            instantPublish: event.instant_publish,
            publishedBy: event.published_by,
          },
          resolved?.blog,
        );
      },
      decisionOutcome,
    );
    if (decision.kind === 'skip') return await finishSkipped(decision);
    if (decision.kind === 'unknown_blog' || !resolved) {
      throw new AppError(
        'blog_not_configured',
        decision.kind === 'unknown_blog' ? decision.message : `blog ${payload.blogId} is not configured`,
      );
    }
    const { blog, publisher } = resolved;
    const publishLog = toPublishLog(log);
    const pub = publisherProgress(store, dealId, data.publisher);
    const deal: PublishDeal = {
      dealId,
      blogId: payload.blogId,
      categoryId: event.category_id,
      deadline: ctx.deadline,
      acceptedAt: new Date(ctx.deadline.getTime() - AGENT_DEADLINE_MINUTES * 60_000),
      keywords: splitKeywords(event.demand?.keywords),
    };
    if (decision.kind === 'draft') return await makeDraft();

    // --- 2.–5. text, photos, render, publish (skipped when an earlier attempt published) --------------------
    let published = publishedOf(record);
    if (published) {
      log.info(
        { url: published.url, attempt: ctx.attempt },
        'resuming: the article is published already; verifying and handing in its URL',
      );
    } else {
      if (nowMs() >= deadlineMs) {
        await overdue(
          'the deadline passed before the article was published',
          `The deadline ${deadlineText} passed before the article was published; nothing was published. ` +
            'If the deal still takes a URL, publish the article by hand and hand its URL in in the marketplace',
        );
      }
      const outcome = await verdicts.unlessClosed(fetchRenderPublish);
      if ('outcome' in outcome) return outcome;
      published = outcome;
    }

    // --- 6. verify (also on a resumed run: it costs no marketplace request, and the post may have changed) ---
    await store.update(dealId, { state: 'verifying' });
    const url = published.url;
    let lastLogged = -1;
    const result = await step(
      'verify',
      () =>
        verifyPublicUrl({
          url,
          // Our own reading only: in the late window the marketplace's reachability check (clanek_nedostupny,
          // retried) judges, and waiting for our GET there would hold the deal for the whole window.
          deadlineMs: statedMs,
          settings: settings.verify,
          clock,
          fetch: doFetch,
          signal,
          onMiss: (miss) => {
            // The first miss and every change of answer; not every try of a long wait.
            if (miss.status === lastLogged) return;
            lastLogged = miss.status;
            log.info(
              { url, status: miss.status, error: miss.error, tries: miss.tries, retryInMs: miss.nextInMs },
              'the article does not answer 200 yet',
            );
          },
        }),
      (r) => (r.ok ? 'ok' : 'deadline'),
    );
    if (!result.ok) {
      const last = result.status ? `HTTP ${result.status}` : (result.error ?? 'no answer');
      return await lateHandIn(
        published,
        `The article at ${url} did not answer 200 before the deadline ${deadlineText} (${result.tries} tries, last: ${last})`,
      );
    }
    await store.update(dealId, { data: { verifiedAt: clock.now().toISOString() } });
    log.info(
      { url, tries: result.tries, ...(result.finalUrl !== url ? { finalUrl: result.finalUrl } : {}) },
      'the article is live',
    );

    // --- 7. hand in -------------------------------------------------------------------------------------------
    if (nowMs() >= deadlineMs) {
      return await lateHandIn(published, `The deadline ${deadlineText} passed before the URL was handed in`);
    }
    await store.update(dealId, { state: 'handing_in' });
    const post = published;
    const handed = await verdicts.unlessClosed(
      () => step('handIn', () => handIn(post.url, false), handInOutcome),
      post.url,
    );
    return await finishHandedIn(post, handed, late || nowMs() >= statedMs);

    /** Our deadline passed: the marketplace decides (./verdict.ts); a "still waits" moves the deadline. */
    async function overdue(why: string, missed: string, ourUrl?: string) {
      const verdict = await verdicts.overdue(why, missed, ourUrl);
      if (verdict.kind === 'late') {
        deadlineMs = Math.max(deadlineMs, verdict.until);
        late = true;
      }
      return verdict;
    }

    // ---------------------------------------------------------------------------------------------------------

    async function fetchRenderPublish(): Promise<Published | PipelineResult> {
      await store.update(dealId, { state: 'fetching' });
      const files = await readDealFiles(store, dealId);
      const ttlSeconds = settings.filesTtlSeconds;

      const { text, fromCache } = await step(
        'text',
        () => loadText({ client: ctx.client, store, dealId, signal, files, ttlSeconds }),
        (r) => (r.fromCache ? 'cached' : 'ok'),
      );
      log.info(
        { bytes: Buffer.byteLength(text.text), photos: text.photos.map((p) => p.n) },
        fromCache ? 'deal text taken from the earlier attempt' : 'deal text fetched',
      );
      deal.categoryId = text.category_id ?? event.category_id;
      await store.update(dealId, {
        data: {
          deal: {
            publishedBy: text.published_by,
            instantPublish: text.instant_publish,
            categoryId: deal.categoryId,
          },
        },
      });
      // The text's flags are the marketplace's latest word; the webhook payload may predate a change.
      const second = decide(
        {
          dealId,
          blogId: payload.blogId,
          blogName: event.blog.name,
          instantPublish: text.instant_publish,
          publishedBy: text.published_by,
        },
        blog,
      );
      if (second.kind === 'skip') return await finishSkipped(second);
      if (second.kind === 'draft') return await makeDraft();

      const photoStep = await step(
        'photos',
        () =>
          loadPhotos({
            client: ctx.client,
            store,
            dealId,
            signal,
            photos: text.photos,
            files,
            image: settings.images,
            ttlSeconds,
          }),
        (r) => (r.fetched === 0 && r.fromCache > 0 ? 'cached' : r.dropped.length > 0 ? 'partial' : 'ok'),
      );
      for (const dropped of photoStep.dropped) {
        log.warn(
          { n: dropped.n, code: dropped.code, reason: dropped.message },
          'a photo from the marketplace cannot be used; the article is published without it',
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

      await store.update(dealId, { state: 'rendering' });
      const rendered = await step('render', () =>
        renderDeal(
          {
            dealId,
            html: text.text,
            photos: photoStep.photos,
            dealName: event.demand?.name,
            policy: articlePolicy(blog),
          },
          renderSettings,
        ),
      );
      const { article, slug } = rendered;
      if (rendered.titleSource !== 'h1') {
        log.warn({ title: article.title }, "the text has no <h1>; the deal's name is the title");
      }
      for (const line of noteLines(article.notes)) log[line.level](line.fields, line.msg);
      await store.update(dealId, {
        title: article.title,
        state: 'publishing',
        data: {
          article: { slug, titleSource: rendered.titleSource, blocks: article.blocks.length },
          photos: rendered.images.map((i) => ({
            n: i.n,
            filename: i.filename,
            width: i.width,
            height: i.height,
          })),
          photosDropped: photoStep.dropped.length > 0 ? photoStep.dropped : null,
        },
      });

      const result = await step(
        'publish',
        () =>
          publisher.publish({
            deal,
            article,
            slug,
            images: rendered.images,
            previous: pub.previous,
            progress: pub.progress,
            log: publishLog,
            signal,
          }),
        (r) => (r.reused ? 'reused' : 'ok'),
      );
      await pub.settled();
      await store.update(dealId, {
        state: 'published',
        url: result.url,
        postRef: result.ref,
        data: { publishedAt: clock.now().toISOString(), publishReused: result.reused },
      });
      log.info(
        { url: result.url, ref: result.ref, reused: result.reused, target: publisher.target },
        result.reused ? 'the article was published by an earlier attempt; reusing it' : 'article published',
      );
      return { url: result.url, ref: result.ref };
    }

    async function handIn(url: string, once: boolean): Promise<HandInResult> {
      return await handInArticle({
        client: ctx.client,
        dealId,
        url,
        signal,
        clock,
        deadlineMs,
        settings: settings.handIn,
        log,
        blog: { id: blog.id, name: blog.name ?? event.blog.name, target: publisher.target },
        once,
      });
    }

    async function lateHandIn(post: Published, why: string): Promise<PipelineResult> {
      const byHand = `The post is live at ${post.url}: hand its URL in by hand in the marketplace if the deal still takes it`;
      const verdict = await overdue(why, `${why}. ${byHand}`, post.url);
      if (verdict.kind === 'handed_in') {
        const confirmed = {
          articleUrl: verdict.articleUrl,
          dealState: verdict.state,
          via: 'deal_detail' as const,
        };
        return await finishHandedIn(post, { ...confirmed, tries: 0 }, true);
      }
      if (!settings.handIn.afterDeadline) throw new DeadlineMissedError(`${why}. ${byHand}`);
      log.warn(
        { url: post.url, deadline: deadlineText },
        `${why}; the marketplace still waits: handing the URL in late`,
      );
      await store.update(dealId, { state: 'handing_in' });
      try {
        const handed = await verdicts.unlessClosed(
          () => step('handIn', () => handIn(post.url, false), handInOutcome),
          post.url,
        );
        return await finishHandedIn(post, handed, true);
      } catch (error) {
        // A refusal with a fix-it message (foreign domain, URL used, key rejected) says more than "late"; a
        // failure within the late window is retried like any other.
        if (signal.aborted || (error as { retryable?: unknown }).retryable === false) throw error;
        if (nowMs() < deadlineMs) throw error;
        throw new DeadlineMissedError(
          `${why}; the late hand-in failed too (${errorMessage(error)}). ${byHand}`,
          {
            cause: error,
          },
        );
      }
    }

    async function finishHandedIn(
      post: Published,
      handed: HandInResult,
      late: boolean,
    ): Promise<PipelineResult> {
      await store.update(dealId, {
        state: 'handed_in',
        error: null,
        errorCode: null,
        supportCode: null,
        data: {
          handedInAt: clock.now().toISOString(),
          handIn: {
            articleUrl: handed.articleUrl,
            dealState: handed.dealState,
            via: handed.via,
            tries: handed.tries,
            late,
          },
        },
      });
      await store
        .deleteFiles(dealId)
        .catch((error: unknown) => log.warn({ err: errorMessage(error) }, 'working files not deleted'));
      const fields = { url: post.url, dealState: handed.dealState };
      if (late) log.warn({ ...fields, deadline: deadlineText }, 'URL handed in after the deadline');
      else log.info(fields, 'URL handed in');
      await flagServices({ store, dealId, log, event });
      return {
        outcome: 'handed_in',
        url: post.url,
        ...(post.ref ? { ref: post.ref } : {}),
        ...(late ? { late } : {}),
      };
    }

    async function finishSkipped(skip: Extract<Decision, { kind: 'skip' }>): Promise<PipelineResult> {
      await store.update(dealId, {
        state: 'skipped',
        error: null,
        errorCode: null,
        supportCode: null,
        data: { skipReason: skip.reason },
      });
      log.info({ reason: skip.reason }, skip.message);
      return { outcome: 'skipped', reason: skip.reason };
    }

    async function makeDraft(): Promise<PipelineResult> {
      await store.update(dealId, { state: 'publishing' });
      const draft = await step(
        'draft',
        () =>
          createBriefDraft({
            client: ctx.client,
            publisher,
            event,
            deal,
            fetchDetail: settings.draftDetail,
            previous: pub.previous,
            progress: pub.progress,
            log: publishLog,
            signal,
          }),
        (r) => (r.reused ? 'reused' : 'ok'),
      );
      await pub.settled();
      await store.update(dealId, {
        state: 'skipped',
        title: draft.title,
        postRef: draft.ref,
        error: null,
        errorCode: null,
        supportCode: null,
        data: {
          skipReason: 'published_by_bloger',
          draft: {
            ref: draft.ref,
            reused: draft.reused,
            withKeywordUrls: draft.detail,
            ...(draft.editUrl !== undefined ? { editUrl: draft.editUrl } : {}),
          },
        },
      });
      log.info(
        { ref: draft.ref, editUrl: draft.editUrl, target: publisher.target },
        'the blogger publishes this article by hand: a draft with the brief was created',
      );
      return { outcome: 'draft', ref: draft.ref, reason: 'published_by_bloger' };
    }
  };
}

/**
 * The instant after which nothing more is tried: the deal's deadline plus the grace. A run an operator asked
 * for (`source: manual`: retry, hand in again, replay) gets at least a fresh 60-minute window from when it was
 * queued: a person decided it is still worth it, and the marketplace judges a late URL itself.
 */
export function effectiveDeadline(
  ctx: Pick<DealJobContext, 'deadline' | 'payload'>,
  record: Pick<DealRecord, 'enqueuedAt'> | undefined,
  graceMs: number,
  nowMs: number,
): number {
  const stated = ctx.deadline.getTime() + graceMs;
  if (ctx.payload.source !== 'manual') return stated;
  const queuedAt = record?.enqueuedAt ? Date.parse(record.enqueuedAt) : Number.NaN;
  const from = Number.isFinite(queuedAt) ? queuedAt : nowMs;
  return Math.max(stated, from + AGENT_DEADLINE_MINUTES * 60_000);
}

function decisionOutcome(decision: Decision): string {
  return decision.kind === 'skip' ? `skip:${decision.reason}` : decision.kind;
}

function handInOutcome(result: HandInResult): string {
  return result.via === 'deal_detail' ? 'already_handed_in' : 'ok';
}

function publishedOf(record: DealRecord | undefined): Published | undefined {
  if (!record?.url || typeof record.data.publishedAt !== 'string') return undefined;
  return { url: record.url, ref: record.postRef };
}

function draftOf(value: unknown): { ref: string } | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const ref = (value as { ref?: unknown }).ref;
  return typeof ref === 'string' ? { ref } : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The plugin's progress, kept in the record's `data.publisher`. Writes are chained so that patches from
 * concurrent uploads land in order and none is lost (the job holds the deal, so this process is the only
 * writer). A `null` value removes that key.
 */
function publisherProgress(
  store: DealJobContext['store'],
  dealId: number,
  stored: unknown,
): {
  previous: PublisherProgress;
  progress(patch: PublisherProgress): Promise<void>;
  /** Resolves when every write so far has settled. */
  settled(): Promise<void>;
} {
  let current: PublisherProgress = isPlainObject(stored) ? { ...stored } : {};
  const previous: PublisherProgress = Object.freeze({ ...current });
  let chain: Promise<void> = Promise.resolve();
  return {
    previous,
    progress(patch) {
      const write = chain
        .catch(() => {})
        .then(async () => {
          const next = { ...current };
          for (const [key, value] of Object.entries(patch)) {
            if (value === null) delete next[key];
            else if (value !== undefined) next[key] = value;
          }
          current = next;
          await store.update(dealId, { data: { publisher: current } });
        });
      chain = write;
      return write;
    },
    async settled() {
      await chain.catch(() => {});
    },
  };
}

function toPublishLog(log: DealJobContext['log']): PublishLog {
  return {
    debug: (fields, msg) => log.debug(fields, msg),
    info: (fields, msg) => log.info(fields, msg),
    warn: (fields, msg) => log.warn(fields, msg),
    error: (fields, msg) => log.error(fields, msg),
  };
}
