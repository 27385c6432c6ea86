/**
 * The watcher's durable schedule: one Redis sorted set `<prefix>:watch:due` of deal ids scored by the time
 * (epoch ms) of their next check, so a restart loses nothing.
 *
 * Spread: each deal has its own phase within the interval (a hash of its id), so the checks of a blogger's
 * many deals fall at different times of day (of the week, for the weekly watch of paid deals) rather than all
 * at once; a little jitter on top keeps two deals
 * of the same phase apart. The next check is the deal's first phase point at least half an interval away,
 * plus the jitter: checks come about one interval apart, always at about the same time of day for that deal.
 *
 * Claiming: a tick takes the due ids and, in the same Lua step, moves them a lease ahead, so two processes
 * never check one deal at once and a process that dies mid-check leaves the deal due again after the lease.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import type { DealChangedListener } from '../deals/record.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { luaScript } from '../redis/lua-script.js';
import type { WatchSettings } from './settings.js';

export function watchKey(prefix: string): string {
  return `${prefix}:watch:due`;
}

/** The deal's phase within the interval: the same for every check of that deal, spread evenly over deals. */
export function phaseOf(dealId: number, intervalMs: number): number {
  const digest = createHash('sha256').update(`watch:${dealId}`).digest();
  return digest.readUInt32BE(0) % Math.max(1, Math.floor(intervalMs));
}

/** The jitter added to a check time: at most 5 % of the interval, at most 15 minutes. */
export function maxJitterMs(intervalMs: number): number {
  return Math.min(intervalMs * 0.05, 15 * 60_000);
}

/**
 * When the deal is next checked after `fromMs`: its first phase point at least half an interval after
 * `fromMs`, plus `random()` × the jitter.
 */
export function nextCheckAt(
  dealId: number,
  fromMs: number,
  intervalMs: number,
  random: () => number = Math.random,
): number {
  const phase = phaseOf(dealId, intervalMs);
  const earliest = fromMs + intervalMs / 2;
  const slot = Math.ceil((earliest - phase) / intervalMs) * intervalMs + phase;
  return Math.round(slot + random() * maxJitterMs(intervalMs));
}

/** Adds the deal unless it is scheduled already (a second hand-in keeps the first schedule). */
export async function enrol(redis: Redis, prefix: string, dealId: number, atMs: number): Promise<boolean> {
  return (await redis.zadd(watchKey(prefix), 'NX', atMs, String(dealId))) === 1;
}

const CLAIM_DUE = luaScript(`
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, id in ipairs(due) do redis.call('ZADD', KEYS[1], 'XX', ARGV[2], id) end
return due
`);

/** The ids due at `nowMs` (at most `limit`, earliest first), each leased until `leaseUntilMs`. */
export async function claimDue(
  redis: Redis,
  prefix: string,
  nowMs: number,
  leaseUntilMs: number,
  limit: number,
): Promise<number[]> {
  const ids = (await CLAIM_DUE(redis, [watchKey(prefix)], [nowMs, leaseUntilMs, limit])) as string[];
  return ids.map(Number).filter((id) => Number.isSafeInteger(id));
}

/** The next check of a deal still watched (a deal dropped meanwhile stays dropped). */
export async function reschedule(redis: Redis, prefix: string, dealId: number, atMs: number): Promise<void> {
  await redis.zadd(watchKey(prefix), 'XX', atMs, String(dealId));
}

export async function drop(redis: Redis, prefix: string, dealId: number): Promise<void> {
  await redis.zrem(watchKey(prefix), String(dealId));
}

/** The next check time of a deal (epoch ms), or undefined when it is not watched. */
export async function scheduledAt(redis: Redis, prefix: string, dealId: number): Promise<number | undefined> {
  const score = await redis.zscore(watchKey(prefix), String(dealId));
  return score === null ? undefined : Number(score);
}

export interface EnrolmentOptions {
  redis: Redis;
  prefix: string;
  /** `paidIntervalHours`: a week when absent; `firstCheckMinutes`: 10 when absent. */
  settings: Pick<WatchSettings, 'intervalHours'> &
    Partial<Pick<WatchSettings, 'paidIntervalHours' | 'firstCheckMinutes'>>;
  log: Logger;
  clock?: Pick<Clock, 'now'>;
}

/**
 * The one hook that enrols deals, as a deal-event subscriber (src/deals/events.ts): a committed write of the
 * state `handed_in` schedules the deal's first check `firstCheckMinutes` later (it records the article as
 * handed in: the evidence's first entry and snapshot); the checks after it fall at the deal's own time of day. Every hand-in goes through the store (the pipeline's
 * hand-in step, a resumed run that finds the hand-in done, an operator's "hand in again", which runs the
 * pipeline again), whichever process writes it. A committed `deal.paid` (`data.paid`) enrols the deal too,
 * at the weekly interval, when it is not scheduled (its unpaid watch ran out after `watch.days`); a deal still
 * scheduled moves to the weekly interval at its next check. A failed enrolment never fails the write: it is
 * logged, and the watcher's start-up catches up.
 */
export function watchEnrolment(options: EnrolmentOptions): DealChangedListener {
  const clock = options.clock ?? systemClock;
  return async ({ dealId, patch }) => {
    const paid = patch.data?.paid !== undefined && patch.data?.paid !== null;
    if (patch.state !== 'handed_in' && !paid) return;
    const nowMs = clock.now().getTime();
    const at = paid
      ? nextCheckAt(dealId, nowMs, (options.settings.paidIntervalHours ?? 24 * 7) * 3_600_000)
      : nowMs + (options.settings.firstCheckMinutes ?? 10) * 60_000;
    await enrol(options.redis, options.prefix, dealId, at).catch((error: unknown) => {
      options.log.warn({ dealId, err: errorMessage(error) }, 'article watch: deal not scheduled');
    });
  };
}
