/**
 * The /setup page's side of WordPress's authorization (step c) over real HTTP, with a small fake of the
 * WordPressConnection contract around the real callback parsing (the real connection has its own tests): the
 * link carries a success_url back to /setup with a state only the token holder saw; WordPress's redirect (which
 * arrives without our SameSite=Strict cookies) is accepted with that state only; a rejection and a malformed
 * answer are shown as checks; the pasted password (the path where WordPress shows it) shows verify's failure
 * with its fix, then connects the blog; once connected, the blog's page shows verify's checks before the setup
 * goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupMode } from '../../src/app/setup-mode.js';
import { credentialsFromCallback } from '../../src/setup/wordpress/authorize.js';
import type { AuthorizationRequest, WordPressConnection } from '../../src/setup/wordpress/types.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';
import { createSetupClient, startTestSetupMode } from '../helpers/setup-client.js';

const TOKEN = 'callback-token-123456';
const GOOD = 'abcdEFGHijklMNOPqrstUVWX';

describe('src/setup/web/steps/blog-wordpress (the WordPress authorization callback)', () => {
  const world = useSandboxWorld({
    dir: 'pb-setup-cb-',
    blog: { id: 1, name: 'Blog', url: 'https://blog.example.cz' },
  });
  let setup: SetupMode;
  let origin: string;
  const requests: AuthorizationRequest[] = [];
  const verified: string[] = [];
  const wordpress: WordPressConnection = {
    discover: async (address) => ({
      siteUrl: address,
      restRoot: `${address}/wp-json/`,
      authorizationUrl: `${address}/wp-admin/authorize-application.php`,
      checks: [{ id: 'rest-api', status: 'ok', detail: { cs: 'REST API', en: 'REST API' } }],
    }),
    authorizationLink: (discovery, request) => {
      requests.push(request);
      return `${discovery.authorizationUrl}?app_name=pressbridge&success_url=${encodeURIComponent(request.successUrl ?? '')}`;
    },
    credentialsFromCallback,
    verify: async (c) => {
      verified.push(c.username);
      if (c.applicationPassword === GOOD)
        return [{ id: 'password', status: 'ok', detail: { cs: 'ok', en: 'ok' } }];
      return [
        {
          id: 'password',
          status: 'fail',
          detail: { cs: 'Heslo odmítnuto.', en: 'Password refused.' },
          fix: { cs: 'Vytvořte nové.', en: 'Make a new one.' },
        },
      ];
    },
  };

  beforeAll(async () => {
    setup = await startTestSetupMode({ dataDir: world.dir, token: TOKEN, wordpress });
    origin = new URL(setup.url).origin;
  });
  afterAll(async () => {
    await setup.close();
  });

  it('connects through the success_url with the state, and refuses it without', async () => {
    const { sandbox } = world;
    // A browser: `cookies = false` is a navigation from another site (WordPress's redirect), which carries the
    // SameSite=Lax cookies only, as browsers do.
    const me = createSetupClient(origin);
    const go = (path: string, form?: Record<string, string>, cookies = true) =>
      me.request(path, form, {}, { crossSite: !cookies });
    const csrf = await me.enterToken(TOKEN);
    await go('/setup/key', { csrf, baseUrl: sandbox.url, apiKey: sandbox.apiKey, allowLocal: 'on' });
    await go('/setup/blogs', { csrf, 'target-1': 'wordpress' });
    await go('/setup/blog/1/wordpress/discover', { csrf, address: 'https://blog.example.cz' });
    const page = await go('/setup/blog/1');
    expect(page.text).toContain('id="authorize"');
    const request = requests.at(-1);
    expect(request?.successUrl).toMatch(
      new RegExp(`^${origin}/setup/blog/1/wordpress/back\\?state=[A-Za-z0-9_-]+$`),
    );
    expect(request?.appId).toMatch(/^[0-9a-f-]{36}$/);

    const back = new URL(request?.successUrl ?? '');
    const wrong = await go(
      `/setup/blog/1/wordpress/back?state=nope&user_login=eve&password=x`,
      undefined,
      false,
    );
    expect(wrong.status).toBe(403);
    // The right state from another browser (without this one's Lax cookie, e.g. read from a log): refused.
    const elsewhere = await fetch(`${origin}${back.pathname}${back.search}&user_login=eve&password=x`, {
      redirect: 'manual',
    });
    expect(elsewhere.status).toBe(403);
    expect(verified).toEqual([]);

    // Rejected in WordPress (success=false), then an answer that is not WordPress's: shown, nothing verified.
    const rejected = await go(`${back.pathname}${back.search}&success=false`, undefined, false);
    expect(rejected.status).toBe(200);
    expect((await go('/setup/blog/1')).text).toContain('The connection was rejected in WordPress.');
    const malformed = await go(
      `${back.pathname}${back.search}&user_login=jana&password=${encodeURIComponent('<b>short</b>')}`,
      undefined,
      false,
    );
    expect(malformed.status).toBe(200);
    const shown = (await go('/setup/blog/1')).text;
    expect(shown).toContain('not shaped like an Application Password');
    expect(shown).not.toContain('<b>short</b>');
    expect(verified).toEqual([]);

    // The pasted password: verify's failure with its fix on the page, then the right one connects.
    const pasted = await go('/setup/blog/1/wordpress/paste', { csrf, username: 'jana', password: 'wrong' });
    expect(pasted.status).toBe(422);
    expect(pasted.text).toMatch(/Password refused\.<br><small>What to do: Make a new one\.<\/small>/);
    const czech = await go('/setup/blog/1?lang=cs');
    expect(czech.text).toContain('Heslo odmítnuto.<br><small>Co udělat: Vytvořte nové.</small>');
    await go('/setup/blog/1?lang=en');
    expect(verified).toEqual(['jana']);

    const returned = await go(
      `${back.pathname}${back.search}&site_url=https%3A%2F%2Fblog.example.cz&user_login=jana&password=${GOOD}`,
      undefined,
      false,
    );
    expect(returned.status).toBe(200);
    // On to the blog's page (not past it): it shows verify's checks before the setup goes on.
    expect(returned.text).toContain('<meta http-equiv="refresh" content="0; url=/setup/blog/1">');
    expect(verified).toEqual(['jana', 'jana']);
    const connected = await go('/setup/blog/1');
    expect(connected.text).toContain('WordPress at https://blog.example.cz is connected (user jana)');
    expect(connected.text).toContain('<li class="ok-yes" data-check="password">✓ ok</li>');
    expect(connected.text).toContain('id="continue" href="/setup"');
    // With our cookies again, the setup goes on past the connected blog.
    expect(await go('/setup')).toMatchObject({ status: 303, location: '/setup/categories' });
    // A pasted password that fails now: the blog is no longer connected, the setup stays with it.
    await go('/setup/blog/1/wordpress/paste', { csrf, username: 'jana', password: 'wrong' });
    expect(await go('/setup')).toMatchObject({ status: 303, location: '/setup/blog/1' });
  });
});
