/**
 * Which Redis a `pressbridge service install` gives the service, and the files that say so.
 *
 * | the installation (its /etc/pressbridge/env)  | --use-machine-redis | no flag, a terminal, one answers | else    |
 * |----------------------------------------------|---------------------|---------------------------------|---------|
 * | new (no env file)                            | machine             | asked: yes → machine, else own  | own     |
 * | own (the socket of pressbridge-redis)        | refused (a switch)  | own                             | own     |
 * | embedded (PRESSBRIDGE_REDIS_EMBEDDED=true)   | refused (a switch)  | embedded                        | embedded|
 * | machine (anything else, older installs too)  | machine, AOF saved  | machine                         | machine |
 *
 * "own" is pressbridge-redis.service (deploy/pressbridge-redis.service with deploy/pressbridge-redis.conf: AOF
 * on, data under the data directory, a unix socket only), which pressbridge.service requires
 * ([decision 16](../../docs/decisions/0016-own-redis-as-a-second-unit.md)). "machine" is the Redis already
 * running, taken only with consent, and then with AOF turned on and saved there (src/redis/persistence.ts). A
 * re-run keeps what the installation had and never rewrites /etc/pressbridge/env (lines the blogger added stay);
 * a switch would leave the queue and the deals behind in the other Redis, so it is refused with a sentence.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { AppError } from '../errors.js';
import type { Translator } from '../i18n/index.js';
import { type RedisFacts, readRedisFacts, withRedisAt } from '../redis/info.js';
import { type AofOutcome, turnOnAofPersistently } from '../redis/persistence.js';

export const OWN_REDIS = {
  unit: '/etc/systemd/system/pressbridge-redis.service',
  conf: '/etc/pressbridge/redis.conf',
  socket: '/run/pressbridge-redis/redis.sock',
  data: '/var/lib/pressbridge/redis',
} as const;
export const OWN_REDIS_URL = `unix://${OWN_REDIS.socket}`;
/** Where Debian's and Ubuntu's redis-server package listens. */
export const MACHINE_REDIS_URL = 'redis://127.0.0.1:6379';

export type RedisChoice = 'own' | 'machine' | 'embedded';
export interface RedisPlan {
  choice: RedisChoice;
  url: string;
  /** Whether this run may change that Redis (turn AOF on): the blogger said so, by the flag or the question. */
  consent: boolean;
}

