/**
 * The status page over real HTTP in its default language, Czech: the pages, the error, refusal and timeout
 * pages and the flash of a failing action, against a real DealStore in Redis (routes.test.ts covers the same
 * routes in English).
 */
import * as cheerio from 'cheerio';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { type StatusServer, startStatusServer } from '../../../src/status/index.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { type Seeded, seedDeals, statusDeps } from './fixtures.js';

const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;
let seeded: Seeded;

async function withServer<T>(
  deps: ReturnType<typeof statusDeps>,
  run: (url: string) => Promise<T>,
): Promise<T> {
  const server: StatusServer = await startStatusServer(deps, { host: '127.0.0.1', port: 0 });
  try {
    return await run(server.url);
  } finally {
    await server.close();
  }
}

async function page(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { redirect: 'manual', ...init });
  const text = await res.text();
  return { res, text, $: cheerio.load(text) };
}

beforeAll(async () => {
  redis = createTestRedis();
  store = createDealStore({ redis, prefix });
  seeded = await seedDeals(store, new Date());
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('src/status in Czech (the default language)', () => {
  it('serves the overview, the deals and a deal in Czech', async () => {
    await withServer(statusDeps(store), async (url) => {
      const overview = await page(url);
      const failed = seeded.byState.get('failed') ?? 0;
      const deals = await page(`${url}deals?state=failed`);
      const deal = await page(`${url}deals/${failed}`);

      expect(overview.$('html').attr('lang')).toBe('cs');
      const system = await page(`${url}system`);
      expect(overview.$('h1').text()).toBe('Přehled');
      expect(overview.$('[data-verdict] .verdict-title').text()).toBe('Něco potřebuje vás');
      expect(overview.$('[data-need="failed"]').text()).toContain(`Obchod #${failed} selhal`);
      expect(overview.$('[data-need="failed"] button').text()).toBe('Zkusit znovu');
      expect(overview.$('[data-card="progress"] h2').text()).toBe('Rozpracované obchody');
      expect(system.$('h1').text()).toBe('Systém');
      expect(system.$('.counts a[href="/deals?state=failed"]').text()).toBe('selhalo: 1');
      expect(deals.$('h1').text()).toBe('Obchody · selhalo');
      expect(deals.$(`tr[data-deal="${failed}"] .state`).text()).toBe('selhalo');
      expect(deal.$('h1').text()).toMatch(new RegExp(`^Obchod č. ${failed} · `));
      expect(deal.$('button.primary').text()).toBe('Zkusit znovu');
    });
  });

  it.each([
    ['deals/abc', 400, 'Chybné číslo obchodu', 'Číslo obchodu je celé číslo'],
    ['deals/99999', 404, 'Obchod nenalezen', 'pressbridge replay 99999'],
    ['deals?state=bogus', 400, 'Neznámý stav', 'Filtrujte podle jednoho z: received,'],
    ['logs?level=loud', 400, 'Chybný filtr', 'Úroveň je jedna z'],
    ['no/such/page', 404, 'Stránka nenalezena', 'Taková stránka neexistuje.'],
  ])('GET /%s → %i with a Czech error page', async (path, status, title, text) => {
    await withServer(statusDeps(store), async (url) => {
      const { res, $ } = await page(url + path);

      expect(res.status).toBe(status);
      expect($('h1').text()).toBe(title);
      expect($('main').text()).toContain(text);
    });
  });

  it('names a hung source in Czech on the 503 page and on the System card', async () => {
    const hanging = { ...store, list: () => new Promise<never>(() => {}) };
    const deps = statusDeps(hanging, { sourceTimeoutMs: 100, queueCounts: () => new Promise(() => {}) });
    await withServer(deps, async (url) => {
      const deals = await page(`${url}deals`);
      const system = await page(`${url}system`);

      expect(deals.res.status).toBe(503);
      expect(deals.$('h1').text()).toBe('Data nejsou k dispozici');
      expect(deals.$('main').text()).toContain('Bez odpovědi do 100 ms: Redis (obchody)');
      expect(system.$('main').text()).toContain('Nedostupné: Bez odpovědi do 100 ms: fronta');
    });
  });

  it('says why a source failed in Czech: Redis out of reach, else a Czech sentence with the English after it', async () => {
    const closed = { ...store, list: () => Promise.reject(new Error('Connection is closed.')) };
    const deps = statusDeps(closed, {
      queueCounts: () => Promise.reject(new Error('Connection is closed.')),
      rateLimit: () => Promise.reject(new Error('script not loaded')),
    });
    await withServer(deps, async (url) => {
      const deals = await page(`${url}deals`);
      const system = await page(`${url}system`);

      expect(deals.res.status).toBe(503);
      expect(deals.$('main').text()).toContain('Stránku nešlo sestavit: Redis neodpovídá.');
      expect(system.$('main').text()).toContain('Nedostupné: Redis neodpovídá');
      expect(system.$('main').text()).toContain(
        'Nedostupné: neočekávaná chyba (anglicky: script not loaded)',
      );
      expect(system.$('main').text()).not.toContain('Connection is closed.');
    });
  });

  it('refuses a form without its token, and shows a failing action, in Czech', async () => {
    const deps = statusDeps(store, {
      actions: {
        ...statusDeps(store).actions,
        handInAgain: async () => {
          throw new Error('queue unavailable');
        },
      },
    });
    await withServer(deps, async (url) => {
      const dealId = seeded.byState.get('failed') ?? 0;
      const opened = await page(`${url}deals/${dealId}`);
      const cookie = opened.res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const token = opened.$('form[action$="/hand-in-again"] input[name="csrf"]').attr('value') ?? '';
      const post = (form: Record<string, string>) =>
        page(`${url}deals/${dealId}/hand-in-again`, {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        });

      const refused = await post({});
      const failed = await post({ csrf: token });
      const flash = failed.res.headers.getSetCookie().find((c) => c.startsWith('pb_flash='));
      const back = await page(`${url}deals/${dealId}`, {
        headers: { Cookie: `${cookie}; ${flash?.split(';')[0]}` },
      });

      expect(refused.res.status).toBe(403);
      expect(refused.$('h1').text()).toBe('Formulář vypršel nebo není z této stránky');
      expect(refused.$('main').text()).toContain('Nic se neprovedlo: chybí token formuláře.');
      expect(failed.res.status).toBe(303);
      expect(back.$('.flash.bad').text()).toBe(
        `Obchod ${dealId}: „Odevzdat znovu“ selhalo: queue unavailable`,
      );
    });
  });

  it('asks for the password in Czech', async () => {
    await withServer(statusDeps(store, { password: 'správné heslo 42' }), async (url) => {
      const { res, $ } = await page(url);

      expect(res.status).toBe(401);
      expect($('html').attr('lang')).toBe('cs');
      expect($('h1').text()).toBe('Vyžadováno heslo');
    });
  });
});
