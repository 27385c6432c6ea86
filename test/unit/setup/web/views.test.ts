import { describe, expect, it } from 'vitest';
import { createTranslator, type Language } from '../../../../src/i18n/index.js';
import { LocalAddressError, localAddressCheck } from '../../../../src/setup/address-guard.js';
import { blogsWithCategories } from '../../../../src/setup/answers/index.js';
import { renderCategoriesPage } from '../../../../src/setup/web/views/categories.js';
import { renderDonePage } from '../../../../src/setup/web/views/finish.js';
import { checkList } from '../../../../src/setup/web/views/page.js';
import { renderBlogsPage, renderKeyPage, renderTokenPage } from '../../../../src/setup/web/views/start.js';
import { renderGitHubPage, renderWordPressPage } from '../../../../src/setup/web/views/targets.js';
import { failed } from '../../../../src/setup/wordpress/messages.js';
import type { ViewContext } from '../../../../src/status/views/layout.js';

function ctx(language: Language): ViewContext {
  return {
    base: '',
    now: new Date('2026-11-25T12:00:00Z'),
    timeZone: 'Europe/Prague',
    version: '0.0.0',
    marketplaceName: 'setup',
    blogNames: new Map(),
    csrf: 'csrf-token',
    t: createTranslator(language),
  };
}

const HOSTILE = '<script>alert(1)</script>';
const blog = {
  id: 1,
  name: HOSTILE,
  url: `https://x.cz/"><img src=x onerror=alert(1)>`,
  target: 'wordpress' as const,
  agent: true,
};

