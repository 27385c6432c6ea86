/**
 * The static-site publisher: each article becomes `<dir>/<slug>/index.html` with its photos beside it, written
 * atomically and exactly once per deal; optionally the folder is served by pressbridge itself.
 *
 * Exactly once: the page carries `<meta name="pressbridge-deal" content="<dealId>">`, and after the page is in
 * place a manifest `<dir>/.pressbridge/deals/<dealId>.json` records where it is. A publish looks at the
 * manifest first, then at the folder recorded in the deal record (`previous.staticPath`), then along the slug's
 * chain (`slug/`, `slug-2/`, …) for a page with the deal's marker. Only when none is found does it write, into
 * the first free folder of that chain: a folder that holds anything else (another deal's page, the blogger's
 * own files) is never touched.
 */
import { access, constants, readdir, rm, statfs } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { errorMessage, PublishError } from '../../src/errors.js';
import type { Logger } from '../../src/logger.js';
import type {
  DiagnosticCheck,
  DraftInput,
  DraftResult,
  Publisher,
  PublishInput,
  PublishLog,
  PublishResult,
  ReachabilityResult,
} from '../../src/publisher/types.js';
import type { ImageRef } from '../../src/render/types.js';
import { abortedError, errorCode, StaticErrorCode, toPublishError } from './errors.js';
import type { StaticOptions } from './options.js';
import {
  dealMarkerOf,
  hasDealMarker,
  isGeneratedPage,
  renderArticlePage,
  renderDraftPage,
  renderIndexPage,
} from './page.js';
import {
  articlePath,
  DRAFTS_DIR,
  imageFileName,
  isSafeArticlePath,
  pathToRoot,
  STATE_DIR,
  safeSlug,
  slugFromPath,
  suffixedSlug,
} from './paths.js';
import { type StaticServer, startStaticServer } from './server.js';
import { createSiteFolder, type DealManifest, withFolderLock } from './site.js';

/** A publisher for one static site folder. Beyond the contract: `diagnose`, `close`, and where things are. */
export interface StaticPublisher extends Publisher {
  /** The site folder, absolute. */
  readonly dir: string;
  /** The public address of the folder (trailing slash); with `serve` and no baseUrl, once the server listens. */
  baseUrl(): Promise<string>;
  diagnose(signal?: AbortSignal): Promise<DiagnosticCheck[]>;
  close(): Promise<void>;
}

export interface StaticPublisherContext {
  log: Logger;
  /** pressbridge's data folder: a relative `dir` is resolved against it. */
  dataDir: string;
  fetch?: typeof fetch | undefined;
  now?: () => Date;
  /** For tests: runs when the page's temporary folder is complete, just before it is renamed into place. */
  beforeCommit?: (tempFolder: string) => Promise<void>;
}

/** What this plugin records through `progress` (and reads back from `previous` as a hint). */
export const StaticProgress = z.object({
  /** The article's folder inside the site folder, e.g. `vylet-do-tater-2/`. */
  staticPath: z.string().optional().catch(undefined),
  /** The draft's file name inside `.drafts/`. */
  staticDraft: z.string().optional().catch(undefined),
});
export type StaticProgress = z.infer<typeof StaticProgress>;

/** `slug`, `slug-2`, … `slug-<MAX_SUFFIX>`: past that, something is wrong with the folder. */
const MAX_SUFFIX = 500;
const CHECK_TIMEOUT_MS = 10_000;
const LOW_SPACE_BYTES = 100 * 1024 * 1024;

type Found =
  | { kind: 'ours'; path: string; slug: string; manifest: DealManifest | undefined }
  | { kind: 'free'; path: string; slug: string };

