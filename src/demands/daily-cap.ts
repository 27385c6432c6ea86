/**
 * The automatic offer's daily cap (`blogs[].rules.autoOffer.maxPerDay`, `maxKcPerDay`): offers and Kč counted in
 * Redis per blog per local day (Europe/Prague, the marketplace's zone). A slot is reserved before the offer is
 * made, in one Lua step that checks both caps and counts, so two daemons (or two rounds) never pass the cap
 * together; a reservation whose offer was not made is given back.
 *
 * Keys: `<p>:demands:<blog>:auto:<YYYY-MM-DD>` a hash `{count, kc}`, kept two days.
 */
import type { Redis } from 'ioredis';
import { localDay } from '../notify/sources/digest.js';
import { luaScript } from '../redis/lua-script.js';

const KEEP_MS = 2 * 24 * 60 * 60_000;

const RESERVE = luaScript(`
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local kc = tonumber(redis.call('HGET', KEYS[1], 'kc') or '0')
local reward = tonumber(ARGV[3])
if count + 1 > tonumber(ARGV[1]) then return 0 end
if kc + reward > tonumber(ARGV[2]) then return -1 end
redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HINCRBY', KEYS[1], 'kc', reward)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
`);

const RELEASE = luaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if tonumber(redis.call('HGET', KEYS[1], 'count') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'count', -1) end
local kc = tonumber(redis.call('HGET', KEYS[1], 'kc') or '0')
redis.call('HSET', KEYS[1], 'kc', math.max(0, kc - tonumber(ARGV[1])))
return 1
`);

export interface CapLimits {
  maxPerDay: number;
  maxKcPerDay: number;
}

export type Reservation =
  | { ok: true; day: string; release(): Promise<void> }
  | { ok: false; day: string; reason: 'count' | 'kc' };

export interface DailyCap {
  /** Reserves one offer of `reward` Kč today, or says which cap it would pass. */
  reserve(blogId: number, reward: number, limits: CapLimits, at: Date): Promise<Reservation>;
  /** What was counted on the local day of `at`. */
  used(blogId: number, at: Date): Promise<{ day: string; count: number; kc: number }>;
}

export function createDailyCap(redis: Redis, prefix: string, timeZone: string): DailyCap {
  const dayOf = (at: Date): string => localDay(at, timeZone) ?? at.toISOString().slice(0, 10);
  const keyOf = (blogId: number, day: string) => `${prefix}:demands:${blogId}:auto:${day}`;
  return {
    async reserve(blogId, reward, limits, at) {
      const day = dayOf(at);
      const key = keyOf(blogId, day);
      const answer = await RESERVE(redis, [key], [limits.maxPerDay, limits.maxKcPerDay, reward, KEEP_MS]);
      if (answer === 0) return { ok: false, day, reason: 'count' };
      if (answer === -1) return { ok: false, day, reason: 'kc' };
      return {
        ok: true,
        day,
        release: async () => {
          await RELEASE(redis, [key], [reward]);
        },
      };
    },
    async used(blogId, at) {
      const day = dayOf(at);
      const hash = await redis.hgetall(keyOf(blogId, day));
      return { day, count: Number(hash.count ?? 0), kc: Number(hash.kc ?? 0) };
    },
  };
}
