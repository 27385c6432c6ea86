/**
 * The evidence folder's layout (./types.ts): where a deal's folder and its `snapshots/` are, which deals have
 * one, and the snapshot files on disk. A deal's folder or `snapshots/` planted as a symbolic link (or anything
 * but a folder) is refused, never followed out of the evidence folder.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { assertRealDir, ensureDir } from './files.js';
import type { SnapshotOnDisk } from './prune.js';

/** A snapshot's file name: `<seq>-<sha256 first 16>.html.gz`. Nothing else is ever read or removed as one. */
export const SNAPSHOT_FILE = /^([1-9][0-9]{0,9})-([0-9a-f]{16})\.html\.gz$/;

export interface DealFolders {
  /** `<dir>/<dealId>` (throws for anything but a positive safe integer); not checked on disk. */
  dealDir(dealId: number): string;
  /** The deal's folder, refused when it is a symbolic link or no folder; `create`: made when absent. */
  realDealDir(dealId: number, create?: boolean): Promise<string>;
  /** The deal's `snapshots/`, it and the deal's folder refused when a symbolic link or no folder. */
  snapshotsDir(dealId: number, create?: boolean): Promise<string>;
  /** Every deal with a folder (ascending ids). */
  dealIds(): Promise<number[]>;
  /**
   * The deal's snapshot files on disk, oldest first. Their `at` is '': the check lines hold the times, and only
   * the total limit, which orders snapshots across deals, reads them (the per-deal plan goes by seq).
   */
  snapshotsOnDisk(dealId: number): Promise<SnapshotOnDisk[]>;
}

export function dealFolders(dir: string): DealFolders {
  const dealDir = (dealId: number): string => {
    if (!Number.isSafeInteger(dealId) || dealId <= 0) throw new Error(`evidence: ${dealId} is no deal id`);
    return join(dir, String(dealId));
  };
  async function realDealDir(dealId: number, create = false): Promise<string> {
    const folder = dealDir(dealId);
    if (create) await ensureDir(folder);
    await assertRealDir(folder);
    return folder;
  }
  async function snapshotsDir(dealId: number, create = false): Promise<string> {
    const folder = join(await realDealDir(dealId, create), 'snapshots');
    if (create) await ensureDir(folder);
    await assertRealDir(folder);
    return folder;
  }
  return {
    dealDir,
    realDealDir,
    snapshotsDir,
    async dealIds() {
      let names: import('node:fs').Dirent[];
      try {
        names = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return names
        .filter((e) => e.isDirectory() && /^[1-9][0-9]{0,14}$/.test(e.name))
        .map((e) => Number(e.name))
        .sort((a, b) => a - b);
    },
    async snapshotsOnDisk(dealId) {
      const folder = await snapshotsDir(dealId);
      const names = await readdir(folder).catch(() => [] as string[]);
      const out: SnapshotOnDisk[] = [];
      for (const file of names) {
        const match = SNAPSHOT_FILE.exec(file);
        if (!match) continue;
        const size = await stat(join(folder, file)).then(
          (s) => s.size,
          () => undefined,
        );
        if (size === undefined) continue;
        out.push({ file, bytes: size, seq: Number(match[1]), at: '' });
      }
      return out.sort((a, b) => a.seq - b.seq);
    },
  };
}
