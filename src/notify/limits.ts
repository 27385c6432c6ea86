/**
 * The per-channel rate limit (fixed clock hours, counted in Redis so every process of one installation shares
 * it), one budget per kind (`RateBudget`: the blogger's own messages, the advertiser's claims and messages),
 * and the quiet-hours hold (a Redis list per channel, so a restart keeps what waits).
 */
import type { Redis } from 'ioredis';
import { notifyKeys } from './record.js';
import type { OutgoingMessage, RateBudget } from './types.js';

const HOUR_MS = 3_600_000;

export function hourWindow(at: Date): number {
  return Math.floor(at.getTime() / HOUR_MS);
}

/**
 * Counts one message in the channel's `budget` for this hour. Returns false when it is over `maxPerHour` (and
 * counts it as suppressed for the later summary) unless `always` (urgent messages are counted but always pass).
 */
export async function takeRateSlot(
  redis: Redis,
  prefix: string,
  channel: string,
  budget: RateBudget,
  maxPerHour: number,
  at: Date,
  always: boolean,
): Promise<boolean> {
  const keys = notifyKeys(prefix);
  const window = hourWindow(at);
  const key = keys.rate(channel, budget, window);
  const answers = await redis.multi().incr(key).expire(key, 7_200).exec();
  const count = Number(answers?.[0]?.[1] ?? 0);
  if (count <= maxPerHour || always) return true;
  const suppressed = keys.suppressed(channel, budget);
  await redis
    .multi()
    .hincrby(suppressed, 'count', 1)
    .hset(suppressed, 'window', String(window))
    .expire(suppressed, 7 * 24 * 3600)
    .exec();
  return false;
}

/** Takes (atomically, once across processes) the count of messages suppressed in an hour before `at`'s. */
const TAKE_SUPPRESSED = `
local w = redis.call('HGET', KEYS[1], 'window')
if not w or tonumber(w) >= tonumber(ARGV[1]) then return 0 end
local c = redis.call('HGET', KEYS[1], 'count')
redis.call('DEL', KEYS[1])
return tonumber(c) or 0`;

export async function takeSuppressed(
  redis: Redis,
  prefix: string,
  channel: string,
  budget: RateBudget,
  at: Date,
): Promise<number> {
  const key = notifyKeys(prefix).suppressed(channel, budget);
  const count = await redis.eval(TAKE_SUPPRESSED, 1, key, hourWindow(at));
  return Number(count) || 0;
}

export async function hold(
  redis: Redis,
  prefix: string,
  channel: string,
  message: OutgoingMessage,
): Promise<void> {
  await redis.rpush(notifyKeys(prefix).held(channel), JSON.stringify(message));
}

/** The oldest held message of the channel, removed from the list (each goes to exactly one process). */
export async function takeHeld(
  redis: Redis,
  prefix: string,
  channel: string,
): Promise<OutgoingMessage | undefined> {
  const text = await redis.lpop(notifyKeys(prefix).held(channel));
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as OutgoingMessage;
  } catch {
    return undefined;
  }
}
