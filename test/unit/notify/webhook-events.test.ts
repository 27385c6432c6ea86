/**
 * `claim.created` / `message.created` through the real webhook receiver (signed deliveries) and the daemon's
 * notifications (createNotifications, a real deal store in Redis): one message per post, even when the
 * marketplace delivers it twice; the deal's `web_url` from its record.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createNotifications, type Notifications } from '../../../src/notify/index.js';
import { createWebhookRouter } from '../../../src/webhook/receiver.js';
import { collectingDispatcher } from '../../helpers/notify.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';
import { signedPost } from '../../helpers/sign.js';

const SECRET = 'webhook-secret-for-tests';
const redis: Redis = createTestRedis();
const prefix = randomPrefix();
const dispatcher = collectingDispatcher();
let server: Server;
let url: string;
let store: DealStore;
let notifications: Notifications;

beforeAll(async () => {
  const config = parseConfig(
    {
      marketplace: { baseUrl: 'http://127.0.0.1:9', apiKey: 'k-test-1234567' },
      redis: { url: TEST_REDIS_URL, prefix },
      webhook: { listen: { host: '127.0.0.1', port: 0 }, secret: SECRET },
      ui: { language: 'cs' },
    },
    {},
  );
  const log = createSilentLogger();
  notifications = createNotifications({ config, redis, prefix, log, dispatcher });
  store = createDealStore({ redis, prefix });
  notifications.attach(store);
  const app = express();
  app.use(
    createWebhookRouter({
      config: config.webhook,
      producer: {
        enqueueDeal: async () => {
          throw new Error('no deal.accepted in this test');
        },
      },
      store,
      log,
      onEvent: (event, dealId) => notifications.onEvent(event, dealId),
    }),
  );
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${config.webhook.path}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await notifications.stop();
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

describe('claims and messages from the advertiser', () => {
  it('sends one message per claim with its first line and the deal’s web_url, also when delivered twice', async () => {
    await store.createIfAbsent({
      dealId: 501,
      blogId: 3,
      receivedAt: '2026-11-23T10:00:00Z',
      deadline: '2026-11-23T11:00:00Z',
      title: 'Jak vybrat kolo',
      data: { webUrl: 'https://tržiště.example/obchody/501' },
    });
    const claim = {
      event: 'claim.created',
      deal_id: 501,
      claim: {
        text: 'V článku chybí odkaz na e-shop.\nProsím doplňte ho do pátku.',
        created_at: '2026-11-23 14:05:00',
      },
    };
    for (let i = 0; i < 2; i++) expect((await signedPost(url, claim, SECRET)).status).toBe(200);
    expect(dispatcher.messages).toHaveLength(1);
    const [message] = dispatcher.messages;
    expect(message).toMatchObject({ topic: 'claim', kind: 'event', dealId: 501, blogId: 3 });
    expect(message?.title).toBe('Reklamace k obchodu č. 501 „Jak vybrat kolo“');
    expect(message?.body).toContain('„V článku chybí odkaz na e-shop.“');
    expect(message?.body).not.toContain('pátku');
    expect(message?.body).toContain('23. 11. 2026 14:05');
    expect(message?.url).toBe('https://tržiště.example/obchody/501');

    // A second claim on the same deal is a new message; a message of a deal pressbridge does not know too.
    await signedPost(
      url,
      { ...claim, claim: { text: 'Ještě jedna věc', created_at: '2026-11-23 15:00:00' } },
      SECRET,
    );
    const note = { event: 'message.created', deal_id: 777, message: { text: '\n  Dobrý den,\nděkujeme' } };
    for (let i = 0; i < 2; i++) expect((await signedPost(url, note, SECRET)).status).toBe(200);
    expect(dispatcher.messages.map((m) => `${m.topic} ${m.dealId}`)).toEqual([
      'claim 501',
      'claim 501',
      'message 777',
    ]);
    expect(dispatcher.messages[2]?.body).toContain('Inzerent poslal zprávu k obchodu č. 777: „Dobrý den,“');
  });

  it('ignores other events and badly signed deliveries', async () => {
    const before = dispatcher.messages.length;
    await signedPost(url, { event: 'deal.paid', deal: { id: 501, blog: { id: 3 } } }, SECRET);
    const forged = await signedPost(
      url,
      { event: 'claim.created', deal_id: 501, claim: { text: 'x' } },
      'wrong',
    );
    expect(forged.status).toBe(401);
    expect(dispatcher.messages).toHaveLength(before);
  });
});
