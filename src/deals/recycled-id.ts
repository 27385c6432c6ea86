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
import type { Phrase } from '../errors.js';
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

/**
 * One fact that tells the acceptances apart: in English for the logs, and as the catalog's `log.recycled_id.*`
 * (src/i18n/messages/deal-log.ts) for the blogger. This module may import no catalog: the two are written side by
 * side here, and test/unit/deals/recycled-id.test.ts compares them.
 */
export interface AcceptanceDifference {
  english: string;
  said: Phrase;
}

function difference(key: string, params: Record<string, string>, english: string): AcceptanceDifference {
  return { english, said: { key: `log.recycled_id.${key}`, params } };
}

/** How the acceptance seen differs from the record's, one per fact; empty: nothing says it is another. */
export function acceptanceDifferences(record: DealRecord, seen: AcceptanceSeen): AcceptanceDifference[] {
  const data = readDealData(record.data);
  const stamp = data.acceptance;
  const differences: AcceptanceDifference[] = [];
  const change = (key: string, was: string | number, now: string | number, name: string) =>
    differences.push(difference(key, { was: String(was), now: String(now) }, `${name} ${was} → ${now}`));
  if (record.blogId !== seen.blogId) change('blog', record.blogId, seen.blogId, 'blog');
  if (stamp?.demandId !== undefined && seen.demandId !== undefined && stamp.demandId !== seen.demandId) {
    change('demand', stamp.demandId, seen.demandId, 'demand');
  }
  const was = stamp?.publishDeadline?.trim();
  const now = seen.publishDeadline?.trim();
  if (was && now && was !== now) change('publish_deadline', was, now, 'publish_deadline');
  const handedInAt = data.handedInAt;
  const handedInMs = handedInAt ? Date.parse(handedInAt) : Number.NaN;
  if (handedInAt && Number.isFinite(handedInMs) && differences.length === 0) {
    const acceptedMs = seen.deadline ? acceptedAtOf(new Date(seen.deadline)).getTime() : Number.NaN;
    const changedMs = seen.changedAt ? Date.parse(seen.changedAt) : Number.NaN;
    if (acceptedMs > handedInMs) {
      const at = new Date(acceptedMs).toISOString();
      differences.push(
        difference(
          'accepted_after',
          { at, handedInAt },
          `accepted about ${at}, after the hand-in at ${handedInAt}`,
        ),
      );
    } else if (seen.changedAt && changedMs > handedInMs) {
      const at = seen.changedAt;
      differences.push(
        difference(
          'listed_after',
          { at, handedInAt },
          `listed as accepted, changed at ${at}, after the hand-in at ${handedInAt}`,
        ),
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
  /** In English, one per fact (the logs, a finding stored before `differencesSaid`). */
  differences: string[];
  /** The same as one list for the blogger (`log.recycled_id.*`); absent on a finding stored before it was kept. */
  differencesSaid?: Phrase;
  /** The sentence for the logs (the deal log's line says it from the catalog's `log.recycled_id`). */
  message: string;
}

/**
 * The finding for a finished deal seen again `at`, or undefined when nothing says the acceptance is another one
 * (or the deal is not finished).
 */
export function recycledIdFinding(
  record: DealRecord,
  seen: AcceptanceSeen,
  at: Date,
): RecycledIdFinding | undefined {
  if (!isFinal(record.state)) return undefined;
  const found = acceptanceDifferences(record, seen);
  if (found.length === 0) return undefined;
  const list = found.reduce((a, b) => ({
    english: `${a.english}; ${b.english}`,
    said: { key: 'log.recycled_id.and', params: { a: a.said, b: b.said } },
  }));
  return {
    at: at.toISOString(),
    dealId: record.dealId,
    state: record.state,
    via: seen.via,
    differences: found.map((d) => d.english),
    differencesSaid: list.said,
    message:
      `deal ${record.dealId} came again with another acceptance than the deal pressbridge finished: ` +
      `${list.english}. The marketplace reused the id (a restarted sandbox does); the finished deal is not run ` +
      'again: publish the new one by hand and tell the marketplace',
  };
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
    // A phrase that does not read as one is dropped: the English is shown instead.
    const { differencesSaid, ...finding } = parsed as RecycledIdFinding;
    return typeof differencesSaid?.key === 'string' ? { ...finding, differencesSaid } : finding;
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
    const finding = recycledIdFinding(record, seen, now());
    if (!finding) return false;
    const { message, differences, differencesSaid } = finding;
    log.warn({ dealId: record.dealId, state: record.state, via: seen.via, differences }, message);
    // The deal log's line is `message` said from the catalog; the source and the state are its fields.
    await store.appendLog(record.dealId, {
      level: 'warn',
      msg: message,
      key: 'log.recycled_id',
      params: { deal: String(record.dealId), differences: differencesSaid ?? differences.join('; ') },
      fields: { via: seen.via, state: record.state },
    });
    const key = recycledIdKey(prefix);
    await redis
      .multi()
      .hset(key, 'last', JSON.stringify(finding))
      .expire(key, FINDING_DAYS * 24 * 3_600)
      .exec();
    return true;
  };
}
