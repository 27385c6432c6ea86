/**
 * Embedded Redis for single-machine use (`redis.embedded: true`, the demo's default; off in production
 * configs). When the configured Redis does not answer, pressbridge starts `redis-server` from the PATH as its
 * child: data in `<dataDir>/redis` with AOF persistence on, bound to loopback on a free port, stopped when
 * pressbridge stops. One instance per data folder: a second pressbridge on the same folder (or a restart after
 * a crash that left the server running) finds `<dataDir>/redis/embedded.json` and uses that server instead of
 * starting another.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { AppError, errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';

export interface EmbeddedRedis {
  readonly url: string;
  /** True when this process started the server (and stops it). */
  readonly owned: boolean;
  stop(): Promise<void>;
}

interface StateFile {
  pid: number;
  port: number;
}

/** Whether a Redis answers PING at `url` within `timeoutMs`. */
export async function redisAnswers(url: string, timeoutMs = 1_000): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  return await new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/**
 * The embedded Redis a daemon runs for this data folder, found without waiting: its URL when the state file names
 * a live process, else undefined. The CLI's commands use it to reach the same Redis as the daemon (an embedded
 * server listens on a port of its own, not on `redis.url`).
 */
export function runningEmbeddedRedisUrl(dataDir: string): string | undefined {
  const state = readState(join(resolve(dataDir, 'redis'), 'embedded.json'));
  return state && alive(state.pid) ? `redis://127.0.0.1:${state.port}` : undefined;
}

function readState(path: string): StateFile | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<StateFile>;
    return typeof parsed.pid === 'number' && typeof parsed.port === 'number'
      ? { pid: parsed.pid, port: parsed.port }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Redis to use: `undefined` when the configured one answers or embedding is off (use `redis.url`), else
 * an embedded server (started now, or found running for this data folder).
 */
export async function ensureEmbeddedRedis(options: {
  url: string;
  embedded: boolean;
  dataDir: string;
  log: Logger;
  /** The server binary (default `redis-server` from the PATH). */
  command?: string;
}): Promise<EmbeddedRedis | undefined> {
  if (!options.embedded) return undefined;
  if (await redisAnswers(options.url)) return undefined;
  const { log } = options;
  const dir = resolve(options.dataDir, 'redis');
  const statePath = join(dir, 'embedded.json');
  mkdirSync(dir, { recursive: true });

  const existing = readState(statePath);
  if (existing && alive(existing.pid)) {
    const url = `redis://127.0.0.1:${existing.port}`;
    if (await redisAnswers(url)) {
      log.info({ url, pid: existing.pid }, 'using the embedded Redis already running for this data folder');
      return { url, owned: false, stop: async () => {} };
    }
  }

  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const command = options.command ?? 'redis-server';
  const child: ChildProcess = spawn(
    command,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--save',
      '',
      '--maxmemory-policy',
      'noeviction',
      '--daemonize',
      'no',
      '--logfile',
      join(dir, 'redis.log'),
    ],
    { stdio: 'ignore' },
  );
  const spawnError = new Promise<Error>((done) => child.once('error', done));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  const deadline = Date.now() + 10_000;
  for (;;) {
    const failure = await Promise.race([
      spawnError,
      exited.then((code) => new Error(`redis-server exited (status ${code}); see ${join(dir, 'redis.log')}`)),
      new Promise<undefined>((done) => setTimeout(() => done(undefined), 100)),
    ]);
    if (failure) {
      const missing = (failure as NodeJS.ErrnoException).code === 'ENOENT';
      throw new AppError(
        missing ? 'redis_server_missing' : 'redis_embedded_failed',
        missing
          ? `Redis at ${options.url} does not answer and there is no redis-server on the PATH to start one: ` +
              'install it (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) or set ' +
              'redis.url to a running Redis'
          : `Redis at ${options.url} does not answer and the embedded redis-server did not start: ${errorMessage(failure)}`,
      );
    }
    if (await redisAnswers(url, 500)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new AppError(
        'redis_embedded_failed',
        `the embedded redis-server did not answer on ${url} within 10 s`,
      );
    }
  }
  writeFileSync(statePath, `${JSON.stringify({ pid: child.pid, port })}\n`);
  // What `redis.embedded` is for (the setup writes it, the demo uses it): nothing for the blogger to do.
  log.info(
    { url, dir },
    `Redis at ${options.url} does not answer: started an embedded redis-server (AOF on) for this data folder`,
  );

  let stopping: Promise<void> | undefined;
  return {
    url,
    owned: true,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        }
        rmSync(statePath, { force: true });
        log.info({ url }, 'embedded redis-server stopped');
      })();
      return stopping;
    },
  };
}
