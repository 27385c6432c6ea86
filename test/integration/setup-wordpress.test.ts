/**
 * The setup's WordPress connection (src/setup/wordpress/) against the real WordPress (6.8, and 6.1 with
 * PRESSBRIDGE_WP=6.1): each failure of issue 21 step 2c reproduced and named with its own fix, the happy path
 * leaving nothing behind, and WordPress's real "Authorize application" screen approved in Chromium.
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import wordpressPlugin from '../../plugins/wordpress/index.js';
import type { Check } from '../../src/checks.js';
import { systemClock } from '../../src/clock.js';
import { createSilentLogger } from '../../src/logger.js';
import { createWordPressConnection } from '../../src/setup/wordpress/index.js';
import type { SetupText, WordPressCredentials } from '../../src/setup/wordpress/types.js';
import { loginToWpAdmin } from '../helpers/block-editor.js';
import { launchBrowser } from '../helpers/browser.js';
import { inEnglish } from '../helpers/said.js';
import {
  listMedia,
  listPosts,
  type StartWordPressOptions,
  startWordPress,
  type WordPressSite,
} from '../helpers/wordpress.js';
import { answerAuthorization } from '../helpers/wp-authorize.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/wordpress/', import.meta.url));
const APP_ID = '6f1c2a9e-3b7d-4e52-9a0c-1d2e3f405162';
const WRONG_PASSWORD = 'abcdEFGHijklMNOPqrstUVWX';

// Every site of this file runs on this machine: a local address, confirmed as the blogger would
// (src/setup/address-guard.ts); the refusal itself: test/unit/setup/wordpress/discover-attack.test.ts.
const LOCAL = { allowLocal: true };
const connection = createWordPressConnection();
const wordpress = {
  ...connection,
  discover: (address: string) => connection.discover(address, LOCAL),
  verify: (given: WordPressCredentials) => connection.verify(given, LOCAL),
};
const sites: WordPressSite[] = [];

async function site(options: StartWordPressOptions = {}): Promise<WordPressSite> {
  const started = await startWordPress(options);
  sites.push(started);
  return started;
}

function credentials(wp: WordPressSite, username = wp.username, password = wp.applicationPassword) {
  return { restRoot: wp.restRoot, username, applicationPassword: password } satisfies WordPressCredentials;
}

/** id → ok, for comparing whole runs of checks. */
function outcome(checks: Check<SetupText>[]): Record<string, boolean> {
  return Object.fromEntries(checks.map((c) => [c.id, c.status === 'ok']));
}

