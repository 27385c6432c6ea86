/**
 * The README's foreground path as a blogger walks it, in real processes, on a machine whose Redis on 127.0.0.1:6379
 * may have AOF off (Debian's package): `pressbridge start` in an empty folder serves the setup page, the setup
 * written there gives pressbridge its own Redis (a redis-server child on a socket in ./.data/redis, AOF on), and a
 * later `doctor --json` from the same folder reports no warning. While the daemon is stopped the commands say so
 * in a sentence; the Redis comes back with the daemon, with its data. And the Docker path: the compose file's
 * Redis, started with its own command line, gives doctor nothing to warn about either.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { redisChecks } from '../../src/doctor/redis.js';
import { createTranslator } from '../../src/i18n/index.js';
import { parseInfo } from '../../src/redis/info.js';
import { alive } from '../../src/redis/server-process.js';
import { CLI_ARGS, NODE, ROOT, runCli } from '../helpers/cli-runner.js';
import { freePort, startRedisServer } from '../helpers/redis-server.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';
import { createSetupClient } from '../helpers/setup-client.js';
import { until } from '../helpers/until.js';

const TOKEN = 'foreground-redis-token';

interface Check {
  status: string;
  name: string;
  detail: string;
  fix?: string;
}

describe('the foreground path: npm start in a folder, then doctor from it (real processes)', () => {
  const world = useSandboxWorld({
    dir: 'pb-foreground-',
    blog: { id: 1, name: 'Blog', url: 'http://127.0.0.1:1' },
  });
  // The folder the blogger runs `npm start` in; its data goes to ./.data.
  const cwd = world.dir;
  const data = join(cwd, '.data');
  const socket = join(data, 'redis', 'redis.sock');
  // Nothing of this machine's pressbridge environment: no config, data folder or Redis named.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PRESSBRIDGE_CONFIG: '',
    PRESSBRIDGE_DATA_DIR: '',
    PRESSBRIDGE_REDIS_URL: '',
    PRESSBRIDGE_REDIS_EMBEDDED: '',
    PRESSBRIDGE_API_KEY: '',
    PRESSBRIDGE_LANGUAGE: 'en',
    PRESSBRIDGE_SETUP_TOKEN: TOKEN,
  };
  const started: ChildProcess[] = [];
  const redisPid = () =>
    (JSON.parse(readFileSync(join(data, 'redis', 'embedded.json'), 'utf8')) as { pid: number }).pid;
  const pressbridge = (args: string[]) => runCli(args, { cwd, env, timeout: 60_000 });
  // One process (node with tsx's loader), in a process group of its own as a terminal's foreground job.
  const start = (args: string[]): ChildProcess => {
    const child = spawn(NODE, [...CLI_ARGS, 'start', ...args], { cwd, env, detached: true });
    started.push(child);
    return child;
  };
  /** Ctrl+C: SIGINT to the whole foreground group. */
  const interrupt = async (child: ChildProcess): Promise<number | null> => {
    const exited = once(child, 'exit') as Promise<[number | null]>;
    process.kill(-(child.pid as number), 'SIGINT');
    return (await exited)[0];
  };
  afterAll(async () => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    await new Promise((done) => site.close(done));
    // A Redis a killed daemon could not stop.
    if (existsSync(join(data, 'redis', 'embedded.json')) && alive(redisPid()))
      process.kill(redisPid(), 'SIGKILL');
  });

  let daemon: ChildProcess;
  // The blog's public address: a web server in front of its folder, as the static publisher expects one.
  let site: Server;
  let siteUrl: string;
  beforeAll(async () => {
    site = createServer((_req, res) => res.end('<!doctype html><title>Blog</title>'));
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  });

  it('start without a config: the setup page; finished, the daemon runs its own Redis on a socket, AOF on', async () => {
    daemon = start(['--setup-port', '0']);
    expect(daemon.stdout).not.toBeNull();
    const [line] = (await once(
      createInterface({ input: daemon.stdout as NodeJS.ReadableStream }),
      'line',
    )) as [string];
    const setupUrl = /open (http:\/\/\S+\/setup) and enter the token/.exec(line)?.[1];
    expect(setupUrl).toBeDefined();
    const origin = new URL(setupUrl as string).origin;
    const me = createSetupClient(origin);
    const csrf = await me.enterToken(TOKEN, '/setup?lang=en');
    const steps: Array<[string, Record<string, string>]> = [
      ['/setup/key', { baseUrl: world.sandbox.url, apiKey: world.sandbox.apiKey, allowLocal: 'on' }],
      ['/setup/blogs', { 'target-1': 'static' }],
      ['/setup/blog/1/static', { dir: join(cwd, 'site'), baseUrl: siteUrl }],
      ['/setup/categories', { 'mode-1': 'default' }],
      ['/setup/rules/1', {}],
      ['/setup/intake', { intake: 'poll', webhookPort: String(await freePort()) }],
      ['/setup/notify', { channel: 'none', action: 'save' }],
    ];
    for (const [path, form] of steps) {
      expect([path, (await me.request(path, { csrf, ...form })).status]).toEqual([path, 303]);
    }
    const done = await me.request('/setup/finish', { csrf, 'agent-1': 'on' });
    expect(done.status).toBe(200);
    expect(done.text).toContain('pressbridge is running');

    const yaml = parse(readFileSync(join(data, 'pressbridge.yaml'), 'utf8')) as { redis: unknown };
    expect(yaml.redis).toEqual({ url: `unix://${socket}`, embedded: true });
    const redis = new Redis({ path: socket, maxRetriesPerRequest: 1 });
    try {
      expect(await redis.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
      expect(await redis.config('GET', 'port')).toEqual(['port', '0']);
      expect(Number(parseInfo(await redis.info('server')).process_id)).toBe(redisPid());
      await redis.set('pb:test:before-restart', 'kept');
    } finally {
      redis.disconnect();
    }
    expect(statSync(socket).mode & 0o777).toBe(0o700);
  }, 90_000);

  it('doctor --json from the same folder: the same Redis, persistence on, no warning', async () => {
    const result = await pressbridge(['doctor', '--json']);
    const checks = JSON.parse(result.stdout) as Check[];
    expect(checks.filter((c) => c.status !== 'ok')).toEqual([]);
    expect(result.code).toBe(0);
    expect(checks.find((c) => c.name === 'Redis')?.detail).toMatch(
      new RegExp(`^unix://${socket.replaceAll('.', '\\.')} answers \\(Redis `),
    );
    expect(checks.find((c) => c.name === 'Redis persistence')?.detail).toBe('AOF is on');
  }, 60_000);

  it('Ctrl+C stops it after the daemon; meanwhile a command says so in a sentence, doctor in one line', async () => {
    const pid = redisPid();
    expect(await interrupt(daemon)).toBe(0);
    expect(alive(pid)).toBe(false);
    expect(existsSync(socket)).toBe(false);
    // Not by the terminal's SIGINT (it would stop while the daemon still finishes its jobs): by the daemon, after.
    const log = readFileSync(join(data, 'redis', 'redis.log'), 'utf8');
    expect(log).toMatch(/Received SIGTERM scheduling shutdown/);
    expect(log).not.toMatch(/Received SIGINT/);

    const [deals, doctor] = await Promise.all([pressbridge(['deals']), pressbridge(['doctor', '--json'])]);
    expect(deals.code).toBe(1);
    expect(deals.stderr).toBe(
      `Error: Redis at unix://${socket} does not answer. pressbridge runs its own Redis (data in ${join(data, 'redis')}) ` +
        'only while it runs itself: start pressbridge in this folder (npm start, or pressbridge start), then run ' +
        'this command again.\n',
    );
    expect(doctor.code).toBe(1);
    const checks = JSON.parse(doctor.stdout) as Check[];
    expect(checks.find((c) => c.name === 'Redis')).toMatchObject({
      status: 'fail',
      fix: expect.stringMatching(
        /^start pressbridge \(npm start, or pressbridge start\) and run doctor again/,
      ),
    });
    // Only what needs no Redis is asked besides: the config and the blog's own site.
    expect(checks.filter((c) => c.status !== 'ok').map((c) => c.name)).toEqual(['Redis']);
    expect(checks.map((c) => c.name)).toContain(`blog 1: public address ${siteUrl}`);
  }, 60_000);

  it('the next start brings it back with its data; a command reaches it', async () => {
    daemon = start(['--status-port', '0']);
    await until(() => existsSync(socket), 30_000, 'the Redis socket', 100);
    const redis = new Redis({ path: socket, maxRetriesPerRequest: 1 });
    try {
      expect(await redis.get('pb:test:before-restart')).toBe('kept');
    } finally {
      redis.disconnect();
    }
    const deals = await pressbridge(['deals', '--json']);
    expect(deals.stderr).toBe('');
    expect(deals.code).toBe(0);
    const pid = redisPid();
    expect(await interrupt(daemon)).toBe(0);
    expect(alive(pid)).toBe(false);
  }, 90_000);
});

describe("the Docker path: docker-compose.yml's Redis (integration)", () => {
  it('runs with AOF on and noeviction, so doctor has nothing to warn about', async () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
      services: { redis: { command: string[] } };
    };
    const [binary, ...args] = compose.services.redis.command;
    expect(binary).toBe('redis-server');
    const dir = mkdtempSync(join(tmpdir(), 'pb-compose-redis-'));
    const port = await freePort();
    // The image's working directory is its data volume; the port moved off the machine's 6379.
    const server = await startRedisServer([...args, '--dir', dir, '--port', String(port)].filter(Boolean), {
      port,
    });
    const redis = new Redis({ port, maxRetriesPerRequest: 1 });
    try {
      const checks = await redisChecks({
        t: createTranslator('en'),
        config: { redis: { url: `redis://127.0.0.1:${port}`, prefix: 'pressbridge', embedded: false } },
        redis,
      });
      expect(checks.map((c) => [c.name, c.status])).toEqual([
        ['Redis', 'ok'],
        ['Redis eviction', 'ok'],
        ['Redis persistence', 'ok'],
      ]);
    } finally {
      redis.disconnect();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
