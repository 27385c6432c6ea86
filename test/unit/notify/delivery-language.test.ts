/**
 * Why a notification was not sent, in the blogger's language (issue 28): each channel's result keeps its phrase
 * beside the English reason (src/notify/delivery.ts), and the Notifications page and `pressbridge notify test`
 * (src/notify/record.ts `resultReason`) say it. The English stays the log's and the record's `reason`.
 */
import * as cheerio from 'cheerio';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import {
  type ChannelResult,
  type NotificationRecord,
  readRecentNotifications,
  recordMessage,
  resultReason,
} from '../../../src/notify/record.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { renderNotifications } from '../../../src/status/views/notifications.js';
import { fixedClock } from '../../helpers/clock.js';
import { deadPort, startHttpReceiver } from '../../helpers/notify-receivers.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { until } from '../../helpers/until.js';
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

function ctx(language: Language): ViewContext {
  return {
    base: '',
    now: new Date('2026-11-23T21:40:00.000Z'),
    timeZone: 'Europe/Prague',
    version: '9.9.9',
    marketplaceName: 'Marketplace',
    blogNames: new Map(),
    csrf: '',
    t: createTranslator(language),
  };
}

/** The channel's line on the Notifications page for the newest record. */
async function shown(prefix: string, channel: string, language: Language): Promise<string> {
  const records = await readRecentNotifications(redis, prefix, 1);
  const page = renderNotifications(ctx(language), {
    configured: true,
    records: { ok: true, value: records },
    limit: 200,
  });
  return cheerio.load(page.value)(`li[data-channel="${channel}"] .muted`).text();
}

describe('a channel that refused, in Czech', () => {
  it('nobody answering: the page and `notify test` say the network reason in Czech; the English stays the reason', async () => {
    const prefix = fresh();
    const port = await deadPort();
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [{ name: 'phone', type: 'ntfy', server: `http://127.0.0.1:${port}`, topic: 'x' }],
    });
    cleanups.push(() => dispatcher.close());
    const results = await dispatcher.deliver(message());
    const result = results.phone as ChannelResult;
    expect(result).toMatchObject({ status: 'failed', reason: 'connection refused [ECONNREFUSED]' });
    expect(await shown(prefix, 'phone', 'cs')).toBe('spojení odmítnuto [ECONNREFUSED] · pokusů: 3');
    expect(await shown(prefix, 'phone', 'en')).toBe('connection refused [ECONNREFUSED] · attempts: 3');
    // `pressbridge notify test` prints the result `deliver` answered, through the same reader.
    expect(resultReason(createTranslator('cs'), result)).toBe('spojení odmítnuto [ECONNREFUSED]');
  });

  it('stopped while a retry waits: "sent after the restart" with the last error, both in Czech', async () => {
    const prefix = fresh();
    const port = await deadPort();
    const { dispatcher, lines } = testDispatcher(
      redis,
      prefix,
      { channels: [{ name: 'later', type: 'webhook', url: `http://127.0.0.1:${port}/in` }] },
      { retryDelaysMs: [60_000] },
    );
    await dispatcher.send(message());
    // The first attempt failed and the retry waits a minute: closing ends the wait.
    await until(() => lines.some((line) => line.includes('notification attempt failed')));
    await dispatcher.close();
    const [record] = await readRecentNotifications(redis, prefix, 1);
    expect(record?.channels.later).toMatchObject({
      status: 'held',
      reason: 'pressbridge stopped (last error: connection refused [ECONNREFUSED]); sent after the restart',
    });
    expect(await shown(prefix, 'later', 'cs')).toBe(
      'pressbridge se zastavil (poslední chyba: spojení odmítnuto [ECONNREFUSED]); odešle se po restartu',
    );
  });

  it('quiet hours and the rate limit are named in Czech', async () => {
    const prefix = fresh();
    const hook = await startHttpReceiver();
    cleanups.push(hook.close);
    const { dispatcher } = testDispatcher(
      redis,
      prefix,
      {
        channels: [
          { name: 'night', type: 'webhook', url: hook.url, quietHours: { from: '00:00', to: '23:59' } },
          { name: 'busy', type: 'webhook', url: hook.url, quietHours: false, maxPerHour: 1 },
        ],
      },
      { clock: fixedClock(() => new Date('2026-11-23T10:05:00Z')) },
    );
    cleanups.push(() => dispatcher.close());
    await dispatcher.deliver(message());
    expect(await shown(prefix, 'night', 'cs')).toBe('noční klid');
    await dispatcher.deliver(message());
    const [record] = await readRecentNotifications(redis, prefix, 1);
    expect(record?.channels.busy).toMatchObject({ status: 'suppressed', reason: 'rate limit (1/hour)' });
    expect(await shown(prefix, 'busy', 'cs')).toBe('limit (1 za hodinu)');
  });

  it("Telegram's refusal in Czech, the token it quoted redacted from the phrase as from the English", async () => {
    const prefix = fresh();
    const TOKEN = '987654:TELEGRAM-secret-token';
    const telegram = await startHttpReceiver((_req, res) => {
      res.writeHead(200).end(`{"ok":false,"description":"bot ${TOKEN} was blocked by the user"}`);
    });
    cleanups.push(telegram.close);
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [{ name: 'tg', type: 'telegram', botToken: TOKEN, chatId: 1, apiBaseUrl: telegram.url }],
    });
    cleanups.push(() => dispatcher.close());

    await dispatcher.deliver(message());

    const line = await shown(prefix, 'tg', 'cs');
    expect(line).toMatch(/^Telegram zprávu nepotvrdil: .*was blocked by the user/);
    expect(JSON.stringify(await readRecentNotifications(redis, prefix, 1))).not.toContain(TOKEN);
    expect(line).not.toContain(TOKEN);
  });

  it('a stored phrase that does not read (another release) is dropped: the English reason is shown', async () => {
    const prefix = fresh();
    const odd = { status: 'failed', reason: 'HTTP 502', reasonSaid: { key: 7 }, at: '2026-11-23T21:35:00Z' };
    await recordMessage(redis, prefix, message(), { hook: odd as unknown as ChannelResult });
    const [record] = (await readRecentNotifications(redis, prefix, 1)) as NotificationRecord[];
    expect(record?.channels.hook?.reasonSaid).toBeUndefined();
    expect(await shown(prefix, 'hook', 'cs')).toBe('HTTP 502');
  });
});