/** KEY=value lines of an environment file (comments and blank lines skipped; the last one of a key wins). */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m?.[1] !== undefined) out[m[1]] = (m[2] ?? '').replace(/^(["'])(.*)\1$/, '$2');
  }
  return out;
}

/** What an installation's /etc/pressbridge/env says it uses; undefined before the first install. */
export function installedRedis(envText: string | undefined): Omit<RedisPlan, 'consent'> | undefined {
  if (envText === undefined) return undefined;
  const env = parseEnvFile(envText);
  const url = env.PRESSBRIDGE_REDIS_URL;
  if (url === OWN_REDIS_URL) return { choice: 'own', url };
  if (['true', '1', 'yes'].includes((env.PRESSBRIDGE_REDIS_EMBEDDED ?? '').toLowerCase()))
    return { choice: 'embedded', url: url ?? MACHINE_REDIS_URL };
  return { choice: 'machine', url: url ?? MACHINE_REDIS_URL };
}

/** Yes in either language: y, yes, a, ano. */
export function saidYes(answer: string | undefined): boolean {
  return ['y', 'yes', 'a', 'ano'].includes((answer ?? '').trim().toLowerCase());
}

export async function planRedis(o: {
  installed: Omit<RedisPlan, 'consent'> | undefined;
  useMachineRedis: boolean;
  machineUrl: string;
  /** The machine's Redis as it answers now; undefined when it does not. */
  machine(url: string): Promise<RedisFacts | undefined>;
  /** Present on a terminal: asks and returns the answer. */
  ask?: ((question: string) => Promise<string | undefined>) | undefined;
  t: Translator;
}): Promise<RedisPlan> {
  const { t, installed } = o;
  if (installed && installed.choice !== 'machine' && o.useMachineRedis) {
    const had = t.t(
      installed.choice === 'own' ? 'run.service.redis_had_own' : 'run.service.redis_had_embedded',
    );
    throw new AppError('service_redis_switch', t.t('run.service.redis_switch', { had }));
  }
  if (installed) return { ...installed, consent: o.useMachineRedis };
  if (o.useMachineRedis) return { choice: 'machine', url: o.machineUrl, consent: true };
  if (o.ask && (await o.machine(o.machineUrl))) {
    const yes = saidYes(await o.ask(t.t('run.service.ask_machine_redis', { url: o.machineUrl })));
    if (yes) return { choice: 'machine', url: o.machineUrl, consent: true };
  }
  return { choice: 'own', url: OWN_REDIS_URL, consent: false };
}

/** /etc/pressbridge/env of a new installation: the Redis chosen, and no embedded server in the daemon beside it. */
export function renderEnvFile(plan: RedisPlan): string {
  const which =
    plan.choice === 'own'
      ? `# Redis: pressbridge's own (pressbridge-redis.service, AOF on, data in ${OWN_REDIS.data}).`
      : `# Redis: the machine's at ${plan.url}, chosen at install (--use-machine-redis or the question).`;
  return [
    '# pressbridge: extra environment of the service and of /usr/local/bin/pressbridge (KEY=value lines).',
    '# Written by the first `pressbridge service install`; a new run keeps this file as it is, lines you add too.',
    which,
    `PRESSBRIDGE_REDIS_URL=${plan.url}`,
    // A pressbridge.yaml written without this Redis (by hand, or by an older setup) may say `embedded: true`; here
    // the service's Redis is systemd's (or the machine's) to run, and a second server started by the daemon while
    // it restarts would split the data.
    'PRESSBRIDGE_REDIS_EMBEDDED=false',
    '',
  ].join('\n');
}

/** deploy/pressbridge-redis.service with the service's user, this machine's redis-server and the checkout's docs. */
export function renderRedisUnit(
  template: string,
  o: { user: string; redisServer: string; packageRoot: string },
): string {
  return template
    .replace(/^(User|Group)=.*$/gm, (_line, key: string) => `${key}=${o.user}`)
    .replace(/^ExecStart=\S+/m, `ExecStart=${o.redisServer}`)
    .replace(/^Documentation=.*$/m, `Documentation=file://${join(o.packageRoot, 'docs/operations.md')}`);
}

/**
 * pressbridge.service's [Unit] dependencies for the Redis chosen: its own Redis is required and started first
 * (and, by the reverse of After=, stopped after pressbridge); the machine's redis-server.service is not waited for.
 */
export function unitDependencies(unit: string, choice: RedisChoice): string {
  if (choice !== 'own') return unit;
  return unit.replace(/^After=(.*)$/m, (_line, after: string) => {
    const units = after.split(/\s+/).filter((u) => u && u !== 'redis-server.service');
    return `After=${[...units, 'pressbridge-redis.service'].join(' ')}\nRequires=pressbridge-redis.service`;
  });
}

/** An executable `name` in one of PATH's folders (the unit needs its absolute path), or undefined. */
export function findOnPath(name: string, path: string | undefined = process.env.PATH): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

/** The machine's Redis may take the queue: it answers and never evicts. Checked before anything is written. */
export function refuseMachineRedis(plan: RedisPlan, facts: RedisFacts | undefined, t: Translator): void {
  if (!facts)
    throw new AppError('service_redis_down', t.t('run.service.machine_redis_down', { url: plan.url }));
  if (facts.maxmemoryPolicy !== 'noeviction')
    throw new AppError(
      'service_redis_evicts',
      t.t('run.service.machine_redis_evicts', { url: plan.url, policy: facts.maxmemoryPolicy }),
    );
}

/** What the install says after turning AOF on in the machine's Redis (src/redis/persistence.ts). */
export function aofOutcomeLine(url: string, outcome: AofOutcome, t: Translator): string {
  if (outcome.kind === 'saved') {
    const saved = t.t('run.service.redis_machine_saved', { url, file: outcome.configFile });
    return outcome.writing ? `${saved} ${t.t('run.service.redis_machine_writing')}` : saved;
  }
  const { reason } = outcome;
  if (outcome.aof)
    return t.t('run.service.redis_machine_on_unsaved', {
      url,
      reason,
      file: outcome.configFile ?? 'redis.conf',
    });
  return outcome.configFile
    ? t.t('run.service.redis_machine_unsaved', { url, reason, file: outcome.configFile })
    : t.t('run.service.redis_machine_unsaved_no_file', { url, reason });
}

/** What `service install` needs for its Redis (tests inject each; `serviceCommand` the real ones). */
export interface ServiceRedisOptions {
  user: string;
  packageRoot: string;
  /** The redis-server binary for pressbridge's own Redis (absolute; undefined when there is none). */
  redisServer: string | undefined;
  /** `--use-machine-redis`: the blogger's consent to use, and change, the machine's Redis. */
  useMachineRedis?: boolean;
  /** The machine's Redis (default redis://127.0.0.1:6379). */
  machineRedisUrl?: string;
  /** A Redis as it answers now (read-only); undefined when it does not answer. */
  redisFacts(url: string): Promise<RedisFacts | undefined>;
  /** Turns AOF on in that Redis and saves it (src/redis/persistence.ts); undefined in a dry run (printed only). */
  persistAof(url: string): Promise<AofOutcome | undefined>;
  /** On a terminal: asks a question and returns the answer. */
  ask?: (question: string) => Promise<string | undefined>;
}

/**
 * The Redis of this install (the table above) and what to tell the blogger about it. Refuses, before anything is
 * written, what cannot work: no redis-server for its own, a machine's Redis that does not answer or evicts.
 * `persist` (after the files are written) turns AOF on in the machine's Redis when the blogger consented.
 */
export async function chooseServiceRedis(
  o: ServiceRedisOptions,
  /** The installation's /etc/pressbridge/env; undefined before the first install. */
  envText: string | undefined,
  t: Translator,
): Promise<{ plan: RedisPlan; installed: boolean; lines: string[]; persist(): Promise<void> }> {
  const installed = installedRedis(envText);
  const machineUrl = o.machineRedisUrl ?? MACHINE_REDIS_URL;
  const plan = await planRedis({
    installed,
    useMachineRedis: o.useMachineRedis ?? false,
    machineUrl,
    machine: o.redisFacts,
    ask: o.ask,
    t,
  });
  const lines: string[] = [];
  let persist = async (): Promise<void> => {};
  if (plan.choice === 'own') {
    const server = o.redisServer;
    if (!server) throw new AppError('service_redis_server_missing', t.t('run.service.redis_server_missing'));
    lines.push(t.t('run.service.redis_own', { server, dir: OWN_REDIS.data, socket: OWN_REDIS.socket }));
    if (await o.redisFacts(machineUrl))
      lines.push(t.t('run.service.redis_machine_unused', { url: machineUrl }));
  } else if (plan.choice === 'machine') {
    const facts = await o.redisFacts(plan.url);
    if (plan.consent) {
      refuseMachineRedis(plan, facts, t);
      persist = async () => {
        const outcome = await o.persistAof(plan.url);
        if (outcome) lines.push(aofOutcomeLine(plan.url, outcome, t));
      };
    } else {
      lines.push(t.t('run.service.redis_machine_kept', { url: plan.url }));
      if (facts && !facts.aof) lines.push(t.t('run.service.redis_machine_kept_aof_off'));
    }
  } else lines.push(t.t('run.service.redis_embedded_kept'));
  return { plan, installed: installed !== undefined, lines, persist };
}

/** pressbridge-redis.service and its redis.conf, from deploy/, as the install writes them. */
export function ownRedisFiles(
  o: Pick<ServiceRedisOptions, 'user' | 'packageRoot' | 'redisServer'>,
): Array<{ path: string; text: string; mode: number }> {
  const read = (file: string) => readFileSync(join(o.packageRoot, 'deploy', file), 'utf8');
  const redisServer = o.redisServer ?? 'redis-server';
  return [
    {
      path: OWN_REDIS.unit,
      text: renderRedisUnit(read('pressbridge-redis.service'), { ...o, redisServer }),
      mode: 0o644,
    },
    { path: OWN_REDIS.conf, text: read('pressbridge-redis.conf'), mode: 0o644 },
  ];
}

/** The real look at, and change of, a Redis: only a look in a dry run (the change is printed). */
export function machineRedisAccess(
  real: boolean,
  say: (line: string) => void,
  t: Translator,
): Pick<ServiceRedisOptions, 'redisFacts' | 'persistAof'> {
  return {
    redisFacts: (url) => withRedisAt(url, readRedisFacts),
    async persistAof(url) {
      if (!real) {
        say(`$ redis-cli -u ${url} CONFIG SET appendonly yes && redis-cli -u ${url} CONFIG REWRITE`);
        return undefined;
      }
      const outcome = await withRedisAt(url, turnOnAofPersistently);
      if (!outcome) throw new AppError('service_redis_down', t.t('run.service.machine_redis_down', { url }));
      return outcome;
    },
  };
}
