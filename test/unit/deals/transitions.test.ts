import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readDealData } from '../../../src/deals/data.js';
import {
  DEAL_RUN_STATES,
  refusedTransition,
  TRANSITIONS,
  TransitionRefusedError,
} from '../../../src/deals/lifecycle.js';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;

beforeAll(() => {
  redis = createTestRedis();
});
beforeEach(async () => {
  await deleteKeys(redis, prefix);
  store = createDealStore({ redis, prefix });
});
afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

const receivedAt = new Date(Date.now() - 60_000).toISOString();
const newDeal = (dealId: number) => ({
  dealId,
  blogId: 7,
  receivedAt,
  deadline: new Date(Date.now() + 3_600_000).toISOString(),
});

describe('src/deals/lifecycle: TRANSITIONS', () => {
  it('names a rule and at least one writer for every state', () => {
    for (const state of DEAL_RUN_STATES) expect(TRANSITIONS[state].by.length).toBeGreaterThan(0);
  });

  it.each([
    ['processing', 'fetching', 'pipeline', undefined],
    ['handed_in', 'processing', 'pipeline', undefined],
    ['failed', 'published', 'operator', undefined],
    ['handed_in', 'handed_in', 'pipeline', undefined],
    ['handed_in', 'rendering', 'pipeline', 'the state rendering may not follow handed_in'],
    ['closed', 'failed', 'pipeline', 'the state failed may not follow closed'],
    ['processing', 'failed', 'queue', 'the queue may not write the state failed'],
    ['processing', 'handled', 'pipeline', 'the pipeline may not write the state handled'],
    ['processing', 'closed', 'operator', 'the operator may not write the state closed'],
  ] as const)('%s → %s by the %s', (from, to, by, refused) => {
    const reason = refusedTransition(from, to, by);
    if (refused === undefined) expect(reason).toBeUndefined();
    else expect(reason).toContain(refused);
  });
});

describe('src/deals/store: transitions enforced', () => {
  it('refuses a state the lifecycle does not allow after the current one, and writes nothing', async () => {
    await store.createIfAbsent(newDeal(1));
    await store.update(1, { state: 'handed_in', url: 'https://blog.cz/a' });

    const refused = store.update(1, {
      state: 'rendering',
      error: 'x',
      data: { late: { since: receivedAt } },
    });

    await expect(refused).rejects.toBeInstanceOf(TransitionRefusedError);
    await expect(refused).rejects.toThrow('deal 1: the state rendering may not follow handed_in');
    const record = await store.get(1);
    expect(record).toMatchObject({ state: 'handed_in', url: 'https://blog.cz/a' });
    expect(record?.error).toBeUndefined();
    expect(record?.data).not.toHaveProperty('late');
    expect((await store.countByState()).handed_in).toBe(1);
  });

  it('allows what the program does: an operator hands a handed-in deal in again, the worker runs it', async () => {
    await store.createIfAbsent(newDeal(2));
    await store.update(2, { state: 'handed_in' });
    await expect(store.update(2, { state: 'published' })).resolves.toBe(true);
    await expect(store.update(2, { state: 'processing' })).resolves.toBe(true);
    await expect(store.update(2, { state: 'handing_in' })).resolves.toBe(true);
  });

  it('still answers false, writing nothing, for a deal without a record', async () => {
    await expect(store.update(3, { state: 'failed' })).resolves.toBe(false);
    expect(await store.get(3)).toBeUndefined();
  });
});

describe('src/deals/data: readDealData', () => {
  it('reads each owner’s keys typed, drops a key that does not match, keeps keys of older versions', () => {
    const data = readDealData({
      paid: { reward: 500, price: 900, at: '2026-05-01T10:00:00.000Z' },
      late: 'yes',
      marketplaceCheck: { at: '2026-05-01T10:00:00.000Z', state: 'akceptovano', articleUrl: 3 },
      legacy: 1,
    });
    expect(data.paid).toEqual({ reward: 500, price: 900, at: '2026-05-01T10:00:00.000Z' });
    expect(data.late).toBeUndefined();
    expect(data.marketplaceCheck).toMatchObject({ state: 'akceptovano', articleUrl: null, reason: null });
    expect(data.legacy).toBe(1);
  });
});
