import { describe, expect, it } from 'vitest';
import wordpress, { WordPressOptions } from '../../../../plugins/wordpress/index.js';
import { toConfigIssues } from '../../../../src/config/issues.js';
import { createTranslator } from '../../../../src/i18n/index.js';
import { foreignWords } from '../../../helpers/language.js';

const czech = createTranslator('cs');

const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';
const base = { url: 'https://blog.example.cz', username: 'admin', applicationPassword: PASSWORD };

/**
 * The issues in English; each must read in Czech too, without an English word (issue 28: one language) besides
 * the values it quotes and the keys it lists.
 */
function issues(input: unknown): Array<{ path: string; message: string }> {
  const result = WordPressOptions.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return toConfigIssues(result.error, input).map(({ path, message, said }) => {
    const words = czech.say(said ?? message).replace(/"[^"]*"|'[^']*'|\(možné: [^)]*\)/g, ' ');
    expect(foreignWords(words, 'cs'), message).toEqual([]);
    return { path, message };
  });
}

describe('plugins/wordpress/options', () => {
  it('is the schema of the plugin named wordpress', () => {
    expect(wordpress.name).toBe('wordpress');
    expect(wordpress.optionsSchema).toBe(WordPressOptions);
  });

  it('fills in the defaults', () => {
    // Act
    const options = WordPressOptions.parse({ ...base, url: 'https://blog.example.cz/' });

    // Assert
    expect(options).toEqual({
      url: 'https://blog.example.cz',
      username: 'admin',
      applicationPassword: PASSWORD,
      categories: new Map(),
      status: 'publish',
      timeoutMs: 20_000,
      createTags: false,
      excerpt: true,
    });
    expect(options.tags).toBeUndefined();
    expect(options.sponsored).toBeUndefined();
    expect(options.defaultCategory).toBeUndefined();
    expect(options.author).toBeUndefined();
    expect(options.commentStatus).toBeUndefined();
    expect(options.restRoot).toBeUndefined();
  });

  it('takes identity, and a map whose YAML keys are strings or numbers', () => {
    // Act
    const identity = WordPressOptions.parse({ ...base, categories: 'identity' });
    const map = WordPressOptions.parse({ ...base, categories: { '12': 5, 13: 6, ' 14 ': 7 } });

    // Assert
    expect(identity.categories).toBe('identity');
    expect(map.categories).toEqual(
      new Map([
        [12, 5],
        [13, 6],
        [14, 7],
      ]),
    );
  });

  it('takes every option', () => {
    // Act
    const options = WordPressOptions.parse({
      ...base,
      url: 'http://127.0.0.1:8080/blog',
      categories: {},
      defaultCategory: 3,
      status: 'pending',
      author: 2,
      commentStatus: 'closed',
      timeoutMs: 5000,
      restRoot: 'http://127.0.0.1:8080/blog/index.php?rest_route=/',
      tags: 'keywords',
      createTags: true,
      excerpt: false,
      sponsored: { category: ' Komerční sdělení ', tag: 'reklama' },
    });

    // Assert
    expect(options).toMatchObject({
      tags: 'keywords',
      createTags: true,
      excerpt: false,
      sponsored: { category: 'Komerční sdělení', tag: 'reklama' },
      url: 'http://127.0.0.1:8080/blog',
      defaultCategory: 3,
      status: 'pending',
      author: 2,
      commentStatus: 'closed',
      timeoutMs: 5000,
      restRoot: 'http://127.0.0.1:8080/blog/index.php?rest_route=/',
    });
  });

  it.each([
    [{ ...base, url: 'ftp://blog.example.cz' }, 'url', 'must be an http(s) URL'],
    [{ ...base, url: 'blog.example.cz' }, 'url', 'must be an http(s) URL'],
    [
      { ...base, url: 'https://admin:secret@blog.example.cz' },
      'url',
      'must not contain a user name or password',
    ],
    [{ ...base, url: 'https://blog.example.cz/?p=1' }, 'url', 'without ?query'],
    [{ ...base, username: '' }, 'username', 'must not be empty'],
    [
      { url: base.url, applicationPassword: PASSWORD },
      'username',
      'required, must be the WordPress user name',
    ],
    [
      { url: base.url, username: 'admin' },
      'applicationPassword',
      'required, must be an Application Password',
    ],
    [{ ...base, categories: 'identiy' }, 'categories', `must be 'identity' or a map`],
    [{ ...base, categories: 5 }, 'categories', `must be 'identity' or a map`],
    [{ ...base, categories: { abc: 5 } }, 'categories.abc', 'keys must be marketplace category ids'],
    [{ ...base, categories: { '7': 'x' } }, 'categories.7', 'must be a WordPress category id'],
    [{ ...base, categories: { '7': 0 } }, 'categories.7', 'positive whole number'],
    [{ ...base, defaultCategory: 1.5 }, 'defaultCategory', 'must be a WordPress category id'],
    [{ ...base, status: 'published' }, 'status', "must be 'publish', 'draft' or 'pending'"],
    [{ ...base, author: -1 }, 'author', 'must be a WordPress user id'],
    [{ ...base, commentStatus: 'maybe' }, 'commentStatus', "must be 'open' or 'closed'"],
    [{ ...base, timeoutMs: 5 }, 'timeoutMs', 'must be at least 1000'],
    [{ ...base, restRoot: 'nope' }, 'restRoot', 'must be an http(s) URL'],
    [{ ...base, tags: 'yes' }, 'tags', "must be 'keywords'"],
    [{ ...base, createTags: 'yes' }, 'createTags', 'must be true or false'],
    [{ ...base, excerpt: 1 }, 'excerpt', 'must be true or false'],
    [{ ...base, sponsored: 'reklama' }, 'sponsored', 'must be a map with category and/or tag'],
    [{ ...base, sponsored: { category: 0 } }, 'sponsored.category', 'must be a WordPress category id'],
    [{ ...base, sponsored: { category: ' ' } }, 'sponsored.category', 'must not be empty'],
    [{ ...base, sponsored: { tag: 'x'.repeat(201) } }, 'sponsored.tag', 'at most 200 characters'],
    [{ ...base, sponsored: { tags: 'x' } }, 'sponsored', "unknown option 'tags' (known: category, tag)"],
    [{ ...base, applicatonPassword: 'x' }, '', "unknown option 'applicatonPassword'"],
    ['https://blog.example.cz', '', 'must be a map of WordPress options'],
  ])('refuses %j at %s: %s', (input, path, message) => {
    // Act
    const found = issues(input);

    // Assert
    expect(found).toContainEqual({ path, message: expect.stringContaining(message) });
  });

  it('never quotes the Application Password, whatever else is wrong', () => {
    // Act
    const found = issues({ ...base, url: 'nope', status: 'x', categories: 'y', timeoutMs: 'z', extra: 1 });

    // Assert
    expect(found.length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(found)).not.toContain(PASSWORD);
  });
});
