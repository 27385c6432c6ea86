/**
 * The last look over real HTTP (docs/decisions/0025-the-last-look.md): the signed links (`/look/:token`, before
 * the password: GET shows, POST decides once; expired 410, forged 404; the token opens nothing else) and the deal
 * page's buttons (behind the password and the CSRF token). A real deal store, the real operator actions and a
 * real BullMQ queue without a worker: a decision promotes the held deal's delayed job.
 */
import { Queue } from 'bullmq';
import * as cheerio from 'cheerio';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HeldData, readDealData } from '../../../src/deals/data.js';
import { type LookAction, lookKey, signLookToken } from '../../../src/deals/look-token.js';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createDealActions } from '../../../src/operator/actions.js';
import { DEAL_JOB, DEAL_QUEUE, type DealJobPayload, dealJobId } from '../../../src/queue/jobs.js';
import { type StatusServer, startStatusServer } from '../../../src/status/index.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { statusDeps } from './fixtures.js';

const PASSWORD = 'status-password-1';
const key = lookKey('the-marketplace-api-key');
const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;
let queue: Queue<DealJobPayload, unknown, typeof DEAL_JOB>;
let server: StatusServer;
let nextId = 61_000;

const basic = `Basic ${Buffer.from(`any:${PASSWORD}`).toString('base64')}`;

