/**
 * The status page in a real headless Chromium against a real DealStore in Redis: every page loads without
 * errors (the CSP lets the page's own CSS and script run), the links lead from the overview to a deal and the
 * logs, "Retry now" reaches the action and shows the flash, a form without its CSRF token is refused, nothing
 * overflows at phone or desktop width (screenshots saved where PB_SCREENSHOT_DIR says), the page reads without JavaScript, and the password
 * is asked for. These run in English; the last block shows the page in Czech (the default) and in English side
 * by side.
 */
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStore } from '../../src/deals/record.js';
import { createDealStore } from '../../src/deals/store.js';
import type { DealEvidence } from '../../src/evidence/types.js';
import { type StatusServer, startStatusServer, watchScheduleReader } from '../../src/status/index.js';
import { enrol } from '../../src/watch/schedule.js';
import {
  horizontalOverflow,
  withContext as inContext,
  launchBrowser,
  screenshotDir,
  watchProblems,
} from '../helpers/browser.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../helpers/redis.js';
import { type Seeded, seedDeals, statusDeps } from '../unit/status/fixtures.js';

const PASSWORD = 'browser-test-password-42';
const LONG_DEAL = 42_999;
const LONG_HREF = `https://shop.example/${'dlouhy-odkaz-inzerenta-'.repeat(10)}`;
const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;
let seeded: Seeded;
let browser: Browser;
let deps: ReturnType<typeof statusDeps>;
let server: StatusServer;
/** The same page as a default config shows it: in Czech (no language passed). */
let czech: StatusServer;

function failedDealId(): number {
  return seeded.byState.get('failed') ?? 0;
}

/** A fresh context of the test's browser (test/helpers/browser.ts). */
function withContext<T>(
  options: Parameters<Browser['newContext']>[0],
  run: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  return inContext(browser, options, run);
}

