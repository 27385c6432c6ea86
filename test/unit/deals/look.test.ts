import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HeldData, readDealData } from '../../../src/deals/data.js';
import { claimDecision, lookExpiryMs, noAnswerDecision, PUBLISH_NEEDS_MS } from '../../../src/deals/look.js';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

describe('src/deals/look: noAnswerDecision', () => {
  it.each([
    [undefined, undefined],
    ['hold', undefined],
    ['publish', 'approve'],
    ['refuse', 'refuse'],
  ] as const)('onNoAnswer %s decides %s', (onNoAnswer, decision) => {
    expect(noAnswerDecision(onNoAnswer)).toBe(decision);
  });
});

describe('src/deals/look: lookExpiryMs', () => {
  it('is the deadline less the time publishing needs, never before the hold', () => {
    const deadline = Date.parse('2026-12-01T11:00:00Z');
    expect(lookExpiryMs(deadline, deadline - 3_600_000)).toBe(deadline - PUBLISH_NEEDS_MS);
    expect(lookExpiryMs(deadline, deadline - 60_000)).toBe(deadline - 60_000);
    expect(lookExpiryMs(deadline, deadline - 3_600_000, 1_000)).toBe(deadline - 1_000);
  });
});

const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;
const held: HeldData = {
  at: '2026-12-01T10:00:00.000Z',
  outcome: 'refuse',
  reasons: [
    { rule: 'refusedWords', outcome: 'refuse', said: { key: 'verdict.reason.more', params: { n: 1 } } },
  ],
  expiresAt: '2026-12-01T10:50:00.000Z',
  nonce: 'hold-nonce-1',
  draftRef: 'wp:12',
};

beforeAll(() => {
  redis = createTestRedis();
});
beforeEach(async () => {
  await deleteKeys(redis, prefix);
  store = createDealStore({ redis, prefix });
  await store.createIfAbsent({
    dealId: 1,
    blogId: 7,
    receivedAt: held.at,
    deadline: '2026-12-01T11:00:00.000Z',
    data: { held },
  });
});
afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

const decision = (d: 'approve' | 'refuse', nonce = held.nonce) => ({
  decision: d,
  by: 'link' as const,
  at: '2026-12-01T10:05:00.000Z',
  nonce,
});

describe('src/deals/look: claimDecision (single use)', () => {
  it('takes the first decision and keeps it: a second tap, or the other button, changes nothing', async () => {
    expect((await claimDecision(store, 1, decision('approve'))).kind).toBe('decided');
    const again = await claimDecision(store, 1, decision('refuse'));
    expect(again).toEqual({ kind: 'already', decision: decision('approve') });
    expect(readDealData((await store.get(1))?.data).lookDecision?.decision).toBe('approve');
  });

  it('lets exactly one of many concurrent deciders win (two daemons, two taps)', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => claimDecision(store, 1, decision(i % 2 ? 'approve' : 'refuse'))),
    );
    expect(outcomes.filter((o) => o.kind === 'decided')).toHaveLength(1);
  });

  it('decides nothing with the nonce of another hold, nor on a deal without a record', async () => {
    expect(await claimDecision(store, 1, decision('approve', 'old-hold-nonce'))).toEqual({
      kind: 'not_held',
    });
    expect(await claimDecision(store, 2, decision('approve'))).toEqual({ kind: 'not_held' });
    expect(await redis.exists(store.keys.deal(2))).toBe(0);
  });
});
