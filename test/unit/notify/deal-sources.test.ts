/**
 * The deal-state store wrapper and the deals monitor against a real deal store in Redis: state changes as the
 * worker and pipeline write them → the right raise/resolve sequence; the monitor with an injected clock.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createNotifier } from '../../../src/notify/notifier.js';
import { dealStateNotifications } from '../../../src/notify/sources/deal-states.js';
import { createDealMonitor } from '../../../src/notify/sources/monitor.js';
import { fixedClock } from '../../helpers/clock.js';
import { collectingDispatcher, sent } from '../../helpers/notify.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const redis: Redis = createTestRedis();
const prefixes: string[] = [];
let clock = new Date('2026-11-23T12:00:00Z');
const now = () => clock;
const time = fixedClock(now);
let prefix: string;
let dispatcher: ReturnType<typeof collectingDispatcher>;
let store: DealStore;

beforeEach(() => {
  prefix = randomPrefix();
  prefixes.push(prefix);
  clock = new Date('2026-11-23T12:00:00Z');
  dispatcher = collectingDispatcher();
  const log = createSilentLogger();
  const notifier = createNotifier({ dispatcher, redis, prefix, language: 'cs', log, clock: time });
  store = createDealStore({ redis, prefix });
  store.events.onChanged(dealStateNotifications({ notifier, redis, prefix, log, clock: time }));
});

afterAll(async () => {
  for (const p of prefixes) await deleteKeys(redis, p);
  redis.disconnect();
});

async function newDeal(dealId: number, deadline: string, data: Record<string, unknown> = {}) {
  await store.createIfAbsent({
    dealId,
    blogId: 3,
    receivedAt: clock.toISOString(),
    deadline,
    title: `Článek ${dealId}`,
    data,
  });
}

function monitor() {
  return createDealMonitor({
    store,
    notifier: createNotifier({
      dispatcher,
      redis,
      prefix,
      language: 'cs',
      log: createSilentLogger(),
      clock: time,
    }),
    redis,
    prefix,
    deadlineAtRiskMinutes: 20,
    approvalWaitingMinutes: 30,
    clock: time,
  });
}

describe('deal states → notifications', () => {
  it('raises a failure once with its reason, a missed deadline, and resolves them when the deal is handed in', async () => {
    await newDeal(1, '2026-11-23T13:00:00Z', { webUrl: 'https://m.example/deals/1' });
    await store.update(1, { state: 'processing' });
    await store.update(1, { state: 'retrying', error: 'HTTP 503' });
    expect(dispatcher.messages).toEqual([]);
    await store.update(1, {
      state: 'failed',
      error: 'WordPress refused the login: set blogs[0].options.appPassword',
    });
    await store.update(1, { state: 'failed', error: 'WordPress refused the login again' });
    await store.update(1, { state: 'deadline_missed', error: 'the deadline passed at 13:00' });
    await store.update(1, { state: 'processing', error: null });
    await store.update(1, { state: 'handed_in', error: null, url: 'https://blog.example/a' });
    expect(sent(dispatcher.messages)).toEqual([
      'problem deal_failed:1',
      'problem deadline_missed:1',
      'resolved deal_failed:1',
      'resolved deadline_missed:1',
    ]);
    const [failed] = dispatcher.messages;
    expect(failed?.body).toContain('set blogs[0].options.appPassword');
    expect(failed?.body).toContain('https://m.example/deals/1');
    expect(failed?.title).toContain('Článek 1');
    expect(dispatcher.messages[1]?.urgent).toBe(true);
  });

  it.each(['handled', 'closed', 'skipped'] as const)('a deal %s resolves its failure', async (state) => {
    await newDeal(2, '2026-11-23T13:00:00Z');
    await store.update(2, { state: 'failed', error: 'boom' });
    await store.update(2, { state });
    expect(sent(dispatcher.messages)).toEqual(['problem deal_failed:2', 'resolved deal_failed:2']);
  });

  it('raises the extra services when a deal with some is handed in, once', async () => {
    await newDeal(3, '2026-11-23T13:00:00Z');
    await store.update(3, { state: 'handed_in' });
    expect(dispatcher.messages).toEqual([]);
    // flagServices stores them after the hand-in.
    await store.update(3, {
      data: { services: [{ id: 12, name: 'Sdílení na Facebooku', needsUrls: true }] },
    });
    await store.update(3, {
      data: { services: [{ id: 12, name: 'Sdílení na Facebooku', needsUrls: true }] },
    });
    expect(sent(dispatcher.messages)).toEqual(['event services:3']);
    expect(dispatcher.messages[0]?.body).toContain('Sdílení na Facebooku');
    // Services known before the hand-in: raised with it.
    await newDeal(4, '2026-11-23T13:00:00Z', { services: [{ id: 13, name: null, needsUrls: null }] });
    await store.update(4, { state: 'publishing' });
    await store.update(4, { state: 'handed_in' });
    expect(sent(dispatcher.messages)).toEqual(['event services:3', 'event services:4']);
    expect(dispatcher.messages[1]?.body).toContain('#13');
  });
});

describe('the deals monitor', () => {
  it('raises a deadline at risk 20 minutes before, once, and resolves it with the hand-in', async () => {
    await newDeal(10, '2026-11-23T12:30:00Z');
    await newDeal(11, '2026-11-23T14:00:00Z');
    await store.update(10, { state: 'publishing' });
    await store.update(11, { state: 'processing' });
    const m = monitor();
    await m.check();
    expect(dispatcher.messages).toEqual([]);
    clock = new Date('2026-11-23T12:10:00Z');
    await m.check();
    clock = new Date('2026-11-23T12:15:00Z');
    await m.check();
    expect(sent(dispatcher.messages)).toEqual(['problem deadline_at_risk:10']);
    expect(dispatcher.messages[0]?.urgent).toBe(true);
    expect(dispatcher.messages[0]?.body).toContain('zbývá 20 min');
    await store.update(10, { state: 'handed_in' });
    await m.check();
    expect(sent(dispatcher.messages)).toEqual([
      'problem deadline_at_risk:10',
      'resolved deadline_at_risk:10',
    ]);
  });

  it('resolves a risk when the deadline moved away, keeps it for a failed deal', async () => {
    await newDeal(12, '2026-11-23T12:10:00Z');
    await newDeal(13, '2026-11-23T12:10:00Z');
    await store.update(12, { state: 'processing' });
    await store.update(13, { state: 'processing' });
    const m = monitor();
    await m.check();
    await store.update(12, { deadline: '2026-11-23T15:00:00Z' });
    await store.update(13, { state: 'failed', error: 'boom' });
    await m.check();
    expect(sent(dispatcher.messages).sort()).toEqual([
      'problem deadline_at_risk:12',
      'problem deadline_at_risk:13',
      'problem deal_failed:13',
      'resolved deadline_at_risk:12',
    ]);
  });

  it('raises approval waiting after 30 minutes in the state, resolved when it leaves it', async () => {
    await newDeal(20, '2026-11-23T18:00:00Z');
    await store.update(20, { state: 'waiting_approval' });
    const m = monitor();
    clock = new Date('2026-11-23T12:20:00Z');
    // The worker writes the state again at every retry: the wait counts from the first time.
    await store.update(20, { state: 'waiting_approval' });
    await m.check();
    expect(dispatcher.messages).toEqual([]);
    clock = new Date('2026-11-23T12:31:00Z');
    await m.check();
    await m.check();
    expect(sent(dispatcher.messages)).toEqual(['problem approval_waiting:20']);
    expect(dispatcher.messages[0]?.body).toContain('31 min');
    await store.update(20, { state: 'publishing' });
    expect(sent(dispatcher.messages)).toEqual([
      'problem approval_waiting:20',
      'resolved approval_waiting:20',
    ]);
    // Waiting again starts a new count.
    clock = new Date('2026-11-23T13:00:00Z');
    await store.update(20, { state: 'waiting_approval' });
    clock = new Date('2026-11-23T13:10:00Z');
    await m.check();
    expect(dispatcher.messages).toHaveLength(2);
  });
});

describe('the deals monitor and writers without notifications', () => {
  it('resolves a failure when a CLI command (the plain store) marked the deal handled', async () => {
    await newDeal(30, '2026-11-23T18:00:00Z');
    await store.update(30, { state: 'failed', error: 'boom' });
    const plain = createDealStore({ redis, prefix });
    await plain.update(30, { state: 'handled' });
    await monitor().check();
    expect(sent(dispatcher.messages)).toEqual(['problem deal_failed:30', 'resolved deal_failed:30']);
  });
});
