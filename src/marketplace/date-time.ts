/**
 * Reading the marketplace's date-times, tolerantly. The document says `YYYY-MM-DD HH:MM:SS` in the service's
 * local time (assumption 4: Europe/Prague); a real service may send UTC, another zone, or ISO 8601 with `Z` or
 * an offset. This module accepts:
 *
 * | form | read as |
 * |---|---|
 * | `2026-11-23 20:40:00` (also with `T`) | wall clock in `timeZone` (config `marketplace.timeZone`) |
 * | `2026-11-23T19:40:00Z`, `…+01:00`, `…+0100`, `….123Z` | the instant it names (the zone is ignored) |
 * | anything else | undefined: the caller falls back (see `dealDeadline`) and says so |
 *
 * A wall-clock time in the hour skipped by a spring DST change is read as if the clock had not jumped yet
 * (02:30 → 01:30 UTC in Prague, i.e. 03:30 local); one in the repeated autumn hour as its second occurrence
 * (standard time, the later instant: a deadline read so errs on the side of trying longer).
 */

import { wallClockIn, wallClockToInstant, zoneOffsetMs } from '../time-zone.js';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const ISO_WITH_ZONE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** Whether `timeZone` is an IANA zone this Node knows (for the config's validation). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    zoneOffsetMs(timeZone, 0);
    return true;
  } catch {
    return false;
  }
}

/** Minutes `timeZone` is ahead of UTC at `date` (Prague: 60 in winter, 120 in summer). */
export function zoneOffsetMinutes(timeZone: string, date: Date): number {
  return Math.round((wallClockIn(timeZone, date.getTime()) - date.getTime()) / 60_000);
}

function validParts(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** A wall-clock time in `timeZone` → the instant (src/time-zone.ts settles the offset next to DST changes). */
export function fromWallClock(timeZone: string, wall: number): Date | undefined {
  const instant = wallClockToInstant(wall, timeZone);
  return Number.isNaN(instant) ? undefined : new Date(instant);
}

export type DateTimeForm = 'wall_clock' | 'iso';

export interface ReadDateTime {
  date: Date;
  /** `wall_clock`: read in the configured zone; `iso`: the value named its own offset. */
  form: DateTimeForm;
}

/** Year … second of a match as numbers; undefined when they name no real date-time. */
function partsOf(match: RegExpExecArray): number[] | undefined {
  const [y, mo, d, h, mi, s] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return validParts(y, mo, d, h, mi, s) ? [y, mo - 1, d, h, mi, s] : undefined;
}

/** Minutes east of UTC of an ISO zone suffix (`Z`, `+01:00`, `+0100`, `+01`); undefined when impossible. */
function suffixMinutes(suffix: string): number | undefined {
  const zone = suffix.toUpperCase();
  if (zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  if (hours > 23 || minutes > 59) return undefined;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/** Reads a marketplace date-time in any accepted form (table above); undefined when it is none of them. */
export function readServiceDateTime(value: string, timeZone: string): ReadDateTime | undefined {
  const text = value.trim();
  const wall = WALL_CLOCK.exec(text);
  const iso = wall ? null : ISO_WITH_ZONE.exec(text);
  const parts = wall ? partsOf(wall) : iso ? partsOf(iso) : undefined;
  if (!parts) return undefined;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = parts;
  const utcDigits = Date.UTC(y, mo, d, h, mi, s);
  if (wall) {
    const date = fromWallClock(timeZone, utcDigits);
    return date ? { date, form: 'wall_clock' } : undefined;
  }
  const offsetMin = suffixMinutes(iso?.[8] ?? 'Z');
  if (offsetMin === undefined) return undefined;
  const fraction = iso?.[7] ? Math.floor(Number(`0.${iso[7]}`) * 1000) : 0;
  return { date: new Date(utcDigits + fraction - offsetMin * 60_000), form: 'iso' };
}