describe('src/setup/web/views', () => {
  it('offers the local-address confirmation only after a refusal (or once given), never ticked by itself', () => {
    const refusal = localAddressCheck(
      'http://127.0.0.1:8090',
      new LocalAddressError('127.0.0.1', '127.0.0.1', 'loopback'),
    );
    const box = /<input type="checkbox" name="allowLocal" value="on"( checked)?>/;
    const first = renderKeyPage(ctx('en'), { baseUrl: '', checks: [] }).value;
    const refused = renderKeyPage(ctx('en'), { baseUrl: 'http://127.0.0.1:8090', checks: [refusal] }).value;
    const given = renderKeyPage(ctx('en'), {
      baseUrl: 'http://127.0.0.1:8090',
      checks: [],
      allowLocal: true,
    }).value;
    expect(first).not.toMatch(box);
    expect(box.exec(refused)?.[1]).toBeUndefined();
    expect(refused).toContain('Connect to a local address');
    expect(refused).toContain('leads to this machine itself (127.0.0.1)');
    expect(box.exec(given)?.[1]).toBe(' checked');
    const wordpress = renderWordPressPage(ctx('cs'), {
      blog,
      discovery: { siteUrl: 'http://127.0.0.1:8080', restRoot: '', checks: [refusal] },
      checks: [],
    }).value;
    expect(wordpress).toMatch(
      /<form method="post" action="\/setup\/blog\/1\/wordpress\/discover">[\s\S]*name="allowLocal"/,
    );
  });

  it.each([
    [
      'cs',
      'dokumentace API tržiště zapisuje jako {base_url}',
      'vypíše pressbridge sandbox (bez dalšího nastavení http://127.0.0.1:8090)',
    ],
    [
      'en',
      'API documentation writes as {base_url}',
      'the address pressbridge sandbox prints (http://127.0.0.1:8090 unless told otherwise)',
    ],
  ] as const)(
    'the API address field in %s says what it is and the sandbox’s address',
    (language, what, sandbox) => {
      const page = renderKeyPage(ctx(language), { baseUrl: '', checks: [] }).value;
      const hint =
        /aria-describedby="base-url-hint"[\s\S]*<small class="hint" id="base-url-hint">([^<]*)<\/small>/.exec(
          page,
        )?.[1];
      expect(hint).toContain(what.replaceAll("'", '&#39;'));
      expect(hint).toContain('/v1');
      expect(hint).toContain(sandbox);
    },
  );

  it.each(['cs', 'en'] as const)('the token page in %s has no navigation and a token field', (language) => {
    const page = renderTokenPage(ctx(language), false).value;
    expect(page).toContain(`<html lang="${language}"`);
    expect(page).toContain('name="token"');
    expect(page).not.toContain('<nav');
  });

  it("escapes the marketplace's blog names and addresses", () => {
    const page = renderBlogsPage(ctx('cs'), {
      login: HOSTILE,
      blogs: [{ id: 1, name: HOSTILE, url: blog.url, mode: 'manual', categories: [] }],
      chosen: new Map(),
    }).value;
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it("a check's message and fix from WordPress are escaped", () => {
    const text = { cs: HOSTILE, en: HOSTILE };
    const list = checkList(ctx('en'), [{ id: 'x', status: 'fail', detail: text, fix: text }]).value;
    expect(list).not.toContain('<script>');
    expect(list).toContain('What to do: &lt;script&gt;');
  });

  it('only an http(s) authorization address becomes a link', () => {
    const discovery = { siteUrl: 'https://x.cz', restRoot: 'https://x.cz/wp-json/', checks: [] };
    const hostile = renderWordPressPage(ctx('cs'), {
      blog,
      discovery,
      authorizationUrl: 'javascript:alert(1)',
      checks: [],
    }).value;
    expect(hostile).not.toContain('javascript:');
    expect(hostile).not.toContain('id="authorize"');
    const fine = renderWordPressPage(ctx('cs'), {
      blog,
      discovery,
      authorizationUrl: 'https://x.cz/wp-admin/authorize-application.php?app_name=pressbridge&a=1',
      checks: [],
    }).value;
    expect(fine).toContain(
      'href="https://x.cz/wp-admin/authorize-application.php?app_name=pressbridge&amp;a=1"',
    );
    // The site found: "Connect in WordPress" is the one primary action; checking the address again is secondary.
    expect(fine.match(/class="[^"]*primary/g)).toHaveLength(2); // the authorize link and the paste form's Connect
    expect(fine).toContain('<button type="submit">Zkontrolovat adresu znovu</button>');
    expect(fine).not.toContain('>Pokračovat<');
  });

  it.each(['cs', 'en'] as const)(
    'WordPress connected in %s: every check with its result, then Continue; no new authorization',
    (language) => {
      const discovery = { siteUrl: 'https://x.cz', restRoot: 'https://x.cz/wp-json/', checks: [] };
      const header = {
        id: 'authorization-header',
        status: 'ok' as const,
        detail: { cs: 'Hlavička', en: 'Header' },
      };
      const draft = { id: 'test-draft', status: 'ok' as const, detail: { cs: HOSTILE, en: HOSTILE } };
      const wordpress = { url: 'https://x.cz', username: 'jana', applicationPassword: 'secret-password-1' };
      const page = renderWordPressPage(ctx(language), {
        blog: { ...blog, wordpress },
        discovery,
        authorizationUrl: 'https://x.cz/wp-admin/authorize-application.php',
        checks: [header, draft],
      }).value;
      expect(page).toContain(
        language === 'cs'
          ? 'WordPress https://x.cz je propojený (uživatel jana)'
          : 'WordPress at https://x.cz is connected (user jana)',
      );
      expect([...page.matchAll(/<li class="ok-yes" data-check="([\w-]+)">✓/g)].map((m) => m[1])).toEqual([
        'authorization-header',
        'test-draft',
      ]);
      expect(page).toContain('&lt;script&gt;alert(1)');
      expect(page).toMatch(/<a class="button primary" id="continue" href="\/setup">/);
      expect(page).not.toContain('id="authorize"');
      expect(page).not.toContain('/wordpress/paste');
      expect(page).not.toContain('secret-password-1');
    },
  );

  it('a failed check after the connection: it says the setup stays here, with the fix, and no way on', () => {
    const discovery = { siteUrl: 'https://x.cz', restRoot: 'https://x.cz/wp-json/', checks: [] };
    const stripped = failed('authorization-header', 'header.stripped');
    const page = renderWordPressPage(ctx('en'), {
      blog,
      discovery,
      authorizationUrl: 'https://x.cz/wp-admin/authorize-application.php',
      checks: [stripped],
    }).value;
    expect(page).toContain('role="alert">A check did not pass, so the setup stays here.');
    expect(page).toContain('data-check="authorization-header">✗');
    expect(page).toContain('SetEnvIf Authorization');
    expect(page).toContain('id="authorize"');
    expect(page).not.toContain('id="continue"');
  });

  it.each(['cs', 'en'] as const)(
    'a failed discovery in %s: the check with its fix, escaped, and no paste form',
    (language) => {
      const check = failed('rest-api', 'rest.not_found', { site: HOSTILE, tried: '/wp-json/' });
      const discovery = { siteUrl: 'https://x.cz', restRoot: '', checks: [check] };
      const page = renderWordPressPage(ctx(language), { blog, discovery, checks: [] }).value;
      const escaped = (text: string) => text.replaceAll('<', '&lt;').replaceAll('>', '&gt;');
      expect(page).toContain(escaped(check.detail[language]));
      expect(page).toContain(escaped(check.fix?.[language] ?? '?'));
      expect(page).toContain(language === 'cs' ? 'Co udělat:' : 'What to do:');
      expect(page).not.toContain(HOSTILE);
      expect(page).not.toContain('/wordpress/paste');
      expect(page).toContain('/wordpress/discover');
    },
  );

  it('categories: a folder of files is not offered any (its publisher takes none)', () => {
    const folder = { ...blog, id: 2, name: 'Složka', target: 'static' as const };
    const github = { ...blog, id: 3, name: 'Jekyll', target: 'github' as const };
    const none = { ...blog, id: 4, name: 'Nic', target: 'none' as const };
    expect(blogsWithCategories({ blogs: [blog, folder, github, none] }).map((b) => b.id)).toEqual([1, 3]);
    const blogs = blogsWithCategories({ blogs: [folder] }).map((b) => ({ blog: b, marketplace: [] }));
    const page = renderCategoriesPage(ctx('en'), { blogs }).value;
    expect(page).toContain('A folder of files has no categories');
    expect(page).not.toContain('name="mode-2"');
  });

  it.each(['cs', 'en'] as const)(
    'categories in %s: every way its target offers with its sentence, the marketplace’s categories escaped',
    (language) => {
      const github = { ...blog, id: 3, name: 'Jekyll', target: 'github' as const };
      const marketplace = [
        { id: 3, name: 'Cestování' },
        { id: 4, name: HOSTILE },
      ];
      const page = renderCategoriesPage(ctx(language), {
        blogs: [
          { blog, marketplace },
          { blog: github, marketplace: [] },
        ],
      }).value;
      const explained = (id: number) =>
        [
          ...page.matchAll(
            new RegExp(`name="mode-${id}" value="(\\w+)"[^>]*aria-describedby="cat-${id}-\\1"`, 'g'),
          ),
        ].map((m) => m[1]);
      expect(explained(1)).toEqual(['default', 'sync', 'map']);
      expect(explained(3)).toEqual(['default', 'map']);
      for (const [id, mode] of [
        [1, 'default'],
        [1, 'sync'],
        [1, 'map'],
        [3, 'default'],
        [3, 'map'],
      ] as const) {
        expect(page).toMatch(
          new RegExp(`<small class="hint" id="cat-${id}-${mode}" data-explains="${mode}">[^<]{60,}</small>`),
        );
      }
      expect(page).toContain(
        language === 'cs'
          ? 'kategorie na tržišti → kategorie na blogu'
          : 'marketplace category → blog category',
      );
      expect(page).toContain('3 Cestování · 4 &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page).not.toContain('<script>alert(1)');
      expect(page).toContain('name="mode-1" value="default" checked');
    },
  );

  it('categories after a refusal: what was typed is shown again, escaped', () => {
    const typed = { mode: 'map', lines: `3 = ${HOSTILE}` };
    const page = renderCategoriesPage(ctx('en'), {
      blogs: [{ blog, marketplace: [], typed }],
      error: 'Blog x: give the WordPress category by its id',
    }).value;
    expect(page).toContain('name="mode-1" value="map" checked');
    expect(page).not.toContain('value="default" checked');
    expect(page).toContain('>3 = &lt;script&gt;alert(1)&lt;/script&gt;</textarea>');
    expect(page).toContain('role="alert">Blog x: give the WordPress category by its id');
  });

  it.each(['cs', 'en'] as const)(
    'GitHub in %s: a repository not told asks for the four paths, escaped',
    (language) => {
      const github = { ...blog, id: 3, target: 'github' as const };
      const page = renderGitHubPage(ctx(language), { blog: github, askPaths: true }).value;
      for (const name of ['article', 'images', 'imageUrl', 'urlPattern'])
        expect(page).toContain(`name="${name}"`);
      expect(page).toContain('/setup/blog/3/github/paths');
      expect(page).not.toContain('name="token"');
      expect(page).not.toContain('<script>alert(1)</script>');
    },
  );

  it("the last page lists the finish's checks and doctor's alike: mark, name, detail, fix, escaped", () => {
    const page = renderDonePage(ctx('en'), {
      finish: [
        { id: 'webhook-register', status: 'ok', detail: { cs: 'Registrován', en: 'Registered <x>' } },
        {
          id: 'agent-1',
          status: 'fail',
          detail: { cs: 'Vypnuto', en: 'Agent off' },
          fix: { cs: 'Zapněte', en: 'Turn it on' },
        },
      ],
      doctor: [
        { status: 'ok', name: 'Config', detail: 'fine & dandy' },
        { status: 'warn', name: 'Redis persistence', detail: 'AOF off', fix: 'turn AOF on' },
      ],
      configPath: '/etc/pressbridge.yaml',
      statusUrl: '/',
    }).value;
    expect(page).toContain(
      '<ul class="checks"><li class="ok-yes" data-check="webhook-register">✓ Registered &lt;x&gt;</li>' +
        '<li class="ok-no" data-check="agent-1">✗ Agent off<br><small>What to do: Turn it on</small></li></ul>',
    );
    expect(page).toContain(
      '<ul class="checks" id="doctor"><li class="ok-yes">✓ <strong>Config</strong>: fine &amp; dandy</li>' +
        '<li class="tone-waiting">! <strong>Redis persistence</strong>: AOF off<br><small>What to do: turn AOF on</small></li></ul>',
    );
  });
});
