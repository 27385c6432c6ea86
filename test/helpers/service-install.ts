/**
 * `pressbridge service install` under a folder standing in for `/`: a checkout with deploy/'s unit files (built or
 * not), a recording command runner, the lines it says, and options whose Redis parts each test replaces.
 *
 *   const f = serviceFixture(dirs);
 *   await installService(f.options({ useMachineRedis: true, ... }));
 *   readFileSync(join(f.root, UNIT_PATH), 'utf8');
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ServiceInstallOptions } from '../../src/commands/service.js';

export const REPO = resolve(import.meta.dirname, '../..');
const DEPLOY = ['pressbridge.service', 'pressbridge-redis.service', 'pressbridge-redis.conf'];

/** `dirs` collects the temporary folders for the test's cleanup. */
export function serviceFixture(dirs: string[], options: { built?: boolean } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'pb-root-'));
  const pkg = mkdtempSync(join(tmpdir(), 'pb-pkg-'));
  dirs.push(root, pkg);
  writeFileSync(join(pkg, 'package.json'), '{"name":"pressbridge","engines":{"node":">=22.12.0"}}');
  mkdirSync(join(pkg, 'deploy'));
  for (const file of DEPLOY) copyFileSync(join(REPO, 'deploy', file), join(pkg, 'deploy', file));
  if (options.built !== false) {
    mkdirSync(join(pkg, 'dist/src'), { recursive: true });
    writeFileSync(join(pkg, 'dist/src/cli.js'), '');
  }
  const commands: string[] = [];
  const lines: string[] = [];
  const options_ = (over: Partial<ServiceInstallOptions> = {}): ServiceInstallOptions => ({
    root,
    user: 'pressbridge',
    packageRoot: pkg,
    nodePath: '/usr/bin/node',
    nodeVersion: '26.12.1',
    // The fixture's checkout lies in the test's temporary folder: the service is told it is /opt/pressbridge.
    realPath: (path) => (path === pkg ? '/opt/pressbridge' : path),
    run: async (command, args) => {
      commands.push([command, ...args].join(' '));
      if (command === 'id') throw new Error('no such user');
    },
    redisServer: '/usr/bin/redis-server',
    // No Redis answers on the machine, and none may be changed: the consent path gives its own.
    redisFacts: async () => undefined,
    persistAof: async () => {
      throw new Error('the machine Redis is not to be changed without consent');
    },
    say: (line) => lines.push(line),
    ...over,
  });
  return { root, pkg, commands, lines, options: options_ };
}
