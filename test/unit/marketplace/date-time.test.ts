import { describe, expect, it } from 'vitest';
import { readServiceDateTime } from '../../../src/marketplace/date-time.js';
import { readPublishDeadline } from '../../../src/marketplace/deadline.js';
import { formatWallClock } from '../../../src/time-zone.js';

const PRAGUE = 'Europe/Prague';

describe('src/marketplace/date-time: readServiceDateTime', () => {
  it.each([
    // Prague wall clock, winter (+01:00) and summer (+02:00)
    ['winter', '2026-11-23 20:40:00', PRAGUE, '2026-11-23T19:40:00.000Z', 'wall_clock'],
    ['summer', '2026-07-01 14:00:00', PRAGUE, '2026-07-01T12:00:00.000Z', 'wall_clock'],
    ['with a T', '2026-07-01T14:00:00', PRAGUE, '2026-07-01T12:00:00.000Z', 'wall_clock'],
    // Spring change 2026-03-29: 02:00 CET → 03:00 CEST (01:00 UTC)
    ['spring, last winter minute', '2026-03-29 01:59:59', PRAGUE, '2026-03-29T00:59:59.000Z', 'wall_clock'],
    ['spring, first summer minute', '2026-03-29 03:00:00', PRAGUE, '2026-03-29T01:00:00.000Z', 'wall_clock'],
    ['spring, in the skipped hour', '2026-03-29 02:30:00', PRAGUE, '2026-03-29T01:30:00.000Z', 'wall_clock'],
    // Autumn change 2026-10-25: 03:00 CEST → 02:00 CET (01:00 UTC); 02:30 happens twice
    ['autumn, before', '2026-10-25 01:30:00', PRAGUE, '2026-10-24T23:30:00.000Z', 'wall_clock'],
    [
      'autumn, the repeated hour (its second, later occurrence)',
      '2026-10-25 02:30:00',
      PRAGUE,
      '2026-10-25T01:30:00.000Z',
      'wall_clock',
    ],
    ['autumn, after', '2026-10-25 03:30:00', PRAGUE, '2026-10-25T02:30:00.000Z', 'wall_clock'],
    // The service sends UTC
    ['UTC zone', '2026-11-23 20:40:00', 'UTC', '2026-11-23T20:40:00.000Z', 'wall_clock'],
    ['UTC zone, summer', '2026-07-01 14:00:00', 'UTC', '2026-07-01T14:00:00.000Z', 'wall_clock'],
    // ISO 8601 names its own offset, whatever the zone
    ['ISO Z', '2026-11-23T20:40:00Z', PRAGUE, '2026-11-23T20:40:00.000Z', 'iso'],
    ['ISO z, fraction', '2026-11-23T20:40:00.250z', PRAGUE, '2026-11-23T20:40:00.250Z', 'iso'],
    ['ISO +01:00', '2026-11-23T21:40:00+01:00', 'UTC', '2026-11-23T20:40:00.000Z', 'iso'],
    ['ISO +0200', '2026-07-01T14:00:00+0200', 'UTC', '2026-07-01T12:00:00.000Z', 'iso'],
    ['ISO -05:30', '2026-07-01T06:30:00-05:30', PRAGUE, '2026-07-01T12:00:00.000Z', 'iso'],
    ['ISO +02', '2026-07-01T14:00:00+02', PRAGUE, '2026-07-01T12:00:00.000Z', 'iso'],
    ['padded', '  2026-07-01 14:00:00 ', PRAGUE, '2026-07-01T12:00:00.000Z', 'wall_clock'],
  ])('%s: %s in %s', (_name, value, zone, iso, form) => {
    const read = readServiceDateTime(value, zone);

    expect(read?.date.toISOString()).toBe(iso);
    expect(read?.form).toBe(form);
  });

  it.each([
    '',
    'zítra v poledne',
    '2026-11-23',
    '2026-11-23 20:40',
    '23.11.2026 20:40:00',
    '2026-02-30 10:00:00',
    '2026-13-01 10:00:00',
    '2026-11-23 24:00:00',
    '2026-11-23T20:40:00+25:00',
    '1763930400',
  ])('garbage %j → undefined', (value) => {
    expect(readServiceDateTime(value, PRAGUE)).toBeUndefined();
  });

  it('formats back what it reads, in either zone', () => {
    for (const zone of [PRAGUE, 'UTC']) {
      for (const text of ['2026-03-29 03:00:00', '2026-10-25 03:30:00', '2026-11-23 20:40:00']) {
        const read = readServiceDateTime(text, zone);
        expect(read && formatWallClock(zone, read.date)).toBe(text);
      }
    }
  });
});

describe('src/marketplace/deadline: readPublishDeadline', () => {
  const received = new Date('2026-11-23T19:40:00.000Z');

  it.each([
    ['Prague wall clock', '2026-11-23 21:40:00', PRAGUE, '2026-11-23T20:40:00.000Z', 'publish_deadline'],
    ['UTC wall clock', '2026-11-23 20:40:00', 'UTC', '2026-11-23T20:40:00.000Z', 'publish_deadline'],
    ['ISO Z', '2026-11-23T20:40:00Z', PRAGUE, '2026-11-23T20:40:00.000Z', 'publish_deadline'],
    ['absent', undefined, PRAGUE, '2026-11-23T20:40:00.000Z', 'receipt'],
    ['garbage', 'brzy', PRAGUE, '2026-11-23T20:40:00.000Z', 'receipt'],
  ])('%s', (name, raw, zone, iso, source) => {
    const reading = readPublishDeadline(raw, received, zone);

    expect(reading.deadline.toISOString()).toBe(iso);
    expect(reading.source).toBe(source);
    if (name === 'garbage') {
      expect(reading.warning).toMatch(
        /publish_deadline "brzy" is neither .* 60 minutes after pressbridge received/,
      );
    } else expect(reading.warning).toBeUndefined();
  });
});
