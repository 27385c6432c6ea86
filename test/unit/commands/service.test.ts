/**
 * `pressbridge service install` under a folder standing in for `/`, with a recording command runner: the unit it
 * writes (deploy/pressbridge.service's hardening kept), the user, the folders, the env file, the CLI wrapper, the
 * commands in order, and that a config the setup writes into the data directory is what the CLI then loads.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLI_WRAPPER_PATH,
  DATA_DIR,
  findPackageRoot,
  hiddenFromService,
  installService,
  type ServiceInstallOptions,
  UNIT_PATH,
} from '../../../src/commands/service.js';
import { parseEnvFile } from '../../../src/commands/service-redis.js';
import { loadConfig } from '../../../src/config/load.js';
import { AppError } from '../../../src/errors.js';
import { REPO, serviceFixture } from '../../helpers/service-install.js';

const TEMPLATE = join(REPO, 'deploy/pressbridge.service');
const dirs: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const fixture = (options: { built?: boolean } = {}) => serviceFixture(dirs, options);

describe('src/commands/service: service install', () => {
  it('writes a hardened unit for this checkout and node, with the data directory in its environment', async () => {
    const f = fixture();
    await installService(f.options());
    const unit = readFileSync(join(f.root, UNIT_PATH), 'utf8');
    expect(unit).toMatch(/^User=pressbridge$/m);
    expect(unit).toMatch(/^Group=pressbridge$/m);
    expect(unit).toContain(`\nWorkingDirectory=${f.pkg}\n`);
    expect(unit).toContain(`\nExecStart=/usr/bin/node ${f.pkg}/dist/src/cli.js start\n`);
    expect(unit).toContain(`\nEnvironment=PRESSBRIDGE_DATA_DIR=${DATA_DIR}\n`);
    expect(unit).toContain('\nEnvironmentFile=-/etc/pressbridge/env\n');
    expect(unit).not.toContain('PRESSBRIDGE_CONFIG');
    // Every hardening line of deploy/pressbridge.service is kept as written.
    const hardening = readFileSync(TEMPLATE, 'utf8')
      .split('\n')
      .filter((line) =>
        /^(Protect|Restrict|NoNewPrivileges|Private|LockPersonality|CapabilityBoundingSet|SystemCall|UMask|StateDirectory)/.test(
          line,
        ),
      );
    expect(hardening.length).toBeGreaterThan(15);
    for (const line of hardening) expect(unit.split('\n')).toContain(line);
  });

  it('creates the user, the folders, the env file and the CLI wrapper, then enables and starts the service', async () => {
    const f = fixture();
    await installService(f.options());
    expect(f.commands).toEqual([
      'id -u pressbridge',
      `useradd --system --home-dir ${DATA_DIR} --shell /usr/sbin/nologin pressbridge`,
      `chown pressbridge:pressbridge ${join(f.root, DATA_DIR)} ${join(f.root, DATA_DIR, 'redis')}`,
      'systemctl daemon-reload',
      'systemctl enable --now pressbridge',
    ]);
    expect(statSync(join(f.root, DATA_DIR)).isDirectory()).toBe(true);
    const env = join(f.root, '/etc/pressbridge/env');
    expect(statSync(env).mode & 0o777).toBe(0o600);
    // Its own Redis, through the socket of pressbridge-redis.service; no embedded server beside it.
    expect(readFileSync(env, 'utf8')).toMatch(
      /^PRESSBRIDGE_REDIS_URL=unix:\/\/\/run\/pressbridge-redis\/redis\.sock$/m,
    );
    expect(readFileSync(env, 'utf8')).toMatch(/^PRESSBRIDGE_REDIS_EMBEDDED=false$/m);
    expect(statSync(join(f.root, DATA_DIR, 'redis')).isDirectory()).toBe(true);
    const wrapper = join(f.root, CLI_WRAPPER_PATH);
    expect(statSync(wrapper).mode & 0o777).toBe(0o755);
    const script = readFileSync(wrapper, 'utf8');
    expect(script).toContain(`export PRESSBRIDGE_DATA_DIR=${DATA_DIR}`);
    expect(script).toContain(`exec runuser -u pressbridge -- /usr/bin/node ${f.pkg}/dist/src/cli.js "$@"`);
    // The last lines say where the setup is and how to read its token.
    expect(f.lines.join('\n')).toContain('http://127.0.0.1:8081/setup');
    expect(f.lines.join('\n')).toContain('journalctl -u pressbridge');
    // A dry run says that it was one instead.
    const dry = fixture();
    await installService(dry.options({ dryRun: true }));
    expect(dry.lines.at(-1)).toMatch(new RegExp(`^(Dry run|Zkouška) (under|pod) ${dry.root}`));
  });

  it.each([
    ['cs', 'pressbridge: spusťte ho přes sudo (data služby smí číst jen její uživatel)'],
    ['en', "pressbridge: run it with sudo (the service's data is readable by its user only)"],
  ] as const)(
    'the CLI wrapper says its one line in the install’s language (%s), quoted for the shell',
    async (language, line) => {
      vi.stubEnv('PRESSBRIDGE_LANGUAGE', language);
      const f = fixture();
      await installService(f.options());
      const script = readFileSync(join(f.root, CLI_WRAPPER_PATH), 'utf8');
      const echo = script.split('\n').find((l) => l.trim().startsWith('echo '));
      expect(echo).toBeDefined();
      // What the shell prints for that line, to stderr, exactly the catalog's sentence.
      const printed = spawnSync('sh', ['-c', echo ?? ''], { encoding: 'utf8' });
      expect(printed.stderr).toBe(`${line}\n`);
    },
  );

  it("keeps to its own Redis when the machine's answers (no consent), and to an existing user", async () => {
    vi.stubEnv('PRESSBRIDGE_LANGUAGE', 'en');
    const f = fixture();
    const commands: string[] = [];
    await installService(
      f.options({
        redisFacts: async () => ({
          version: '7.0.15',
          aof: false,
          maxmemoryPolicy: 'noeviction',
          configFile: undefined,
        }),
        run: async (command, args) => void commands.push([command, ...args].join(' ')),
      }),
    );
    expect(commands.some((c) => c.startsWith('useradd'))).toBe(false);
    const env = readFileSync(join(f.root, '/etc/pressbridge/env'), 'utf8');
    expect(env).toContain('PRESSBRIDGE_REDIS_URL=unix:///run/pressbridge-redis/redis.sock');
    expect(env).not.toContain('6379');
    expect(f.lines.join('\n')).toMatch(
      /The machine's Redis at redis:\/\/127\.0\.0\.1:6379 keeps running .* neither uses nor changes it/,
    );
  });

  it('lets the CLI find the config the setup writes into the data directory', async () => {
    const f = fixture();
    await installService(f.options());
    // What the wrapper and the unit set, under the test's root.
    const dataDir = join(f.root, DATA_DIR);
    // What the setup writes about Redis (src/setup/write-config.ts): the env file of the install wins over it.
    writeFileSync(
      join(dataDir, 'pressbridge.yaml'),
      'marketplace:\n  baseUrl: https://api.example.cz\n  apiKey: k\nredis:\n  url: redis://127.0.0.1:6379\n  embedded: true\n',
    );
    const env = parseEnvFile(readFileSync(join(f.root, '/etc/pressbridge/env'), 'utf8'));
    const config = loadConfig({ env: { ...env, PRESSBRIDGE_DATA_DIR: dataDir } });
    expect(config.dataDir).toBe(dataDir);
    expect(config.redis.url).toBe('unix:///run/pressbridge-redis/redis.sock');
    expect(config.redis.embedded).toBe(false);
  });

  // The checkout stays the fixture's; `checkout` is where the service would find it (its real path).
  it.each([
    [{ built: false }, {}, /npm ci && npm run build/],
    [{}, { nodePath: '/root/.nvm/versions/node/v24.0.0/bin/node' }, /\/root\/.nvm.* \(ProtectHome .*\/opt/],
    [{}, { checkout: '/home/jana/pressbridge' }, /\/home\/jana\/pressbridge\) \(ProtectHome/],
    [
      {},
      { checkout: '/tmp/pressbridge' },
      /^The service would not see .* \(\/tmp\/pressbridge\) \(PrivateTmp/,
    ],
    [{}, { checkout: '/var/tmp/pb' }, /\(PrivateTmp.*clone pressbridge into \/opt/],
    // /usr/local/bin/node a symlink to a node in a home folder (nvm): named with where it leads.
    [
      {},
      { node: '/home/jana/.nvm/node' },
      /\/usr\/local\/bin\/node \(\/home\/jana\/.nvm\/node\) \(ProtectHome/,
    ],
    [
      {},
      { nodeVersion: '20.20.2' },
      /Node 20\.20\.2 \(\/usr\/bin\/node\) is older .* needs Node 22\.12\.0 or newer/,
    ],
    [{}, { nodeVersion: '22.11.0' }, /needs Node 22\.12\.0 or newer, 26 \(the current LTS\) advised/],
  ] as Array<
    [{ built?: boolean }, Partial<ServiceInstallOptions> & { checkout?: string; node?: string }, RegExp]
  >)(
    'refuses with a sentence what would not start (%o %o), before writing anything',
    async (fx, { checkout, node, ...over }, message) => {
      vi.stubEnv('PRESSBRIDGE_LANGUAGE', 'en');
      const f = fixture(fx);
      const real: Record<string, string> = {
        [f.pkg]: checkout ?? '/opt/pressbridge',
        ...(node ? { '/usr/local/bin/node': node } : {}),
      };
      const options = f.options({
        ...(node ? { nodePath: '/usr/local/bin/node' } : {}),
        realPath: (path) => real[path] ?? path,
        ...over,
      });
      await expect(installService(options)).rejects.toThrow(message);
      await expect(installService(options)).rejects.toBeInstanceOf(AppError);
      expect(f.commands).toEqual([]);
      expect(() => statSync(join(f.root, UNIT_PATH))).toThrow(/ENOENT/);
    },
  );

  it('says it in Czech, the default language', async () => {
    vi.stubEnv('PRESSBRIDGE_LANGUAGE', 'cs');
    const f = fixture();
    await expect(installService(f.options({ nodeVersion: '20.20.2' }))).rejects.toThrow(
      'Node 20.20.2 (/usr/bin/node) je starší, než pressbridge podporuje: potřebuje Node 22.12.0 nebo novější',
    );
  });

  it('accepts the oldest supported node and a checkout under /opt or /srv', async () => {
    for (const over of [{ nodeVersion: '22.12.0' }, { realPath: () => '/srv/pressbridge' }]) {
      const f = fixture();
      await installService(f.options(over));
      expect(f.commands.at(-1)).toBe('systemctl enable --now pressbridge');
    }
  });

  it.each([
    ['/home/jana/pb', 'ProtectHome'],
    ['/root', 'ProtectHome'],
    ['/run/user/1000/pb', 'ProtectHome'],
    ['/tmp/pb', 'PrivateTmp'],
    ['/var/tmp/pb', 'PrivateTmp'],
    ['/opt/pressbridge', undefined],
    ['/homework/pb', undefined],
    ['/usr/bin/node', undefined],
  ])('hiddenFromService: %s under the unit of deploy/ → %s', (path, setting) => {
    expect(hiddenFromService(path, readFileSync(TEMPLATE, 'utf8'))).toBe(setting);
  });

  it('hiddenFromService follows the unit: without PrivateTmp, /tmp is seen', () => {
    const unit = readFileSync(TEMPLATE, 'utf8').replace(/^PrivateTmp=yes$/m, 'PrivateTmp=no');
    expect(hiddenFromService('/tmp/pb', unit)).toBeUndefined();
    expect(hiddenFromService('/home/pb', unit)).toBe('ProtectHome');
  });

  it('finds the checkout it runs from', () => {
    expect(findPackageRoot()).toBe(REPO);
  });
});
