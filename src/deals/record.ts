/**
 * The deal record, its log entries and webhook events as the store keeps them (store.ts), and how a record is
 * laid out in its Redis hash: plain fields as strings, steps under `s:<name>` and free data under `d:<name>`,
 * each as JSON, so that patches touch only their own fields.
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import type { Phrase } from '../errors.js';
import type { Logger } from '../logger.js';
import type { AnyEvent } from '../marketplace/schema.js';
import type { DealDataPatch } from './data.js';
import type { DealRunState, DealWriter } from './lifecycle.js';

export type DealSource = 'webhook' | 'poll' | 'reconcile' | 'manual';

export interface DealStep {
  startedAt: string;
  ms: number;
  outcome: string;
}

export interface DealRecord {
  dealId: number;
  blogId: number;
  state: DealRunState;
  title?: string;
  /** ISO 8601. */
  receivedAt: string;
  /** ISO 8601: when the URL must be handed in. */
  deadline: string;
  updatedAt: string;
  /** Why the deal failed (or closed), in English: the error's message, as the daemon's log wrote it. */
  error?: string;
  /**
   * The same for the blogger, as a phrase of the catalog (src/errors.ts `Phrase`), said in the reader's language
   * (src/i18n/deal-error.ts); absent on errors without one and on records written before phrases were stored.
   * The store removes it whenever `error` changes without it, so the two never disagree.
   */
  errorPhrase?: Phrase;
  errorCode?: string;
  supportCode?: string;
  url?: string;
  postRef?: string;
  attempts: number;
  source?: DealSource;
  /** Set once the BullMQ job was stored: a redelivery then never creates a second job. */
  jobId?: string;
  enqueuedAt?: string;
  steps: Record<string, DealStep>;
  /** Free fields, each stored as JSON under its own hash field (`d:<name>`), so patches never race. */
  data: Record<string, unknown>;
}

export interface NewDealRecord {
  dealId: number;
  blogId: number;
  receivedAt: string;
  deadline: string;
  state?: DealRunState;
  title?: string;
  source?: DealSource;
  data?: DealDataPatch;
}

type Clearable<T> = { [K in keyof T]?: T[K] | null };

/** Fields to change; `null` removes an optional field (e.g. `error: null` after a successful retry). */
export type DealPatch = Clearable<
  Pick<
    DealRecord,
    | 'title'
    | 'error'
    | 'errorPhrase'
    | 'errorCode'
    | 'supportCode'
    | 'url'
    | 'postRef'
    | 'jobId'
    | 'enqueuedAt'
    | 'source'
    | 'deadline'
  >
> & {
  state?: DealRunState;
  blogId?: number;
  attempts?: number;
  /** Merged field by field into `data` (src/deals/data.ts: each key's owner and type); `null` removes a key. */
  data?: DealDataPatch;
};

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogEntry {
  time: string;
  level: LogLevel;
  /** The line in English, as the daemon's log wrote it: what an entry without `key` shows. */
  msg: string;
  /**
   * The catalog key the status page and the CLI say the line in (`log.*`: ./log-messages.ts); absent on entries
   * stored before keys existed and on lines that have none.
   */
  key?: string;
  /**
   * The line's values for its catalog text, when they are not simply its fields; a phrase under a field's name
   * is that field's value for the blogger (./logger.ts `fieldsSaid`, src/i18n/log-entry.ts `logFieldsText`).
   */
  params?: Phrase['params'];
  dealId?: number;
  blogId?: number;
  fields: Record<string, unknown>;
}

export interface NewLogEntry {
  time?: string;
  level: LogLevel;
  msg: string;
  /** Default: the key of `msg` when it is one of ./log-messages.ts's lines. */
  key?: string;
  params?: Phrase['params'];
  blogId?: number;
  fields?: Record<string, unknown>;
}

export interface EventRecord {
  event: string;
  receivedAt: string;
  dealId?: number;
  outcome: string;
  /** The parsed body, or its first `maxEventBodyBytes` as a string when it was larger (`truncated`). */
  body: unknown;
  truncated?: true;
}

export interface NewEventRecord {
  event: string;
  receivedAt: string;
  body: unknown;
  outcome: string;
}

export interface LastWebhook {
  time: string;
  event: string;
  outcome: string;
  dealId?: number;
}

export interface ListDealsOptions {
  offset?: number;
  limit?: number;
  state?: DealRunState | readonly DealRunState[];
}

