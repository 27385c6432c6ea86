/**
 * A file's version by one `stat` (inode, modification time, size), for a reader that asks often and reads again
 * only when the file changed: the intake's webhook secret file (src/intake/mode.ts), the rules in the config file
 * (src/rules/reader.ts). A rename over the file (every atomic write, ./atomic-write.ts) changes the inode even
 * within one millisecond.
 */
import { statSync } from 'node:fs';

/** `ino:mtimeMs:size`, or `absent` when the file cannot be seen. */
export function fileVersion(path: string): string {
  try {
    const { ino, mtimeMs, size } = statSync(path);
    return `${ino}:${mtimeMs}:${size}`;
  } catch {
    return 'absent';
  }
}

/**
 * `read` of a file, done again only when the file's version changed since the last call (`read` gets the new
 * version: `absent` when the file cannot be seen).
 */
export function onFileChange<T>(path: string, read: (version: string) => T): () => T {
  let seen: string | undefined;
  let value: T;
  return () => {
    const version = fileVersion(path);
    if (version !== seen) {
      value = read(version);
      seen = version;
    }
    return value;
  };
}
