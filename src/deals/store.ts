/**
 * The deal store: one Redis hash per deal (./hash.ts), written through Lua scripts (./scripts.ts) that keep the
 * record, the index and the state map consistent and enforce the lifecycle's transitions (./lifecycle.ts);
 * DealChanged after each committed update (./events.ts); the deal's logs, events and files (./journal.ts).
 */
import { systemClock } from '../clock.js';
import { scrubPhrase, scrubText } from '../redact.js';
import { createDealEvents } from './events.js';
import { DATA_PREFIX, ERROR_PHRASE_FIELD, PLAIN_FIELDS, STEP_PREFIX, toRecord } from './hash.js';
import { clampLimit, createDealJournal } from './journal.js';
import {
  DEAL_RUN_STATES,
  type DealRunState,
  type DealWriter,
  isDealRunState,
  refusedTransition,
  TRANSITIONS,
  TransitionRefusedError,
} from './lifecycle.js';
import {
  type DealPatch,
  type DealRecord,
  type DealStep,
  type DealStore,
  type DealStoreOptions,
  dealStoreKeys,
} from './record.js';
import {
  type EventLimits,
  eventScriptInput,
  runClaimField,
  runCreateIfAbsent,
  runMarkEnqueued,
  runMarkEnqueuedAndRecord,
  runUpdateIfExists,
} from './scripts.js';

/** How long deal records are kept unless the store is told otherwise (`retentionDays`). */
export const DEFAULT_RETENTION_DAYS = 30;
/** Deal ids read per step when a listing filters by state. */
const LIST_SLICE = 1000;