function only(checks: Check<SetupText>[], id: string): Check<SetupText> {
  const found = checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id} in ${JSON.stringify(checks)}`);
  return found;
}

/** A failed check has a message and a fix in both languages, and no secret in any of them. */
function expectNamed(check: Check<SetupText>, secrets: string[] = []): void {
  expect(check.status).toBe('fail');
  for (const part of [check.detail.cs, check.detail.en, check.fix?.cs, check.fix?.en]) {
    expect(part).toMatch(/\S{3}/);
    for (const secret of secrets) expect(part).not.toContain(secret);
  }
  expect(check.detail.cs).not.toBe(check.detail.en);
}

async function expectNothingLeft(wp: WordPressSite): Promise<void> {
  expect(await listPosts(wp, { status: 'all' })).toEqual([]);
  expect(await listMedia(wp)).toEqual([]);
}

afterAll(async () => {
  await Promise.all(sites.map((s) => s.stop()));
});

describe('setup: WordPress connection against the real WordPress', () => {
  let main: WordPressSite;
  beforeAll(async () => {
    main = await site({
      users: [
        { username: 'writer', role: 'contributor' },
        { username: 'author', role: 'author' },
      ],
    });
  });

  it('finds the REST API from an address typed without a scheme, and WordPress’s authorization page', async () => {
    const found = await wordpress.discover(main.url.replace(/^http:\/\//, ''));
    expect(outcome(found.checks)).toEqual({ 'rest-api': true, 'application-passwords': true });
    expect(found.restRoot).toBe(`${main.url}/wp-json/`);
    expect(found.siteUrl).toBe(main.url);
    expect(found.authorizationUrl).toBe(`${main.url}/wp-admin/authorize-application.php`);
  });

  it('passes every check with a right Application Password, the test draft created and deleted', async () => {
    const checks = await wordpress.verify(credentials(main));
    expect(outcome(checks)).toEqual({
      'authorization-header': true,
      password: true,
      'publish-posts': true,
      'upload-files': true,
      'media-upload': true,
      'block-markup': true,
      'test-draft': true,
    });
    await expectNothingLeft(main);
  });

  it('names a wrong password as such (not as a stripped header)', async () => {
    const checks = await wordpress.verify(credentials(main, 'admin', WRONG_PASSWORD));
    expect(outcome(checks)).toEqual({ password: false });
    const check = only(checks, 'password');
    expectNamed(check, [WRONG_PASSWORD]);
    expect(check.detail.en).toMatch(/refused the password of user admin/);
    expect(check.fix?.en).not.toMatch(/Authorization/);
  });

  it('names the login password given instead of an Application Password', async () => {
    const checks = await wordpress.verify(credentials(main, 'admin', main.adminPassword));
    expect(outcome(checks)).toEqual({ password: false });
    expect(only(checks, 'password').detail.en).toMatch(/login password/);
    expectNamed(only(checks, 'password'), [main.adminPassword]);
  });

  it('names a user who may not publish or upload (a contributor), and passes an author', async () => {
    const writer = main.users.find((u) => u.username === 'writer');
    const author = main.users.find((u) => u.username === 'author');
    if (!writer || !author) throw new Error('users missing');
    const checks = await wordpress.verify(credentials(main, writer.username, writer.applicationPassword));
    expect(outcome(checks)).toEqual({
      'authorization-header': true,
      password: true,
      'publish-posts': false,
      'upload-files': false,
    });
    const upload = only(checks, 'upload-files');
    expectNamed(upload);
    expect(upload.detail.en).toContain('upload_files');
    expect(upload.detail.cs).toContain('nahrávat obrázky');
    expect(upload.fix?.en).toMatch(/Author/);
    const authorChecks = await wordpress.verify(
      credentials(main, author.username, author.applicationPassword),
    );
    expect(authorChecks.every((c) => c.status === 'ok')).toBe(true);
    await expectNothingLeft(main);
  });

  it('approves pressbridge on WordPress’s real authorization screen in Chromium and verifies what it sends back', async () => {
    const received: string[] = [];
    const receiver: Server = createServer((req, res) => {
      received.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/plain' }).end('back in pressbridge');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const successUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/setup/wordpress/callback`;
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser();
      const found = await wordpress.discover(main.url);
      const link = wordpress.authorizationLink(found, { appId: APP_ID, successUrl });
      expect(new URL(link).searchParams.get('success_url')).toBe(successUrl);

      const page = await loginToWpAdmin(browser, main);
      await page.goto(link, { waitUntil: 'domcontentloaded' });
      expect(await page.inputValue('#app_name')).toMatch(
        /^pressbridge \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/,
      );
      await answerAuthorization(page, 'approve', (url) => url.startsWith(successUrl));
      const back = new URL(page.url());
      const query = Object.fromEntries(back.searchParams);
      expect(Object.keys(query).sort()).toEqual(['password', 'site_url', 'user_login']);
      const granted = wordpress.credentialsFromCallback(found, query);
      expect(granted?.username).toBe('admin');
      expect(granted?.applicationPassword).toMatch(/^[A-Za-z0-9]{24}$/);
      if (!granted) throw new Error('no credentials');
      const checks = await wordpress.verify(granted);
      expect(checks.every((c) => c.status === 'ok')).toBe(true);

      // Rejected: WordPress sends the blogger to success_url with success=false.
      await page.goto(link, { waitUntil: 'domcontentloaded' });
      await answerAuthorization(page, 'reject', (url) => url.startsWith(successUrl));
      const rejected = Object.fromEntries(new URL(page.url()).searchParams);
      expect(rejected).toEqual({ success: 'false' });
      expect(wordpress.credentialsFromCallback(found, rejected)).toBeUndefined();
      // Chromium also asks the receiver for /favicon.ico.
      expect(received.filter((url) => url.startsWith('/setup/wordpress/callback'))).toHaveLength(2);
    } finally {
      await browser?.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
    await expectNothingLeft(main);
  }, 60_000);
});

