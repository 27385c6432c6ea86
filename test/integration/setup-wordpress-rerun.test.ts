/**
 * Running the setup a second time against the same WordPress user (a failed first try, a reinstall, a second
 * server): WordPress refuses an Application Password whose name the user already has ("Each application name
 * should be unique"), so the approval must still reach success_url when an earlier `pressbridge` password exists.
 * Found by the issue-21 trial on a clean clone (real WordPress 6.1, real Chromium).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_NAME } from '../../src/setup/wordpress/authorize.js';
import { createWordPressConnection } from '../../src/setup/wordpress/index.js';
import { launchBrowser } from '../helpers/browser.js';
import { startWordPress, type WordPressSite } from '../helpers/wordpress.js';

describe('WordPress authorization when a pressbridge password already exists (setup run again)', () => {
  let wp: WordPressSite;
  let browser: Browser;
  let back: Server;
  let backUrl: string;
  const returned: URLSearchParams[] = [];

  beforeAll(async () => {
    wp = await startWordPress({ environment: 'local' });
    browser = await launchBrowser();
    back = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.endsWith('/wordpress/back')) returned.push(url.searchParams);
      res.end('back');
    });
    await new Promise<void>((resolve) => back.listen(0, '127.0.0.1', resolve));
    backUrl = `http://127.0.0.1:${(back.address() as AddressInfo).port}/setup/blog/1/wordpress/back?state=s`;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => back?.close(resolve));
    await wp?.stop();
  });

  it('approving hands a new password back although the user has an earlier pressbridge password', async () => {
    // The first setup's password, as WordPress keeps it.
    const auth = `Basic ${Buffer.from(`${wp.username}:${wp.applicationPassword}`).toString('base64')}`;
    const earlier = await fetch(`${wp.restRoot}wp/v2/users/me/application-passwords`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: APP_NAME }),
    });
    expect(earlier.status).toBe(201);

    const connection = createWordPressConnection();
    // WordPress runs on this machine: a local address, confirmed.
    const discovery = await connection.discover(wp.url, { allowLocal: true });
    const link = connection.authorizationLink(discovery, {
      appId: '0b7c6a43-1f0e-4c1e-9d55-3f2a6c1d9e20',
      successUrl: backUrl,
    });
    const page = await browser.newPage();
    await page.goto(link);
    await page.getByLabel('Username or Email Address').fill(wp.username);
    await page.getByLabel('Password', { exact: true }).fill(wp.adminPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByRole('button', { name: 'Yes, I approve of this connection' }).click();
    // WordPress answers the approval in the page (its script): either it navigates to success_url or it shows
    // an error notice on the same screen.
    await Promise.race([
      page.waitForURL((url) => url.href.startsWith(backUrl.split('?')[0] ?? backUrl)),
      page.locator('.notice-error').first().waitFor(),
    ]);
    const refused = await page.locator('.notice-error').allInnerTexts();
    expect(refused.join(' ')).not.toContain('Each application name should be unique');
    expect(returned.at(-1)?.get('password')).toMatch(/^[A-Za-z0-9 ]{24,}$/);
    await page.close();
  }, 90_000);
});
