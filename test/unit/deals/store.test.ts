import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDealLogger } from '../../../src/deals/logger.js';
import { type DealStore, dealStoreKeys } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createSilentLogger } from '../../../src/logger.js';
import { redactSecrets } from '../../../src/redact.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;

/** Recent times: the index forgets deals received more than 30 days ago. */
const base = Date.now() - 3_600_000;
const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

function newDeal(dealId: number, receivedAt: string, blogId = 7) {
  return { dealId, blogId, receivedAt, deadline: new Date(Date.parse(receivedAt) + 3_600_000).toISOString() };
}

beforeAll(() => {
  redis = createTestRedis();
});

beforeEach(async () => {
  await deleteKeys(redis, prefix);
  store = createDealStore({
    redis,
    prefix,
    maxDealLog: 5,
    maxGlobalLog: 8,
    maxDealEvents: 3,
    maxEventBodyBytes: 200,
  });
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('src/deals/store', () => {
  describe('deal record', () => {
    it('creates a record once and returns the existing one afterwards', async () => {
      const first = await store.createIfAbsent({
        ...newDeal(1, '2026-05-01T10:00:00.000Z'),
        source: 'webhook',
      });
      const second = await store.createIfAbsent({
        ...newDeal(1, '2026-05-09T10:00:00.000Z', 99),
        title: 'x',
      });

      expect(first.created).toBe(true);
      expect(second.created).toBe(false);
      expect(second.record).toMatchObject({
        dealId: 1,
        blogId: 7,
        state: 'received',
        receivedAt: '2026-05-01T10:00:00.000Z',
        source: 'webhook',
        attempts: 0,
      });
      expect(second.record.title).toBeUndefined();
      expect(await redis.ttl(store.keys.deal(1))).toBeGreaterThan(29 * 24 * 3600);
    });

    it('is atomic under concurrent creation', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => store.createIfAbsent(newDeal(2, '2026-05-01T10:00:00.000Z'))),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
    });

    it('updates fields, merges data, clears with null and keeps steps', async () => {
      await store.createIfAbsent({ ...newDeal(3, '2026-05-01T10:00:00.000Z'), data: { a: 1 } });

      await store.update(3, {
        state: 'failed',
        error: 'boom',
        errorCode: 'x',
        attempts: 2,
        data: { b: [1, 2] },
      });
      await store.recordStep(3, 'text', 'ok', 120);
      await store.update(3, {
        state: 'fetched',
        error: null,
        errorCode: null,
        title: 'Title',
        data: { a: null },
      });
      const record = await store.get(3);

      expect(record).toMatchObject({ state: 'fetched', title: 'Title', attempts: 2, data: { b: [1, 2] } });
      expect(record?.error).toBeUndefined();
      expect(record?.errorCode).toBeUndefined();
      expect(record?.data).not.toHaveProperty('a');
      expect(record?.steps.text).toMatchObject({ ms: 120, outcome: 'ok' });
      expect(Date.parse(record?.steps.text?.startedAt ?? '')).not.toBeNaN();
    });

    it('keeps an error’s phrase with its error: scrubbed, and gone when the error changes without one', async () => {
      await store.createIfAbsent(newDeal(4, '2026-05-01T10:00:00.000Z'));
      const errorPhrase = { key: 'deal.error.by_hand', params: { url: 'https://x.cz/?token=abcdef123456' } };

      await store.update(4, { state: 'failed', error: 'the post is live', errorPhrase });
      const failed = await store.get(4);
      await store.update(4, { state: 'failed', error: 'stalled' });
      const replaced = await store.get(4);
      await store.update(4, { state: 'failed', error: 'again', errorPhrase });
      await store.update(4, { state: 'received', error: null });
      const cleared = await store.get(4);

      expect(failed?.errorPhrase).toEqual({
        key: 'deal.error.by_hand',
        params: { url: 'https://x.cz/?token=[redacted]' },
      });
      expect(replaced).toMatchObject({ error: 'stalled' });
      expect(replaced?.errorPhrase).toBeUndefined();
      expect(cleared?.error).toBeUndefined();
      expect(cleared?.errorPhrase).toBeUndefined();
    });

    it('forgets deals older than the retention in the index, not the record', async () => {
      await store.createIfAbsent(newDeal(30, new Date(Date.now() - 40 * 24 * 3_600_000).toISOString()));
      await store.createIfAbsent(newDeal(31, at(0)));

      expect((await store.list()).items.map((r) => r.dealId)).toEqual([31]);
      expect(await store.get(30)).toBeDefined();
    });

    it('marks a deal as queued for exactly one caller', async () => {
      await store.createIfAbsent(newDeal(40, at(0)));

      const marks = await Promise.all([1, 2, 3].map(() => store.markEnqueued(40, 'deal-40')));

      expect(marks.filter(Boolean)).toHaveLength(1);
      expect(await store.get(40)).toMatchObject({ jobId: 'deal-40' });
      expect(await store.markEnqueued(404, 'deal-404')).toBe(false);
    });

    it('marks a deal as queued and records the delivery with its outcome in the same step', async () => {
      await store.createIfAbsent(newDeal(41, at(0)));
      const delivery = {
        event: 'deal.accepted',
        receivedAt: at(1),
        body: { deal: { id: 41, apiKey: 'sk-1' } },
      };

      const marks = await Promise.all([1, 2].map(() => store.markEnqueued(41, 'deal-41', delivery)));

      expect(marks.filter(Boolean)).toHaveLength(1);
      const events = await store.readEvents(41);
      expect(events.map((e) => e.outcome).sort()).toEqual(['duplicate', 'enqueued']);
      expect(events[0]).toMatchObject({ event: 'deal.accepted', dealId: 41, body: { deal: { id: 41 } } });
      // Secrets in the body are redacted as by recordEvent.
      expect(JSON.stringify(events)).not.toContain('sk-1');
      expect(await store.lastWebhook()).toMatchObject({ event: 'deal.accepted', dealId: 41 });
      expect((await store.readGlobalEvents()).filter((e) => e.dealId === 41)).toHaveLength(2);
      // No record, nothing marked, but the delivery is still in the log.
      expect(await store.markEnqueued(405, 'deal-405', delivery)).toBe(false);
      expect(await store.readEvents(405)).toMatchObject([{ outcome: 'duplicate' }]);
    });

    it('does not create a record through update', async () => {
      expect(await store.update(404, { state: 'failed' })).toBe(false);
      expect(await store.get(404)).toBeUndefined();
      expect(await redis.exists(store.keys.deal(404))).toBe(0);
    });

    it('lists newest first, pages, filters and counts by state', async () => {
      await store.createIfAbsent(newDeal(10, at(0)));
      await store.createIfAbsent(newDeal(11, at(20)));
      await store.createIfAbsent(newDeal(12, at(10)));
      await store.update(11, { state: 'fetched' });

      const all = await store.list();
      const page = await store.list({ offset: 1, limit: 1 });
      const received = await store.list({ state: 'received' });
      const counts = await store.countByState();

      expect(all.items.map((r) => r.dealId)).toEqual([11, 12, 10]);
      expect(all.total).toBe(3);
      expect(page.items.map((r) => r.dealId)).toEqual([12]);
      expect(received).toMatchObject({ total: 2 });
      expect(received.items.map((r) => r.dealId)).toEqual([12, 10]);
      expect(counts).toMatchObject({ received: 2, fetched: 1, failed: 0 });
    });

    it('filters by state over an index of 200,000 deals (no argument per deal in one command)', async () => {
      const keys = dealStoreKeys(prefix);
      const pipeline = redis.pipeline();
      for (let start = 0; start < 200_000; start += 10_000) {
        const scores: Array<number | string> = [];
        const states: string[] = [];
        for (let id = start + 1; id <= start + 10_000; id += 1) {
          scores.push(base - id, String(1_000_000 + id));
          states.push(String(1_000_000 + id), id % 50_000 === 0 ? 'failed' : 'received');
        }
        pipeline.zadd(keys.index, ...scores);
        pipeline.hset(keys.states, ...states);
      }
      await pipeline.exec();
      for (const [minutes, id] of [4, 3, 2, 1].entries()) {
        await store.createIfAbsent(newDeal(id, at(10 - minutes)));
        await store.update(id, { state: 'failed' });
      }

      const failed = await store.list({ state: 'failed', offset: 1, limit: 2 });

      // 4 real failed deals (newest first 4, 3, 2, 1) and 4 failed index entries without a record.
      expect(failed.total).toBe(8);
      expect(failed.items.map((r) => r.dealId)).toEqual([3, 2]);
    });
  });

  describe('deal log', () => {
    it('caps the per-deal and the global log, newest first', async () => {
      for (let i = 0; i < 7; i++) await store.appendLog(5, { level: 'info', msg: `line ${i}`, blogId: 7 });
      await store.appendLog(undefined, { level: 'error', msg: 'global' });
      await store.appendLog(6, { level: 'warn', msg: 'other blog', blogId: 8 });

      const dealLog = await store.readLog(5, { limit: 100 });
      const global = await store.readGlobalLog();

      expect(dealLog.map((e) => e.msg)).toEqual(['line 6', 'line 5', 'line 4', 'line 3', 'line 2']);
      expect(dealLog[0]).toMatchObject({ dealId: 5, blogId: 7, level: 'info' });
      expect(global).toHaveLength(8);
      expect(global[0]?.msg).toBe('other blog');
      expect((await store.readGlobalLog({ level: 'warn' })).map((e) => e.msg)).toEqual([
        'other blog',
        'global',
      ]);
      expect((await store.readGlobalLog({ blogId: 8 })).map((e) => e.msg)).toEqual(['other blog']);
    });

    it('redacts secrets in log fields', async () => {
      await store.appendLog(5, {
        level: 'info',
        msg: 'call',
        fields: { apiKey: 'k', headers: { Authorization: 'x' } },
      });
      const [entry] = await store.readLog(5);
      expect(entry?.fields).toEqual({ apiKey: '[redacted]', headers: { Authorization: '[redacted]' } });
    });

    it('scrubs a line’s values as it scrubs its English: the Czech line shows no more than the English', async () => {
      const url = 'https://x.cz/?token=abc123456';
      await store.appendLog(5, {
        level: 'warn',
        msg: `seen at ${url}`,
        key: 'log.recycled_id',
        params: { deal: '5', differences: { key: 'log.recycled_id.and', params: { a: url, b: 'x' } } },
      });
      const [entry] = await store.readLog(5);
      expect(entry?.msg).toBe('seen at https://x.cz/?token=[redacted]');
      expect(JSON.stringify(entry?.params)).not.toContain('abc123456');
      expect(JSON.stringify(entry?.params)).toContain('https://x.cz/?token=[redacted]');
    });

    it('writes through the deal logger to the deal log, each fixed line with its catalog key', async () => {
      const log = createDealLogger(store, createSilentLogger(), 9, 7);
      log.info({ photos: 2, token: 'secret' }, 'photos ready');
      log.warn('deal failed');
      log.line('info', {}, 'a line written elsewhere', undefined);
      log.line('info', {}, 'published to WordPress', 'log.plugin.wp_published');
      await log.flush();

      const entries = await store.readLog(9);
      expect(entries.map((e) => [e.msg, e.key])).toEqual([
        ['published to WordPress', 'log.plugin.wp_published'],
        ['a line written elsewhere', undefined],
        ['deal failed', 'log.failed'],
        ['photos ready', 'log.photos_ready'],
      ]);
      expect(entries[3]?.fields).toEqual({ photos: 2, token: '[redacted]' });
    });

    it('swallows deal-log write failures', async () => {
      const failing = { appendLog: () => Promise.reject(new Error('redis down')) };
      const log = createDealLogger(failing, createSilentLogger(), 9);
      log.error('deal failed');
      await expect(log.flush()).resolves.toBeUndefined();
    });
  });

  describe('event log', () => {
    it('records events per deal and globally, caps bodies, keeps the last webhook', async () => {
      for (let i = 0; i < 4; i++) {
        await store.recordEvent(20, {
          event: 'message.created',
          receivedAt: `2026-05-01T10:00:0${i}.000Z`,
          body: { event: 'message.created', deal_id: 20, i },
          outcome: 'recorded',
        });
      }
      await store.recordEvent(undefined, {
        event: 'webhook.test',
        receivedAt: '2026-05-01T11:00:00.000Z',
        body: { event: 'webhook.test', message: 'x'.repeat(1000) },
        outcome: 'recorded',
      });

      const perDeal = await store.readEvents(20);
      const global = await store.readGlobalEvents();
      const last = await store.lastWebhook();

      expect(perDeal.map((e) => (e.body as { i: number }).i)).toEqual([3, 2, 1]);
      expect(global).toHaveLength(5);
      expect(global[0]).toMatchObject({ event: 'webhook.test', truncated: true });
      expect(String(global[0]?.body).length).toBeLessThanOrEqual(200);
      expect(last).toEqual({ time: '2026-05-01T11:00:00.000Z', event: 'webhook.test', outcome: 'recorded' });
    });

    it('has no last webhook before the first one', async () => {
      expect(await store.lastWebhook()).toBeUndefined();
    });
  });
});

