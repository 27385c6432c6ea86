/**
 * What a new check needs of a deal's `checks.jsonl` (./store.ts): its last line (the check compared with, the
 * next seq) and its first snapshot (the hand-in's, never pruned), without reading the file whole at each check.
 * The index keeps both per file and reads only the bytes appended since it last looked, by this store or
 * another. The file is append-only; one that shrank or was replaced (another inode) is read again from its
 * start. Lines are read as `readJsonLines` reads them: a torn last line waits for its newline, an invalid line is
 * skipped.
 */
import { type FilePosition, parseJsonLines, readSince } from './files.js';
import { EvidenceEntry } from './types.js';

export interface CheckLogSummary {
  /** The last line that reads as an entry. */
  last?: EvidenceEntry;
  /** The snapshot file of the first entry that has one. */
  firstFile?: string;
}

export interface CheckLogIndex {
  /** The summary of `file` as it is now (empty when it does not exist). */
  summary(file: string): Promise<CheckLogSummary>;
}

export function createCheckLogIndex(): CheckLogIndex {
  const known = new Map<string, CheckLogSummary & FilePosition>();
  return {
    async summary(file) {
      const before = known.get(file);
      const read = await readSince(file, before);
      if (!read) {
        known.delete(file);
        return {};
      }
      const next: CheckLogSummary & FilePosition =
        before && before.ino === read.ino && before.offset === read.start
          ? { ...before }
          : { ino: read.ino, offset: 0 };
      // Up to the last newline: what follows is a line still being written, read again next time.
      const end = read.bytes.lastIndexOf(0x0a) + 1;
      for (const entry of parseJsonLines(read.bytes.subarray(0, end).toString('utf8'), EvidenceEntry)) {
        next.last = entry;
        if (next.firstFile === undefined && entry.snapshot) next.firstFile = entry.snapshot.file;
      }
      next.offset = read.start + end;
      known.set(file, next);
      const { last, firstFile } = next;
      return { ...(last ? { last } : {}), ...(firstFile !== undefined ? { firstFile } : {}) };
    },
  };
}
