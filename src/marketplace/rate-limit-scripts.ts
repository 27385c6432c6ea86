/** The rate limiter's Lua scripts (rate-limit.ts): each checks and records against the Redis clock in one step. */
import type { Redis } from 'ioredis';
import { luaScript } from '../redis/lua-script.js';

// KEYS: 1 log (zset), 2 ceiling (int, expires at server reset), 3 penalty (expires at Retry-After)
// ARGV: 1 window ms (incl. margin), 2 slots usable by this priority, 3 ceiling slots this priority must leave,
//       4 unique member, 5 longest pause ms
// Returns {0, 'granted'} or {ms to wait, reason}. A penalty longer than the longest pause (written by an older
// version, or by a process with a larger cap) is shortened to it: no stored key silences every process for longer.
const ACQUIRE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local penalty = redis.call('PTTL', KEYS[3])
if penalty > 0 then
  local maxPause = tonumber(ARGV[5])
  if penalty > maxPause then
    redis.call('PEXPIRE', KEYS[3], maxPause)
    penalty = maxPause
  end
  return {penalty, 'penalty'}
end
local window = tonumber(ARGV[1])
local cap = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= cap then
  local idx = count - cap
  local oldest = redis.call('ZRANGE', KEYS[1], idx, idx, 'WITHSCORES')
  local wait = tonumber(oldest[2]) + window - now
  if wait < 1 then wait = 1 end
  return {wait, 'window'}
end
local ceiling = redis.call('GET', KEYS[2])
if ceiling then
  if tonumber(ceiling) <= tonumber(ARGV[3]) then
    local cttl = redis.call('PTTL', KEYS[2])
    if cttl < 1 then cttl = 1 end
    return {cttl, 'ceiling'}
  end
  redis.call('DECR', KEYS[2])
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window + 1000)
return {0, 'granted'}
`;

// KEYS: 1 log, 2 ceiling. ARGV: 1 limit, 2 window ms, 3 server remaining, 4 server reset epoch ms (0 = unknown),
//       5 look-back ms (how long the answer took: slots that left our window meanwhile still count),
//       6 longest pause ms (a ceiling lasts at most the window and at most this)
// Returns {1, ceiling} when a ceiling was stored, else {0, our remaining}.
const OBSERVE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local server = tonumber(ARGV[3])
local reset = tonumber(ARGV[4])
local count = redis.call('ZCOUNT', KEYS[1], '(' .. (now - window - tonumber(ARGV[5])), '+inf')
local ours = limit - count
if server >= ours then return {0, ours} end
local ttl = window
if reset > now then
  ttl = math.min(reset - now, window)
elseif reset > 0 then
  ttl = math.min(1000, window)
end
ttl = math.min(ttl, tonumber(ARGV[6]))
local existing = redis.call('GET', KEYS[2])
if existing and tonumber(existing) <= server then return {0, ours} end
redis.call('SET', KEYS[2], server, 'PX', ttl)
return {1, server}
`;

// KEYS: 1 penalty, 2 pause (hash: what the server asked). ARGV: 1 ms (already capped), 2 ms the server asked
//       ('' when it named no pause), 3 reason, 4 ms to remember the ask.
// Extends, never shortens, a running penalty; the ask is recorded only with a penalty it set or extended.
// Returns {1} when the penalty was set, {0} when a longer one was running.
const PENALIZE_SCRIPT = `
local ms = tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) >= ms then return {0} end
redis.call('SET', KEYS[1], '1', 'PX', ms)
if ARGV[2] ~= '' then
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  redis.call('DEL', KEYS[2])
  redis.call('HSET', KEYS[2], 'at', now, 'until', now + ms, 'asked', ARGV[2], 'capped', ms, 'reason', ARGV[3])
  redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[4]))
end
return {1}
`;

// KEYS: 1 log, 2 ceiling, 3 penalty, 4 pause. ARGV: 1 window ms.
// Returns {now, count, oldest score or -1, ceiling or -1, ceiling pttl, penalty pttl,
//          {pause at, until, asked, capped, reason} (false where absent)}.
const SNAPSHOT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local min = '(' .. (now - window)
local count = redis.call('ZCOUNT', KEYS[1], min, '+inf')
local oldest = -1
if count > 0 then
  local first = redis.call('ZRANGEBYSCORE', KEYS[1], min, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
  oldest = tonumber(first[2])
end
local ceiling = redis.call('GET', KEYS[2])
if ceiling then ceiling = tonumber(ceiling) else ceiling = -1 end
local pause = redis.call('HMGET', KEYS[4], 'at', 'until', 'asked', 'capped', 'reason')
return {now, count, oldest, ceiling, redis.call('PTTL', KEYS[2]), redis.call('PTTL', KEYS[3]), pause}
`;

/** A loaded Lua script whose reply must be an array. */
function script(source: string) {
  const run = luaScript(source);
  return async (redis: Redis, keys: string[], args: Array<string | number>): Promise<unknown[]> => {
    const reply = await run(redis, keys, args);
    if (!Array.isArray(reply)) throw new Error('rate limiter: unexpected reply from Redis');
    return reply;
  };
}

export const runAcquire = script(ACQUIRE_SCRIPT);
export const runObserve = script(OBSERVE_SCRIPT);
export const runPenalize = script(PENALIZE_SCRIPT);
export const runSnapshot = script(SNAPSHOT_SCRIPT);
