/**
 * `pressbridge service install`: pressbridge as a systemd service on a server without Docker, in one command.
 * It writes the unit (deploy/pressbridge.service with this checkout's path and this machine's node), the system
 * user, /var/lib/pressbridge (the data directory: the config the setup writes, the secrets, the webhook secret),
 * /etc/pressbridge/env and /usr/local/bin/pressbridge (the CLI as the service's user with PRESSBRIDGE_DATA_DIR
 * set, so `sudo pressbridge doctor` finds the installation), then enables and starts the service. Its Redis: its
 * own by default (pressbridge-redis.service, AOF on), the machine's only with consent, and on a re-run whatever the
 * installation had (./service-redis.ts).
 *
 * Before it writes anything it refuses what would install a service that cannot start: a checkout or a node the
 * unit's hardening hides (under /home, /root, /tmp or /var/tmp, also behind a symlink), a node older than
 * package.json's engines.node, a checkout not built.
 *
 * Testable without root: `--root <dir>` writes under that folder and only prints the commands it would run; the
 * commands go through an injected runner.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AppError, errorMessage } from '../errors.js';
import type { Translator } from '../i18n/index.js';
import { engineMinimum, formatVersion, parseVersion, satisfies } from '../node-engines.js';
import { createPrompter, type Prompter } from '../setup/prompt.js';
import { cliTranslator } from './language.js';
import {
  chooseServiceRedis,
  findOnPath,
  machineRedisAccess,
  OWN_REDIS,
  ownRedisFiles,
  type RedisChoice,
  renderEnvFile,
  type ServiceRedisOptions,
  unitDependencies,
} from './service-redis.js';

/** `service install`'s options. */
export interface ServiceCommandOptions {
  root: string;
  user: string;
  useMachineRedis?: boolean;
}

/** Runs one command (argv form, no shell); rejects when it fails. */
export type CommandRunner = (command: string, args: readonly string[]) => Promise<void>;

export interface ServiceInstallOptions extends ServiceRedisOptions {
  /** Where `/` is: the real root, or a folder for a dry run (then no command runs). */
  root: string;
  user: string;
  /** The checkout (or installed package) whose dist/src/cli.js the service runs. */
  packageRoot: string;
  /** The node binary for ExecStart. */
  nodePath: string;
  /** That node's version (process.versions.node): below package.json's engines.node the install refuses. */
  nodeVersion: string;
  /** A path as the service will open it, symlinks followed (realpathSync; a missing path as given). */
  realPath(path: string): string;
  run: CommandRunner;
  /** The install's progress lines. */
  say(line: string): void;
  /** Only printing the commands (under `--root`): the last lines say so instead of where the setup is. */
  dryRun?: boolean;
}

export const DATA_DIR = '/var/lib/pressbridge';
export const CONFIG_DIR = '/etc/pressbridge';
export const UNIT_PATH = '/etc/systemd/system/pressbridge.service';
export const CLI_WRAPPER_PATH = '/usr/local/bin/pressbridge';

/** The folder holding pressbridge's package.json, above this module (src/ under tsx, dist/src/ when built). */
export function findPackageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'deploy', 'pressbridge.service')))
      return dir;
    const parent = dirname(dir);
    if (parent === dir)
      throw new AppError('service_no_package', cliTranslator().t('run.service.no_package', { dir: from }));
    dir = parent;
  }
}

/**
 * The settings of the unit that hide a path from the service, as deploy/pressbridge.service writes them:
 * ProtectHome=yes (or tmpfs) hides /home, /root and /run/user; PrivateTmp=yes gives the service its own empty
 * /tmp and /var/tmp. A checkout or a node there installs a service that cannot start.
 */
export function hiddenFromService(path: string, unit: string): string | undefined {
  const set = (key: string, values: string[]) =>
    new RegExp(`^${key}=(${values.join('|')})\\s*$`, 'm').test(unit) ? key : undefined;
  const under = (folders: string[]) => folders.some((f) => path === f || path.startsWith(`${f}/`));
  if (under(['/home', '/root', '/run/user'])) return set('ProtectHome', ['yes', 'true', 'tmpfs']);
  if (under(['/tmp', '/var/tmp'])) return set('PrivateTmp', ['yes', 'true']);
  return undefined;
}

