/** The door's judge (src/intake/liveness.ts) on a table of facts. */
import { describe, expect, it } from 'vitest';
import { type IntakeFacts, judgeIntake, MIN_CURSOR_MS, MIN_STALL_MS } from '../../../src/intake/liveness.js';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const MIN = 60_000;
const base: IntakeFacts = {
  now: NOW,
  pollMs: 30_000,
  runningSince: NOW - 60 * MIN,
  currentAt: NOW - 30_000,
  lastFinishedAt: NOW - 25_000,
  cursorAt: NOW - 30_000,
};

describe('src/intake/liveness judgeIntake', () => {
  const cases: Array<[string, Partial<IntakeFacts>, string | undefined]> = [
    ['a current poll half a minute ago: open', {}, undefined],
    [
      'webhook only: nothing judged',
      { pollMs: undefined, currentAt: undefined, lastFinishedAt: undefined },
      undefined,
    ],
    [
      'failing for 1 min (< 2 min floor): open',
      { currentAt: NOW - 2 * MIN, failingSince: NOW - MIN },
      undefined,
    ],
    [
      'failing for 3 min: failing',
      { currentAt: NOW - 4 * MIN, failingSince: NOW - 3 * MIN, lastError: 'HTTP 500' },
      'failing',
    ],
    [
      'a 24 h pause asked after the last current poll: paused',
      { pause: { at: NOW - 10_000, askedMs: 86_400_000, cappedMs: 300_000, until: NOW + 290_000 } },
      'paused',
    ],
    [
      'a 24 h pause asked, but a poll read the list since: open',
      {
        currentAt: NOW - 5_000,
        pause: { at: NOW - 10_000, askedMs: 86_400_000, cappedMs: 300_000, until: NOW },
      },
      undefined,
    ],
    [
      'a 2 min pause (under the alarm): open',
      { pause: { at: NOW - 10_000, askedMs: 2 * MIN, cappedMs: 2 * MIN, until: NOW + MIN } },
      undefined,
    ],
    [
      'no poll finished for 5 min since the start: silent',
      { runningSince: NOW - 5 * MIN, currentAt: undefined, lastFinishedAt: undefined, cursorAt: undefined },
      'silent',
    ],
    [
      'the last poll finished long ago and none since: silent',
      { currentAt: NOW - 10 * MIN, lastFinishedAt: NOW - 10 * MIN },
      'silent',
    ],
    [
      'fresh deals read, the whole listing not for 40 min: cursor_stuck',
      { cursorAt: NOW - 40 * MIN },
      'cursor_stuck',
    ],
    ['fresh deals read, the whole listing 20 min ago: open', { cursorAt: NOW - 20 * MIN }, undefined],
    [
      'a first listing that never completed since a start 40 min ago: cursor_stuck',
      { cursorAt: undefined, runningSince: NOW - 40 * MIN },
      'cursor_stuck',
    ],
  ];
  it.each(cases)('%s', (_name, facts, reason) => {
    expect(judgeIntake({ ...base, ...facts })?.reason).toBe(reason);
  });

  it('says since when and why: the first failure and the last error', () => {
    const stall = judgeIntake({
      ...base,
      currentAt: NOW - 10 * MIN,
      failingSince: NOW - 9 * MIN,
      lastError: 'not JSON',
    });
    expect(stall).toEqual({ reason: 'failing', since: NOW - 9 * MIN, detail: 'not JSON' });
  });

  it('scales the stall with a slow poll interval (3 polls of 5 min), never below the floors', () => {
    const slow = { ...base, pollMs: 5 * MIN };
    expect(judgeIntake({ ...slow, currentAt: NOW - 19 * MIN, failingSince: NOW - 14 * MIN })).toBeUndefined();
    expect(judgeIntake({ ...slow, currentAt: NOW - 21 * MIN, failingSince: NOW - 16 * MIN })?.reason).toBe(
      'failing',
    );
    expect(MIN_STALL_MS).toBeGreaterThanOrEqual(2 * MIN);
    expect(MIN_CURSOR_MS).toBeGreaterThanOrEqual(30 * MIN);
  });
});
