/**
 * A dead channel (connection refused, HTTP 500, a receiver that never answers) is retried and logged, never
 * throws, and never holds back the caller or the other channels. No secret — SMTP password, bot token, ntfy
 * token, the token in a webhook's URL, a config secret quoted in a message — reaches a message, a log line or
 * a recorded result.
 */
import type { ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecentNotifications } from '../../../src/notify/record.js';
import { fixedClock } from '../../helpers/clock.js';
import { deadPort, startHttpReceiver, startSmtpServer } from '../../helpers/notify-receivers.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { until } from '../../helpers/until.js';
import { message, testDispatcher } from './fixtures.js';

const prefix = randomPrefix();
let redis: Redis;

beforeAll(() => {
  redis = createTestRedis();
});
afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('a dead channel', () => {
  it('connection refused and HTTP 500: retried, recorded as failed with the reason, logged; send() never throws', async () => {
    const port = await deadPort();
    const broken = await startHttpReceiver((_req, res) => {
      res.writeHead(500).end('database is down');
    });
    const { dispatcher, lines } = testDispatcher(redis, prefix, {
      channels: [
        { name: 'refused', type: 'ntfy', server: `http://127.0.0.1:${port}`, topic: 'x' },
        { name: 'error500', type: 'webhook', url: broken.url },
      ],
    });
    try {
      const sent = message();
      await expect(dispatcher.send(sent)).resolves.toBeUndefined();
      await dispatcher.idle();
      expect(broken.requests).toHaveLength(3);
      const [record] = await readRecentNotifications(redis, prefix, 1);
      expect(record?.id).toBe(sent.id);
      expect(record?.channels.refused).toMatchObject({ status: 'failed', attempts: 3 });
      expect(record?.channels.refused?.reason).toMatch(/ECONNREFUSED/);
      expect(record?.channels.error500).toMatchObject({
        status: 'failed',
        reason: 'HTTP 500: database is down',
        attempts: 3,
      });
      const failures = lines
        .map((l) => JSON.parse(l) as { msg: string; channel?: string; reason?: string })
        .filter((l) => l.msg.startsWith('notification not delivered'));
      expect(failures.map((l) => l.channel).sort()).toEqual(['error500', 'refused']);
    } finally {
      await dispatcher.close();
      await broken.close();
    }
  });

  it('a receiver that never answers holds back neither send() nor the other channels', async () => {
    const open: ServerResponse[] = [];
    const hanging = await startHttpReceiver((_req, res) => {
      open.push(res);
    });
    const good = await startHttpReceiver();
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [
        { name: 'hanging', type: 'webhook', url: hanging.url },
        { name: 'good', type: 'webhook', url: good.url },
      ],
    });
    try {
      const sent = message();
      await dispatcher.send(sent);
      await until(() => good.requests.length === 1, 5_000, 'the good channel got the message');
      await until(async () => {
        const [record] = await readRecentNotifications(redis, prefix, 1);
        return record?.id === sent.id && record.channels.good?.status === 'sent';
      });
      // The hanging receiver has the request and has not answered: its channel is still pending.
      expect(hanging.requests).toHaveLength(1);
      expect(open).toHaveLength(1);
      const [record] = await readRecentNotifications(redis, prefix, 1);
      expect(record?.channels.hanging?.status).toBe('pending');
      for (const res of open) res.writeHead(200).end('{}');
      await dispatcher.idle();
      const [after] = await readRecentNotifications(redis, prefix, 1);
      expect(after?.channels.hanging?.status).toBe('sent');
    } finally {
      await dispatcher.close();
      await hanging.close();
      await good.close();
    }
  });

  it('closing while a retry waits keeps the message for after the restart', async () => {
    const broken = await startHttpReceiver((_req, res) => {
      res.writeHead(503).end();
    });
    const { dispatcher } = testDispatcher(
      redis,
      prefix,
      { channels: [{ name: 'later', type: 'webhook', url: broken.url }] },
      { retryDelaysMs: [60_000] },
    );
    const sent = message();
    await dispatcher.send(sent);
    await until(() => broken.requests.length === 1);
    await dispatcher.close();
    await broken.close();
    const [record] = await readRecentNotifications(redis, prefix, 1);
    expect(record?.channels.later?.status).toBe('held');
    expect(await redis.llen(`${prefix}:notify:held:later`)).toBe(1);

    const good = await startHttpReceiver();
    const { dispatcher: restarted } = testDispatcher(redis, prefix, {
      channels: [{ name: 'later', type: 'webhook', url: good.url }],
    });
    try {
      await restarted.tick();
      expect(good.requests.map((r) => (JSON.parse(r.body) as { id: string }).id)).toEqual([sent.id]);
    } finally {
      await restarted.close();
      await good.close();
    }
  });
});

