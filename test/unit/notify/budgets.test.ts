/**
 * Issue 19, budgets per kind: the advertiser's claims and messages count against their own hourly budget per
 * channel (`maxOutsidePerHour`), so however many arrive, a problem of the blogger's own (a failed deal, an
 * article check) still goes out. The real notifier and dispatcher, real Redis, a real webhook receiver, an
 * injected clock.
 */
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../src/logger.js';
import { createNotifier } from '../../../src/notify/notifier.js';
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

function clock(iso: string) {
  let now = new Date(iso);
  return {
    now: () => now,
    set(next: string) {
      now = new Date(next);
    },
  };
}

async function receiver() {
  const hook = await startHttpReceiver();
  cleanups.push(hook.close);
  const topics = () => hook.requests.map((r) => (JSON.parse(r.body) as { topic: string }).topic);
  const bodies = () => hook.requests.map((r) => JSON.parse(r.body) as { title: string; body: string });
  return { ...hook, topics, bodies };
}

describe('budgets per kind (src/notify/limits.ts)', () => {
  it('25 advertiser messages in an hour, then a failed deal and an article check: both delivered', async () => {
    const prefix = fresh();
    const hook = await receiver();
    const time = clock('2026-11-23T10:05:00Z');
    // The defaults: 20 of the blogger's own an hour, 20 of the advertiser's.
    const { dispatcher } = testDispatcher(
      redis,
      prefix,
      { channels: [{ name: 'hook', type: 'webhook', url: hook.url }] },
      { clock: fixedClock(time.now) },
    );
    cleanups.push(() => dispatcher.close());
    const notifier = createNotifier({
      dispatcher,
      redis,
      prefix,
      language: 'cs',
      log: createSilentLogger(),
      statusUrl: 'http://127.0.0.1:8081',
      clock: fixedClock(time.now),
    });

    for (let i = 0; i < 25; i += 1) {
      await notifier.raise({
        topic: 'message',
        dealId: 4711,
        blogId: 101,
        firstLine: `Zpráva č. ${i} @everyone`,
        createdAt: `2026-11-23 11:${String(i).padStart(2, '0')}:00`,
      });
    }
    await dispatcher.idle();
    await notifier.raise({
      topic: 'deal_failed',
      dealId: 4712,
      blogId: 101,
      reason: 'WordPress refused (403)',
    });
    await notifier.raise({
      topic: 'article_check',
      dealId: 4713,
      blogId: 101,
      url: 'https://blog.cz/clanek',
      problem: 'gone',
      detail: 'HTTP 404',
    });
    await dispatcher.idle();

    const topics = hook.topics();
    expect(topics.filter((t) => t === 'message')).toHaveLength(20);
    expect(topics.slice(-2)).toEqual(['deal_failed', 'article_check']);
    const recent = await readRecentNotifications(redis, prefix);
    const suppressed = recent.filter((r) => r.channels.hook?.status === 'suppressed');
    expect(suppressed).toHaveLength(5);
    expect(suppressed.every((r) => r.topic === 'message')).toBe(true);
    expect(suppressed[0]?.channels.hook?.reason).toBe(
      "rate limit for the advertiser's claims and messages (20/hour)",
    );

    // The hour over: one summary, for the advertiser's budget, saying own problems still come through.
    time.set('2026-11-23T11:00:30Z');
    await dispatcher.tick();
    await dispatcher.tick();
    const summaries = hook.bodies().slice(22);
    expect(summaries.map((s) => s.title)).toEqual(['pressbridge: 5 upozornění zadrženo limitem']);
    expect(summaries[0]?.body).toContain('dosáhl limitu 20 reklamací a zpráv od inzerentů za hodinu');
  });

  it('each budget counts and sums up on its own: a full own budget holds back none of the advertiser’s', async () => {
    const prefix = fresh();
    const hook = await receiver();
    const time = clock('2026-11-23T10:05:00Z');
    const { dispatcher } = testDispatcher(
      redis,
      prefix,
      {
        channels: [{ name: 'hook', type: 'webhook', url: hook.url, maxPerHour: 2, maxOutsidePerHour: 3 }],
      },
      { clock: fixedClock(time.now) },
    );
    cleanups.push(() => dispatcher.close());
    const status = async (overrides: Parameters<typeof message>[0]) =>
      (await dispatcher.deliver(message(overrides))).hook?.status;

    const own = [];
    for (let i = 0; i < 3; i += 1) own.push(await status({ title: `own ${i}` }));
    const outside = [];
    for (let i = 0; i < 4; i += 1)
      outside.push(await status({ title: `claim ${i}`, topic: 'claim', kind: 'event' }));
    expect(own).toEqual(['sent', 'sent', 'suppressed']);
    expect(outside).toEqual(['sent', 'sent', 'sent', 'suppressed']);

    time.set('2026-11-23T11:00:30Z');
    await dispatcher.tick();
    const summaries = hook.bodies().slice(5);
    expect(summaries.map((s) => s.title)).toEqual([
      'pressbridge: 1 upozornění zadrženo limitem',
      'pressbridge: 1 upozornění zadrženo limitem',
    ]);
    expect(summaries[0]?.body).toContain('dosáhl limitu 2 zpráv za hodinu');
    expect(summaries[1]?.body).toContain('dosáhl limitu 3 reklamací a zpráv od inzerentů');
  });
});