describe('src/deals/store redactSecrets', () => {
  it.each([
    ['apiKey', { apiKey: 'abc' }, { apiKey: '[redacted]' }],
    ['api_key', { api_key: 'abc' }, { api_key: '[redacted]' }],
    ['nested password', { wp: { applicationPassword: 'p' } }, { wp: { applicationPassword: '[redacted]' } }],
    ['secret', { webhookSecret: 's', other: 1 }, { webhookSecret: '[redacted]', other: 1 }],
    [
      'authorization header',
      { headers: { authorization: 'Basic x' } },
      { headers: { authorization: '[redacted]' } },
    ],
    ['bearer value', { note: 'Bearer abc.def' }, { note: '[redacted]' }],
    [
      'arrays',
      { list: [{ token: 't' }, 'Bearer x', 'ok'] },
      { list: [{ token: '[redacted]' }, '[redacted]', 'ok'] },
    ],
    ['plain values', { url: 'https://blog.cz', n: 3 }, { url: 'https://blog.cz', n: 3 }],
  ])('%s', (_name, input, expected) => {
    expect(redactSecrets(input)).toEqual(expected);
  });

  it('turns errors into plain objects and survives cycles', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(redactSecrets({ err: new Error('boom') })).toEqual({ err: { type: 'Error', message: 'boom' } });
    expect(redactSecrets(cyclic)).toEqual({ a: 1, self: '[circular]' });
  });
});

describe('src/deals/store scrubs free text on write', () => {
  it('blanks credentials quoted in log messages, errors and oversized event bodies', async () => {
    await store.createIfAbsent(newDeal(7, '2026-05-01T10:00:00.000Z'));
    await store.appendLog(7, {
      level: 'error',
      msg: 'GET failed with Authorization: Bearer abcdef1234567890',
    });
    await store.update(7, { error: 'WordPress said: password=hunter2hunter2 is wrong' });
    await store.recordEvent(7, {
      event: 'deal.accepted',
      receivedAt: '2026-05-01T10:00:00.000Z',
      outcome: 'invalid',
      body: { token: 'ghp_0123456789abcdef', padding: 'x'.repeat(400) },
    });
    const stored = JSON.stringify([await store.readLog(7), await store.get(7), await store.readEvents(7)]);
    for (const secret of ['abcdef1234567890', 'hunter2hunter2', 'ghp_0123456789abcdef']) {
      expect(stored).not.toContain(secret);
    }
    expect(stored).toContain('WordPress said: password=[redacted] is wrong');
  });
});
