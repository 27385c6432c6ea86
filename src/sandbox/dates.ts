/**
 * How the sandbox writes (and reads back) date-times on the wire. The document: "Date-times in responses are
 * strings `YYYY-MM-DD HH:MM:SS`"; the working assumptions add "in the service's local time, Europe/Prague".
 * The real service may differ, so the sandbox can play three services:
 *
 *   prague (default)  `2026-11-23 20:40:00`          Europe/Prague wall clock (the assumption)
 *   utc               `2026-11-23 19:40:00`          the same format, UTC wall clock
 *   iso               `2026-11-23T20:40:00+01:00`    ISO 8601 with Prague's offset
 *
 * The format applies to every date-time the sandbox's /v1 API and its webhook bodies carry (publish_deadline,
 * changed_at, monthly_visitors_updated, sent_at, delivery-log times). The control API (/_sandbox) keeps ISO
 * instants: it is the tests' API, not the service's.
 *
 * Written here, not taken from src/marketplace/: the sandbox is an independent reading of the document.
 */

import { wallClockToInstant, zoneOffsetMs } from '../time-zone.js';

export const DATE_FORMATS = ['prague', 'utc', 'iso'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** The service's local zone per the working assumptions. */
export const SERVICE_TIME_ZONE = 'Europe/Prague';

export interface WireDates {
  readonly format: DateFormat;
  /** An instant (epoch ms) as the service writes it. */
  write(epochMs: number): string;
  /**
   * A date-time a client sent (e.g. `zmeneno_od=YYYY-MM-DDTHH:MM:SS`): the plain form is read in the zone the
   * sandbox writes in (UTC for `utc`, Prague otherwise); an ISO string with `Z` or an offset is taken as given.
   * Undefined when it is neither.
   */
  read(value: string): number | undefined;
}

const PLAIN = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Prague's offset from UTC (ms) at an instant. */
export function pragueOffsetMs(epochMs: number): number {
  return zoneOffsetMs(SERVICE_TIME_ZONE, epochMs);
}

function plainWallClock(wallMs: number): string {
  return new Date(wallMs).toISOString().slice(0, 19).replace('T', ' ');
}

function offsetSuffix(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes >= 0 ? '+' : '-'}${hh}:${mm}`;
}

export function writeDate(format: DateFormat, epochMs: number): string {
  switch (format) {
    case 'utc':
      return plainWallClock(epochMs);
    case 'iso': {
      const offset = pragueOffsetMs(epochMs);
      return `${plainWallClock(epochMs + offset).replace(' ', 'T')}${offsetSuffix(offset)}`;
    }
    default:
      return plainWallClock(epochMs + pragueOffsetMs(epochMs));
  }
}

export function readDate(format: DateFormat, value: string): number | undefined {
  const trimmed = value.trim();
  if (WITH_OFFSET.test(trimmed)) {
    const ms = Date.parse(trimmed);
    return Number.isNaN(ms) ? undefined : ms;
  }
  const m = PLAIN.exec(trimmed);
  if (!m) return undefined;
  const wall = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
  );
  // Date.UTC rolls 2026-13-45 over into a real day: a reading that does not survive the round trip is garbage.
  if (Number.isNaN(wall) || plainWallClock(wall) !== `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`) {
    return undefined;
  }
  return format === 'utc' ? wall : wallClockToInstant(wall, SERVICE_TIME_ZONE);
}

export function createWireDates(format: DateFormat = 'prague'): WireDates {
  return {
    format,
    write: (epochMs) => writeDate(format, epochMs),
    read: (value) => readDate(format, value),
  };
}
