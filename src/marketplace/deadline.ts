/**
 * A deal's `publish_deadline` as pressbridge reads it, and whether that reading is plausible. Pure: the current
 * time and the zone are passed in.
 *
 * The reading orders the queue, drives the countdown and stops retries from running forever; it never ends a
 * deal by itself (src/deals/verdict.ts asks the marketplace first). So a misread zone costs lateness and a warning,
 * never a deal.
 */
import type { DeadlineReading } from '../deals/deadline-reading.js';
import type { Phrase, Said } from '../errors.js';
import { sayFrom } from '../i18n/catalog.js';
import { marketplaceMessages } from '../i18n/messages/marketplace.js';
import { readServiceDateTime, zoneOffsetMinutes } from './date-time.js';
import { AGENT_DEADLINE_MINUTES } from './schema.js';
import { NOTABLE_SKEW_MS } from './service-clock.js';

/** Reads `publish_deadline`; absent or garbage → `receivedAt` + `deadlineMinutes`, with a warning for garbage. */
export function readPublishDeadline(
  raw: string | undefined,
  receivedAt: Date,
  timeZone: string,
  deadlineMinutes: number = AGENT_DEADLINE_MINUTES,
): DeadlineReading {
  const fallback = new Date(receivedAt.getTime() + deadlineMinutes * 60_000);
  if (raw === undefined || raw.trim() === '') return { deadline: fallback, source: 'receipt' };
  const read = readServiceDateTime(raw, timeZone);
  if (read) return { deadline: read.date, source: 'publish_deadline' };
  const said: Phrase = {
    key: 'deadline.unreadable',
    params: { raw: raw.slice(0, 60), minutes: String(deadlineMinutes) },
  };
  return { deadline: fallback, source: 'receipt', warning: english(said), warningSaid: said };
}

/** The English of a phrase, for the log (the whole catalog, ../i18n/index.ts, would import the lifecycle back). */
const english = (said: Said): string => sayFrom(marketplaceMessages, 'en', said);

/** How far off a plausible first reading may be: more than 5 min in the past or 65 min ahead is implausible. */
export const PLAUSIBLE_MIN_AHEAD_MINUTES = 5;
export const PLAUSIBLE_MAX_AHEAD_MINUTES = 65;

export interface PlausibilityInput {
  deadline: Date;
  /** When the deal's first `deal.accepted` reached pressbridge. */
  receivedAt: Date;
  /** The zone the deadline was read in (config `marketplace.timeZone`). */
  timeZone: string;
  /** The blog's `publishing.deadline_minutes` (60 in agent mode). */
  deadlineMinutes?: number;
  /** Service clock minus ours (HTTP `Date`, ./service-clock.ts): the arrival is judged on the service's clock. */
  serviceSkewMs?: number;
}

export type Plausibility =
  | { plausible: true; aheadMinutes: number }
  | {
      plausible: false;
      aheadMinutes: number;
      /** Reading minus expectation: −60 = the deadline reads 60 minutes early. */
      offsetMinutes: number;
      /** The zone that would make the reading plausible, when a whole-hour zone change explains it. */
      suggestedZone?: string;
      /** One sentence with the fix, for the log, the status page and `doctor` (in English). */
      message: string;
      /** The same for the blogger (the catalog's `deadline.*`). */
      said: Phrase;
    };

/**
 * A first `deal.accepted` should carry a deadline about `deadlineMinutes` ahead. The rule: implausible when it
 * reads fewer than 5 minutes ahead (this includes "more than 5 minutes in the past") or more than 65 minutes
 * ahead. Why "fewer than 5 ahead" and not only "5 in the past": UTC read as Prague in winter reads exactly at
 * the acceptance, 0 minutes ahead, and a first delivery that arrives that late is itself news worth a line
 * (the marketplace retries 5, 15, 35 and 75 minutes after acceptance, so a delayed genuine delivery reads 55,
 * 45, 25 or −15 minutes ahead).
 */
export function judgeDeadline(input: PlausibilityInput): Plausibility {
  const expected = input.deadlineMinutes ?? AGENT_DEADLINE_MINUTES;
  const skew = input.serviceSkewMs ?? 0;
  const aheadMinutes = Math.round((input.deadline.getTime() - (input.receivedAt.getTime() + skew)) / 60_000);
  if (aheadMinutes >= PLAUSIBLE_MIN_AHEAD_MINUTES && aheadMinutes <= PLAUSIBLE_MAX_AHEAD_MINUTES) {
    return { plausible: true, aheadMinutes };
  }
  const offsetMinutes = aheadMinutes - expected;
  const size: Phrase = {
    key: offsetMinutes < 0 ? 'deadline.early' : 'deadline.late',
    params: { n: String(Math.abs(offsetMinutes)) },
  };
  const head: Phrase = {
    key: 'deadline.reads',
    params: { size, ahead: String(aheadMinutes), expected: String(expected) },
  };
  const implausible = (said: Phrase, zone?: string): Plausibility => ({
    plausible: false,
    aheadMinutes,
    offsetMinutes,
    ...(zone === undefined ? {} : { suggestedZone: zone }),
    message: english(said),
    said,
  });
  const suggestedZone = zoneExplaining(offsetMinutes, input.timeZone, input.deadline);
  if (suggestedZone) {
    const says: Said =
      suggestedZone === 'UTC' ? 'UTC' : { key: 'deadline.zone_time', params: { zone: suggestedZone } };
    return implausible({ key: 'deadline.zone', params: { head, says, zone: suggestedZone } }, suggestedZone);
  }
  if (Math.abs(skew) >= NOTABLE_SKEW_MS) {
    const minutes = String(Math.round(Math.abs(skew) / 60_000));
    return implausible({
      key: skew > 0 ? 'deadline.clock_behind' : 'deadline.clock_ahead',
      params: { head, minutes },
    });
  }
  return implausible({ key: 'deadline.other', params: { head } });
}

/** Zones tried as explanations, most likely first. */
const CANDIDATE_ZONES = ['UTC', 'Europe/Prague', 'Europe/London'];
/** How close a reading must come to a zone change's whole hours to be explained by it. */
const ZONE_MATCH_MINUTES = 5;

/**
 * A reading `offsetMinutes` off, read in `timeZone`: which zone would the service have to use to explain it?
 * Read in zone A a value the service wrote in zone B lands `offset(B) − offset(A)` late.
 */
function zoneExplaining(offsetMinutes: number, timeZone: string, at: Date): string | undefined {
  if (Math.abs(offsetMinutes) < 30) return undefined;
  const ours = zoneOffsetMinutes(timeZone, at);
  for (const zone of CANDIDATE_ZONES) {
    if (zone === timeZone) continue;
    const shift = zoneOffsetMinutes(zone, at) - ours;
    if (shift !== 0 && Math.abs(shift - offsetMinutes) <= ZONE_MATCH_MINUTES) return zone;
  }
  return undefined;
}
