import { describe, expect, it } from 'vitest';
import {
  acceptsRedirect,
  authorizationLink,
  credentialsFromCallback,
  WordPressAuthorizationError,
} from '../../../../src/setup/wordpress/authorize.js';
import type { WordPressDiscovery } from '../../../../src/setup/wordpress/types.js';

const APP_ID = '6f1c2a9e-3b7d-4e52-9a0c-1d2e3f405162';
const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

const httpsSite: WordPressDiscovery = {
  siteUrl: 'https://blog.example.cz',
  restRoot: 'https://blog.example.cz/wp-json/',
  authorizationUrl: 'https://blog.example.cz/wp-admin/authorize-application.php',
  checks: [],
};
const localSite: WordPressDiscovery = {
  siteUrl: 'http://127.0.0.1:8080',
  restRoot: 'http://127.0.0.1:8080/?rest_route=/',
  authorizationUrl: 'http://127.0.0.1:8080/wp-admin/authorize-application.php',
  checks: [],
};

describe('authorizationLink', () => {
  it('opens WordPress’s screen with app_name, the app id and the return addresses', () => {
    const link = new URL(
      authorizationLink(
        httpsSite,
        {
          appId: APP_ID.toUpperCase(),
          successUrl: 'https://pressbridge.example/setup/wordpress?step=2&x=a b',
          rejectUrl: 'https://pressbridge.example/setup/wordpress?rejected=1',
        },
        new Date('2026-11-25T21:40:12.345Z'),
      ),
    );
    expect(`${link.origin}${link.pathname}`).toBe(httpsSite.authorizationUrl);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      // A new name each time: WordPress refuses a second password of the same name for a user.
      app_name: 'pressbridge 2026-11-25 21:40:12 UTC',
      app_id: APP_ID,
      success_url: 'https://pressbridge.example/setup/wordpress?step=2&x=a b',
      reject_url: 'https://pressbridge.example/setup/wordpress?rejected=1',
    });
  });

  it('leaves out an http success_url WordPress would refuse, so WordPress shows the password to paste', () => {
    const link = new URL(
      authorizationLink(httpsSite, { appId: APP_ID, successUrl: 'http://192.168.1.5:8787/setup' }),
    );
    expect(link.searchParams.has('success_url')).toBe(false);
    expect(link.searchParams.get('app_name')).toMatch(
      /^pressbridge \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/,
    );
  });

  it('keeps an http success_url for a site that offers Application Passwords over http (the local environment)', () => {
    expect(acceptsRedirect(localSite, 'http://127.0.0.1:8787/setup')).toBe(true);
    expect(acceptsRedirect(httpsSite, 'http://127.0.0.1:8787/setup')).toBe(false);
    expect(acceptsRedirect(httpsSite, 'javascript:alert(1)')).toBe(false);
    expect(acceptsRedirect(localSite, 'ftp://x/')).toBe(false);
    expect(acceptsRedirect(localSite, 'not a url')).toBe(false);
  });

  it('refuses a site without Application Passwords and an app id that is not a UUID', () => {
    const { authorizationUrl: _, ...without } = httpsSite;
    expect(() => authorizationLink(without, { appId: APP_ID, successUrl: 'https://x.example/' })).toThrow(
      WordPressAuthorizationError,
    );
    expect(() =>
      authorizationLink(httpsSite, { appId: 'pressbridge', successUrl: 'https://x.example/' }),
    ).toThrow(/UUID/);
  });
});

describe('credentialsFromCallback', () => {
  it('reads what WordPress sends to success_url (the password without its spaces)', () => {
    expect(
      credentialsFromCallback(httpsSite, {
        site_url: 'https://blog.example.cz',
        user_login: 'jana.novakova',
        password: PASSWORD,
      }),
    ).toEqual({
      restRoot: httpsSite.restRoot,
      username: 'jana.novakova',
      applicationPassword: 'abcdEFGHijklMNOPqrstUVWX',
    });
  });

  it('accepts WordPress’s siteurl with www. or another scheme than the home address', () => {
    const granted = credentialsFromCallback(httpsSite, {
      site_url: 'http://www.blog.example.cz/wordpress',
      user_login: 'admin',
      password: PASSWORD,
    });
    expect(granted?.username).toBe('admin');
  });

  it('answers undefined when the blogger rejected', () => {
    expect(credentialsFromCallback(httpsSite, { success: 'false' })).toBeUndefined();
    expect(credentialsFromCallback(httpsSite, { error: 'disabled', success: 'false' })).toBeUndefined();
    expect(
      credentialsFromCallback(httpsSite, { success: 'false', user_login: 'a', password: PASSWORD }),
    ).toBeUndefined();
  });

  it.each([
    ['nothing', {}],
    ['no password', { user_login: 'admin' }],
    ['a short password', { user_login: 'admin', password: 'abcd' }],
    ['a password with markup', { user_login: 'admin', password: '<script>alert(1)</script>abcdefghijk' }],
    ['a password with a newline', { user_login: 'admin', password: 'abcdEFGHijklMNOPqrstUVW\nX' }],
    ['a user name with markup', { user_login: '<img src=x onerror=alert(1)>', password: PASSWORD }],
    ['a user name with a control character', { user_login: 'ad\u0000min', password: PASSWORD }],
    ['a user name with a newline', { user_login: 'admin\r\nX-Evil: 1', password: PASSWORD }],
    ['an empty user name', { user_login: '', password: PASSWORD }],
    ['a user name of 61 characters', { user_login: 'a'.repeat(61), password: PASSWORD }],
    ['another site', { site_url: 'https://evil.example', user_login: 'admin', password: PASSWORD }],
    [
      'a site_url that is not a web address',
      { site_url: 'javascript:alert(1)', user_login: 'admin', password: PASSWORD },
    ],
  ])('refuses %s with a clear error in both languages, never echoing the value', (_, query) => {
    let caught: unknown;
    try {
      credentialsFromCallback(httpsSite, query);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(WordPressAuthorizationError);
    const { text, code } = caught as WordPressAuthorizationError;
    expect(code).toBe('wordpress_callback_invalid');
    expect(text.cs).toMatch(/Propojte WordPress znovu/);
    expect(text.en).toMatch(/Connect WordPress again/);
    for (const value of Object.values(query))
      if (value.length > 4) expect(`${text.cs} ${text.en}`).not.toContain(value);
  });

  it('ignores keys inherited from Object.prototype', () => {
    const query = Object.create({ user_login: 'admin', password: PASSWORD }) as Record<string, string>;
    expect(() => credentialsFromCallback(httpsSite, query)).toThrow(WordPressAuthorizationError);
  });
});
