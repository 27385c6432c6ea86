/**
 * `GET /v1/payouts` as the document's "Payout overview" describes it, in the sandbox (our stand-in for the
 * marketplace) and read by the client's `payouts()` through a real rate limiter in Redis at low priority.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../src/logger.js';
import type { RequestPriority } from '../../src/marketplace/api.js';
import { createMarketplaceClient } from '../../src/marketplace/client.js';
import { createRateLimiter, type RateLimiter, rateLimitKey } from '../../src/marketplace/rate-limit.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';

/** `YYYY-MM` now on Prague's wall clock (the sandbox's default date format). */
function pragueMonth(at = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit' })
    .format(at)
    .slice(0, 7);
}

async function get(sandbox: Sandbox, path: string, key = sandbox.apiKey) {
  const answer = await fetch(`${sandbox.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

describe('GET /v1/payouts (sandbox + client)', () => {
  let sandbox: Sandbox;
  const ids = { running: 0, pending: 0, arbitration: 0, paidA: 0, paidB: 0, foreign: 0 };

  beforeAll(async () => {
    sandbox = await createSandbox({
      rateLimit: { limit: 1_000, windowMs: 60_000 },
      extraKeys: [
        { key: 'advertiser', role: 'inzerent', scopes: ['read', 'write'] },
        { key: 'other-blogger', role: 'bloger', scopes: ['read'], accountId: 2 },
      ],
      blogs: [
        { id: 1, name: 'Zahrada a dům', url: 'http://127.0.0.1' },
        { id: 2, name: 'Cizí blog', url: 'https://cizi.example', accountId: 2 },
      ],
    });
    const deal = (state: 'akceptovano' | 'ke_schvaleni' | 'arbitraz', reward: number, blogId = 1) =>
      sandbox.createDeal({ blogId, reward, price: reward + 700, deliver: false, state });
    ids.running = (await deal('akceptovano', 1000)).id;
    ids.pending = (await deal('ke_schvaleni', 1800)).id;
    ids.arbitration = (await deal('arbitraz', 2100)).id;
    ids.paidA = (await deal('ke_schvaleni', 1500)).id;
    ids.paidB = (await deal('ke_schvaleni', 2500)).id;
    ids.foreign = (await deal('ke_schvaleni', 9999, 2)).id;
    for (const id of [ids.paidA, ids.paidB]) {
      const paid = await fetch(`${sandbox.url}/_sandbox/deals/${id}/pay`, { method: 'POST' });
      expect(paid.status).toBe(200);
      expect(((await paid.json()) as { paidAt: string | null }).paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('lists pending (ke_schvaleni) and arbitration with the documented fields, and paid_monthly per month', async () => {
    const { status, json } = await get(sandbox, '/v1/payouts');
    expect(status).toBe(200);
    const pendingDeal = sandbox.getDeal(ids.pending);
    expect(json.pending).toEqual([
      {
        deal_id: ids.pending,
        blog: 'Zahrada a dům',
        demand: `Článek o zahradní technice (${ids.pending})`,
        article_url: pendingDeal?.articleUrl ?? null,
        in_arbitration: false,
        reward: 1800,
      },
    ]);
    expect(json.arbitration).toEqual([
      expect.objectContaining({ deal_id: ids.arbitration, in_arbitration: true, reward: 2100 }),
    ]);
    // Only the blogger's own deals; the running deal is not awaiting payout.
    expect(JSON.stringify(json)).not.toContain(String(ids.foreign));
    expect(JSON.stringify(json)).not.toContain(`"deal_id":${ids.running}`);
    expect(json.paid_monthly).toEqual([{ month: pragueMonth(), count: 2, amount: 4000 }]);
  });

  it('?rok= limits paid_monthly to a year; a bad year is 400 spatny_parametr; an advertiser gets 403', async () => {
    const year = pragueMonth().slice(0, 4);
    expect((await get(sandbox, `/v1/payouts?rok=${year}`)).json.paid_monthly).toEqual([
      { month: pragueMonth(), count: 2, amount: 4000 },
    ]);
    const other = await get(sandbox, `/v1/payouts?rok=${Number(year) - 1}`);
    expect(other.json.paid_monthly).toEqual([]);
    expect(other.json.pending).toHaveLength(1);
    const bad = await get(sandbox, '/v1/payouts?rok=letos');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { code: 'spatny_parametr' } });
    const advertiser = await get(sandbox, '/v1/payouts', 'advertiser');
    expect(advertiser.status).toBe(403);
    expect(advertiser.json).toMatchObject({ error: { code: 'spatna_role' } });
  });

  it('counts against the rate limit like every /v1 call', async () => {
    const limited = await createSandbox({ rateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push((await get(limited, '/v1/payouts')).status);
      expect(answers).toEqual([200, 200, 429]);
      expect(limited.stats().requests).toContainEqual({
        method: 'GET',
        route: '/v1/payouts',
        status: 429,
        count: 1,
      });
    } finally {
      await limited.close();
    }
  });

  it('the client reads it leniently at low priority through the shared limiter', async () => {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    const prefix = randomPrefix();
    try {
      const real = createRateLimiter({
        redis,
        key: rateLimitKey(prefix, sandbox.apiKey),
        limit: 60,
        windowMs: 60_000,
      });
      const priorities: Array<RequestPriority | undefined> = [];
      const limiter: RateLimiter = {
        ...real,
        acquire: (priority, signal) => {
          priorities.push(priority);
          return real.acquire(priority, signal);
        },
      };
      const client = createMarketplaceClient({
        baseUrl: sandbox.url,
        apiKey: sandbox.apiKey,
        limiter,
        log: createSilentLogger(),
      });
      const overview = await client.payouts();
      expect(overview.pending.map((p) => p.deal_id)).toEqual([ids.pending]);
      expect(overview.arbitration.map((p) => p.deal_id)).toEqual([ids.arbitration]);
      expect(overview.paid_monthly).toEqual([{ month: pragueMonth(), count: 2, amount: 4000 }]);
      const lastYear = await client.payouts({ rok: Number(pragueMonth().slice(0, 4)) - 1 });
      expect(lastYear.paid_monthly).toEqual([]);
      expect(priorities).toEqual(['low', 'low']);
      await expect(client.payouts({ rok: 26 })).rejects.toMatchObject({ code: 'invalid_year' });
      expect(priorities).toHaveLength(2);
    } finally {
      await deleteKeys(redis, prefix);
      redis.disconnect();
    }
  });
});