export function createStaticPublisher(
  options: StaticOptions,
  context: StaticPublisherContext,
): StaticPublisher {
  const dir = resolve(context.dataDir, options.dir);
  const site = createSiteFolder(dir);
  const now = context.now ?? (() => new Date());
  const pageSite = { lang: options.lang, siteName: options.siteName };
  const log = context.log;
  let warnedForeignIndex = false;

  // --- the built-in server ------------------------------------------------------------------------------

  let server: StaticServer | undefined;
  let starting: Promise<StaticServer> | undefined;
  let closed = false;

  /** Starts the server once; after a failure (port in use) the next call tries again. */
  function ensureServing(serve: NonNullable<StaticOptions['serve']>): Promise<StaticServer> {
    if (server) return Promise.resolve(server);
    if (closed) {
      return Promise.reject(
        new PublishError(StaticErrorCode.cannotListen, `The static site server for ${dir} was stopped`, {
          retryable: true,
        }),
      );
    }
    starting ??= startStaticServer({ root: dir, host: serve.host, port: serve.port, log }).then(
      async (started) => {
        if (closed) {
          await started.close();
          throw new PublishError(
            StaticErrorCode.cannotListen,
            `The static site server for ${dir} was stopped`,
            {
              retryable: true,
            },
          );
        }
        await writeFirstIndex();
        server = started;
        log.info({ url: started.url, dir }, 'serving the static site');
        return started;
      },
      (error: unknown) => {
        starting = undefined;
        throw error;
      },
    );
    return starting;
  }

  if (options.serve) {
    // Started at once, so that what was published before a restart is reachable again without waiting for a
    // new deal; a failure is logged here and reported again by every publish until the port is free.
    ensureServing(options.serve).catch((error: unknown) => {
      log.error({ err: error, dir }, 'the static site server could not start');
    });
  }

  async function publicBase(): Promise<string> {
    if (options.baseUrl !== undefined) return options.baseUrl;
    if (options.serve === undefined) throw new Error('unreachable: the schema requires baseUrl or serve');
    return (await ensureServing(options.serve)).url;
  }

  // --- lookups ------------------------------------------------------------------------------------------

  /** 'ours' (the deal's page is there), 'other' (something else is), or 'free'. */
  async function folderState(path: string, dealId: number): Promise<'ours' | 'other' | 'free'> {
    if (!(await site.exists(path))) return 'free';
    const html = await site.readText(`${path}index.html`).catch((error: unknown) => {
      if (errorCode(error) === 'ENOTDIR') return undefined;
      throw error;
    });
    return html !== undefined && hasDealMarker(html, dealId) ? 'ours' : 'other';
  }

  async function findPage(dealId: number, slug: string, hint: string | undefined, dlog: PublishLog) {
    const manifest = await site.readManifest(dealId);
    if (manifest && isSafeArticlePath(manifest.path)) {
      const state = await folderState(manifest.path, dealId);
      if (state === 'ours') {
        return { kind: 'ours', path: manifest.path, slug: manifest.slug, manifest } satisfies Found;
      }
      // The manifest is written only after the page was in place: a page there without the marker is this
      // deal's page edited by hand, not a reason for a second one.
      const html = state === 'other' ? await site.readText(`${manifest.path}index.html`) : undefined;
      if (html !== undefined && dealMarkerOf(html) === undefined) {
        dlog.info(
          { path: manifest.path },
          'the deal’s page no longer carries its marker (edited by hand?); it is still the deal’s page',
        );
        return { kind: 'ours', path: manifest.path, slug: manifest.slug, manifest } satisfies Found;
      }
      dlog.warn(
        { path: manifest.path, dir },
        'the page recorded for this deal is gone from the static site folder; looking for it',
      );
    }
    if (hint !== undefined && isSafeArticlePath(hint) && hint !== manifest?.path) {
      if ((await folderState(hint, dealId)) === 'ours') {
        return {
          kind: 'ours',
          path: hint,
          slug: slugFromPath(options.pathPattern, hint, dealId) ?? slug,
          manifest: undefined,
        } satisfies Found;
      }
    }
    for (let attempt = 1; attempt <= MAX_SUFFIX; attempt++) {
      const candidate = suffixedSlug(slug, attempt);
      const path = articlePath(options.pathPattern, candidate, dealId);
      const state = await folderState(path, dealId);
      if (state === 'ours')
        return { kind: 'ours', path, slug: candidate, manifest: undefined } satisfies Found;
      if (state === 'free') return { kind: 'free', path, slug: candidate } satisfies Found;
    }
    throw new PublishError(
      StaticErrorCode.tooManySlugs,
      `The static site folder ${dir} already holds ${MAX_SUFFIX} folders for the slug "${slug}" (${articlePath(options.pathPattern, slug, dealId)} and its numbered variants): remove the ones that are not articles, or change the pathPattern`,
      { retryable: false },
    );
  }

  // --- writing ------------------------------------------------------------------------------------------

  async function regenerateIndex(dlog: PublishLog): Promise<void> {
    if (!options.indexPage) return;
    const existing = await site.readText('index.html');
    if (existing !== undefined && !isGeneratedPage(existing)) {
      if (!warnedForeignIndex) {
        warnedForeignIndex = true;
        dlog.warn(
          { dir },
          'index.html in the static site folder was not written by pressbridge: it is left alone (set indexPage: false to silence this)',
        );
      }
      return;
    }
    const entries = [];
    for (const manifest of await site.listManifests()) {
      if (!isSafeArticlePath(manifest.path) || !(await site.exists(`${manifest.path}index.html`))) continue;
      entries.push({
        href: manifest.path,
        title: manifest.title,
        publishedAt: new Date(manifest.publishedAt),
      });
    }
    await site.writeFileAtomic('index.html', renderIndexPage(pageSite, entries));
  }

  /** An (empty) index page as soon as the folder is served, so that its address answers before any article. */
  async function writeFirstIndex(): Promise<void> {
    if (!options.indexPage) return;
    try {
      await withFolderLock(dir, async () => {
        if (await site.exists('index.html')) return;
        await site.prepare();
        await regenerateIndex(log);
      });
    } catch (error) {
      log.warn({ err: errorMessage(error), dir }, 'could not write index.html of the static site folder');
    }
  }

  /** Manifest and index after the page is in place: neither is needed to find the page again (the marker is). */
  async function recordPage(manifest: DealManifest, dlog: PublishLog): Promise<void> {
    try {
      await site.writeManifest(manifest);
    } catch (error) {
      dlog.warn(
        { err: errorMessage(error), dir },
        'could not write the deal’s manifest in the static site folder',
      );
    }
    try {
      await regenerateIndex(dlog);
    } catch (error) {
      dlog.warn({ err: errorMessage(error), dir }, 'could not rewrite index.html of the static site folder');
    }
  }

  function pageFiles(input: PublishInput, path: string, url: string, publishedAt: Date) {
    const slug = safeSlug(input.slug);
    const files: Array<{ name: string; data: string | Buffer }> = [];
    const refs = new Map<number, ImageRef>();
    const used = new Set<string>(['index.html']);
    for (const image of input.images) {
      let name = imageFileName(image, slug);
      if (used.has(name.toLowerCase()))
        name = `${slug}-${image.n}.${name.endsWith('.webp') ? 'webp' : 'jpg'}`;
      if (used.has(name.toLowerCase())) continue;
      used.add(name.toLowerCase());
      files.push({ name, data: image.bytes });
      refs.set(image.n, { url: name, alt: image.alt, width: image.width, height: image.height });
    }
    const cover = input.article.cover === undefined ? undefined : refs.get(input.article.cover);
    const html = renderArticlePage({
      site: pageSite,
      dealId: input.deal.dealId,
      article: input.article,
      cover,
      images: refs,
      canonicalUrl: url,
      indexHref: options.indexPage ? pathToRoot(path) : undefined,
      publishedAt,
    });
    files.push({ name: 'index.html', data: html });
    return files;
  }

  async function publish(input: PublishInput): Promise<PublishResult> {
    const { deal, signal } = input;
    if (signal.aborted) throw abortedError(dir, signal.reason);
    const base = await publicBase();
    const slug = safeSlug(input.slug);
    const hint = StaticProgress.safeParse(input.previous).data?.staticPath;
    let outcome: { result: PublishResult; path: string };
    try {
      outcome = await withFolderLock(dir, async () => {
        await site.prepare();
        const stale = await site.removeStaleTemp();
        if (stale.length > 0) {
          input.log.info({ removed: stale, dir }, 'removed leftovers of an interrupted write');
        }
        // 'taken': another program created the folder between the lookup and the rename; look again.
        for (let round = 0; round < 3; round++) {
          const found = await findPage(deal.dealId, slug, hint, input.log);
          const url = new URL(found.path, base).href;
          if (found.kind === 'ours') {
            if (!found.manifest) {
              const info = await site.readText(`${found.path}index.html`);
              await recordPage(
                {
                  dealId: deal.dealId,
                  path: found.path,
                  slug: found.slug,
                  title: input.article.title,
                  publishedAt: publishedAtOf(info) ?? now().toISOString(),
                  files: [],
                },
                input.log,
              );
            }
            input.log.info({ url, path: found.path }, 'the deal’s page is already in the static site folder');
            return { result: { url, ref: `static:${found.slug}`, reused: true }, path: found.path };
          }
          if (signal.aborted) throw abortedError(dir, signal.reason);
          const publishedAt = now();
          const files = pageFiles(input, found.path, url, publishedAt);
          const written = await site.commitFolder(found.path, files, context.beforeCommit);
          if (written === 'taken') continue;
          await recordPage(
            {
              dealId: deal.dealId,
              path: found.path,
              slug: found.slug,
              title: input.article.title,
              publishedAt: publishedAt.toISOString(),
              files: files.map((f) => f.name),
            },
            input.log,
          );
          if (found.slug !== slug) {
            input.log.info(
              { slug, used: found.slug },
              'the slug is taken in the static site folder by something else; using a numbered one',
            );
          }
          input.log.info(
            { url, path: found.path, files: files.length },
            'article written to the static site',
          );
          return { result: { url, ref: `static:${found.slug}`, reused: false }, path: found.path };
        }
        throw new PublishError(
          StaticErrorCode.busy,
          `Another program keeps creating folders named like "${slug}" in ${dir}; will retry`,
          { retryable: true },
        );
      });
    } catch (error) {
      throw toPublishError(error, dir, 'the article');
    }
    // Outside the file-system error mapping: a failure to record is the deal record's, not the folder's.
    if (hint !== outcome.path) await input.progress({ staticPath: outcome.path });
    return outcome.result;
  }

  async function createDraft(input: DraftInput): Promise<DraftResult> {
    const { deal, signal } = input;
    if (signal.aborted) throw abortedError(dir, signal.reason);
    const slug = safeSlug(input.slug);
    const prefix = `${deal.dealId}-`;
    let outcome: { result: DraftResult; name: string | undefined };
    try {
      outcome = await withFolderLock(dir, async () => {
        await site.prepare();
        const existing = (await readdir(site.draftsDir))
          .filter((name) => name.startsWith(prefix) && name.endsWith('.html'))
          .sort()[0];
        if (existing !== undefined) {
          input.log.info({ file: join(site.draftsDir, existing) }, 'the deal’s draft already exists');
          return { result: { ref: `static:${DRAFTS_DIR}/${existing}`, reused: true }, name: undefined };
        }
        const name = `${prefix}${slug}.html`;
        const html = renderDraftPage({
          site: pageSite,
          dealId: deal.dealId,
          title: input.title,
          briefHtml: input.briefHtml,
          createdAt: now(),
        });
        const created = await site.createFileAtomic(`${DRAFTS_DIR}/${name}`, html);
        input.log.info({ file: join(site.draftsDir, name) }, 'draft written (not public)');
        return { result: { ref: `static:${DRAFTS_DIR}/${name}`, reused: !created }, name };
      });
    } catch (error) {
      throw toPublishError(error, dir, 'the draft');
    }
    if (outcome.name !== undefined) await input.progress({ staticDraft: outcome.name });
    return outcome.result;
  }

  // --- checks -------------------------------------------------------------------------------------------

  /** Whether pressbridge can write the folder (or create it); no file is written. */
  async function folderWritable(): Promise<{ ok: boolean; detail: string }> {
    let path = dir;
    for (;;) {
      try {
        await access(path, constants.W_OK | constants.X_OK);
        return {
          ok: true,
          detail: path === dir ? `folder ${dir} is writable` : `folder ${dir} will be created in ${path}`,
        };
      } catch (error) {
        const code = errorCode(error);
        const parent = dirname(path);
        if (code !== 'ENOENT' || parent === path) {
          return { ok: false, detail: `folder ${path} is not writable (${code ?? errorMessage(error)})` };
        }
        path = parent;
      }
    }
  }

  async function probe(url: string, method: 'HEAD' | 'GET', signal?: AbortSignal): Promise<number> {
    const timeout = AbortSignal.timeout(CHECK_TIMEOUT_MS);
    // Looked up at call time: a test's HTTP mock may replace the global fetch after this publisher exists.
    const response = await (context.fetch ?? globalThis.fetch)(url, {
      method,
      redirect: 'follow',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    await response.body?.cancel().catch(() => undefined);
    return response.status;
  }

  async function checkReachable(signal?: AbortSignal): Promise<ReachabilityResult> {
    const folder = await folderWritable();
    if (!folder.ok) return folder;
    if (!options.serve) return { ok: true, detail: `${folder.detail}; published at ${options.baseUrl}` };
    try {
      const served = await ensureServing(options.serve);
      const status = await probe(served.url, 'HEAD', signal);
      return { ok: status < 500, detail: `${folder.detail}; serving at ${served.url} (HEAD / → ${status})` };
    } catch (error) {
      return { ok: false, detail: `${folder.detail}; server: ${errorMessage(error)}` };
    }
  }

  async function diagnose(signal?: AbortSignal): Promise<DiagnosticCheck[]> {
    const checks: DiagnosticCheck[] = [];
    const folderName = `static site folder ${dir}`;
    try {
      await site.prepare();
      await site.writeFileAtomic(`${STATE_DIR}/doctor-probe`, `${now().toISOString()}\n`);
      await rm(join(dir, STATE_DIR, 'doctor-probe'), { force: true });
      checks.push({ name: folderName, status: 'ok', detail: 'writable' });
    } catch (error) {
      const failure = toPublishError(error, dir, 'a test file');
      checks.push({ name: folderName, status: 'fail', detail: failure.message, fix: fixOf(failure.message) });
    }
    try {
      const space = await statfs(dir);
      const free = space.bavail * space.bsize;
      checks.push(
        free < LOW_SPACE_BYTES
          ? {
              name: `free space for ${dir}`,
              status: 'warn',
              detail: `${Math.round(free / 1024 / 1024)} MB free`,
              fix: 'free some space: every article needs room for its photos',
            }
          : {
              name: `free space for ${dir}`,
              status: 'ok',
              detail: `${Math.round(free / 1024 / 1024)} MB free`,
            },
      );
    } catch {
      // the folder check above already says why the folder is unusable
    }
    if (options.indexPage) {
      const existing = await site.readText('index.html').catch(() => undefined);
      if (existing !== undefined && !isGeneratedPage(existing)) {
        checks.push({
          name: `index page ${dir}/index.html`,
          status: 'warn',
          detail: 'was not written by pressbridge, so it is left alone and no list of articles is kept',
          fix: 'set indexPage: false, or move that index.html away',
        });
      }
    }
    if (options.serve) {
      const name = `file server on ${options.serve.host}:${options.serve.port || 'any free port'}`;
      try {
        const served = await ensureServing(options.serve);
        const status = await probe(served.url, 'HEAD', signal);
        checks.push({ name, status: 'ok', detail: `serving ${dir} at ${served.url} (HEAD / → ${status})` });
      } catch (error) {
        const inUse = error instanceof PublishError && error.code === StaticErrorCode.portInUse;
        checks.push({
          name,
          status: inUse ? 'warn' : 'fail',
          detail: errorMessage(error),
          fix: inUse
            ? 'fine while the pressbridge daemon itself is running and serving the folder; otherwise free the port'
            : 'check serve.host and serve.port',
        });
      }
    }
    if (options.baseUrl !== undefined) {
      const name = `public address ${options.baseUrl}`;
      try {
        const status = await probe(options.baseUrl, 'GET', signal);
        if (status >= 200 && status < 300) {
          checks.push({ name, status: 'ok', detail: `GET → ${status}` });
        } else if (status === 404 || status === 403) {
          checks.push({
            name,
            status: 'warn',
            detail: `GET → ${status}: no index page there (yet)`,
            fix: `after the first article, make sure ${dir} is what the web server serves at ${options.baseUrl} (see the static plugin's README: rsync or a web server pointed at the folder)`,
          });
        } else {
          checks.push({
            name,
            status: 'fail',
            detail: `GET → ${status}`,
            fix: `serve ${dir} at ${options.baseUrl}, or correct the option baseUrl`,
          });
        }
      } catch (error) {
        checks.push({
          name,
          status: 'fail',
          detail: `no answer: ${errorMessage(error)}`,
          fix: `serve ${dir} at ${options.baseUrl} (a web server, or serve: {} behind a reverse proxy), or correct the option baseUrl`,
        });
      }
    }
    return checks;
  }

  return {
    kind: 'static',
    get target() {
      return options.baseUrl ?? server?.url ?? `static site in ${dir}`;
    },
    dir,
    baseUrl: publicBase,
    publish,
    createDraft,
    checkReachable,
    diagnose,
    async close() {
      closed = true;
      const pending = starting;
      starting = undefined;
      const running = server ?? (await pending?.catch(() => undefined));
      server = undefined;
      await running?.close();
    },
  };
}

/** The part of an error message after the colon that says what to do. */
function fixOf(message: string): string {
  const at = message.lastIndexOf('): ');
  return at < 0 ? message : message.slice(at + 3);
}

/** The `datetime` of the page's first `<time>`, written when it was published. */
function publishedAtOf(html: string | undefined): string | undefined {
  const match = html === undefined ? null : /<time datetime="([^"]+)">/.exec(html);
  const value = match?.[1];
  return value !== undefined && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined;
}