export function createDealStore(options: DealStoreOptions): DealStore {
  const { redis, prefix } = options;
  const keys = dealStoreKeys(prefix);
  const clock = options.clock ?? systemClock;
  const now = (): Date => clock.now();
  const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const ttlSeconds = Math.ceil(retentionDays * 24 * 3600);
  const maxDealLog = options.maxDealLog ?? 500;
  const maxGlobalLog = options.maxGlobalLog ?? 5000;
  const maxDealEvents = options.maxDealEvents ?? 100;
  const maxGlobalEvents = options.maxGlobalEvents ?? 1000;
  const maxEventBodyBytes = options.maxEventBodyBytes ?? 8 * 1024;
  const _maxFieldsBytes = 4 * 1024;
  const eventLimits: EventLimits = { maxEventBodyBytes, maxGlobalEvents, maxDealEvents, ttlSeconds };
  const events = options.events ?? createDealEvents(options.log);

  /** The states `to` may follow, as the update script takes them ('' = any). */
  function allowedFrom(to: DealRunState | undefined): string {
    const from = to === undefined ? 'any' : TRANSITIONS[to].from;
    return from === 'any' ? '' : `,${[...from, to].join(',')},`;
  }

  /**
   * Writes the fields unless the record is missing (undefined) or `to` is refused (TransitionRefusedError); the
   * state before the write and the record after it.
   */
  async function writeFields(
    dealId: number,
    sets: Array<[string, string]>,
    dels: string[],
    to?: DealRunState,
  ): Promise<{ from: DealRunState; record: DealRecord } | undefined> {
    const args = [
      String(dealId),
      String(ttlSeconds),
      allowedFrom(to),
      String(sets.length),
      ...sets.flat(),
      ...dels,
    ];
    const reply = await runUpdateIfExists(redis, [keys.deal(dealId), keys.index, keys.states], args);
    const [status, before, ...flat] = (Array.isArray(reply) ? reply : [0]) as [number, string?, ...string[]];
    const from: DealRunState = isDealRunState(before) ? before : 'received';
    if (status === -1 && to !== undefined) {
      throw new TransitionRefusedError(dealId, refusedTransition(from, to) ?? `the state ${to} was refused`);
    }
    if (status !== 1) return undefined;
    const hash: Record<string, string> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) hash[flat[i] as string] = flat[i + 1] as string;
    const record = toRecord(hash);
    return record ? { from, record } : undefined;
  }

  async function update(dealId: number, patch: DealPatch, writer?: DealWriter): Promise<boolean> {
    if (patch.state !== undefined && writer !== undefined) {
      const refused = refusedTransition(patch.state, patch.state, writer);
      if (refused) throw new TransitionRefusedError(dealId, refused);
    }
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
    // The phrase goes with its error: a new error without one, or none, removes the old one.
    if (patch.errorPhrase) sets.push([ERROR_PHRASE_FIELD, JSON.stringify(scrubPhrase(patch.errorPhrase))]);
    else if (patch.errorPhrase === null || patch.error !== undefined) dels.push(ERROR_PHRASE_FIELD);
    for (const [name, value] of Object.entries(patch.data ?? {})) {
      if (value === null) dels.push(`${DATA_PREFIX}${name}`);
      else if (value !== undefined) sets.push([`${DATA_PREFIX}${name}`, JSON.stringify(value)]);
    }
    const written = await writeFields(dealId, sets, dels, patch.state);
    if (!written) return false;
    const { from, record } = written;
    await events.emitChanged({ dealId, from, to: record.state, record, patch });
    return true;
  }

  async function get(dealId: number): Promise<DealRecord | undefined> {
    return toRecord(await redis.hgetall(keys.deal(dealId)));
  }

  const store: DealStore = {
    prefix,
    keys,
    events,
    as: (writer) => ({ ...store, update: (dealId, patch) => update(dealId, patch, writer) }),

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

    update: (dealId, patch) => update(dealId, patch),

    async markEnqueued(dealId, jobId, event) {
      const at = now().toISOString();
      const mark = [keys.deal(dealId)];
      if (!event) return (await runMarkEnqueued(redis, mark, [jobId, at, String(ttlSeconds)])) === 1;
      const [eventKeys, eventArgs] = eventScriptInput(keys, eventLimits, dealId, event, [
        'enqueued',
        'duplicate',
      ]);
      const reply = await runMarkEnqueuedAndRecord(
        redis,
        [...mark, ...eventKeys],
        [jobId, at, String(ttlSeconds), ...eventArgs],
      );
      return reply === 1;
    },

    async claimData(dealId, name, value) {
      const reply = await runClaimField(
        redis,
        [keys.deal(dealId)],
        [`${DATA_PREFIX}${name}`, JSON.stringify(value)],
      );
      if (reply === 1) await update(dealId, {});
      const record = await get(dealId);
      return { claimed: reply === 1, value: record?.data[name] };
    },

    async recordStep(dealId, step, outcome, ms) {
      const startedAt = new Date(now().getTime() - ms).toISOString();
      const value: DealStep = { startedAt, ms: Math.round(ms), outcome };
      const written = await writeFields(
        dealId,
        [
          ['updatedAt', now().toISOString()],
          [`${STEP_PREFIX}${step}`, JSON.stringify(value)],
        ],
        [],
      );
      if (written) await events.emitStep({ dealId, step, outcome, ms });
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
        // Counted from the state map in one read; the page is found by walking the index newest first in
        // slices, so that neither call takes one argument per deal (tens of thousands of ids spread into one
        // HMGET overflow the stack) and a page near the front stops early.
        total = (await redis.hvals(keys.states)).filter((s) => wanted.has(s)).length;
        ids = [];
        for (let start = 0; ids.length < offset + limit; start += LIST_SLICE) {
          const slice = await redis.zrevrange(keys.index, start, start + LIST_SLICE - 1);
          if (slice.length === 0) break;
          const states = await redis.hmget(keys.states, ...slice);
          ids.push(...slice.filter((_, i) => wanted.has(states[i] ?? '')));
        }
        ids = ids.slice(offset, offset + limit);
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

    ...createDealJournal({
      redis,
      keys,
      clock,
      ttlSeconds,
      maxDealLog,
      maxGlobalLog,
      maxDealEvents,
      eventLimits,
    }),

    async countByState() {
      const counts = Object.fromEntries(DEAL_RUN_STATES.map((s) => [s, 0])) as Record<DealRunState, number>;
      for (const state of await redis.hvals(keys.states)) {
        if (isDealRunState(state)) counts[state] += 1;
      }
      return counts;
    },
  };
  return store;
}
