/**
 * Issue 19: an ntfy delivery is never lost to a header. Links and titles with characters above U+00FF, CR/LF,
 * spaces or no URL at all go through the dispatcher to a real HTTP receiver, which must get every delivery with
 * header values of printable ASCII, the link percent-encoded (or left out) and the title decodable.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver } from '../../helpers/notify-receivers.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { message, testDispatcher } from './fixtures.js';

let redis: Redis;
const prefix = randomPrefix();

beforeAll(() => {
  redis = createTestRedis();
});
afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

/**
 * RFC 2047 as ntfy's Go `mime.WordDecoder` reads it: each encoded word decoded on its own (so a character split
 * between two words fails here), whitespace between adjacent words dropped.
 */
function decodeWords(value: string): string {
  if (!value.includes('=?')) return value;
  const words = value.split(' ');
  return words
    .map((word) => {
      const match = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=$/.exec(word);
      if (!match) throw new Error(`not an encoded word: ${word}`);
      expect(word.length).toBeLessThanOrEqual(75);
      return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(match[1] ?? '', 'base64'));
    })
    .join('');
}

const BASE = 'http://127.0.0.1:8081/deals/4711';

describe('src/notify/channels/ntfy.ts: headers always valid', () => {
  it.each([
    ['U+0161 in the path', `${BASE}/\u0161koda`, `${BASE}/%C5%A1koda`],
    ['CR/LF and a header after them', `${BASE}\r\nX-Injected: 1`, `${BASE}%0D%0AX-Injected:%201`],
    ['spaces in path and query', `${BASE}/a b?q=x y`, `${BASE}/a%20b?q=x%20y`],
    ['an emoji and a bidi control', `${BASE}/\u{1F642}\u202e`, `${BASE}/%F0%9F%99%82%E2%80%AE`],
    ['a host with a space (unparseable)', 'http://exa mple.cz/x', undefined],
    ['no URL at all', 'tady je odkaz', undefined],
    ['another scheme', 'javascript:alert(1)', undefined],
  ])('%s: delivered, Click %j', async (_name, url, click) => {
    const ntfy = await startHttpReceiver();
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [{ name: 'phone', type: 'ntfy', server: ntfy.url, topic: 'pb-alerts' }],
    });
    try {
      // What pressbridge sent before: the raw link as a header, which fetch refuses (the delivery was lost).
      if (/[^\x20-\x7e]/.test(url)) {
        await expect(fetch(ntfy.url, { method: 'POST', headers: { Click: url } })).rejects.toThrow();
      }
      const results = await dispatcher.deliver(message({ url }));
      expect(results.phone?.status).toBe('sent');
      const received = ntfy.requests.filter((r) => r.path === '/pb-alerts');
      expect(received).toHaveLength(1);
      const headers = received[0]?.headers ?? {};
      for (const [name, value] of Object.entries(headers)) {
        expect(String(value), name).toMatch(/^[\x20-\x7e]*$/);
      }
      expect(headers.click).toBe(click);
      expect(headers['x-injected']).toBeUndefined();
      expect(received[0]?.body).toBe(message().body);
    } finally {
      await dispatcher.close();
      await ntfy.close();
    }
  });

  it('titles: non-Latin-1, long, with CR/LF or an encoded word of their own arrive whole', async () => {
    const ntfy = await startHttpReceiver();
    const { dispatcher } = testDispatcher(redis, prefix, {
      channels: [{ name: 'phone', type: 'ntfy', server: ntfy.url, topic: 'pb-alerts' }],
    });
    const titles = [
      'Obchod 4711: 🙂 Příliš žluťoučký kůň úpěl ďábelské ódy – a ještě jednou: Příliš žluťoučký kůň úpěl ďábelské ódy',
      'Zpráva od inzerenta\r\nX-Injected: 1',
      'Plain ASCII =?UTF-8?B?w6k=?= smuggled',
      'Deal 4711 failed',
    ];
    try {
      for (const title of titles) {
        expect((await dispatcher.deliver(message({ title }))).phone?.status).toBe('sent');
      }
      const got = ntfy.requests.map((r) => String(r.headers.title));
      for (const value of got) expect(value).toMatch(/^[\x20-\x7e]+$/);
      expect(got.map(decodeWords)).toEqual([
        titles[0],
        'Zpráva od inzerenta X-Injected: 1',
        titles[2],
        'Deal 4711 failed',
      ]);
      // Plain ASCII stays readable as it is.
      expect(got[3]).toBe('Deal 4711 failed');
      expect(got[0]?.split(' ').length).toBeGreaterThan(1);
      expect(ntfy.requests.every((r) => r.headers['x-injected'] === undefined)).toBe(true);
    } finally {
      await dispatcher.close();
      await ntfy.close();
    }
  });
});
