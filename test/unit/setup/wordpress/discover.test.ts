import { describe, expect, it } from 'vitest';
import {
  apiLinkOf,
  candidateBases,
  classifyAnswer,
  discoverWordPress,
} from '../../../../src/setup/wordpress/discover.js';
import { saidOf } from '../../../../src/setup/wordpress/said.js';

const INDEX = JSON.stringify({
  name: 'Blog',
  url: 'https://blog.cz',
  home: 'https://blog.cz',
  namespaces: ['oembed/1.0', 'wp/v2'],
  authentication: {
    'application-passwords': {
      endpoints: { authorization: 'https://blog.cz/wp-admin/authorize-application.php' },
    },
  },
});

describe('candidateBases', () => {
  it('tries https then http for an address without a scheme, and keeps a typed scheme', () => {
    expect(candidateBases('blog.cz')).toEqual(['https://blog.cz', 'http://blog.cz']);
    expect(candidateBases('  http://blog.cz/  ')).toEqual(['http://blog.cz']);
    expect(candidateBases('https://blog.cz:8443/wordpress/')).toEqual(['https://blog.cz:8443/wordpress']);
  });

  it('drops what a blogger copies from the admin (wp-admin, wp-login.php, index.php), keeps a folder', () => {
    expect(candidateBases('https://blog.cz/wp-admin/post-new.php')).toEqual(['https://blog.cz']);
    expect(candidateBases('https://blog.cz/web/wp-login.php')).toEqual(['https://blog.cz/web']);
    expect(candidateBases('https://blog.cz/index.php')).toEqual(['https://blog.cz']);
  });

  it.each([
    '',
    '   ',
    'javascript:alert(1)',
    'ftp://blog.cz',
    'file:///etc/passwd',
    'https://user:pass@blog.cz',
    'blog cz',
    'https://blog.cz/<script>',
    'x'.repeat(2001),
  ])('refuses %j', (address) => {
    expect(candidateBases(address)).toBeUndefined();
  });
});

describe('classifyAnswer', () => {
  it('finds the index with wp/v2 and the authorization endpoint', () => {
    const probe = classifyAnswer('https://blog.cz/wp-json/', 200, 'application/json', INDEX);
    expect(probe.kind).toBe('found');
    if (probe.kind === 'found') {
      expect(probe.index.authentication?.['application-passwords']?.endpoints.authorization).toBe(
        'https://blog.cz/wp-admin/authorize-application.php',
      );
    }
  });

  it('reads an index without Application Passwords (authentication: [])', () => {
    const body = JSON.stringify({ name: 'Blog', namespaces: ['wp/v2'], authentication: [] });
    const probe = classifyAnswer('https://blog.cz/wp-json/', 200, 'application/json', body);
    expect(probe.kind === 'found' && probe.index.authentication?.['application-passwords']).toBeFalsy();
    expect(probe.kind).toBe('found');
  });

  it('tells blocked, a page, not found and a server error apart', () => {
    const blocked = classifyAnswer(
      'u',
      401,
      'application/json',
      '{"code":"rest_login_required","message":"x"}',
    );
    expect(blocked).toEqual({ kind: 'blocked', url: 'u', said: '401 rest_login_required' });
    expect(classifyAnswer('u', 403, 'text/html', '<title>Access denied</title>').kind).toBe('blocked');
    // A page's text is never repeated (the address may be an internal service): its status only.
    expect(
      classifyAnswer('u', 200, 'text/html; charset=UTF-8', '<html><title>Můj blog</title></html>'),
    ).toEqual({
      kind: 'html',
      url: 'u',
      said: '200',
    });
    expect(classifyAnswer('u', 404, 'text/html', 'nope').kind).toBe('not-found');
    expect(classifyAnswer('u', 200, 'application/json', '{"namespaces":["other/v1"]}').kind).toBe(
      'not-found',
    );
    expect(classifyAnswer('u', 502, 'text/html', '<title>Bad gateway</title>')).toEqual({
      kind: 'unreachable',
      reason: '502',
    });
  });
});

describe('apiLinkOf', () => {
  it('reads the REST root from the Link header among others', () => {
    expect(
      apiLinkOf(
        '<https://blog.cz/wp-json/>; rel="https://api.w.org/", <https://blog.cz/?p=1>; rel=shortlink',
      ),
    ).toBe('https://blog.cz/wp-json/');
    expect(apiLinkOf('<https://blog.cz/?p=1>; rel=shortlink')).toBeUndefined();
    expect(apiLinkOf(null)).toBeUndefined();
  });
});

describe('saidOf', () => {
  it("says a REST error by WordPress's code, and of anything else only the status", () => {
    expect(saidOf(403, '{"code":"rest_forbidden","message":"<b>no</b>"}')).toBe('403 rest_forbidden');
    expect(saidOf(403, `<html><title>Blocked\u0007 by <b>WAF</b></title></html>`)).toBe('403');
    expect(saidOf(500, '')).toBe('500');
    expect(saidOf(200, 'x'.repeat(500))).toBe('200');
    // An internal service's JSON whose "code" is no WordPress code (a secret, a sentence): not repeated.
    expect(saidOf(500, '{"code":"DB_PASSWORD=hunter2","message":"x"}')).toBe('500');
    expect(saidOf(500, `{"code":"${'a'.repeat(200)}"}`)).toBe('500');
  });
});

describe('discoverWordPress: Application Passwords not offered', () => {
  /** A site whose REST index lists no Application Passwords, at `home`. */
  function siteWithout(home: string): typeof fetch {
    return (async () =>
      new Response(
        JSON.stringify({ name: 'Blog', url: home, home, namespaces: ['wp/v2'], authentication: [] }),
        {
          headers: { 'content-type': 'application/json' },
        },
      )) as unknown as typeof fetch;
  }

  it('over https: switched off (a security plugin or the filter)', async () => {
    const found = await discoverWordPress(siteWithout('https://blog.cz'), 'https://blog.cz');
    expect(found.authorizationUrl).toBeUndefined();
    const check = found.checks.find((c) => c.id === 'application-passwords');
    expect(check?.status).toBe('fail');
    expect(check?.detail.en).toMatch(/switched off at blog\.cz/);
    expect(check?.fix?.cs).toMatch(/bezpečnostního pluginu/);
  });

  it('over http: https is what to switch on first', async () => {
    const found = await discoverWordPress(siteWithout('http://blog.cz'), 'http://blog.cz');
    const check = found.checks.find((c) => c.id === 'application-passwords');
    expect(check?.detail.en).toMatch(/runs on http/);
    expect(check?.fix?.en).toMatch(/^Switch https on/);
  });
});
