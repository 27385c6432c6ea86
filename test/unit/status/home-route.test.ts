/**
 * The home page over real HTTP against a real DealStore in Redis, fed by what the daemon records: the
 * advertiser's claim as a recorded webhook event, the notifier's open problems, a site's failed check. What the
 * advertiser and a site wrote reaches the page inert and without the secrets it quotes.
 */
import * as cheerio from 'cheerio';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { startStatusServer } from '../../../src/status/index.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { statusDeps } from './fixtures.js';

const API_KEY = 'pk_live_5a4b3c2d1e0f99887766';
const HOSTILE = `<img src=x onerror=alert(1)> api_key=${API_KEY}`;
const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;

beforeAll(async () => {
  redis = createTestRedis();
  store = createDealStore({ redis, prefix });
  const now = Date.now();
  await store.createIfAbsent({
    dealId: 5001,
    blogId: 101,
    receivedAt: new Date(now - 3_600_000).toISOString(),
    deadline: new Date(now + 3_600_000).toISOString(),
    state: 'handed_in',
    title: 'Handed in',
    source: 'webhook',
  });
  await store.recordEvent(5001, {
    event: 'claim.created',
    receivedAt: new Date(now - 600_000).toISOString(),
    outcome: 'recorded',
    body: { event: 'claim.created', deal_id: 5001, claim: { text: `${HOSTILE}\nsecond line` } },
  });
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('src/status GET / (the home page, real Redis)', () => {
  it('shows the claim, the marketplace outage and a site down, red, inert and without secrets', async () => {
    const server = await startStatusServer(
      statusDeps(store, {
        language: 'en',
        secretValues: () => [API_KEY],
        openProblems: async () => [
          { topic: 'marketplace_unreachable', minutes: 14, detail: 'HTTP 502' },
          { topic: 'site_unreachable', blogId: 303, blogName: HOSTILE, detail: HOSTILE },
        ],
      }),
      { host: '127.0.0.1', port: 0 },
    );
    try {
      const res = await fetch(server.url);
      const text = await res.text();
      const $ = cheerio.load(text);

      expect(res.status).toBe(200);
      expect($('[data-verdict]').attr('data-verdict')).toBe('bad');
      expect($('[data-need="marketplace_down"]').text()).toContain(
        'The marketplace has not answered for 14 min',
      );
      const claim = $('[data-need="claim"]');
      expect(claim.text()).toContain('The advertiser wrote a claim on deal #5001');
      expect(claim.text()).toContain('<img src=x onerror=alert(1)>');
      expect(claim.text()).not.toContain('second line');
      expect(claim.find('a[href="/deals/5001"]').length).toBeGreaterThan(0);
      // One site from the fixture's failed check (blog 202), one from the notifier's open problem (blog 303).
      expect($('[data-need="site"]')).toHaveLength(2);
      expect($('img, [onerror]')).toHaveLength(0);
      expect(text).not.toContain(API_KEY);
    } finally {
      await server.close();
    }
  });
});
