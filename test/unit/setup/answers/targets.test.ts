import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../../../src/setup/answers/read.js';
import {
  GenericPaths,
  GitHubRepo,
  StaticAnswer,
  WordPressLogin,
  wordpressAnswer,
} from '../../../../src/setup/answers/targets.js';

function read(schema: Parameters<typeof readAnswer>[0], form: unknown) {
  const answer = readAnswer(schema, form);
  return answer.ok ? answer.value : { refused: answer.problem.en };
}

const LOGIN = 'Enter the WordPress user name and the application password.';
const SITE = 'The site address must be an http(s) address, e.g. https://jana.github.io/blog/.';

describe('src/setup/answers/targets', () => {
  it.each([
    [
      'a login, trimmed',
      { username: ' jana ', applicationPassword: ' abcd efgh ' },
      { username: 'jana', applicationPassword: 'abcd efgh' },
    ],
    ['no password', { username: 'jana', applicationPassword: '' }, { refused: LOGIN }],
    ['no user', { applicationPassword: 'abcd' }, { refused: LOGIN }],
  ])('WordPress login: %s', (_name, form, expected) => {
    expect(read(WordPressLogin, form)).toEqual(expected);
  });

  it.each([
    [
      'the REST root WordPress derives from the address is left out',
      { siteUrl: 'https://jana.cz', restRoot: 'https://jana.cz/wp-json/' },
      { url: 'https://jana.cz', username: 'jana', applicationPassword: 'pw' },
    ],
    [
      'any other one (plain permalinks, a moved API) is kept',
      { siteUrl: 'https://jana.cz', restRoot: 'https://jana.cz/?rest_route=/' },
      {
        url: 'https://jana.cz',
        username: 'jana',
        applicationPassword: 'pw',
        restRoot: 'https://jana.cz/?rest_route=/',
      },
    ],
  ])('WordPress answer: %s', (_name, site, expected) => {
    expect(wordpressAnswer(site, { username: 'jana', applicationPassword: 'pw' })).toEqual(expected);
  });

  it.each([
    [
      'a repository, a token, the site; an empty branch is the default one',
      { repo: 'jana/blog', token: 'github_pat_1', branch: '', siteUrl: 'https://jana.github.io/blog/' },
      {
        repo: 'jana/blog',
        token: 'github_pat_1',
        branch: undefined,
        siteUrl: 'https://jana.github.io/blog/',
      },
    ],
    [
      'a branch given',
      { repo: 'jana/blog.cz', token: 't', branch: ' main ', siteUrl: 'http://blog.example/' },
      { repo: 'jana/blog.cz', token: 't', branch: 'main', siteUrl: 'http://blog.example/' },
    ],
    [
      'a repository without its owner',
      { repo: 'blog', token: 't', siteUrl: 'https://x.cz' },
      { refused: 'Write the repository as owner/name, e.g. jana/blog.' },
    ],
    [
      'a repository as an address',
      { repo: 'https://github.com/jana/blog', token: 't', siteUrl: 'https://x.cz' },
      { refused: 'Write the repository as owner/name, e.g. jana/blog.' },
    ],
    [
      'no token',
      { repo: 'jana/blog', token: ' ', siteUrl: 'https://x.cz' },
      { refused: 'Paste the GitHub token.' },
    ],
    ['a site without its scheme', { repo: 'jana/blog', token: 't', siteUrl: 'jana.cz' }, { refused: SITE }],
    [
      'a site that is no web address',
      { repo: 'jana/blog', token: 't', siteUrl: 'ftp://jana.cz' },
      { refused: SITE },
    ],
  ])('GitHub repository: %s', (_name, form, expected) => {
    expect(read(GitHubRepo, form)).toEqual(expected);
  });

  it('the generic preset needs all four paths', () => {
    const paths = {
      article: 'a/{slug}.md',
      images: 'i/{slug}/',
      imageUrl: '/i/{slug}/{filename}',
      urlPattern: '{slug}/',
    };
    expect(read(GenericPaths, paths)).toEqual(paths);
    expect(read(GenericPaths, { ...paths, imageUrl: '' })).toEqual({
      refused:
        "Fill in all four fields: where the article goes, where its photos go, the photos' address and the article's address.",
    });
  });

  it.each([
    [
      'a folder and its address',
      { dir: ' /srv/www ', baseUrl: 'https://blog.cz/' },
      { dir: '/srv/www', baseUrl: 'https://blog.cz/' },
    ],
    [
      'no folder',
      { dir: '', baseUrl: 'https://blog.cz/' },
      { refused: 'Enter the folder pressbridge writes the articles to.' },
    ],
    ['no address', { dir: '/srv/www' }, { refused: SITE }],
  ])('a folder of files: %s', (_name, form, expected) => {
    expect(read(StaticAnswer, form)).toEqual(expected);
  });
});
