import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogConfig } from '../../../src/config/schema.js';
import { readDealData } from '../../../src/deals/data.js';
import { DEAL_LOG } from '../../../src/deals/log-messages.js';
import { claimDecision } from '../../../src/deals/look.js';
import type { DealStore } from '../../../src/deals/record.js';
import { PublishError, WaitUntilError } from '../../../src/errors.js';
import { createPipelineProcessor } from '../../../src/pipeline/processor.js';
import type { PipelineResult } from '../../../src/pipeline/run-context.js';
import { createRenderPool } from '../../../src/render/pool.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import {
  acceptedDeal,
  dealText,
  fakeClient,
  fakeClock,
  jobContext,
  jpeg,
  memoryPublisher,
  scriptedFetch,
  testStore,
} from './fakes.js';

const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;
let photo: Buffer;
let nextDealId = 3000;
const renderPool = createRenderPool({ threads: 1 });
const NOW = new Date('2026-05-01T10:00:00.000Z');

beforeAll(async () => {
  redis = createTestRedis();
  store = testStore(redis, prefix);
  photo = await jpeg(200, 150);
});
afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
  await renderPool.close();
});

async function setup(rules: BlogConfig['rules']) {
  const dealId = nextDealId++;
  const text = dealText({
    deal_id: dealId,
    text: '<h1>Nejlepší kasino</h1><p>Hrajte v kasino každý den a vyhrajte.</p>',
    photos: [{ n: 0, url: `/v1/deals/${dealId}/photos/0` }],
  });
  const client = fakeClient({
    text,
    photos: { 0: { bytes: photo, contentType: 'image/jpeg' } },
    deal: new Error('no detail'),
  });
  const sent: string[] = [];
  Object.assign(client, {
    postDealMessage: async (_id: number, message: string) => {
      sent.push(message);
    },
  });
  const publisher = memoryPublisher();
  const blog: BlogConfig = {
    id: 7,
    name: 'Blog',
    publisher: 'memory',
    options: {},
    bloggerPublished: 'skip',
    ...(rules ? { rules } : {}),
  };
  const clock = fakeClock(NOW);
  const processor = createPipelineProcessor({
    resolveBlog: () => ({ blog, publisher }),
    settings: { verify: { initialBackoffMs: 1_000, maxBackoffMs: 10_000 } },
    fetch: scriptedFetch([200]),
    clock,
    renderPool,
  });
  const ctx = await jobContext({
    store,
    client,
    dealId,
    event: acceptedDeal(dealId),
    deadline: new Date(NOW.getTime() + 3_600_000),
  });
  const run = async () => {
    try {
      return (await processor(ctx)) as PipelineResult;
    } finally {
      await ctx.log.flush();
    }
  };
  return { dealId, client, publisher, sent, run, clock, ctx };
}

const decide = async (dealId: number, decision: 'approve' | 'refuse') => {
  const held = readDealData((await store.get(dealId))?.data).held;
  return await claimDecision(store, dealId, {
    decision,
    by: 'page',
    at: NOW.toISOString(),
    nonce: held?.nonce ?? '',
  });
};

