/**
 * The daemon's notifications as one piece (src/notify/index.ts): the settings and their defaults, the store
 * wrapper and the minute's round with an injected clock, start/stop.
 */
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createSilentLogger } from '../../../src/logger.js';
import { NotifyEventSettings } from '../../../src/notify/event-settings.js';
import { createNotifications } from '../../../src/notify/index.js';
import { fixedClock } from '../../helpers/clock.js';
import { collectingDispatcher, sent } from '../../helpers/notify.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';

const redis: Redis = createTestRedis();
const prefixes: string[] = [];
afterAll(async () => {
  for (const p of prefixes) await deleteKeys(redis, p);
  redis.disconnect();
});

function configWith(prefix: string, events: unknown, language = 'en', timeZone?: string) {
  return parseConfig(
    {
      marketplace: { baseUrl: 'http://127.0.0.1:9', apiKey: 'k-test-1234567' },
      redis: { url: TEST_REDIS_URL, prefix },
      ui: { language, ...(timeZone ? { timeZone } : {}) },
      notify: { events },
    },
    {},
  );
}

describe('notify.events settings', () => {
  it('has the documented defaults', () => {
    expect(NotifyEventSettings.parse({})).toEqual({
      deadlineAtRiskMinutes: 20,
      approvalWaitingMinutes: 30,
      marketplaceDownMinutes: 10,
      siteDownMinutes: 15,
      siteCheckMinutes: 5,
      digest: { enabled: true, hour: 8 },
      off: [],
    });
  });

  it.each([
    [{ deadlineAtRiskMinutes: 0 }, 'deadlineAtRiskMinutes'],
    [{ digest: { hour: 24 } }, 'hour'],
    [{ digest: { timeZone: 'Mars/Olympus' } }, 'IANA'],
    [{ off: ['claims'] }, 'off'],
  ])('refuses %j with a message naming it', (events, words) => {
    expect(() => configWith('x', events)).toThrow(words);
  });
});

describe('createNotifications', () => {
  it('runs the minute’s checks through the wrapped store and stops cleanly', async () => {
    const prefix = randomPrefix();
    prefixes.push(prefix);
    const dispatcher = collectingDispatcher();
    // The daemon runs from 23:30 on the 22nd in Prague (a digest of the 22nd is then due on the 23rd).
    let clock = new Date('2026-11-22T22:30:00Z');
    const notifications = createNotifications({
      config: configWith(prefix, { deadlineAtRiskMinutes: 15, off: ['approval_waiting'] }),
      redis,
      prefix,
      log: createSilentLogger(),
      dispatcher,
      clock: fixedClock(() => clock),
    });
    const store = createDealStore({ redis, prefix });
    notifications.attach(store);
    await store.createIfAbsent({
      dealId: 1,
      blogId: 1,
      receivedAt: '2026-11-23T04:50:00Z',
      deadline: '2026-11-23T05:20:00Z',
      state: 'waiting_approval',
    });
    await store.update(1, { state: 'waiting_approval' });
    notifications.start({ statusUrl: 'http://127.0.0.1:8081' });
    await notifications.tick();
    clock = new Date('2026-11-23T05:00:00Z'); // 06:00 in Prague: before the digest hour
    await notifications.tick();
    expect(dispatcher.messages).toEqual([]);
    clock = new Date('2026-11-23T05:06:00Z');
    await notifications.tick();
    expect(sent(dispatcher.messages)).toEqual(['problem deadline_at_risk:1']);
    expect(dispatcher.messages[0]?.url).toBe('http://127.0.0.1:8081/deals/1');
    // approval_waiting is switched off; the digest comes at 08:00 Prague time.
    clock = new Date('2026-11-23T07:00:00Z');
    await notifications.tick();
    expect(sent(dispatcher.messages)).toEqual(['problem deadline_at_risk:1', 'event digest:2026-11-22']);
    await notifications.stop();
    expect(dispatcher.closed).toBe(true);
  });

  it.each([
    [undefined, '06:20'],
    ['UTC', '05:20'],
  ])("writes a message's times in ui.timeZone (%s → %s)", async (timeZone, shown) => {
    const prefix = randomPrefix();
    prefixes.push(prefix);
    const dispatcher = collectingDispatcher();
    const clock = new Date('2026-11-23T05:06:00Z');
    const notifications = createNotifications({
      config: configWith(prefix, { deadlineAtRiskMinutes: 15 }, 'en', timeZone),
      redis,
      prefix,
      log: createSilentLogger(),
      dispatcher,
      clock: fixedClock(() => clock),
    });
    const store = createDealStore({ redis, prefix });
    notifications.attach(store);
    await store.createIfAbsent({
      dealId: 1,
      blogId: 1,
      receivedAt: '2026-11-23T04:50:00Z',
      deadline: '2026-11-23T05:20:00Z',
      state: 'received',
    });
    await notifications.tick();
    await notifications.stop();
    expect(sent(dispatcher.messages)).toEqual(['problem deadline_at_risk:1']);
    expect(dispatcher.messages[0]?.body).toContain(shown);
  });
});
