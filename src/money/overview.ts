/**
 * The payout overview as pressbridge keeps it in Redis: the last answer of `GET /v1/payouts` with the time it was
 * read (`<prefix>:money:payouts`), and the reading schedule (`<prefix>:money:poll`: when a read was last tried,
 * and the last failure). Several processes and restarts share both, so the overview is read at most once per
 * interval whoever asks (`claimRead`, one atomic step).
 */
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Phrase, Said } from '../errors.js';
import { PayoutOverview } from '../marketplace/schema.js';
import { luaScript } from '../redis/lua-script.js';

export interface MoneyKeys {
  payouts: string;
  poll: string;
}

export function moneyKeys(prefix: string): MoneyKeys {
  return { payouts: `${prefix}:money:payouts`, poll: `${prefix}:money:poll` };
}

export const StoredOverview = z.object({
  /** ISO 8601: when the overview was read. */
  fetchedAt: z.iso.datetime({ offset: true }),
  overview: PayoutOverview,
});
export type StoredOverview = z.infer<typeof StoredOverview>;

/** Why a read of the overview failed: in English for the log and `--json`, and for the blogger. */
export interface ReadFailure {
  message: string;
  /** The same as a phrase when the error had one (a marketplace error does); else `message` as it is. */
  said?: Said;
}

export interface PollState {
  /** ISO 8601: the last read tried (by any process). */
  attemptAt?: string;
  /** The last read's failure, until a read succeeds. */
  error?: ReadFailure & { at: string };
}

/** A phrase stored longer than this is dropped (the English stays): the marketplace's words inside are capped too. */
const MAX_SAID_JSON = 4_000;

/**
 * KEYS: poll hash. ARGV: nowMs, intervalMs, force. Grants a read when none was tried within the interval (or
 * `force`), and records the attempt in the same step. A stored attempt further in the future than one interval
 * (a process with a wrong clock) does not block reads for ever.
 */
const CLAIM = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local last = tonumber(redis.call('HGET', KEYS[1], 'attemptAt') or '')
if ARGV[3] ~= '1' and last and (now - last) < interval and (last - now) < interval then return 0 end
redis.call('HSET', KEYS[1], 'attemptAt', ARGV[1])
return 1
`;
const runClaim = luaScript(CLAIM);

/** True when this caller may read the overview now (and the attempt is recorded for everyone). */
export async function claimRead(
  redis: Redis,
  keys: MoneyKeys,
  nowMs: number,
  intervalMs: number,
  force = false,
): Promise<boolean> {
  return (await runClaim(redis, [keys.poll], [nowMs, intervalMs, force ? '1' : '0'])) === 1;
}

export async function writeOverview(redis: Redis, keys: MoneyKeys, stored: StoredOverview): Promise<void> {
  await redis
    .multi()
    .set(keys.payouts, JSON.stringify(stored))
    .hdel(keys.poll, 'error', 'errorAt', 'errorSaid')
    .exec();
}

export async function writeReadFailure(
  redis: Redis,
  keys: MoneyKeys,
  failure: ReadFailure,
  at: Date,
): Promise<void> {
  const said = typeof failure.said === 'object' ? JSON.stringify(failure.said) : undefined;
  const multi = redis
    .multi()
    .hset(keys.poll, 'error', failure.message.slice(0, 500), 'errorAt', at.toISOString());
  if (said !== undefined && said.length <= MAX_SAID_JSON) multi.hset(keys.poll, 'errorSaid', said);
  else multi.hdel(keys.poll, 'errorSaid');
  await multi.exec();
}

function readSaid(raw: string | undefined): Phrase | undefined {
  if (raw === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && typeof (value as Phrase).key === 'string'
      ? (value as Phrase)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The stored overview, or undefined when none was read yet (or what is stored is unreadable). */
export async function readOverview(redis: Redis, keys: MoneyKeys): Promise<StoredOverview | undefined> {
  const raw = await redis.get(keys.payouts);
  if (raw === null) return undefined;
  try {
    const parsed = StoredOverview.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function readPollState(redis: Redis, keys: MoneyKeys): Promise<PollState> {
  const hash = await redis.hgetall(keys.poll);
  const attempt = Number(hash.attemptAt);
  return {
    ...(Number.isFinite(attempt) && hash.attemptAt ? { attemptAt: new Date(attempt).toISOString() } : {}),
    ...(hash.error && hash.errorAt ? { error: readFailure(hash.error, hash.errorAt, hash.errorSaid) } : {}),
  };
}

function readFailure(
  message: string,
  at: string,
  saidJson: string | undefined,
): ReadFailure & { at: string } {
  const said = readSaid(saidJson);
  return said === undefined ? { message, at } : { message, at, said };
}
