/**
 * The site's index page (`indexPage`) and the deal manifests it is made from: rewritten after each page is
 * in place, written empty as soon as the folder is served, and never over an index.html pressbridge did not
 * write (that is left alone, with one warning).
 */
import { errorMessage } from '../../src/errors.js';
import type { Logger, PublishLog } from '../../src/publisher/types.js';
import { isGeneratedPage, type PageSite, renderIndexPage } from './page.js';
import { isSafeArticlePath } from './paths.js';
import { type DealManifest, folderLock, type SiteFolder } from './site.js';

export interface SiteIndex {
  /** An (empty) index page as soon as the folder is served, so that its address answers before any article. */
  writeFirstIndex(): Promise<void>;
  /** Manifest and index after the page is in place: neither is needed to find the page again (the marker is). */
  recordPage(manifest: DealManifest, dlog: PublishLog): Promise<void>;
}

export function createSiteIndex(deps: {
  site: SiteFolder;
  dir: string;
  indexPage: boolean;
  pageSite: PageSite;
  log: Logger;
}): SiteIndex {
  const { site, dir, log } = deps;
  let warnedForeignIndex = false;

  async function regenerateIndex(dlog: PublishLog): Promise<void> {
    if (!deps.indexPage) return;
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
    await site.writeFileAtomic('index.html', renderIndexPage(deps.pageSite, entries));
  }

  async function writeFirstIndex(): Promise<void> {
    if (!deps.indexPage) return;
    try {
      await folderLock.run(dir, async () => {
        if (await site.exists('index.html')) return;
        await site.prepare();
        await regenerateIndex(log);
      });
    } catch (error) {
      log.warn({ err: errorMessage(error), dir }, 'could not write index.html of the static site folder');
    }
  }

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

  return { writeFirstIndex, recordPage };
}
