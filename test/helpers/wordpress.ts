/**
 * Real WordPress sites for integration tests: Debian's `wordpress` package served by PHP's built-in server
 * (scripts/wordpress/), one MariaDB database per site, each site on its own random port.
 *
 * Two WordPress versions: the current one, Debian 13's 6.8 unpacked in /opt/pressbridge-wp/6.8 (default), and
 * the oldest supported, Debian 12's installed 6.1. `PRESSBRIDGE_WP=6.1` in the environment (or the `version`
 * option) makes every startWordPress() serve 6.1, so the same test files run against both (.ci/run runs a smoke
 * set of them again on 6.1).
 *
 * Needs `bash scripts/wordpress/install.sh` (and, for 6.8, `install-current.sh`) to have run once on the
 * machine (CI's .ci/run does both), and root (setup-site.php writes /etc/wordpress/config-pressbridge-<name>.php
 * and creates databases as MariaDB's root).
 *
 *   const site = await startWordPress();                     // a throwaway site, dropped by stop()
 *   const shared = await startWordPress({ name: 'publisher' }); // kept between runs; fast to start again
 *   ...
 *   await site.stop();
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { z } from 'zod';
import { freePort } from './redis-server.js';
import {
  selectedWordPress,
  setupRootArgs,
  WORDPRESS_CORES,
  WORDPRESS_VERSIONS,
  type WordPressVersion,
  wordpressCoreDir,
} from './wordpress-version.js';

const execFileAsync = promisify(execFile);

const SCRIPTS_DIR = fileURLToPath(new URL('../../scripts/wordpress/', import.meta.url));
const SETUP_SITE = `${SCRIPTS_DIR}setup-site.php`;
const SERVE = `${SCRIPTS_DIR}serve.sh`;

const READY_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;

export interface WordPressSite {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  /** The administrator's login, `admin`. */
  username: string;
  /** A fresh Application Password of `admin` (Basic auth with `username`). */
  applicationPassword: string;
  /** Every category of the site, `Uncategorized` included, by id: "Cestování", "Technika", "Zdraví", … */
  categories: Array<{ id: number; name: string }>;
  /** `<url>/wp-json/` with pretty permalinks, `<url>/?rest_route=/` without. */
  restRoot: string;
  /** Stops the server (its whole process group); a throwaway site's database and uploads are dropped too. */
  stop(): Promise<void>;
  /**
   * The site's name: database `wp_<name>`, config `/etc/wordpress/config-pressbridge-<name>.php`; the name
   * asked for, with `-wp68` added on 6.8.
   */
  name: string;
  /** Which WordPress serves it. */
  version: WordPressVersion;
  port: number;
  prettyPermalinks: boolean;
  /** Whether this start ran `wp_install()` (a new or reset database). */
  installed: boolean;
  /** The administrator's login password (wp-admin by hand; REST clients use the Application Password). */
  adminPassword: string;
  /** A second user with the role editor (password login only; no Application Password). */
  editor: { username: string; password: string };
  /** The users asked for by the option `users`, each with a fresh Application Password. */
  users: SiteUser[];
}

/** A user made for one test (the option `users`): its login password and an Application Password. */
export interface SiteUser {
  username: string;
  role: string;
  password: string;
  applicationPassword: string;
}

export interface StartWordPressOptions {
  /**
   * `[a-z0-9][a-z0-9-]*`, at most 40 characters. Given: the site is kept after stop() and reused by the next
   * start with the same name (only a new Application Password is made). Omitted: a throwaway site with a
   * random name, installed fresh and dropped by stop(). Two test files running at once must not share a name.
   */
  name?: string;
  /** Drop the named site's database and uploads and install it again. Always true for a throwaway site. */
  fresh?: boolean;
  /** `/%postname%/` when true (default); plain permalinks (REST only through `?rest_route=`) when false. */
  prettyPermalinks?: boolean;
  /** PHP_CLI_SERVER_WORKERS: requests served at once (default 4). */
  workers?: number;
  /** Which WordPress: default PRESSBRIDGE_WP's, else 6.8. */
  version?: WordPressVersion;
  /**
   * WP_ENVIRONMENT_TYPE (default `local`, which Application Passwords over plain http need; `production` makes
   * them unavailable over http, as on a real site without https).
   */
  environment?: 'local' | 'development' | 'staging' | 'production';
  /** Absolute paths of PHP files this site loads as must-use plugins (besides scripts/wordpress/mu-plugins/). */
  muPlugins?: string[];
  /** Users to create (once) with these roles, each with a fresh Application Password (`site.users`). */
  users?: Array<{ username: string; role: string }>;
  /**
   * The server drops the Authorization header before WordPress sees it (router.php), as Apache with PHP as
   * CGI/FastCGI or a proxy does unless told to pass it on. wp-admin's cookie login still works.
   */
  dropAuthorization?: boolean;
}