export interface DealStore {
  readonly prefix: string;
  readonly keys: DealStoreKeys;
  /** DealChanged after each committed `update`, a step event after each `recordStep` (./events.ts). */
  readonly events: DealEvents;
  /**
   * The same store, writing as `writer`: a state the lifecycle does not let that part of the program write
   * (src/deals/lifecycle.ts TRANSITIONS `by`) is refused. The composition root hands each part its own view.
   */
  as(writer: DealWriter): DealStore;
  /** Atomically creates the record unless it exists; returns the record as it now is. */
  createIfAbsent(init: NewDealRecord): Promise<{ created: boolean; record: DealRecord }>;
  get(dealId: number): Promise<DealRecord | undefined>;
  /**
   * False when the deal has no record (nothing is written then). A `state` the lifecycle does not allow after
   * the current one (src/deals/lifecycle.ts TRANSITIONS) is refused with TransitionRefusedError, writing nothing.
   */
  update(dealId: number, patch: DealPatch): Promise<boolean>;
  /**
   * Notes that the deal's job is stored. True for exactly one caller per deal (HSETNX), which settles
   * concurrent deliveries: BullMQ's answer to `add` does not tell whether the job id already existed.
   * With `event`, the delivery is recorded in the same step (outcome `enqueued`, or `duplicate` for the others).
   */
  markEnqueued(dealId: number, jobId: string, event?: Omit<NewEventRecord, 'outcome'>): Promise<boolean>;
  recordStep(dealId: number, step: string, outcome: string, ms: number): Promise<void>;
  /**
   * Writes `data[name]` unless it is set already (HSETNX): true for exactly one caller per deal, which settles
   * concurrent deciders (two taps, two daemons). `value` is what the record holds afterwards (this call's, or the
   * earlier one's); a deal without a record claims nothing. A claim emits DealChanged like an update.
   */
  claimData(dealId: number, name: string, value: unknown): Promise<{ claimed: boolean; value: unknown }>;
  /** Newest first (by receivedAt). `total` counts all matching deals. */
  list(options?: ListDealsOptions): Promise<{ total: number; items: DealRecord[] }>;
  countByState(): Promise<Record<DealRunState, number>>;
  appendLog(dealId: number | undefined, entry: NewLogEntry): Promise<void>;
  /** Newest first. */
  readLog(dealId: number, options?: { limit?: number }): Promise<LogEntry[]>;
  /** Newest first; `level` is the minimum level shown; `blogId` keeps entries of that blog. */
  readGlobalLog(options?: { limit?: number; level?: LogLevel; blogId?: number }): Promise<LogEntry[]>;
  recordEvent(dealId: number | undefined, event: NewEventRecord): Promise<void>;
  /** Newest first. */
  readEvents(dealId: number, options?: { limit?: number }): Promise<EventRecord[]>;
  readGlobalEvents(options?: { limit?: number }): Promise<EventRecord[]>;
  lastWebhook(): Promise<LastWebhook | undefined>;
  /**
   * Working files of a deal kept between job attempts (the pipeline's fetched text and normalised photos), so a
   * retry does not spend marketplace requests again. Writes the given fields and (re)sets the TTL of the whole set.
   */
  putFiles(dealId: number, files: Record<string, Buffer | string>, ttlSeconds: number): Promise<void>;
  /** Every working file of the deal, by name; empty when none are kept (never stored, expired or deleted). */
  getFiles(dealId: number): Promise<Map<string, Buffer>>;
  deleteFiles(dealId: number): Promise<void>;
}

export interface DealStoreKeys {
  deal(dealId: number): string;
  dealLog(dealId: number): string;
  dealEvents(dealId: number): string;
  dealFiles(dealId: number): string;
  readonly index: string;
  readonly states: string;
  readonly log: string;
  readonly events: string;
  readonly lastWebhook: string;
}

export interface DealStoreOptions {
  redis: Redis;
  prefix: string;
  log?: Logger;
  /** Records, logs and the index are kept this long after the last change (≥ 30 days: dedupe relies on it). */
  retentionDays?: number;
  maxDealLog?: number;
  maxGlobalLog?: number;
  maxDealEvents?: number;
  maxGlobalEvents?: number;
  maxEventBodyBytes?: number;
  /** What `updatedAt`, log times and pruning go by (default: the system clock). */
  clock?: Pick<Clock, 'now'>;
  /** Where the write's subscribers are (default: a new, empty set; src/deal-services.ts fills it). */
  events?: DealEvents;
}

export function dealStoreKeys(prefix: string): DealStoreKeys {
  return {
    deal: (id) => `${prefix}:deal:${id}`,
    dealLog: (id) => `${prefix}:deal:${id}:log`,
    dealEvents: (id) => `${prefix}:deal:${id}:events`,
    dealFiles: (id) => `${prefix}:deal:${id}:files`,
    index: `${prefix}:index:deals`,
    states: `${prefix}:index:deal-states`,
    log: `${prefix}:log`,
    events: `${prefix}:events`,
    lastWebhook: `${prefix}:webhook:last`,
  };
}

// The deal's events (./events.ts creates them; here beside the record they carry).

export interface DealChanged {
  dealId: number;
  /** The state before the write. */
  from: DealRunState;
  /** The state after it (`from` when the write left the state alone). */
  to: DealRunState;
  /** The record as committed. */
  record: DealRecord;
  /** What this write set: `patch.state` says a state was written (also a rewrite of the same state). */
  patch: Readonly<DealPatch>;
}

/** A pipeline step's outcome and duration, recorded on the deal. */
export interface DealStepRecorded {
  dealId: number;
  step: string;
  outcome: string;
  ms: number;
}

export type DealChangedListener = (change: DealChanged) => Promise<void> | void;
/**
 * A handler of the marketplace's events other than `deal.accepted` (`deal.paid`, a message's or claim's post),
 * whichever intake brought them (the webhook or the poll); src/app/deal-events.ts builds the daemon's one.
 */
export type DealEventHandler = (event: AnyEvent, dealId: number | undefined) => Promise<void>;
export type DealStepListener = (step: DealStepRecorded) => Promise<void> | void;

export interface DealEvents {
  /** Subscribes; the returned function unsubscribes. */
  onChanged(listener: DealChangedListener): () => void;
  onStep(listener: DealStepListener): () => void;
  /** For the store: runs the subscribers after a committed write. Never throws. */
  emitChanged(change: DealChanged): Promise<void>;
  emitStep(step: DealStepRecorded): Promise<void>;
}
