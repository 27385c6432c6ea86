/**
 * Dates as plugins write them: in the marketplace's zone (Prague), like every date the blogger sees from the
 * marketplace. The zone arithmetic is src/time-zone.ts's, shared with the marketplace client (which a plugin
 * must not know); the zone is written here again rather than imported from src/marketplace/schema.ts, and
 * test/unit/publisher/kit.test.ts keeps the two equal.
 */
import { formatWallClock, toIsoWithZoneOffset } from '../../time-zone.js';

/** The zone of the dates a plugin writes: the marketplace's (`SERVICE_TIME_ZONE` of src/marketplace/schema.ts). */
export const PUBLISH_TIME_ZONE = 'Europe/Prague';

/** `YYYY-MM-DD HH:MM:SS` on the Prague wall clock (or `timeZone`'s). */
export function formatServiceDateTime(date: Date, timeZone: string = PUBLISH_TIME_ZONE): string {
  return formatWallClock(timeZone, date);
}

/** ISO 8601 with the Prague offset, e.g. `2026-11-21T23:40:00+01:00` (front matter, logs). */
export function toIsoWithServiceOffset(date: Date): string {
  return toIsoWithZoneOffset(PUBLISH_TIME_ZONE, date);
}
