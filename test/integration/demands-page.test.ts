/**
 * Offering from the status page over real HTTP (issue 30 item 3): the sandbox marketplace, a real Redis, the real
 * demand store and offer service, the page behind its password. The form and its confirmation change nothing; a
 * POST without the form token is refused and offers nothing; with it the sandbox has the offer; again, "already
 * offered"; a bid the service or the marketplace refuses shows the refusal's meaning; decline-all likewise.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealStore } from '../../src/deals/store.js';
import { createOfferService } from '../../src/demands/offer.js';
import { createDemandStore, type DemandStore } from '../../src/demands/store.js';
import { createSilentLogger } from '../../src/logger.js';
import { createMarketplaceClient } from '../../src/marketplace/client.js';
import { createRateLimiter, rateLimitKey } from '../../src/marketplace/rate-limit.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { type StatusServer, startStatusServer } from '../../src/status/index.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../helpers/redis.js';
import { statusClient } from '../helpers/status-client.js';
import { statusDeps } from '../unit/status/fixtures.js';

const PASSWORD = 'demands-page-password-42';
const BLOG = 1;
const HOSTILE = 'Sekačky <script>alert(1)</script>';

describe('offering from the status page (sandbox marketplace, real Redis)', () => {
  const prefix = randomPrefix();
  let redis: Redis;
  let sandbox: Sandbox;
  let server: StatusServer;
  let store: DemandStore;
  const client = statusClient(() => server.url, PASSWORD);
  const request = (path: string, form?: Record<string, string>) => client.page(path, form);

  /** The page after a POST: its 303 followed, with the flash it left. */
  async function post(path: string, form: Record<string, string>) {
    const answer = await request(path, form);
    if (answer.res.status !== 303) return { status: answer.res.status, flash: '', $: answer.$ };
    const location = answer.res.headers.get('location') ?? '';
    const page = await request(location);
    return { status: 303, location, flash: page.$('p.flash').text(), $: page.$ };
  }

  /** A demand in the sandbox, stored for the blog as the intake stores a listed one. */
  async function demand(name: string, reward: number, storedReward = reward): Promise<number> {
    const created = await sandbox.createDemand({ name, reward, blogIds: [BLOG], deliver: false });
    const item = { id: created.id, name, reward: storedReward, ns: 2, expectation: '1' };
    await store.see(BLOG, item, new Date(), 'poll');
    return created.id;
  }

  const offersOn = (demandId: number) => sandbox.listDeals().filter((d) => d.demandId === demandId);

  beforeAll(async () => {
    redis = createTestRedis();
    sandbox = await createSandbox({ blogs: [{ id: BLOG, name: 'Zahrada a dům', url: 'http://127.0.0.1' }] });
    const log = createSilentLogger();
    const limiter = createRateLimiter({
      redis,
      key: rateLimitKey(prefix, sandbox.apiKey),
      limit: 60,
      windowMs: 60_000,
    });
    const client = createMarketplaceClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, limiter, log });
    store = createDemandStore(redis, prefix);
    const offers = createOfferService({ client, store, log });
    const deps = statusDeps(createDealStore({ redis, prefix }), {
      language: 'cs',
      password: PASSWORD,
      blogs: [{ id: BLOG, name: 'Zahrada a dům' }],
      demands: { store, offers, pollMinutes: 5 },
    });
    server = await startStatusServer(deps, { host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
    if (redis) {
      await deleteKeys(redis, prefix);
      redis.disconnect();
    }
  });

  it('offers only on the confirmed POST with its form token, once, and says each outcome', async () => {
    const demandId = await demand(HOSTILE, 1500);

    const list = await request('/demands/1');
    expect(list.res.status).toBe(200);
    expect(list.$(`tr[data-demand="${demandId}"] a`).first().text()).toBe(HOSTILE);
    expect(list.$('script:not([src])')).toHaveLength(0);

    const page = await request(`/demands/1/${demandId}`);
    expect(page.$('input[name="reward"]').val()).toBe('1500');

    const confirm = await request(
      `/demands/1/${demandId}/offer?reward=1800&note=${encodeURIComponent('Nápad: jak vybrat sekačku')}`,
    );
    expect(confirm.res.status).toBe(200);
    expect(confirm.$('[data-confirm="offer"]').text()).toContain('Zahrada a dům');
    expect(confirm.$('[data-confirm="offer"]').text()).toContain(HOSTILE);
    expect(confirm.$('[data-higher="true"]').text()).toContain('vyšší nabídka');
    const token = String(confirm.$('form[method="post"] input[name="csrf"]').val());
    expect(token.length).toBeGreaterThan(10);
    // Neither the page nor the confirmation sent anything.
    expect(offersOn(demandId)).toEqual([]);

    const form = { reward: '1800', note: 'Nápad: jak vybrat sekačku' };
    const refused = await post(`/demands/1/${demandId}/offer`, form);
    expect(refused.status).toBe(403);
    expect(offersOn(demandId)).toEqual([]);
    expect((await store.get(BLOG, demandId))?.offer).toBeUndefined();

    const offered = await post(`/demands/1/${demandId}/offer`, { ...form, csrf: token });
    expect(offered.location).toBe(`/demands/1/${demandId}`);
    const [deal] = offersOn(demandId);
    expect(deal).toMatchObject({ blogId: BLOG, state: 'nabidnuto_vyssi', reward: 1800 });
    expect(offered.flash).toContain(`Nabídka odeslána: obchod #${deal?.id}`);
    expect((await store.get(BLOG, demandId))?.offer).toMatchObject({
      by: 'page',
      dealId: deal?.id,
      reward: 1800,
    });
    expect(offered.$('[data-offer="nabidnuto_vyssi"]').text()).toContain('ze stránky');

    const again = await post(`/demands/1/${demandId}/offer`, { ...form, csrf: token });
    expect(again.flash).toContain('už blog nabídku má');
    expect(offersOn(demandId)).toHaveLength(1);
  });

  it('shows the meaning and fix of a bid refused by the service or by the marketplace', async () => {
    const token = String((await request('/demands/1/decline')).$('input[name="csrf"]').val());
    const low = await demand('Zahradní nábytek', 1500);
    const below = await post(`/demands/1/${low}/offer`, { reward: '1000', csrf: token });
    expect(below.flash).toContain('nesmí být pod základní odměnou');
    expect(offersOn(low)).toEqual([]);
    // Stored with an older, lower base: the marketplace itself refuses the "higher" bid (422 nizka_vyssi_nabidka).
    const stale = await demand('Bazény', 1500, 500);
    const refused = await post(`/demands/1/${stale}/offer`, { reward: '1000', csrf: token });
    expect(refused.flash).toContain('Vyšší nabídka musí být nad základní odměnou poptávky');
    expect(offersOn(stale)).toEqual([]);
    const confirm = await request(`/demands/1/${low}/offer?reward=12abc`);
    expect(confirm.res.status).toBe(422);
    expect(confirm.$('form[method="post"]')).toHaveLength(0);
  });

  it('declines every available demand after its confirmation, not before', async () => {
    const open = await demand('Krmivo pro psy', 700);
    const confirm = await request('/demands/1/decline');
    expect(confirm.$('[data-confirm="decline"]').text()).toContain('Zahrada a dům');
    expect((await store.get(BLOG, open))?.declinedAt).toBeUndefined();
    const token = String(confirm.$('input[name="csrf"]').val());
    const done = await post('/demands/1/decline', { csrf: token });
    expect(done.location).toBe('/demands/1');
    expect(done.flash).toMatch(/Odmítnuto poptávek: [1-9]/);
    expect((await store.get(BLOG, open))?.declinedAt).toBeDefined();
    expect(done.$(`tr[data-demand="${open}"] [data-declined]`)).toHaveLength(1);
  });
});
