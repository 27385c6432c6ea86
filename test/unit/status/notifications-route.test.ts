/** GET /notifications through the status app, reading what a real dispatcher recorded in a real Redis. */
import * as cheerio from 'cheerio';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealStore } from '../../../src/deals/store.js';
import { recentNotificationsReader } from '../../../src/notify/dispatcher.js';
import { startStatusServer } from '../../../src/status/index.js';
import { deadPort, startHttpReceiver } from '../../helpers/notify-receivers.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { message, testDispatcher } from '../notify/fixtures.js';
import { statusDeps } from './fixtures.js';

const prefix = randomPrefix();
let redis: Redis;

beforeAll(() => {
  redis = createTestRedis();
});
afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('GET /notifications (real Redis)', () => {
  it('lists the recorded notifications with each channel’s result; without a reader it says none is configured', async () => {
    const hook = await startHttpReceiver();
    const port = await deadPort();
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [
        { name: 'hook', type: 'webhook', url: hook.url },
        { name: 'phone', type: 'ntfy', server: `http://127.0.0.1:${port}`, topic: 'x' },
      ],
    });
    await dispatcher.deliver(message({ title: 'Obchod 4711 selhal' }));
    await dispatcher.close();
    await hook.close();

    const store = createDealStore({ redis, prefix });
    const server = await startStatusServer(
      statusDeps(store, { notifications: recentNotificationsReader(redis, prefix), language: 'cs' }),
      { host: '127.0.0.1', port: 0 },
    );
    const bare = await startStatusServer(statusDeps(store, { language: 'en' }), {
      host: '127.0.0.1',
      port: 0,
    });
    try {
      const res = await fetch(`${server.url}notifications`);
      expect(res.status).toBe(200);
      const $ = cheerio.load(await res.text());
      expect($('h1').text()).toBe('Upozornění');
      const row = $('tr.notification');
      expect(row.length).toBe(1);
      expect(row.text()).toContain('Obchod 4711 selhal');
      expect(row.find('li[data-channel="hook"]').attr('data-status')).toBe('sent');
      expect(row.find('li[data-channel="phone"]').attr('data-status')).toBe('failed');
      expect(row.find('li[data-channel="phone"]').text()).toContain('ECONNREFUSED');
      // The nav of every page links it.
      const overview = cheerio.load(await (await fetch(server.url)).text());
      expect(overview('nav.main a[href="/notifications"]').text()).toBe('Upozornění');

      const none = cheerio.load(await (await fetch(`${bare.url}notifications`)).text());
      expect(none('main').text()).toContain('No notification channel is configured');
    } finally {
      await server.close();
      await bare.close();
    }
  });
});
