/**
 * Wall clocks of IANA time zones, by Intl: a zone's offset from UTC at an instant, the instant of a wall-clock
 * reading, and the two ways a date-time is written in a zone (wall clock, ISO 8601 with the offset). Used where a
 * date-time is written or read in a named zone: the marketplace client, the sandbox, doctor --live, and the
 * plugin kit's dates (src/publisher/kit/time.ts).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Offsets by zone and quarter hour (every zone changes its offset on a quarter hour); bounded. */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 900_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC (ms) at an instant; throws a RangeError for an unknown zone. */
export function zoneOffsetMs(timeZone: string, epochMs: number): number {
  const slot = Math.floor(epochMs / QUARTER_HOUR);
  const key = `${timeZone}\n${slot}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const start = slot * QUARTER_HOUR;
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(start))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offset = wall - start;
  if (offsets.size >= 10_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/**
 * The instant of a wall-clock reading in a zone, the reading given as if it were UTC (`Date.UTC(...)`). Two
 * rounds settle the offset, also next to a DST change; a reading in the doubled hour of autumn takes the later
 * offset's instant, one in the skipped hour of spring lands an hour on.
 */
export function wallClockToInstant(wallMs: number, timeZone: string): number {
  let guess = wallMs - zoneOffsetMs(timeZone, wallMs);
  guess = wallMs - zoneOffsetMs(timeZone, guess);
  return guess;
}

/** The wall clock in `timeZone` at `epochMs`, as epoch ms of the same digits read as UTC. */
export function wallClockIn(timeZone: string, epochMs: number): number {
  if (!Number.isFinite(epochMs)) return Number.NaN;
  return epochMs + zoneOffsetMs(timeZone, epochMs);
}

/** `YYYY-MM-DD HH:MM:SS`, the wall clock in `timeZone`. */
export function formatWallClock(timeZone: string, date: Date): string {
  return new Date(wallClockIn(timeZone, date.getTime())).toISOString().slice(0, 19).replace('T', ' ');
}

/** ISO 8601 with the zone's offset, e.g. `2026-11-21T23:40:00+01:00`. */
export function toIsoWithZoneOffset(timeZone: string, date: Date): string {
  const wall = wallClockIn(timeZone, date.getTime());
  const offsetMin = Math.round((wall - date.getTime()) / 60_000);
  const sign = offsetMin >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMin);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${new Date(wall).toISOString().slice(0, 19)}${sign}${hh}:${mm}`;
}
