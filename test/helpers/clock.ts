import { type Clock, systemClock } from '../../src/clock.js';

/**
 * A Clock for a test that controls what time it is: a fixed moment (a Date or an ISO string), or a function the
 * test moves on (`() => current`). Sleeping still waits for real: these tests set the time, they do not skip waits
 * (test/unit/pipeline/fakes.ts has a fake clock that does).
 */
export function fixedClock(at: Date | string | (() => Date)): Clock {
  if (typeof at === 'function') return { now: at, sleep: systemClock.sleep };
  const moment = typeof at === 'string' ? new Date(at) : at;
  return { now: () => moment, sleep: systemClock.sleep };
}
