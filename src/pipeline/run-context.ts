/**
 * The small context every step of one run works over: the job, the settings, the clock, the deadline as it
 * stands (a "still waits" answer from the marketplace moves it), and `step()`, which records each step's
 * outcome and duration in the deal record. After `decide`, a `BlogRun` adds the blog, its publisher and what
 * the steps hand on to each other.
 */

import type { Clock } from '../clock.js';
import type { BlogConfig } from '../config/schema.js';
import { runDeadlineMs } from '../deals/lifecycle.js';
import type { DealRecord } from '../deals/record.js';
import { createVerdicts, lateDeadline, type OverdueOutcome, type Verdicts } from '../deals/verdict.js';
import { AppError, DeadlineMissedError, errorMessage, type Phrase } from '../errors.js';
import { createTranslator } from '../i18n/index.js';
import type { DealText } from '../marketplace/schema.js';
import { ERROR_CODES, toIsoWithServiceOffset } from '../marketplace/schema.js';
import { pluginLogKeyOf } from '../publisher/log-messages.js';
import type { PublishDeal, Publisher, PublisherProgress, PublishLog } from '../publisher/types.js';
import type { RenderSettings } from '../render/limits.js';
import type { RenderPool } from '../render/pool.js';
import type { DealFiles } from './files.js';
import type { PipelineOptions } from './options.js';
import type { PhotoStepResult } from './photos.js';
import type { DealJobContext } from './port.js';
import { type PipelineProgress, progressPatch, publisherProgressOf, readProgress } from './progress.js';
import type { RenderedDeal } from './render.js';
import type { PipelineSettings } from './settings.js';

export type PipelineOutcome = 'handed_in' | 'skipped' | 'draft' | 'held' | 'refused';

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

export interface Published {
  url: string;
  ref: string | undefined;
}

/** What the settings of the whole processor give every run. */
export interface RunEnv {
  settings: PipelineSettings;
  renderSettings: RenderSettings;
  renderPool: RenderPool;
  clock: Clock;
  fetch: typeof fetch;
  resolveBlog: PipelineOptions['resolveBlog'];
}

export interface RunContext extends RunEnv {
  job: DealJobContext;
  progress: PipelineProgress;
  nowMs(): number;
  /** The deal's deadline as we read it (plus grace; see `effectiveDeadline`). */
  statedMs: number;
  /** `statedMs`, or later when the marketplace said it still waits. */
  deadlineMs: number;
  /** Past our own reading of the deadline (the marketplace said it still waits). */
  late: boolean;
  deadlineText: string;
  verdicts: Verdicts;
  /** Runs a step, recording its outcome (`ok` unless `outcome` says otherwise) and duration. */
  step<T>(name: string, run: () => Promise<T>, outcome?: (value: T) => string): Promise<T>;
}

/** A run past `decide`: the blog is configured and its publisher does the work. */
export interface BlogRun extends RunContext {
  blog: BlogConfig;
  publisher: Publisher;
  deal: PublishDeal;
  publishLog: PublishLog;
  pub: PublisherProgressWriter;
  /** Handed from step to step. */
  files?: DealFiles;
  text?: DealText;
  photos?: PhotoStepResult;
  rendered?: RenderedDeal;
  published?: Published;
}

export function createRunContext(
  env: RunEnv,
  job: DealJobContext,
  record: DealRecord | undefined,
): RunContext {
  const { clock, settings } = env;
  const nowMs = (): number => clock.now().getTime();
  const data = record?.data ?? {};
  // A stored "the marketplace still waits" answer moves the deadline to 60 minutes after that answer.
  const lateUntil = lateDeadline(data);
  const statedMs = effectiveDeadline(job, record, settings.deadlineGraceMs, nowMs());
  const { store, dealId, log } = job;
  return {
    ...env,
    job,
    progress: readProgressOf(record),
    nowMs,
    statedMs,
    deadlineMs: Math.max(statedMs, lateUntil ?? 0),
    late: lateUntil !== undefined && nowMs() >= statedMs,
    deadlineText: toIsoWithServiceOffset(new Date(statedMs)),
    verdicts: createVerdicts({ ...job, clock }),
    async step(name, run, outcome) {
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
    },
  };
}

function readProgressOf(record: DealRecord | undefined): PipelineProgress {
  return readProgress(record?.data);
}

/**
 * Our deadline passed: the marketplace decides (src/deals/verdict.ts); a "still waits" moves the deadline, and
 * a deal past even the late window ends `deadline_missed` (DeadlineMissedError, `missed` starting the message).
 */
export async function overdue(
  run: RunContext,
  why: string,
  missed: Phrase,
  ourUrl?: string,
): Promise<Exclude<OverdueOutcome, { kind: 'missed' }>> {
  const verdict = await run.verdicts.overdue(why, ourUrl);
  if (verdict.kind === 'missed') {
    const { check } = verdict;
    throw deadlineMissed({
      key: 'deal.error.still_waited',
      params: { missed, at: check.at, state: check.state },
    });
  }
  if (verdict.kind === 'late') {
    run.deadlineMs = Math.max(run.deadlineMs, verdict.until);
    run.late = true;
  }
  return verdict;
}

/** A DeadlineMissedError saying `said`, in English as its message (the catalog's `deal.error.*`). */
export function deadlineMissed(said: Phrase, cause?: unknown): DeadlineMissedError {
  return new DeadlineMissedError(english(said), { phrase: said, ...(cause === undefined ? {} : { cause }) });
}

const english = createTranslator('en').say;

/** The run's deadline (src/deals/lifecycle.ts `runDeadlineMs`) for a job and its record. */
export function effectiveDeadline(
  ctx: Pick<DealJobContext, 'deadline' | 'payload'>,
  record: Pick<DealRecord, 'enqueuedAt'> | undefined,
  graceMs: number,
  nowMs: number,
): number {
  return runDeadlineMs({
    deadline: ctx.deadline,
    source: ctx.payload.source,
    enqueuedAt: record?.enqueuedAt,
    graceMs,
    nowMs,
  });
}

export interface PublisherProgressWriter {
  previous: PublisherProgress;
  progress(patch: PublisherProgress): Promise<void>;
  /** Resolves when every write so far has settled. */
  settled(): Promise<void>;
}

/**
 * The plugin's progress, kept in the record's `data.publisher`. Writes are chained so that patches from
 * concurrent uploads land in order and none is lost (the job holds the deal, so this process is the only
 * writer). A `null` value removes that key.
 */
export function publisherProgress(run: RunContext): PublisherProgressWriter {
  const { store, dealId } = run.job;
  let current: PublisherProgress = publisherProgressOf(run.progress);
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
          await store.update(dealId, { data: progressPatch({ publisher: current }) });
        });
      chain = write;
      return write;
    },
    async settled() {
      await chain.catch(() => {});
    },
  };
}

/** The plugin's log: its lines reach the deal log, keyed when they are its fixed ones (src/publisher/log-messages.ts). */
export function toPublishLog(log: DealJobContext['log']): PublishLog {
  return {
    debug: (fields, msg) => log.line('debug', fields, msg, pluginLogKeyOf(msg)),
    info: (fields, msg) => log.line('info', fields, msg, pluginLogKeyOf(msg)),
    warn: (fields, msg) => log.line('warn', fields, msg, pluginLogKeyOf(msg)),
    error: (fields, msg) => log.line('error', fields, msg, pluginLogKeyOf(msg)),
  };
}
