/**
 * The /setup pages in Chromium as a new user drives them, from the token to WordPress's "Authorize application"
 * screen approved (the sandbox as the marketplace, a real WordPress; both on this machine, so each local address
 * is confirmed as the blogger would). It ends when WordPress has sent the browser back to the setup; what the
 * page then shows is the test's. Every click and field goes through `acts` (./wp-authorize.ts), so a test can
 * count them.
 *
 *   await approveWordPressFromSetup(page, { setupUrl: setup.url, token, sandbox, wp }, acts);
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import type { WordPressSite } from './wordpress.js';
import { answerAuthorization, type BrowserActs, plainActs, signInToWordPress } from './wp-authorize.js';

export interface SetupBrowserWorld {
  setupUrl: string;
  token: string;
  sandbox: Sandbox;
  wp: WordPressSite;
}

/** The page's first heading. */
export async function heading(page: Page): Promise<string> {
  return (await page.locator('h1').textContent()) ?? '';
}

/** Clicks (a button of that name unless `target` is given) and waits for the page that follows. */
export async function clickAndWait(
  page: Page,
  acts: BrowserActs,
  label: string,
  target?: Locator,
): Promise<void> {
  await acts.click(label, target ?? page.getByRole('button', { name: label }));
  await page.waitForLoadState('load');
}

/** In Czech, as the setup page starts for a Czech blogger: the token, the key, the blog, WordPress approved. */
export async function approveWordPressFromSetup(
  page: Page,
  world: SetupBrowserWorld,
  acts: BrowserActs = plainActs,
): Promise<void> {
  const { sandbox, wp } = world;
  const click = (label: string, target?: Locator) => clickAndWait(page, acts, label, target);
  const type = (label: string, value: string, secret = false): Promise<void> =>
    acts.type(label, page.getByLabel(label, { exact: true }), value, secret);
  const local = page.getByLabel(/Připojit se k místní adrese/);

  await page.goto(world.setupUrl);
  await type('Kód pro nastavení', world.token, true);
  await click('Pokračovat');
  expect(await heading(page)).toBe('Klíč k tržišti');
  await type('Adresa API tržiště', sandbox.url);
  await type('API klíč', sandbox.apiKey, true);
  await click('Ověřit klíč');
  // The sandbox runs on this machine: refused until confirmed (the key is not refilled: a secret).
  expect(await page.locator('[data-check="local-address"]').textContent()).toContain('vede na tento počítač');
  await acts.click('Připojit se k místní adrese', local);
  await type('API klíč', sandbox.apiKey, true);
  await click('Ověřit klíč');
  expect(await heading(page)).toBe('Vaše blogy');
  await click('Pokračovat'); // the blog → WordPress, preselected
  expect(await heading(page)).toMatch(/^WordPress blogu /);
  await click('Pokračovat'); // the site address, prefilled with the blog's
  // The WordPress runs on this machine too.
  expect(await page.locator('[data-check="local-address"]').textContent()).toContain('vede na tento počítač');
  await acts.click('Připojit se k místní adrese', local);
  await click('Pokračovat');
  // Step c through WordPress's own screen: not logged in there yet, so wp-login first.
  await click('Propojit ve WordPressu', page.getByRole('link', { name: 'Propojit ve WordPressu' }));
  await signInToWordPress(page, wp, acts);
  expect(await page.inputValue('#app_name')).toMatch(/^pressbridge \d{4}-\d{2}-\d{2} /);
  await answerAuthorization(page, 'approve', (url) => url.startsWith(world.setupUrl), acts);
}

/** The checks the blog's page lists: id → passed. */
export async function shownChecks(page: Page): Promise<Record<string, boolean>> {
  const items = page.locator('ul.checks li');
  const shown: Record<string, boolean> = {};
  for (const item of await items.all()) {
    const id = (await item.getAttribute('data-check')) ?? '?';
    shown[id] = ((await item.getAttribute('class')) ?? '').includes('ok-yes');
  }
  return shown;
}
