/**
 * The Redis of `pressbridge service install`: its own (pressbridge-redis.service and its redis.conf, required by
 * pressbridge.service), the machine's only with consent (the flag or a yes on a terminal), and on a re-run what the
 * installation had. The Redis is replaced by answers here; test/integration/service-redis.test.ts runs the real one.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installService, UNIT_PATH } from '../../../src/commands/service.js';
import {
  aofOutcomeLine,
  findOnPath,
  installedRedis,
  OWN_REDIS,
  OWN_REDIS_URL,
  parseEnvFile,
  saidYes,
} from '../../../src/commands/service-redis.js';
import { AppError } from '../../../src/errors.js';
import { createTranslator } from '../../../src/i18n/index.js';
import type { RedisFacts } from '../../../src/redis/info.js';
import type { AofOutcome } from '../../../src/redis/persistence.js';
import { caught } from '../../helpers/caught.js';
import { serviceFixture } from '../../helpers/service-install.js';

const dirs: string[] = [];
beforeEach(() => vi.stubEnv('PRESSBRIDGE_LANGUAGE', 'en'));
afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const MACHINE: RedisFacts = {
  version: '7.0.15',
  aof: false,
  maxmemoryPolicy: 'noeviction',
  configFile: '/etc/redis/redis.conf',
};
const SAVED: AofOutcome = { kind: 'saved', changed: true, configFile: '/etc/redis/redis.conf' };

/** A fixture whose machine's Redis answers with `facts` (null: nothing answers), recording the Redis it changed. */
function machineFixture(facts: RedisFacts | null = MACHINE) {
  const f = serviceFixture(dirs);
  const persisted: string[] = [];
  const options = (over: Parameters<typeof f.options>[0] = {}) =>
    f.options({
      redisFacts: async () => facts ?? undefined,
      persistAof: async (url) => {
        persisted.push(url);
        return SAVED;
      },
      ...over,
    });
  const read = (path: string) => readFileSync(join(f.root, path), 'utf8');
  /** An earlier installation's /etc/pressbridge/env. */
  const writeEnv = (text: string) => {
    mkdirSync(join(f.root, '/etc/pressbridge'), { recursive: true });
    writeFileSync(join(f.root, '/etc/pressbridge/env'), text);
  };
  return {
    ...f,
    persisted,
    options,
    read,
    writeEnv,
    exists: (path: string) => existsSync(join(f.root, path)),
  };
}

/** `Key=value` lines of a unit file, each key with all its values. */
function unitSettings(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of text.matchAll(/^([A-Za-z]+)=(.*)$/gm)) {
    const [, key = '', value = ''] = m;
    out.set(key, [...(out.get(key) ?? []), value]);
  }
  return out;
}

