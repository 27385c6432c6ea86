/**
 * `doctor --live`: the date-time check. The assumption: date-times are `YYYY-MM-DD HH:MM:SS` in the service's
 * zone (`marketplace.timeZone`, default Europe/Prague). A wall-clock string alone cannot tell its zone, so the
 * check holds the readings against instants known for certain:
 *   - the HTTP `Date` header (the service's own clock): no reading may lie in the future;
 *   - deals pressbridge handed in itself and the service shows `ke_schvaleni`: their `changed_at` is the
 *     hand-in or a later change, so it cannot read earlier than pressbridge's hand-in.
 * (A deal still `akceptovano` is no anchor: the editors' writing or the advertiser's approval may change it
 * after pressbridge received it.)
 * A reading that breaks one of these rules proves the zone wrong; the check then says by how much, and whether
 * reading the strings as UTC would fit.
 */
import { DATE_FORMS, type Difference, stringForm } from '../capture/shape.js';
import { wallClockToInstant } from '../time-zone.js';

/** Slack for clock skew and the service's own processing. */
const SLACK_MS = 5 * 60_000;

export const DEFAULT_SERVICE_ZONE = 'Europe/Prague';

/** A service date-time as an instant: the plain forms in `timeZone`, ISO with `Z`/offset as given. */
export function readServiceDate(value: string, timeZone: string): number | undefined {
  const form = stringForm(value);
  if (form === DATE_FORMS.isoZ || form === DATE_FORMS.isoOffset) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  if (form !== DATE_FORMS.plain && form !== DATE_FORMS.plainT) return undefined;
  const wall = Date.parse(`${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(wall)) return undefined;
  try {
    return wallClockToInstant(wall, timeZone);
  } catch {
    return undefined;
  }
}

export interface DateReading {
  /** Where it was found, e.g. `GET /v1/deals: data[].changed_at`. */
  where: string;
  value: string;
}

/** An instant the reading must not lie after (`notAfter`) or before (`notBefore`). */
export interface DateAnchor {
  reading: DateReading;
  instant: number;
  rule: 'notAfter' | 'notBefore';
  /** e.g. `the service clock (Date)`, `pressbridge's hand-in of deal 1001`. */
  what: string;
}

export interface DateCheckResult {
  held: boolean;
  detail: string;
  differences: Difference[];
  fix?: string;
  /** For a capture: the form found and the zone the plain form fits (null when unknown). */
  form: string | null;
  zone: string | null;
}

function minutes(ms: number): number {
  return Math.round(ms / 60_000);
}

export function checkDates(
  readings: DateReading[],
  anchors: DateAnchor[],
  timeZone: string,
): DateCheckResult {
  if (readings.length === 0) {
    return {
      held: true,
      detail: 'no date-time in the answers to check',
      differences: [],
      form: null,
      zone: null,
    };
  }
  const differences: Difference[] = [];
  const forms = new Set<string>();
  for (const r of readings) {
    const form = stringForm(r.value) ?? 'unrecognised';
    forms.add(form);
    if (form !== DATE_FORMS.plain && !differences.some((d) => d.path === r.where)) {
      differences.push({
        path: r.where,
        found: `string (${form})`,
        expected: `string (${DATE_FORMS.plain})`,
      });
    }
  }
  const form = forms.size === 1 ? ([...forms][0] ?? null) : [...forms].join(' | ');
  const explicit = form === DATE_FORMS.isoZ || form === DATE_FORMS.isoOffset;

  // Zone: every anchor's rule, with the strings read in the configured zone (an explicit offset reads as given).
  const broken = anchors.flatMap((a) => {
    const at = readServiceDate(a.reading.value, timeZone);
    if (at === undefined) return [];
    const off = at - a.instant;
    const breaks = a.rule === 'notAfter' ? off > SLACK_MS : off < -SLACK_MS;
    return breaks ? [{ anchor: a, offMs: off }] : [];
  });
  // Only a hand-in (a `notBefore` instant) can rule out a zone behind the configured one, UTC for Prague.
  const confirmed = broken.length === 0 && anchors.some((a) => a.rule === 'notBefore');
  let zone: string | null = !explicit && confirmed ? timeZone : null;
  let fix: string | undefined;
  for (const { anchor, offMs } of broken.slice(0, 3)) {
    const direction = offMs > 0 ? 'after' : 'before';
    differences.push({
      path: anchor.reading.where,
      found: `reads ${Math.abs(minutes(offMs))} min ${direction} ${anchor.what} (as ${timeZone})`,
      expected: `not ${anchor.rule === 'notAfter' ? 'after' : 'before'} it`,
    });
  }
  if (broken.length > 0 && !explicit) {
    const fitsUtc = anchors.every((a) => {
      const at = readServiceDate(a.reading.value, 'UTC');
      if (at === undefined) return true;
      return a.rule === 'notAfter' ? at - a.instant <= SLACK_MS : at - a.instant >= -SLACK_MS;
    });
    const first = broken[0];
    const early = first ? minutes(-first.offMs) : 0;
    if (fitsUtc && timeZone !== 'UTC') {
      zone = 'UTC';
      fix = 'the service seems to send UTC: set marketplace.timeZone: UTC';
    } else {
      const by = early > 0 ? `about ${early} min behind` : `at least ${-early} min ahead of`;
      fix = `the service's date-times read ${by} ${timeZone}: set marketplace.timeZone to the service's zone`;
    }
  } else if (explicit && differences.length > 0) {
    fix = 'nothing to set: date-times with an explicit offset are read as given';
  }
  const held = differences.length === 0;
  const checkedAgainst = [...new Set(anchors.map((a) => a.what.replace(/ of deal \d+$/, '')))].join(', ');
  const plain = `${readings.length} date-time(s) in ${DATE_FORMS.plain}`;
  const unconfirmed =
    anchors.length === 0
      ? `${plain}; the zone is unconfirmed (no instant to compare with)`
      : `${plain}, none after the service clock (Date); whether they are ${timeZone} or a zone behind it (UTC, say) shows only against a deal pressbridge handed in: run again after the first hand-in`;
  return {
    held,
    detail: !held
      ? `${readings.length} date-time(s) read; ${differences.length} difference(s)`
      : confirmed
        ? `${plain}, consistent with ${timeZone} (checked against ${checkedAgainst})`
        : unconfirmed,
    differences,
    ...(fix ? { fix } : {}),
    form,
    zone,
  };
}
