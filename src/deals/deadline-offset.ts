/**
 * The plausibility check of a first `deal.accepted`'s deadline (rule: src/marketplace/deadline.ts), and where its
 * finding is kept: `<prefix>:marketplace:deadline-offset` (hash, JSON under `last`). The status page's overview
 * card and `pressbridge doctor` read it; a later plausible first delivery clears it (the zone was fixed).
 *
 * Never drops or delays a deal: it only writes a finding and log lines (the caller ignores its failure).
 */
import type { Redis } from 'ioredis';
import type { Phrase } from '../errors.js';
import type { Logger } from '../logger.js';
import { judgeDeadline } from '../marketplace/deadline.js';
import type { DeadlineReading } from './deadline-reading.js';
import type { DeadlineSource } from './lifecycle.js';
import type { DealStore } from './record.js';

export interface DeadlineFinding {
  /** ISO 8601: when the implausible deal arrived. */
  at: string;
  dealId: number;
  /** `publish_deadline` as the marketplace sent it. */
  raw: string | null;
  aheadMinutes: number;
  offsetMinutes: number;
  suggestedZone: string | null;
  /** The zone pressbridge read it in. */
  timeZone: string;
  /** The sentence with the fix, in English. */
  message: string;
  /** The same for the blogger (the catalog's `deadline.*`); absent on a finding stored before it was kept. */
  said?: Phrase;
}

/** A deal log line said from the catalog (src/deals/record.ts `LogEntry.key`), its English as `msg`. */
function said(phrase: Phrase | undefined): { key?: string; params?: Phrase['params'] } {
  if (phrase === undefined) return {};
  return phrase.params === undefined ? { key: phrase.key } : { key: phrase.key, params: phrase.params };
}

export function deadlineOffsetKey(prefix: string): string {
  return `${prefix}:marketplace:deadline-offset`;
}

export async function readDeadlineFinding(
  redis: Redis,
  prefix: string,
): Promise<DeadlineFinding | undefined> {
  const raw = await redis.hget(deadlineOffsetKey(prefix), 'last');
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<DeadlineFinding>;
    if (typeof parsed.message !== 'string' || typeof parsed.offsetMinutes !== 'number') return undefined;
    return parsed as DeadlineFinding;
  } catch {
    return undefined;
  }
}

export interface DeadlineCheckOptions {
  redis: Redis;
  prefix: string;
  store: Pick<DealStore, 'appendLog'>;
  log: Logger;
  timeZone: string;
  /** Service clock minus ours from the API's `Date` headers (src/marketplace/service-clock.ts), when known. */
  serviceSkewMs?: () => number | undefined;
}

/** The producer's `onNewDeal` hook: judges the first reading of each webhook-delivered deal. */
export function createDeadlineCheck(
  options: DeadlineCheckOptions,
): (payload: { dealId: number; source: string } & DeadlineSource, reading: DeadlineReading) => Promise<void> {
  const { redis, prefix, store, log, timeZone } = options;
  const key = deadlineOffsetKey(prefix);
  return async (payload, reading) => {
    if (reading.warning) {
      log.warn({ dealId: payload.dealId }, reading.warning);
      await store.appendLog(payload.dealId, {
        level: 'warn',
        msg: reading.warning,
        ...said(reading.warningSaid),
      });
    }
    // Only the marketplace's own deadline on its own delivery says something about its date-times.
    if (payload.source !== 'webhook' || reading.source !== 'publish_deadline') return;
    const skew = options.serviceSkewMs?.();
    const verdict = judgeDeadline({
      deadline: reading.deadline,
      receivedAt: new Date(payload.receivedAt),
      timeZone,
      ...(skew !== undefined ? { serviceSkewMs: skew } : {}),
    });
    if (verdict.plausible) {
      await redis.del(key);
      return;
    }
    const finding: DeadlineFinding = {
      at: payload.receivedAt,
      dealId: payload.dealId,
      raw: payload.event.publish_deadline ?? null,
      aheadMinutes: verdict.aheadMinutes,
      offsetMinutes: verdict.offsetMinutes,
      suggestedZone: verdict.suggestedZone ?? null,
      timeZone,
      message: verdict.message,
      said: verdict.said,
    };
    await redis.hset(key, 'last', JSON.stringify(finding));
    const fields = {
      dealId: payload.dealId,
      publishDeadline: finding.raw,
      offsetMinutes: finding.offsetMinutes,
    };
    log.warn(fields, verdict.message);
    await store.appendLog(payload.dealId, {
      level: 'warn',
      msg: `${verdict.message} (the deal is processed anyway; the marketplace decides whether it is late)`,
      ...said({ key: 'deadline.processed_anyway', params: { message: verdict.said } }),
      fields: { publishDeadline: finding.raw },
    });
  };
}
