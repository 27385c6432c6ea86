/**
 * Quiet hours, the rate limit and the per-channel filters, with an injected clock, a real webhook receiver and
 * real Redis (held messages and counters live there, so a restart keeps them).
 */
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isQuiet } from '../../../src/notify/quiet-hours.js';
import { readRecentNotifications } from '../../../src/notify/record.js';
import { fixedClock } from '../../helpers/clock.js';
import { startHttpReceiver } from '../../helpers/notify-receivers.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { message, testDispatcher } from './fixtures.js';

let redis: Redis;
const prefixes: string[] = [];
const cleanups: Array<() => Promise<void>> = [];

beforeAll(() => {
  redis = createTestRedis();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => {
  for (const prefix of prefixes) await deleteKeys(redis, prefix);
  await redis.quit();
});

function fresh(): string {
  const prefix = randomPrefix();
  prefixes.push(prefix);
  return prefix;
}

async function receiver() {
  const hook = await startHttpReceiver();
  cleanups.push(hook.close);
  const titles = () => hook.requests.map((r) => (JSON.parse(r.body) as { title: string }).title);
  return { ...hook, titles };
}

/** A clock the test moves. */
function clock(iso: string) {
  let now = new Date(iso);
  return {
    now: () => now,
    set(next: string) {
      now = new Date(next);
    },
  };
}

describe('quiet hours', () => {
  it.each([
    ['2026-11-23T21:30:00Z', true], // 22:30 in Prague (CET, UTC+1)
    ['2026-11-23T05:59:00Z', true], // 06:59
    ['2026-11-23T06:00:00Z', false], // 07:00: over
    ['2026-11-23T20:59:00Z', false], // 21:59
    ['2026-07-01T20:30:00Z', true], // 22:30 in summer (CEST, UTC+2)
  ])('22:00–07:00 Europe/Prague at %s: quiet %s', (iso, quiet) => {
    expect(isQuiet({ from: '22:00', to: '07:00', timeZone: 'Europe/Prague' }, new Date(iso))).toBe(quiet);
  });

  it("reads quiet hours without a zone of their own in the blogger's zone (ui.timeZone, default Europe/Prague)", () => {
    const night = { from: '22:00', to: '07:00' };
    // 21:30 UTC is 22:30 in Prague (quiet) and 21:30 in London (not yet).
    const at = new Date('2026-11-23T21:30:00Z');
    expect(isQuiet(night, at)).toBe(true);
    expect(isQuiet(night, at, 'Europe/Prague')).toBe(true);
    expect(isQuiet(night, at, 'Europe/London')).toBe(false);
    // Their own zone wins.
    expect(isQuiet({ ...night, timeZone: 'Europe/London' }, at, 'Europe/Prague')).toBe(false);
  });

  it('a daytime span works too, and from = to is never quiet', () => {
    const span = { from: '12:00', to: '13:00', timeZone: 'UTC' };
    expect(isQuiet(span, new Date('2026-11-23T12:30:00Z'))).toBe(true);
    expect(isQuiet(span, new Date('2026-11-23T13:00:00Z'))).toBe(false);
    expect(isQuiet({ from: '12:00', to: '12:00', timeZone: 'UTC' }, new Date('2026-11-23T12:00:00Z'))).toBe(
      false,
    );
  });

  it('holds non-urgent messages, lets urgent ones through, and releases the held ones when quiet hours end — also after a restart', async () => {
    const prefix = fresh();
    const hook = await receiver();
    const time = clock('2026-11-23T22:30:00Z'); // 23:30 in Prague
    const notify = {
      quietHours: { from: '22:00', to: '07:00' },
      channels: [{ name: 'hook', type: 'webhook', url: hook.url }],
    };
    const first = testDispatcher(redis, prefix, notify, { clock: fixedClock(time.now) });
    const held = message({ title: 'v noci počká' });
    expect((await first.dispatcher.deliver(held)).hook?.status).toBe('held');
    const urgent = message({ topic: 'deadline_at_risk', urgent: true, title: 'termín za 20 minut' });
    expect((await first.dispatcher.deliver(urgent)).hook?.status).toBe('sent');
    expect(hook.titles()).toEqual(['termín za 20 minut']);
    await first.dispatcher.tick(); // still quiet: nothing moves
    expect(hook.titles()).toEqual(['termín za 20 minut']);
    await first.dispatcher.close();

    // A restart in the night; the morning comes.
    const second = testDispatcher(redis, prefix, notify, { clock: fixedClock(time.now) });
    cleanups.push(() => second.dispatcher.close());
    time.set('2026-11-24T06:00:00Z'); // 07:00 in Prague
    await second.dispatcher.tick();
    expect(hook.titles()).toEqual(['termín za 20 minut', 'v noci počká']);
    const recent = await readRecentNotifications(redis, prefix);
    expect(recent.find((r) => r.id === held.id)?.channels.hook?.status).toBe('sent');
    // Released once, not again.
    await second.dispatcher.tick();
    expect(hook.requests).toHaveLength(2);
  });

  it('a channel may have its own quiet hours or none (false)', async () => {
    const prefix = fresh();
    const night = await receiver();
    const always = await receiver();
    const time = clock('2026-11-23T12:30:00Z');
    const { dispatcher } = testDispatcher(
      redis,
      prefix,
      {
        quietHours: { from: '12:00', to: '14:00', timeZone: 'UTC' },
        channels: [
          { name: 'night', type: 'webhook', url: night.url },
          { name: 'always', type: 'webhook', url: always.url, quietHours: false },
        ],
      },
      { clock: fixedClock(time.now) },
    );
    cleanups.push(() => dispatcher.close());
    const results = await dispatcher.deliver(message());
    expect(results).toMatchObject({
      night: { status: 'held', reason: 'quiet hours' },
      always: { status: 'sent' },
    });
  });
});

describe('the rate limit', () => {
  it('suppresses what is over maxPerHour, urgent excepted, then sends one summary when the hour is over', async () => {
    const prefix = fresh();
    const hook = await receiver();
    const time = clock('2026-11-23T10:05:00Z');
    const { dispatcher } = testDispatcher(
      redis,
      prefix,
      { channels: [{ name: 'hook', type: 'webhook', url: hook.url, maxPerHour: 2 }] },
      { clock: fixedClock(time.now) },
    );
    cleanups.push(() => dispatcher.close());
    const statuses: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await dispatcher.deliver(message({ title: `m${i}` }))).hook?.status ?? '');
    }
    expect(statuses).toEqual(['sent', 'sent', 'suppressed', 'suppressed', 'suppressed']);
    const urgent = await dispatcher.deliver(
      message({ title: 'urgent', urgent: true, topic: 'deadline_missed' }),
    );
    expect(urgent.hook?.status).toBe('sent');
    const recent = await readRecentNotifications(redis, prefix);
    expect(recent.find((r) => r.title === 'm4')?.channels.hook).toMatchObject({
      status: 'suppressed',
      reason: 'rate limit (2/hour)',
    });

    await dispatcher.tick(); // same hour: no summary yet
    expect(hook.titles()).toEqual(['m0', 'm1', 'urgent']);
    time.set('2026-11-23T11:00:30Z');
    await dispatcher.tick();
    await dispatcher.tick();
    expect(hook.titles()).toEqual(['m0', 'm1', 'urgent', 'pressbridge: 3 upozornění zadrženo limitem']);
    const summary = JSON.parse(hook.requests[3]?.body ?? '{}') as { body: string };
    expect(summary.body).toContain('Kanál „hook“ dosáhl limitu 2 zpráv za hodinu');
  });
});

describe('channel filters', () => {
  it('blogs: only those blogs and messages about no blog; topics: only those topics', async () => {
    const prefix = fresh();
    const blog101 = await receiver();
    const claims = await receiver();
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [
        { name: 'blog101', type: 'webhook', url: blog101.url, blogs: [101] },
        { name: 'claims', type: 'webhook', url: claims.url, topics: ['claim', 'message'] },
      ],
    });
    cleanups.push(() => dispatcher.close());
    await dispatcher.deliver(message({ title: 'a', blogId: 101 }));
    await dispatcher.deliver(message({ title: 'b', blogId: 202 }));
    await dispatcher.deliver(
      message({ title: 'c', blogId: undefined, dealId: undefined, topic: 'marketplace_unreachable' }),
    );
    await dispatcher.deliver(message({ title: 'd', blogId: 202, topic: 'claim', kind: 'event' }));
    expect(blog101.titles()).toEqual(['a', 'c']);
    expect(claims.titles()).toEqual(['d']);
  });
});
