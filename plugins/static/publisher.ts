/**
 * The static-site publisher: each article becomes `<dir>/<slug>/index.html` with its photos beside it, written
 * atomically and exactly once per deal; optionally the folder is served by pressbridge itself (serving.ts,
 * server.ts).
 *
 * Exactly once: the page carries `<meta name="pressbridge-deal" content="<dealId>">`, and after the page is in
 * place a manifest `<dir>/.pressbridge/deals/<dealId>.json` records where it is (site-index.ts). A publish
 * looks for the deal's page first (lookup.ts) and writes only into a free folder. The doctor's checks are
 * diagnose.ts.
 */
import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { type Clock, systemClock } from '../../src/clock.js';
import { PublishError } from '../../src/errors.js';
import { readProgress, safeSlug } from '../../src/publisher/kit/index.js';
import { phrase } from '../../src/publisher/phrase.js';
import type {
  DiagnosticCheck,
  DiscardDraftInput,
  DiscardDraftResult,
  DraftInput,
  DraftResult,
  Logger,
  Publisher,
  PublishInput,
  PublishLog,
  PublishResult,
} from '../../src/publisher/types.js';
import type { ImageRef } from '../../src/render/index.js';
import { checkReachable, diagnose, type StaticCheckDeps } from './diagnose.js';
import { abortedError, StaticErrorCode, toPublishError } from './errors.js';
import { createPageFinder } from './lookup.js';
import type { StaticOptions } from './options.js';
import { renderArticlePage, renderDraftPage } from './page.js';
import { DRAFTS_DIR, imageFileName, pathToRoot } from './paths.js';
import { createSiteServing, type SiteServing } from './serving.js';
import { createSiteFolder, folderLock } from './site.js';
import { createSiteIndex } from './site-index.js';

