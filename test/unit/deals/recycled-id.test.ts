import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DealRecord, DealStore } from '../../../src/deals/record.js';
import {
  type AcceptanceSeen,
  acceptanceDifferences,
  createRecycledIdCheck,
  readRecycledIdFinding,
  recycledIdFinding,
} from '../../../src/deals/recycled-id.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { logEntryText } from '../../../src/i18n/log-entry.js';
import { Deal } from '../../../src/marketplace/schema.js';
import { DEFAULT_DEAL_JOB_SETTINGS, type DealJobPayload } from '../../../src/queue/jobs.js';
import { createDealProducer, type DealProducer } from '../../../src/queue/producer.js';
import { createSettler, type SettleTally } from '../../../src/reconcile/settle.js';
import { createRedisClient } from '../../../src/redis/client.js';
import { fixedClock } from '../../helpers/clock.js';
import { foreignWords } from '../../helpers/language.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../../helpers/redis.js';

const HANDED_IN_AT = '2026-11-27T09:20:00.000Z';
const cs = createTranslator('cs');
const en = createTranslator('en');

function record(overrides: Partial<DealRecord> = {}): DealRecord {
  return {
    dealId: 1001,
    blogId: 1,
    state: 'handed_in',
    receivedAt: '2026-11-27T09:00:00.000Z',
    deadline: '2026-11-27T10:00:00.000Z',
    updatedAt: HANDED_IN_AT,
    attempts: 1,
    steps: {},
    data: { acceptance: { demandId: 501, publishDeadline: '2026-11-27 11:00:00' }, handedInAt: HANDED_IN_AT },
    ...overrides,
  };
}

describe('src/deals/recycled-id', () => {
  const same: AcceptanceSeen = {
    via: 'webhook',
    blogId: 1,
    demandId: 501,
    publishDeadline: '2026-11-27 11:00:00',
  };

  it.each<[string, Partial<DealRecord>, Partial<AcceptanceSeen>, string[]]>([
    ['a redelivery of the same event', {}, {}, []],
    ['another blog', {}, { blogId: 2 }, ['blog 1 → 2']],
    ['another demand', {}, { demandId: 502 }, ['demand 501 → 502']],
    [
      'another publish_deadline',
      {},
      { publishDeadline: '2026-11-27 19:30:00' },
      ['publish_deadline 2026-11-27 11:00:00 → 2026-11-27 19:30:00'],
    ],
    // A record from before the stamp: only the hand-in can tell.
    [
      'an acceptance after the hand-in, unstamped record',
      { data: { handedInAt: HANDED_IN_AT } },
      { publishDeadline: '2026-11-27 19:30:00', deadline: '2026-11-27T18:30:00.000Z' },
      ['accepted about 2026-11-27T17:30:00.000Z, after the hand-in at 2026-11-27T09:20:00.000Z'],
    ],
    [
      'an unstamped record whose event says nothing new',
      { data: { handedInAt: HANDED_IN_AT } },
      { deadline: '2026-11-27T10:00:00.000Z' },
      [],
    ],
    [
      'a listing changed after the hand-in',
      {},
      { via: 'poll', publishDeadline: undefined, changedAt: '2026-11-27T12:00:00.000Z' },
      [
        'listed as accepted, changed at 2026-11-27T12:00:00.000Z, after the hand-in at 2026-11-27T09:20:00.000Z',
      ],
    ],
    [
      'a listing of a skipped deal changed later (a message): no hand-in to compare with',
      { state: 'skipped', data: { acceptance: { demandId: 501 } } },
      { via: 'poll', publishDeadline: undefined, changedAt: '2026-11-27T12:00:00.000Z' },
      [],
    ],
    ['an event without a demand id', {}, { demandId: undefined }, []],
  ])('%s', (_name, recordOverrides, seenOverrides, expected) => {
    const found = acceptanceDifferences(record(recordOverrides), { ...same, ...seenOverrides });
    expect(found.map((d) => d.english)).toEqual(expected);
    // The phrase beside each English (the deal domain imports no catalog) says the same in English.
    for (const d of found) expect(en.say(d.said)).toBe(d.english);
  });

  it.each<[string, Partial<AcceptanceSeen>, string]>([
    ['another blog and demand', { blogId: 2, demandId: 502 }, 'blog 1 → 2; poptávka 501 → 502'],
    [
      'an acceptance after the hand-in',
      { deadline: '2026-11-27T18:30:00.000Z', publishDeadline: undefined },
      'přijato kolem 2026-11-27T17:30:00.000Z, až po odevzdání v 2026-11-27T09:20:00.000Z',
    ],
    [
      'a listing changed after the hand-in',
      { via: 'poll', publishDeadline: undefined, changedAt: '2026-11-27T12:00:00.000Z' },
      'v seznamu jako přijatý, změněn v 2026-11-27T12:00:00.000Z, až po odevzdání v 2026-11-27T09:20:00.000Z',
    ],
  ])('the finding of %s says what differs in Czech, its English the log’s', (_name, seen, czech) => {
    const finding = recycledIdFinding(record(), { ...same, ...seen }, new Date(HANDED_IN_AT));
    if (!finding?.differencesSaid) throw new Error('no finding');
    expect(cs.say(finding.differencesSaid)).toBe(czech);
    expect(foreignWords(czech, 'cs')).toEqual([]);
    expect(en.say(finding.differencesSaid)).toBe(finding.differences.join('; '));
  });

  it('finds nothing for a deal that is not finished', () => {
    expect(
      recycledIdFinding(record({ state: 'processing' }), { ...same, blogId: 2 }, new Date()),
    ).toBeUndefined();
  });
});

