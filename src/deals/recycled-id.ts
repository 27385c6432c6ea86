/**
 * A deal id seen again with a different acceptance: the marketplace (or a restarted sandbox) numbered a new deal
 * with the id of one pressbridge already finished. The producer's dedupe keeps the old deal from running again
 * either way; this says so, loudly, instead of an info line "deal already queued": a warning in the daemon's log
 * and the deal's, and a finding the status page's home shows for `FINDING_DAYS`
 * (`<prefix>:deals:recycled-id`, hash, JSON under `last`).
 *
 * What tells two acceptances apart, when both sides know it (a fact one side lacks proves nothing):
 *
 * | fact | the record (stamped at its first acceptance: `data.acceptance`) | the acceptance seen again |
 * |---|---|---|
 * | blog | `blogId` | the event's or listing's blog id |
 * | demand | `acceptance.demandId` | `demand.id` |
 * | `publish_deadline` as sent | `acceptance.publishDeadline` (a `deal.accepted` only) | the event's (a `deal.accepted` only) |
 * | accepted after our hand-in | `handedInAt` | the event's deadline − 60 min, or a listing's `changed_at` |
 *
 * Raw `publish_deadline` strings are compared, not their readings: a zone fixed in the config between two
 * deliveries of one deal changes the reading, never the string. A listing has no `publish_deadline`; its
 * `changed_at` may move for the same deal (a message), so it counts only against a hand-in: a deal pressbridge
 * handed in is no longer `akceptovano`, so one listed as accepted with a change after that is another acceptance.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { readDealData } from './data.js';
import { acceptedAtOf, isFinal } from './lifecycle.js';
import type { DealRecord, DealStore } from './record.js';

/** How long the home page shows the last finding. */
export const FINDING_DAYS = 7;

/** An acceptance of a deal as it reached pressbridge (a `deal.accepted`, or the marketplace's list). */
export interface AcceptanceSeen {
  /** The job source: `webhook`, `poll`, `reconcile`, `manual`. */
  via: string;
  blogId: number;
  demandId?: number | undefined;
  /** `publish_deadline` exactly as a `deal.accepted` sent it. */
  publishDeadline?: string | undefined;
  /** ISO 8601: that `publish_deadline` as read (absent when unreadable or not sent). */
  deadline?: string | undefined;
  /** ISO 8601: a listing's `changed_at`. */
  changedAt?: string | undefined;
}

/** What the record keeps of its first acceptance (`data.acceptance`, written once by the producer). */
export function acceptanceStamp(seen: AcceptanceSeen): { demandId?: number; publishDeadline?: string } {
  return {
    ...(seen.demandId !== undefined ? { demandId: seen.demandId } : {}),
    ...(seen.publishDeadline !== undefined ? { publishDeadline: seen.publishDeadline } : {}),
  };
}

/** How the acceptance seen differs from the record's, one phrase per fact; empty: nothing says it is another. */
export function acceptanceDifferences(record: DealRecord, seen: AcceptanceSeen): string[] {
  const data = readDealData(record.data);
  const stamp = data.acceptance;
  const differences: string[] = [];
  if (record.blogId !== seen.blogId) differences.push(`blog ${record.blogId} → ${seen.blogId}`);
  if (stamp?.demandId !== undefined && seen.demandId !== undefined && stamp.demandId !== seen.demandId) {
    differences.push(`demand ${stamp.demandId} → ${seen.demandId}`);
  }
  const was = stamp?.publishDeadline?.trim();
  const now = seen.publishDeadline?.trim();
  if (was && now && was !== now) differences.push(`publish_deadline ${was} → ${now}`);
  const handedInMs = data.handedInAt ? Date.parse(data.handedInAt) : Number.NaN;
  if (Number.isFinite(handedInMs) && differences.length === 0) {
    const acceptedMs = seen.deadline ? acceptedAtOf(new Date(seen.deadline)).getTime() : Number.NaN;
    const changedMs = seen.changedAt ? Date.parse(seen.changedAt) : Number.NaN;
    if (acceptedMs > handedInMs) {
      differences.push(
        `accepted about ${new Date(acceptedMs).toISOString()}, after the hand-in at ${data.handedInAt}`,
      );
    } else if (changedMs > handedInMs) {
      differences.push(
        `listed as accepted, changed at ${seen.changedAt}, after the hand-in at ${data.handedInAt}`,
      );
    }
  }
  return differences;
}

export interface RecycledIdFinding {
  /** ISO 8601: when the acceptance seen again arrived. */
  at: string;
  dealId: number;
  /** The record's state: the deal pressbridge finished. */
  state: string;
  via: string;
  differences: string[];
  /** The sentence for the logs. */
  message: string;
}

export function recycledIdKey(prefix: string): string {
  return `${prefix}:deals:recycled-id`;
}

export async function readRecycledIdFinding(
  redis: Redis,
  prefix: string,
): Promise<RecycledIdFinding | undefined> {
  const raw = await redis.hget(recycledIdKey(prefix), 'last');
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<RecycledIdFinding>;
    if (typeof parsed.dealId !== 'number' || !Array.isArray(parsed.differences)) return undefined;
    if (typeof parsed.at !== 'string' || typeof parsed.message !== 'string') return undefined;
    return parsed as RecycledIdFinding;
  } catch {
    return undefined;
  }
}

export interface RecycledIdCheckOptions {
  redis: Redis;
  prefix: string;
  store: Pick<DealStore, 'appendLog'>;
  log: Logger;
  now?: () => Date;
}

/**
 * The producer's `onSeenAgain` hook: for a finished deal seen again, true (after the warning, the deal's log line
 * and the finding) when the acceptance is another one; false (nothing written) when nothing says so.
 */
export function createRecycledIdCheck(
  options: RecycledIdCheckOptions,
): (record: DealRecord, seen: AcceptanceSeen) => Promise<boolean> {
  const { redis, prefix, store, log } = options;
  const now = options.now ?? (() => new Date());
  return async (record, seen) => {
    if (!isFinal(record.state)) return false;
    const differences = acceptanceDifferences(record, seen);
    if (differences.length === 0) return false;
    const message =
      `deal ${record.dealId} came again (${seen.via}) with another acceptance than the deal pressbridge finished ` +
      `(${record.state}): ${differences.join('; ')}. The marketplace reused the id (a restarted sandbox does); ` +
      'the finished deal is not run again: publish the new one by hand and tell the marketplace';
    const finding: RecycledIdFinding = {
      at: now().toISOString(),
      dealId: record.dealId,
      state: record.state,
      via: seen.via,
      differences,
      message,
    };
    const fields = { dealId: record.dealId, state: record.state, via: seen.via, differences };
    log.warn(fields, message);
    await store.appendLog(record.dealId, { level: 'warn', msg: message, fields: { via: seen.via } });
    const key = recycledIdKey(prefix);
    await redis
      .multi()
      .hset(key, 'last', JSON.stringify(finding))
      .expire(key, FINDING_DAYS * 24 * 3_600)
      .exec();
    return true;
  };
}
