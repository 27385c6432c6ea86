/**
 * Real static-site generators over what the github plugin commits: a minimal blog per generator
 * (test/fixtures/generator-sites/), the commit's files laid into a copy of it, the generator run, and the built
 * folder served under `/<name>/` by one local server. Jekyll and Hugo are Debian's (`apt-get install jekyll
 * hugo jekyll-theme-minima ruby-jekyll-seo-tag ruby-jekyll-feed`), Eleventy and Astro the project's dev
 * dependencies.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import type { GitHubOptionsInput } from '../../plugins/github/index.js';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(REPO_ROOT, 'test/fixtures/generator-sites');
const NODE_MODULES = join(REPO_ROOT, 'node_modules');

const INSTALL_HINT =
  'Jekyll and Hugo are Debian packages: apt-get install jekyll jekyll-theme-minima ruby-jekyll-seo-tag ruby-jekyll-feed hugo (bash .ci/run installs them)';

export type GeneratorName = 'jekyll' | 'hugo' | 'eleventy-njk' | 'eleventy-liquid' | 'astro';

export interface Generator {
  name: GeneratorName;
  /** The folder under test/fixtures/generator-sites/ the blog is copied from. */
  fixture: 'jekyll' | 'hugo' | 'eleventy' | 'astro';
  /** The github plugin's options for such a blog, besides the repository and the site's address. */
  options: Partial<GitHubOptionsInput>;
  /** The built site's folder, relative to the blog's. */
  output: string;
  /** Where the article's text lands on the page (the theme's element around `content`). */
  content: string;
  /** The generator's command for a blog at `dir` served at `siteUrl`. */
  command(dir: string, siteUrl: string): Command;
}

interface Command {
  file: string;
  args: string[];
  env?: Record<string, string>;
}

/** The Eleventy blog with the generic preset, as the plugin's README shows it. */
const ELEVENTY_OPTIONS: Partial<GitHubOptionsInput> = {
  preset: 'generic',
  paths: {
    article: 'content/blog/{slug}/index.{ext}',
    images: 'content/blog/{slug}/',
    imageUrl: '{filename}',
    coverUrl: '/blog/{slug}/{filename}',
  },
  urlPattern: 'blog/{slug}/',
};

function eleventy(engine: 'njk' | 'liquid'): Generator {
  return {
    name: `eleventy-${engine}`,
    fixture: 'eleventy',
    options: ELEVENTY_OPTIONS,
    output: '_site',
    content: '.post-content',
    command: (_dir, siteUrl) => ({
      file: process.execPath,
      args: [join(NODE_MODULES, '@11ty/eleventy/cmd.cjs'), '--quiet', '--config=eleventy.config.mjs'],
      env: { PB_ELEVENTY_ENGINE: engine, PB_SITE_BASE: new URL(siteUrl).pathname },
    }),
  };
}

export const GENERATORS: readonly Generator[] = [
  {
    name: 'jekyll',
    fixture: 'jekyll',
    options: { preset: 'jekyll' },
    output: '_site',
    content: '.post-content',
    command: (dir) => ({
      file: 'jekyll',
      args: [
        'build',
        '--quiet',
        '--source',
        dir,
        '--destination',
        join(dir, '_site'),
        '--config',
        `${join(dir, '_config.yml')},${join(dir, '_config.test.yml')}`,
      ],
    }),
  },
  {
    name: 'hugo',
    fixture: 'hugo',
    options: { preset: 'hugo' },
    output: 'public',
    content: '.post-content',
    command: (dir, siteUrl) => ({
      file: 'hugo',
      args: ['--quiet', '--source', dir, '--baseURL', siteUrl, '--destination', join(dir, 'public')],
    }),
  },
  eleventy('njk'),
  eleventy('liquid'),
  {
    name: 'astro',
    fixture: 'astro',
    options: { preset: 'astro' },
    output: 'dist',
    content: '.post-content',
    command: (_dir, siteUrl) => {
      const url = new URL(siteUrl);
      return {
        file: process.execPath,
        args: [join(NODE_MODULES, 'astro/bin/astro.mjs'), 'build', '--silent'],
        env: { PB_SITE_URL: url.origin, PB_SITE_BASE: url.pathname, ASTRO_TELEMETRY_DISABLED: '1' },
      };
    },
  },
];

/**
 * A `node_modules` for a blog outside the repository, as npm would install one for it: every package of the
 * project's, with the ones a package keeps nested for itself (Astro's own `cookie`, for one) in their place.
 */
