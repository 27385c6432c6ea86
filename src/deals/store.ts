/**
 * The deal record, the deal log and the event log, in Redis. One small API used by the webhook, the worker,
 * the pipeline, the status page and the CLI.
 *
 * Key layout (P = config `redis.prefix`; BullMQ's own keys are `P:deals:*`, so nothing here collides):
 *   P:deal:<id>          hash   the deal record; expires `retentionDays` after its last update
 *   P:deal:<id>:log      list   the deal's log, newest first, capped (JSON entries)
 *   P:deal:<id>:events   list   webhook events naming the deal, newest first, capped
 *   P:deal:<id>:files    hash   the pipeline's working files between job attempts (fetched text, normalised
 *                               photos): binary fields, short TTL, deleted once the URL is handed in
 *   P:index:deals        zset   deal id → receivedAt (ms); pruned after `retentionDays`
 *   P:index:deal-states  hash   deal id → state, for counts and filters without reading every record
 *   P:log                list   global log for the logs page, newest first, capped
 *   P:events             list   every webhook event, newest first, capped
 *   P:webhook:last       hash   time, event, outcome, dealId of the last webhook received
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { luaScript } from '../redis/lua-script.js';
import { DEAL_RUN_STATES, type DealRunState, isDealRunState } from './lifecycle.js';
import { scrubText } from './scrub.js';

// The run states live in ./lifecycle.ts; re-exported for the store's existing importers.
export { DEAL_RUN_STATES, type DealRunState, FINAL_RUN_STATES, isDealRunState } from './lifecycle.js';

export type DealSource = 'webhook' | 'reconcile' | 'manual';

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
  error?: string;
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
  data?: Record<string, unknown>;
}

type Clearable<T> = { [K in keyof T]?: T[K] | null };

/** Fields to change; `null` removes an optional field (e.g. `error: null` after a successful retry). */
export type DealPatch = Clearable<
  Pick<
    DealRecord,
    | 'title'
    | 'error'
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
  /** Merged field by field into `data`; a `null` value removes that field. */
  data?: Record<string, unknown>;
};

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogEntry {
  time: string;
  level: LogLevel;
  msg: string;
  dealId?: number;
  blogId?: number;
  fields: Record<string, unknown>;
}