const setupOutputSchema = z.object({
  url: z.string(),
  username: z.string(),
  password: z.string(),
  applicationPassword: z.string(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  installed: z.boolean(),
  permalinks: z.enum(['pretty', 'plain']),
  editor: z.object({ username: z.string(), password: z.string() }),
  users: z
    .array(
      z.object({
        username: z.string(),
        role: z.string(),
        password: z.string(),
        applicationPassword: z.string(),
      }),
    )
    .default([]),
});

/** A non-2xx answer from WordPress's REST API, with what it said. */
export class WordPressRequestError extends Error {
  override readonly name = 'WordPressRequestError';
  constructor(
    readonly method: string,
    readonly requestUrl: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${method} ${requestUrl} answered ${status}: ${body.slice(0, 500)}`);
  }
}

function assertInstalled(version: WordPressVersion): void {
  const dir = wordpressCoreDir(version);
  if (!existsSync(`${dir}/wp-load.php`)) {
    throw new Error(
      `WordPress ${version} is not installed (${dir}/wp-load.php is missing): run \`bash scripts/wordpress/${WORDPRESS_CORES[version].install}\` (as root) first`,
    );
  }
}

async function runSetup(args: string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync('php', [SETUP_SITE, ...args], {
      timeout: 60_000,
      maxBuffer: 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const detail =
      error instanceof Error && 'stderr' in error && typeof error.stderr === 'string' && error.stderr.trim()
        ? error.stderr.trim()
        : String(error);
    throw new Error(`php ${SETUP_SITE} ${args.join(' ')} failed: ${detail}`);
  }
}

interface Server {
  child: ChildProcess;
  stderrTail: () => string;
}

function spawnServer(
  port: number,
  name: string,
  workers: number,
  version: WordPressVersion,
  dropAuthorization: boolean,
): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PHP_CLI_SERVER_WORKERS: String(workers),
    PRESSBRIDGE_WP_WATCH_STDIN: '1',
  };
  if (dropAuthorization) env.PRESSBRIDGE_WP_DROP_AUTHORIZATION = '1';
  else delete env.PRESSBRIDGE_WP_DROP_AUTHORIZATION;
  const child = spawn('bash', [SERVE, String(port), name, WORDPRESS_CORES[version].root], {
    detached: true, // its own process group: stop() signals php and its forked workers at once
    stdio: ['pipe', 'ignore', 'pipe'],
    env,
  });
  // The open stdin pipe is a lifeline: when this process dies, serve.sh sees EOF and stops its group.
  // Unreferenced, so a test that forgets stop() does not keep the process alive.
  child.unref();
  (child.stdin as (Writable & { unref?: () => void }) | null)?.unref?.();
  const lines: string[] = [];
  const stderr = child.stderr as (Readable & { unref?: () => void }) | null;
  stderr?.setEncoding('utf8');
  stderr?.on('data', (chunk: string) => {
    lines.push(...chunk.split('\n').filter((l) => l.trim() !== ''));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  });
  stderr?.unref?.();
  return { child, stderrTail: () => lines.join('\n') };
}

async function waitUntilReady(server: Server, url: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError = '';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `php -S for ${url} exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.stderrTail()}`,
      );
    }
    try {
      const res = await fetch(`${url}/?rest_route=/`, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(
    `WordPress at ${url} did not answer within ${READY_TIMEOUT_MS} ms (${lastError}):\n${server.stderrTail()}`,
  );
}

/**
 * Whether a process of the group is still running. Zombies do not count: php's forked workers are orphaned
 * when the group stops, and the machine's init may take a second or more to reap them, while
 * `process.kill(-pgid, 0)` still finds them.
 */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch {
    return false;
  }
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true; // no procfs: trust kill(0)
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid pgrp …; comm may contain spaces and parentheses, so split after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
    } catch {
      // exited meanwhile
    }
  }
  return false;
}