function linkNodeModules(dir: string, nestedOf: string[]): void {
  const target = join(dir, 'node_modules');
  mkdirSync(target);
  for (const entry of readdirSync(NODE_MODULES)) symlinkSync(join(NODE_MODULES, entry), join(target, entry));
  for (const owner of nestedOf) {
    const nested = join(NODE_MODULES, owner, 'node_modules');
    if (!existsSync(nested)) continue;
    for (const entry of readdirSync(nested)) {
      if (entry.startsWith('.')) continue;
      rmSync(join(target, entry), { force: true });
      symlinkSync(join(nested, entry), join(target, entry));
    }
  }
}

export interface Blog {
  generator: Generator;
  dir: string;
  siteUrl: string;
}

/** A copy of the generator's blog with `files` (repository path → bytes) laid in. */
export function prepareBlog(generator: Generator, siteUrl: string, files: ReadonlyMap<string, Buffer>): Blog {
  const dir = mkdtempSync(join(tmpdir(), `pb-${generator.name}-`));
  cpSync(join(FIXTURES, generator.fixture), dir, { recursive: true });
  for (const [path, bytes] of files) {
    const target = normalize(join(dir, path));
    if (!target.startsWith(`${dir}/`)) throw new Error(`the commit holds a path outside the blog: ${path}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  if (generator.fixture === 'jekyll') {
    const url = new URL(siteUrl);
    writeFileSync(
      join(dir, '_config.test.yml'),
      `url: ${url.origin}\nbaseurl: ${url.pathname.replace(/\/$/, '')}\n`,
    );
  }
  if (generator.fixture === 'eleventy' || generator.fixture === 'astro') linkNodeModules(dir, ['astro']);
  return { generator, dir, siteUrl };
}

export interface BuildResult {
  code: number | null;
  output: string;
  ms: number;
}

/** Runs the generator over the blog (within `timeoutMs`), with its output kept for the test's message. */
export async function buildBlog(blog: Blog, timeoutMs = 180_000): Promise<BuildResult> {
  const { file, args, env } = blog.generator.command(blog.dir, blog.siteUrl);
  const started = Date.now();
  return await new Promise((done) => {
    const child = spawn(file, args, {
      cwd: blog.dir,
      env: { ...process.env, ...env, NO_COLOR: '1', CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      if (output.length < 64_000) output += chunk.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      const hint = (error as NodeJS.ErrnoException).code === 'ENOENT' ? `\n${INSTALL_HINT}` : '';
      done({ code: null, output: `${output}\n${error.message}${hint}`, ms: Date.now() - started });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output, ms: Date.now() - started });
    });
  });
}

/**
 * What jekyll-seo-tag prints for each text (its `<title>`, og:title, description): the plugin's own filters
 * (Markdown through the blog's converter with typography, tags stripped), run by Ruby with Debian's gems.
 */
export async function jekyllSeoTexts(texts: readonly string[]): Promise<string[]> {
  const script = join(FIXTURES, 'jekyll-seo-text.rb');
  return await new Promise((done, fail) => {
    const child = spawn('ruby', [script, join(FIXTURES, 'jekyll')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => {
      if (code === 0) done(JSON.parse(output) as string[]);
      else fail(new Error(`ruby ${script} exited ${code}: ${output.slice(-2000)}`));
    });
    child.stdin.end(JSON.stringify(texts));
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export interface SiteServer {
  origin: string;
  /** Serves `folder` under `/<name>/`. */
  mount(name: string, folder: string): void;
  close(): Promise<void>;
}

/** One local server for every built blog, each under its own path (so each has a base path, as on Pages). */
export async function startSiteServer(): Promise<SiteServer> {
  const mounts = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const [, name = '', ...rest] = path.split('/');
    const root = mounts.get(name);
    const relative = rest.join('/');
    const candidate = root === undefined ? undefined : normalize(join(root, relative));
    if (candidate === undefined || root === undefined || !candidate.startsWith(root)) {
      res.writeHead(404).end();
      return;
    }
    const file = relative === '' || relative.endsWith('/') ? join(candidate, 'index.html') : candidate;
    readFile(file)
      .then((body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      })
      .catch(() => {
        // A folder asked for without its slash, as a server would redirect it.
        if (existsSync(join(candidate, 'index.html'))) res.writeHead(301, { location: `${path}/` }).end();
        else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    mount: (name, folder) => mounts.set(name, resolve(folder)),
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
