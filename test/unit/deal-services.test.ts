/**
 * src/deal-services.ts: one store with its events and subscribers, so a write has the same effects
 * whichever part of the program (or process: daemon, CLI) makes it.
 */
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { createDealServices } from '../../src/deal-services.js';
import { TransitionRefusedError } from '../../src/deals/lifecycle.js';
import { createSilentLogger } from '../../src/logger.js';
import { createMetrics } from '../../src/metrics.js';
import { scheduledAt } from '../../src/watch/schedule.js';
import { collectingDispatcher, sent } from '../helpers/notify.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';

const redis: Redis = createTestRedis();
const prefix = randomPrefix();
afterAll(async () => {
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

const config = parseConfig(
  {
    marketplace: { baseUrl: 'http://127.0.0.1:9', apiKey: 'k-test-1234567' },
    redis: { url: TEST_REDIS_URL, prefix },
    watch: { enabled: true },
  },
  {},
);

async function newDeal(services: ReturnType<typeof createDealServices>, dealId: number) {
  await services.store.createIfAbsent({
    dealId,
    blogId: 1,
    receivedAt: new Date().toISOString(),
    deadline: new Date(Date.now() + 3_600_000).toISOString(),
  });
}

describe('src/deal-services: createDealServices', () => {
  it('notifies, counts and enrols on the store’s events, for every writer alike', async () => {
    const dispatcher = collectingDispatcher();
    const metrics = createMetrics({ defaultMetrics: false });
    const services = createDealServices(config, { redis, log: createSilentLogger(), dispatcher, metrics });
    await newDeal(services, 1);
    await newDeal(services, 2);

    await services.store.as('pipeline').update(1, { state: 'failed', error: 'WordPress refused the login' });
    // What `pressbridge handled 1` does (src/commands/context.ts gives the CLI the operator's view).
    await services.store.as('operator').update(1, { state: 'handled' });
    await services.store.as('pipeline').update(2, { state: 'handed_in', url: 'https://blog.example/a' });
    await services.store.recordStep(2, 'publish', 'ok', 1200);

    expect(sent(dispatcher.messages)).toEqual(['problem deal_failed:1', 'resolved deal_failed:1']);
    expect(await scheduledAt(redis, prefix, 2)).toBeDefined();
    expect(await scheduledAt(redis, prefix, 1)).toBeUndefined();
    const { body } = await metrics.render();
    expect(body).toContain('pressbridge_deals_total{state="failed"} 1');
    expect(body).toContain('pressbridge_deals_total{state="handled"} 1');
    expect(body).toContain('pressbridge_step_duration_seconds_count{step="publish",outcome="ok"} 1');
  });

  it('refuses a state the writer may not write, with no effect', async () => {
    const dispatcher = collectingDispatcher();
    const services = createDealServices(config, { redis, log: createSilentLogger(), dispatcher });
    await newDeal(services, 3);

    await expect(services.store.as('operator').update(3, { state: 'failed' })).rejects.toThrow(
      TransitionRefusedError,
    );
    await expect(services.store.as('pipeline').update(3, { state: 'handled' })).rejects.toThrow(
      'the pipeline may not write the state handled',
    );
    expect(dispatcher.messages).toEqual([]);
    expect((await services.store.get(3))?.state).toBe('received');
  });
});