async function stopServer(child: ChildProcess): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  const signal = (sig: NodeJS.Signals): void => {
    try {
      process.kill(-pgid, sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  if (groupAlive(pgid)) {
    signal('SIGKILL');
    const killDeadline = Date.now() + STOP_TIMEOUT_MS;
    while (groupAlive(pgid) && Date.now() < killDeadline) await new Promise((r) => setTimeout(r, 20));
  }
}

const THROWAWAY_CONFIG = /^config-pressbridge-(tmp-[0-9a-z]+-[0-9a-f]{6}(-wp[0-9]+)?)\.php$/;
const THROWAWAY_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/** Drops throwaway sites left behind by test processes that died before stop() (older than 6 hours). */
async function pruneStaleThrowaways(): Promise<void> {
  let files: string[];
  try {
    files = readdirSync('/etc/wordpress');
  } catch {
    return;
  }
  for (const file of files) {
    const match = THROWAWAY_CONFIG.exec(file);
    const name = match?.[1];
    if (name === undefined) continue;
    const version = WORDPRESS_VERSIONS.find((v) => WORDPRESS_CORES[v].suffix === (match?.[2] ?? ''));
    if (version === undefined) continue;
    try {
      if (Date.now() - statSync(`/etc/wordpress/${file}`).mtimeMs < THROWAWAY_MAX_AGE_MS) continue;
      await runSetup([`--name=${name}`, '--drop', ...setupRootArgs(version)]);
    } catch {
      // another process pruned it, or it cannot be dropped: not this test's concern
    }
  }
}

/**
 * Starts a WordPress site on a free port of 127.0.0.1 and waits until its REST API answers. Measured on the
 * 2-core machine: a fresh (throwaway or `fresh: true`) site ≈ 0.9–1.0 s, a reused named site ≈ 0.55–0.7 s;
 * stop() ≈ 30–100 ms.
 */
export async function startWordPress(options: StartWordPressOptions = {}): Promise<WordPressSite> {
  const version = options.version ?? selectedWordPress();
  assertInstalled(version);
  const throwaway = options.name === undefined;
  if (throwaway) await pruneStaleThrowaways();
  const name = siteName(
    options.name ?? `tmp-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`,
    version,
  );
  const pretty = options.prettyPermalinks ?? true;
  const workers = options.workers ?? 4;

  let port = await freePort();
  const args = [`--name=${name}`, `--permalinks=${pretty ? 'pretty' : 'plain'}`, ...setupRootArgs(version)];
  if (throwaway || options.fresh) args.push('--reset');
  if (options.environment !== undefined) args.push(`--environment=${options.environment}`);
  for (const file of options.muPlugins ?? []) args.push(`--mu-plugin=${file}`);
  for (const user of options.users ?? []) args.push(`--user=${user.username}:${user.role}`);
  const setup = setupOutputSchema.parse(
    JSON.parse(await runSetup([...args, `--url=http://127.0.0.1:${port}`])),
  );

  // The port was free a moment ago; if another process took it since, php exits at once: try another.
  let server: Server | undefined;
  let url = '';
  for (let attempt = 1; ; attempt++) {
    url = `http://127.0.0.1:${port}`;
    server = spawnServer(port, name, workers, version, options.dropAuthorization ?? false);
    try {
      await waitUntilReady(server, url);
      break;
    } catch (error) {
      await stopServer(server.child);
      if (attempt >= 3 || !/Address already in use|Failed to listen/i.test(server.stderrTail())) {
        if (throwaway)
          await runSetup([`--name=${name}`, '--drop', ...setupRootArgs(version)]).catch(() => undefined);
        throw error;
      }
      port = await freePort();
    }
  }

  const running = server;
  let stopped: Promise<void> | undefined;
  return {
    url,
    username: setup.username,
    applicationPassword: setup.applicationPassword,
    categories: setup.categories,
    restRoot: pretty ? `${url}/wp-json/` : `${url}/?rest_route=/`,
    name,
    version,
    port,
    prettyPermalinks: pretty,
    installed: setup.installed,
    adminPassword: setup.password,
    editor: setup.editor,
    users: setup.users,
    stop: () => {
      stopped ??= (async () => {
        await stopServer(running.child);
        if (throwaway) await runSetup([`--name=${name}`, '--drop', ...setupRootArgs(version)]);
      })();
      return stopped;
    },
  };
}

/** The name of a version's site for the name asked for (see WORDPRESS_CORES), checked as setup-site.php checks it. */
function siteName(asked: string, version: WordPressVersion): string {
  const name = `${asked}${WORDPRESS_CORES[version].suffix}`;
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(name)) {
    throw new Error(`site name must match [a-z0-9][a-z0-9-]{0,39}, got '${name}'`);
  }
  return name;
}

/**
 * Removes a named site for good: its database, uploads and config (stop its servers first). `name` as given
 * to startWordPress(), of the selected version unless `version` says otherwise.
 */
export async function dropWordPressSite(
  name: string,
  version: WordPressVersion = selectedWordPress(),
): Promise<void> {
  await runSetup([`--name=${siteName(name, version)}`, '--drop', ...setupRootArgs(version)]);
}

// --- REST helpers for assertions -------------------------------------------------------------------------

type SiteRef = Pick<WordPressSite, 'url' | 'username' | 'applicationPassword' | 'restRoot'>;

/** `Basic …` for the site's administrator and Application Password. */
export function authorization(site: Pick<SiteRef, 'username' | 'applicationPassword'>): string {
  return `Basic ${Buffer.from(`${site.username}:${site.applicationPassword}`).toString('base64')}`;
}

/**
 * The URL of a REST route, in either permalink mode: `restUrl(site, '/wp/v2/posts?search=x')` is
 * `<url>/wp-json/wp/v2/posts?search=x` or `<url>/?rest_route=/wp/v2/posts&search=x`.
 */
export function restUrl(site: Pick<SiteRef, 'restRoot'>, path: string): string {
  const route = path.startsWith('/') ? path : `/${path}`;
  if (site.restRoot.includes('?rest_route=')) {
    const q = route.indexOf('?');
    const pathname = q === -1 ? route : route.slice(0, q);
    const query = q === -1 ? '' : route.slice(q + 1);
    return `${site.restRoot.slice(0, -1)}${encodeURI(pathname)}${query ? `&${query}` : ''}`;
  }
  return `${site.restRoot.replace(/\/$/, '')}${route}`;
}

/** An authenticated request to a REST route (`path` as for restUrl); the Response as it came. */
export async function wpFetch(site: SiteRef, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('authorization')) headers.set('authorization', authorization(site));
  return await fetch(restUrl(site, path), { ...init, headers });
}