describe('src/commands/service-redis: its own Redis', () => {
  it('writes pressbridge-redis.service and its redis.conf, and makes pressbridge.service require it', async () => {
    const f = machineFixture(null);
    await installService(f.options({ redisServer: '/usr/local/bin/redis-server' }));

    const redis = unitSettings(f.read(OWN_REDIS.unit));
    expect(redis.get('ExecStart')).toEqual([
      '/usr/local/bin/redis-server /etc/pressbridge/redis.conf --supervised systemd --daemonize no',
    ]);
    expect(redis.get('Type')).toEqual(['notify']);
    expect(redis.get('User')).toEqual(['pressbridge']);
    expect(redis.get('Group')).toEqual(['pressbridge']);
    // Stopped (and restarted) with pressbridge; not enabled on its own (no [Install]: pulled in by Requires=).
    expect(redis.get('PartOf')).toEqual(['pressbridge.service']);
    expect(f.read(OWN_REDIS.unit)).not.toContain('[Install]');
    expect(redis.get('Restart')).toEqual(['always']);
    // The socket and the data lie in the folders systemd gives the unit, readable by the service's user only.
    expect(OWN_REDIS.socket).toBe(`/run/${redis.get('RuntimeDirectory')?.[0]}/redis.sock`);
    expect(OWN_REDIS.data).toBe(`/var/lib/${redis.get('StateDirectory')?.[0]}`);
    expect(redis.get('RuntimeDirectoryMode')).toEqual(['0700']);
    expect(redis.get('StateDirectoryMode')).toEqual(['0700']);
    expect(redis.get('RestrictAddressFamilies')).toEqual(['AF_UNIX']);
    expect(redis.get('ProtectSystem')).toEqual(['strict']);

    const conf = f.read(OWN_REDIS.conf);
    expect(conf).toBe(readFileSync(join(f.pkg, 'deploy/pressbridge-redis.conf'), 'utf8'));
    for (const line of [
      'port 0',
      `unixsocket ${OWN_REDIS.socket}`,
      'unixsocketperm 700',
      `dir ${OWN_REDIS.data}`,
      'appendonly yes',
      'appendfsync everysec',
      'maxmemory-policy noeviction',
    ])
      expect(conf.split('\n')).toContain(line);

    const unit = unitSettings(f.read(UNIT_PATH));
    expect(unit.get('Requires')).toEqual(['pressbridge-redis.service']);
    expect(unit.get('After')?.[0]?.split(' ')).toEqual([
      'network-online.target',
      'pressbridge-redis.service',
    ]);
    expect(parseEnvFile(f.read('/etc/pressbridge/env'))).toEqual({
      PRESSBRIDGE_REDIS_URL: OWN_REDIS_URL,
      PRESSBRIDGE_REDIS_EMBEDDED: 'false',
    });
    expect(f.lines[0]).toMatch(/its own, the service pressbridge-redis \(\/usr\/local\/bin\/redis-server\)/);
  });

  it('refuses before writing anything when there is no redis-server to run', async () => {
    const f = machineFixture(null);
    const error = await caught(installService(f.options({ redisServer: undefined })));
    expect(error).toBeInstanceOf(AppError);
    expect((error as Error).message).toMatch(
      /needs the redis-server program.*sudo apt-get install redis-server/,
    );
    expect(f.exists(UNIT_PATH)).toBe(false);
    expect(f.commands).toEqual([]);
  });

  it('on a re-run keeps the env file (and the lines added to it) and rewrites the units the same', async () => {
    const f = machineFixture();
    await installService(f.options());
    appendFileSync(join(f.root, '/etc/pressbridge/env'), 'PRESSBRIDGE_STATUS_PASSWORD=mine\n');
    const before = {
      env: f.read('/etc/pressbridge/env'),
      unit: f.read(UNIT_PATH),
      redis: f.read(OWN_REDIS.unit),
    };
    f.commands.length = 0;
    // No question on a re-run, whatever the machine's Redis: the installation has its Redis.
    const ask = vi.fn(async (_question: string) => 'y');
    await installService(f.options({ ask }));
    expect(ask).not.toHaveBeenCalled();
    expect({
      env: f.read('/etc/pressbridge/env'),
      unit: f.read(UNIT_PATH),
      redis: f.read(OWN_REDIS.unit),
    }).toEqual(before);
    expect(f.commands.at(-1)).toBe('systemctl enable --now pressbridge');
    expect(f.persisted).toEqual([]);
  });

  it('refuses --use-machine-redis on an installation with its own Redis, changing nothing', async () => {
    const f = machineFixture();
    await installService(f.options());
    const env = f.read('/etc/pressbridge/env');
    f.commands.length = 0;
    const error = await caught(installService(f.options({ useMachineRedis: true })));
    expect((error as AppError).code).toBe('service_redis_switch');
    expect((error as Error).message).toMatch(/uses its own Redis \(pressbridge-redis\).*left behind/);
    expect(f.read('/etc/pressbridge/env')).toBe(env);
    expect(f.persisted).toEqual([]);
    expect(f.commands).toEqual([]);
  });
});

