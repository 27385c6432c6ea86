/**
 * The embedded Redis with real redis-servers: pressbridge's own on a socket in the data folder (the setup's
 * default), the TCP fallback of the demo, one server per data folder, started again when it dies, a server left
 * running by a pressbridge that died replaced, and the errors that say why none could start.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { createSilentLogger } from '../../src/logger.js';
import { parseRedisUrl } from '../../src/redis/client.js';
import { type EmbeddedRedis, ensureEmbeddedRedis, ownRedisUrl } from '../../src/redis/embedded.js';
import { parseInfo } from '../../src/redis/info.js';
import { alive, redisServerArgs } from '../../src/redis/server-process.js';
import { caught } from '../helpers/caught.js';
import { TEST_REDIS_URL } from '../helpers/redis.js';
import { freePort, startRedisServer } from '../helpers/redis-server.js';
import { until } from '../helpers/until.js';

const log = createSilentLogger();
const dirs: string[] = [];
const running: EmbeddedRedis[] = [];
const clients: Redis[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  for (const server of running.splice(0)) await server.stop();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-embedded-'));
  dirs.push(dir);
  return dir;
}

async function ensure(url: string, dir: string, command?: string): Promise<EmbeddedRedis | undefined> {
  const server = await ensureEmbeddedRedis({
    url,
    embedded: true,
    dataDir: dir,
    log,
    ...(command ? { command } : {}),
  });
  if (server?.owned) running.push(server);
  return server;
}

function connect(url: string): Redis {
  const client = new Redis({ ...parseRedisUrl(url), maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  clients.push(client);
  return client;
}

async function setting(client: Redis, key: string): Promise<string | undefined> {
  return ((await client.config('GET', key)) as string[])[1];
}

const pidOf = async (client: Redis) => Number(parseInfo(await client.info('server')).process_id);
const state = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'redis', 'embedded.json'), 'utf8')) as {
    owner: number;
    pid: number;
    url: string;
  };

describe('src/redis/embedded: pressbridge’s own Redis on a socket (integration, real redis-server)', () => {
  it('listens on the data folder’s socket only (no TCP port, mode 0700), with AOF on, and never evicts', async () => {
    const dir = dataDir();
    const url = ownRedisUrl(dir);
    const own = await ensure(url, dir);
    expect(own).toMatchObject({ url, owned: true, logFile: join(dir, 'redis', 'redis.log') });
    const client = connect(url);
    expect(await setting(client, 'port')).toBe('0');
    expect(await setting(client, 'appendonly')).toBe('yes');
    expect(await setting(client, 'appendfsync')).toBe('everysec');
    expect(await setting(client, 'maxmemory-policy')).toBe('noeviction');
    expect(await setting(client, 'dir')).toBe(join(dir, 'redis'));
    expect(statSync(join(dir, 'redis', 'redis.sock')).mode & 0o777).toBe(0o700);
    expect(state(dir)).toEqual({ owner: process.pid, pid: await pidOf(client), url });
  });

  it('is one per data folder: a second pressbridge uses it, also when both start at once; stop ends it', async () => {
    const dir = dataDir();
    const url = ownRedisUrl(dir);
    const [a, b] = await Promise.all([ensure(url, dir), ensure(url, dir)]);
    expect([a?.owned, b?.owned].sort()).toEqual([false, true]);
    expect(a?.url).toBe(url);
    expect(b?.url).toBe(url);
    const owner = (a?.owned ? a : b) as EmbeddedRedis;
    const pid = await pidOf(connect(url));
    await owner.stop();
    expect(alive(pid)).toBe(false);
    expect(existsSync(join(dir, 'redis', 'redis.sock'))).toBe(false);
    expect(existsSync(join(dir, 'redis', 'embedded.json'))).toBe(false);
  });

  it('is started again when it dies, on the same socket, with what it had acknowledged', async () => {
    const dir = dataDir();
    const url = ownRedisUrl(dir);
    await ensure(url, dir);
    const client = connect(url);
    await client.set('pb:test:deal', 'accepted');
    const first = await pidOf(client);
    process.kill(first, 'SIGKILL');
    const second = await until(
      async () => {
        const pid = await pidOf(client).catch(() => undefined);
        return pid !== undefined && pid !== first && pid;
      },
      10_000,
      'the Redis started again',
      100,
    );
    expect(await client.get('pb:test:deal')).toBe('accepted');
    // The record names the new server once its start returned, a moment after the server answers (the client
    // above may reconnect in between: CI once read `{ owner }` alone there).
    await until(
      () => state(dir)?.pid === second || undefined,
      5_000,
      'embedded.json names the new server',
      20,
    );
    expect(state(dir)).toEqual({ owner: process.pid, pid: second, url });
  });

  it('replaces a server left running by a pressbridge that died, keeping its data', async () => {
    const dir = dataDir();
    const url = ownRedisUrl(dir);
    mkdirSync(join(dir, 'redis'), { recursive: true });
    // The server as a pressbridge started it; that pressbridge gone (a pid of a process that has ended).
    const orphan = await startRedisServer(
      redisServerArgs(join(dir, 'redis'), { socket: new URL(url).pathname }),
      {
        path: new URL(url).pathname,
      },
    );
    const ended = spawn('true');
    await once(ended, 'exit');
    const orphanPid = await pidOf(connect(url));
    await connect(url).set('pb:test:kept', 'yes');
    writeFileSync(
      join(dir, 'redis', 'embedded.json'),
      JSON.stringify({ owner: ended.pid, pid: orphanPid, url }),
    );
    try {
      const own = await ensure(url, dir);
      expect(own?.owned).toBe(true);
      expect(alive(orphanPid)).toBe(false);
      const client = connect(url);
      expect(await pidOf(client)).not.toBe(orphanPid);
      expect(await client.get('pb:test:kept')).toBe('yes');
    } finally {
      await orphan.stop();
    }
  });

  it('refuses a socket path too long for a unix socket, starting nothing', async () => {
    const dir = join(dataDir(), 'x'.repeat(90));
    const error = await caught(ensure(ownRedisUrl(dir), dir), AppError);
    expect(error.code).toBe('redis_socket_too_long');
    expect(error.message).toMatch(/longer than a unix socket allows \(107 bytes\): move the data folder/);
    expect(existsSync(join(dir, 'redis', 'embedded.json'))).toBe(false);
  });
});

describe('src/redis/embedded: the TCP fallback (the demo) (integration, real redis-server)', () => {
  it('does nothing when embedding is off or the configured Redis answers', async () => {
    const dir = dataDir();
    const dead = `redis://127.0.0.1:${await freePort()}`;
    expect(await ensureEmbeddedRedis({ url: dead, embedded: false, dataDir: dir, log })).toBeUndefined();
    expect(await ensure(TEST_REDIS_URL, dir)).toBeUndefined();
  });

  it('starts one redis-server per data folder on a free loopback port, with AOF on, and stops it', async () => {
    const dir = dataDir();
    const dead = `redis://127.0.0.1:${await freePort()}`;
    const first = await ensure(dead, dir);
    expect(first?.owned).toBe(true);
    const client = connect(first?.url as string);
    expect(await setting(client, 'appendonly')).toBe('yes');
    expect(await setting(client, 'maxmemory-policy')).toBe('noeviction');
    expect(await setting(client, 'bind')).toBe('127.0.0.1');
    const second = await ensure(dead, dir);
    expect(second).toMatchObject({ url: first?.url, owned: false });
    await second?.stop();
    expect(existsSync(join(dir, 'redis', 'embedded.json'))).toBe(true);
    await first?.stop();
    expect(existsSync(join(dir, 'redis', 'embedded.json'))).toBe(false);
    expect(await pidOf(client).catch(() => 'gone')).toBe('gone');
  });

  it('says how to get a Redis when there is no redis-server to start', async () => {
    const dir = dataDir();
    const dead = `redis://127.0.0.1:${await freePort()}`;
    const error = await caught(ensure(dead, dir, 'no-such-redis-server'), AppError);
    expect(error.code).toBe('redis_server_missing');
    expect(error.message).toMatch(
      /no redis-server on the PATH: install it .*apt-get install redis-server.*redis\.url/,
    );
    expect(existsSync(join(dir, 'redis', 'embedded.json'))).toBe(false);
  });
});
