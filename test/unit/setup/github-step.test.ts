/**
 * Step d of the setup, a GitHub blog (src/setup/actions.ts detectPreset, draft.ts, write-config.ts): a refused
 * token or a repository the token cannot see is named (nothing kept); a repository that is neither Jekyll nor
 * Hugo asks for the generic preset's paths, and the written config then passes the GitHub plugin's own rules.
 * GitHub itself is out of reach here: its answers are a fake fetch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitHubOptions } from '../../../plugins/github/options.js';
import { loadConfig } from '../../../src/config/load.js';
import { ResponseTooLargeError } from '../../../src/errors.js';
import { detectPreset, GitHubSetupError } from '../../../src/setup/actions.js';
import type { BlogAnswer, SetupAnswers } from '../../../src/setup/answers/index.js';
import { blogReady } from '../../../src/setup/draft.js';
import { writeInstallation } from '../../../src/setup/write-config.js';

const answering =
  (status: number, body: unknown = []): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('src/setup GitHub step', () => {
  it.each([
    [401, 'GitHub refused the token (401)'],
    [403, 'may not read the contents of jana/blog (403)'],
    [404, 'GitHub does not show jana/blog to this token (404)'],
  ])('a %i is named with its fix, not taken for an unknown generator', async (status, words) => {
    const refused = detectPreset(answering(status, { message: 'x' }), 'jana/blog', 'github_pat_x');
    await expect(refused).rejects.toBeInstanceOf(GitHubSetupError);
    await expect(refused).rejects.toMatchObject({ text: { en: expect.stringContaining(words) } });
  });

  it('tells Jekyll and Hugo from their files, and anything else is generic', async () => {
    expect(await detectPreset(answering(200, [{ name: '_config.yml' }]), 'a/b', 't')).toBe('jekyll');
    expect(await detectPreset(answering(200, [{ name: 'hugo.toml' }]), 'a/b', 't')).toBe('hugo');
    expect(await detectPreset(answering(200, [{ name: 'astro.config.mjs' }]), 'a/b', 't')).toBe('astro');
    expect(await detectPreset(answering(200, [{ name: 'eleventy.config.js' }]), 'a/b', 't')).toBe('generic');
  });

  it('a listing that is not one names no generator; one over 8 MiB is refused unread', async () => {
    expect(await detectPreset(answering(200, { message: 'odd' }), 'a/b', 't')).toBe('generic');
    expect(await detectPreset(answering(200, [null, 7, { name: 'hugo.yaml' }]), 'a/b', 't')).toBe('hugo');
    const huge: typeof fetch = async () =>
      new Response('[]', { status: 200, headers: { 'Content-Length': String(64 * 1024 * 1024) } });
    await expect(detectPreset(huge, 'a/b', 't')).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('a generic repository is not ready without its paths; with them the written config passes the plugin', () => {
    const github = {
      repo: 'jana/blog',
      token: 'github_pat_SECRET',
      siteUrl: 'https://jana.example/',
      preset: 'generic' as const,
    };
    const blog: BlogAnswer = {
      id: 5,
      name: 'Blog',
      url: 'https://jana.example/',
      target: 'github',
      github,
      agent: true,
    };
    expect(blogReady(blog)).toBe(false);
    const generic = {
      article: 'src/posts/{slug}.{ext}',
      images: 'src/images/{slug}/',
      imageUrl: '/images/{slug}/{filename}',
      urlPattern: 'posts/{slug}/',
    };
    const ready: BlogAnswer = { ...blog, github: { ...github, generic } };
    expect(blogReady(ready)).toBe(true);

    const dataDir = mkdtempSync(join(tmpdir(), 'pb-github-step-'));
    dirs.push(dataDir);
    const answers: SetupAnswers = {
      language: 'en',
      marketplace: { baseUrl: 'https://api.example', apiKey: 'mk_key' },
      blogs: [ready],
      intake: { mode: 'poll', listen: { host: '127.0.0.1', port: 8080 } },
      status: { host: '127.0.0.1', port: 8081 },
    };
    const written = writeInstallation(answers, dataDir);
    const config = loadConfig({ path: written.configPath, env: {} });
    const options = GitHubOptions.safeParse(config.blogs[0]?.options);
    expect(options.error?.issues ?? []).toEqual([]);
    expect(config.blogs[0]?.options).toMatchObject({
      preset: 'generic',
      paths: { article: generic.article, images: generic.images, imageUrl: generic.imageUrl },
      urlPattern: generic.urlPattern,
    });
  });
});
