/** Quiet hours: a daily span of local time in which only urgent messages go out. Pure. */
import { DEFAULT_TIME_ZONE } from '../i18n/index.js';
import { zoneOffsetMs } from '../time-zone.js';
import type { QuietHours } from './settings.js';

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * Whether `at` lies in the quiet hours (`from` inclusive, `to` exclusive; `from > to` spans midnight), read in
 * their own zone, else `timeZone` (the blogger's, `ui.timeZone`).
 */
export function isQuiet(
  quiet: QuietHours | undefined,
  at: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  if (!quiet) return false;
  const epoch = at.getTime();
  const local = epoch + zoneOffsetMs(quiet.timeZone ?? timeZone, epoch);
  const minute = Math.floor(local / 60_000) % 1440;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
