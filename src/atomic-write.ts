/**
 * Writes a file whole or not at all (a crash never leaves half a config): a new temporary file beside it (`wx`:
 * never through a symlink or a file someone planted under its name), fsync, rename over the file. The one such
 * writer of the config and secrets files (the setup's src/setup/write-config.ts, the status page's rules editor
 * src/rules/config-file.ts).
 */
import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';

/** `mode` absent: the existing file's (else 0644). */
export function writeFileAtomic(path: string, text: string, mode?: number): void {
  let fileMode = mode;
  if (fileMode === undefined) {
    try {
      fileMode = statSync(path).mode & 0o777;
    } catch {
      fileMode = 0o644;
    }
  }
  const temporary = `${path}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  const fd = openSync(temporary, 'wx', fileMode);
  try {
    // The mode as asked, whatever the umask took off it.
    fchmodSync(fd, fileMode);
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
