/**
 * Every channel type against a real receiver: an SMTP server in this process, HTTP servers standing for ntfy,
 * Telegram's Bot API and a webhook. Asserts what the receiver got: method, path, headers, body.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, errorSaid } from '../../../src/errors.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { createChannel } from '../../../src/notify/channels/index.js';
import { readRecentNotifications } from '../../../src/notify/record.js';
import { NotifyChannel } from '../../../src/notify/settings.js';
import { startHttpReceiver, startSmtpServer } from '../../helpers/notify-receivers.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
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

describe('notification channels (real receivers)', () => {
  it('smtp: an e-mail with From, To, the Czech subject and body, after logging in', async () => {
    const smtp = await startSmtpServer({ user: 'blogger', password: 'smtp-pass-Secret-1' });
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [
        {
          name: 'mail',
          type: 'smtp',
          host: '127.0.0.1',
          port: smtp.port,
          user: 'blogger',
          password: 'smtp-pass-Secret-1',
          from: 'pressbridge <pressbridge@example.cz>',
          to: ['jana@example.cz', 'petr@example.cz'],
        },
      ],
    });
    try {
      const sent = message();
      const results = await dispatcher.deliver(sent);
      expect(results.mail?.status).toBe('sent');
      expect(smtp.mails).toHaveLength(1);
      const mail = smtp.mails[0];
      expect(mail?.user).toBe('blogger');
      expect(mail?.from).toBe('pressbridge@example.cz');
      expect(mail?.to).toEqual(['jana@example.cz', 'petr@example.cz']);
      expect(mail?.parsed.subject).toBe('Obchod 4711 selhal: „Žluťoučký kůň“');
      expect(mail?.parsed.from?.text).toBe('"pressbridge" <pressbridge@example.cz>');
      expect(mail?.parsed.text).toContain(
        'WordPress odmítl článek (HTTP 403).\nCo s tím: zkontrolujte heslo aplikace.',
      );
      expect(mail?.parsed.text).toContain('http://127.0.0.1:8081/deals/4711');
      expect(mail?.parsed.headers.get('x-pressbridge-topic')).toBe('deal_failed');
      expect(mail?.raw).not.toContain('smtp-pass-Secret-1');
    } finally {
      await dispatcher.close();
      await smtp.close();
    }
  });

  it('ntfy: POST /<topic> with the body, an RFC 2047 title, priority, tags, click and the token', async () => {
    const ntfy = await startHttpReceiver();
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [
        { name: 'phone', type: 'ntfy', server: ntfy.url, topic: 'pb-alerts_1', token: 'tk_ntfyToken123' },
      ],
    });
    try {
      await dispatcher.deliver(message());
      await dispatcher.deliver(
        message({ topic: 'deadline_at_risk', urgent: true, title: 'Deadline in 20 min', url: undefined }),
      );
      expect(ntfy.requests).toHaveLength(2);
      const [normal, urgent] = ntfy.requests;
      expect(normal?.method).toBe('POST');
      expect(normal?.path).toBe('/pb-alerts_1');
      expect(normal?.headers.authorization).toBe('Bearer tk_ntfyToken123');
      expect(normal?.headers.title).toBe(
        `=?UTF-8?B?${Buffer.from('Obchod 4711 selhal: „Žluťoučký kůň“').toString('base64')}?=`,
      );
      expect(normal?.headers.priority).toBe('default');
      expect(normal?.headers.tags).toBe('warning');
      expect(normal?.headers.click).toBe('http://127.0.0.1:8081/deals/4711');
      expect(normal?.body).toBe(
        'WordPress odmítl článek (HTTP 403).\nCo s tím: zkontrolujte heslo aplikace.',
      );
      expect(urgent?.headers.title).toBe('Deadline in 20 min');
      expect(urgent?.headers.priority).toBe('high');
      expect(urgent?.headers.tags).toBe('rotating_light');
      expect(urgent?.headers.click).toBeUndefined();
    } finally {
      await dispatcher.close();
      await ntfy.close();
    }
  });

  it('telegram: POST /bot<token>/sendMessage with chat_id, the text and no link preview', async () => {
    const api = await startHttpReceiver((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true,"result":{"message_id":5}}');
    });
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [
        {
          name: 'tg',
          type: 'telegram',
          botToken: '123456:ABC-bot-token',
          chatId: -100200,
          apiBaseUrl: api.url,
        },
      ],
    });
    try {
      const results = await dispatcher.deliver(message());
      expect(results.tg?.status).toBe('sent');
      const [request] = api.requests;
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe('/bot123456:ABC-bot-token/sendMessage');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(JSON.parse(request?.body ?? '')).toEqual({
        chat_id: -100200,
        text: 'Obchod 4711 selhal: „Žluťoučký kůň“\n\nWordPress odmítl článek (HTTP 403).\nCo s tím: zkontrolujte heslo aplikace.\n\nhttp://127.0.0.1:8081/deals/4711',
        disable_web_page_preview: true,
      });
    } finally {
      await dispatcher.close();
      await api.close();
    }
  });

  it('telegram: an answer without ok:true is a failure with the reason', async () => {
    const api = await startHttpReceiver((_req, res) => {
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end('{"ok":false,"description":"chat not found"}');
    });
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [
        { name: 'tg', type: 'telegram', botToken: '123456:ABC-bot-token', chatId: 1, apiBaseUrl: api.url },
      ],
    });
    try {
      const results = await dispatcher.deliver(message());
      expect(results.tg?.status).toBe('failed');
      expect(results.tg?.reason).toContain('chat not found');
      expect(api.requests).toHaveLength(3);
    } finally {
      await dispatcher.close();
      await api.close();
    }
  });

  it("telegram: the refusal carries its phrase, said in Czech for the setup's check", async () => {
    const api = await startHttpReceiver((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":false}');
    });
    const settings = NotifyChannel.parse({
      name: 'tg',
      type: 'telegram',
      botToken: '123456:ABC-bot-token',
      chatId: 1,
      apiBaseUrl: api.url,
    });
    const channel = createChannel(settings, { timeoutMs: 5_000 });
    try {
      const refusal = await channel.deliver(message(), AbortSignal.timeout(5_000)).catch((e: unknown) => e);
      expect(errorMessage(refusal)).toBe('Telegram did not confirm the message: {"ok":false}');
      expect(createTranslator('cs').say(errorSaid(refusal))).toBe('Telegram zprávu nepotvrdil: {"ok":false}');
    } finally {
      channel.close();
      await api.close();
    }
  });

  it('webhook: JSON with text (Slack, Mattermost), content (Discord) and the structured fields, with its headers', async () => {
    const hook = await startHttpReceiver((_req, res) => {
      res.writeHead(204).end();
    });
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [
        {
          name: 'slack',
          type: 'webhook',
          url: `${hook.url}/hooks/abc?x=1`,
          headers: { 'X-Team': 'blog-crew' },
        },
      ],
    });
    try {
      const sent = message({ kind: 'resolved' });
      expect((await dispatcher.deliver(sent)).slack?.status).toBe('sent');
      const [request] = hook.requests;
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe('/hooks/abc?x=1');
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers['x-team']).toBe('blog-crew');
      const body = JSON.parse(request?.body ?? '') as Record<string, unknown>;
      // Nothing to escape in this one: the text as it is, the link in the chats' own `<url>` syntax.
      const whole =
        'Obchod 4711 selhal: „Žluťoučký kůň“\n\nWordPress odmítl článek (HTTP 403).\nCo s tím: zkontrolujte heslo aplikace.\n\n<http://127.0.0.1:8081/deals/4711>';
      expect(body).toEqual({
        text: whole,
        content: whole,
        allowed_mentions: { parse: [] },
        unfurl_links: false,
        unfurl_media: false,
        id: sent.id,
        topic: 'deal_failed',
        kind: 'resolved',
        title: sent.title,
        body: sent.body,
        url: sent.url,
        dealId: 4711,
        blogId: 101,
        urgent: false,
        createdAt: sent.createdAt,
      });
    } finally {
      await dispatcher.close();
      await hook.close();
    }
  });

  it('records each message with its per-channel result, newest first, capped', async () => {
    const hook = await startHttpReceiver();
    const own = randomPrefix();
    const { dispatcher } = testDispatcher(redis, own, {
      channels: [{ name: 'hook', type: 'webhook', url: hook.url }],
    });
    try {
      for (let i = 0; i < 3; i += 1) await dispatcher.deliver(message({ title: `zpráva ${i}` }));
      const recent = await readRecentNotifications(redis, own);
      expect(recent.map((r) => r.title)).toEqual(['zpráva 2', 'zpráva 1', 'zpráva 0']);
      expect(recent[0]?.channels.hook?.status).toBe('sent');
      expect(recent[0]?.topic).toBe('deal_failed');
      expect(await readRecentNotifications(redis, own, 1)).toHaveLength(1);
      // The list keeps the newest 200.
      for (let i = 0; i < 205; i += 1) await dispatcher.deliver(message({ title: `x ${i}` }));
      expect(await redis.llen(`${own}:notify:recent`)).toBe(200);
    } finally {
      await dispatcher.close();
      await hook.close();
      await deleteKeys(redis, own);
    }
  });
});
