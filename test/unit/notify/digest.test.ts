import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import type { DealRecord } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createNotifier } from '../../../src/notify/notifier.js';
import { computeDigest, createDigestSchedule, localDay } from '../../../src/notify/sources/digest.js';
import { fixedClock } from '../../helpers/clock.js';
import { collectingDispatcher } from '../../helpers/notify.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';

const redis: Redis = createTestRedis();
const prefixes: string[] = [];
afterAll(async () => {
  for (const p of prefixes) await deleteKeys(redis, p);
  redis.disconnect();
});

function record(
  dealId: number,
  state: DealRecord['state'],
  data: Record<string, unknown>,
  updatedAt = '2026-11-20T10:00:00Z',
): DealRecord {
  return {
    dealId,
    blogId: 1,
    state,
    receivedAt: '2026-11-20T09:00:00Z',
    deadline: '2026-11-20T10:00:00Z',
    updatedAt,
    attempts: 1,
    steps: {},
    data,
  };
}

const ZONE = 'Europe/Prague';

describe('the daily digest', () => {
  it('counts the local day’s hand-ins and payouts, what awaits payout and what is open', () => {
    const records = [
      // Handed in on the 22nd local time (23:30 UTC on the 21st), awaiting 1 500 Kč.
      record(1, 'handed_in', { handedInAt: '2026-11-21T23:30:00Z', reward: 1500 }),
      // Handed in on the 22nd and paid the same day.
      record(2, 'handed_in', {
        handedInAt: '2026-11-22T08:00:00Z',
        reward: 2000,
        paid: { reward: 2000, price: 2600, at: '2026-11-22T15:00:00Z' },
      }),
      // Paid on the 22nd, handed in earlier; a payout with no reward counts 0 Kč.
      record(3, 'handed_in', {
        handedInAt: '2026-11-10T08:00:00Z',
        paid: { reward: 1200, price: null, at: '2026-11-22T22:59:00Z' },
      }),
      record(4, 'handed_in', {
        handedInAt: '2026-11-10T08:00:00Z',
        paid: { reward: null, price: null, at: '2026-11-22T12:00:00Z' },
      }),
      // Paid just after local midnight: the 23rd.
      record(5, 'handed_in', {
        handedInAt: '2026-11-10T08:00:00Z',
        paid: { reward: 999, at: '2026-11-22T23:00:00Z' },
      }),
      // Handed in (no handedInAt: its last change), no reward known: awaits 0 Kč.
      record(6, 'handed_in', {}, '2026-11-22T09:00:00Z'),
      // Garbage in data is read leniently.
      record(7, 'handed_in', { handedInAt: 42, reward: 'lots', paid: 'yes' }),
      // Stored before the money edge: impossible amounts count as unknown (src/marketplace/money.ts).
      record(13, 'handed_in', { handedInAt: '2026-11-10T08:00:00Z', reward: -5_000_000 }),
      record(14, 'handed_in', {
        handedInAt: '2026-11-10T08:00:00Z',
        paid: { reward: 9_007_199_254_740_991, price: 1.5, at: '2026-11-22T12:00:00Z' },
      }),
      record(8, 'failed', {}),
      record(9, 'deadline_missed', {}),
      record(10, 'waiting_approval', {}),
      record(11, 'closed', {}),
      record(12, 'handled', {}),
    ];
    expect(computeDigest(records, '2026-11-22', ZONE)).toEqual({
      topic: 'digest',
      day: '2026-11-22',
      handedIn: 3,
      paid: 4,
      earned: 3200,
      awaiting: 1500,
      open: [8, 9, 10],
    });
    expect(localDay('2026-11-22T23:00:00Z', ZONE)).toBe('2026-11-23');
  });

  it('is sent once a day at the hour, for the day before, also when started later that day', async () => {
    const prefix = randomPrefix();
    prefixes.push(prefix);
    const store = createDealStore({ redis, prefix });
    await store.createIfAbsent({
      dealId: 1,
      blogId: 1,
      receivedAt: '2026-11-22T09:00:00Z',
      deadline: '2026-11-22T10:00:00Z',
      state: 'handed_in',
      data: {
        handedInAt: '2026-11-22T09:30:00Z',
        paid: { reward: 800, price: 1000, at: '2026-11-22T12:00:00Z' },
      },
    });
    const dispatcher = collectingDispatcher();
    const config = parseConfig(
      {
        marketplace: { baseUrl: 'http://127.0.0.1:9', apiKey: 'k-test-1234567' },
        redis: { url: TEST_REDIS_URL, prefix },
        notify: { events: { digest: { hour: 8 } } },
      },
      {},
    );
    const { hour } = config.notify.events.digest;
    // No digest zone given: the blogger's (ui.timeZone, Europe/Prague by default).
    const timeZone = config.notify.events.digest.timeZone ?? config.ui.timeZone;
    expect(timeZone).toBe('Europe/Prague');
    let clock = new Date('2026-11-23T06:59:00Z');
    const time = fixedClock(() => clock);
    const notifier = () =>
      createNotifier({ dispatcher, redis, prefix, language: 'en', log: createSilentLogger(), clock: time });
    const schedule = (): ReturnType<typeof createDigestSchedule> =>
      createDigestSchedule({ store, notifier: notifier(), hour, timeZone, redis, prefix, clock: time });
    // The daemon ran on the 22nd (its minute check marks the day).
    clock = new Date('2026-11-22T20:00:00Z');
    expect(await schedule().check()).toBeUndefined();
    clock = new Date('2026-11-23T06:59:00Z'); // 07:59 in Prague
    const first = schedule();
    expect(await first.check()).toBeUndefined();
    clock = new Date('2026-11-23T07:00:00Z');
    expect(await first.check()).toBe('2026-11-22');
    expect(await first.check()).toBeUndefined();
    // A restart (or a second process) later that day: the key lets no second digest out.
    clock = new Date('2026-11-23T15:00:00Z');
    await schedule().check();
    expect(dispatcher.messages.map((m) => m.key)).toEqual(['digest:2026-11-22']);
    expect(dispatcher.messages[0]?.body).toContain('Paid: 1 (earned CZK\u00a0800)');
    // The daemon was down at 8 the next day and starts at 13:00: the digest still goes out.
    clock = new Date('2026-11-24T12:00:00Z');
    await schedule().check();
    expect(dispatcher.messages.map((m) => m.key)).toEqual(['digest:2026-11-22', 'digest:2026-11-23']);
  });

  it('sends no digest of a day the daemon did not run', async () => {
    const prefix = randomPrefix();
    prefixes.push(prefix);
    const store = createDealStore({ redis, prefix });
    const dispatcher = collectingDispatcher();
    let clock = new Date('2026-11-20T10:00:00Z');
    const time = fixedClock(() => clock);
    const schedule = (): ReturnType<typeof createDigestSchedule> =>
      createDigestSchedule({
        store,
        notifier: createNotifier({
          dispatcher,
          redis,
          prefix,
          language: 'en',
          log: createSilentLogger(),
          clock: time,
        }),
        hour: 8,
        timeZone: ZONE,
        redis,
        prefix,
        clock: time,
      });
    // A first start ever, at 11:00 in Prague: the daemon did not run yesterday, so no digest of it.
    expect(await schedule().check()).toBeUndefined();
    // It runs until 23:59 local on the 20th and is stopped; the last minute check is at 23:59 (22:59 UTC).
    clock = new Date('2026-11-20T22:59:00Z');
    expect(await schedule().check()).toBeUndefined();
    // Started again on the 22nd at 09:00: the 21st saw no daemon (no digest); the 20th's would have been due on
    // the 21st, which no process lived to send.
    clock = new Date('2026-11-22T08:00:00Z');
    const restarted = schedule();
    expect(await restarted.check()).toBeUndefined();
    expect(dispatcher.messages).toEqual([]);
    // Running through the 22nd: on the 23rd at 08:00 the 22nd's digest goes out.
    clock = new Date('2026-11-23T07:00:00Z');
    expect(await restarted.check()).toBe('2026-11-22');
    expect(dispatcher.messages.map((m) => m.key)).toEqual(['digest:2026-11-22']);
  });
});
