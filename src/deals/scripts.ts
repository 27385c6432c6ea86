/**
 * The deal store's Lua scripts: each keeps the record, the index and the state map (or the event lists) consistent
 * in one step. Steps two scripts share are written once, as Lua functions prepended to both.
 */
import { redactSecrets, scrubText } from '../redact.js';
import { luaScript } from '../redis/lua-script.js';
import type { DealStoreKeys, EventRecord, NewEventRecord } from './record.js';

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

/**
 * KEYS: deal, index, states. ARGV: dealId, ttlSeconds, allowedFrom, nSet, field, value, …, fieldToDelete, ….
 * `allowedFrom` is '' (no state written, or any state may precede) or ',a,b,' (the states the written one may
 * follow: src/deals/lifecycle.ts TRANSITIONS). Returns {0} without a record, {-1, state} when the current state
 * may not be followed so (nothing written), else {1, the state before the write, the record's fields and values
 * after it} (what DealChanged carries, without a second round trip).
 */
const UPDATE_IF_EXISTS = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {0} end
local before = redis.call('HGET', KEYS[1], 'state') or 'received'
if ARGV[3] ~= '' and not string.find(ARGV[3], ',' .. before .. ',', 1, true) then return {-1, before} end
local n = tonumber(ARGV[4])
local sets = {}
local i = 5
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
local reply = {1, before}
for _, v in ipairs(redis.call('HGETALL', KEYS[1])) do reply[#reply + 1] = v end
return reply
`;

/**
 * Notes that a deal's job is stored: sets `enqueuedAt` unless set (HSETNX), then `jobId` and `updatedAt`, and
 * refreshes the TTL. 1 when this call set `enqueuedAt`, 0 when it was set already or the record is missing.
 * Shared as a Lua function by MARK_ENQUEUED and MARK_ENQUEUED_AND_RECORD.
 */
const MARK_ENQUEUED_FN = `
local function mark_enqueued(key, job_id, at, ttl)
  if redis.call('EXISTS', key) == 0 then return 0 end
  if redis.call('HSETNX', key, 'enqueuedAt', at) == 0 then return 0 end
  redis.call('HSET', key, 'jobId', job_id, 'updatedAt', at)
  redis.call('EXPIRE', key, ttl)
  return 1
end
`;

/** KEYS: deal. ARGV: jobId, enqueuedAt, ttlSeconds. 1 when this call set `enqueuedAt`. */
const MARK_ENQUEUED = `${MARK_ENQUEUED_FN}
return mark_enqueued(KEYS[1], ARGV[1], ARGV[2], ARGV[3])
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
 * MARK_ENQUEUED's step, then the delivery's event with outcome `enqueued` (this call set enqueuedAt) or `duplicate`.
 * KEYS: deal, then RECORD_EVENT's; ARGV: jobId, enqueuedAt, ttlSeconds, then RECORD_EVENT's with two
 * outcome/json pairs (enqueued first).
 */
const MARK_ENQUEUED_AND_RECORD = `${MARK_ENQUEUED_FN}${RECORD_EVENT_FN}
local marked = mark_enqueued(KEYS[1], ARGV[1], ARGV[2], ARGV[3])
local k = {KEYS[2], KEYS[3], KEYS[4]}
local a = {ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8], ARGV[9]}
if marked == 1 then record_event(k, a, ARGV[10], ARGV[11]) else record_event(k, a, ARGV[12], ARGV[13]) end
return marked
`;

export const runCreateIfAbsent = luaScript(CREATE_IF_ABSENT);
export const runRecordEvent = luaScript(RECORD_EVENT);
export const runMarkEnqueuedAndRecord = luaScript(MARK_ENQUEUED_AND_RECORD);
export const runUpdateIfExists = luaScript(UPDATE_IF_EXISTS);
export const runMarkEnqueued = luaScript(MARK_ENQUEUED);

/** The store's caps that shape a recorded event. */
export interface EventLimits {
  maxEventBodyBytes: number;
  maxGlobalEvents: number;
  maxDealEvents: number;
  ttlSeconds: number;
}

/**
 * KEYS and ARGV of RECORD_EVENT for an event, with its stored JSON once per possible outcome (the script that
 * marks a deal enqueued knows only then which one applies).
 */
export function eventScriptInput(
  keys: DealStoreKeys,
  limits: EventLimits,
  dealId: number | undefined,
  event: Omit<NewEventRecord, 'outcome'>,
  outcomes: readonly string[],
): [string[], Array<string | number>] {
  const { maxEventBodyBytes, maxGlobalEvents, maxDealEvents, ttlSeconds } = limits;
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

/**
 * KEYS[1] the deal hash; ARGV[1] the field, ARGV[2] its value. 1 when this call wrote it, 0 when the field was
 * there already, -1 when the deal has no record (nothing written).
 */
const CLAIM_FIELD = `
if redis.call('HEXISTS', KEYS[1], 'dealId') == 0 then return -1 end
return redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
`;
export const runClaimField = luaScript(CLAIM_FIELD);
