/** Until when a deal is watched and how often (./plan.ts), the site's pace and the User-Agent (./pace.ts). */
import { describe, expect, it } from 'vitest';
import type { DealRecord } from '../../../src/deals/record.js';
import { createSitePace, watchUserAgent } from '../../../src/watch/pace.js';
import { addMonths, watchEnd, watchPhase } from '../../../src/watch/plan.js';
import { WatchSettings } from '../../../src/watch/settings.js';

const settings = WatchSettings.parse({});
const HANDED_IN = '2026-01-31T10:00:00.000Z';
const record = (data: Record<string, unknown>, state = 'handed_in'): DealRecord =>
  ({
    dealId: 1,
    blogId: 1,
    state,
    receivedAt: '2026-01-30T10:00:00.000Z',
    url: 'https://blog.example.cz/clanek',
    data: { handedInAt: HANDED_IN, ...data },
  }) as unknown as DealRecord;

describe('watch plan', () => {
  it('adds calendar months, clamped to the month end', () => {
    expect(new Date(addMonths('2026-01-31T10:00:00.000Z', 1)).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(new Date(addMonths('2026-03-15T00:00:00.000Z', 24)).toISOString()).toBe(
      '2028-03-15T00:00:00.000Z',
    );
    expect(addMonths('not a date', 1)).toBeNaN();
  });

  it('unpaid: daily, ending `days` after the hand-in or when the deal ends', () => {
    const plan = watchPhase(record({}), settings);
    expect(plan).toMatchObject({ phase: 'unpaid', intervalMs: 24 * 3_600_000 });
    expect(new Date(plan.untilMs).toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(watchEnd(record({}), plan.untilMs - 1, settings)).toBeUndefined();
    expect(watchEnd(record({}), plan.untilMs + 1, settings)).toBe('days');
    expect(watchEnd(record({}, 'closed'), plan.untilMs - 1, settings)).toBe('state');
  });

  it('paid: weekly until afterPayoutMonths after the payout, keepPublishedMonths beside it, whatever the state', () => {
    const paid = record({ paid: { reward: 900, price: 1200, at: '2026-02-10T12:00:00.000Z' } }, 'closed');
    const plan = watchPhase(paid, settings);
    expect(plan).toMatchObject({ phase: 'paid', intervalMs: 7 * 24 * 3_600_000 });
    expect(new Date(plan.untilMs).toISOString()).toBe('2028-02-10T12:00:00.000Z');
    expect(plan.phase === 'paid' && new Date(plan.keepPublishedUntilMs).toISOString()).toBe(
      '2027-02-10T12:00:00.000Z',
    );
    expect(watchEnd(paid, Date.parse('2027-06-01T00:00:00.000Z'), settings)).toBeUndefined();
    expect(watchEnd(paid, plan.untilMs + 1, settings)).toBe('claim_window');
    const short = WatchSettings.parse({ afterPayoutMonths: 6 });
    expect(watchEnd(paid, Date.parse('2026-08-11T00:00:00.000Z'), short)).toBe('claim_window');
  });
});

describe('the watch respects the blog', () => {
  it('names pressbridge, its version and the blog in the User-Agent', () => {
    expect(watchUserAgent('https://blog.example.cz/2026/clanek?x=1')).toMatch(
      /^pressbridge\/\S+ \(article check; \+https:\/\/blog\.example\.cz\/\)$/,
    );
  });

  it('one request per site every gap: a second site is not held up', async () => {
    let now = 0;
    const slept: number[] = [];
    const clock = {
      now: () => new Date(now),
      sleep: async (ms: number) => {
        slept.push(ms);
      },
    };
    const pace = createSitePace(clock, 10_000);
    const signal = new AbortController().signal;
    await pace.turn('https://a.example/1', signal);
    await pace.turn('https://a.example/2', signal);
    await pace.turn('https://b.example/1', signal);
    await pace.turn('https://a.example/3', signal);
    expect(slept).toEqual([10_000, 20_000]);
    now = 60_000;
    await pace.turn('https://a.example/4', signal);
    expect(slept).toEqual([10_000, 20_000]);
  });
});
