/**
 * The pages of issue 30 in a real headless Chromium (the harness of status-page.test.ts, test/helpers/browser.ts):
 * the Demands list, a demand, its offer confirmation, the Rules page, the home page's Market card with its SVG
 * charts, a held deal's card and the one-tap look page. Demands with long unbroken Czech words and URLs, a
 * tally of months and a held deal are written through the real stores into Redis. At phone width in Czech and
 * English (and at desktop width in English) nothing overflows sideways, the browser reports no error (a CSP
 * refusal is a console error), the charts are drawn with a size, and the forms' buttons are on screen; every
 * page reads without JavaScript.
 */
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldData } from '../../src/deals/data.js';
import { lookKey, signLookToken } from '../../src/deals/look-token.js';
import { createDealStore } from '../../src/deals/store.js';
import type { OfferService } from '../../src/demands/offer.js';
import { createDemandStore } from '../../src/demands/store.js';
import { createDemandTally } from '../../src/demands/tally.js';
import type { BlogRules } from '../../src/rules/settings.js';
import type { RulesVerdict } from '../../src/rules/verdict.js';
import { type StatusServer, startStatusServer } from '../../src/status/index.js';
import {
  horizontalOverflow,
  launchBrowser,
  screenshotDir,
  watchProblems,
  withContext,
} from '../helpers/browser.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../helpers/redis.js';
import { statusDeps } from '../unit/status/fixtures.js';

const BLOG = 101;
const HELD_DEAL = 43_001;
const LONG = 5_001;
const OFFERED = 5_002;
const GONE = 5_003;
const WORD = 'Nejneobhospodařovávatelnějšími';
const LONG_WORD = `${WORD}${'zahradnickymi'.repeat(8)}`;
const LONG_URL = `https://obchod-se-zahradni-technikou.example.cz/${'velmi-dlouha-cesta-'.repeat(10)}?utm=${'x'.repeat(80)}`;
const LONG_DOMAIN = `${'velmidlouhadomena'.repeat(4)}.example.cz`;
const NOTE = `Nápad: ${LONG_WORD} ${LONG_URL}`;
const key = lookKey('status-demand-pages-browser-key');
const prefix = randomPrefix();
let redis: Redis;
let browser: Browser;
let czech: StatusServer;
let english: StatusServer;
let approveLink: string;
let refuseLink: string;

const verdict: RulesVerdict = {
  outcome: 'refuse',
  reasons: [
    {
      rule: 'refusedDomains',
      outcome: 'refuse',
      said: { key: 'verdict.reason.domain', params: { link: LONG_URL, domain: LONG_DOMAIN } },
    },
    {
      rule: 'refusedWords',
      outcome: 'refuse',
      said: { key: 'verdict.reason.word', params: { word: LONG_WORD, where: { key: 'verdict.where.text' } } },
    },
  ],
};

const rules: BlogRules = {
  minReward: 1_500,
  refusedWords: [LONG_WORD, 'kasino'],
  refusedDomains: [LONG_DOMAIN],
  refusedTlds: ['ru'],
};

const OFFER_CONFIRM = `demands/${BLOG}/${LONG}/offer?reward=1800&note=${encodeURIComponent(NOTE)}`;

/** The pages at each width: path, and what each must hold. */
const PAGES = [
  ['home', ''],
  ['demands', 'demands'],
  ['demands-blog', `demands/${BLOG}`],
  ['demand', `demands/${BLOG}/${LONG}`],
  ['demand-offered', `demands/${BLOG}/${OFFERED}`],
  ['offer-confirm', OFFER_CONFIRM],
  ['decline-confirm', `demands/${BLOG}/decline`],
  ['rules', `blogs/${BLOG}/rules`],
  ['deal-held', `deals/${HELD_DEAL}`],
  ['look-approve', 'LOOK_APPROVE'],
  ['look-refuse', 'LOOK_REFUSE'],
] as const;

function urlOf(server: StatusServer, path: string): string {
  const resolved = path === 'LOOK_APPROVE' ? approveLink : path === 'LOOK_REFUSE' ? refuseLink : path;
  return server.url + resolved.replace(/^\//, '');
}

/** The month `back` months before this one, as a date in its middle. */
function monthsAgo(back: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));
}

/** The visible boxes of the page's SVG charts (those of `within`). */
async function chartBoxes(page: Page, within: string) {
  const charts = page.locator(`${within} svg.chart-svg`);
  const boxes = [];
  for (let i = 0; i < (await charts.count()); i++) {
    const chart = charts.nth(i);
    boxes.push({ visible: await chart.isVisible(), box: await chart.boundingBox() });
  }
  return boxes;
}

