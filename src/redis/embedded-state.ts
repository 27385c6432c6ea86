/**
 * `<dataDir>/redis/embedded.json`, the one record of who runs a data folder's embedded Redis (./embedded.ts): the
 * pressbridge process that runs it (the owner), the server's pid and where it listens. It is claimed by creating
 * it (`wx`: one process wins), rewritten whole (a temp file renamed over it), and read leniently (a file of an
 * older version names a port, not a URL).
 */
import { closeSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { alive } from './server-process.js';

export interface StateFile {
  /** The pressbridge process that runs the server (absent in files of older versions). */
  owner?: number;
  /** The server's pid and URL; absent while the owner starts it. */
  pid?: number;
  url?: string;
}

/** A data folder's Redis folder: its data, socket, log and embedded.json. */
export const redisDir = (dataDir: string) => resolve(dataDir, 'redis');
export const statePathOf = (dataDir: string) => join(redisDir(dataDir), 'embedded.json');

export function readState(path: string): StateFile | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    const number = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined);
    const port = number(parsed.port);
    const url =
      typeof parsed.url === 'string'
        ? parsed.url
        : port !== undefined
          ? `redis://127.0.0.1:${port}`
          : undefined;
    const state: StateFile = {};
    const owner = number(parsed.owner);
    const pid = number(parsed.pid);
    if (owner !== undefined) state.owner = owner;
    if (pid !== undefined) state.pid = pid;
    if (url !== undefined) state.url = url;
    return state;
  } catch {
    return undefined;
  }
}

export function writeState(path: string, state: StateFile): void {
  writeFileSync(`${path}.tmp`, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
}

/** The state file created, or false when another process created it first. */
export function claim(path: string): boolean {
  try {
    const fd = openSync(path, 'wx', 0o600);
    writeSync(fd, `${JSON.stringify({ owner: process.pid })}\n`);
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Whether the process that runs (or starts) the server lives; for an older file, the server itself. */
export function ownerAlive(state: StateFile): boolean {
  const pid = state.owner ?? state.pid;
  return pid !== undefined && alive(pid);
}
