import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { until } from './until.js';

/** A free TCP port on loopback (the OS picks it; a race with another process is possible but rare). */
export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A private redis-server on its own port, for tests that stop and restart Redis without disturbing the
 * machine's shared instance. The port stays the same across restarts so clients can reconnect.
 */
export interface PrivateRedis {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pb-redis-'));
  let child: ChildProcess | undefined;

  const start = async (): Promise<void> => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', dir],
      { stdio: 'ignore' },
    );
    const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    try {
      for (let i = 0; i < 100; i++) {
        try {
          await probe.connect();
          await probe.ping();
          return;
        } catch {
          probe.disconnect();
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      throw new Error(`redis-server on port ${port} did not start`);
    } finally {
      probe.disconnect();
    }
  };

  const stop = async (): Promise<void> => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A redis-server started with exactly `args` (a config file, overrides), reached at `at`; `stop` ends it as systemd does (SIGTERM). */
export interface RedisServerProcess {
  /** An ioredis client's options for it (`path` for a unix socket, else `port` on loopback). */
  readonly at: { path: string } | { port: number };
  stop(): Promise<void>;
}

export async function startRedisServer(
  args: readonly string[],
  at: { path: string } | { port: number },
  command = 'redis-server',
): Promise<RedisServerProcess> {
  const child = spawn(command, [...args], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // As systemd stops it. A server that ignores SIGTERM (it does while writing its first AOF) fails the test
  // after 10 s instead of hanging it, and is killed so nothing is left running.
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    if (child.signalCode === 'SIGKILL')
      throw new Error(`redis-server ${args.join(' ')} ignored SIGTERM for 10 s`);
  };
  const answers = async (): Promise<boolean> => {
    if (child.exitCode !== null) throw new Error(`redis-server ${args.join(' ')} exited (${child.exitCode})`);
    const probe = new Redis({ ...at, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };
  try {
    await until(answers, 10_000, `redis-server ${args.join(' ')}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { at, stop };
}
