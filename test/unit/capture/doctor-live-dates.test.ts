import { describe, expect, it } from 'vitest';
import { englishOf } from '../../../src/capture/shape.js';
import { checkDates, type DateAnchor, readServiceDate } from '../../../src/commands/doctor-live-dates.js';
import { createTranslator } from '../../../src/i18n/index.js';

const at = Date.parse('2026-11-23T19:40:00Z'); // 20:40 in Prague (CET, +01:00)
const reading = (value: string) => ({ where: 'GET /v1/deals: data[].changed_at', value });
const handIn = (value: string): DateAnchor => ({
  reading: reading(value),
  instant: at,
  rule: 'notBefore',
  what: { kind: 'hand_in', dealId: 7 },
});
const clock = (value: string): DateAnchor => ({
  reading: reading(value),
  instant: at + 10 * 60_000,
  rule: 'notAfter',
  what: { kind: 'clock' },
});

describe('doctor --live: date-time format and zone', () => {
  it('reads plain date-times in a zone, also around the DST changes, and ISO as given', () => {
    expect(readServiceDate('2026-11-23 20:40:00', 'Europe/Prague')).toBe(at);
    expect(readServiceDate('2026-11-23 19:40:00', 'UTC')).toBe(at);
    expect(readServiceDate('2026-03-29 03:00:00', 'Europe/Prague')).toBe(Date.parse('2026-03-29T01:00:00Z'));
    expect(readServiceDate('2026-03-29 01:59:59', 'Europe/Prague')).toBe(Date.parse('2026-03-29T00:59:59Z'));
    expect(readServiceDate('2026-07-01 12:00:00', 'Europe/Prague')).toBe(Date.parse('2026-07-01T10:00:00Z'));
    expect(readServiceDate('2026-11-23T20:40:00+01:00', 'UTC')).toBe(at);
    expect(readServiceDate('yesterday', 'UTC')).toBeUndefined();
  });

  it.each([
    ['Prague readings that fit every anchor', '2026-11-23 20:40:30', true, 'Europe/Prague', undefined],
    [
      'UTC readings, earlier than our own hand-in',
      '2026-11-23 19:40:30',
      false,
      'UTC',
      'set marketplace.timeZone: UTC',
    ],
    [
      'readings two hours ahead, in the future',
      '2026-11-23 22:40:30',
      false,
      null,
      'at least 110 min ahead of Europe/Prague',
    ],
  ])('%s', (_name, value, held, zone, fix) => {
    const result = checkDates([reading(value)], [handIn(value), clock(value)], 'Europe/Prague');
    expect(result.held).toBe(held);
    expect(result.zone).toBe(zone);
    if (fix === undefined) expect(result.fix).toBeUndefined();
    else expect(result.fix).toContain(fix);
  });

  it('names the time difference and direction, in English and in Czech', () => {
    const result = checkDates(
      [reading('2026-11-23 19:40:00')],
      [handIn('2026-11-23 19:40:00')],
      'Europe/Prague',
    );
    expect(
      result.differences.map((d) => ({ ...d, found: englishOf(d.found), expected: englishOf(d.expected) })),
    ).toEqual([
      {
        path: 'GET /v1/deals: data[].changed_at',
        found: "reads 60 min before pressbridge's hand-in of deal 7 (as Europe/Prague)",
        expected: 'not before it',
      },
    ]);
    const cs = createTranslator('cs');
    expect(result.differences.map((d) => [cs.say(d.found), cs.say(d.expected)])).toEqual([
      ['vychází o 60 min dřív než odevzdání obchodu 7 pressbridgem (jako Europe/Prague)', 'ne dřív'],
    ]);
    expect(cs.say(result.said.fix ?? '')).toBe(
      'služba zřejmě posílá UTC: nastavte marketplace.timeZone: UTC',
    );
  });

  it('reports the ISO form as a difference that needs no setting', () => {
    const value = '2026-11-23T20:40:00+01:00';
    const result = checkDates([reading(value)], [handIn(value)], 'Europe/Prague');
    expect(result.held).toBe(false);
    expect(result.form).toBe('YYYY-MM-DDTHH:MM:SS+HH:MM');
    expect(
      result.differences.map((d) => ({ ...d, found: englishOf(d.found), expected: englishOf(d.expected) })),
    ).toEqual([
      {
        path: 'GET /v1/deals: data[].changed_at',
        found: 'string (YYYY-MM-DDTHH:MM:SS+HH:MM)',
        expected: 'string (YYYY-MM-DD HH:MM:SS)',
      },
    ]);
    expect(result.fix).toContain('nothing to set');
  });

  it('without any anchor, it checks the form only and says so', () => {
    const result = checkDates([reading('2026-11-23 20:40:00')], [], 'Europe/Prague');
    expect(result.held).toBe(true);
    expect(result.zone).toBeNull();
    expect(result.detail).toContain('the zone is unconfirmed (no instant to compare with)');
  });

  it('with only the service clock, a zone behind cannot be ruled out, and the line says so', () => {
    const value = '2026-11-23 19:40:00'; // UTC wall clock, read as Prague: an hour in the past, no rule broken
    const result = checkDates([reading(value)], [clock(value)], 'Europe/Prague');
    expect(result.held).toBe(true);
    expect(result.zone).toBeNull();
    expect(result.detail).toContain('shows only against a deal pressbridge handed in');
  });
});