export interface NewLogEntry {
  time?: string;
  level: LogLevel;
  msg: string;
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
  /** Atomically creates the record unless it exists; returns the record as it now is. */
  createIfAbsent(init: NewDealRecord): Promise<{ created: boolean; record: DealRecord }>;
  get(dealId: number): Promise<DealRecord | undefined>;
  /** False when the deal has no record (nothing is written then). */
  update(dealId: number, patch: DealPatch): Promise<boolean>;
  /**
   * Notes that the deal's job is stored. True for exactly one caller per deal (HSETNX), which settles
   * concurrent deliveries: BullMQ's answer to `add` does not tell whether the job id already existed.
   * With `event`, the delivery is recorded in the same step (outcome `enqueued`, or `duplicate` for the others).
   */
  markEnqueued(dealId: number, jobId: string, event?: Omit<NewEventRecord, 'outcome'>): Promise<boolean>;
  recordStep(dealId: number, step: string, outcome: string, ms: number): Promise<void>;
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
  now?: () => Date;
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

// ---------------------------------------------------------------------------------------------------------
// Redaction: the deal log is shown on the status page, so no secret may reach it.

const SECRET_KEY = /api[-_]?key|secret|password|passwd|token|authorization|cookie/i;
const BEARER = /^\s*(bearer|basic)\s+\S+/i;
const REDACTED = '[redacted]';

/**
 * A copy of `value` without secrets: keys named like apiKey/secret/password/token/authorization are blanked,
 * string values that look like `Bearer …`/`Basic …` credentials too. Errors become `{ type, message, code }`.
 */
export function redactSecrets<T>(value: T): T {
  return redactValue(value, 0, new WeakSet()) as T;
}

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return BEARER.test(value) ? REDACTED : value;
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth > 8) return '[nested]';
  seen.add(value);
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return { type: value.name, message: value.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      SECRET_KEY.test(key) && v !== undefined && v !== null ? REDACTED : redactValue(v, depth + 1, seen);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Lua: each keeps the record, the index and the state map consistent in one step.

/** KEYS: deal, index, states. ARGV: dealId, ttlSeconds, score, pruneBefore, state, field, value, … */
const CREATE_IF_ABSENT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 6))
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[5])
local old = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', '(' .. ARGV[4], 'LIMIT', 0, 500)
if #old > 0 then
  redis.call('ZREM', KEYS[2], unpack(old))
  redis.call('HDEL', KEYS[3], unpack(old))
end
return 1
`;

/** KEYS: deal, index, states. ARGV: dealId, ttlSeconds, nSet, field, value, …, fieldToDelete, … */
const UPDATE_IF_EXISTS = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local n = tonumber(ARGV[3])
local sets = {}
local i = 4
for _ = 1, n do
  sets[#sets + 1] = ARGV[i]
  sets[#sets + 1] = ARGV[i + 1]
  if ARGV[i] == 'state' and redis.call('ZSCORE', KEYS[2], ARGV[1]) then
    redis.call('HSET', KEYS[3], ARGV[1], ARGV[i + 1])
  end
  i = i + 2
end
if #sets > 0 then redis.call('HSET', KEYS[1], unpack(sets)) end
local dels = {}
for k = i, #ARGV do dels[#dels + 1] = ARGV[k] end
if #dels > 0 then redis.call('HDEL', KEYS[1], unpack(dels)) end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
`;

/** KEYS: deal. ARGV: jobId, enqueuedAt, ttlSeconds. 1 when this call set `enqueuedAt`. */
const MARK_ENQUEUED = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if redis.call('HSETNX', KEYS[1], 'enqueuedAt', ARGV[2]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'jobId', ARGV[1], 'updatedAt', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
`;

/**
 * Records a webhook event: KEYS global events, last webhook, the deal's events; ARGV keepGlobal - 1,
 * keepDeal - 1 (-2: no deal), ttlSeconds, receivedAt, event, dealId, outcome, json. Shared as a Lua function by
 * RECORD_EVENT and MARK_ENQUEUED_AND_RECORD (whose ARGV and KEYS come after the mark's own).
 */
const RECORD_EVENT_FN = `
local function record_event(k, a, outcome, json)
  if tonumber(a[2]) >= 0 then
    redis.call('LPUSH', k[3], json)
    redis.call('LTRIM', k[3], 0, a[2])
    redis.call('EXPIRE', k[3], a[3])
  end
  redis.call('LPUSH', k[1], json)
  redis.call('LTRIM', k[1], 0, a[1])
  redis.call('HSET', k[2], 'time', a[4], 'event', a[5], 'outcome', outcome, 'dealId', a[6])
end
`;

const RECORD_EVENT = `${RECORD_EVENT_FN}
record_event(KEYS, ARGV, ARGV[7], ARGV[8])
return 1
`;

/**
 * MARK_ENQUEUED, then the delivery's event with outcome `enqueued` (this call set enqueuedAt) or `duplicate`.
 * KEYS: deal, then RECORD_EVENT's; ARGV: jobId, enqueuedAt, ttlSeconds, then RECORD_EVENT's with two
 * outcome/json pairs (enqueued first).
 */
const MARK_ENQUEUED_AND_RECORD = `${RECORD_EVENT_FN}
local marked = 0
if redis.call('EXISTS', KEYS[1]) == 1 and redis.call('HSETNX', KEYS[1], 'enqueuedAt', ARGV[2]) == 1 then
  redis.call('HSET', KEYS[1], 'jobId', ARGV[1], 'updatedAt', ARGV[2])
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  marked = 1
end
local k = {KEYS[2], KEYS[3], KEYS[4]}
local a = {ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9]}
if marked == 1 then record_event(k, a, ARGV[10], ARGV[11]) else record_event(k, a, ARGV[12], ARGV[13]) end
return marked
`;

const runCreateIfAbsent = luaScript(CREATE_IF_ABSENT);
const runRecordEvent = luaScript(RECORD_EVENT);
const runMarkEnqueuedAndRecord = luaScript(MARK_ENQUEUED_AND_RECORD);
const runUpdateIfExists = luaScript(UPDATE_IF_EXISTS);
const runMarkEnqueued = luaScript(MARK_ENQUEUED);

// ---------------------------------------------------------------------------------------------------------

const PLAIN_FIELDS = [
  'title',
  'error',
  'errorCode',
  'supportCode',
  'url',
  'postRef',
  'jobId',
  'enqueuedAt',
  'source',
  'deadline',
] as const;

const STEP_PREFIX = 's:';
const DATA_PREFIX = 'd:';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toRecord(hash: Record<string, string>): DealRecord | undefined {
  if (hash.dealId === undefined) return undefined;
  const record: DealRecord = {
    dealId: Number(hash.dealId),
    blogId: Number(hash.blogId ?? 0),
    state: isDealRunState(hash.state) ? hash.state : 'received',
    receivedAt: hash.receivedAt ?? '',
    deadline: hash.deadline ?? '',
    updatedAt: hash.updatedAt ?? hash.receivedAt ?? '',
    attempts: Number(hash.attempts ?? 0),
    steps: {},
    data: {},
  };
  for (const field of PLAIN_FIELDS) {
    const value = hash[field];
    if (value === undefined || field === 'deadline') continue;
    if (field === 'source') {
      if (value === 'webhook' || value === 'reconcile' || value === 'manual') record.source = value;
    } else record[field] = value;
  }
  for (const [field, value] of Object.entries(hash)) {
    if (field.startsWith(STEP_PREFIX)) {
      const step = parseJson(value);
      if (step && typeof step === 'object') record.steps[field.slice(STEP_PREFIX.length)] = step as DealStep;
    } else if (field.startsWith(DATA_PREFIX)) {
      record.data[field.slice(DATA_PREFIX.length)] = parseJson(value);
    }
  }
  return record;
}

function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.max(1, Math.min(Math.floor(limit), max));
}

function parseEntries<T>(items: string[]): T[] {
  const out: T[] = [];
  for (const item of items) {
    const value = parseJson(item);
    if (value && typeof value === 'object') out.push(value as T);
  }
  return out;
}

export function createDealStore(options: DealStoreOptions): DealStore {
  const { redis, prefix } = options;
  const keys = dealStoreKeys(prefix);
  const now = options.now ?? (() => new Date());
  const retentionDays = options.retentionDays ?? 30;
  const ttlSeconds = Math.ceil(retentionDays * 24 * 3600);
  const maxDealLog = options.maxDealLog ?? 500;
  const maxGlobalLog = options.maxGlobalLog ?? 5000;
  const maxDealEvents = options.maxDealEvents ?? 100;
  const maxGlobalEvents = options.maxGlobalEvents ?? 1000;
  const maxEventBodyBytes = options.maxEventBodyBytes ?? 8 * 1024;
  const maxFieldsBytes = 4 * 1024;

  async function writeFields(
    dealId: number,
    sets: Array<[string, string]>,
    dels: string[],
  ): Promise<boolean> {
    const args = [String(dealId), String(ttlSeconds), String(sets.length), ...sets.flat(), ...dels];
    const result = await runUpdateIfExists(redis, [keys.deal(dealId), keys.index, keys.states], args);
    return result === 1;
  }

  async function get(dealId: number): Promise<DealRecord | undefined> {
    return toRecord(await redis.hgetall(keys.deal(dealId)));
  }

  /**
   * KEYS and ARGV of RECORD_EVENT for an event, with its stored JSON once per possible outcome (the script that
   * marks a deal enqueued knows only then which one applies).
   */
  function eventScriptInput(
    dealId: number | undefined,
    event: Omit<NewEventRecord, 'outcome'>,
    outcomes: readonly string[],
  ): [string[], Array<string | number>] {
    let bodyJson: string;
    try {
      bodyJson = JSON.stringify(event.body) ?? 'null';
    } catch {
      // Nested deeper than JSON.stringify can recurse (a hostile body within the size limit): its top levels.
      bodyJson = JSON.stringify(redactSecrets(event.body)) ?? 'null';
    }
    const oversized = Buffer.byteLength(bodyJson) > maxEventBodyBytes;
    const body = oversized
      ? scrubText(Buffer.from(bodyJson).subarray(0, maxEventBodyBytes).toString('utf8'))
      : redactSecrets(event.body);
    const stored = (outcome: string): string =>
      JSON.stringify({
        event: event.event,
        receivedAt: event.receivedAt,
        ...(dealId !== undefined ? { dealId } : {}),
        outcome,
        body,
        ...(oversized ? { truncated: true as const } : {}),
      } satisfies EventRecord);
    return [
      [keys.events, keys.lastWebhook, dealId !== undefined ? keys.dealEvents(dealId) : keys.events],
      [
        maxGlobalEvents - 1,
        dealId !== undefined ? maxDealEvents - 1 : -2,
        ttlSeconds,
        event.receivedAt,
        event.event,
        dealId === undefined ? '' : String(dealId),
        ...outcomes.flatMap((outcome) => [outcome, stored(outcome)]),
      ],
    ];
  }

  const store: DealStore = {
    prefix,
    keys,

    async createIfAbsent(init) {
      const receivedMs = Date.parse(init.receivedAt);
      const state = init.state ?? 'received';
      const fields: string[] = [
        'dealId',
        String(init.dealId),
        'blogId',
        String(init.blogId),
        'state',
        state,
        'receivedAt',
        init.receivedAt,
        'deadline',
        init.deadline,
        'updatedAt',
        now().toISOString(),
        'attempts',
        '0',
      ];
      if (init.title !== undefined) fields.push('title', init.title);
      if (init.source !== undefined) fields.push('source', init.source);
      for (const [name, value] of Object.entries(init.data ?? {})) {
        if (value !== undefined) fields.push(`${DATA_PREFIX}${name}`, JSON.stringify(value));
      }
      const created = await runCreateIfAbsent(
        redis,
        [keys.deal(init.dealId), keys.index, keys.states],
        [
          String(init.dealId),
          String(ttlSeconds),
          String(Number.isNaN(receivedMs) ? now().getTime() : receivedMs),
          String(now().getTime() - ttlSeconds * 1000),
          state,
          ...fields,
        ],
      );
      // A new record is exactly the fields just written: no second round trip to read it back.
      const written: Record<string, string> = {};
      for (let i = 0; i + 1 < fields.length; i += 2) written[fields[i] as string] = fields[i + 1] as string;
      const record = created === 1 ? toRecord(written) : await get(init.dealId);
      if (!record) throw new Error(`deal ${init.dealId}: record vanished right after creation`);
      return { created: created === 1, record };
    },

    get,

    async update(dealId, patch) {
      const sets: Array<[string, string]> = [['updatedAt', now().toISOString()]];
      const dels: string[] = [];
      if (patch.state !== undefined) sets.push(['state', patch.state]);
      if (patch.blogId !== undefined) sets.push(['blogId', String(patch.blogId)]);
      if (patch.attempts !== undefined) sets.push(['attempts', String(patch.attempts)]);
      for (const field of PLAIN_FIELDS) {
        const value = patch[field];
        if (value === null) {
          if (field !== 'deadline') dels.push(field);
        } else if (value !== undefined) sets.push([field, field === 'error' ? scrubText(value) : value]);
      }
      for (const [name, value] of Object.entries(patch.data ?? {})) {
        if (value === null) dels.push(`${DATA_PREFIX}${name}`);
        else if (value !== undefined) sets.push([`${DATA_PREFIX}${name}`, JSON.stringify(value)]);
      }
      return await writeFields(dealId, sets, dels);
    },

    async markEnqueued(dealId, jobId, event) {
      const at = now().toISOString();
      const mark = [keys.deal(dealId)];
      if (!event) return (await runMarkEnqueued(redis, mark, [jobId, at, String(ttlSeconds)])) === 1;
      const [eventKeys, eventArgs] = eventScriptInput(dealId, event, ['enqueued', 'duplicate']);
      const reply = await runMarkEnqueuedAndRecord(
        redis,
        [...mark, ...eventKeys],
        [jobId, at, String(ttlSeconds), ...eventArgs],
      );
      return reply === 1;
    },

    async recordStep(dealId, step, outcome, ms) {
      const startedAt = new Date(now().getTime() - ms).toISOString();
      const value: DealStep = { startedAt, ms: Math.round(ms), outcome };
      await writeFields(
        dealId,
        [
          ['updatedAt', now().toISOString()],
          [`${STEP_PREFIX}${step}`, JSON.stringify(value)],
        ],
        [],
      );
    },

    async list(listOptions = {}) {
      const offset = Math.max(0, Math.floor(listOptions.offset ?? 0));
      const limit = clampLimit(listOptions.limit, 50, 1000);
      let ids: string[];
      let total: number;
      if (listOptions.state === undefined) {
        total = await redis.zcard(keys.index);
        ids = await redis.zrevrange(keys.index, offset, offset + limit - 1);
      } else {
        const wanted = new Set<string>(
          typeof listOptions.state === 'string' ? [listOptions.state] : listOptions.state,
        );
        const all = await redis.zrevrange(keys.index, 0, -1);
        const states = all.length ? await redis.hmget(keys.states, ...all) : [];
        const matching = all.filter((_, i) => wanted.has(states[i] ?? ''));
        total = matching.length;
        ids = matching.slice(offset, offset + limit);
      }
      if (ids.length === 0) return { total, items: [] };
      const pipeline = redis.pipeline();
      for (const id of ids) pipeline.hgetall(keys.deal(Number(id)));
      const results = (await pipeline.exec()) ?? [];
      const items: DealRecord[] = [];
      for (const [error, hash] of results) {
        if (error) throw error;
        const record = toRecord(hash as Record<string, string>);
        if (record) items.push(record);
      }
      return { total, items };
    },

    async countByState() {
      const counts = Object.fromEntries(DEAL_RUN_STATES.map((s) => [s, 0])) as Record<DealRunState, number>;
      for (const state of await redis.hvals(keys.states)) {
        if (isDealRunState(state)) counts[state] += 1;
      }
      return counts;
    },

    async appendLog(dealId, entry) {
      let fields = redactSecrets(entry.fields ?? {});
      const fieldsJson = JSON.stringify(fields);
      if (fieldsJson.length > maxFieldsBytes) {
        fields = { truncated: true, preview: fieldsJson.slice(0, maxFieldsBytes) };
      }
      const stored: LogEntry = {
        time: entry.time ?? now().toISOString(),
        level: entry.level,
        msg: scrubText(entry.msg),
        ...(dealId !== undefined ? { dealId } : {}),
        ...(entry.blogId !== undefined ? { blogId: entry.blogId } : {}),
        fields,
      };
      const json = JSON.stringify(stored);
      const multi = redis.multi();
      if (dealId !== undefined) {
        multi.lpush(keys.dealLog(dealId), json);
        multi.ltrim(keys.dealLog(dealId), 0, maxDealLog - 1);
        multi.expire(keys.dealLog(dealId), ttlSeconds);
      }
      multi.lpush(keys.log, json);
      multi.ltrim(keys.log, 0, maxGlobalLog - 1);
      await multi.exec();
    },

    async readLog(dealId, readOptions = {}) {
      const limit = clampLimit(readOptions.limit, 100, maxDealLog);
      return parseEntries<LogEntry>(await redis.lrange(keys.dealLog(dealId), 0, limit - 1));
    },

    async readGlobalLog(readOptions = {}) {
      const limit = clampLimit(readOptions.limit, 200, maxGlobalLog);
      const minLevel = readOptions.level ? LOG_LEVELS.indexOf(readOptions.level) : 0;
      const filtered = readOptions.level !== undefined || readOptions.blogId !== undefined;
      const raw = await redis.lrange(keys.log, 0, filtered ? -1 : limit - 1);
      const out: LogEntry[] = [];
      for (const entry of parseEntries<LogEntry>(raw)) {
        if (LOG_LEVELS.indexOf(entry.level) < minLevel) continue;
        if (readOptions.blogId !== undefined) {
          const blogId = entry.blogId ?? entry.fields?.blogId;
          if (blogId !== readOptions.blogId) continue;
        }
        out.push(entry);
        if (out.length >= limit) break;
      }
      return out;
    },

    async recordEvent(dealId, event) {
      await runRecordEvent(redis, ...eventScriptInput(dealId, event, [event.outcome]));
    },

    async readEvents(dealId, readOptions = {}) {
      const limit = clampLimit(readOptions.limit, maxDealEvents, maxDealEvents);
      return parseEntries<EventRecord>(await redis.lrange(keys.dealEvents(dealId), 0, limit - 1));
    },

    async readGlobalEvents(readOptions = {}) {
      const limit = clampLimit(readOptions.limit, 100, maxGlobalEvents);
      return parseEntries<EventRecord>(await redis.lrange(keys.events, 0, limit - 1));
    },

    async lastWebhook() {
      const hash = await redis.hgetall(keys.lastWebhook);
      if (!hash.time || !hash.event) return undefined;
      return {
        time: hash.time,
        event: hash.event,
        outcome: hash.outcome ?? '',
        ...(hash.dealId ? { dealId: Number(hash.dealId) } : {}),
      };
    },

    async putFiles(dealId, files, fileTtlSeconds) {
      const entries = Object.entries(files);
      if (entries.length === 0) return;
      const key = keys.dealFiles(dealId);
      const multi = redis.multi();
      multi.hset(key, Object.fromEntries(entries));
      multi.expire(key, Math.max(1, Math.ceil(fileTtlSeconds)));
      await multi.exec();
    },

    async getFiles(dealId) {
      return new Map(Object.entries(await redis.hgetallBuffer(keys.dealFiles(dealId))));
    },

    async deleteFiles(dealId) {
      await redis.unlink(keys.dealFiles(dealId));
    },
  };
  return store;
}

// ---------------------------------------------------------------------------------------------------------
// A logger for one deal: pino (stdout) and the deal log (status page) at once.

type LogMethod = {
  (msg: string): void;
  (fields: Record<string, unknown>, msg: string): void;
};

export interface DealLogger {
  readonly dealId: number;
  /** The pino child (bound to dealId/blogId), for code that wants pino itself. */
  readonly pino: Logger;
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
  /** Resolves when every write to the deal log so far has settled (tests, shutdown). */
  flush(): Promise<void>;
}

/**
 * Writes to pino and, fire-and-forget, to the deal log. A failing Redis write never fails the caller: it is
 * swallowed with one pino warning. Debug lines reach the deal log only when pino's level lets them through.
 */
export function createDealLogger(
  store: Pick<DealStore, 'appendLog'>,
  baseLogger: Logger,
  dealId: number,
  blogId?: number,
): DealLogger {
  const pinoLog = baseLogger.child(blogId === undefined ? { dealId } : { dealId, blogId });
  const pending = new Set<Promise<void>>();

  const method =
    (level: 'debug' | 'info' | 'warn' | 'error'): LogMethod =>
    (a: string | Record<string, unknown>, b?: string) => {
      const fields = typeof a === 'string' ? {} : a;
      const msg = typeof a === 'string' ? a : (b ?? '');
      pinoLog[level](fields, msg);
      if (level === 'debug' && !pinoLog.isLevelEnabled('debug')) return;
      const write = store
        .appendLog(dealId, { level, msg, fields, ...(blogId !== undefined ? { blogId } : {}) })
        .catch((error: unknown) => {
          pinoLog.warn({ err: (error as Error)?.message ?? String(error) }, 'deal log write failed');
        })
        .finally(() => pending.delete(write));
      pending.add(write);
    };

  return {
    dealId,
    pino: pinoLog,
    debug: method('debug'),
    info: method('info'),
    warn: method('warn'),
    error: method('error'),
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
