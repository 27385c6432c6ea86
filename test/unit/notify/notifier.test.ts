import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createNotifier, readOpenProblems } from '../../../src/notify/notifier.js';
import { isProblemTopic, type NotifyEvent, problemKey } from '../../../src/notify/types.js';
import { fixedClock } from '../../helpers/clock.js';
import { collectingDispatcher, sent } from '../../helpers/notify.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const API_KEY = 'pk_live_9f8e7d6c5b4a39281706';
const PASSWORD = 'Tajne-Heslo-2026!';
const deal = {
  dealId: 812,
  blogId: 3,
  title: 'Jak vybrat kolo',
  webUrl: 'https://tržiště.example/obchody/812',
};

/** One event of every topic, with secrets hidden in the free texts. */
const EVENTS: NotifyEvent[] = [
  {
    topic: 'deal_failed',
    reason: `WordPress refused the upload (401): check blogs[0].options.appPassword; sent password=${PASSWORD} with api_key=${API_KEY}`,
    ...deal,
  },
  { topic: 'deadline_at_risk', minutesLeft: 12, deadline: '2026-11-23T13:05:00Z', ...deal },
  { topic: 'deadline_missed', reason: `the deadline passed; token ${API_KEY}`, ...deal },
  { topic: 'approval_waiting', minutes: 45, ...deal },
  {
    topic: 'marketplace_unreachable',
    minutes: 11,
    detail: `HTTP 502 from https://user:${PASSWORD}@api.example`,
  },
  { topic: 'marketplace_unreachable', minutes: 11, detail: '' },
  { topic: 'marketplace_rate_limited', minutes: 10 },
  {
    topic: 'site_unreachable',
    blogId: 3,
    blogName: 'Cyklo blog',
    detail: `connect ECONNREFUSED; password: ${PASSWORD}`,
  },
  { topic: 'article_check', url: 'https://blog.example/kolo', problem: 'gone', detail: 'HTTP 404', ...deal },
  {
    topic: 'article_check',
    url: 'https://blog.example/kolo',
    problem: 'links',
    detail: '1 of 2 links missing',
    ...deal,
  },
  { topic: 'reconcile_found', dealIds: [815, 814] },
  {
    topic: 'claim',
    firstLine: `Článek nemá odkaz na náš e-shop\nDruhý řádek ${API_KEY}`,
    createdAt: '2026-11-23 14:05:00',
    ...deal,
  },
  {
    topic: 'message',
    firstLine: 'Dobrý den, můžeme změnit titulek?',
    createdAt: '2026-11-23T13:05:00Z',
    dealId: 900,
  },
  { topic: 'services', services: 'Sdílení na Facebooku, #12', ...deal },
  { topic: 'digest', day: '2026-11-22', handedIn: 3, paid: 2, earned: 12345, awaiting: 4000, open: [7, 9] },
  { topic: 'digest', day: '2026-11-21', handedIn: 0, paid: 0, earned: 0, awaiting: 0, open: [] },
  {
    topic: 'digest',
    day: '2026-11-20',
    handedIn: 0,
    paid: 0,
    earned: 0,
    awaiting: 0,
    open: Array.from({ length: 25 }, (_, i) => 100 + i),
  },
  {
    topic: 'demand',
    blogId: 3,
    demands: [
      { id: 41, name: `Sekačky <b>na trávu</b> api_key=${API_KEY}`, reward: 1500 },
      { id: 42, reward: 900 },
    ],
  },
  { topic: 'demand_offered', blogId: 3, demandId: 41, name: 'Sekačky', reward: 1500, dealId: 7001 },
  { topic: 'test', channel: 'telegram' },
];

let redis: Redis;
const prefixes: string[] = [];

beforeAll(() => {
  redis = createTestRedis();
});
afterAll(async () => {
  for (const prefix of prefixes) await deleteKeys(redis, prefix);
  redis.disconnect();
});

function notifierFor(language: Language, prefix = randomPrefix()) {
  prefixes.push(prefix);
  const dispatcher = collectingDispatcher();
  const notifier = createNotifier({
    dispatcher,
    redis,
    prefix,
    language,
    log: createSilentLogger(),
    statusUrl: 'http://127.0.0.1:8081/',
    timeZone: 'Europe/Prague',
    secrets: () => [API_KEY, PASSWORD],
    clock: fixedClock('2026-11-23T13:00:00Z'),
  });
  return { notifier, dispatcher, prefix };
}