describe("src/commands/service-redis: the machine's Redis, with consent", () => {
  it('--use-machine-redis: uses it, turns AOF on there and saves it, and writes no Redis unit', async () => {
    const f = machineFixture();
    await installService(f.options({ useMachineRedis: true, machineRedisUrl: 'redis://127.0.0.1:6390' }));
    expect(f.persisted).toEqual(['redis://127.0.0.1:6390']);
    expect(parseEnvFile(f.read('/etc/pressbridge/env'))).toEqual({
      PRESSBRIDGE_REDIS_URL: 'redis://127.0.0.1:6390',
      PRESSBRIDGE_REDIS_EMBEDDED: 'false',
    });
    const unit = unitSettings(f.read(UNIT_PATH));
    expect(unit.get('Requires')).toBeUndefined();
    expect(unit.get('After')?.[0]).toContain('redis-server.service');
    expect(f.exists(OWN_REDIS.unit)).toBe(false);
    expect(f.exists(OWN_REDIS.conf)).toBe(false);
    expect(f.lines).toContain(
      'Redis: pressbridge uses the Redis at redis://127.0.0.1:6390; persistence (AOF) is on and saved in /etc/redis/redis.conf.',
    );
    expect(f.commands).toContain(`chown pressbridge:pressbridge ${join(f.root, '/var/lib/pressbridge')}`);
  });

  it.each([
    [
      'does not answer',
      null,
      'service_redis_down',
      /No Redis answers at redis:\/\/127\.0\.0\.1:6379: start it/,
    ],
    [
      'may evict keys',
      { ...MACHINE, maxmemoryPolicy: 'allkeys-lru' },
      'service_redis_evicts',
      /may evict keys \(maxmemory-policy allkeys-lru\).*nothing was changed/,
    ],
  ])(
    'refuses a machine Redis that %s, before writing or changing anything',
    async (_what, facts, code, message) => {
      const f = machineFixture(facts);
      const error = await caught(installService(f.options({ useMachineRedis: true })));
      expect((error as AppError).code).toBe(code);
      expect((error as Error).message).toMatch(message);
      expect(f.persisted).toEqual([]);
      expect(f.exists(UNIT_PATH)).toBe(false);
      expect(f.exists('/etc/pressbridge/env')).toBe(false);
      expect(f.commands).toEqual([]);
    },
  );

  it.each([
    ['y', 'machine'],
    ['ano', 'machine'],
    ['', 'own'],
    ['n', 'own'],
    [undefined, 'own'],
  ] as const)('asks on a terminal when a Redis answers: %o → %s', async (answer, choice) => {
    const f = machineFixture();
    const ask = vi.fn(async (_question: string) => answer);
    await installService(f.options({ ask }));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(ask.mock.calls[0]?.[0]).toMatch(
      /A Redis already runs on this machine \(redis:\/\/127\.0\.0\.1:6379\)\..*\[y\/N\]/,
    );
    const url = parseEnvFile(f.read('/etc/pressbridge/env')).PRESSBRIDGE_REDIS_URL;
    expect(url).toBe(choice === 'own' ? OWN_REDIS_URL : 'redis://127.0.0.1:6379');
    expect(f.persisted).toEqual(choice === 'own' ? [] : ['redis://127.0.0.1:6379']);
  });

  it('asks nothing when no Redis answers on the machine', async () => {
    const f = machineFixture(null);
    const ask = vi.fn(async (_question: string) => 'y');
    await installService(f.options({ ask }));
    expect(ask).not.toHaveBeenCalled();
    expect(parseEnvFile(f.read('/etc/pressbridge/env')).PRESSBRIDGE_REDIS_URL).toBe(OWN_REDIS_URL);
  });
});

