import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runningEmbeddedRedisUrl } from '../../../src/redis/embedded.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(state?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-embedded-'));
  dirs.push(dir);
  if (state !== undefined) {
    mkdirSync(join(dir, 'redis'));
    writeFileSync(join(dir, 'redis/embedded.json'), JSON.stringify(state));
  }
  return dir;
}

describe('src/redis/embedded: runningEmbeddedRedisUrl (what the CLI reaches)', () => {
  it('is the server a live daemon runs for the data folder', () => {
    expect(runningEmbeddedRedisUrl(dataDir({ pid: process.pid, port: 46_379 }))).toBe(
      'redis://127.0.0.1:46379',
    );
  });

  it.each([
    ['no state file', undefined],
    ['a state file of a process gone', { pid: 2 ** 22 + 7, port: 46_379 }],
    ['an unreadable state file', { port: 'x' }],
  ])('is nothing with %s', (_name, state) => {
    expect(runningEmbeddedRedisUrl(dataDir(state))).toBeUndefined();
  });
});
