/**
 * The Redis `pressbridge service install` gives the service, run for real (systemd does not run here): both units
 * as systemd reads them, the redis-server of pressbridge-redis.service started with the unit's own command line and
 * the redis.conf the install wrote (only its paths moved under the test's folder), a real `pressbridge doctor` with
 * the install's env file against the sandbox; and the consent path against throwaway redis-servers standing in for
 * the machine's.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_DIR, installService, UNIT_PATH } from '../../src/commands/service.js';
import {
  findOnPath,
  machineRedisAccess,
  OWN_REDIS,
  OWN_REDIS_URL,
  parseEnvFile,
} from '../../src/commands/service-redis.js';
import { redisChecks } from '../../src/doctor/redis.js';
import { AppError } from '../../src/errors.js';
import { createTranslator } from '../../src/i18n/index.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { caught } from '../helpers/caught.js';
import { runCli } from '../helpers/cli-runner.js';
import { randomPrefix } from '../helpers/redis.js';
import { freePort, type RedisServerProcess, startRedisServer } from '../helpers/redis-server.js';
import { serviceFixture } from '../helpers/service-install.js';

const t = createTranslator('en');
const run = promisify(execFile);
const dirs: string[] = [];
const servers: RedisServerProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function started(args: string[], at: { path: string } | { port: number }, command?: string) {
  const server = await startRedisServer(args, at, command);
  servers.push(server);
  return server;
}

async function config(redis: Redis, key: string): Promise<string | undefined> {
  const [, value] = (await redis.config('GET', key)) as string[];
  return value;
}

/** doctor's Redis lines (src/doctor/redis.ts) for the Redis at `url`. */
async function doctorRedis(url: string, redis: Redis) {
  return await redisChecks({ t, config: { redis: { url, prefix: 'pressbridge', embedded: false } }, redis });
}

