/**
 * Child processes of the bench: compiled once with tsc into bench/results/build (what production runs is
 * compiled JavaScript, and a tsx loader would add its own memory to every RSS figure), started with the IPC
 * channel, stopped by their own pid only.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CHILD_ENV, type ChildToParent, type ParentToChild } from './protocol.js';

const execFileAsync = promisify(execFile);

export const ROOT = resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = join(ROOT, 'bench/results');
const BUILD_DIR = join(RESULTS_DIR, 'build');

let mode: 'compiled' | 'tsx' = 'compiled';
/** Extra node flags per child entry (`--node-args` of bench/run.ts applies to `daemon`). */
const nodeArgsFor = new Map<string, string[]>();

export function setNodeArgs(name: string, args: string[]): void {
  nodeArgsFor.set(name, args);
}

/** Compiles bench/proc/*.ts and what they import (tsc, bench/tsconfig.children.json). */
export async function buildChildren(useTsx: boolean, reuse = false): Promise<void> {
  if (useTsx) {
    mode = 'tsx';
    return;
  }
  // --reuse-build: run what bench/results/build holds (e.g. a prototype patched into the compiled copy).
  if (reuse && existsSync(join(BUILD_DIR, 'bench/proc/daemon.js'))) return;
  try {
    await execFileAsync(
      join(ROOT, 'node_modules/.bin/tsc'),
      ['-p', join(ROOT, 'bench/tsconfig.children.json'), '--outDir', BUILD_DIR],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    // Type errors elsewhere in the tree (work in progress) still emit JavaScript; only a missing output is fatal.
    const out = (error as { stdout?: string }).stdout ?? String(error);
    process.stderr.write(
      `bench: tsc reported problems (continuing with what it emitted):\n${out.slice(0, 2000)}\n`,
    );
  }
}

export function childMode(): 'compiled' | 'tsx' {
  return mode;
}

function entry(name: string): string[] {
  return mode === 'tsx'
    ? ['--import', 'tsx', join(ROOT, 'bench/proc', `${name}.ts`)]
    : [join(BUILD_DIR, 'bench/proc', `${name}.js`)];
}

export interface BenchChild {
  readonly pid: number;
  readonly process: ChildProcess;
  /** The first message of type `ready`. */
  readonly ready: Promise<Extract<ChildToParent, { type: 'ready' }>>;
  /** Sends a message and waits for the first answer of that type. */
  ask<T extends ChildToParent['type']>(
    message: ParentToChild,
    answer: T,
    timeoutMs?: number,
  ): Promise<Extract<ChildToParent, { type: T }>>;
  /** The next message of a type. */
  next<T extends ChildToParent['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<ChildToParent, { type: T }>>;
  /** Graceful stop (IPC), then SIGKILL of this pid if it does not exit in time. */
  stop(timeoutMs?: number): Promise<void>;
  stderrTail(): string;
}

const running = new Set<ChildProcess>();

/** Kills every child this process started that still runs (each by its own pid). */
export function killAllChildren(): void {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

export function startChild(
  name: string,
  settings: unknown,
  options: { logFile?: string; nodeArgs?: string[] } = {},
): BenchChild {
  let logFd: number | undefined;
  if (options.logFile) {
    mkdirSync(join(RESULTS_DIR, 'logs'), { recursive: true });
    logFd = openSync(join(RESULTS_DIR, 'logs', options.logFile), 'w');
  }
  const args = [...(nodeArgsFor.get(name) ?? []), ...(options.nodeArgs ?? []), ...entry(name)];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', logFd ?? 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, [CHILD_ENV]: JSON.stringify(settings) },
  });
  if (logFd !== undefined) closeSync(logFd);
  running.add(child);
  child.on('exit', () => running.delete(child));
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-8000);
  });

  const exited = new Promise<string>((resolve) => {
    child.on('exit', (code, signal) => resolve(`${name} exited (${signal ?? code}): ${stderr.slice(-2000)}`));
  });

  const next = <T extends ChildToParent['type']>(type: T, timeoutMs = 60_000) =>
    new Promise<Extract<ChildToParent, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${name}: no '${type}' message within ${timeoutMs} ms. ${stderr.slice(-2000)}`));
      }, timeoutMs);
      const onMessage = (message: ChildToParent) => {
        if (message.type === 'error') {
          cleanup();
          reject(new Error(`${name}: ${message.message}`));
        } else if (message.type === type) {
          cleanup();
          resolve(message as Extract<ChildToParent, { type: T }>);
        }
      };
      const onExit = () => {
        cleanup();
        void exited.then((why) => reject(new Error(why)));
      };
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
    });

  const ready = next('ready', 60_000);
  ready.catch(() => {});

  return {
    get pid() {
      return child.pid ?? -1;
    },
    process: child,
    ready,
    next,
    async ask(message, answer, timeoutMs) {
      const reply = next(answer, timeoutMs);
      child.send(message, () => {});
      return await reply;
    },
    async stop(timeoutMs = 40_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (child.connected) child.send({ type: 'stop' } satisfies ParentToChild, () => {});
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await gone;
      clearTimeout(timer);
    },
    stderrTail: () => stderr,
  };
}
