/**
 * WordPress's own screens driven in a browser as a blogger drives them: the wp-login.php form, and the
 * "Authorize application" screen (wp-admin/authorize-application.php) approved or rejected, waiting for
 * WordPress's redirect to the app's success_url. Every click and field goes through `acts`, so a test can count
 * and print them (the setup browser test) or just do them (plainActs).
 *
 *   const page = await loginToWpAdmin(browser, site);              // block-editor.ts, uses signInToWordPress
 *   await page.goto(link);
 *   await answerAuthorization(page, 'approve', (url) => url.startsWith(successUrl));
 */
import type { Locator, Page } from 'playwright-core';
import type { WordPressSite } from './wordpress.js';

export interface BrowserActs {
  click(label: string, target: Locator): Promise<void>;
  type(label: string, target: Locator, value: string, secret?: boolean): Promise<void>;
}

/** Clicks and types, nothing else. */
export const plainActs: BrowserActs = {
  click: async (_label, target) => await target.click(),
  type: async (_label, target, value) => await target.fill(value),
};

/** Fills wp-login.php (the page must show it) and waits until WordPress has sent the browser on. */
export async function signInToWordPress(
  page: Page,
  site: Pick<WordPressSite, 'username' | 'adminPassword'>,
  acts: BrowserActs = plainActs,
): Promise<void> {
  await page.locator('#user_login').waitFor();
  // wp-login.php moves the focus to #user_login 200 ms after it loads (wp_attempt_focus) and selects it: a field
  // being filled at that moment loses its text to the username field ("The password field is empty"). Wait for
  // that focus (or half a second, when a plugin switched it off) before typing.
  await page
    .waitForFunction(() => document.activeElement?.id === 'user_login', undefined, { timeout: 500 })
    .catch(() => undefined);
  await acts.type('Username or Email Address', page.locator('#user_login'), site.username);
  await acts.type('Password', page.locator('#user_pass'), site.adminPassword, true);
  await Promise.all([page.waitForEvent('framenavigated'), acts.click('Log In', page.locator('#wp-submit'))]);
  await page.waitForLoadState('domcontentloaded');
  if (new URL(page.url()).pathname.endsWith('/wp-login.php')) {
    const said = await page
      .locator('#login_error')
      .textContent({ timeout: 2_000 })
      .catch(() => '');
    throw new Error(`WordPress did not log ${site.username} in: ${said?.trim() || page.url()}`);
  }
}

/**
 * On WordPress's "Authorize application" screen: approve (WordPress creates the Application Password and sends
 * it to success_url) or reject (success_url with success=false); resolves once the browser left WordPress for
 * the address `back` accepts.
 */
export async function answerAuthorization(
  page: Page,
  answer: 'approve' | 'reject',
  back: (url: string) => boolean,
  acts: BrowserActs = plainActs,
): Promise<void> {
  await page.locator('#app_name').waitFor();
  const label =
    answer === 'approve' ? 'Yes, I approve of this connection' : 'No, I do not approve of this connection';
  await Promise.all([
    page.waitForURL((url) => back(url.toString()), { waitUntil: 'domcontentloaded' }),
    acts.click(label, page.locator(answer === 'approve' ? '#approve' : '#reject')),
  ]);
}