describe("service install: pressbridge's own Redis as pressbridge-redis.service runs it (integration)", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  /** Installs under a test root and starts the unit's ExecStart, its paths (conf, data, socket) under that root. */
  async function installAndStart() {
    const f = serviceFixture(dirs);
    const server = findOnPath('redis-server');
    expect(server).toBeDefined();
    await installService(f.options({ redisServer: server }));
    const unit = readFileSync(join(f.root, OWN_REDIS.unit), 'utf8');
    const [command = '', conf = '', ...rest] = (/^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '').split(' ');
    expect(conf).toBe(OWN_REDIS.conf);
    // The conf's two paths moved under the root (Redis enters `dir` while it reads the file, so no override on the
    // command line would do), and the folders systemd's StateDirectory= and RuntimeDirectory= would create.
    const socket = join(f.root, OWN_REDIS.socket);
    const confPath = join(f.root, conf);
    const text = readFileSync(confPath, 'utf8');
    const moved = text
      .replace(`\ndir ${OWN_REDIS.data}\n`, `\ndir ${join(f.root, OWN_REDIS.data)}\n`)
      .replace(`\nunixsocket ${OWN_REDIS.socket}\n`, `\nunixsocket ${socket}\n`);
    expect(moved.split('\n').filter((line, i) => line !== text.split('\n')[i])).toHaveLength(2);
    writeFileSync(confPath, moved);
    mkdirSync(join(socket, '..'), { recursive: true, mode: 0o700 });
    const args = [confPath, ...rest];
    const start = () => started(args, { path: socket }, command);
    return { f, socket, start, redis: await start() };
  }

  it("passes systemd's own reading of both units (systemd-analyze verify)", async () => {
    const f = serviceFixture(dirs);
    await installService(f.options({ nodePath: process.execPath, redisServer: findOnPath('redis-server') }));
    const units = [OWN_REDIS.unit, UNIT_PATH].map((unit) => join(f.root, unit));
    const { stdout, stderr } = await run('systemd-analyze', ['verify', '--man=no', ...units]);
    expect(stderr).toBe('');
    expect(stdout).toBe('');
  });

  it('runs with AOF on (everysec), no TCP port, a socket for its user only, never evicting', async () => {
    const { socket } = await installAndStart();
    const redis = new Redis({ path: socket, maxRetriesPerRequest: 1 });
    try {
      expect(await config(redis, 'appendonly')).toBe('yes');
      expect(await config(redis, 'appendfsync')).toBe('everysec');
      expect(await config(redis, 'port')).toBe('0');
      expect(await config(redis, 'maxmemory-policy')).toBe('noeviction');
      expect(statSync(socket).mode & 0o777).toBe(0o700);
      const checks = await doctorRedis(`unix://${socket}`, redis);
      expect(checks.map((c) => [c.name, c.status])).toEqual([
        ['Redis', 'ok'],
        ['Redis eviction', 'ok'],
        ['Redis persistence', 'ok'],
      ]);
    } finally {
      redis.disconnect();
    }
  });

  it('makes a real `pressbridge doctor` clean, with the env file the install wrote and the config the setup writes', async () => {
    const { f, socket } = await installAndStart();
    const env = parseEnvFile(readFileSync(join(f.root, '/etc/pressbridge/env'), 'utf8'));
    expect(env.PRESSBRIDGE_REDIS_URL).toBe(OWN_REDIS_URL);
    const dataDir = join(f.root, DATA_DIR);
    const prefix = randomPrefix();
    // As src/setup/write-config.ts writes it: the install's env file has to win over its Redis lines.
    writeFileSync(
      join(dataDir, 'pressbridge.yaml'),
      [
        'marketplace:',
        `  baseUrl: ${sandbox.url}`,
        `  apiKey: ${sandbox.apiKey}`,
        'redis:',
        '  url: redis://127.0.0.1:6379',
        `  prefix: ${prefix}`,
        '  embedded: true',
        `dataDir: ${dataDir}`,
        'ui:',
        '  language: en',
        '',
      ].join('\n'),
    );
    const result = await runCli(['doctor', '--json'], {
      timeout: 60_000,
      env: {
        ...process.env,
        ...env,
        // The socket lies under the test's root, not in /run.
        PRESSBRIDGE_REDIS_URL: `unix://${socket}`,
        PRESSBRIDGE_DATA_DIR: dataDir,
        PRESSBRIDGE_CONFIG: '',
        PRESSBRIDGE_API_KEY: '',
        PRESSBRIDGE_LANGUAGE: 'en',
      },
    });
    const checks = JSON.parse(result.stdout) as Array<{ status: string; name: string; detail: string }>;
    expect(checks.filter((c) => c.status !== 'ok')).toEqual([]);
    expect(result.code).toBe(0);
    expect(checks.find((c) => c.name === 'Redis')?.detail).toBe(
      `unix://${socket} answers (Redis ${versionOf(checks)})`,
    );
    expect(checks.find((c) => c.name === 'Redis persistence')?.detail).toBe('AOF is on');
  });

  it('keeps what it acknowledged across a restart (systemctl restart pressbridge restarts it too: PartOf=)', async () => {
    const { f, socket, start, redis: server } = await installAndStart();
    const redis = new Redis({ path: socket, maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', () => {});
    try {
      await redis.connect();
      await redis.set('pb:test:deal', 'accepted');
      await redis.rpush('pb:test:queue', 'deal-1', 'deal-2');
      redis.disconnect();
      await server.stop();
      await start();
      await redis.connect();
      expect(await redis.get('pb:test:deal')).toBe('accepted');
      expect(await redis.lrange('pb:test:queue', 0, -1)).toEqual(['deal-1', 'deal-2']);
      // From the AOF in the service's data folder (no RDB snapshots: `save ""`).
      expect(statSync(join(f.root, OWN_REDIS.data, 'appendonlydir')).isDirectory()).toBe(true);
    } finally {
      redis.disconnect();
    }
  });
});

function versionOf(checks: Array<{ name: string; detail: string }>): string {
  return /\(Redis (.+)\)$/.exec(checks.find((c) => c.name === 'Redis')?.detail ?? '')?.[1] ?? '?';
}

describe("service install --use-machine-redis against a throwaway redis-server standing in for the machine's (integration)", () => {
  beforeEach(() => vi.stubEnv('PRESSBRIDGE_LANGUAGE', 'en'));
  afterEach(() => vi.unstubAllEnvs());
  /** A machine Redis on a free port; `conf` lines go into its redis.conf (none: started without one). */
  async function machine(conf: string[] | undefined, confDir = '') {
    const dir = mkdtempSync(join(tmpdir(), 'pb-machine-redis-'));
    dirs.push(dir);
    const port = await freePort();
    let file: string | undefined;
    if (conf) {
      mkdirSync(join(dir, confDir), { recursive: true });
      file = join(dir, confDir, 'redis.conf');
      writeFileSync(
        file,
        [`port ${port}`, 'bind 127.0.0.1', `dir ${dir}`, 'save ""', ...conf, ''].join('\n'),
      );
    }
    const args = file ?? [
      '--port',
      `${port}`,
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    await started(typeof args === 'string' ? [args] : args, { port });
    const url = `redis://127.0.0.1:${port}`;
    const redis = new Redis(url, { maxRetriesPerRequest: 1 });
    const f = serviceFixture(dirs);
    const install = () =>
      installService(
        f.options({ useMachineRedis: true, machineRedisUrl: url, ...machineRedisAccess(true, () => {}, t) }),
      );
    return { dir, url, redis, file, f, install };
  }

  it('turns AOF on and saves it in its redis.conf; doctor is clean against it', async () => {
    const m = await machine(['appendonly no']);
    try {
      expect(await config(m.redis, 'appendonly')).toBe('no');
      await m.install();
      expect(await config(m.redis, 'appendonly')).toBe('yes');
      expect(readFileSync(m.file ?? '', 'utf8')).toMatch(/^appendonly yes$/m);
      expect(readFileSync(m.file ?? '', 'utf8')).not.toMatch(/^appendonly no$/m);
      expect(m.f.lines).toContain(
        `Redis: pressbridge uses the Redis at ${m.url}; persistence (AOF) is on and saved in ${m.file}.`,
      );
      expect(
        parseEnvFile(readFileSync(join(m.f.root, '/etc/pressbridge/env'), 'utf8')).PRESSBRIDGE_REDIS_URL,
      ).toBe(m.url);
      expect((await doctorRedis(m.url, m.redis)).map((c) => c.status)).toEqual(['ok', 'ok', 'ok']);
    } finally {
      m.redis.disconnect();
    }
  });

  it('saves AOF that was on only at runtime (turned on by hand, missing from the file)', async () => {
    const m = await machine(['appendonly no']);
    try {
      await m.redis.config('SET', 'appendonly', 'yes');
      await m.install();
      expect(await config(m.redis, 'appendonly')).toBe('yes');
      expect(readFileSync(m.file ?? '', 'utf8')).toMatch(/^appendonly yes$/m);
    } finally {
      m.redis.disconnect();
    }
  });

  it('when Redis runs without a redis.conf: nothing changed, says how, and doctor keeps warning', async () => {
    const m = await machine(undefined);
    try {
      await m.install();
      expect(await config(m.redis, 'appendonly')).toBe('no');
      expect(m.f.lines.join('\n')).toMatch(
        new RegExp(
          `Redis at ${m.url}, but it runs without a redis\\.conf.*nothing was changed\\. Start it with \`--appendonly yes\``,
        ),
      );
      const persistence = (await doctorRedis(m.url, m.redis))[2];
      expect(persistence?.status).toBe('warn');
      expect(persistence?.fix).toMatch(/runs without a redis\.conf: start it with `--appendonly yes`/);
    } finally {
      m.redis.disconnect();
    }
  });

  it('when Redis cannot write its redis.conf: AOF set back, the file and the line named, doctor keeps warning', async () => {
    const m = await machine(['appendonly no'], 'etc');
    try {
      // Its folder gone: CONFIG REWRITE cannot write the file (as root here, permissions would not stop it).
      rmSync(join(m.dir, 'etc'), { recursive: true });
      await m.install();
      expect(await config(m.redis, 'appendonly')).toBe('no');
      expect(m.f.lines.join('\n')).toContain(
        `Add the line \`appendonly yes\` to ${m.file} and restart Redis`,
      );
      const persistence = (await doctorRedis(m.url, m.redis))[2];
      expect(persistence?.status).toBe('warn');
      expect(persistence?.fix).toContain(`set \`appendonly yes\` in ${m.file}`);
    } finally {
      m.redis.disconnect();
    }
  });

  it('refuses a Redis that may evict keys: nothing changed there, nothing installed', async () => {
    const m = await machine(['appendonly no', 'maxmemory-policy allkeys-lru']);
    try {
      const before = readFileSync(m.file ?? '', 'utf8');
      const error = await caught(m.install(), AppError);
      expect(error.code).toBe('service_redis_evicts');
      expect(await config(m.redis, 'appendonly')).toBe('no');
      expect(readFileSync(m.file ?? '', 'utf8')).toBe(before);
      expect(m.f.commands).toEqual([]);
    } finally {
      m.redis.disconnect();
    }
  });
});
