/**
 * The `pressbridge` command as a user runs it in the integration tests: `tsx src/cli.ts …`, a real process.
 *
 *   const result = await runCli(['deals', '--json'], { env: { ...process.env, PRESSBRIDGE_CONFIG: file } });
 *   expect(result.code).toBe(0);
 *
 * `env` is the whole environment of the process (callers spread `process.env` themselves, in the order their
 * test needs); a long-running or interactive command is spawned with `NODE` and `CLI_ARGS` directly (`CLI_LINE`
 * for a shell's command line).
 *
 * One process per command, compiled: `node dist/src/cli.js`, as the service runs it. dist/ is built from the
 * sources before the run (test/helpers/build-dist.ts, vitest's globalSetup); through tsx's loader, or the `tsx`
 * CLI that starts a second Node, every command took about 0.9 s of CPU more, and the tests run some hundreds.
 */
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/** The repository's root, the working directory a command runs in unless told otherwise. */
export const ROOT = resolve(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'dist/src/cli.js');
/** The Node that runs the tests runs the commands too. */
export const NODE = process.execPath;
/** tsx's loader by its file, for a test's own TypeScript helper process (e.g. test/helpers/crash-worker.ts). */
export const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
/** Node's arguments before the command's own: `spawn(NODE, [...CLI_ARGS, 'deals', '--json'])`. */
export const CLI_ARGS: readonly string[] = [CLI];
/** The same as one shell command line (the paths hold no spaces here). */
export const CLI_LINE = [NODE, ...CLI_ARGS].join(' ');

const run = promisify(execFile);

export interface CliResult {
  /** The exit status; -1 when there was none (killed, e.g. by the timeout). */
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** The process's whole environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Default: ROOT. */
  cwd?: string;
  /** Milliseconds before the process is killed (default: none). */
  timeout?: number;
}

/** Runs `pressbridge <args>` to its end; a failing command is a result with its code, never a rejection. */
export async function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(NODE, [...CLI_ARGS, ...args], {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? process.env,
      ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: unknown; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === 'number' ? e.code : -1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    };
  }
}

/** As runCli, for a command that must succeed: anything but exit 0 rejects, with what the command wrote. */
export async function runCliOk(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const result = await runCli(args, options);
  if (result.code !== 0) {
    throw new Error(`pressbridge ${args.join(' ')} exited ${result.code}:\n${result.stderr}${result.stdout}`);
  }
  return result;
}
