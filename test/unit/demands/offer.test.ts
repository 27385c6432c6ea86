import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfferService, type DemandOffered, noteLine } from '../../../src/demands/offer.js';
import { offerFailureOf } from '../../../src/demands/offer-errors.js';
import { createDemandStore } from '../../../src/demands/store.js';
import { MarketplaceError } from '../../../src/errors.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import type { OfferInput } from '../../../src/marketplace/api.js';
import { fixedClock } from '../../helpers/clock.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const refused = (status: number, code: string, retryable = false) =>
  new MarketplaceError({
    status,
    code,
    message: `refused ${code}`,
    method: 'POST',
    path: '/v1/blogs/1/offers',
    retryable,
  });

describe('src/demands/offer-errors.ts', () => {
  it.each([
    [refused(422, 'nizka_vyssi_nabidka'), 'nizka_vyssi_nabidka', false, false],
    [refused(404, 'poptavka_nedostupna'), 'poptavka_nedostupna', false, true],
    [refused(422, 'blog_neuplny'), 'blog_neuplny', false, false],
    [refused(403, 'chybi_scope'), 'chybi_scope', false, false],
    [refused(403, 'spatna_role'), 'spatna_role', false, false],
    [refused(401, 'neplatny_klic'), 'neplatny_klic', false, false],
    [refused(429, 'rate_limit', true), 'retryable', true, false],
    [refused(500, 'server', true), 'retryable', true, false],
    [refused(400, 'spatne_telo'), 'spatne_telo', false, false],
    [new Error('boom'), 'other', false, false],
  ])('maps %s to %s', (error, code, retryable, gone) => {
    const failure = offerFailureOf(error);
    expect(failure).toMatchObject({ code, retryable, gone });
    for (const language of ['cs', 'en'] as const) {
      const said = createTranslator(language).say(failure.said);
      expect(said).not.toMatch(/^demand\.offer/);
      expect(said).not.toMatch(/\{[a-z]+\}/);
    }
  });
});

describe('src/demands/offer.ts', () => {
  let redis: Redis;
  const prefixes: string[] = [];
  beforeAll(() => {
    redis = createTestRedis();
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  async function world(
    answer: (input: OfferInput) => Promise<{ id: number; state?: string; reward?: number }>,
  ) {
    const prefix = randomPrefix();
    prefixes.push(prefix);
    const store = createDemandStore(redis, prefix);
    await store.see(1, { id: 77, name: 'Kola', reward: 1000 }, new Date('2026-12-01T08:00:00Z'), 'poll');
    const calls: OfferInput[] = [];
    const effects: DemandOffered[] = [];
    const offers = createOfferService({
      client: {
        makeOffer: async (_blogId, input) => {
          calls.push(input);
          return await answer(input);
        },
        declineDemands: async () => {},
      },
      store,
      log: createSilentLogger(),
      clock: fixedClock('2026-12-01T09:00:00Z'),
      onOffered: (event) => {
        effects.push(event);
      },
    });
    return { store, offers, calls, effects };
  }

  it('makes a base offer, records it once and emits the effect; a second call is a repeat with no request', async () => {
    const { store, offers, calls, effects } = await world(async () => ({
      id: 9001,
      state: 'nabidnuto',
      reward: 1000,
    }));

    const first = await offers.offer({
      blogId: 1,
      demandId: 77,
      note: '  Článek o\n  kolech \t ',
      by: 'page',
    });
    const second = await offers.offer({ blogId: 1, demandId: 77, by: 'cli' });

    expect(first).toMatchObject({
      status: 'offered',
      offer: { dealId: 9001, reward: 1000, note: 'Článek o kolech', by: 'page' },
    });
    expect(second.status).toBe('repeat');
    expect(calls).toEqual([{ demandId: 77, note: 'Článek o kolech' }]);
    expect(effects.map((e) => e.offer.dealId)).toEqual([9001]);
    expect((await store.get(1, 77))?.offer?.dealId).toBe(9001);
  });

  it('sends a higher bid with its reward, and refuses a reward below the base, not whole, or a long note before any request', async () => {
    const { offers, calls } = await world(async (input) => ({ id: 1, reward: input.reward ?? 0 }));

    const low = await offers.offer({ blogId: 1, demandId: 77, reward: 900, by: 'page' });
    const half = await offers.offer({ blogId: 1, demandId: 77, reward: 1200.5, by: 'page' });
    const long = await offers.offer({ blogId: 1, demandId: 77, note: 'x'.repeat(501), by: 'page' });
    const unknown = await offers.offer({ blogId: 1, demandId: 78, by: 'page' });
    const higher = await offers.offer({ blogId: 1, demandId: 77, reward: 1300, by: 'page' });

    expect(
      [low, half, long, unknown].map((o) => (o.status === 'failed' ? o.failure.code : o.status)),
    ).toEqual(['reward_not_above_base', 'reward_not_integer', 'note_too_long', 'unknown_demand']);
    expect(higher).toMatchObject({ status: 'offered', offer: { reward: 1300 } });
    expect(calls).toEqual([{ demandId: 77, reward: 1300 }]);
  });

  it('treats 409 nabidka_existuje as already offered, and 404 poptavka_nedostupna as the demand gone', async () => {
    const repeat = await world(async () => {
      throw refused(409, 'nabidka_existuje');
    });
    const gone = await world(async () => {
      throw refused(404, 'poptavka_nedostupna');
    });

    const a = await repeat.offers.offer({ blogId: 1, demandId: 77, by: 'auto' });
    const b = await gone.offers.offer({ blogId: 1, demandId: 77, by: 'page' });

    expect(a).toMatchObject({ status: 'repeat', offer: { state: 'existing', by: 'auto' } });
    expect((await repeat.store.get(1, 77))?.offer?.state).toBe('existing');
    expect(repeat.effects).toEqual([]);
    expect(b).toMatchObject({ status: 'failed', failure: { code: 'poptavka_nedostupna', gone: true } });
    expect(await gone.store.get(1, 77)).toMatchObject({ available: false });
  });

  it('keeps a note on one line', () => {
    expect(noteLine('a\u2028b\u202Ec\r\nd')).toBe('a b c d');
    expect(noteLine('   ')).toBeUndefined();
  });
});