describe('a recycled deal id reaching the producer (real Redis)', () => {
  const prefix = randomPrefix();
  const lines: Array<{ level: number; msg: string; dealId?: number; differences?: string[] }> = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  let redis: Redis;
  let producerRedis: Redis;
  let store: DealStore;
  let producer: DealProducer;

  beforeAll(() => {
    redis = createTestRedis();
    producerRedis = createRedisClient(TEST_REDIS_URL, 'producer');
    store = createDealStore({ redis, prefix });
    producer = createDealProducer({
      connection: producerRedis,
      prefix,
      store,
      log,
      onSeenAgain: createRecycledIdCheck({ redis, prefix, store, log }),
    });
  });

  afterEach(async () => {
    lines.length = 0;
    await producer.queue.obliterate({ force: true });
    await deleteKeys(redis, prefix);
  });

  afterAll(async () => {
    await producer.close();
    await producerRedis.quit();
    await redis.quit();
  });

  function accepted(dealId: number, demandId: number, publishDeadline: string): DealJobPayload {
    return {
      dealId,
      blogId: 1,
      event: {
        id: dealId,
        blog: { id: 1 },
        demand: { id: demandId },
        instant_publish: false,
        published_by: 'agent',
        category_id: null,
        publish_deadline: publishDeadline,
      },
      receivedAt: '2026-11-27T09:00:00.000Z',
      source: 'webhook',
    };
  }

  /**
   * The deal as the first acceptance left it: queued by the producer (which stamps the acceptance), then handed
   * in, its job done and gone: the record rewritten in that state with the producer's stamp.
   */
  async function finished(payload: DealJobPayload): Promise<void> {
    await producer.enqueueDeal(payload);
    const { acceptance } = (await store.get(payload.dealId))?.data ?? {};
    expect(acceptance).toEqual({
      demandId: payload.event.demand?.id,
      publishDeadline: payload.event.publish_deadline,
    });
    await producer.queue.obliterate({ force: true });
    await deleteKeys(redis, prefix);
    await store.createIfAbsent({
      dealId: payload.dealId,
      blogId: payload.blogId,
      receivedAt: payload.receivedAt,
      deadline: '2026-11-27T10:00:00.000Z',
      source: 'webhook',
      state: 'handed_in',
      data: { acceptance: acceptance as Record<string, unknown>, handedInAt: HANDED_IN_AT },
    });
    await store.markEnqueued(payload.dealId, `deal-${payload.dealId}`);
    lines.length = 0;
  }

  it('a deal.accepted with another acceptance warns in both logs and on the home page, and runs nothing', async () => {
    await finished(accepted(1001, 501, '2026-11-27 11:00:00'));

    const result = await producer.enqueueDeal(accepted(1001, 501, '2026-11-27 19:30:00'));

    expect(result).toEqual({ status: 'duplicate', jobId: 'deal-1001', recycled: true });
    expect(await producer.queue.count()).toBe(0);
    expect((await store.get(1001))?.state).toBe('handed_in');
    const warning = lines.find((l) => l.level === 40);
    expect(warning?.differences).toEqual(['publish_deadline 2026-11-27 11:00:00 → 2026-11-27 19:30:00']);
    expect(lines.some((l) => l.msg === 'deal already queued')).toBe(false);
    const dealLog = await store.readLog(1001);
    const line = dealLog.find((e) => e.level === 'warn');
    expect(line?.msg).toContain('publish_deadline 2026-11-27 11:00:00');
    // `deal <id>` and the deal page say the line from its key: the English is the log's, the Czech all Czech.
    if (!line) throw new Error('no warning in the deal log');
    expect(line.key).toBe('log.recycled_id');
    expect(logEntryText(en, line)).toBe(line.msg);
    const czech = logEntryText(cs, line);
    expect(czech).toMatch(
      /^obchod 1001 přišel znovu s jiným přijetím.*publish_deadline 2026-11-27 11:00:00 →/,
    );
    expect(foreignWords(czech, 'cs')).toEqual([]);
    expect(line.fields).toEqual({ via: 'webhook', state: 'handed_in' });
    const finding = await readRecycledIdFinding(redis, prefix);
    expect(finding).toMatchObject({ dealId: 1001, state: 'handed_in' });
    expect(finding?.differencesSaid && cs.say(finding.differencesSaid)).toBe(
      'publish_deadline 2026-11-27 11:00:00 → 2026-11-27 19:30:00',
    );
  });

  it('a redelivery of the same deal.accepted stays an info line, with no finding', async () => {
    await finished(accepted(1002, 502, '2026-11-27 11:00:00'));

    const result = await producer.enqueueDeal(accepted(1002, 502, '2026-11-27 11:00:00'));

    expect(result).toEqual({ status: 'duplicate', jobId: 'deal-1002' });
    expect(lines.find((l) => l.msg === 'deal already queued')?.level).toBe(30);
    expect(lines.some((l) => l.level >= 40)).toBe(false);
    expect(await readRecycledIdFinding(redis, prefix)).toBeUndefined();
  });

  it("the poll's listing of the id accepted again after the hand-in is loud too, and keeps the old deal's page", async () => {
    await finished(accepted(1003, 503, '2026-11-27 11:00:00'));
    await store.update(1003, { data: { webUrl: 'https://marketplace.example/deals/1003-old' } });
    const settle = createSettler({
      producer,
      store,
      blogIds: new Set([1]),
      log,
      clock: fixedClock('2026-11-27T12:05:00.000Z'),
      jobSettings: DEFAULT_DEAL_JOB_SETTINGS,
      quietMs: 0,
      timeZone: 'Europe/Prague',
      source: 'poll',
    });
    const tally: SettleTally = { enqueued: [], requeued: [], known: 0, otherBlogs: 0, unusable: [] };
    const listed = Deal.parse({
      id: 1003,
      state: 'akceptovano',
      blog: { id: 1, name: 'Sandbox blog' },
      demand: { id: 503, name: 'Článek' },
      // 13:00 in Prague: 12:00 UTC, after the hand-in at 09:20 UTC.
      changed_at: '2026-11-27 13:00:00',
      article_url: null,
      web_url: 'https://marketplace.example/deals/1003-new',
    });

    await settle(listed, tally);

    expect(tally).toMatchObject({ enqueued: [], requeued: [], known: 1 });
    expect(await producer.queue.count()).toBe(0);
    expect(lines.find((l) => l.level === 40)?.differences?.[0]).toContain('listed as accepted');
    expect((await store.get(1003))?.data.webUrl).toBe('https://marketplace.example/deals/1003-old');
    expect(await readRecycledIdFinding(redis, prefix)).toMatchObject({ dealId: 1003, via: 'poll' });
  });
});
