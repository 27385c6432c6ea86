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
import { DATE_FORMS, type Difference, englishOf, joined, stringForm } from '../capture/shape.js';
import type { Phrase, Said } from '../errors.js';
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
  /** The service's clock (its `Date`), or pressbridge's hand-in of this deal. */
  what: { kind: 'clock' } | { kind: 'hand_in'; dealId: number };
}

/** What an anchor is, for the reader: `the service clock (Date)`, `pressbridge's hand-in of deal 1001`. */
export function anchorSaid(what: DateAnchor['what']): Phrase {
  return what.kind === 'clock'
    ? { key: 'live.anchor.clock' }
    : { key: 'live.anchor.hand_in', params: { deal: String(what.dealId) } };
}

export interface DateCheckResult {
  held: boolean;
  /** What the check says, for the reader (the catalog's `live.*`); `detail` and `fix` are its English. */
  said: { detail: Said; fix?: Said };
  detail: string;
  /** Found and expected, as the reader reads them (`live.*`). */
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
    const detail: Said = { key: 'live.dates.none' };
    return {
      held: true,
      said: { detail },
      detail: englishOf(detail),
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
        found: { key: 'live.shape.string_form', params: { form } },
        expected: { key: 'live.shape.string_form', params: { form: DATE_FORMS.plain } },
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
  let fix: Said | undefined;
  for (const { anchor, offMs } of broken.slice(0, 3)) {
    const params = {
      minutes: String(Math.abs(minutes(offMs))),
      what: anchorSaid(anchor.what),
      zone: timeZone,
    };
    differences.push({
      path: anchor.reading.where,
      found: { key: offMs > 0 ? 'live.dates.after' : 'live.dates.before', params },
      expected: { key: anchor.rule === 'notAfter' ? 'live.dates.not_after' : 'live.dates.not_before' },
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
      fix = { key: 'live.dates.fix_utc' };
    } else {
      fix =
        early > 0
          ? { key: 'live.dates.fix_behind', params: { minutes: String(early), zone: timeZone } }
          : { key: 'live.dates.fix_ahead', params: { minutes: String(-early), zone: timeZone } };
    }
  } else if (explicit && differences.length > 0) {
    fix = { key: 'live.dates.fix_explicit' };
  }
  const held = differences.length === 0;
  const kinds = [...new Set(anchors.map((a) => a.what.kind))];
  const checkedAgainst = joined(
    kinds.map((kind): Said => ({ key: kind === 'clock' ? 'live.anchor.clock' : 'live.anchor.hand_ins' })),
    ', ',
  );
  const plain: Phrase = {
    key: 'live.dates.plain',
    params: { n: String(readings.length), form: DATE_FORMS.plain },
  };
  const unconfirmed: Phrase =
    anchors.length === 0
      ? { key: 'live.dates.unconfirmed_alone', params: { plain } }
      : { key: 'live.dates.unconfirmed', params: { plain, zone: timeZone } };
  const detail: Phrase = !held
    ? { key: 'live.dates.differ', params: { n: String(readings.length), d: String(differences.length) } }
    : confirmed
      ? { key: 'live.dates.confirmed', params: { plain, zone: timeZone, against: checkedAgainst } }
      : unconfirmed;
  return {
    held,
    said: { detail, ...(fix ? { fix } : {}) },
    detail: englishOf(detail),
    differences,
    ...(fix ? { fix: englishOf(fix) } : {}),
    form,
    zone,
  };
}