beforeAll(async () => {
  redis = createTestRedis();
  store = createDealStore({ redis, prefix });
  queue = new Queue(DEAL_QUEUE, { connection: redis, prefix });
  const actions = createDealActions({ store, queue, log: createSilentLogger(), language: 'en' });
  const deps = statusDeps(store, { language: 'en', password: PASSWORD, lookKey: key });
  server = await startStatusServer(
    { ...deps, actions: { ...deps.actions, decideHeld: actions.decideHeld } },
    { host: '127.0.0.1', port: 0 },
  );
});
afterAll(async () => {
  await server.close();
  await queue.close();
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

interface Held {
  dealId: number;
  held: HeldData;
  link(action: LookAction, expiresMs?: number): string;
}

let deal: Held;

async function heldDeal(): Promise<Held> {
  const dealId = nextId++;
  const expiresAt = new Date(Date.now() + 30 * 60_000).toISOString();
  const held: HeldData = {
    at: new Date().toISOString(),
    outcome: 'refuse',
    reasons: [
      {
        rule: 'refusedWords',
        outcome: 'refuse',
        said: {
          key: 'verdict.reason.word',
          params: { word: '<i>kasino</i>', where: { key: 'verdict.where.text' } },
        },
      },
    ],
    expiresAt,
    nonce: `nonce-${dealId}`,
    draftRef: 'wp:12',
  };
  await store.createIfAbsent({
    dealId,
    blogId: 101,
    receivedAt: new Date().toISOString(),
    deadline: new Date(Date.now() + 40 * 60_000).toISOString(),
    state: 'held',
    data: { held },
  });
  // The held deal's job waits in the delayed set until the expiry (src/pipeline/steps/look-step.ts).
  await queue.add(DEAL_JOB, { dealId } as unknown as DealJobPayload, {
    jobId: dealJobId(dealId),
    delay: 30 * 60_000,
  });
  const link = (action: LookAction, expiresMs = Date.parse(expiresAt)) =>
    `/look/${encodeURIComponent(signLookToken(key, { dealId, action, expiresMs, nonce: held.nonce }))}`;
  return { dealId, held, link };
}

const decisionOf = async (dealId: number) => readDealData((await store.get(dealId))?.data).lookDecision;
const jobState = async (dealId: number) => (await queue.getJob(dealJobId(dealId)))?.getState();

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(server.url.replace(/\/$/, '') + path, { headers, redirect: 'manual' });
  const text = await res.text();
  return { res, text, $: cheerio.load(text) };
}

async function post(path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await fetch(server.url.replace(/\/$/, '') + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  return { res, text: await res.text() };
}

beforeEach(async () => {
  deal = await heldDeal();
});

describe('/look/:token (the signed link, no password)', () => {
  it('GET shows what the tap would do and changes nothing', async () => {
    const page = await get(deal.link('approve'));
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get('cache-control')).toBe('no-store');
    expect(page.$('p').first().text()).toContain(`Approve deal ${deal.dealId}`);
    // The advertiser's word is text on the page, not markup.
    expect(page.$('.look-reasons li').text()).toContain('<i>kasino</i>');
    expect(page.$('.look-reasons i')).toHaveLength(0);
    expect(page.$('form').attr('method')).toBe('post');
    expect(page.$('form').attr('action')).toBe(deal.link('approve'));
    await get(deal.link('refuse'));
    expect(await decisionOf(deal.dealId)).toBeUndefined();
    expect(await jobState(deal.dealId)).toBe('delayed');
  });

  it('POST decides once and wakes the job; a second POST, or the other link, says it was decided already', async () => {
    const first = await post(deal.link('approve'));
    expect(first.res.status).toBe(200);
    expect(cheerio.load(first.text)('main').text()).toContain(`Approved: deal ${deal.dealId}`);
    expect(await decisionOf(deal.dealId)).toMatchObject({
      decision: 'approve',
      by: 'link',
      nonce: deal.held.nonce,
    });
    expect(await jobState(deal.dealId)).not.toBe('delayed');

    for (const again of [deal.link('approve'), deal.link('refuse')]) {
      const answer = await post(again);
      expect(answer.res.status).toBe(409);
      expect(cheerio.load(answer.text)('main').text()).toContain(
        `Deal ${deal.dealId} was decided already: approved`,
      );
    }
    expect(await decisionOf(deal.dealId)).toMatchObject({ decision: 'approve', by: 'link' });
  });

  it('an expired link answers 410 with a page that says where to decide, and decides nothing', async () => {
    const expired = deal.link('refuse', Date.now() - 1_000);
    for (const answer of [await get(expired), await post(expired)]) {
      expect(answer.res.status).toBe(410);
      expect(cheerio.load(answer.text)('main').text()).toContain(
        'The link has expired: decide on the deal page.',
      );
    }
    expect(await decisionOf(deal.dealId)).toBeUndefined();
  });

  it('a forged, altered or foreign link answers 404 and decides nothing', async () => {
    const token = decodeURIComponent(deal.link('refuse').slice('/look/'.length));
    const [body = '', sig = ''] = token.split('.');
    const otherDeal = Buffer.from(
      `${deal.dealId + 1}.refuse.${Date.now() + 60_000}.${deal.held.nonce}`,
    ).toString('base64url');
    const foreign = signLookToken(lookKey('another-installation'), {
      dealId: deal.dealId,
      action: 'refuse',
      expiresMs: Date.now() + 60_000,
      nonce: deal.held.nonce,
    });
    for (const bad of [
      `${body}.${sig.slice(0, -2)}AA`,
      `${otherDeal}.${sig}`,
      foreign,
      'nonsense',
      `${token}.x`,
    ]) {
      const answer = await post(`/look/${encodeURIComponent(bad)}`);
      expect(answer.res.status, bad).toBe(404);
      expect(cheerio.load(answer.text)('main').text()).toContain('This link is not valid.');
    }
    expect(await decisionOf(deal.dealId)).toBeUndefined();
  });

  it('a link of an earlier hold of the same deal id decides nothing', async () => {
    const stale = signLookToken(key, {
      dealId: deal.dealId,
      action: 'refuse',
      expiresMs: Date.now() + 60_000,
      nonce: 'nonce-of-an-old-hold',
    });
    const answer = await post(`/look/${encodeURIComponent(stale)}`);
    expect(answer.res.status).toBe(409);
    expect(await decisionOf(deal.dealId)).toBeUndefined();
  });

  it('opens nothing else: the rest of the page still wants the password, with or without a token', async () => {
    const token = decodeURIComponent(deal.link('approve').slice('/look/'.length));
    for (const path of [
      '/',
      `/deals/${deal.dealId}`,
      `/deals/${deal.dealId}?token=${token}`,
      `/look/${token}/x`,
    ]) {
      expect((await get(path)).res.status, path).toBe(401);
    }
    expect((await get(`/deals/${deal.dealId}`, { Cookie: `token=${token}` })).res.status).toBe(401);
    expect((await post(`/deals/${deal.dealId}/approve`, { token })).res.status).toBe(401);
    expect(await decisionOf(deal.dealId)).toBeUndefined();
  });
});

describe('the deal page buttons (password and CSRF)', () => {
  async function page() {
    const res = await fetch(`${server.url.replace(/\/$/, '')}/deals/${deal.dealId}`, {
      headers: { Authorization: basic },
    });
    const cookies = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const $ = cheerio.load(await res.text());
    return { res, $, cookies };
  }

  it('shows the reasons and both buttons; refuse with the CSRF token decides once, by the page', async () => {
    const { res, $, cookies } = await page();
    expect(res.status).toBe(200);
    expect($('.look .look-reasons').text()).toContain('<i>kasino</i>');
    const form = $(`.look form[action$="/deals/${deal.dealId}/refuse"]`);
    expect(form).toHaveLength(1);
    expect($(`.look form[action$="/deals/${deal.dealId}/approve"]`)).toHaveLength(1);
    const csrf = form.find('input[name="csrf"]').attr('value') ?? '';
    expect(csrf).not.toBe('');
    const posted = await post(
      `/deals/${deal.dealId}/refuse`,
      { csrf },
      { Authorization: basic, Cookie: cookies },
    );
    expect(posted.res.status).toBe(303);
    expect(await decisionOf(deal.dealId)).toMatchObject({ decision: 'refuse', by: 'page' });
    // The page's other button now decides nothing.
    await post(`/deals/${deal.dealId}/approve`, { csrf }, { Authorization: basic, Cookie: cookies });
    expect(await decisionOf(deal.dealId)).toMatchObject({ decision: 'refuse', by: 'page' });
  });

  it('refuses a POST without the CSRF token, or without the password', async () => {
    const { cookies } = await page();
    const without = await post(
      `/deals/${deal.dealId}/approve`,
      {},
      { Authorization: basic, Cookie: cookies },
    );
    expect(without.res.status).toBe(403);
    const forged = await post(
      `/deals/${deal.dealId}/approve`,
      { csrf: 'forged-token-value' },
      { Authorization: basic, Cookie: cookies },
    );
    expect(forged.res.status).toBe(403);
    expect((await post(`/deals/${deal.dealId}/approve`, { csrf: 'x' })).res.status).toBe(401);
    expect(await decisionOf(deal.dealId)).toBeUndefined();
  });
});