describe('the notifier', () => {
  it.each(LANGUAGES)(
    'writes every topic and its resolved follow-up in %s, without placeholders or secrets',
    async (language) => {
      const { notifier, dispatcher } = notifierFor(language);
      for (const event of EVENTS) {
        await notifier.raise(event);
        if (isProblemTopic(event.topic)) await notifier.resolve(problemKey(event));
      }
      const messages = dispatcher.messages;
      // Two marketplace_unreachable and article_check events share a key: raised again after their resolve.
      expect(messages.filter((m) => m.kind !== 'resolved')).toHaveLength(EVENTS.length);
      for (const m of messages) {
        const text = `${m.title}\n${m.body}\n${m.url ?? ''}`;
        expect(text, m.key).not.toMatch(/\{[A-Za-z0-9_]+\}/);
        expect(text, m.key).not.toContain(API_KEY);
        expect(text, m.key).not.toContain(PASSWORD);
        expect(m.title.trim(), m.key).not.toBe('');
        expect(m.title, m.key).not.toContain('notify.event');
        expect(m.body, m.key).not.toContain('notify.event');
      }
      const byKey = (kind: string, key: string) => messages.find((m) => m.kind === kind && m.key === key);
      const failed = byKey('problem', 'deal_failed:812');
      expect(failed?.urgent).toBe(false);
      expect(failed?.dealId).toBe(812);
      expect(failed?.blogId).toBe(3);
      expect(failed?.body).toContain('blogs[0].options.appPassword');
      expect(failed?.body).toContain('http://127.0.0.1:8081/deals/812');
      expect(failed?.url).toBe('http://127.0.0.1:8081/deals/812');
      expect(byKey('problem', 'deadline_at_risk:812')?.urgent).toBe(true);
      expect(byKey('resolved', 'deadline_at_risk:812')?.urgent).toBe(false);
      const demand = messages.find((m) => m.topic === 'demand');
      expect(demand?.body).toContain('http://127.0.0.1:8081/demands/3/41');
      expect(demand?.body).toContain('http://127.0.0.1:8081/demands/3/42');
      // The advertiser's words arrive as text for the channels to make inert, never read as markup here.
      expect(demand?.body).toContain('Sekačky <b>na trávu</b>');
      expect(demand?.url).toBe('http://127.0.0.1:8081/demands/3/41');
      expect(messages.find((m) => m.topic === 'demand_offered')?.url).toBe(
        'http://127.0.0.1:8081/demands/3/41',
      );
      const claim = messages.find((m) => m.topic === 'claim');
      expect(claim?.body).toContain('Článek nemá odkaz na náš e-shop');
      expect(claim?.body).not.toContain('Druhý řádek');
      expect(claim?.url).toBe(deal.webUrl);
      const digest = byKey('event', 'digest:2026-11-22');
      if (language === 'cs') {
        expect(failed?.title).toBe('Obchod č. 812 „Jak vybrat kolo“ selhal');
        expect(byKey('problem', 'deadline_at_risk:812')?.body).toContain('23. 11. 2026 14:05');
        expect(claim?.body).toContain('23. 11. 2026 14:05');
        expect(digest?.title).toBe('Přehled za 22. 11. 2026');
        expect(digest?.body).toContain('12\u00a0345\u00a0Kč');
        expect(digest?.body).toContain('Ještě otevřené obchody (2): č. 7, č. 9.');
        const long = byKey('event', 'digest:2026-11-20')?.body ?? '';
        expect(long).toContain('(25): č. 100,');
        expect(long).toContain('č. 119, …');
        expect(long).not.toContain('č. 120');
        expect(byKey('event', 'digest:2026-11-21')?.body).toContain('Nic otevřeného nezbývá.');
        expect(byKey('resolved', 'site_unreachable:3')?.title).toBe(
          'Vyřešeno: web blogu Cyklo blog opět odpovídá',
        );
        expect(
          messages.find((m) => m.topic === 'marketplace_unreachable' && m.body.includes('bez odpovědi')),
        ).toBeDefined();
      } else {
        expect(failed?.title).toBe('Deal #812 “Jak vybrat kolo” failed');
        expect(byKey('problem', 'deadline_at_risk:812')?.body).toContain('23 Nov 2026, 14:05');
        expect(digest?.title).toBe('Summary of 22 Nov 2026');
        expect(digest?.body).toContain('CZK\u00a012,345');
        expect(
          messages.find((m) => m.topic === 'marketplace_unreachable' && m.body.includes('no answer')),
        ).toBeDefined();
      }
    },
  );

  it('sends once per problem across processes, the resolved follow-up once, then again when raised anew', async () => {
    const prefix = randomPrefix();
    const a = notifierFor('cs', prefix);
    const b = notifierFor('cs', prefix);
    const event: NotifyEvent = { topic: 'deal_failed', reason: 'boom', dealId: 1, blogId: 2 };
    await Promise.all([a.notifier.raise(event), b.notifier.raise(event), a.notifier.raise(event)]);
    expect([...a.dispatcher.messages, ...b.dispatcher.messages].map((m) => m.kind)).toEqual(['problem']);
    await Promise.all([a.notifier.resolve('deal_failed:1'), b.notifier.resolve('deal_failed:1')]);
    const all = () => sent([...a.dispatcher.messages, ...b.dispatcher.messages]).sort();
    expect(all()).toEqual(['problem deal_failed:1', 'resolved deal_failed:1']);
    await b.notifier.raise(event);
    expect(all()).toEqual(['problem deal_failed:1', 'problem deal_failed:1', 'resolved deal_failed:1']);
    // Events: a second raise of the same key sends nothing; resolve of an event or an unknown key neither.
    const claim: NotifyEvent = {
      topic: 'claim',
      firstLine: 'x',
      createdAt: '2026-11-23 10:00:00',
      dealId: 1,
    };
    await a.notifier.raise(claim);
    await b.notifier.raise(claim);
    await a.notifier.resolve(problemKey(claim));
    await a.notifier.resolve('no_such_topic:1');
    expect(all().filter((line) => line.startsWith('event'))).toEqual(['event claim:1:2026-11-23 10:00:00']);
    expect(await redis.pttl(`${prefix}:notify:mark:claim:1:2026-11-23 10:00:00`)).toBeGreaterThan(
      29 * 86_400_000,
    );
  });

  it('lists the open problems with their events for the status page: raised, not events, gone once resolved', async () => {
    const { notifier, prefix } = notifierFor('en');
    const site: NotifyEvent = {
      topic: 'site_unreachable',
      blogId: 3,
      blogName: 'Cyklo blog',
      detail: 'HTTP 502',
    };
    const down: NotifyEvent = { topic: 'marketplace_unreachable', minutes: 12, detail: '' };
    await notifier.raise(site);
    await notifier.raise(down);
    await notifier.raise({ topic: 'message', firstLine: 'x', createdAt: '2026-11-23 10:00:00', dealId: 1 });
    expect(await readOpenProblems(redis, prefix)).toEqual([down, site]);
    await notifier.resolve(problemKey(site));
    expect(await readOpenProblems(redis, prefix)).toEqual([down]);
    // A mark that expired while its key stayed listed is left out.
    await redis.del(`${prefix}:notify:mark:marketplace_unreachable`);
    expect(await readOpenProblems(redis, prefix)).toEqual([]);
  });

  it('sends nothing for a topic switched off', async () => {
    const prefix = randomPrefix();
    prefixes.push(prefix);
    const dispatcher = collectingDispatcher();
    const notifier = createNotifier({
      dispatcher,
      redis,
      prefix,
      language: 'en',
      log: createSilentLogger(),
      off: ['message'],
    });
    await notifier.raise({ topic: 'message', firstLine: 'hi', createdAt: 'x', dealId: 1 });
    await notifier.raise({ topic: 'claim', firstLine: 'hi', createdAt: 'x', dealId: 1 });
    expect(dispatcher.messages.map((m) => m.topic)).toEqual(['claim']);
  });

  it('never throws: Redis down (debug: the outage line says it) or a dispatcher that throws (warn) is logged', async () => {
    const dead = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    dead.on('error', () => {});
    const warnings: string[] = [];
    const debug: string[] = [];
    const log = createSilentLogger();
    log.warn = ((_fields: unknown, msg?: string) => {
      warnings.push(String(msg));
    }) as typeof log.warn;
    log.debug = ((_fields: unknown, msg?: string) => {
      debug.push(String(msg));
    }) as typeof log.debug;
    const dispatcher = collectingDispatcher();
    const down = createNotifier({ dispatcher, redis: dead, prefix: randomPrefix(), language: 'cs', log });
    await expect(down.raise({ topic: 'test', channel: 'x' })).resolves.toBeUndefined();
    await expect(down.resolve('deal_failed:1')).resolves.toBeUndefined();
    expect(dispatcher.messages).toEqual([]);
    const prefix = randomPrefix();
    prefixes.push(prefix);
    const throwing = createNotifier({
      dispatcher: { send: async () => Promise.reject(new Error('channel exploded')), close: async () => {} },
      redis,
      prefix,
      language: 'cs',
      log,
    });
    await expect(throwing.raise({ topic: 'test', channel: 'x' })).resolves.toBeUndefined();
    expect(debug).toEqual(['notification not sent', 'resolved notification not sent']);
    expect(warnings).toEqual(['notification not sent']);
    dead.disconnect();
  });
});
