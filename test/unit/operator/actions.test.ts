/**
 * src/operator/actions.ts speaks the blogger's language: the same refusals and confirmations in Czech (the
 * default) and English, from the message catalog, while the JSON log and the deal's own log stay English.
 * Real Redis and a real BullMQ queue (no worker: the jobs stay where the test puts them).
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createLogger } from '../../../src/logger.js';
import { createDealActions, type DealActions } from '../../../src/operator/actions.js';
import { DEAL_JOB, DEAL_QUEUE, type DealJobPayload, dealJobId } from '../../../src/queue/jobs.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

describe('src/operator/actions: messages in Czech and English', () => {
  const prefix = randomPrefix();
  const logLines: string[] = [];
  const log = createLogger({ level: 'info', destination: { write: (line: string) => logLines.push(line) } });
  let redis: Redis;
  let store: DealStore;
  let queue: Queue<DealJobPayload, unknown, typeof DEAL_JOB>;
  let cs: DealActions;
  let en: DealActions;

  const record = async (
    dealId: number,
    state: 'failed' | 'handled' | 'received' | 'retrying',
    url?: string,
  ) => {
    await store.createIfAbsent({
      dealId,
      blogId: 1,
      receivedAt: '2026-11-23T10:00:00.000Z',
      deadline: '2026-11-23T11:00:00.000Z',
      source: 'webhook',
      state,
      data: {},
    });
    if (url) await store.update(dealId, { url });
  };

  beforeAll(() => {
    redis = createTestRedis();
    store = createDealStore({ redis, prefix });
    queue = new Queue(DEAL_QUEUE, { connection: redis, prefix });
    cs = createDealActions({ store, queue, log });
    en = createDealActions({ store, queue, log, language: 'en' });
  });
  afterAll(async () => {
    await queue.close();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('says that it has no record of a deal, and how to fetch it', async () => {
    expect(await cs.retry(4242)).toEqual({
      ok: false,
      message: 'pressbridge o obchodu 4242 nemá záznam; `pressbridge replay 4242` ho stáhne z tržiště.',
    });
    expect(await en.retry(4242)).toEqual({
      ok: false,
      message:
        'pressbridge has no record of deal 4242; `pressbridge replay 4242` fetches it from the marketplace.',
    });
  });

  it('names the state in the language when there is nothing to retry', async () => {
    await record(21, 'handled');
    expect((await cs.retry(21)).message).toBe('Obchod 21 je ve stavu „vyřízeno ručně“; není co opakovat.');
    expect((await en.retry(21)).message).toBe('Deal 21 is handled by hand; there is nothing to retry.');
  });

  it('refuses to hand in a deal without a URL', async () => {
    await record(22, 'failed');
    expect(await cs.handInAgain(22)).toEqual({
      ok: false,
      message: 'Obchod 22 zatím nemá publikovanou adresu; spusťte ho raději znovu.',
    });
    expect((await en.handInAgain(22)).message).toBe('Deal 22 has no published URL yet; use retry instead.');
    expect((await store.get(22))?.state).toBe('failed');
  });

  const addJob = async (dealId: number, delay = 0) => {
    const payload: DealJobPayload = {
      dealId,
      blogId: 1,
      event: {
        id: dealId,
        blog: { id: 1, name: 'Blog' },
        instant_publish: false,
        published_by: 'agent',
        category_id: null,
      },
      receivedAt: '2026-11-23T10:00:00.000Z',
      source: 'webhook',
    };
    await queue.add(DEAL_JOB, payload, { jobId: dealJobId(dealId), ...(delay ? { delay } : {}) });
  };

  it('runs a waiting deal now, and hands a URL in again now', async () => {
    await record(25, 'retrying');
    await addJob(25, 600_000);
    expect(await cs.retry(25)).toEqual({
      ok: true,
      message: 'Obchod 25 se spouští znovu hned teď (čekal na další pokus).',
    });
    await record(26, 'retrying', 'https://blog.example.cz/clanek-26/');
    await addJob(26, 600_000);
    expect((await en.handInAgain(26)).message).toBe(
      'Deal 26: hands in https://blog.example.cz/clanek-26/ again now (it was waiting for its next attempt).',
    );
  });

  it('says a queued deal is already queued', async () => {
    await record(23, 'received');
    await addJob(23);
    expect((await cs.retry(23)).message).toBe(
      'Obchod 23 už je ve frontě; spustí se, jakmile na něj přijde řada.',
    );
    expect((await en.retry(23)).message).toBe(
      'Deal 23 is already queued; it runs as soon as a worker is free.',
    );
  });

  it('confirms marking as handled in Czech, and keeps the logs English', async () => {
    await record(24, 'failed');
    logLines.length = 0;
    expect(await cs.markHandled(24)).toEqual({
      ok: true,
      message: 'Obchod 24 je označen jako vyřízený ručně; pressbridge ho nechá být.',
    });
    expect((await store.get(24))?.state).toBe('handled');
    const dealLog = await store.readLog(24, { limit: 10 });
    expect(dealLog.map((entry) => entry.msg)).toContain(
      'operator: Deal 24 is marked as handled by hand; pressbridge leaves it alone.',
    );
    expect(logLines.join('')).toContain('Deal 24 is marked as handled by hand');
    expect(logLines.join('')).not.toContain('Obchod');
  });

  describe('decideHeld (the last look)', () => {
    const heldDeal = async (dealId: number) => {
      await store.createIfAbsent({
        dealId,
        blogId: 1,
        receivedAt: '2026-11-23T10:00:00.000Z',
        deadline: '2026-11-23T11:00:00.000Z',
        source: 'webhook',
        state: 'held',
        data: {
          held: {
            at: '2026-11-23T10:05:00.000Z',
            outcome: 'ask',
            reasons: [],
            expiresAt: '2026-11-23T10:50:00.000Z',
            nonce: `hold-${dealId}`,
            draftRef: 'wp:1',
          },
        },
      });
      await queue.add(DEAL_JOB, { dealId } as unknown as DealJobPayload, {
        jobId: dealJobId(dealId),
        delay: 3_600_000,
      });
    };

    it('claims the first decision (by the page, the current hold), wakes the job, and says so', async () => {
      await heldDeal(7101);
      expect(await en.decideHeld(7101, 'refuse', 'page')).toEqual({
        ok: true,
        message: 'Refused: deal 7101 is not handed in; the advertiser gets a message.',
      });
      const data = (await store.get(7101))?.data as { lookDecision?: unknown };
      expect(data.lookDecision).toMatchObject({ decision: 'refuse', by: 'page', nonce: 'hold-7101' });
      expect(await (await queue.getJob(dealJobId(7101)))?.getState()).not.toBe('delayed');
    });

    it('a second decision changes nothing and names the first, in the language', async () => {
      await heldDeal(7102);
      expect((await cs.decideHeld(7102, 'approve', 'link', 'hold-7102')).ok).toBe(true);
      const again = await cs.decideHeld(7102, 'refuse', 'page');
      expect(again.ok).toBe(false);
      expect(again.message).toContain('O obchodu 7102 už bylo rozhodnuto: schváleno (odkazem z upozornění');
      const data = (await store.get(7102))?.data as { lookDecision?: unknown };
      expect(data.lookDecision).toMatchObject({ decision: 'approve', by: 'link' });
    });

    it("decides nothing on a deal not held, or with another hold's nonce", async () => {
      await record(7103, 'failed');
      expect(await en.decideHeld(7103, 'approve', 'page')).toEqual({
        ok: false,
        message: 'Deal 7103 does not wait for a decision.',
      });
      await heldDeal(7104);
      expect((await en.decideHeld(7104, 'approve', 'link', 'hold-of-long-ago')).ok).toBe(false);
      const data = (await store.get(7104))?.data as { lookDecision?: unknown } | undefined;
      expect(data).toBeDefined();
      expect(data?.lookDecision).toBeUndefined();
    });
  });
});
