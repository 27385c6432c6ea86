/**
 * Where a deal's page is in the site folder, or where it goes: the manifest first, then the folder recorded
 * in the deal record (`previous.staticPath`), then along the slug's chain (`slug/`, `slug-2/`, …) for a page
 * with the deal's marker. Only when none is found is the first free folder of that chain chosen: a folder
 * that holds anything else (another deal's page, the blogger's own files) is never touched.
 */
import { PublishError } from '../../src/errors.js';
import type { PublishLog } from '../../src/publisher/types.js';
import { errorCode, StaticErrorCode } from './errors.js';
import { dealMarkerOf, hasDealMarker } from './page.js';
import { articlePath, isSafeArticlePath, slugFromPath, suffixedSlug } from './paths.js';
import type { DealManifest, SiteFolder } from './site.js';

/** `slug`, `slug-2`, … `slug-<MAX_SUFFIX>`: past that, something is wrong with the folder. */
const MAX_SUFFIX = 500;

export type Found =
  | { kind: 'ours'; path: string; slug: string; manifest: DealManifest | undefined }
  | { kind: 'free'; path: string; slug: string };

export interface PageFinder {
  findPage(dealId: number, slug: string, hint: string | undefined, dlog: PublishLog): Promise<Found>;
}

export function createPageFinder(deps: { site: SiteFolder; dir: string; pathPattern: string }): PageFinder {
  const { site, dir, pathPattern } = deps;

  /** 'ours' (the deal's page is there), 'other' (something else is), or 'free'. */
  async function folderState(path: string, dealId: number): Promise<'ours' | 'other' | 'free'> {
    if (!(await site.exists(path))) return 'free';
    const html = await site.readText(`${path}index.html`).catch((error: unknown) => {
      if (errorCode(error) === 'ENOTDIR') return undefined;
      throw error;
    });
    return html !== undefined && hasDealMarker(html, dealId) ? 'ours' : 'other';
  }

  async function findPage(
    dealId: number,
    slug: string,
    hint: string | undefined,
    dlog: PublishLog,
  ): Promise<Found> {
    const manifest = await site.readManifest(dealId);
    if (manifest && isSafeArticlePath(manifest.path)) {
      const state = await folderState(manifest.path, dealId);
      if (state === 'ours') {
        return { kind: 'ours', path: manifest.path, slug: manifest.slug, manifest };
      }
      // The manifest is written only after the page was in place: a page there without the marker is this
      // deal's page edited by hand, not a reason for a second one.
      const html = state === 'other' ? await site.readText(`${manifest.path}index.html`) : undefined;
      if (html !== undefined && dealMarkerOf(html) === undefined) {
        dlog.info(
          { path: manifest.path },
          'the deal’s page no longer carries its marker (edited by hand?); it is still the deal’s page',
        );
        return { kind: 'ours', path: manifest.path, slug: manifest.slug, manifest };
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
          slug: slugFromPath(pathPattern, hint, dealId) ?? slug,
          manifest: undefined,
        };
      }
    }
    for (let attempt = 1; attempt <= MAX_SUFFIX; attempt++) {
      const candidate = suffixedSlug(slug, attempt);
      const path = articlePath(pathPattern, candidate, dealId);
      const state = await folderState(path, dealId);
      if (state === 'ours') return { kind: 'ours', path, slug: candidate, manifest: undefined };
      if (state === 'free') return { kind: 'free', path, slug: candidate };
    }
    throw new PublishError(
      StaticErrorCode.tooManySlugs,
      `The static site folder ${dir} already holds ${MAX_SUFFIX} folders for the slug "${slug}" (${articlePath(pathPattern, slug, dealId)} and its numbered variants): remove the ones that are not articles, or change the pathPattern`,
      { retryable: false },
    );
  }

  return { findPage };
}
