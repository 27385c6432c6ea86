/**
 * A new user's first run in a real browser (issue 21): an empty data folder, `pressbridge start` in setup mode,
 * the /setup pages in Chromium with the sandbox as the marketplace and a real WordPress, poll intake; it ends
 * when a deal accepted in the sandbox is handed in. Prints the clicks, the fields typed and the seconds taken.
 *
 * WordPress is connected by pasting the site's Application Password (CONNECT = 'paste') until the real
 * WordPressConnection (src/setup/wordpress/index.ts) is merged. Then: pass `createWordPressConnection()` to
 * startSetupMode below and set CONNECT = 'authorize': `connectWordPress` then clicks "Connect in WordPress",
 * logs into wp-admin and approves, and WordPress sends the browser back to /setup.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SetupMode, startSetupMode } from '../../src/app/setup-mode.js';
import type { Daemon } from '../../src/app/types.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createWordPressConnection } from '../../src/setup/wordpress/index.js';
import { launchBrowser, watchProblems } from '../helpers/browser.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';
import { until } from '../helpers/until.js';
import { startWordPress, type WordPressSite } from '../helpers/wordpress.js';

const CONNECT: 'paste' | 'authorize' = 'paste';
const TOKEN = 'browser-setup-token-1';

describe('first run through /setup in Chromium (sandbox marketplace, real WordPress)', () => {
  let wp: WordPressSite;
  let sandbox: Sandbox;
  let setup: SetupMode;
  let daemon: Daemon | undefined;
  let browser: Browser;
  const prefix = randomPrefix();
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-setup-browser-'));

  beforeAll(async () => {
    wp = await startWordPress();
    sandbox = await createSandbox({ blogs: [{ id: 1, name: 'Můj blog', url: wp.url, mode: 'manual' }] });
    setup = await startSetupMode({
      dataDir,
      listen: { host: '127.0.0.1', port: 0 },
      env: { PRESSBRIDGE_SETUP_TOKEN: TOKEN },
      log: createSilentLogger(),
      language: 'cs',
      wordpress: createWordPressConnection(),
      startDaemon: (config) => startDaemon({ config, log: createSilentLogger() }),
      defaults: {
        redis: { url: TEST_REDIS_URL, prefix, embedded: false },
        webhookListen: { host: '127.0.0.1', port: 0 },
      },
      print: () => {},
    });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await setup?.close();
    await daemon?.close();
    await sandbox?.close();
    await wp?.stop();
    const redis = createTestRedis();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reaches a handed-in deal with no YAML written', async () => {
    const started = Date.now();
    // A deal accepted while pressbridge is not running yet: poll intake (and the start-up sweep) find it.
    const deal = await sandbox.createDeal({ blogId: 1, photos: 1 });
    const page = await browser.newPage();
    const problems = watchProblems(page);
    const log: string[] = [];
    let clicks = 0;
    let fields = 0;
    const click = async (
      label: string,
      target = page.getByRole('button', { name: label }),
    ): Promise<void> => {
      clicks++;
      log.push(`click "${label}"`);
      await target.click();
      await page.waitForLoadState('load');
    };
    const type = async (label: string, value: string, secret = false): Promise<void> => {
      fields++;
      log.push(`type "${label}" = ${secret ? '***' : value}`);
      await page.getByLabel(label, { exact: true }).fill(value);
    };
    const heading = async (): Promise<string> => (await page.locator('h1').textContent()) ?? '';

    await page.goto(setup.url);
    await type('Kód pro nastavení', TOKEN, true);
    await click('Pokračovat');
    expect(await heading()).toBe('Klíč k tržišti');
    await type('Adresa API tržiště', sandbox.url);
    await type('API klíč', sandbox.apiKey, true);
    await click('Ověřit klíč');
    expect(await heading()).toBe('Vaše blogy');
    await click('Pokračovat'); // "Můj blog" → WordPress, preselected
    expect(await heading()).toBe('WordPress blogu Můj blog');
    await click('Pokračovat'); // the site address, prefilled with the blog's
    await connectWordPress(page, { click, type });
    expect(await heading()).toBe('Kategorie');
    await click('Pokračovat'); // every article in the site's default category
    expect(await heading()).toBe('Jak se pressbridge dozví o zakázkách');
    await click('Pokračovat'); // poll, preselected
    expect(await heading()).toBe('Upozornění');
    await click('Pokračovat'); // none for now
    expect(await heading()).toBe('Dokončení');
    await click('Uložit a spustit');
    expect(await heading()).toBe('pressbridge běží');
    const doctor = await page.locator('#doctor li').allTextContents();
    expect(doctor.length).toBeGreaterThan(3);
    daemon = await setup.daemon;

    const handedIn = await until(
      () => sandbox.handIns().find((h) => h.dealId === deal.id),
      90_000,
      'the deal handed in',
      200,
    );
    expect(handedIn.url.startsWith(wp.url)).toBe(true);
    const yaml = readFileSync(join(dataDir, 'pressbridge.yaml'), 'utf8');
    expect(yaml).not.toContain(wp.applicationPassword);
    expect(yaml).not.toContain(sandbox.apiKey);
    expect(problems).toEqual([]);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `setup in the browser: ${clicks} clicks, ${fields} fields typed, ${seconds} s to a handed-in deal`,
        ...log.map((line) => `  ${line}`),
        `  doctor: ${doctor.map((c) => c.split(':')[0]?.trim()).join(' · ')}`,
      ].join('\n'),
    );
  }, 180_000);

  /** Step c: the pasted Application Password now; WordPress's own authorization page once it is merged. */
  async function connectWordPress(
    page: Page,
    act: {
      click: (label: string, target?: ReturnType<Page['getByRole']>) => Promise<void>;
      type: (label: string, value: string, secret?: boolean) => Promise<void>;
    },
  ): Promise<void> {
    if (CONNECT === 'authorize') {
      await act.click('Propojit ve WordPressu', page.getByRole('link', { name: 'Propojit ve WordPressu' }));
      await act.type('Username or Email Address', wp.username);
      await act.type('Password', wp.adminPassword, true);
      await act.click('Log In');
      await act.click('Yes, I approve of this connection');
      await page.waitForURL(/\/setup\//);
      return;
    }
    await act.type('Uživatelské jméno', wp.username);
    await act.type('Heslo aplikace', wp.applicationPassword, true);
    await act.click('Propojit');
  }
});