/** A publisher for one static site folder. Beyond the contract: `diagnose`, `close`, and where things are. */
export interface StaticPublisher extends Publisher {
  /** The site folder, absolute. */
  readonly dir: string;
  /** The last look: a refused deal's draft deleted (never served). */
  discardDraft: NonNullable<Publisher['discardDraft']>;
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
  clock?: Clock;
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

export function createStaticPublisher(
  options: StaticOptions,
  context: StaticPublisherContext,
): StaticPublisher {
  const dir = resolve(context.dataDir, options.dir);
  const site = createSiteFolder(dir);
  const clock = context.clock ?? systemClock;
  const pageSite = { lang: options.lang, siteName: options.siteName };
  const log = context.log;
  const { findPage } = createPageFinder({ site, dir, pathPattern: options.pathPattern });
  const index = createSiteIndex({ site, dir, indexPage: options.indexPage, pageSite, log });
  const serving: SiteServing | undefined = options.serve
    ? createSiteServing({ dir, serve: options.serve, log, onListening: index.writeFirstIndex })
    : undefined;
  const { recordPage } = index;
  const checkDeps: StaticCheckDeps = { dir, options, site, serving, fetch: context.fetch, clock };

  async function publicBase(): Promise<string> {
    if (options.baseUrl !== undefined) return options.baseUrl;
    if (serving === undefined) throw new Error('unreachable: the schema requires baseUrl or serve');
    return (await serving.ensure()).url;
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

  /** The deal's draft files (`.drafts/<dealId>-*.html`), oldest name first. Call inside the folder lock. */
  async function draftsOf(dealId: number): Promise<string[]> {
    const prefix = `${dealId}-`;
    return (await readdir(site.draftsDir))
      .filter((name) => name.startsWith(prefix) && name.endsWith('.html'))
      .sort();
  }

  /**
   * Removes the deal's draft files (the last look's hold, docs/decisions/0025-the-last-look.md): once the page
   * is live, or the deal refused. The site never served them. Call inside the folder lock.
   */
  async function removeDrafts(dealId: number, log: PublishLog): Promise<string[]> {
    const names = await draftsOf(dealId);
    for (const name of names) await rm(join(site.draftsDir, name), { force: true });
    if (names.length > 0) log.info({ files: names, dir: site.draftsDir }, 'removed the deal’s draft');
    return names;
  }

  /** After the page is live: its held draft goes; a failure only warns (the live page is what counts). */
  async function removeDraftsAfterPublish(dealId: number, log: PublishLog): Promise<void> {
    await removeDrafts(dealId, log).catch((error: unknown) => {
      log.warn({ err: String(error), dir: site.draftsDir }, 'the deal’s draft could not be removed');
    });
  }

  async function publish(input: PublishInput): Promise<PublishResult> {
    const { deal, signal } = input;
    if (signal.aborted) throw abortedError(dir, signal.reason);
    const base = await publicBase();
    const slug = safeSlug(input.slug);
    const hint = readProgress(StaticProgress, input.previous).staticPath;
    let outcome: { result: PublishResult; path: string };
    try {
      outcome = await folderLock.run(dir, async () => {
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
                  publishedAt: publishedAtOf(info) ?? clock.now().toISOString(),
                  files: [],
                },
                input.log,
              );
            }
            input.log.info({ url, path: found.path }, 'the deal’s page is already in the static site folder');
            await removeDraftsAfterPublish(deal.dealId, input.log);
            return { result: { url, ref: `static:${found.slug}`, reused: true }, path: found.path };
          }
          if (signal.aborted) throw abortedError(dir, signal.reason);
          const publishedAt = clock.now();
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
          await removeDraftsAfterPublish(deal.dealId, input.log);
          return { result: { url, ref: `static:${found.slug}`, reused: false }, path: found.path };
        }
        throw new PublishError(
          StaticErrorCode.busy,
          `Another program keeps creating folders named like "${slug}" in ${dir}; will retry`,
          { retryable: true },
        );
      });
    } catch (error) {
      throw toPublishError(error, dir, phrase('static.what.article'));
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
      outcome = await folderLock.run(dir, async () => {
        await site.prepare();
        const existing = (await draftsOf(deal.dealId))[0];
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
          createdAt: clock.now(),
        });
        const created = await site.createFileAtomic(`${DRAFTS_DIR}/${name}`, html);
        input.log.info({ file: join(site.draftsDir, name) }, 'draft written (not public)');
        return { result: { ref: `static:${DRAFTS_DIR}/${name}`, reused: !created }, name };
      });
    } catch (error) {
      throw toPublishError(error, dir, phrase('static.what.draft'));
    }
    if (outcome.name !== undefined) await input.progress({ staticDraft: outcome.name });
    return outcome.result;
  }

  /** A refused deal's draft deleted: it lay outside the built site, so nothing public changes. */
  async function discardDraft(input: DiscardDraftInput): Promise<DiscardDraftResult> {
    if (input.signal.aborted) throw abortedError(dir, input.signal.reason);
    try {
      const removed = await folderLock.run(dir, async () => {
        await site.prepare();
        return await removeDrafts(input.deal.dealId, input.log);
      });
      return removed.length > 0
        ? { outcome: 'deleted', detail: removed.map((name) => `${DRAFTS_DIR}/${name}`).join(', ') }
        : { outcome: 'gone' };
    } catch (error) {
      throw toPublishError(error, dir, phrase('static.what.draft'));
    }
  }

  return {
    kind: 'static',
    get target() {
      return options.baseUrl ?? serving?.url() ?? `static site in ${dir}`;
    },
    dir,
    baseUrl: publicBase,
    publish,
    createDraft,
    discardDraft,
    checkReachable: (signal) => checkReachable(checkDeps, signal),
    diagnose: (signal) => diagnose(checkDeps, signal),
    close: async () => {
      await serving?.close();
    },
  };
}

/** The `datetime` of the page's first `<time>`, written when it was published. */
function publishedAtOf(html: string | undefined): string | undefined {
  const match = html === undefined ? null : /<time datetime="([^"]+)">/.exec(html);
  const value = match?.[1];
  return value !== undefined && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined;
}