/** Why this node may not run the service: below package.json's engines.node (undefined when it may). */
function nodeTooOld(packageRoot: string, version: string): { minimum: string } | undefined {
  const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
    engines?: { node?: string };
  };
  if (!pkg.engines?.node) return undefined;
  const minimum = engineMinimum(pkg.engines.node);
  return satisfies(parseVersion(version), `>=${formatVersion(minimum)}`)
    ? undefined
    : { minimum: formatVersion(minimum) };
}

/**
 * The unit: deploy/pressbridge.service (its hardening is kept as written there) with the user, the checkout and
 * the node of this machine.
 */
export function renderUnit(
  template: string,
  o: Pick<ServiceInstallOptions, 'user' | 'packageRoot' | 'nodePath'>,
  redis: RedisChoice = 'machine',
) {
  const replace: Record<string, string> = {
    User: o.user,
    Group: o.user,
    WorkingDirectory: o.packageRoot,
    ExecStart: `${o.nodePath} ${join(o.packageRoot, 'dist/src/cli.js')} start`,
    Documentation: `file://${join(o.packageRoot, 'README.md')}`,
  };
  const unit = template.replace(
    /^(User|Group|WorkingDirectory|ExecStart|Documentation)=.*$/gm,
    (_line, key: string) => {
      return `${key}=${replace[key]}`;
    },
  );
  return unitDependencies(unit, redis);
}

/**
 * /usr/local/bin/pressbridge: the CLI of the installed service, as its user and with its data directory. The one
 * line it prints itself (run without sudo by another user, who cannot read the config and its language) is in
 * the language of the install that wrote it (decision 19); the CLI it runs speaks the config's.
 */
export function renderCliWrapper(
  o: Pick<ServiceInstallOptions, 'user' | 'packageRoot' | 'nodePath'>,
  t: Translator = cliTranslator(),
): string {
  const cli = `${o.nodePath} ${join(o.packageRoot, 'dist/src/cli.js')}`;
  const sudo = t.t('run.service.wrapper_sudo').replaceAll("'", `'\\''`);
  return [
    '#!/bin/sh',
    '# Written by `pressbridge service install`: the pressbridge CLI of the installed service, run as its user',
    `# with its data directory (the config the setup wrote is ${DATA_DIR}/pressbridge.yaml).`,
    `if [ -r ${CONFIG_DIR}/env ]; then set -a; . ${CONFIG_DIR}/env; set +a; fi`,
    `export PRESSBRIDGE_DATA_DIR=${DATA_DIR}`,
    `if [ "$(id -u)" = 0 ]; then exec runuser -u ${o.user} -- ${cli} "$@"; fi`,
    `if [ "$(id -un)" != ${o.user} ]; then`,
    `  echo '${sudo}' >&2`,
    '  exit 1',
    'fi',
    `exec ${cli} "$@"`,
    '',
  ].join('\n');
}

function write(root: string, path: string, text: string, mode: number): void {
  const target = join(root, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text, { mode });
  chmodSync(target, mode);
}

