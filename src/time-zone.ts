/**
 * Wall clocks of IANA time zones, by Intl: a zone's offset from UTC at an instant, and the instant of a wall-clock
 * reading. Used where a date-time is written or read in a named zone (the sandbox, doctor --live).
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
