import { describe, expect, it } from 'vitest';
import staticSite, { StaticOptions } from '../../../../plugins/static/index.js';
import { pathPatternProblem } from '../../../../plugins/static/options.js';
import { toConfigIssues } from '../../../../src/config/issues.js';
import { createTranslator } from '../../../../src/i18n/index.js';
import { foreignWords } from '../../../helpers/language.js';

const czech = createTranslator('cs');

/**
 * The issues in English; each must read in Czech too, without an English word (issue 28: one language) besides
 * the values it quotes and the keys it lists.
 */
function issues(input: unknown): Array<{ path: string; message: string }> {
  const result = StaticOptions.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return toConfigIssues(result.error, input).map(({ path, message, said }) => {
    const words = czech.say(said ?? message).replace(/"[^"]*"|'[^']*'|\(možné: [^)]*\)/g, ' ');
    expect(foreignWords(words, 'cs'), message).toEqual([]);
    return { path, message };
  });
}

describe('plugins/static/options', () => {
  it('is the schema of the plugin named static', () => {
    expect(staticSite.name).toBe('static');
    expect(staticSite.optionsSchema).toBe(StaticOptions);
  });

  it('fills in the defaults around a baseUrl, adding its trailing slash', () => {
    // Act
    const options = StaticOptions.parse({ baseUrl: 'https://blog.example.cz/clanky' });

    // Assert
    expect(options).toEqual({
      dir: 'static-site',
      baseUrl: 'https://blog.example.cz/clanky/',
      pathPattern: '{slug}/',
      lang: 'cs',
      indexPage: true,
    });
    expect(options.serve).toBeUndefined();
    expect(options.siteName).toBeUndefined();
  });

  it('takes serve: {} instead of a baseUrl, listening on loopback at any free port', () => {
    // Act
    const options = StaticOptions.parse({ serve: {} });

    // Assert
    expect(options.serve).toEqual({ host: '127.0.0.1', port: 0 });
    expect(options.baseUrl).toBeUndefined();
  });

  it('takes every option', () => {
    // Act
    const options = StaticOptions.parse({
      dir: '/srv/www/clanky',
      baseUrl: 'https://blog.example.cz/clanky/',
      serve: { host: '0.0.0.0', port: 8095 },
      pathPattern: 'clanky/{dealId}-{slug}/',
      siteName: 'Zahrada u Jany',
      lang: 'sk',
      indexPage: false,
    });

    // Assert
    expect(options).toEqual({
      dir: '/srv/www/clanky',
      baseUrl: 'https://blog.example.cz/clanky/',
      serve: { host: '0.0.0.0', port: 8095 },
      pathPattern: 'clanky/{dealId}-{slug}/',
      siteName: 'Zahrada u Jany',
      lang: 'sk',
      indexPage: false,
    });
  });

  it('requires baseUrl when the folder is not served by pressbridge, saying both ways out', () => {
    // Act
    const found = issues({});

    // Assert
    expect(found).toHaveLength(1);
    expect(found[0]?.path).toBe('baseUrl');
    expect(found[0]?.message).toContain('https://blog.example.cz/clanky/');
    expect(found[0]?.message).toContain('serve: {}');
  });

  it.each([
    ['a relative URL', { baseUrl: '/clanky/' }, 'baseUrl', 'http(s) URL'],
    ['an ftp URL', { baseUrl: 'ftp://blog.example.cz/' }, 'baseUrl', 'http(s) URL'],
    ['credentials in the URL', { baseUrl: 'https://jana:heslo@blog.example.cz/' }, 'baseUrl', 'password'],
    ['a query in the URL', { baseUrl: 'https://blog.example.cz/?p=1' }, 'baseUrl', 'without ?query'],
    ['a port out of range', { serve: { port: 70000 } }, 'serve.port', 'port number'],
    ['a port as text', { serve: { port: 'osm' } }, 'serve.port', 'port number'],
    ['an unknown serve option', { serve: { root: '/' } }, 'serve', "unknown option 'root'"],
    ['a language that is no tag', { serve: {}, lang: 'čeština' }, 'lang', 'language tag'],
    ['an empty dir', { serve: {}, dir: '  ' }, 'dir', 'must not be empty'],
    ['an unknown option', { serve: {}, baseurl: 'x' }, '', "unknown option 'baseurl'"],
  ])('refuses %s', (_name, input, path, message) => {
    // Act
    const found = issues(input);

    // Assert
    expect(found).toContainEqual({ path, message: expect.stringContaining(message) });
  });

  it.each([
    ['{slug}/', undefined],
    ['clanky/{slug}/', undefined],
    ['{dealId}-{slug}/', undefined],
    ['2024/{slug}.v1/', undefined],
    ['{slug}', 'must end with "/"'],
    ['{slug}.html', 'must end with "/"'],
    ['/{slug}/', 'no leading "/"'],
    ['{title}/', 'unknown placeholder {title}'],
    ['clanky/', 'must contain {slug} exactly once'],
    ['{slug}/{slug}/', 'must contain {slug} exactly once'],
    ['../{slug}/', 'must not start with "."'],
    ['.hidden/{slug}/', 'must not start with "."'],
    ['a//{slug}/', 'empty folder names'],
    ['a b/{slug}/', 'may hold only'],
    ['a\\..\\{slug}/', 'may hold only'],
  ])('path pattern %j: %s', (pattern, problem) => {
    // Act
    const found = pathPatternProblem(pattern);
    const parsed = StaticOptions.safeParse({ serve: {}, pathPattern: pattern });

    // Assert
    if (problem === undefined) {
      expect(found).toBeUndefined();
      expect(parsed.success).toBe(true);
    } else {
      expect(found).toContain(problem);
      expect(parsed.success).toBe(false);
    }
  });
});
