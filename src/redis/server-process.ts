/**
 * One redis-server process that pressbridge runs itself (the embedded Redis, ./embedded.ts): its command line,
 * its start (answering within 10 s, or an error that says why), its stop.
 *
 * It runs in a process group of its own (`detached`). Ctrl+C in the terminal of `npm start` signals the whole
 * foreground group: Redis would stop at once while pressbridge still finishes its running jobs and writes their
 * results. Alone in its group it gets only the SIGTERM pressbridge sends once its jobs have ended (the order
 * systemd's After= gives the service's own Redis, decision 16). The price: when pressbridge ends without stopping
 * it (SIGKILL, a closed terminal), it keeps running; the next start finds and replaces it (./embedded.ts).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { AppError, errorMessage } from '../errors.js';
import { parseInfo, withRedisAt } from './info.js';

/** Where it listens: a unix socket only (no TCP port), or a loopback port. */
export type RedisListen = { socket: string } | { port: number };

/** A unix socket's path is at most 107 bytes on Linux (sun_path holds 108 with the final NUL). */
export const MAX_SOCKET_PATH_BYTES = 107;

export interface RedisServer {
  readonly pid: number;
  /** Where clients reach it: `unix:///…` or `redis://127.0.0.1:<port>`. */
  readonly url: string;
  /** Resolves when the process has ended, with its exit status (null: ended by a signal). */
  readonly exited: Promise<number | null>;
  /** SIGTERM (Redis writes its AOF and exits), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

export function listenUrl(listen: RedisListen): string {
  return 'socket' in listen ? `unix://${listen.socket}` : `redis://127.0.0.1:${listen.port}`;
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

/** Where the server listens: the socket `redis.url` names, else a free loopback port. */
export async function listenFor(url: string): Promise<RedisListen> {
  return url.startsWith('unix:') ? socketOf(url) : { port: await freePort() };
}

/** Where a server listened, to start it again there (its clients reconnect to the same address). */
export function listenOf(url: string): RedisListen {
  return url.startsWith('unix:') ? socketOf(url) : { port: Number(new URL(url).port) };
}

function socketOf(url: string): { socket: string } {
  return { socket: decodeURIComponent(new URL(url).pathname) };
}

/** The settings of every embedded Redis: AOF on, written every second, never evicting, its log in `dir`. */
export function redisServerArgs(dir: string, listen: RedisListen): string[] {
  const where =
    'socket' in listen
      ? ['--port', '0', '--unixsocket', listen.socket, '--unixsocketperm', '700']
      : ['--port', String(listen.port), '--bind', '127.0.0.1'];
  return [
    ...where,
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--save',
    '',
    '--maxmemory-policy',
    'noeviction',
    '--daemonize',
    'no',
    '--logfile',
    join(dir, 'redis.log'),
  ];
}

/** Whether a Redis answers PING at `url` within `timeoutMs`. */
export async function redisAnswers(url: string, timeoutMs = 1_000): Promise<boolean> {
  return (await withRedisAt(url, (redis) => redis.ping(), timeoutMs).catch(() => undefined)) === 'PONG';
}

/** The process id of the Redis answering at `url` (its INFO), or undefined when none answers. */
export async function redisPid(url: string, timeoutMs = 1_000): Promise<number | undefined> {
  const id = await withRedisAt(
    url,
    async (redis) => parseInfo(await redis.info('server')).process_id,
    timeoutMs,
  ).catch(() => undefined);
  return id === undefined ? undefined : Number(id);
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops a redis-server that is not our child (one left running by a pressbridge that ended without stopping it). */
export async function stopPid(pid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  while (alive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      return;
    }
    await delay(50);
  }
}

const logOf = (dir: string) => join(dir, 'redis.log');

/** Starts redis-server and waits until it answers PING; an error that says why when it does not. */
export async function startRedisServer(o: {
  /** Its data folder: the AOF and redis.log. */
  dir: string;
  listen: RedisListen;
  /** The server binary (default `redis-server` from the PATH). */
  command?: string | undefined;
}): Promise<RedisServer> {
  if ('socket' in o.listen && Buffer.byteLength(o.listen.socket) > MAX_SOCKET_PATH_BYTES) {
    const params = { socket: o.listen.socket, max: MAX_SOCKET_PATH_BYTES };
    throw new AppError(
      'redis_socket_too_long',
      `the socket path ${o.listen.socket} is longer than a unix socket allows (${MAX_SOCKET_PATH_BYTES} bytes): ` +
        'move the data folder to a shorter path, or set redis.url to a Redis of your own with redis.embedded: false',
      { phrase: { key: 'run.redis.socket_too_long', params } },
    );
  }
  const url = listenUrl(o.listen);
  const log = logOf(o.dir);
  const child = spawn(o.command ?? 'redis-server', redisServerArgs(o.dir, o.listen), {
    stdio: 'ignore',
    detached: true,
  });
  const spawnError = new Promise<Error>((done) => child.once('error', done));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    child.kill('SIGTERM');
    const late = await Promise.race([exited.then(() => false), delay(10_000, true, { ref: false })]);
    if (late) child.kill('SIGKILL');
    await exited;
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    const failure = await Promise.race([
      spawnError,
      exited.then((code) => new Error(`redis-server exited (status ${code})`)),
      delay(100, undefined),
    ]);
    if (failure) {
      if ((failure as NodeJS.ErrnoException).code === 'ENOENT')
        throw new AppError(
          'redis_server_missing',
          'pressbridge runs its own Redis with redis-server, and there is no redis-server on the PATH: install it ' +
            '(Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis), or set redis.url to ' +
            'a running Redis with redis.embedded: false',
          { phrase: { key: 'run.redis.server_missing' } },
        );
      throw failed(errorMessage(failure), log);
    }
    if (await redisAnswers(url, 500)) break;
    if (Date.now() > deadline) {
      await stop();
      throw failed('no answer within 10 s', log);
    }
  }
  return { pid: child.pid as number, url, exited, stop };
}

function failed(why: string, log: string): AppError {
  return new AppError(
    'redis_embedded_failed',
    `pressbridge's own Redis (redis-server) did not start: ${why}; its log: ${log}`,
    { phrase: { key: 'run.redis.server_failed', params: { why, log } } },
  );
}
