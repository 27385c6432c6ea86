import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/i18n/index.js';
import { judgeDeadline, readPublishDeadline } from '../../../src/marketplace/deadline.js';
import { createServiceClock } from '../../../src/marketplace/service-clock.js';
import { fixedClock } from '../../helpers/clock.js';

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

  it.each([
    [0, undefined, 'služba zřejmě posílá UTC; nastavte marketplace.timeZone: UTC'],
    [-10, undefined, 'pozdní doručení (webhook se opakoval'],
    [-20, -3 * 60_000, 'hodiny tohoto počítače jdou o 3 min napřed oproti službě'],
  ])(
    'says the same in Czech (%i min ahead, skew %s), its English being the message',
    (ahead, skew, czech) => {
      const verdict = judgeDeadline({
        deadline: at(WINTER, ahead),
        receivedAt: WINTER,
        timeZone: 'Europe/Prague',
        ...(skew === undefined ? {} : { serviceSkewMs: skew }),
      });
      if (verdict.plausible) throw new Error('expected an implausible reading');

      expect(createTranslator('cs').say(verdict.said)).toMatch(/^publish_deadline vychází o \d+ min dřív/);
      expect(createTranslator('cs').say(verdict.said)).toContain(czech);
      expect(createTranslator('en').say(verdict.said)).toBe(verdict.message);
    },
  );

  it('says an unreadable publish_deadline in both languages', () => {
    const reading = readPublishDeadline('zítra', WINTER, 'Europe/Prague');

    expect(reading.warning).toBe(
      'publish_deadline "zítra" is neither YYYY-MM-DD HH:MM:SS nor ISO 8601; the deadline is taken as 60 minutes after pressbridge received the deal',
    );
    expect(createTranslator('cs').say(reading.warningSaid ?? '')).toBe(
      'publish_deadline "zítra" není ve tvaru YYYY-MM-DD HH:MM:SS ani ISO 8601; za termín se bere 60 minut od chvíle, kdy pressbridge obchod přijal',
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

describe('src/marketplace/deadline: judgeDeadline on the service clock (HTTP Date)', () => {
  it('a machine clock 70 min behind the service reads 130 min ahead; the Date header sets it right', () => {
    const service = WINTER;
    const ours = at(service, -70);
    const deadline = at(service, 60);

    expect(judgeDeadline({ deadline, receivedAt: ours, timeZone: 'Europe/Prague' }).plausible).toBe(false);
    expect(
      judgeDeadline({ deadline, receivedAt: ours, timeZone: 'Europe/Prague', serviceSkewMs: 70 * 60_000 }),
    ).toEqual({ plausible: true, aheadMinutes: 60 });
  });

  it('names the clock when it is off and the reading still is not plausible', () => {
    const verdict = judgeDeadline({
      deadline: at(WINTER, -20),
      receivedAt: WINTER,
      timeZone: 'Europe/Prague',
      serviceSkewMs: -3 * 60_000,
    });

    expect(!verdict.plausible && verdict.message).toMatch(
      /this machine's clock is 3 min ahead of the service's \(its HTTP Date header\): synchronise the clock/,
    );
  });
});

describe('src/marketplace/service-clock', () => {
  it('takes the skew from the Date header, at the middle of the request', () => {
    const clock = createServiceClock(fixedClock('2026-11-23T20:00:10.000Z'));
    expect(clock.skewMs()).toBeUndefined();

    clock.observe({ serverDate: 'Mon, 23 Nov 2026 20:05:09 GMT', ms: 1_000 });
    clock.observe({ ms: 5 });
    clock.observe({ serverDate: 'not a date', ms: 5 });

    // 20:05:09.5 (the grain's middle) − 20:00:09.5 (the request's middle) = 5 min.
    expect(clock.skewMs()).toBe(5 * 60_000);
  });
});