beforeAll(async () => {
  redis = createTestRedis();
  const deals = createDealStore({ redis, prefix });
  const demands = createDemandStore(redis, prefix);
  const tally = createDemandTally(redis, prefix, 'Europe/Prague');
  const now = new Date();
  const minutes = (m: number) => new Date(now.getTime() + m * 60_000);

  // Demands with long unbroken words and URLs: what makes a phone scroll sideways.
  await demands.see(
    BLOG,
    {
      id: LONG,
      name: `${LONG_WORD} ${LONG_WORD}`,
      url: LONG_URL,
      vip: true,
      keywords: `${LONG_WORD}, ${LONG_URL}, ${'sekačka'.repeat(20)}`,
      ns: 2,
      publication: false,
      expectation: `Vlastní cíl: ${LONG_WORD}`,
      description: `Popis ${LONG_URL} ${LONG_WORD}\n${'Dlouhý odstavec bez mezer:'.repeat(3)}${'x'.repeat(200)}`,
      reward: 1_500,
    },
    minutes(-30),
    'poll',
  );
  await demands.judged(
    BLOG,
    LONG,
    {
      readAt: minutes(-29).toISOString(),
      keywordUrls: [
        { keyword: LONG_WORD, url: LONG_URL },
        { keyword: 'zahrada', url: `https://${LONG_DOMAIN}/${'a'.repeat(150)}` },
      ],
      linksMode: 1,
    },
    verdict,
  );
  await demands.see(
    BLOG,
    { id: OFFERED, name: `Tepelná čerpadla ${LONG_WORD}`, ns: 1, expectation: 1, reward: 900 },
    minutes(-60),
    'webhook',
  );
  await demands.judged(
    BLOG,
    OFFERED,
    { readAt: minutes(-59).toISOString() },
    { outcome: 'fits', reasons: [] },
  );
  await demands.markOffered(BLOG, OFFERED, {
    at: minutes(-50).toISOString(),
    reward: 1_200,
    note: NOTE,
    dealId: 7_001,
    state: 'nabidnuto_vyssi',
    by: 'page',
  });
  await demands.see(BLOG, { id: GONE, name: LONG_WORD, reward: 500 }, minutes(-120), 'poll');
  await demands.gone(BLOG, GONE, minutes(-10));

  // A year of the market: every month something offered, accepted or refused, and rewards per page.
  for (let back = 0; back < 12; back++) {
    const at = monthsAgo(back);
    for (let i = 0; i < 1 + (back % 4); i++) await tally.count('made', at);
    if (back % 2 === 0) await tally.count('accepted', at);
    if (back % 3 === 0) await tally.count('refused', at);
    await tally.seen(12_000 + back * 1_000, 3, at);
  }

  // A held deal waiting for the blogger's look, its reasons long.
  const held: HeldData = {
    at: minutes(-5).toISOString(),
    outcome: 'refuse',
    reasons: verdict.reasons.map((r) => ({ ...r })),
    expiresAt: minutes(45).toISOString(),
    nonce: `nonce-${HELD_DEAL}`,
    draftRef: `wp:${'9'.repeat(40)}`,
  };
  await deals.createIfAbsent({
    dealId: HELD_DEAL,
    blogId: BLOG,
    receivedAt: minutes(-6).toISOString(),
    deadline: minutes(50).toISOString(),
    state: 'held',
    title: `${LONG_WORD} ${LONG_URL}`,
    data: { held, webUrl: `https://marketplace.example.cz/obchody/${HELD_DEAL}?${'q=1&'.repeat(40)}` },
  });
  const link = (action: 'approve' | 'refuse') =>
    `look/${encodeURIComponent(
      signLookToken(key, {
        dealId: HELD_DEAL,
        action,
        expiresMs: Date.parse(held.expiresAt),
        nonce: held.nonce,
      }),
    )}`;
  approveLink = link('approve');
  refuseLink = link('refuse');

  // Offering is over HTTP in demands-page.test.ts; here the pages only show the forms.
  const offers: OfferService = {
    offer: async () => {
      throw new Error('no offer is made in this test');
    },
    declineAll: async () => {
      throw new Error('nothing is declined in this test');
    },
  };
  const start = async (language: 'cs' | 'en') =>
    await startStatusServer(
      statusDeps(deals, {
        language,
        demands: { store: demands, offers, pollMinutes: 5, tally },
        rules: {
          read: (blogId) => (blogId === BLOG ? rules : undefined),
          save: () => ({ ok: true, rules }),
          file: `/etc/pressbridge/${'velmi-dlouhy-adresar/'.repeat(6)}pressbridge.yaml`,
        },
        lookKey: key,
      }),
      { host: '127.0.0.1', port: 0 },
    );
  czech = await start('cs');
  english = await start('en');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await czech?.close();
  await english?.close();
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('the demand side in Chromium', () => {
  it.each([
    ['home', ''],
    ['demands', 'demands'],
  ])('%s: the Market card draws both charts with a size', async (_name, path) => {
    await withContext(browser, {}, async (context) => {
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(urlOf(english, path));
      const boxes = await chartBoxes(page, '[data-card="market"]');
      expect(boxes).toHaveLength(2);
      for (const { visible, box } of boxes) {
        expect(visible).toBe(true);
        expect(box?.width ?? 0).toBeGreaterThan(100);
        expect(box?.height ?? 0).toBeGreaterThan(50);
      }
      // The bars are drawn: at least one rect with a height in each chart.
      const bars = await page.evaluate(() =>
        [...document.querySelectorAll('[data-card="market"] svg.chart-svg')].map(
          (svg) =>
            [...svg.querySelectorAll('rect')].filter((r) => r.getBoundingClientRect().height > 0).length,
        ),
      );
      expect(bars.every((n) => n > 0)).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  it('the held deal is among what needs the blogger, with its look buttons on the deal page', async () => {
    await withContext(browser, {}, async (context) => {
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(urlOf(english, ''));
      expect(await page.locator(`[data-need="held"] a[href="/deals/${HELD_DEAL}"]`).count()).toBeGreaterThan(
        0,
      );
      await page.goto(urlOf(english, `deals/${HELD_DEAL}`));
      const card = page.locator('section.look');
      expect(await card.getByRole('button', { name: 'Approve and publish' }).isVisible()).toBe(true);
      expect(await card.getByRole('button', { name: 'Refuse' }).isVisible()).toBe(true);
      expect(await card.locator('.look-reasons li').count()).toBe(2);
      expect(problems).toEqual([]);
    });
  });

  describe.each([
    ['phone', 390, 844, 'en'],
    ['desktop', 1280, 800, 'en'],
    // Czech words run longer: the default language gets its own phone run.
    ['phone', 390, 844, 'cs'],
  ] as const)('at %s width (%i × %i px) in %s', (device, width, height, language) => {
    it.each(PAGES)('%s does not overflow and the browser reports nothing', async (name, path) => {
      await withContext(browser, { viewport: { width, height }, deviceScaleFactor: 1 }, async (context) => {
        const page = await context.newPage();
        const problems = watchProblems(page);
        const response = await page.goto(urlOf(language === 'cs' ? czech : english, path));
        expect(response?.status(), name).toBe(200);

        const { scrollWidth, innerWidth } = await horizontalOverflow(page);
        const dir = screenshotDir();
        if (dir !== undefined) {
          const file = join(dir, `${name}-${device}${language === 'cs' ? '-cs' : ''}.png`);
          await page.screenshot({ path: file, fullPage: true });
        }
        // Every form's button is on screen, not pushed off the side.
        const buttons = page.locator('main form button');
        for (let i = 0; i < (await buttons.count()); i++) {
          const box = await buttons.nth(i).boundingBox();
          expect(box, `${name}: button ${i}`).not.toBeNull();
          expect(
            (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width,
            `${name}: button ${i}`,
          ).toBe(true);
        }

        expect(innerWidth).toBe(width);
        expect(scrollWidth, `${name} at ${width} px in ${language}`).toBeLessThanOrEqual(innerWidth);
        expect(problems).toEqual([]);
      });
    });
  });

  it.each(['cs', 'en'] as const)(
    'reads without JavaScript (%s): every page, the offer button there',
    async (language) => {
      await withContext(browser, { javaScriptEnabled: false }, async (context) => {
        const page = await context.newPage();
        for (const [name, path] of PAGES) {
          const response = await page.goto(urlOf(language === 'cs' ? czech : english, path));
          expect(response?.status(), name).toBe(200);
          expect((await page.locator('h1').innerText()).length, name).toBeGreaterThan(0);
        }
        await page.goto(urlOf(language === 'cs' ? czech : english, OFFER_CONFIRM));
        const form = page.locator(`main form[method="post"][action="/demands/${BLOG}/${LONG}/offer"]`);
        expect(await form.locator('input[name="csrf"]').count()).toBe(1);
        expect(await form.locator('button[type="submit"]').isVisible()).toBe(true);
      });
    },
  );
});