describe('Redis away', () => {
  it('messages still go out (quiet hours cannot hold them), send() does not throw, the failure is logged', async () => {
    const port = await deadPort();
    const offline = new Redis({
      host: '127.0.0.1',
      port,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    offline.on('error', () => undefined);
    const hook = await startHttpReceiver();
    const { dispatcher, lines } = testDispatcher(
      offline,
      prefix,
      {
        quietHours: { from: '00:00', to: '23:59', timeZone: 'UTC' },
        channels: [{ name: 'hook', type: 'webhook', url: hook.url }],
      },
      { clock: fixedClock('2026-11-23T12:00:00Z') },
    );
    try {
      await expect(dispatcher.send(message({ title: 'bez Redisu' }))).resolves.toBeUndefined();
      await dispatcher.idle();
      expect(hook.requests.map((r) => (JSON.parse(r.body) as { title: string }).title)).toEqual([
        'bez Redisu',
      ]);
      expect(lines.some((l) => l.includes('notifications: Redis step failed'))).toBe(true);
    } finally {
      await dispatcher.close();
      await hook.close();
      offline.disconnect();
    }
  });
});

describe('no secret in messages, logs or recorded results', () => {
  it('errors that quote the token, the password or the URL are redacted; config secrets never go out', async () => {
    const own = randomPrefix();
    const SMTP_PASSWORD = 'smtp-Pa55word-xyz';
    const BOT_TOKEN = '987654:TELEGRAM-secret-token';
    const NTFY_TOKEN = 'tk_NTFYsecretToken42';
    const HOOK_TOKEN = 'hookQueryToken-0123456789';
    const API_KEY = 'marketplace-api-key-abcdef';
    // Receivers that fail and quote what they were sent: the URL, the token, the Authorization header.
    const echo = await startHttpReceiver((req, res) => {
      res.writeHead(401).end(`refused ${req.path} auth=${String(req.headers.authorization)}`);
    });
    const sink = await startHttpReceiver();
    const smtp = await startSmtpServer({ user: 'blogger', password: 'another-password' });
    const { dispatcher, lines } = testDispatcher(
      redis,
      own,
      {
        channels: [
          {
            name: 'mail',
            type: 'smtp',
            host: '127.0.0.1',
            port: smtp.port,
            user: 'blogger',
            password: SMTP_PASSWORD,
            from: 'a@b.cz',
            to: 'c@d.cz',
          },
          { name: 'tg', type: 'telegram', botToken: BOT_TOKEN, chatId: 1, apiBaseUrl: echo.url },
          { name: 'ntfy', type: 'ntfy', server: echo.url, topic: 't', token: NTFY_TOKEN },
          { name: 'hook', type: 'webhook', url: `${echo.url}/in?token=${HOOK_TOKEN}` },
          { name: 'sink', type: 'webhook', url: sink.url },
        ],
      },
      { secrets: () => [API_KEY, SMTP_PASSWORD] },
    );
    try {
      const results = await dispatcher.deliver(
        message({ body: `The marketplace refused the key ${API_KEY}; Authorization: Bearer abcdefgh12345` }),
      );
      expect(Object.values(results).map((r) => r.status)).toEqual([
        'failed',
        'failed',
        'failed',
        'failed',
        'sent',
      ]);
      expect(results.tg?.reason).toContain('HTTP 401');
      expect(results.mail?.reason).toMatch(/535|auth/i);
      const recorded = JSON.stringify(await readRecentNotifications(redis, own));
      const received = JSON.stringify(sink.requests) + JSON.stringify(echo.requests.map((r) => r.body));
      const everything = `${recorded}\n${lines.join('\n')}\n${received}\n${JSON.stringify(results)}`;
      for (const secret of [SMTP_PASSWORD, BOT_TOKEN, NTFY_TOKEN, HOOK_TOKEN, API_KEY, 'abcdefgh12345']) {
        expect(everything, secret).not.toContain(secret);
      }
      expect(everything).toContain('[redacted]');
    } finally {
      await dispatcher.close();
      await echo.close();
      await sink.close();
      await smtp.close();
      await deleteKeys(redis, own);
    }
  });
});
