import { describe, expect, it } from 'vitest';
import { judgeDeadline } from '../../../src/marketplace/deadline.js';

const WINTER = new Date('2026-11-23T19:40:00.000Z');
const SUMMER = new Date('2026-07-01T12:00:00.000Z');
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);

describe('src/marketplace/deadline: judgeDeadline (plausibility of a first delivery)', () => {
  it.each([
    // name, received, minutes ahead as read, zone, plausible, offset, suggested zone
    ['on time, 60 ahead', WINTER, 60, 'Europe/Prague', true, undefined, undefined],
    ['a retried delivery, 55 ahead', WINTER, 55, 'Europe/Prague', true, undefined, undefined],
    ['5 ahead (the edge)', WINTER, 5, 'Europe/Prague', true, undefined, undefined],
    ['65 ahead (the edge)', WINTER, 65, 'Europe/Prague', true, undefined, undefined],
    ['66 ahead', WINTER, 66, 'Europe/Prague', false, 6, undefined],
    ['UTC read as Prague in winter: 0 ahead', WINTER, 0, 'Europe/Prague', false, -60, 'UTC'],
    ['UTC read as Prague in summer: 60 in the past', SUMMER, -60, 'Europe/Prague', false, -120, 'UTC'],
    ['Prague read as UTC in winter: 120 ahead', WINTER, 120, 'UTC', false, 60, 'Europe/Prague'],
    ['Prague read as UTC in summer: 180 ahead', SUMMER, 180, 'UTC', false, 120, 'Europe/Prague'],
    ['the last webhook retry, 15 in the past', WINTER, -15, 'Europe/Prague', false, -75, undefined],
    ['a late delivery, 10 in the past', WINTER, -10, 'Europe/Prague', false, -70, undefined],
  ])('%s', (_name, received, ahead, zone, plausible, offset, suggested) => {
    const verdict = judgeDeadline({ deadline: at(received, ahead), receivedAt: received, timeZone: zone });

    expect(verdict.plausible).toBe(plausible);
    expect(verdict.aheadMinutes).toBe(ahead);
    if (!verdict.plausible) {
      expect(verdict.offsetMinutes).toBe(offset);
      expect(verdict.suggestedZone).toBe(suggested);
    }
  });

  it('says what to set when UTC explains the reading', () => {
    const verdict = judgeDeadline({ deadline: WINTER, receivedAt: WINTER, timeZone: 'Europe/Prague' });

    expect(verdict.plausible).toBe(false);
    expect(!verdict.plausible && verdict.message).toBe(
      'publish_deadline reads 60 min early (0 min ahead on arrival, 60 expected): the service seems to send UTC; set marketplace.timeZone: UTC',
    );
  });

  it('points at the clock or a late delivery when no zone explains it', () => {
    const verdict = judgeDeadline({
      deadline: at(WINTER, -10),
      receivedAt: WINTER,
      timeZone: 'Europe/Prague',
    });

    expect(!verdict.plausible && verdict.message).toMatch(
      /^publish_deadline reads 70 min early .*: a late delivery .* check this machine's clock \(NTP\)/,
    );
  });
});
