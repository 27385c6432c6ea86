/**
 * vitest globalSetup: compiles src/ and plugins/ to dist/ (`npm run build`'s compiler) before a run whose tests
 * start pressbridge as a process. They run `node dist/src/cli.js`, as the service does (test/helpers/cli-runner.ts):
 * through tsx's loader every such process took about 0.9 s of CPU more, and the suites start some hundreds.
 *
 * Skipped when dist/ holds a build of the same sources (their hash in dist/.sources-hash), so a run never
 * rewrites dist/ under another run's processes: two runs at once (CI runs the fault suite beside npm test) take
 * turns through a lock folder, and the second finds the first's build. Type errors do not stop the build (tsx
 * ignores types too; `npm run typecheck` reports them); a build that writes nothing does.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './cli-runner.js';

const SOURCES = ['src', 'plugins', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];
const STAMP = join(ROOT, 'dist/.sources-hash');
const LOCK = join(ROOT, '.dist-lock');
/** A lock older than this was left by a run that died; a build takes seconds. */
const STALE_LOCK_MS = 5 * 60_000;

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => files(join(ROOT, s)))) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function readStamp(): string | undefined {
  try {
    return readFileSync(STAMP, 'utf8');
  } catch {
    return undefined;
  }
}

async function takeLock(): Promise<void> {
  for (const started = Date.now(); ; ) {
    try {
      mkdirSync(LOCK);
      return;
    } catch {
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() - started > STALE_LOCK_MS) throw new Error(`${LOCK} held for too long`);
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export default async function buildDist(): Promise<void> {
  await takeLock();
  try {
    const hash = sourcesHash();
    if (readStamp() === hash) return;
    const built = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    // tsc: 0 built, 2 built with type errors (npm run typecheck says them); anything else built nothing.
    if (built.status !== 0 && built.status !== 2) {
      throw new Error(
        `the build for the tests failed (tsc exit ${built.status}):\n${built.stdout}${built.stderr}`,
      );
    }
    writeFileSync(STAMP, hash);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
