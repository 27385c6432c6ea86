import { describe, expect, it } from 'vitest';
import { createWireDates, readDate, writeDate } from '../../../src/sandbox/dates.js';

const at = (iso: string) => Date.parse(iso);

describe('src/sandbox/dates', () => {
  it.each([
    // winter (CET, +01:00)
    ['2026-01-15T11:00:00Z', '2026-01-15 12:00:00', '2026-01-15 11:00:00', '2026-01-15T12:00:00+01:00'],
    // summer (CEST, +02:00)
    ['2026-07-01T10:30:05Z', '2026-07-01 12:30:05', '2026-07-01 10:30:05', '2026-07-01T12:30:05+02:00'],
    // spring forward: 2026-03-29 01:00 UTC = 03:00 CEST
    ['2026-03-29T00:59:59Z', '2026-03-29 01:59:59', '2026-03-29 00:59:59', '2026-03-29T01:59:59+01:00'],
    ['2026-03-29T01:00:00Z', '2026-03-29 03:00:00', '2026-03-29 01:00:00', '2026-03-29T03:00:00+02:00'],
    // fall back: 2026-10-25 01:00 UTC = 02:00 CET (02:00–02:59 occurs twice)
    ['2026-10-25T00:30:00Z', '2026-10-25 02:30:00', '2026-10-25 00:30:00', '2026-10-25T02:30:00+02:00'],
    ['2026-10-25T01:30:00Z', '2026-10-25 02:30:00', '2026-10-25 01:30:00', '2026-10-25T02:30:00+01:00'],
  ])('writes %s as prague %s, utc %s, iso %s', (instant, prague, utc, iso) => {
    expect(writeDate('prague', at(instant))).toBe(prague);
    expect(writeDate('utc', at(instant))).toBe(utc);
    expect(writeDate('iso', at(instant))).toBe(iso);
    expect(Date.parse(writeDate('iso', at(instant)))).toBe(at(instant));
  });

  it('reads back what it writes, in every format (away from the doubled fall-back hour)', () => {
    for (const format of ['prague', 'utc', 'iso'] as const) {
      const dates = createWireDates(format);
      for (const instant of ['2026-01-15T11:00:00Z', '2026-07-01T10:30:05Z', '2026-03-29T01:00:00Z']) {
        expect(dates.read(dates.write(at(instant)))).toBe(at(instant));
      }
    }
  });

  it('reads the plain form in its own zone and the ISO form as given', () => {
    expect(readDate('prague', '2026-01-15T12:00:00')).toBe(at('2026-01-15T11:00:00Z'));
    expect(readDate('utc', '2026-01-15T12:00:00')).toBe(at('2026-01-15T12:00:00Z'));
    expect(readDate('iso', '2026-01-15T12:00:00')).toBe(at('2026-01-15T11:00:00Z'));
    expect(readDate('prague', '2026-01-15T12:00:00Z')).toBe(at('2026-01-15T12:00:00Z'));
    expect(readDate('utc', '2026-01-15T12:00:00+01:00')).toBe(at('2026-01-15T11:00:00Z'));
    expect(readDate('prague', 'yesterday')).toBeUndefined();
    expect(readDate('prague', '2026-13-45 99:00:00')).toBeUndefined();
  });
});