describe('src/commands/service-redis: an installation keeps what it had', () => {
  it('an older install that used the machine Redis keeps it, changes nothing there, and says how to turn AOF on', async () => {
    const f = machineFixture();
    const env = '# pressbridge: extra environment\nPRESSBRIDGE_STATUS_PASSWORD=x\n';
    f.writeEnv(env);
    await installService(f.options());
    expect(f.read('/etc/pressbridge/env')).toBe(env);
    expect(f.persisted).toEqual([]);
    expect(f.exists(OWN_REDIS.unit)).toBe(false);
    expect(f.lines.slice(0, 2)).toEqual([
      'Redis: this installation keeps using the Redis at redis://127.0.0.1:6379 (see /etc/pressbridge/env).',
      'Persistence (AOF) is off there: sudo pressbridge service install --use-machine-redis turns it on and saves it.',
    ]);
    // With consent on a later run: turned on there, the env file still as it was.
    await installService(f.options({ useMachineRedis: true }));
    expect(f.persisted).toEqual(['redis://127.0.0.1:6379']);
    expect(f.read('/etc/pressbridge/env')).toBe(env);
  });

  it('an older install with the embedded Redis keeps it: no unit, no Requires, refuses a switch', async () => {
    const f = machineFixture();
    f.writeEnv('PRESSBRIDGE_REDIS_EMBEDDED=true\n');
    await installService(f.options());
    expect(f.exists(OWN_REDIS.unit)).toBe(false);
    expect(unitSettings(f.read(UNIT_PATH)).get('Requires')).toBeUndefined();
    expect(f.lines[0]).toMatch(/keeps the Redis pressbridge starts itself/);
    await expect(installService(f.options({ useMachineRedis: true }))).rejects.toThrow(
      /starts itself.*left behind/,
    );
  });
});

describe('src/commands/service-redis: pieces', () => {
  it.each([
    [undefined, undefined],
    ['', { choice: 'machine', url: 'redis://127.0.0.1:6379' }],
    [
      `PRESSBRIDGE_REDIS_URL=${OWN_REDIS_URL}\nPRESSBRIDGE_REDIS_EMBEDDED=false\n`,
      { choice: 'own', url: OWN_REDIS_URL },
    ],
    ['# a comment\nPRESSBRIDGE_REDIS_EMBEDDED=true\n', { choice: 'embedded', url: 'redis://127.0.0.1:6379' }],
    ['PRESSBRIDGE_REDIS_URL="redis://10.0.0.5:6379"\n', { choice: 'machine', url: 'redis://10.0.0.5:6379' }],
  ])('installedRedis(%o) → %o', (env, expected) => {
    expect(installedRedis(env)).toEqual(expected);
  });

  it.each([
    ['y', true],
    [' YES ', true],
    ['a', true],
    ['Ano', true],
    ['', false],
    ['n', false],
    ['no', false],
    [undefined, false],
  ])('saidYes(%o) → %s', (answer, yes) => {
    expect(saidYes(answer)).toBe(yes);
  });

  const t = createTranslator('en');
  const url = 'redis://127.0.0.1:6379';
  it.each([
    [SAVED, /is on and saved in \/etc\/redis\/redis\.conf\.$/],
    [
      { ...SAVED, writing: true },
      /saved in \/etc\/redis\/redis\.conf\. Redis is still writing its data into the new AOF/,
    ],
    [
      { kind: 'not_saved', aof: false, configFile: '/etc/redis/redis.conf', reason: 'Permission denied' },
      /could not save persistence in \/etc\/redis\/redis\.conf \(Permission denied\), so nothing was changed\. Add the line `appendonly yes` to \/etc\/redis\/redis\.conf.*doctor warns/,
    ],
    [
      { kind: 'not_saved', aof: false, configFile: undefined, reason: 'no config file' },
      /runs without a redis\.conf.*Start it with `--appendonly yes`; until then pressbridge doctor warns/,
    ],
    [
      { kind: 'not_saved', aof: true, configFile: undefined, reason: 'x' },
      /is on, but saving it failed \(x\)\. Check that redis\.conf has the line `appendonly yes`/,
    ],
  ] as Array<[AofOutcome, RegExp]>)('aofOutcomeLine(%o)', (outcome, line) => {
    expect(aofOutcomeLine(url, outcome, t)).toMatch(line);
  });

  it('findOnPath finds an executable in PATH order and nothing where there is none', () => {
    expect(findOnPath('sh', '/nonexistent:/bin:/usr/bin')).toBe('/bin/sh');
    expect(findOnPath('no-such-program-here', '/bin:/usr/bin')).toBeUndefined();
    expect(findOnPath('sh', '')).toBeUndefined();
  });
});