describe('setup: each WordPress failure reproduced', () => {
  it('Application Passwords switched off by a must-use plugin (the wp_is_application_passwords_available filter)', async () => {
    const wp = await site({ muPlugins: [`${FIXTURES}no-application-passwords.php`] });
    const found = await wordpress.discover(wp.url);
    expect(outcome(found.checks)).toEqual({ 'rest-api': true, 'application-passwords': false });
    expect(found.authorizationUrl).toBeUndefined();
    const check = only(found.checks, 'application-passwords');
    expectNamed(check);
    expect(check.fix?.en).toMatch(/security plugin/);
    expect(() =>
      wordpress.authorizationLink(found, { appId: APP_ID, successUrl: 'https://x.example/cb' }),
    ).toThrow(/Application Passwords/);
  });

  it('Application Passwords unavailable over http outside the local environment', async () => {
    const wp = await site({ environment: 'production' });
    const found = await wordpress.discover(wp.url);
    const check = only(found.checks, 'application-passwords');
    expectNamed(check);
    expect(check.detail.en).toMatch(/runs on http/);
    expect(check.fix?.en).toMatch(/https/);
  });

  it('the Authorization header dropped by the server, told apart from a wrong password', async () => {
    const wp = await site({ dropAuthorization: true });
    const found = await wordpress.discover(wp.url);
    expect(found.checks.every((c) => c.status === 'ok')).toBe(true);
    const checks = await wordpress.verify(credentials(wp));
    expect(outcome(checks)).toEqual({ 'authorization-header': false });
    const check = only(checks, 'authorization-header');
    expectNamed(check, [wp.applicationPassword]);
    expect(check.fix?.en).toContain('SetEnvIf Authorization');
    expect(check.fix?.cs).toContain('fastcgi_param HTTP_AUTHORIZATION');
    // The same server with a wrong password: the password is named, not the header.
    const wrong = await wordpress.verify(credentials(wp, 'admin', WRONG_PASSWORD));
    expect(outcome(wrong)).toEqual({ password: false });
    expect(only(wrong, 'password').detail.en).toMatch(/refused the password/);
  });

  it('with XML-RPC off as well, names both causes, the password first', async () => {
    const wp = await site({ dropAuthorization: true, muPlugins: [`${FIXTURES}no-xmlrpc.php`] });
    const checks = await wordpress.verify(credentials(wp));
    expect(outcome(checks)).toEqual({ password: false });
    const check = only(checks, 'password');
    expectNamed(check, [wp.applicationPassword]);
    const fix = check.fix?.en ?? '';
    expect(fix.indexOf('Application Password')).toBeLessThan(fix.indexOf('SetEnvIf'));
  });

  it('a firewall refusing block markup: named, the plain draft passes and nothing is left', async () => {
    const wp = await site({ muPlugins: [`${FIXTURES}firewall-block-markup.php`] });
    const checks = await wordpress.verify(credentials(wp));
    expect(outcome(checks)).toMatchObject({ 'media-upload': true, 'block-markup': false });
    expect(checks.some((c) => c.id === 'test-draft')).toBe(false);
    const check = only(checks, 'block-markup');
    expectNamed(check);
    expect(check.detail.en).toContain('403');
    await expectNothingLeft(wp);
  });

  it('a firewall refusing media uploads: named, nothing is left', async () => {
    const wp = await site({ muPlugins: [`${FIXTURES}firewall-media.php`] });
    const checks = await wordpress.verify(credentials(wp));
    expect(outcome(checks)).toMatchObject({
      'publish-posts': true,
      'upload-files': true,
      'media-upload': false,
    });
    const check = only(checks, 'media-upload');
    expectNamed(check);
    expect(check.detail.en).toMatch(/firewall/);
    await expectNothingLeft(wp);
  });

  it('a site without pretty permalinks is found through ?rest_route=', async () => {
    const wp = await site({ prettyPermalinks: false });
    const found = await wordpress.discover(`${wp.url}/`);
    expect(outcome(found.checks)).toEqual({ 'rest-api': true, 'application-passwords': true });
    expect(found.restRoot).toBe(`${wp.url}/?rest_route=/`);
    const checks = await wordpress.verify(credentials(wp));
    expect(checks.every((c) => c.status === 'ok')).toBe(true);
    await expectNothingLeft(wp);
  });

  it('no WordPress at the address, and no answer at all', async () => {
    const page = createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><title>Můj web</title><p>ahoj</p></html>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const port = (page.address() as AddressInfo).port;
    try {
      const html = await wordpress.discover(`http://127.0.0.1:${port}`);
      expect(only(html.checks, 'rest-api').detail.en).toMatch(/answers with a page/);
      expectNamed(only(html.checks, 'rest-api'));
    } finally {
      await new Promise((resolve) => page.close(resolve));
    }
    const none = await wordpress.discover(`http://127.0.0.1:${port}`);
    expect(only(none.checks, 'rest-api').detail.en).toMatch(/does not answer/);
    const bad = await wordpress.discover('javascript:alert(1)');
    expect(only(bad.checks, 'rest-api').detail.en).toMatch(/not a web address/);
  });
});

describe('doctor: a refused Application Password diagnosed by its cause (issue 21 finding 3)', () => {
  async function credentialsCheck(wp: WordPressSite, applicationPassword: string) {
    const options = wordpressPlugin.optionsSchema.parse({
      url: wp.url,
      username: wp.username,
      applicationPassword,
      categories: 'identity',
    });
    const publisher = wordpressPlugin.create(options, {
      blogId: 1,
      log: createSilentLogger(),
      dataDir: '/tmp',
      clock: systemClock,
    });
    const checks = await publisher.diagnose();
    const check = inEnglish(checks).find((c) => c.name.startsWith('WordPress credentials'));
    if (!check) throw new Error(`no credentials check in ${JSON.stringify(checks)}`);
    return check;
  }

  it('a wrong password is the password, not the web server', async () => {
    const wp = await site();
    const check = await credentialsCheck(wp, WRONG_PASSWORD);
    expect(check.status).toBe('fail');
    expect(check.fix).toMatch(/received the credentials and refused them/);
    expect(check.fix).not.toMatch(/Authorization header/);
  });

  it('a right password whose Authorization header the server drops is the web server', async () => {
    const wp = await site({ dropAuthorization: true });
    const check = await credentialsCheck(wp, wp.applicationPassword);
    expect(check.status).toBe('fail');
    expect(check.fix).toMatch(/the password is right/);
    expect(check.fix).toContain('SetEnvIf Authorization');
    expect(`${check.detail} ${check.fix}`).not.toContain(wp.applicationPassword);
  });
});