export async function installService(o: ServiceInstallOptions): Promise<void> {
  const t = cliTranslator();
  const cli = join(o.packageRoot, 'dist/src/cli.js');
  const template = readFileSync(join(o.packageRoot, 'deploy/pressbridge.service'), 'utf8');
  // Neither node nor the checkout may lie where the unit's hardening hides it, also through a symlink.
  for (const path of [o.nodePath, o.packageRoot]) {
    const real = o.realPath(path);
    const setting = hiddenFromService(real, template);
    if (setting) {
      const shown = real === path ? path : `${path} (${real})`;
      throw new AppError('service_path_hidden', t.t('run.service.path_hidden', { path: shown, setting }));
    }
  }
  const tooOld = nodeTooOld(o.packageRoot, o.nodeVersion);
  if (tooOld)
    throw new AppError(
      'service_node_too_old',
      t.t('run.service.node_too_old', { version: o.nodeVersion, minimum: tooOld.minimum, node: o.nodePath }),
    );
  if (!existsSync(cli))
    throw new AppError('service_not_built', t.t('run.service.not_built', { dir: o.packageRoot }));

  // The Redis: chosen (and refused) before anything is written.
  const envPath = join(o.root, CONFIG_DIR, 'env');
  const redis = await chooseServiceRedis(
    o,
    existsSync(envPath) ? readFileSync(envPath, 'utf8') : undefined,
    t,
  );
  const { plan } = redis;
  write(o.root, UNIT_PATH, renderUnit(template, o, plan.choice), 0o644);
  if (plan.choice === 'own') for (const f of ownRedisFiles(o)) write(o.root, f.path, f.text, f.mode);
  // A re-run keeps the env file as it is: it says which Redis the installation has, and may hold the blogger's lines.
  if (!redis.installed) write(o.root, join(CONFIG_DIR, 'env'), renderEnvFile(plan), 0o600);
  write(o.root, CLI_WRAPPER_PATH, renderCliWrapper(o, t), 0o755);
  const dataDirs = [DATA_DIR, ...(plan.choice === 'own' ? [OWN_REDIS.data] : [])];
  for (const dir of dataDirs) mkdirSync(join(o.root, dir), { recursive: true, mode: 0o700 });
  await redis.persist();
  for (const line of redis.lines) o.say(line);

  const userExists = await o.run('id', ['-u', o.user]).then(
    () => true,
    () => false,
  );
  if (!userExists)
    await o.run('useradd', ['--system', '--home-dir', DATA_DIR, '--shell', '/usr/sbin/nologin', o.user]);
  await o.run('chown', [`${o.user}:${o.user}`, ...dataDirs.map((dir) => join(o.root, dir))]);
  await o.run('systemctl', ['daemon-reload']);
  await o.run('systemctl', ['enable', '--now', 'pressbridge']);
  if (o.dryRun) {
    o.say(t.t('run.service.dry_run', { root: o.root }));
    return;
  }
  o.say(t.t('run.service.installed', { unit: UNIT_PATH, data: DATA_DIR }));
  o.say(t.t('run.service.next'));
}

const execFileAsync = promisify(execFile);

/** Runs commands for real (`/`), or only prints them (a dry run under `--root`). */
function runnerFor(root: string, say: (line: string) => void): CommandRunner {
  if (resolve(root) !== '/') return async (command, args) => say(`$ ${[command, ...args].join(' ')}`);
  return async (command, args) => {
    try {
      await execFileAsync(command, [...args]);
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr?.trim();
      const why = stderr || errorMessage(error);
      const failed = { command: [command, ...args].join(' '), why };
      throw new AppError('service_command_failed', cliTranslator().t('run.service.command_failed', failed), {
        cause: error,
      });
    }
  };
}

/** What `service install` (service-command.ts) runs, with its options as commander gives them. */
export async function runServiceInstall(options: ServiceCommandOptions): Promise<void> {
  const t = cliTranslator();
  const say = (line: string): void => void process.stdout.write(`${line}\n`);
  const real = resolve(options.root) === '/';
  if (real && process.getuid?.() !== 0) throw new AppError('service_not_root', t.t('run.service.not_root'));
  // Before anything is written: a machine without systemd (a container, WSL without it) gets nothing.
  if (real && !existsSync('/run/systemd/system'))
    throw new AppError('service_no_systemd', t.t('run.service.no_systemd'));
  // The question about the machine's Redis is asked on a terminal only; elsewhere no answer means its own.
  const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
  let prompter: Prompter | undefined;
  const ask = (question: string): Promise<string | undefined> => {
    prompter ??= createPrompter({ input: process.stdin, output: process.stdout });
    return prompter.ask(question);
  };
  await installService({
    root: resolve(options.root),
    user: options.user,
    packageRoot: findPackageRoot(),
    nodePath: process.execPath,
    nodeVersion: process.versions.node,
    realPath: (path) => (existsSync(path) ? realpathSync(path) : path),
    run: runnerFor(options.root, say),
    redisServer: findOnPath('redis-server'),
    useMachineRedis: options.useMachineRedis === true,
    ...machineRedisAccess(real, say, t),
    ...(interactive ? { ask } : {}),
    say,
    dryRun: !real,
  }).finally(() => prompter?.close());
}
