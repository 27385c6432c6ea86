/**
 * The schedule at 10,000 watched deals (issue 22): half unpaid (daily), half paid (weekly). Over a simulated
 * week, no minute holds more than a small number of due checks, and no tick more than the watcher takes at
 * once, because each deal's time of day (of the week) is a hash of its id. Deterministic: the hash is SHA-256
 * and the jitter comes from a seeded generator.
 */
import { describe, expect, it } from 'vitest';
import { nextCheckAt, phaseOf } from '../../../src/watch/schedule.js';
import { WatchSettings } from '../../../src/watch/settings.js';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-02T00:00:00.000Z');

/** A small seeded generator (mulberry32), so the test reads the same every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('watch schedule: 10,000 deals over a week', () => {
  const settings = WatchSettings.parse({});
  const daily = settings.intervalHours * 3_600_000;
  const weekly = settings.paidIntervalHours * 3_600_000;
  const tickMs = settings.tickMinutes * MINUTE;
  const WEEK = 7 * 24 * 60 * MINUTE;

  function simulate() {
    const random = seeded(22);
    const perMinute = new Map<number, number>();
    const perTick = new Map<number, number>();
    let checks = 0;
    for (let id = 1; id <= 10_000; id++) {
      const interval = id % 2 === 0 ? weekly : daily;
      let at = nextCheckAt(id, T0, interval, random);
      while (at < T0 + WEEK) {
        checks += 1;
        const minute = Math.floor((at - T0) / MINUTE);
        perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
        // The check runs at the first tick at or after its time; the next is booked from there.
        const tick = Math.ceil((at - T0) / tickMs);
        perTick.set(tick, (perTick.get(tick) ?? 0) + 1);
        at = nextCheckAt(id, T0 + tick * tickMs, interval, random);
      }
    }
    return { perMinute, perTick, checks };
  }

  it('no minute holds more than 20 due checks, no tick more than the 50 a tick takes', () => {
    const { perMinute, perTick, checks } = simulate();
    const minutes = 7 * 24 * 60;
    // 5,000 daily deals checked 7 times and 5,000 weekly ones once, about (one more at the edges).
    expect(checks).toBeGreaterThan(5_000 * 6 + 5_000 * 0.9);
    expect(checks).toBeLessThan(5_000 * 8 + 5_000 * 1.1);
    const mean = checks / minutes;
    expect(mean).toBeLessThan(5);
    expect(Math.max(...perMinute.values())).toBeLessThanOrEqual(20);
    expect(Math.max(...perTick.values())).toBeLessThan(50);
  });

  it("a deal's phase is the same every time and the phases spread evenly over the week", () => {
    expect(phaseOf(4242, weekly)).toBe(phaseOf(4242, weekly));
    const days = new Array<number>(7).fill(0);
    for (let id = 1; id <= 10_000; id++) {
      const day = Math.floor(phaseOf(id, weekly) / (24 * 60 * MINUTE));
      days[day] = (days[day] ?? 0) + 1;
    }
    for (const count of days) expect(Math.abs(count - 10_000 / 7)).toBeLessThan(150);
  });
});