beforeAll(async () => {
  redis = createTestRedis();
  store = createDealStore({ redis, prefix });
  seeded = await seedDeals(store, new Date());
  // Long unbroken words and URLs are what make a phone scroll sideways.
  await store.createIfAbsent({
    dealId: LONG_DEAL,
    blogId: 101,
    receivedAt: new Date(Date.now() - 90_000).toISOString(),
    deadline: new Date(Date.now() + 50 * 60_000).toISOString(),
    state: 'failed',
    title: `Nejneobhospodařovávatelnějšími${'-a'.repeat(60)} ${'x'.repeat(120)}`,
    data: { webUrl: `https://marketplace.example.cz/obchody/${LONG_DEAL}?${'q=1&'.repeat(60)}` },
  });
  await store.update(LONG_DEAL, {
    url: `https://zahrada-dum.cz/${'velmi-dlouha-adresa-clanku-'.repeat(8)}/`,
    error: `Upload failed: ${'E'.repeat(300)}`,
    supportCode: 'PC-LONG01',
  });
  await store.appendLog(LONG_DEAL, {
    level: 'warn',
    msg: `slow answer from ${'https://zahrada-dum.cz/wp-json/wp/v2/media?'.repeat(5)}`,
    blogId: 101,
    fields: { body: '{'.repeat(400), list: Array.from({ length: 30 }, (_, i) => `item-${i}`) },
  });
  // The watched deals of the Obligations page: the handed-in ones, one of them failing its check with a long href.
  const watched = [seeded.byState.get('handed_in') ?? 0, LONG_DEAL];
  for (const dealId of watched) await enrol(redis, prefix, dealId, Date.now() + 3_600_000);
  await store.update(LONG_DEAL, {
    data: {
      handedInAt: new Date(Date.now() - 60_000).toISOString(),
      articleCheck: {
        at: new Date().toISOString(),
        ok: false,
        status: 200,
        problem: 'links',
        missing: [LONG_HREF],
        links: 1,
        findings: [{ kind: 'link_lost', detail: LONG_HREF, href: LONG_HREF }],
        detail: `missing ${LONG_HREF}`,
      },
    },
  });
  // A long claim and evidence with long values on the long deal: the deal page's Claims and Evidence cards.
  await store.recordEvent(LONG_DEAL, {
    event: 'claim.created',
    receivedAt: new Date().toISOString(),
    outcome: 'recorded',
    body: {
      event: 'claim.created',
      deal_id: LONG_DEAL,
      claim: { text: `Odkaz chybí ${LONG_HREF}`, created_at: '2026-11-21 10:00:00' },
    },
  });
  const check = {
    at: new Date().toISOString(),
    ok: false,
    status: 200,
    problem: 'links' as const,
    missing: [LONG_HREF],
    links: 1,
    findings: [{ kind: 'link_lost' as const, detail: LONG_HREF }],
    detail: 'missing',
  };
  const evidence: DealEvidence = {
    dealId: LONG_DEAL,
    deal: {
      dealId: LONG_DEAL,
      blogId: 101,
      url: LONG_HREF,
      receivedAt: check.at,
      deadline: check.at,
      watch: { links: [LONG_HREF] },
      updatedAt: check.at,
    },
    entries: [
      {
        seq: 1,
        kind: 'first',
        check,
        pageSha256: 'f'.repeat(64),
        snapshot: { file: '1-ffff.html.gz', sha256: 'f'.repeat(64), bytes: 9000, storedBytes: 2000 },
      },
    ],
    pruned: [],
    bytes: 2600,
  };
  const watch = {
    watchSchedule: watchScheduleReader(redis, prefix),
    evidence: { read: async (dealId: number) => (dealId === LONG_DEAL ? evidence : undefined) },
    bundle: async () => undefined,
  };
  deps = statusDeps(store, { language: 'en', ...watch });
  server = await startStatusServer(deps, { host: '127.0.0.1', port: 0 });
  czech = await startStatusServer(statusDeps(store, watch), { host: '127.0.0.1', port: 0 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await czech?.close();
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('status page in Chromium', () => {
  it('loads every page without errors, with its stylesheet and script', async () => {
    await withContext({}, async (context) => {
      const page = await context.newPage();
      const problems = watchProblems(page);
      for (const [path, heading] of [
        ['', 'Overview'],
        ['system', 'System'],
        ['deals', 'Deals'],
        ['deals?page=2', 'Deals'],
        ['deals?state=failed', 'Deals · failed'],
        [`deals/${failedDealId()}`, `Deal #${failedDealId()}`],
        [`deals/${LONG_DEAL}`, `Deal #${LONG_DEAL}`],
        ['logs', 'Logs'],
        ['logs?level=warn&refresh=off', 'Logs'],
        ['obligations', 'Article obligations'],
      ] as const) {
        const response = await page.goto(server.url + path);
        expect(response?.status(), path).toBe(200);
        expect((await page.locator('h1').innerText()).startsWith(heading), path).toBe(true);
        // The stylesheet applied (the CSP allowed it): state chips are rounded.
        const radius = await page.evaluate(() => {
          const el = document.querySelector('.state, .level, nav.main a');
          return el ? getComputedStyle(el).borderTopLeftRadius : '';
        });
        expect(radius, path).not.toBe('0px');
      }
      expect(problems).toEqual([]);
    });
  });

  it('follows the links: overview → deals → deal → logs', async () => {
    await withContext({}, async (context) => {
      const page = await context.newPage();
      await page.goto(server.url);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deals' }).click();
      await page.waitForURL(/\/deals$/);
      expect(await page.locator('tr[data-deal]').count()).toBe(25);

      await page.locator(`tr[data-deal="${failedDealId()}"] a[href="/deals/${failedDealId()}"]`).click();
      await page.waitForURL(new RegExp(`/deals/${failedDealId()}$`));
      expect(await page.locator('.support-code').innerText()).toBe('PC-7F3K2Q');

      await page.getByRole('link', { name: 'Logs' }).click();
      await page.waitForURL(/\/logs$/);
      expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe('10');

      await page.getByRole('link', { name: 'Pause auto-refresh' }).click();
      await page.waitForURL(/\/logs\?refresh=off$/);
      expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);

      await page.locator('.log-line a[href^="/deals/"]').first().click();
      await page.waitForURL(/\/deals\/\d+$/);
      expect(await page.locator('h1').innerText()).toMatch(/^Deal #\d+/);

      await page.locator('a.brand').click();
      await page.waitForURL(server.url);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'System' }).click();
      await page.waitForURL(/\/system$/);
      await page.locator('.counts a', { hasText: 'failed' }).click();
      await page.waitForURL(/\/deals\?state=failed$/);
      expect(await page.locator('tr[data-deal] .state').allInnerTexts()).toEqual(['failed', 'failed']);
    });
  });

  it('the overview answers the blogger first, and its "Retry now" runs the deal again', async () => {
    deps.calls.length = 0;
    await withContext({}, async (context) => {
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(server.url);

      expect(await page.locator('[data-verdict] .verdict-title').innerText()).toBe('Something needs you');
      expect(await page.locator('[data-card="needs"] h2').innerText()).toBe('What needs you');
      // The in-progress countdowns tick (the script runs under the CSP).
      const countdown = page.locator(
        `[data-card="progress"] tr[data-deal="${seeded.soonDealId}"] .countdown`,
      );
      const first = await countdown.innerText();
      await page.waitForFunction(
        ([selector, before]) => document.querySelector(selector as string)?.textContent !== before,
        [`[data-card="progress"] tr[data-deal="${seeded.soonDealId}"] .countdown`, first],
      );
      expect(await page.locator('[data-card="earnings"] a').getAttribute('href')).toBe('/earnings');

      const item = page.locator('[data-need="failed"]', {
        has: page.locator(`a[href="/deals/${failedDealId()}"]`),
      });
      await item.getByRole('button', { name: 'Retry now' }).click();
      await page.waitForURL(new RegExp(`/deals/${failedDealId()}$`));

      expect(deps.calls).toEqual([{ action: 'retry', dealId: failedDealId() }]);
      expect(await page.locator('.flash.ok').count()).toBe(1);
      expect(problems).toEqual([]);
    });
  });

  it('"Retry now" calls the action and shows the flash on the deal page', async () => {
    deps.calls.length = 0;
    await withContext({}, async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}deals/${failedDealId()}`);

      await page.getByRole('button', { name: 'Retry now' }).click();
      await page.waitForURL(new RegExp(`/deals/${failedDealId()}$`));

      expect(deps.calls).toEqual([{ action: 'retry', dealId: failedDealId() }]);
      expect(await page.locator('.flash.ok').innerText()).toBe(`Deal ${failedDealId()}: runs again now.`);

      await page.reload();
      expect(await page.locator('.flash').count()).toBe(0);
    });
  });

  it('refuses a form posted without its CSRF token (403) and calls nothing', async () => {
    deps.calls.length = 0;
    await withContext({}, async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}deals/${failedDealId()}`);
      await page.evaluate(() => {
        for (const input of document.querySelectorAll('input[name="csrf"]')) input.remove();
      });

      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Mark as handled' }).click(),
      ]);
      await page.waitForLoadState();

      expect(response.status()).toBe(403);
      expect(await page.locator('h1').innerText()).toBe('Form expired or not from this page');
      expect(await page.locator('main').innerText()).toContain('Nothing was done');

      const direct = await context.request.post(`${server.url}deals/${failedDealId()}/retry`, {
        form: { csrf: 'guess' },
        maxRedirects: 0,
      });
      expect(direct.status()).toBe(403);
      expect(deps.calls).toEqual([]);
    });
  });

  it('ticks the deadline countdown with its script', async () => {
    await withContext({}, async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}deals/${seeded.soonDealId}`);
      const countdown = page.locator('.countdown');
      const first = await countdown.innerText();

      await page.waitForFunction(
        (before) => document.querySelector('.countdown')?.textContent !== before,
        first,
      );

      expect(await countdown.getAttribute('class')).toBe('countdown soon');
      expect(await countdown.innerText()).toMatch(/^\d+ min \d\d s left$/);
    });
  });

  it('reads without JavaScript', async () => {
    await withContext({ javaScriptEnabled: false }, async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}deals`);

      expect(
        await page.locator(`tr[data-deal="${seeded.overdueDealId}"] .countdown.missed`).innerText(),
      ).toMatch(/^overdue /);
      await page.locator(`a[href="/deals/${failedDealId()}"]`).first().click();
      await page.getByRole('button', { name: 'Retry now' }).click();
      await page.waitForURL(new RegExp(`/deals/${failedDealId()}$`));
      expect(await page.locator('.flash.ok').count()).toBe(1);
    });
  });

  describe.each([
    ['phone', 390, 844, 'en'],
    ['desktop', 1280, 800, 'en'],
    // Czech words run longer: the default language gets its own phone run.
    ['phone', 390, 844, 'cs'],
  ])('at %s width (%i × %i px) in %s', (device, width, height, language) => {
    it.each([
      ['overview', ''],
      ['system', 'system'],
      ['deals', 'deals'],
      ['deal', `deals/${LONG_DEAL}`],
      ['deal-failed', 'deals/FAILED'],
      ['logs', 'logs?refresh=off'],
      ['obligations', 'obligations'],
      ['not-found', 'deals/12345678'],
    ])('%s does not overflow horizontally (screenshot saved with PB_SCREENSHOT_DIR)', async (name, path) => {
      await withContext({ viewport: { width, height }, deviceScaleFactor: 1 }, async (context) => {
        const page = await context.newPage();
        const base = language === 'cs' ? czech.url : server.url;
        await page.goto(base + path.replace('FAILED', String(failedDealId())));

        const { scrollWidth, innerWidth } = await horizontalOverflow(page);
        // A full-page PNG costs more CPU than the page: saved when someone will look (PB_SCREENSHOT_DIR).
        const dir = screenshotDir();
        if (dir !== undefined) {
          const file = join(dir, `${name}-${device}${language === 'cs' ? '-cs' : ''}.png`);
          await page.screenshot({ path: file, fullPage: true });
        }

        expect(innerWidth).toBe(width);
        expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(innerWidth);
      });
    });
  });

  it('asks for the password when one is set: 401 without, 200 with', async () => {
    const guarded = await startStatusServer(statusDeps(store, { language: 'en', password: PASSWORD }), {
      host: '127.0.0.1',
      port: 0,
    });
    try {
      // Chromium answers a 401 with a Basic challenge by asking for credentials; headless, it gives up with
      // ERR_INVALID_AUTH_CREDENTIALS, after the 401 response has been seen.
      const anonymous = await withContext({}, async (context) => {
        const page = await context.newPage();
        const statuses: number[] = [];
        page.on('response', (response) => statuses.push(response.status()));
        const error = await page.goto(guarded.url).then(
          () => '',
          (e: unknown) => String(e),
        );
        return { statuses, error: error.includes('ERR_INVALID_AUTH_CREDENTIALS') };
      });
      const wrong = await withContext(
        { httpCredentials: { username: 'blogger', password: 'nope' } },
        async (context) => (await (await context.newPage()).goto(guarded.url))?.status(),
      );
      const right = await withContext(
        { httpCredentials: { username: 'blogger', password: PASSWORD } },
        async (context) => {
          const page = await context.newPage();
          const response = await page.goto(`${guarded.url}deals/${failedDealId()}`);
          await page.getByRole('button', { name: 'Retry now' }).click();
          await page.waitForURL(/\/deals\/\d+$/);
          return { status: response?.status(), flash: await page.locator('.flash.ok').count() };
        },
      );

      expect(anonymous).toEqual({ statuses: [401], error: true });
      expect(wrong).toBe(401);
      expect(right).toEqual({ status: 200, flash: 1 });
    } finally {
      await guarded.close();
    }
  });

  describe.each([
    {
      language: 'cs' as const,
      nav: ['Přehled', 'Obchody', 'Poptávky', 'Závazky', 'Výdělky', 'Záznamy', 'Upozornění', 'Systém'],
      firstHeaders: ['Obchod', 'Blog', 'Název', 'Stav'],
      failed: 'selhalo',
      retry: 'Zkusit znovu',
      // 1. 5. 2026 14:05
      date: /^\d{1,2}\. \d{1,2}\. \d{4} \d{1,2}:\d{2}$/,
      ticking: /^zbývá \d+ min \d\d s$/,
    },
    {
      language: 'en' as const,
      nav: ['Overview', 'Deals', 'Demands', 'Obligations', 'Earnings', 'Logs', 'Notifications', 'System'],
      firstHeaders: ['Deal', 'Blog', 'Title', 'State'],
      failed: 'failed',
      retry: 'Retry now',
      // 1 May 2026, 14:05
      date: /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
      ticking: /^\d+ min \d\d s left$/,
    },
  ])('in $language', ({ language, nav, firstHeaders, failed, retry, date, ticking }) => {
    it('shows lang, navigation, table headers, state names, dates and the ticking countdown in the language', async () => {
      const localized = language === 'cs' ? czech : server;
      await withContext({}, async (context) => {
        const page = await context.newPage();
        const problems = watchProblems(page);
        await page.goto(`${localized.url}deals?state=failed`);

        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        expect(await page.locator('nav.main a').allInnerTexts()).toEqual(nav);
        expect((await page.locator('table.deals th').allInnerTexts()).slice(0, 4)).toEqual(firstHeaders);
        expect(await page.locator(`tr[data-deal="${failedDealId()}"] .state`).innerText()).toBe(failed);

        await page.locator(`tr[data-deal="${failedDealId()}"] a[href="/deals/${failedDealId()}"]`).click();
        await page.waitForURL(new RegExp(`/deals/${failedDealId()}$`));
        expect(await page.locator('dl.kv dd time').first().innerText()).toMatch(date);
        expect(await page.getByRole('button', { name: retry }).count()).toBe(1);

        await page.goto(`${localized.url}deals/${seeded.soonDealId}`);
        const countdown = page.locator('.countdown');
        const first = await countdown.innerText();
        await page.waitForFunction(
          (before) => document.querySelector('.countdown')?.textContent !== before,
          first,
        );
        expect(first).toMatch(ticking);
        expect(await countdown.innerText()).toMatch(ticking);
        expect(problems).toEqual([]);
      });
    });
  });
});
