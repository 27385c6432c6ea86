/**
 * The daemon as the blogger runs it: `pressbridge start --config <file>` in its own process (node with tsx's
 * loader, no wrapper process, so a SIGKILL hits the daemon itself and leaves no orphan behind).
 *
 *   const daemon = createDaemonProcess({ config, logFile });
 *   await daemon.start();          // returns once /readyz answers 200 (Redis up, worker running)
 *   await daemon.kill('SIGKILL');  // no cleanup, no graceful stop
 *   await daemon.start();          // same config, same port
 *   await daemon.close();
 *
 * The config document must give the listener start() asks a fixed port: the webhook listener's
 * (`webhook.listen.port`, so a restarted daemon is found where the marketplace delivers), or with
 * `probe: 'status'` the status page's (`status.listen.port`: poll mode, where no webhook listener runs; pass
 * `args` without `--no-status`). Every listener answers `/healthz` and `/readyz`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, type WriteStream, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_ARGS, ROOT } from './cli-runner.js';

export interface DaemonProcessOptions {
  /** The config document (written as JSON, which the YAML loader reads). */
  config: Record<string, unknown>;
  /** Appends the daemon's stdout and stderr (pino JSON lines) here; default: discarded. */
  logFile?: string;
  /** Extra `start` switches, e.g. `['--no-status']` (the default). */
  args?: string[];
  /** How long start() waits for /readyz (default 30 s). */
  readyTimeoutMs?: number;
  /** Wait for /readyz (Redis up, worker running) or only /healthz (the process answers). Default 'ready'. */
  waitFor?: 'ready' | 'live';
  /** The listener start() asks: the webhook listener (default) or the status page's. */
  probe?: 'webhook' | 'status';
  /** Extra environment of the daemon and its commands. */
  env?: Record<string, string>;
}

export interface DaemonExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface DaemonProcess {
  /** `http://127.0.0.1:<port>` of the listener start() asks (`probe`). */
  readonly baseUrl: string;
  readonly webhookUrl: string;
  /** The config file the daemon runs with (JSON); the operator's commands take it with `--config`. */
  readonly configFile: string;
  readonly pid: number | undefined;
  /** Every exit so far, in order (a SIGKILL by the test shows as `signal: 'SIGKILL'`). */
  readonly exits: DaemonExit[];
  /** Starts the process (if it is not running) and waits until it answers. */
  start(): Promise<void>;
  running(): boolean;
  /** Sends the signal and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<DaemonExit | undefined>;
  /** Runs an operator's command (`pressbridge <args> --config <configFile>`) as its own process. */
  cli(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** Kills it (SIGKILL) if it still runs and removes the config folder. */
  close(): Promise<void>;
}

function portOf(config: Record<string, unknown>, listener: 'webhook' | 'status'): number {
  const section = config[listener] as { listen?: { port?: unknown } } | undefined;
  const port = section?.listen?.port;
  if (typeof port !== 'number' || port <= 0) {
    throw new Error(`createDaemonProcess: the config must set ${listener}.listen.port to a fixed port`);
  }
  return port;
}

export function createDaemonProcess(options: DaemonProcessOptions): DaemonProcess {
  const port = portOf(options.config, options.probe ?? 'webhook');
  const webhook = options.config.webhook as { path?: string; listen?: { port?: number } } | undefined;
  const path = webhook?.path ?? '/webhook';
  const baseUrl = `http://127.0.0.1:${port}`;
  const webhookBase = `http://127.0.0.1:${webhook?.listen?.port ?? 8080}`;
  const env = { ...process.env, NO_COLOR: '1', ...options.env };
  const dir = mkdtempSync(join(tmpdir(), 'pb-daemon-'));
  const configFile = join(dir, 'pressbridge.json');
  writeFileSync(configFile, JSON.stringify(options.config, null, 2), { mode: 0o600 });
  const exits: DaemonExit[] = [];
  let child: ChildProcess | undefined;
  let exited: Promise<DaemonExit> | undefined;
  let log: WriteStream | undefined;
  if (options.logFile) log = createWriteStream(options.logFile, { flags: 'a' });

  const running = (): boolean => child !== undefined && child.exitCode === null && child.signalCode === null;

  async function answers(route: string): Promise<boolean> {
    try {
      const res = await fetch(`${baseUrl}${route}`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      return res.status === 200;
    } catch {
      return false;
    }
  }

  return {
    baseUrl,
    webhookUrl: `${webhookBase}${path}`,
    configFile,
    get pid() {
      return child?.pid;
    },
    exits,
    running,

    async start() {
      if (!running()) {
        const started = spawn(
          process.execPath,
          [...CLI_ARGS, 'start', '--config', configFile, ...(options.args ?? ['--no-status'])],
          { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env },
        );
        child = started;
        log?.write(`${JSON.stringify({ harness: 'daemon started', pid: started.pid, at: new Date() })}\n`);
        started.stdout?.on('data', (chunk: Buffer) => log?.write(chunk));
        started.stderr?.on('data', (chunk: Buffer) => log?.write(chunk));
        exited = new Promise<DaemonExit>((done) => {
          started.once('exit', (code, signal) => {
            const exit = { code, signal };
            exits.push(exit);
            log?.write(`${JSON.stringify({ harness: 'daemon exited', pid: started.pid, ...exit })}\n`);
            done(exit);
          });
        });
      }
      const route = options.waitFor === 'live' ? '/healthz' : '/readyz';
      const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
      while (!(await answers(route))) {
        if (!running()) throw new Error(`the daemon exited during start-up: ${JSON.stringify(exits.at(-1))}`);
        if (Date.now() > deadline) throw new Error(`the daemon did not answer ${route} in time`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },

    async kill(signal = 'SIGKILL') {
      if (!running() || !child || !exited) return undefined;
      child.kill(signal);
      return await exited;
    },

    async cli(args) {
      const command = spawn(process.execPath, [...CLI_ARGS, ...args, '--config', configFile], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env,
      });
      let stdout = '';
      let stderr = '';
      command.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      command.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const code = await new Promise<number | null>((done) => command.once('exit', (c) => done(c)));
      return { code, stdout, stderr };
    },

    async close() {
      if (running() && child && exited) {
        child.kill('SIGKILL');
        await exited;
      }
      await new Promise<void>((done) => (log ? log.end(() => done()) : done()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
