import { describe, expect, it } from 'vitest';
import github, { GitHubOptions } from '../../../../plugins/github/index.js';
import { toConfigIssues } from '../../../../src/config/issues.js';
import { createTranslator } from '../../../../src/i18n/index.js';
import { foreignWords } from '../../../helpers/language.js';
import { TOKEN } from './helpers.js';

const czech = createTranslator('cs');

const base = { token: TOKEN, repo: 'jana/blog', siteUrl: 'https://jana.github.io/blog' };

/**
 * The issues in English; each must read in Czech too, without an English word (issue 28: one language) besides
 * the values it quotes and the keys it lists.
 */
function issues(input: unknown): Array<{ path: string; message: string }> {
  const result = GitHubOptions.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return toConfigIssues(result.error, input).map(({ path, message, said }) => {
    const words = czech.say(said ?? message).replace(/"[^"]*"|'[^']*'|\(možné: [^)]*\)/g, ' ');
    expect(foreignWords(words, 'cs'), message).toEqual([]);
    return { path, message };
  });
}

describe('plugins/github/options', () => {
  it('is the schema of the plugin named github', () => {
    expect(github.name).toBe('github');
    expect(github.optionsSchema).toBe(GitHubOptions);
  });

  it('fills in the jekyll preset by default', () => {
    // Act
    const options = GitHubOptions.parse(base);

    // Assert
    expect(options).toEqual({
      token: TOKEN,
      repo: { owner: 'jana', name: 'blog' },
      branch: undefined,
      apiBaseUrl: 'https://api.github.com',
      siteUrl: 'https://jana.github.io/blog/',
      preset: 'jekyll',
      layout: {
        paths: {
          article: '_posts/{yyyy}-{mm}-{dd}-{slug}.{ext}',
          images: 'assets/images/{slug}/',
          imageUrl: '{sitePath}assets/images/{slug}/{filename}',
          coverUrl: '/assets/images/{slug}/{filename}',
          draft: '_drafts/{slug}.{ext}',
        },
        url: 'https://jana.github.io/blog/{yyyy}/{mm}/{dd}/{slug}.html',
        siteUrl: 'https://jana.github.io/blog/',
        ext: 'md',
      },
      keys: {
        title: 'title',
        date: 'date',
        slug: 'slug',
        categories: 'categories',
        cover: 'image',
        permalink: 'permalink',
        draft: null,
        description: 'description',
        deal: 'pressbridge_deal',
      },
      dialect: { photos: 'html', htmlDescription: true },
      frontMatter: {},
      categories: new Map(),
      defaultCategory: undefined,
      bodyFormat: 'markdown',
      rawHtml: true,
      prMode: false,
      prBranchPrefix: 'pressbridge/',
      prPollIntervalMs: 30_000,
      commitAuthor: undefined,
      timeoutMs: 30_000,
      writeIntervalMs: 1000,
    });
  });

  it('resolves the hugo preset, an absolute URL pattern, GitHub Enterprise and the rest', () => {
    // Act
    const options = GitHubOptions.parse({
      ...base,
      preset: 'hugo',
      branch: 'gh-pages',
      apiBaseUrl: 'https://github.example.com/api/v3/',
      siteUrl: 'https://www.hory.cz',
      urlPattern: 'https://www.hory.cz/{yyyy}/{mm}/{slug}/',
      categories: { '12': 'Cestování', 13: ['Hory', 'Děti'] },
      defaultCategory: 'Nezařazené',
      bodyFormat: 'html',
      prMode: true,
      prBranchPrefix: 'clanky/',
      commitAuthor: { name: 'Pressbridge', email: 'bot@hory.cz' },
      frontMatter: { author: 'Jana', params: { toc: false } },
    });

    // Assert
    expect(options.branch).toBe('gh-pages');
    expect(options.apiBaseUrl).toBe('https://github.example.com/api/v3');
    expect(options.layout).toEqual({
      paths: {
        article: 'content/posts/{slug}/index.{ext}',
        images: 'content/posts/{slug}/',
        imageUrl: '{filename}',
        coverUrl: '{urlPath}{filename}',
        draft: 'content/posts/{slug}/index.{ext}',
      },
      url: 'https://www.hory.cz/{yyyy}/{mm}/{slug}/',
      siteUrl: 'https://www.hory.cz/',
      ext: 'html',
    });
    expect(options.keys).toMatchObject({ cover: 'images', permalink: null, draft: 'draft' });
    expect(options.categories).toEqual(
      new Map([
        [12, ['Cestování']],
        [13, ['Hory', 'Děti']],
      ]),
    );
    expect(options.defaultCategory).toEqual(['Nezařazené']);
    expect(options).toMatchObject({
      prMode: true,
      prBranchPrefix: 'clanky/',
      commitAuthor: { name: 'Pressbridge', email: 'bot@hory.cz' },
      frontMatter: { author: 'Jana', params: { toc: false } },
    });
  });

  it('takes a generic layout, with coverUrl defaulting to imageUrl', () => {
    // Act
    const options = GitHubOptions.parse({
      ...base,
      preset: 'generic',
      paths: {
        article: 'src/content/blog/{slug}.md',
        images: 'public/img/{dealId}/',
        imageUrl: '/img/{dealId}/{filename}',
      },
      urlPattern: 'blog/{slug}/',
      frontMatterKeys: { date: 'pubDate', cover: 'heroImage', slug: null, deal: 'pb_deal' },
    });

    // Assert
    expect(options.layout.paths).toEqual({
      article: 'src/content/blog/{slug}.md',
      images: 'public/img/{dealId}/',
      imageUrl: '/img/{dealId}/{filename}',
      coverUrl: '/img/{dealId}/{filename}',
      draft: undefined,
    });
    expect(options.layout.url).toBe('https://jana.github.io/blog/blog/{slug}/');
    expect(options.keys).toEqual({
      title: 'title',
      date: 'pubDate',
      slug: null,
      categories: 'categories',
      cover: 'heroImage',
      permalink: null,
      draft: 'draft',
      description: 'description',
      deal: 'pb_deal',
    });
  });

  it('resolves the astro preset: the blog starter collection, pubDate, heroImage beside the article', () => {
    // Act
    const options = GitHubOptions.parse({ ...base, preset: 'astro', frontMatterKeys: { description: null } });

    // Assert
    expect(options.layout).toEqual({
      paths: {
        article: 'src/content/blog/{slug}/index.{ext}',
        images: 'src/content/blog/{slug}/',
        imageUrl: './{filename}',
        coverUrl: './{filename}',
        draft: undefined,
      },
      url: 'https://jana.github.io/blog/blog/{slug}/',
      siteUrl: 'https://jana.github.io/blog/',
      ext: 'md',
    });
    expect(options.keys).toMatchObject({ date: 'pubDate', cover: 'heroImage', description: null });
    expect(options.dialect).toEqual({ photos: 'markdown', htmlDescription: false });
  });

  it.each([
    [
      'no token',
      { ...base, token: undefined },
      [{ path: 'token', message: expect.stringMatching(/^required: a GitHub token/) }],
    ],
    [
      'an empty token',
      { ...base, token: '' },
      [{ path: 'token', message: expect.stringContaining('must not be empty') }],
    ],
    [
      'a repo without owner',
      { ...base, repo: 'blog' },
      [{ path: 'repo', message: expect.stringContaining("must be the repository as 'owner/name'") }],
    ],
    [
      'a branch with a space',
      { ...base, branch: 'my branch' },
      [{ path: 'branch', message: expect.stringContaining('must be a branch name') }],
    ],
    [
      'a siteUrl that is not one',
      { ...base, siteUrl: 'jana.github.io' },
      [{ path: 'siteUrl', message: expect.stringContaining('must be an http(s) URL') }],
    ],
    [
      'an unknown preset',
      { ...base, preset: 'gatsby' },
      [
        {
          path: 'preset',
          message: expect.stringContaining("must be 'jekyll', 'hugo', 'astro' or 'generic'"),
        },
      ],
    ],
    [
      'an MDX article',
      { ...base, paths: { article: 'src/content/blog/{slug}.mdx' } },
      [{ path: 'paths.article', message: expect.stringContaining('must not be an .mdx file') }],
    ],
    [
      'generic without paths',
      { ...base, preset: 'generic' },
      [
        { path: 'paths.article', message: expect.stringContaining('required with preset generic') },
        { path: 'paths.images', message: expect.stringContaining('required with preset generic') },
        { path: 'paths.imageUrl', message: expect.stringContaining('required with preset generic') },
        { path: 'urlPattern', message: expect.stringContaining('required with preset generic') },
      ],
    ],
    [
      'an unknown placeholder',
      { ...base, urlPattern: '{year}/{slug}/' },
      [
        {
          path: 'urlPattern',
          message: expect.stringContaining(
            'unknown placeholder {year} (known here: {yyyy} {mm} {dd} {slug} {dealId})',
          ),
        },
      ],
    ],
    [
      'an article path escaping the repository',
      { ...base, paths: { article: '../{slug}.md' } },
      [{ path: 'paths.article', message: 'must not contain "." or ".." folders' }],
    ],
    [
      'an article path without the slug',
      { ...base, paths: { article: '_posts/article.md' } },
      [{ path: 'paths.article', message: expect.stringContaining('must contain {slug} or {dealId}') }],
    ],
    [
      'an images path that is not a folder',
      { ...base, paths: { images: 'assets/{slug}' } },
      [{ path: 'paths.images', message: expect.stringContaining('must be a folder') }],
    ],
    [
      'writing into .github',
      { ...base, paths: { article: '.github/{slug}.md' } },
      [{ path: 'paths.article', message: 'must not write into .github/' }],
    ],
    [
      'a URL pattern without the slug',
      { ...base, urlPattern: 'clanky/' },
      [{ path: 'urlPattern', message: expect.stringContaining('must contain {slug} or {dealId}') }],
    ],
    [
      'a jekyll URL off the site (permalink)',
      { ...base, urlPattern: 'https://other.cz/{slug}/' },
      [{ path: 'urlPattern', message: expect.stringContaining('must lie under siteUrl') }],
    ],
    [
      'an extra field the plugin writes itself',
      { ...base, frontMatter: { title: 'x' } },
      [
        {
          path: 'frontMatter.title',
          message: expect.stringContaining('"title" is written by pressbridge itself'),
        },
      ],
    ],
    [
      'two fields under one key',
      { ...base, frontMatterKeys: { slug: 'title' } },
      [{ path: 'frontMatterKeys.slug', message: '"title" is already the key of title' }],
    ],
    [
      'a category map with a bad key',
      { ...base, categories: { travel: 'Cestování' } },
      [{ path: 'categories.travel', message: 'keys must be marketplace category ids (whole numbers)' }],
    ],
    [
      'categories as a word',
      { ...base, categories: 'all' },
      [{ path: 'categories', message: expect.stringContaining("must be 'identity' or a map") }],
    ],
    [
      'a bad commit author',
      { ...base, commitAuthor: { name: 'Bot', email: 'nope' } },
      [{ path: 'commitAuthor.email', message: expect.stringContaining('must be an e-mail address') }],
    ],
    [
      'a timeout too short',
      { ...base, timeoutMs: 10 },
      [{ path: 'timeoutMs', message: expect.stringContaining('must be at least 1000') }],
    ],
    [
      'an unknown option',
      { ...base, owner: 'jana' },
      [{ path: '', message: expect.stringMatching(/^unknown option 'owner' \(known: token, repo, /) }],
    ],
  ])('refuses %s with a readable message', (_name, input, expected) => {
    expect(issues(input)).toEqual(expected);
  });

  it('never quotes the token in a message', () => {
    // A token that fails nothing can never be quoted; one of a wrong type is described, not shown.
    const found = issues({ ...base, token: 12345678, repo: 'x' });
    expect(JSON.stringify(found)).not.toContain('12345678');
  });
});