describe('src/pipeline/steps/look-step', () => {
  it('a blog without rules publishes as before, with no extra request', async () => {
    const s = await setup(undefined);
    expect((await s.run()).outcome).toBe('handed_in');
    expect(s.client.calls.getDeal).toBe(0);
  });

  it('holds a deal whose text breaks a rule as a draft, nothing live, nothing handed in; approve publishes once', async () => {
    const s = await setup({ refusedWords: ['kasino'] });
    const held = await s.run().catch((error: unknown) => error);
    expect(held).toBeInstanceOf(WaitUntilError);
    expect((held as WaitUntilError).until?.toISOString()).toBe('2026-05-01T10:50:00.000Z');
    const record = await store.get(s.dealId);
    expect(record?.state).toBe('held');
    expect(readDealData(record?.data).held?.reasons.map((r) => r.rule)).toContain('refusedWords');
    // The article itself held (`holdDraft`, photos and all), not a brief (`createDraft`).
    expect(s.publisher.held).toHaveLength(1);
    expect(s.publisher.held[0]?.images.map((i) => i.n)).toEqual([0]);
    expect(s.publisher.drafts).toHaveLength(0);
    expect(readDealData(record?.data).held?.draftRef).toBe('mem:900');
    expect(s.publisher.published).toHaveLength(0);
    expect(s.client.calls.handIn).toHaveLength(0);

    expect((await decide(s.dealId, 'approve')).kind).toBe('decided');
    expect((await decide(s.dealId, 'refuse')).kind).toBe('already');
    const result = await s.run();
    // One post: publish was given the held draft's progress and made that post live.
    expect(result).toMatchObject({ outcome: 'handed_in', ref: 'mem:900' });
    expect(s.publisher.published).toHaveLength(1);
    expect(s.publisher.published[0]?.previous).toMatchObject({ postId: 900, held: true });
    expect((await store.get(s.dealId))?.data).toMatchObject({ publishReused: false });
    expect(s.publisher.discarded).toHaveLength(0);
    expect(s.client.calls.handIn).toHaveLength(1);
    expect(s.sent).toHaveLength(0);
  });

  it('a publisher without holdDraft holds with createDraft, and without discardDraft the refused draft is kept and the log says so', async () => {
    const s = await setup({ refusedWords: ['kasino'] });
    Object.assign(s.publisher, { holdDraft: undefined, discardDraft: undefined });
    await s.run().catch(() => undefined);
    expect(s.publisher.drafts).toHaveLength(1);
    expect(s.publisher.drafts[0]?.title).toBe('Nejlepší kasino');
    expect(readDealData((await store.get(s.dealId))?.data).held?.draftRef).toBe('mem:draft:900');
    await decide(s.dealId, 'refuse');
    expect((await s.run()).outcome).toBe('refused');
    expect(readDealData((await store.get(s.dealId))?.data).lookDraft).toMatchObject({ outcome: 'kept' });
    const log = await store.readLog(s.dealId);
    expect(log.map((e) => e.msg)).toContain(DEAL_LOG.look_draft_kept);
  });

  it('refuse hands in nothing and tells the advertiser why, in Czech, once', async () => {
    const s = await setup({ refusedWords: ['kasino'] });
    await s.run().catch(() => undefined);
    await decide(s.dealId, 'refuse');
    expect((await s.run()).outcome).toBe('refused');
    expect((await s.run()).outcome).toBe('refused');
    expect(s.sent).toHaveLength(1);
    expect(s.sent[0]).toContain('kasino');
    expect(s.sent[0]).toContain('nemohu na svém blogu zveřejnit');
    expect(s.sent[0]).toContain('výraz „kasino“ v textu není na tomto blogu přijatelný');
    expect(s.publisher.published).toHaveLength(0);
    expect(s.client.calls.handIn).toHaveLength(0);
    expect((await store.get(s.dealId))?.state).toBe('refused');
    // The held draft put away once (the retry above did not ask again), given where it was kept.
    expect(s.publisher.discarded).toHaveLength(1);
    expect(s.publisher.discarded[0]).toMatchObject({ ref: 'mem:900', slug: 'nejlepsi-kasino' });
    expect(s.publisher.discarded[0]?.previous).toMatchObject({ postId: 900 });
    const record = await store.get(s.dealId);
    expect(readDealData(record?.data).lookDraft).toMatchObject({ outcome: 'trashed' });
    const log = await store.readLog(s.dealId);
    expect(log.map((e) => e.msg)).toContain(DEAL_LOG.look_draft_trashed);
  });

  it('a draft the publisher may not put away (a permanent error) is kept, and the advertiser is still told', async () => {
    const s = await setup({ refusedWords: ['kasino'] });
    Object.assign(s.publisher, {
      discardDraft: async () => {
        throw new PublishError('wordpress_forbidden', 'WordPress refused deleting post 900', {
          retryable: false,
        });
      },
    });
    await s.run().catch(() => undefined);
    await decide(s.dealId, 'refuse');
    expect((await s.run()).outcome).toBe('refused');
    expect(s.sent).toHaveLength(1);
    expect(readDealData((await store.get(s.dealId))?.data).lookDraft).toMatchObject({ outcome: 'kept' });
    const log = await store.readLog(s.dealId);
    expect(log.find((e) => e.msg === DEAL_LOG.look_draft_kept)?.fields).toMatchObject({
      detail: 'WordPress refused deleting post 900',
    });
  });

  describe('no answer by the expiry (rules.onNoAnswer)', () => {
    const lapse = async (onNoAnswer: 'hold' | 'publish' | 'refuse' | undefined) => {
      const s = await setup({ refusedWords: ['kasino'], ...(onNoAnswer ? { onNoAnswer } : {}) });
      expect(await s.run().catch((error: unknown) => error)).toBeInstanceOf(WaitUntilError);
      // Woken early (a tap on another deal, a restart): still before the expiry, it waits again.
      s.clock.advance(10 * 60_000);
      expect(await s.run().catch((error: unknown) => error)).toBeInstanceOf(WaitUntilError);
      expect(readDealData((await store.get(s.dealId))?.data).lookDecision).toBeUndefined();
      s.clock.advance(41 * 60_000);
      return { ...s, result: await s.run() };
    };

    it('hold (the default): the deal stays held, nothing live, nothing sent, the log says so', async () => {
      const s = await lapse(undefined);
      expect(s.result).toMatchObject({ outcome: 'held', reason: 'no_answer' });
      const record = await store.get(s.dealId);
      expect(record?.state).toBe('held');
      expect(readDealData(record?.data).lookLapsed).toBeDefined();
      expect(readDealData(record?.data).lookDecision).toBeUndefined();
      expect(s.publisher.published).toHaveLength(0);
      expect(s.client.calls.handIn).toHaveLength(0);
      expect(s.sent).toHaveLength(0);
      const log = await store.readLog(s.dealId);
      expect(log.map((e) => e.msg)).toContain(DEAL_LOG.look_no_answer_hold);
    });

    it('publish: decided as no_answer, published and handed in once', async () => {
      const s = await lapse('publish');
      expect(s.result.outcome).toBe('handed_in');
      expect(readDealData((await store.get(s.dealId))?.data).lookDecision).toMatchObject({
        decision: 'approve',
        by: 'no_answer',
      });
      expect(s.publisher.published).toHaveLength(1);
      expect(s.client.calls.handIn).toHaveLength(1);
      expect(s.sent).toHaveLength(0);
    });

    it('refuse: decided as no_answer, the advertiser told once, nothing handed in', async () => {
      const s = await lapse('refuse');
      expect(s.result.outcome).toBe('refused');
      expect(readDealData((await store.get(s.dealId))?.data).lookDecision).toMatchObject({
        decision: 'refuse',
        by: 'no_answer',
      });
      expect(s.sent).toHaveLength(1);
      expect(s.publisher.published).toHaveLength(0);
      expect(s.publisher.discarded).toHaveLength(1);
      expect(s.client.calls.handIn).toHaveLength(0);
      expect((await store.get(s.dealId))?.state).toBe('refused');
    });

    it('a tap that lands before the job wakes wins over the rule', async () => {
      const s = await setup({ refusedWords: ['kasino'], onNoAnswer: 'refuse' });
      await s.run().catch(() => undefined);
      expect((await decide(s.dealId, 'approve')).kind).toBe('decided');
      s.clock.advance(51 * 60_000);
      expect((await s.run()).outcome).toBe('handed_in');
      expect(s.sent).toHaveLength(0);
    });
  });
});
