/**
 * The site folder on disk: atomic writes (a temporary copy inside the folder, then one rename), the manifests
 * that remember which deal lives where, and a lock that keeps two publishes from choosing the same slug.
 *
 * Layout:
 *   <dir>/index.html                          list of articles (when enabled)
 *   <dir>/<slug>/index.html, <slug>-<n>.jpg   one folder per article (pathPattern)
 *   <dir>/.drafts/<dealId>-<slug>.html         briefs of hand-published deals (never served)
 *   <dir>/.pressbridge/deals/<dealId>.json     manifest: where the deal's page is (never served)
 *   <dir>/.pressbridge/tmp/                    work in progress; leftovers of a crash are removed later
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { allBounded, createKeyedLock, MEDIA_CONCURRENCY } from '../../src/publisher/kit/index.js';
import { errorCode } from './errors.js';
import { DRAFTS_DIR, STATE_DIR } from './paths.js';

/** What is remembered about a published deal, written after its page is in place. */
export const DealManifest = z.object({
  dealId: z.number().int(),
  /** The article's folder relative to the site folder, with a trailing slash. */
  path: z.string(),
  slug: z.string(),
  title: z.string(),
  publishedAt: z.iso.datetime({ offset: true }),
  files: z.array(z.string()),
});
export type DealManifest = z.infer<typeof DealManifest>;

/** Temporary entries older than this are leftovers of a crash (a publish takes well under a second). */
export const STALE_TEMP_MS = 10 * 60_000;

export interface SiteFolder {
  readonly dir: string;
  readonly tempDir: string;
  readonly draftsDir: string;
  /** Creates the folder and pressbridge's own folders in it. */
  prepare(): Promise<void>;
  /** Removes temporary entries a crashed write left behind (only old ones: another writer may be busy). */
  removeStaleTemp(maxAgeMs?: number): Promise<string[]>;
  readManifest(dealId: number): Promise<DealManifest | undefined>;
  writeManifest(manifest: DealManifest): Promise<void>;
  listManifests(): Promise<DealManifest[]>;
  /** Whether a relative path exists (as anything). */
  exists(relativePath: string): Promise<boolean>;
  /** A file's text, or undefined when it does not exist. */
  readText(relativePath: string): Promise<string | undefined>;
  /**
   * Writes `files` into a new temporary folder, then renames it to `target` (relative, trailing slash) in one
   * step. Answers 'taken' when something appeared at `target` meanwhile (nothing is replaced then).
   */
  commitFolder(
    target: string,
    files: ReadonlyArray<{ name: string; data: string | Buffer }>,
    beforeCommit?: (tempFolder: string) => Promise<void>,
  ): Promise<'done' | 'taken'>;
  /** Replaces (or creates) one file atomically: written beside, then renamed over it. */
  writeFileAtomic(relativePath: string, data: string | Buffer): Promise<void>;
  /** Creates one file atomically; false when it already exists (it is not replaced). */
  createFileAtomic(relativePath: string, data: string | Buffer): Promise<boolean>;
}

export function createSiteFolder(dir: string): SiteFolder {
  const stateDir = join(dir, STATE_DIR);
  const dealsDir = join(stateDir, 'deals');
  const tempDir = join(stateDir, 'tmp');
  const draftsDir = join(dir, DRAFTS_DIR);

  const tempName = (label: string) => join(tempDir, `${label}-${randomUUID()}`);

  const readText = async (file: string): Promise<string | undefined> => {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return undefined;
      throw error;
    }
  };

  return {
    dir,
    tempDir,
    draftsDir,

    async prepare() {
      await mkdir(dealsDir, { recursive: true });
      await mkdir(tempDir, { recursive: true });
      await mkdir(draftsDir, { recursive: true });
    },

    async removeStaleTemp(maxAgeMs = STALE_TEMP_MS) {
      const removed: string[] = [];
      const limit = Date.now() - maxAgeMs;
      for (const name of await readdir(tempDir).catch(() => [] as string[])) {
        const path = join(tempDir, name);
        const info = await stat(path).catch(() => undefined);
        if (info === undefined || info.mtimeMs > limit) continue;
        await rm(path, { recursive: true, force: true });
        removed.push(name);
      }
      return removed;
    },

    async readManifest(dealId) {
      const text = await readText(join(dealsDir, `${dealId}.json`));
      if (text === undefined) return undefined;
      try {
        const parsed = DealManifest.safeParse(JSON.parse(text));
        return parsed.success && parsed.data.dealId === dealId ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },

    async writeManifest(manifest) {
      await this.writeFileAtomic(
        join(STATE_DIR, 'deals', `${manifest.dealId}.json`),
        `${JSON.stringify(manifest, null, 2)}\n`,
      );
    },

    async listManifests() {
      const names = await readdir(dealsDir).catch(() => [] as string[]);
      const manifests: DealManifest[] = [];
      for (const name of names) {
        const match = /^(\d+)\.json$/.exec(name);
        if (!match) continue;
        const manifest = await this.readManifest(Number(match[1]));
        if (manifest) manifests.push(manifest);
      }
      return manifests;
    },

    async exists(relativePath) {
      try {
        await stat(join(dir, relativePath));
        return true;
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return false;
        throw error;
      }
    },

    readText: (relativePath) => readText(join(dir, relativePath)),

    async commitFolder(target, files, beforeCommit) {
      const folder = tempName('page');
      await mkdir(folder);
      try {
        // A few at once (each waits for its own fsync); the folder becomes visible only by the rename below.
        await allBounded(files, MEDIA_CONCURRENCY, (file) =>
          writeDurably(join(folder, file.name), file.data),
        );
        await syncFolder(folder);
        await beforeCommit?.(folder);
        const destination = join(dir, target);
        await mkdir(dirname(destination), { recursive: true });
        try {
          // A folder rename is atomic: visitors see no page, or the whole page with its photos.
          await rename(folder, destination);
        } catch (error) {
          const code = errorCode(error);
          if (code === 'ENOTEMPTY' || code === 'EEXIST') return 'taken';
          throw error;
        }
        await syncFolder(dirname(destination));
        return 'done';
      } finally {
        await rm(folder, { recursive: true, force: true }).catch(() => undefined);
      }
    },

    async writeFileAtomic(relativePath, data) {
      const temp = tempName('file');
      try {
        await writeDurably(temp, data);
        await rename(temp, join(dir, relativePath));
      } finally {
        await rm(temp, { force: true }).catch(() => undefined);
      }
    },

    async createFileAtomic(relativePath, data) {
      if (await this.exists(relativePath)) return false;
      await this.writeFileAtomic(relativePath, data);
      return true;
    },
  };
}

/** Written and flushed to the disk, so that a power cut after the rename cannot leave an empty file. */
async function writeDurably(file: string, data: string | Buffer): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a folder's entries (the rename itself); not every file system allows it, and nothing depends on it. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

/**
 * One writer per site folder (within this process), keyed by the folder: two deals with the same slug
 * published at once must not both find `slug/` free. One daemon per site folder is assumed.
 */
export const folderLock = createKeyedLock();
