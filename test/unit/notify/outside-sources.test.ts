/**
 * Sources watching the outside: the marketplace's health through the real client against a local HTTP server
 * that drops connections, then answers 429, then recovers; the blogs' sites through the status page's probe.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { createSilentLogger } from '../../../src/logger.js';
import { marketplaceClientFromConfig } from '../../../src/marketplace/from-config.js';
import { createNotifier } from '../../../src/notify/notifier.js';
import { createMarketplaceWatch } from '../../../src/notify/sources/marketplace.js';
import { createSiteWatch } from '../../../src/notify/sources/sites.js';
import { createTargetsProbe } from '../../../src/status/targets.js';
import { fixedClock } from '../../helpers/clock.js';
import { collectingDispatcher, sent } from '../../helpers/notify.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';

const redis: Redis = createTestRedis();
const prefixes: string[] = [];
const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
afterAll(async () => {
  for (const p of prefixes) await deleteKeys(redis, p);
  redis.disconnect();
});

type Mode = 'drop' | '429' | 'ok';

async function serve(handle: () => Mode): Promise<string> {
  const server = createServer((req, res) => {
    const mode = handle();
    if (mode === 'drop') {
      req.socket.destroy();
      return;
    }
    if (mode === '429') {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      res.end(
        JSON.stringify({ error: { code: 'rate_limit', message: 'too many', support_code: 'PC-AAAAAA' } }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 1, login: 'blogger', role: 'bloger', scopes: [], credit: null }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function setup() {
  const prefix = randomPrefix();
  prefixes.push(prefix);
  const dispatcher = collectingDispatcher();
  let clock = new Date('2026-11-23T12:00:00Z');
  const time = fixedClock(() => clock);
  const notifier = createNotifier({
    dispatcher,
    redis,
    prefix,
    language: 'en',
    log: createSilentLogger(),
    clock: time,
  });
  return {
    prefix,
    dispatcher,
    notifier,
    time,
    at(iso: string) {
      clock = new Date(iso);
    },
  };
}

describe('marketplace unreachable or rate-limited', () => {
  it('raises after 10 minutes of only failures or only 429s, resolves on the first answer', async () => {
    const { prefix, dispatcher, notifier, time, at } = setup();
    let mode: Mode = 'drop';
    const baseUrl = await serve(() => mode);
    const watch = createMarketplaceWatch({ notifier, downMinutes: 10, clock: time });
    const config = parseConfig(
      { marketplace: { baseUrl, apiKey: 'k-test-1234567' }, redis: { url: TEST_REDIS_URL, prefix } },
      {},
    );
    const { client } = marketplaceClientFromConfig(config, {
      redis,
      log: createSilentLogger(),
      onResponse: (info) => watch.observe(info),
    });
    const call = async (iso: string) => {
      at(iso);
      await client.me().catch(() => undefined);
      await watch.settled();
    };

    await call('2026-11-23T12:00:00Z');
    await call('2026-11-23T12:05:00Z');
    expect(dispatcher.messages).toEqual([]);
    await call('2026-11-23T12:10:00Z');
    await call('2026-11-23T12:12:00Z');
    expect(sent(dispatcher.messages)).toEqual(['problem marketplace_unreachable']);
    expect(dispatcher.messages[0]?.body).toContain('10 min');
    expect(dispatcher.messages[0]?.urgent).toBe(false);
    expect(dispatcher.messages[0]?.body).toContain('no answer');

    mode = '429';
    await call('2026-11-23T12:13:00Z');
    expect(sent(dispatcher.messages)).toEqual([
      'problem marketplace_unreachable',
      'resolved marketplace_unreachable',
    ]);
    await call('2026-11-23T12:20:00Z');
    at('2026-11-23T12:40:00Z');
    // No request for a while: nothing is known about those minutes, nothing is raised.
    await watch.check();
    expect(dispatcher.messages).toHaveLength(2);
    await call('2026-11-23T12:41:00Z');
    mode = 'ok';
    await call('2026-11-23T12:25:00Z');
    await call('2026-11-23T12:26:00Z');
    expect(sent(dispatcher.messages)).toEqual([
      'problem marketplace_unreachable',
      'resolved marketplace_unreachable',
      'problem marketplace_rate_limited',
      'resolved marketplace_rate_limited',
    ]);
  });

  it('a short outage, or one failure before a quiet hour, sends nothing', async () => {
    const { dispatcher, notifier, time, at } = setup();
    const watch = createMarketplaceWatch({ notifier, downMinutes: 10, clock: time });
    watch.observe({ status: 503 });
    at('2026-11-23T12:09:00Z');
    watch.observe({ status: 0 });
    watch.observe({ status: 200 });
    at('2026-11-23T12:15:00Z');
    watch.observe({ status: 404 });
    await watch.check();
    // One timeout, then no request for an hour: no outage seen.
    watch.observe({ status: 0 });
    at('2026-11-23T13:15:00Z');
    await watch.check();
    await watch.settled();
    expect(dispatcher.messages).toEqual([]);
  });
});

describe('a blog site unreachable', () => {
  it('raises after siteDownMinutes of failed checks, resolves when the site answers', async () => {
    const { dispatcher, notifier, time, at } = setup();
    let mode: Mode = 'drop';
    const siteUrl = await serve(() => mode);
    const publishers = {
      all: () => [
        {
          blog: { id: 7, name: 'Cyklo blog' },
          publisher: {
            kind: 'test',
            target: siteUrl,
            async checkReachable(signal?: AbortSignal) {
              try {
                const res = await fetch(siteUrl, signal ? { signal } : {});
                return { ok: res.ok, detail: `HTTP ${res.status}` };
              } catch (error) {
                return { ok: false, detail: `no answer from ${siteUrl}: ${(error as Error).message}` };
              }
            },
          },
        },
      ],
    };
    const sites = createSiteWatch({
      probe: createTargetsProbe(publishers, { ttlMs: 0, clock: time }),
      notifier,
      downMinutes: 15,
      clock: time,
    });
    for (const minute of ['00', '05', '10']) {
      at(`2026-11-23T12:${minute}:00Z`);
      await sites.check();
    }
    expect(dispatcher.messages).toEqual([]);
    at('2026-11-23T12:15:00Z');
    await sites.check();
    at('2026-11-23T12:20:00Z');
    await sites.check();
    expect(sent(dispatcher.messages)).toEqual(['problem site_unreachable:7']);
    expect(dispatcher.messages[0]?.title).toContain('Cyklo blog');
    expect(dispatcher.messages[0]?.blogId).toBe(7);
    mode = 'ok';
    at('2026-11-23T12:25:00Z');
    await sites.check();
    await sites.check();
    expect(sent(dispatcher.messages)).toEqual(['problem site_unreachable:7', 'resolved site_unreachable:7']);
  });
});
