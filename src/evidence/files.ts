/**
 * The evidence store's file primitives: atomic rewrites (temp file, fsync, rename), appends that never glue a
 * line to a torn one, tolerant reading of JSON lines, and a folder's size. Folders are 0700, files 0600: the
 * blogger's data, nobody else's. A symbolic link planted in the folder is never followed: files are opened with
 * O_NOFOLLOW and a folder is checked with `assertRealDir` before it is used.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { z } from 'zod';

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

export async function ensureDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
}

/**
 * Opening flags that refuse a symbolic link as the last part of the path (ELOOP), and never wait on a FIFO
 * planted in place of a file (the handle is then checked to be a regular file).
 */
const NOFOLLOW = constants.O_NOFOLLOW | constants.O_NONBLOCK;

async function assertRegularFile(
  handle: import('node:fs/promises').FileHandle,
  file: string,
): Promise<import('node:fs').Stats> {
  const info = await handle.stat();
  if (!info.isFile()) throw new Error(`evidence: ${file} is not a regular file; refused`);
  return info;
}

/**
 * Throws when `dir` exists but is a symbolic link or no folder (fine when it does not exist): the store never
 * follows a link planted in its folder out of it, nor writes through one.
 */
export async function assertRealDir(dir: string): Promise<void> {
  let info: import('node:fs').Stats;
  try {
    info = await lstat(dir);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  if (info.isSymbolicLink() || !info.isDirectory())
    throw new Error(`evidence: ${dir} is a symbolic link or not a folder; refused`);
}

/** Writes `file` whole or not at all: a reader sees the old content or the new one, never a part. */
export async function writeAtomic(file: string, content: string | Uint8Array): Promise<void> {
  await ensureDir(dirname(file));
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', FILE_MODE);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Appends one line; when the file ends in a torn line (a crash mid-write), a newline first. */
export async function appendLine(file: string, line: string): Promise<number> {
  const flags = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | NOFOLLOW;
  const handle = await open(file, flags, FILE_MODE);
  try {
    let prefix = '';
    const { size } = await assertRegularFile(handle, file);
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) prefix = '\n';
    }
    const text = `${prefix}${line}\n`;
    await handle.write(text);
    return Buffer.byteLength(text);
  } finally {
    await handle.close();
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** The file's bytes (a symbolic link is refused: ELOOP). */
export async function readBytes(file: string): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | NOFOLLOW);
  try {
    await assertRegularFile(handle, file);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** The file's text, or undefined when it does not exist (a symbolic link is refused: ELOOP). */
export async function readText(file: string): Promise<string | undefined> {
  try {
    return (await readBytes(file)).toString('utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The file's JSON as `schema` reads it; undefined when it is absent or does not read. */
export async function readJson<T extends z.ZodType>(
  file: string,
  schema: T,
): Promise<z.infer<T> | undefined> {
  const text = await readText(file);
  if (text === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The lines that read as `schema`; a torn last line (no newline after it) and any invalid line are skipped. */
export async function readJsonLines<T extends z.ZodType>(file: string, schema: T): Promise<z.infer<T>[]> {
  const text = await readText(file);
  return text === undefined ? [] : parseJsonLines(text, schema);
}

/** Where a reader of an append-only file got to: the file (its inode) and the offset just after a newline. */
export interface FilePosition {
  ino: number;
  offset: number;
}

/**
 * The bytes appended to `file` since `from`: read from `from.offset` when it is the same file (inode) and at
 * least that long, else from its start (`start` says which). Undefined when the file does not exist; a symbolic
 * link is refused (ELOOP), and so is anything but a regular file.
 */
export async function readSince(
  file: string,
  from: FilePosition | undefined,
): Promise<{ ino: number; start: number; bytes: Buffer } | undefined> {
  let handle: import('node:fs/promises').FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | NOFOLLOW);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  try {
    const { ino, size } = await assertRegularFile(handle, file);
    const start = from && from.ino === ino && from.offset <= size ? from.offset : 0;
    const bytes = Buffer.alloc(size - start);
    let read = 0;
    while (read < bytes.length) {
      const { bytesRead } = await handle.read(bytes, read, bytes.length - read, start + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return { ino, start, bytes: bytes.subarray(0, read) };
  } finally {
    await handle.close();
  }
}

/** The lines of `text` that read as `schema`; the part after the last newline and any invalid line are skipped. */
export function parseJsonLines<T extends z.ZodType>(text: string, schema: T): z.infer<T>[] {
  const lines = text.split('\n');
  // The part after the last newline is a line still being written or torn by a crash.
  lines.pop();
  const out: z.infer<T>[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    try {
      const parsed = schema.safeParse(JSON.parse(line));
      if (parsed.success) out.push(parsed.data);
    } catch {
      // not JSON: skipped
    }
  }
  return out;
}

/** Bytes of every file under `dir` (0 when it does not exist). */
export async function folderBytes(dir: string): Promise<number> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path);
    else if (entry.isFile())
      total += await stat(path).then(
        (s) => s.size,
        () => 0,
      );
  }
  return total;
}

/** Removes a file; false when it was gone already. */
export async function removeFile(file: string): Promise<boolean> {
  try {
    await rm(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}