async function jsonOrThrow(method: string, url: string, res: Response): Promise<unknown> {
  const text = await res.text();
  if (!res.ok) throw new WordPressRequestError(method, url, res.status, text);
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/** Authenticated JSON GET of a REST route; throws WordPressRequestError on a non-2xx answer. */
export async function wpGet<T = unknown>(site: SiteRef, path: string): Promise<T> {
  const res = await wpFetch(site, path);
  return (await jsonOrThrow('GET', res.url, res)) as T;
}

/** Authenticated JSON request with a JSON body (POST by default). */
export async function wpSend<T = unknown>(
  site: SiteRef,
  path: string,
  body: unknown,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST',
): Promise<T> {
  const res = await wpFetch(site, path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await jsonOrThrow(method, res.url, res)) as T;
}

/** The fields of a post that tests look at (context=edit: raw title and content included). */
export interface WpPost {
  id: number;
  status: string;
  slug: string;
  link: string;
  date_gmt: string | null;
  title: { raw?: string; rendered: string };
  content: { raw?: string; rendered: string };
  excerpt: { raw?: string; rendered: string };
  categories: number[];
  tags: number[];
  featured_media: number;
  meta?: Record<string, unknown>;
}

export interface WpMedia {
  id: number;
  slug: string;
  source_url: string;
  mime_type: string;
  media_type: string;
  post: number | null;
  alt_text: string;
  title: { raw?: string; rendered: string };
  media_details: {
    width?: number;
    height?: number;
    file?: string;
    sizes?: Record<string, { file: string; width: number; height: number; source_url: string }>;
  };
}

const ALL_STATUSES = 'publish,future,draft,pending,private,trash';

async function listAll<T>(site: SiteRef, route: string, query: URLSearchParams): Promise<T[]> {
  const items: T[] = [];
  query.set('per_page', '100');
  for (let page = 1; ; page++) {
    query.set('page', String(page));
    const res = await wpFetch(site, `${route}?${query.toString()}`);
    if (res.status === 400 && page > 1) {
      await res.arrayBuffer(); // rest_post_invalid_page_number: past the last page
      break;
    }
    const batch = (await jsonOrThrow('GET', res.url, res)) as T[];
    items.push(...batch);
    const totalPages = Number(res.headers.get('x-wp-totalpages') ?? '1');
    if (batch.length === 0 || page >= totalPages) break;
  }
  return items;
}

/**
 * Posts of the site, newest first (context=edit). `status: 'any'` (default) is every status but trash;
 * `'all'` includes the trash too.
 */
export async function listPosts(
  site: SiteRef,
  options: { status?: string; search?: string; slug?: string } = {},
): Promise<WpPost[]> {
  const status = options.status === 'all' ? ALL_STATUSES : (options.status ?? 'any');
  const query = new URLSearchParams({ status, context: 'edit' });
  if (options.search !== undefined) query.set('search', options.search);
  if (options.slug !== undefined) query.set('slug', options.slug);
  return await listAll<WpPost>(site, '/wp/v2/posts', query);
}

/** Every media item of the site (context=edit), newest first. */
export async function listMedia(site: SiteRef): Promise<WpMedia[]> {
  return await listAll<WpMedia>(site, '/wp/v2/media', new URLSearchParams({ context: 'edit' }));
}

async function deleteEach(site: SiteRef, route: string, ids: number[]): Promise<void> {
  for (const id of ids) {
    const res = await wpFetch(site, `${route}/${id}?force=true`, { method: 'DELETE' });
    if (res.status !== 404) await jsonOrThrow('DELETE', res.url, res);
    else await res.arrayBuffer();
  }
}

/**
 * Runs WordPress's due cron events once (DISABLE_WP_CRON is set, so nothing runs on page loads): publishes
 * `future` posts whose date has passed, among others.
 */
export async function runCron(site: Pick<WordPressSite, 'url'>): Promise<void> {
  const res = await fetch(`${site.url}/wp-cron.php?doing_wp_cron=${Date.now() / 1000}`);
  await res.arrayBuffer();
  if (!res.ok) throw new WordPressRequestError('GET', res.url, res.status, '');
}

/** Deletes every post (all statuses, trash included) for good. */
export async function deleteAllPosts(site: SiteRef): Promise<void> {
  const posts = await listPosts(site, { status: 'all' });
  await deleteEach(
    site,
    '/wp/v2/posts',
    posts.map((p) => p.id),
  );
}

/**
 * Isolation between tests on a reused site: deletes every post, page and media item (files included) and
 * every tag; categories other than the site's initial ones are deleted as well.
 */
export async function resetContent(site: SiteRef & Pick<WordPressSite, 'categories'>): Promise<void> {
  await deleteAllPosts(site);
  const pages = await listAll<{ id: number }>(
    site,
    '/wp/v2/pages',
    new URLSearchParams({ status: ALL_STATUSES }),
  );
  await deleteEach(
    site,
    '/wp/v2/pages',
    pages.map((p) => p.id),
  );
  const media = await listMedia(site);
  await deleteEach(
    site,
    '/wp/v2/media',
    media.map((m) => m.id),
  );
  const tags = await listAll<{ id: number }>(
    site,
    '/wp/v2/tags',
    new URLSearchParams({ hide_empty: 'false' }),
  );
  await deleteEach(
    site,
    '/wp/v2/tags',
    tags.map((t) => t.id),
  );
  const keep = new Set(site.categories.map((c) => c.id));
  const categories = await listAll<{ id: number }>(
    site,
    '/wp/v2/categories',
    new URLSearchParams({ hide_empty: 'false' }),
  );
  await deleteEach(
    site,
    '/wp/v2/categories',
    categories.map((c) => c.id).filter((id) => !keep.has(id) && id !== 1),
  );
}

// --- block markup ----------------------------------------------------------------------------------------

/** A block as WordPress's own parser (`WP_Block_Parser`, what `parse_blocks()` uses) reads it. */
export interface ParsedBlock {
  blockName: string | null;
  attrs: Record<string, unknown>;
  innerBlocks: ParsedBlock[];
  innerHTML: string;
}

/**
 * Parses block markup with the selected WordPress's `WP_Block_Parser` (a standalone class: no site needed).
 * Top-level freeform HTML comes back as blocks with `blockName: null`.
 */
export function parseBlocks(content: string): ParsedBlock[] {
  const version = selectedWordPress();
  assertInstalled(version);
  const dir = wordpressCoreDir(version);
  const script = `require '${dir}/wp-includes/class-wp-block-parser.php';
$parser = new WP_Block_Parser();
echo json_encode($parser->parse(stream_get_contents(STDIN)));`;
  const out = execFileSync('php', ['-r', script], { input: content, encoding: 'utf8', timeout: 10_000 });
  const normalize = (block: ParsedBlock): ParsedBlock => ({
    blockName: block.blockName,
    // PHP encodes an empty attribute array as [].
    attrs: Array.isArray(block.attrs) ? {} : block.attrs,
    innerBlocks: block.innerBlocks.map(normalize),
    innerHTML: block.innerHTML,
  });
  return (JSON.parse(out) as ParsedBlock[]).map(normalize);
}

/**
 * A config `blogs[]` entry publishing marketplace blog `id` to this site (categories numbered as in WordPress),
 * with `options` added to the plugin's options.
 */
export function wordpressBlogConfig(
  wp: WordPressSite,
  id = 1,
  options: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    publisher: 'wordpress',
    options: {
      url: wp.url,
      username: wp.username,
      applicationPassword: wp.applicationPassword,
      categories: 'identity',
      ...options,
    },
  };
}
