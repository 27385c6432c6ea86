/**
 * The `deal_held` notification (docs/decisions/0025-the-last-look.md): rendered in cs and en with both signed
 * links on the status page's address, each language in its own words, the advertiser's words inert; raised from
 * the store when a deal is held and resolved when it is decided (approve, refuse) or lapses (onNoAnswer: hold);
 * urgent, like `deadline_at_risk`.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { HeldData } from '../../../src/deals/data.js';
import { lookKey, readLookToken } from '../../../src/deals/look-token.js';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { chatMarkup } from '../../../src/notify/channels/chat-text.js';
import { createNotifier } from '../../../src/notify/notifier.js';
import { renderMessage } from '../../../src/notify/render.js';
import { dealStateNotifications } from '../../../src/notify/sources/deal-states.js';
import { createDealMonitor } from '../../../src/notify/sources/monitor.js';
import { isUrgent, type Notifier, type NotifyEvent } from '../../../src/notify/types.js';
import { fixedClock } from '../../helpers/clock.js';
import { foreignWords } from '../../helpers/language.js';
import { collectingDispatcher } from '../../helpers/notify.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const hostile = '<b onclick=x>[klik](https://evil.test) @everyone <!channel>';
const event: Extract<NotifyEvent, { topic: 'deal_held' }> = {
  topic: 'deal_held',
  dealId: 77,
  blogId: 3,
  title: 'Recenze vysavače',
  reasons: [
    { key: 'verdict.reason.word', params: { word: hostile, where: { key: 'verdict.where.text' } } },
    { key: 'verdict.reason.links_many', params: { count: 5, max: 2 } },
  ],
  expiresAt: '2026-11-23T12:50:00.000Z',
  onNoAnswer: 'refuse',
  approveToken: 'APPROVE.sig',
  refuseToken: 'REFUSE.sig',
};
const options = { statusUrl: 'https://blog.example/status/', timeZone: 'Europe/Prague' };

describe('deal_held rendered', () => {
  for (const language of ['cs', 'en'] as const satisfies readonly Language[]) {
    it(`says it in ${language}, with both links and the expiry`, () => {
      const tr = createTranslator(language);
      const message = renderMessage(event, 'problem', tr, options);
      expect(message.body).toContain('https://blog.example/status/look/APPROVE.sig');
      expect(message.body).toContain('https://blog.example/status/look/REFUSE.sig');
      expect(message.body).toContain(tr.dateTime(event.expiresAt, 'Europe/Prague'));
      expect(message.body).toContain(tr.t('look.choice.refuse'));
      expect(message.body).toContain(tr.say(event.reasons[1] ?? ''));
      expect(message.url).toBe('https://blog.example/status/deals/77');
      const data = [hostile, 'Recenze vysavače', 'onNoAnswer'];
      expect(foreignWords(`${message.title}\n${message.body}`, language, data)).toEqual([]);
    });
  }

  it('keeps the advertiser words as text: the channels escape them, our links stay links', () => {
    const message = renderMessage(event, 'problem', createTranslator('cs'), options);
    expect(message.body).toContain(hostile);
    const slack = chatMarkup(message.body, 'slack');
    expect(slack).not.toContain('<!channel>');
    expect(slack).not.toContain('<b ');
    expect(slack).toContain('<https://blog.example/status/look/APPROVE.sig>');
    const discord = chatMarkup(message.body, 'discord');
    expect(discord).not.toMatch(/(?<!\\)\[klik(?<!\\)\]\(/);
    expect(discord).not.toMatch(/@everyone/);
  });

  it('without a known status address, no links and says where to decide', () => {
    const message = renderMessage(event, 'problem', createTranslator('en'), { timeZone: 'UTC' });
    expect(message.body).not.toContain('/look/');
    expect(message.body).toContain('Decide on the deal page');
  });

  for (const language of ['cs', 'en'] as const satisfies readonly Language[]) {
    it(`${language}: a hold that lapsed is resolved in words of its own, not "decided"`, () => {
      const tr = createTranslator(language);
      const lapsed = renderMessage(event, 'resolved', tr, { ...options, resolvedHow: 'lapsed' });
      const decided = renderMessage(event, 'resolved', tr, options);
      const deal = tr.t('notify.event.deal_label_titled', { id: '77', title: 'Recenze vysavače' });
      expect(lapsed.title).toBe(tr.t('notify.event.deal_held.lapsed_title', { deal }));
      expect(lapsed.body).toContain(tr.t('notify.event.deal_held.lapsed_body', { deal }));
      expect(decided.title).toBe(tr.t('notify.event.deal_held.resolved_title', { deal }));
      expect(`${lapsed.title}\n${lapsed.body}`).not.toMatch(language === 'cs' ? /rozhodnuto/ : /decided/);
      expect(lapsed.body).not.toContain('/look/');
      expect(lapsed.url).toBe('https://blog.example/status/deals/77');
      const data = ['Recenze vysavače', 'onNoAnswer'];
      expect(foreignWords(`${lapsed.title}\n${lapsed.body}`, language, data)).toEqual([]);
    });
  }

  it('says the plain "resolved" for a topic without words for a lapse', () => {
    const failed: NotifyEvent = { topic: 'deal_failed', dealId: 5, blogId: 3, reason: 'boom' };
    const tr = createTranslator('en');
    const message = renderMessage(failed, 'resolved', tr, { ...options, resolvedHow: 'lapsed' });
    expect(message.title).toBe(renderMessage(failed, 'resolved', tr, options).title);
  });

  it('is urgent (passes quiet hours), as deadline_at_risk is', () => {
    expect(isUrgent('deal_held')).toBe(true);
    expect(isUrgent('deadline_at_risk')).toBe(true);
  });
});

const redis: Redis = createTestRedis();
const prefixes: string[] = [];
const key = lookKey('sandbox-api-key');
const clock = new Date('2026-11-23T12:00:00Z');
let dispatcher: ReturnType<typeof collectingDispatcher>;
let store: DealStore;
let notifier: Notifier;
let prefix: string;

beforeEach(() => {
  prefix = randomPrefix();
  prefixes.push(prefix);
  dispatcher = collectingDispatcher();
  const log = createSilentLogger();
  const time = fixedClock(() => clock);
  notifier = createNotifier({
    dispatcher,
    redis,
    prefix,
    language: 'en',
    log,
    clock: time,
    statusUrl: 'https://blog.example',
  });
  store = createDealStore({ redis, prefix });
  store.events.onChanged(dealStateNotifications({ notifier, redis, prefix, log, clock: time, lookKey: key }));
});

afterAll(async () => {
  for (const p of prefixes) await deleteKeys(redis, p);
  redis.disconnect();
});

const held: HeldData = {
  at: '2026-11-23T12:00:00.000Z',
  outcome: 'refuse',
  reasons: [
    {
      rule: 'maxLinks',
      outcome: 'refuse',
      said: { key: 'verdict.reason.links_many', params: { count: 5, max: 2 } },
    },
  ],
  expiresAt: '2026-11-23T12:50:00.000Z',
  nonce: 'nonce-of-hold-1',
  draftRef: 'wp:12',
  onNoAnswer: 'hold',
};

async function heldDeal(dealId: number) {
  await store.createIfAbsent({
    dealId,
    blogId: 3,
    receivedAt: clock.toISOString(),
    deadline: '2026-11-23T13:00:00.000Z',
    title: `Článek ${dealId}`,
    data: {},
  });
  await store.update(dealId, { state: 'processing' });
  await store.update(dealId, { state: 'held', data: { held } });
}

const linksOf = (body: string) =>
  [...body.matchAll(/https:\/\/blog\.example\/look\/(\S+)/g)].map((m) => decodeURIComponent(m[1] ?? ''));

describe('deal_held from the store', () => {
  it('raises once with links signed for the hold, and resolves it when decided', async () => {
    await heldDeal(81);
    await store.update(81, { title: 'Článek 81 (renamed)' });
    const raised = dispatcher.messages.filter((m) => m.topic === 'deal_held');
    expect(raised).toHaveLength(1);
    expect(raised[0]?.urgent).toBe(true);
    const tokens = linksOf(raised[0]?.body ?? '');
    expect(tokens).toHaveLength(2);
    const claims = tokens.map((t) => readLookToken(key, t, clock.getTime()));
    expect(claims.map((c) => (c.ok ? [c.claim.dealId, c.claim.action, c.claim.nonce] : c.reason))).toEqual([
      [81, 'approve', held.nonce],
      [81, 'refuse', held.nonce],
    ]);
    expect(claims.every((c) => c.ok && c.claim.expiresMs === Date.parse(held.expiresAt))).toBe(true);

    await store.claimData(81, 'lookDecision', {
      decision: 'refuse',
      by: 'link',
      at: clock.toISOString(),
      nonce: held.nonce,
    });
    const resolved = dispatcher.messages.filter((m) => m.topic === 'deal_held' && m.kind === 'resolved');
    expect(resolved).toHaveLength(1);
    expect(resolved[0]?.body).not.toContain('/look/');
  });

  it('resolves a hold that lapsed (onNoAnswer: hold), and one whose deal was approved and moved on', async () => {
    await heldDeal(82);
    await store.update(82, { state: 'held', data: { lookLapsed: { at: clock.toISOString() } } });
    await heldDeal(83);
    await store.update(83, { state: 'publishing' });
    const resolved = dispatcher.messages.filter((m) => m.topic === 'deal_held' && m.kind === 'resolved');
    expect(resolved.map((m) => m.dealId).sort()).toEqual([82, 83]);
    // Nobody decided deal 82: its follow-up says so; deal 83 was decided and moved on.
    const titleOf = (dealId: number) => resolved.find((m) => m.dealId === dealId)?.title;
    expect(titleOf(82)).toBe('Deal #82 “Článek 82”: no answer, it stays held');
    expect(titleOf(83)).toContain('decided');
  });

  it('resolves in the words of a lapse when another process wrote it (the monitor)', async () => {
    await heldDeal(84);
    // Another process (no notifications) notes the lapse: the monitor finds the open problem cleared.
    const other = createDealStore({ redis, prefix });
    await other.update(84, { state: 'held', data: { lookLapsed: { at: clock.toISOString() } } });
    expect(dispatcher.messages.filter((m) => m.kind === 'resolved')).toHaveLength(0);
    const monitor = createDealMonitor({
      store,
      notifier,
      redis,
      prefix,
      deadlineAtRiskMinutes: 1,
      approvalWaitingMinutes: 60,
      clock: fixedClock(() => clock),
    });
    await monitor.check();
    const resolved = dispatcher.messages.filter((m) => m.topic === 'deal_held' && m.kind === 'resolved');
    expect(resolved.map((m) => m.title)).toEqual(['Deal #84 “Článek 84”: no answer, it stays held']);
  });
});
